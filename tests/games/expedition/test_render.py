"""Terminal play: the board shows what the seat may see, and the log reads as English.

The map shows every point by a key (the whole map) or its name (in detail) and every line between
them; it puts the seat's own destinations in square brackets and the public missions in round
ones, each player's chips as the player's number, and the routes and ends of the three
expeditions as their letters; a legend names every mark. Nothing hidden from the seat (or from a
spectator) changes the board it is shown.
"""

from __future__ import annotations

import itertools
import random
import re

from rich.console import Console

import terra
from terra.games.expedition import ExpeditionState, terminal_map
from terra.games.expedition.render import catalog, describe
from terra.games.expedition.view import common_knowledge
from tests.games.expedition import table
from tests.pointing import shown_at_places

GAME = terra.game("expedition")


def text(state: ExpeditionState, seat: int | None, scale: str | None = None) -> str:
    console = Console(width=400, record=True, color_system=None)
    console.print(GAME.render_terminal(state, seat, scale))
    return console.export_text()


def midgame() -> ExpeditionState:
    state = table.playing(2, 4)
    rng = random.Random(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_board_shows_expeditions_players_missions_and_own_hand() -> None:
    state = midgame()
    shown = text(state, 0)
    for words in ("Expeditions", "arrows left", "Players", "vouchers", "Public missions",
                  "Your research cards", "Research deck", "Recent events"):  # fmt: skip
        assert words in shown
    names = state.data.point_names
    for card in state.hand[0]:
        assert names[card] in shown
    for card in state.public:
        assert names[card] in shown


def test_the_board_hides_the_other_hands() -> None:
    state = midgame()
    shown = "\n".join(
        line for line in text(state, 0).splitlines() if line not in map_and_keys(state, 0)
    )
    names = state.data.point_names
    secret = [c for c in state.hand[1] if state.chip[c] != 1 and c not in state.public]
    shown_elsewhere = set(state.hand[0]) | {c for laid in state.laid for c in laid}
    for card in secret:
        if card not in shown_elsewhere:
            assert names[card] not in shown, names[card]
    spectator = text(state, None)
    assert "Your research cards" not in spectator


def test_every_event_reads_as_a_sentence() -> None:
    keys = set(catalog()["event"])
    seen: set[str] = set()
    for seed in range(6):
        state = table.new(2 + seed % 3, seed, variant_a=seed % 2 == 1)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(state.num_players):
            for event in state.log(seat):
                sentence = describe(event, state.data)
                assert "{" not in sentence and sentence.endswith("."), sentence
                seen.add(event["key"])
        assert GAME.describe_event(state, state.events[-1]).startswith("The game is over")
    assert seen <= keys
    assert keys - seen <= {"loop_blocked", "arrows_blocked", "reject", "pass"}


def test_the_notation_help_names_every_kind_of_action() -> None:
    help_text = GAME.notation_help()
    for words in ("mark", "pass", "voucher arrow", "voucher remove", "voucher exchange", "keep",
                  "done", ">"):  # fmt: skip
        assert words in help_text


# --- the world map ---------------------------------------------------------------------------


def drawn(state: ExpeditionState, seat: int | None, scale: str = "whole") -> list[str]:
    """The map's rows alone, as printed."""
    console = Console(width=400, record=True, color_system=None)
    console.print(terminal_map.world_map(state.view(seat), state.data, scale))
    return console.export_text().splitlines()


def label_at(rows: list[str], label: terminal_map.Label) -> str:
    """The characters of a label's cells: its text with the cell on each side."""
    row = rows[label.y].ljust(label.cells.stop)
    return row[label.cells.start : label.cells.stop]


def marks_of(
    state: ExpeditionState, rows: list[str], point: int, scale: str = "whole"
) -> set[tuple[str, str]]:
    """The marks on the left and right of every copy of a point's label."""
    return {
        (label_at(rows, label)[0], label_at(rows, label)[-1])
        for label in terminal_map.labels(state.data, scale)[point]
    }


def keyed(line: str) -> dict[str, str]:
    """``{name: key}`` from a list like ``Persepolis [Per] (4 lines), Babylon [Bab] (5 lines)``."""
    return dict(re.findall(r"(?:: |, )([^,:]+?) \[(\w+)\] \(\d+ lines?", line))


def map_and_keys(state: ExpeditionState, seat: int | None) -> set[str]:
    """The lines of the board that the map and its list of keys take: every name is there."""
    shown = text(state, seat).splitlines()
    keys = next(i for i, line in enumerate(shown) if line.startswith("Keys:"))
    end = next(i for i in range(keys, len(shown)) if "Expeditions" in shown[i])
    return {line for line in drawn(state, seat)} | set(shown[keys:end])


def key_list(shown: str) -> dict[str, str]:
    """``{key: name}`` from the list under the map: entries two spaces apart or more."""
    rows = shown[shown.index("Keys:") :].splitlines()[1:]
    rows = rows[: next(i for i, row in enumerate(rows) if "Expeditions" in row)]
    entries = [entry for row in rows for entry in re.split(r" {2,}", row.strip())]
    return dict(entry.split(" ", 1) for entry in entries)


def line_of(shown: str, start: str) -> str:
    """One paragraph of the board, unwrapped (the console is wide enough for it)."""
    return next(line for line in shown.splitlines() if line.startswith(start))


def test_every_point_shows_its_key_and_the_keys_are_listed_with_the_names() -> None:
    """Expedition, Building Rules: moves name the points (``red Samarkand > Novosibirsk``);
    each point shows a key of its own on the map, and the list under the map gives the name
    each key stands for, as moves type it."""
    state = midgame()
    data = state.data
    keys = terminal_map.point_keys(data)
    assert len({key.lower() for key in keys}) == data.num_points
    rows = drawn(state, 0)
    shown = text(state, 0)
    listed = key_list(shown)
    for point, key in enumerate(keys):
        for label in terminal_map.labels(data)[point]:
            assert label_at(rows, label)[1:-1] == key
        assert listed[key] == data.point_names[point]
        assert data.point(listed[key]) == point  # the name is one the notation reads
    assert keys[data.start] == "Sto" and keys[table.point(state, "Lake Chad")] == "LCh"


def test_in_detail_every_point_shows_its_full_name() -> None:
    """At the detail scale each label is the point's name, as moves are typed."""
    state = midgame()
    rows = drawn(state, 0, "detail")
    shown = text(state, 0, "detail")
    assert "Keys:" not in shown
    for point, copies in enumerate(terminal_map.labels(state.data, "detail")):
        for label in copies:
            assert label_at(rows, label)[1:-1] == state.data.point_names[point]


def test_no_label_touches_another_and_the_map_fits_its_scale() -> None:
    """Every label keeps a cell free on each side; the whole map fits 80 columns, the detail
    map is larger; an edge station stands on both edges (Expedition, Game Board Edges)."""
    data = table.new().data
    for scale in terminal_map.SCALES:
        size = terminal_map.SCALE_SIZES[scale]
        cells = [
            (x, label.y) for copies in terminal_map.labels(data, scale) for label in copies
            for x in label.cells
        ]  # fmt: skip
        assert len(cells) == len(set(cells))
        assert all(0 <= x < size.columns and 0 <= y < size.rows for x, y in cells)
        for point, copies in enumerate(terminal_map.labels(data, scale)):
            if data.wrap[point]:
                assert sorted(label.cells.start for label in copies)[0] == 0
                assert max(label.cells.stop for label in copies) == size.columns
    assert terminal_map.SCALE_SIZES["whole"].columns == 80
    assert terminal_map.SCALE_SIZES["detail"].columns > 80
    for row in drawn(table.new(), 0):
        assert len(row) <= 80


def test_the_lines_between_the_points_are_drawn() -> None:
    """Expedition, the game board: lines join the points. Each line of the network is drawn
    between its two labels in line characters (or ``x`` where it crosses another), and every
    one of its cells lies between the two points it joins."""
    state = table.new()
    data = state.data
    rows = drawn(state, None)
    placed = terminal_map.labels(data)
    line_marks = set("-|/\\") | {terminal_map.CROSSING}
    drawn_lines = 0
    for line, cells in enumerate(terminal_map.line_cells(data)):
        a, b = data.lines[line]
        xs = [label.centre[0] for label in (*placed[a], *placed[b])]
        ys = [label.y for label in (*placed[a], *placed[b])]
        for x, y in cells:
            assert rows[y][x] in line_marks
            assert min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)
        drawn_lines += bool(cells)
    assert drawn_lines > 0.9 * len(data.lines)
    samarkand, novosibirsk = table.point(state, "Samarkand"), table.point(state, "Novosibirsk")
    cells = terminal_map.line_cells(data)[data.line_between(samarkand, novosibirsk)]
    assert cells and {rows[y][x] for x, y in cells} <= line_marks


def test_routes_show_in_their_colours_letter_and_style() -> None:
    """Expedition, Building Rules: an expedition's arrows lie along the lines; each line an
    expedition took shows its colour's letter (``*`` where several took it), its end the
    capital letter beside its key, and the route's points in its colour."""
    state = table.playing(2, 0)
    table.walk(state, "red", ["Stockholm", "Moscow", "Ural", "Caspian Sea"])
    table.walk(state, "blue", ["Stockholm", "Kizhi", "Moscow", "Ural"])
    data = state.data

    def letters(scale: str, a: str, b: str) -> set[str]:
        line = data.line_between(table.point(state, a), table.point(state, b))
        return {rows[y][x] for x, y in terminal_map.line_cells(data, scale)[line]}

    for seat, scale in itertools.product((0, 1, None), terminal_map.SCALES):
        rows = drawn(state, seat, scale)
        assert letters(scale, "Ural", "Caspian Sea") == {"r"}
        assert "b" in letters(scale, "Kizhi", "Moscow") <= {"b", "*"}
        assert letters(scale, "Moscow", "Ural") <= {"*"}
        assert marks_of(state, rows, table.point(state, "Ural"), scale) == {("+", "B")}
        assert marks_of(state, rows, table.point(state, "Caspian Sea"), scale) == {("$", "R")}
        assert marks_of(state, rows, data.start, scale) == {("@", " ")}
    assert letters("detail", "Moscow", "Ural") == {"*"}
    styled = terminal_map.world_map(state.view(0), data)
    line = data.line_between(table.point(state, "Ural"), table.point(state, "Caspian Sea"))
    x, y = terminal_map.line_cells(data)[line][0]
    offset = sum(len(row) + 1 for row in styled.plain.split("\n")[:y]) + x
    assert styled.plain[offset] == "r"
    assert any(
        span.start <= offset < span.end and "red" in str(span.style) for span in styled.spans
    )


def test_your_destinations_are_in_square_brackets_and_listed_with_their_keys() -> None:
    """Expedition, Research Missions: each player looks for the destinations of their own cards
    on the map; the list gives each card's key, and the map puts it in square brackets."""
    state = midgame()
    shown = text(state, 0)
    rows = drawn(state, 0)
    keys = keyed(line_of(shown, "Your research cards"))
    names = state.data.point_names
    assert len(keys) == len(state.hand[0]) > 0
    ends = set(state.end)
    for card in state.hand[0]:
        assert keys[names[card]] == terminal_map.point_keys(state.data)[card]
        if card not in ends:
            assert marks_of(state, rows, card) == {("[", "]")}, names[card]


def test_your_marked_destinations_say_so() -> None:
    """Expedition, Marking Research Destinations: a chip marks one of your own destinations."""
    state = midgame()
    shown = text(state, 0)
    hand = line_of(shown, "Your research cards")
    names = state.data.point_names
    assert any(state.chip[card] == 0 for card in state.hand[0])
    for card in state.hand[0]:
        entry = re.search(re.escape(names[card]) + r" \[\w+\] \(\d+ lines?(, your chip)?\)", hand)
        assert entry is not None
        assert (entry[1] is not None) == (state.chip[card] == 0)


def test_the_public_missions_are_in_round_brackets() -> None:
    """Expedition, Public Research Missions: six cards lie open beside the board."""
    state = midgame()
    for seat in (0, 1, None):
        shown = text(state, seat)
        rows = drawn(state, seat)
        keys = keyed(line_of(shown, "Public missions"))
        assert len(keys) == len(state.public) == 6
        for card in state.public:
            if card not in state.end:
                assert marks_of(state, rows, card) == {("(", ")")}


def test_another_seats_chips_show_its_number() -> None:
    """Expedition, Marking Research Destinations: a marked destination is no longer secret;
    the map shows each chip as its player's number beside the key."""
    state = midgame()
    chips = [(site, owner) for site, owner in enumerate(state.chip) if owner >= 0]
    assert {owner for _, owner in chips} == {0, 1}
    for seat in (0, 1, None):
        rows = drawn(state, seat)
        for site, owner in chips:
            if site in state.end:
                continue
            if owner == seat:
                assert marks_of(state, rows, site) == {("[", "]")}
            else:
                assert {right for _, right in marks_of(state, rows, site)} == {str(owner + 1)}


def hidden_swap(state: ExpeditionState, seat: int | None) -> ExpeditionState:
    """A copy where an unmarked card of a hand other than ``seat``'s changes places with a deck
    card whose place ``seat`` does not know (a spectator: that somebody does not know)."""
    other = state.clone()
    known = other.known[seat] if seat is not None else common_knowledge(other)
    deck = [i for i, c in enumerate(other.deck) if not (known | other.in_deck) >> c & 1]
    holder = next(q for q in range(other.num_players) if q != seat)
    hand = [i for i, c in enumerate(other.hand[holder]) if other.chip[c] != holder]
    i, j = hand[0], deck[-1]
    other.hand[holder][i], other.deck[j] = other.deck[j], other.hand[holder][i]
    other._legal = None
    return other


def test_the_map_never_shows_another_seats_hidden_cards() -> None:
    """Expedition, Research Missions: missions are secret until fulfilled, except those marked
    with a chip. Another seat's unmarked cards get no brackets, and changing them changes
    nothing on the board of this seat or of a spectator."""
    state = midgame()
    for seat in (0, None):
        shown = text(state, seat)
        rows = drawn(state, seat)
        secret = [c for c in state.hand[1] if state.chip[c] != 1 and c not in state.public]
        for card in secret:
            if seat is None or card not in state.hand[0]:
                assert ("[", "]") not in marks_of(state, rows, card)
        other = hidden_swap(state, seat)
        assert other.hand != state.hand
        assert text(other, seat) == shown
        assert text(other, seat, "detail") == text(state, seat, "detail")


def test_a_spectator_sees_no_hand_and_no_own_destinations() -> None:
    """Expedition, Research Missions: nobody's secret missions are shown to a spectator."""
    state = midgame()
    shown = text(state, None)
    assert "Your research cards" not in shown
    assert "You drew" not in shown
    assert "[" not in "".join(drawn(state, None))
    assert "=yours" not in shown


def test_the_legend_names_every_mark() -> None:
    """Every character beside a label or along a line is in the legend under the map."""
    state = midgame()
    for seat in (0, None):
        shown = text(state, seat)
        for words in ("+=green station", "$=red station", "@=start", "(Key)=public mission",
                      "=chip of P", "KeyR=end", "x=lines cross", "r,b,y="):  # fmt: skip
            assert words in shown
        assert ("[Key]=yours" in shown) == (seat is not None)


def test_the_cards_rejected_at_setup_are_listed_for_everybody() -> None:
    """Expedition, Preparation: a card too close to the start for a public mission goes under
    the deck in front of everybody, so every seat and a spectator see it listed, with its place
    in the deck while nobody has drawn it."""
    state = table.new(2, 5)
    rejected = [e["args"]["card"] for e in state.events if e["key"] == "reject"]
    assert rejected
    names = [state.data.point_names[table.point(state, c)] for c in rejected]
    for seat in (0, 1, None):
        deck = line_of(text(state, seat), "Research deck")
        assert "Seen going under it at setup" in deck
        for name in names:
            assert re.search(re.escape(name) + r" \d+(st|nd|rd|th)\b", deck), name


def test_the_variants_in_play_are_named_under_the_turn() -> None:
    """Expedition, Variant A and Variant B: the board says which rules are in play; with
    Variant B the players' last column is its tie-break, the lines to their chips."""
    plain = text(table.playing(2, 1), 0)
    assert "Variant" not in plain and "lines to chips" not in plain
    both = text(table.playing(2, 1, variant_a=True, variant_b=True), 0)
    head = both.splitlines()[:3]
    assert head[1].startswith("Variant A") and head[2].startswith("Variant B")
    assert "lines to chips" in both


def test_every_point_is_pointed_at_where_its_label_is_drawn() -> None:
    """The places map (what a click on the full screen finds) puts each point on its label, at
    either scale: its key on the whole map, its full name in detail, with the marks beside."""
    state = midgame()
    data = state.data
    keys = terminal_map.point_keys(data)
    for scale, texts, width in (("whole", keys, 80), ("detail", data.point_names, 240)):
        shown = shown_at_places(state, 0, scale, width)
        assert set(data.point_ids) <= set(shown)  # and the expeditions, by colour
        for point, place in enumerate(data.point_ids):
            for _, _, drawn in shown[place]:
                assert drawn[1:].startswith(texts[point])  # the mark on the left, then the text
