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

    def test_every_hex_is_two_characters_under_its_column_number(self) -> None:
        state = GAME.new(2, 3, {})
        text = mapboard.africa_map(state.view(0), state.data.board, 0).plain.splitlines()
        board = state.data.board
        khartoum = board.port_hex[board.port("Khartoum")]
        row, col = board.row[khartoum], board.col[khartoum]
        line = text[2 + row]
        assert line.startswith(f"{row + 1:02d} ")
        assert line[3 + 2 * col] == mapboard.PORT_MARK
        tens, units = text[0][3 + 2 * col], text[1][3 + 2 * col]
        assert f"{tens}{units}" == board.hex_ids[khartoum][:2]

    def test_a_printed_river_shows_which_way_it_flows(self) -> None:
        state = GAME.new(1, 3, {})
        board = state.data.board
        marks = mapboard.africa_map(state.view(0), board, 0).plain
        nile_hex = board.hex("2503")  # the Nile, printed flowing north past Khartoum
        line = marks.splitlines()[2 + board.row[nile_hex]]
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

    def test_the_legend_fits_beside_the_map(self) -> None:
        assert all(len(line.plain) <= mapboard.LEGEND_WIDTH for line in mapboard.legend_lines())


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
