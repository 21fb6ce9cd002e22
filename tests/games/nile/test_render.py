"""Source of the Nile in the terminal: the map and the sheet as a seat sees them, and the log
in plain English (nile.render, nile.render_map, locale/en.toml)."""

from __future__ import annotations

import io
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import terra
from terra.games.nile import GAME, logistics
from terra.games.nile.display import mapboard
from terra.games.nile.display.log import catalog, describe
from terra.games.nile.display.render import render
from terra.games.nile.state import NileState
from tests.pointing import shown_at_places

SOURCE = Path(terra.__file__).parent / "games" / "nile"


def random_game(seed: int, players: int = 2, actions: int = 3000) -> NileState:
    """A seeded game between random players, ``actions`` actions long at most."""
    state = GAME.new(players, seed, {})
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@cache
def long_games() -> tuple[NileState, ...]:
    return tuple(random_game(seed, players) for seed in range(4) for players in (1, 2, 3))


def screen(state: NileState, seat: int | None) -> str:
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render(state, seat))
    return console.export_text()


class TestTheLog:
    def test_every_key_the_engine_emits_has_a_sentence(self) -> None:
        emitted = set()
        for path in SOURCE.glob("*.py"):
            emitted |= set(re.findall(r'emit\(\s*"([a-z-]+)"', path.read_text("utf-8")))
        assert len(emitted) > 40
        assert emitted <= set(catalog()["event"])

    def test_every_event_of_long_random_games_is_described_without_raw_arguments(
        self,
    ) -> None:
        seen = set()
        for state in long_games():
            for seat in (None, *range(state.num_players)):
                for event in state.log(seat):
                    text = describe(event, state.data)
                    seen.add(event["key"])
                    assert "{" not in text and "'player'" not in text, text
        assert {"moved", "lost-check", "bought", "upkeep", "disaster-drawn"} <= seen

    def test_dice_and_cards_are_shown_as_they_happen(self) -> None:
        lost = {"key": "lost-check", "args": {"player": 1, "die": 2, "number": 3, "lost": True}}
        assert describe(lost) == (
            "Lost check for Blue: the die shows 2 against lost number 3: lost for the turn."
        )
        drawn = {"key": "disaster-drawn", "args": {"player": 0, "card": 26}}
        assert describe(drawn) == "Red draws Event card 27 for disaster."
        battle = {"key": "battle", "args": {"player": 0, "ambush": True, "dice": 8, "won": False}}
        assert "ambush" in describe(battle) and "8" in describe(battle)

    def test_the_discovery_seen_is_worded_only_for_its_explorer(self) -> None:
        state = GAME.new(2, 1, {})
        names = state.data.tables.special_names
        event = {"key": "counter-seen", "args": {"player": 0, "counter": 3, "discovery": 1}}
        assert names[1] in describe(event, state.data)
        hidden = {"key": "counter-seen", "args": {"player": 0, "counter": 3}}
        text = describe(hidden, state.data)
        assert not any(name in text for name in names)
        assert "discovery counter 4" in text

    def test_private_arguments_never_reach_the_other_seats_sentences(self) -> None:
        checked = 0
        for state in long_games():
            board = state.data.board
            names = state.data.tables.special_names
            for index, event in enumerate(state.events):
                key, args = event["key"], event["args"]
                if key not in ("port-chosen", "counter-seen"):
                    continue
                secret = (
                    board.port_names[args["port"]]
                    if key == "port-chosen"
                    else (names[args["discovery"]] if args["discovery"] >= 0 else "false trail")
                )
                for seat in range(state.num_players):
                    (seen,) = state.log(seat, index)[:1]
                    text = describe(seen, state.data)
                    assert (secret in text) == (seat == args["player"]), text
                    checked += 1
        assert checked > 10


class TestTheMap:
    def test_the_screen_fits_eighty_columns(self) -> None:
        for state in long_games()[:3]:
            for seat in (None, 0):
                lines = screen(state, seat).splitlines()
                assert max(len(line.rstrip()) for line in lines) <= 80

    def test_every_hex_id_reads_off_the_numbers_at_its_column_and_row(self) -> None:
        """Source of the Nile, 4.1: a hex is named by its id, column then row. On the whole map
        the id of any hex is the column number over it (and under the map) and the row number
        on either side of its row."""
        state = GAME.new(2, 3, {})
        board = state.data.board
        text = mapboard.africa_map(state.view(0), board, 0).plain.splitlines()
        top, bottom = text[0], text[board.rows + 1]
        for hex_ in range(0, board.num_hexes, 7):
            row, col = board.row[hex_], board.col[hex_]
            line = text[1 + row]
            x = 3 + 2 * col
            assert top[x : x + 2] == bottom[x : x + 2] == board.hex_ids[hex_][:2]
            assert line[:2] == line[3 + 2 * board.columns + 1 :].strip() == board.hex_ids[hex_][2:]
            assert line[x] != " "

    def test_every_port_shows_its_key_and_is_listed_with_its_name_and_hex(self) -> None:
        """Source of the Nile, 4.1: explorers land at the ports; each shows a key of two
        letters on the map, and the list under it gives its name (as moves type it) and hex."""
        state = GAME.new(2, 3, {})
        board = state.data.board
        text = mapboard.africa_map(state.view(0), board, 0).plain
        keys = mapboard.port_keys(board)
        assert len(set(keys)) == board.num_ports
        lines = text.splitlines()
        for port, (key, name) in enumerate(zip(keys, board.port_names, strict=True)):
            hex_ = board.port_hex[port]
            assert lines[1 + board.row[hex_]][3 + 2 * board.col[hex_] :].startswith(key)
            assert f"{key} {name} {board.hex_ids[hex_]}" in text
            assert board.hex(name) == hex_  # the name is one the notation reads
        assert keys[board.port("Khartoum")] == "Kh" and keys[board.port("Port Elizabeth")] == "PE"

    def test_in_detail_every_hex_shows_its_id_and_every_port_its_name(self) -> None:
        """At the detail scale each hex writes its id over its mark, odd columns half a hex
        lower as on the board, and the ports' names stand beside them."""
        state = GAME.new(2, 3, {})
        board = state.data.board
        text = mapboard.africa_map(state.view(0), board, 0, "detail").plain
        lines = text.splitlines()
        for hex_ in range(board.num_hexes):
            x = mapboard.detail_column(board, hex_)
            y = 2 * board.row[hex_] + board.col[hex_] % 2
            assert lines[y][x : x + 4] == board.hex_ids[hex_]
        khartoum = board.port_hex[board.port("Khartoum")]
        x = mapboard.detail_column(board, khartoum)
        y = 2 * board.row[khartoum] + board.col[khartoum] % 2
        assert lines[y + 1][x + 1 : x + 3] == "Kh"
        shown = "\n".join(lines[: 2 * board.rows + 1])
        beside = [name for name in board.port_names if name in shown]
        inland = {"Khartoum"}  # up the Nile, no sea beside it
        assert set(board.port_names) - inland <= set(beside)

    def test_every_hex_is_pointed_at_where_it_is_drawn(self) -> None:
        """The places map (what a click on the full screen finds) puts each hex where the
        board draws it: on the whole map under its column's number and on its row's line; in
        detail on its id and its mark, and a port's name beside it points at its hex."""
        state = GAME.new(2, 3, {})
        board = state.data.board
        whole = shown_at_places(state, 0, "whole")
        ruler = mapboard.africa_map(state.view(0), board, 0).plain.splitlines()[0]
        assert set(whole) == set(board.hex_ids)
        for place, lines in whole.items():
            ((line, x, cell),) = lines
            assert line.startswith(place[2:]) and ruler[x : x + 2] == place[:2]
            assert len(cell) == 2 and cell[0] != " "
        detail = shown_at_places(state, 0, "detail", width=200)
        assert set(detail) == set(board.hex_ids)
        for place, lines in detail.items():
            assert place in lines[0][2] and lines[1][2].strip()
        kilwa = detail[board.hex_ids[board.port_hex[board.port("Kilwa")]]]
        assert any("Kilwa" in text for _, _, text in kilwa)

    def test_a_printed_river_shows_which_way_it_flows(self) -> None:
        state = GAME.new(1, 3, {})
        board = state.data.board
        marks = mapboard.africa_map(state.view(0), board, 0).plain
        nile_hex = board.hex("2503")  # the Nile, printed flowing north past Khartoum
        line = marks.splitlines()[1 + board.row[nile_hex]]
        assert line[3 + 2 * board.col[nile_hex] + 1] == "↑"

    def test_counters_show_their_face_only_to_a_seat_that_knows_it(self) -> None:
        for state in long_games():
            view_of: dict[int, Any] = {s: state.view(s) for s in range(state.num_players)}
            for seat, view in view_of.items():
                marks = mapboard.hex_marks(view, state.data.board, seat)
                shown = {
                    counter["hex"]: counter["discovery"]
                    for counter in view["counters"]
                    if counter["hex"] >= 0
                }
                for hex_, face in shown.items():
                    mark = marks[hex_][0]
                    if mark in mapboard.EXPLORER_MARKS + mapboard.SEVERAL_EXPLORERS + "*":
                        continue
                    expected = (
                        mapboard.UNKNOWN_COUNTER
                        if face is None
                        else mapboard.FALSE_TRAIL
                        if face < 0
                        else mapboard.KNOWN_SPECIAL
                    )
                    assert mark == expected

    def test_explorers_in_africa_stand_on_their_hex_in_their_colour(self) -> None:
        state = GAME.new(3, 2, {})
        rng = random.Random(2)
        while sum(e.in_africa for e in state.explorers) < 2:
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(None)
        marks = mapboard.hex_marks(view, state.data.board, None)
        for seat, explorer in enumerate(state.explorers):
            if explorer.in_africa:
                alone = sum(e.hex == explorer.hex for e in state.explorers if e.in_africa) == 1
                expected = mapboard.colour_mark(seat) if alone else "&"
                assert marks[explorer.hex][0] == expected

    def test_the_map_and_its_legend_fit_eighty_columns(self) -> None:
        state = GAME.new(2, 3, {})
        text = mapboard.africa_map(state.view(0), state.data.board, 0).plain
        assert max(len(line) for line in text.splitlines()) <= 80


class TestTheSheet:
    def test_outfitting_shows_the_money_and_the_prices_of_the_port(self) -> None:
        state = GAME.new(1, 3, {})
        rng = random.Random(0)
        while state.view(0)["phase"] != "outfit":
            state.apply(rng.choice(state.legal_actions()))
        text = screen(state, 0)
        money = state.explorers[0].money
        assert f"${money:,} to spend" in text
        assert "bearer $10" in text

    def test_the_load_is_weighed_against_the_capability(self) -> None:
        state = GAME.new(2, 5, {})
        rng = random.Random(5)
        while not (state.explorers[0].in_africa and state.explorers[0].party.bearers):
            state.apply(rng.choice(state.legal_actions()))
        explorer = state.explorers[0]
        tables = state.data.tables
        load = logistics.portage_cost(explorer.party, explorer.mode, tables)
        capability = logistics.transport_capability(explorer.party, explorer.mode, tables)
        assert f"Load {load} against a capability of {capability}" in screen(state, 0)

    @pytest.mark.parametrize("seat", [None, 0, 1])
    def test_every_explorer_is_in_the_points_table(self, seat: int | None) -> None:
        state = long_games()[4]
        text = screen(state, seat)
        for other in range(state.num_players):
            name = ("Red", "Blue", "Yellow")[other]
            assert re.search(rf"{name}.* {state.explorers[other].vp} ", text)


def test_a_donation_of_nothing_reads_so_on_the_sheet() -> None:
    """26.1, 26.6: a card with neither dollars nor a ticket is 'no donation', not a ticket to
    nowhere (Game II deals five to each explorer at the start, 28.0)."""
    state = GAME.new(2, 5, {"game": 2})
    deck = state.data.deck
    blank = next(c for c in range(len(deck.dollars)) if not deck.dollars[c] and not deck.ticket[c])
    ticket = next(c for c in range(len(deck.dollars)) if deck.ticket[c])
    state.explorer(0).donations = [blank, ticket]
    text = screen(state, 0)
    assert f"Donations: no donation, ticket to {deck.ticket[ticket]}" in text
    assert "None" not in text


def test_the_hexes_around_the_explorer_show_a_port_by_its_key() -> None:
    """Around the explorer, a port reads as on the map: its key, not a bare mark."""
    state = GAME.new(1, 3, {})
    board = state.data.board
    khartoum = board.port_hex[board.port("Khartoum")]
    beside = next(h for h in range(board.num_hexes) if khartoum in board.neighbours[h])
    view = state.view(0)
    view["explorers"][0]["hex"] = beside  # the line as it reads beside Khartoum
    line = mapboard.neighbours_line(view, board, 0).plain
    assert "Kh" in line and "*" not in line
