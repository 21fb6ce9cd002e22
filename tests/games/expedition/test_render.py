"""Terminal play: the board shows what the seat may see, and the log reads as English.

The map marks the seat's own destinations and the public missions with the keys of the lists
below it, each player's chips with the player's number, and the routes and ends of the three
expeditions with their letters; a legend line names every mark. Nothing hidden from the seat
(or from a spectator) changes the board it is shown.
"""

from __future__ import annotations

import random
import re

from rich.console import Console

import terra
from terra.games.expedition import ExpeditionState, render
from terra.games.expedition.render import catalog, describe
from terra.games.expedition.view import common_knowledge
from tests.games.expedition import table

GAME = terra.game("expedition")


def text(state: ExpeditionState, seat: int | None) -> str:
    console = Console(width=400, record=True, color_system=None)
    console.print(GAME.render_terminal(state, seat))
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
    shown = text(state, 0)
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


def map_lines(shown: str) -> tuple[list[str], str]:
    """The map's rows (each: edge number, frame, the grid, frame, edge number) and the legend
    line under the map, from a rendered board."""
    lines = shown.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(" +--"))
    rows = lines[top + 1 : top + 1 + render.MAP_HEIGHT]
    assert lines[top + 1 + render.MAP_HEIGHT].startswith(" +--")
    return rows, lines[top + 2 + render.MAP_HEIGHT]


def marks(state: ExpeditionState, rows: list[str], site: int | str) -> set[str]:
    """The characters drawn where a point is (an edge station is drawn on both edges)."""
    point = site if isinstance(site, int) else table.point(state, site)
    return {rows[y][x + 2] for x, y in render.layout(state.data)[point]}


def keyed(line: str) -> dict[str, str]:
    """``{name: key}`` from a list like ``a Persepolis (4 lines), c Babylon (5 lines)``."""
    found = {}
    for key, name in re.findall(r"(?:: |, )(\S) ([^(]+?) \(\d+ lines?", line):
        found[name] = key
    return found


def line_of(shown: str, start: str) -> str:
    """One paragraph of the board, unwrapped (the console is wide enough for it)."""
    return next(line for line in shown.splitlines() if line.startswith(start))


def test_every_point_has_its_own_cell_inside_the_frame() -> None:
    """Expedition, Building Rules - Game Board Edges: the edge stations 1-3 lie on both edges."""
    state = table.new()
    data = state.data
    cells = render.layout(data)
    flat = [cell for point in cells for cell in point]
    assert len(flat) == len(set(flat))
    for point, drawn in enumerate(cells):
        for x, y in drawn:
            assert 0 <= x < render.MAP_WIDTH and 0 <= y < render.MAP_HEIGHT
        if data.wrap[point]:
            assert sorted(x for x, _ in drawn) == [0, render.MAP_WIDTH - 1]
    rows, _ = map_lines(text(state, 0))
    for point in range(data.num_points):
        if data.wrap[point]:
            (_, y), _ = cells[point]
            number = str(data.wrap[point])
            assert rows[y][0] == rows[y][-1] == number


def test_your_destinations_carry_the_keys_of_your_card_list() -> None:
    """Expedition, Research Missions: each player looks for the destinations of their own cards
    on the map; the key beside each card in the list marks its site."""
    state = midgame()
    shown = text(state, 0)
    rows, _ = map_lines(shown)
    keys = keyed(line_of(shown, "Your research cards"))
    names = state.data.point_names
    assert len(keys) == len(state.hand[0]) > 0
    assert len(set(keys.values())) == len(keys)
    ends = set(state.end)
    for card in state.hand[0]:
        key = keys[names[card]]
        assert key in render.OWN_KEYS
        if card not in ends:
            assert marks(state, rows, card) == {key}, names[card]


def test_your_marked_destinations_say_so() -> None:
    """Expedition, Marking Research Destinations: a chip marks one of your own destinations."""
    state = midgame()
    shown = text(state, 0)
    hand = line_of(shown, "Your research cards")
    names = state.data.point_names
    assert any(state.chip[card] == 0 for card in state.hand[0])
    for card in state.hand[0]:
        entry = re.search(re.escape(names[card]) + r" \(\d+ lines?(, your chip)?\)", hand)
        assert entry is not None
        assert (entry[1] is not None) == (state.chip[card] == 0)


def test_the_public_missions_carry_capital_keys() -> None:
    """Expedition, Public Research Missions: six cards lie open beside the board."""
    state = midgame()
    for seat in (0, 1, None):
        shown = text(state, seat)
        rows, _ = map_lines(shown)
        keys = keyed(line_of(shown, "Public missions"))
        names = state.data.point_names
        assert len(keys) == len(state.public) == 6
        for card in state.public:
            key = keys[names[card]]
            assert key in render.PUBLIC_KEYS
            if card not in state.end:
                assert marks(state, rows, card) == {key}


def test_another_seats_chips_show_its_number() -> None:
    """Expedition, Marking Research Destinations: a marked destination is no longer secret;
    the map shows each chip as its player's number."""
    state = midgame()
    chips = [(site, owner) for site, owner in enumerate(state.chip) if owner >= 0]
    assert {owner for _, owner in chips} == {0, 1}
    for seat in (0, 1, None):
        rows, _ = map_lines(text(state, seat))
        for site, owner in chips:
            if site in state.end:
                continue
            if owner == seat:
                assert marks(state, rows, site) <= set(render.OWN_KEYS)
            else:
                assert marks(state, rows, site) == {str(owner + 1)}


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
    with a chip. Another seat's unmarked cards get no key, and changing them changes nothing
    on the board of this seat or of a spectator."""
    state = midgame()
    for seat in (0, None):
        shown = text(state, seat)
        rows, _ = map_lines(shown)
        secret = [c for c in state.hand[1] if state.chip[c] != 1]
        for card in secret:
            assert not marks(state, rows, card) & set(render.OWN_KEYS + render.PUBLIC_KEYS)
        other = hidden_swap(state, seat)
        assert other.hand != state.hand
        assert text(other, seat) == shown


def test_a_spectator_sees_no_hand_and_no_own_keys() -> None:
    """Expedition, Research Missions: nobody's secret missions are shown to a spectator."""
    state = midgame()
    shown = text(state, None)
    rows, legend = map_lines(shown)
    assert "Your research cards" not in shown
    assert "You drew" not in shown
    grid = "".join(row[2:-2] for row in rows)
    assert not set(grid) & set(render.OWN_KEYS)
    assert "yours" not in legend


def test_routes_and_ends_show_by_letter() -> None:
    """Expedition, Building Rules: the three expeditions set out from the start; each point an
    expedition reached shows its colour's letter, its end the capital letter."""
    state = table.playing(2, 0)
    table.walk(state, "red", ["Stockholm", "Moscow", "Ural", "Caspian Sea"])
    table.walk(state, "blue", ["Stockholm", "Kizhi", "Moscow", "Ural"])
    for seat in (0, 1, None):
        rows, legend = map_lines(text(state, seat))
        assert marks(state, rows, "Stockholm") == {"@"}
        assert marks(state, rows, "Kizhi") == {"b"}
        assert marks(state, rows, "Moscow") == {"*"}
        assert marks(state, rows, "Ural") == {"B"}
        assert marks(state, rows, "Caspian Sea") == {"R"}
        assert "*=shared" in legend


def test_the_legend_names_every_mark_and_the_map_fits_100_columns() -> None:
    """Every character on the map is in the legend line under it (spaces and the route lines
    aside); the map, its frame and the legend take at most 100 columns."""
    state = midgame()
    for seat in (0, None):
        shown = text(state, seat)
        rows, legend = map_lines(shown)
        for words in ("o=site", "+=green", "$=red", "@=start", "r,b,y=route", "R,B,Y=end",
                      "A=public", "=chip of P"):  # fmt: skip
            assert words in legend
        assert ("a=yours" in legend) == (seat is not None)
        labels = {label for label, _, _ in render.continent_labels(state.data)}
        grid = "".join(row[2:-2] for row in rows)
        for label in labels:
            grid = grid.replace(label, "")
        assert ("*" in grid) == ("*=shared" in legend)
        explained = set("o+$@rbyRBY*. ") | set(render.PUBLIC_KEYS) | set("123456")
        if seat is not None:
            explained |= set(render.OWN_KEYS)
        assert set(grid) <= explained
        lines = shown.splitlines()
        top = lines.index(rows[0]) - 1
        for line in lines[top : top + render.MAP_HEIGHT + 2]:
            assert 80 <= len(line.rstrip()) <= 100
        assert len(legend) <= 100


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
