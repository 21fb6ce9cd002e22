"""Pointing at the board of ``terra play --screen``: a click on a place lists only the moves at
that place (Enter plays one), a click where no place is lists them all again; Ctrl+O lists the
moves at the place of the move highlighted. The places map a seat points with depends only on
what that seat may see."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest
from textual.containers import ScrollableContainer
from textual.widgets import OptionList, RichLog

import terra
from terra.cli.screen import PlayScreen
from terra.core import GameState
from terra.core.terminal import Cell, place_near
from tests.cli.screens import against_greedy, settled

GAMES: dict[str, dict[str, object]] = {
    "africana": {},
    "africa": {},
    "expedition": {},
    "nile": {"game": 2, "turns": 20},
}


def _state(game: str, seed: int = 3) -> GameState:
    """A new game of two seats, played on (the last legal move each time: Africana's is its
    move of the explorer) until seat 0 has a move at a place drawn on its board."""
    state = terra.game(game).new(2, seed, GAMES[game])
    while not _at_places(state) or state.current_player != 0:
        state.apply(state.legal_actions()[-1])
    return state


def _at_places(state: GameState) -> set[str]:
    """The places drawn on the board of seat 0 that legal moves are at."""
    drawn = set(state.game.terminal_places(state, 0).values())
    return {str(state.place_of(a)) for a in state.legal_actions()} & drawn


def _listed(app: PlayScreen) -> list[str]:
    shown = app.query_one("#moves", OptionList)
    return [str(shown.get_option_at_index(i).id) for i in range(shown.option_count)]


def _visible(app: PlayScreen) -> list[Cell]:
    """The cells of the board (row, column) the pane shows unscrolled."""
    size = app.query_one("#board-box", ScrollableContainer).content_region.size
    return [(row, column) for row in range(size.height) for column in range(size.width)]


def _pointable(places: Mapping[Cell, str], state: GameState, visible: list[Cell]) -> Cell:
    """A cell in sight that shows a place some legal move is at."""
    at = _at_places(state)
    return next(cell for cell in visible if places.get(cell) in at)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_click_on_a_place_lists_its_moves_and_enter_plays_one(game: str) -> None:
    state = _state(game)
    session = against_greedy(state)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            everything = _listed(app)
            scale = app.scales[0] if app.scales else None
            places = state.game.terminal_places(state, 0, scale, prose=app.prose)
            visible = _visible(app)
            row, column = _pointable(places, state, visible)
            place = places[row, column]
            await pilot.click("#board", offset=(column, row))
            at = [state.action_str(a) for a in state.legal_actions() if state.place_of(a) == place]
            assert sorted(_listed(app)) == sorted(at)
            assert place in str(app.query_one("#moves", OptionList).border_title)
            assert app.focused is app.query_one("#moves", OptionList)  # Enter plays from it
            empty = next(cell for cell in visible if place_near(places, cell) is None)
            await pilot.click("#board", offset=(empty[1], empty[0]))
            assert _listed(app) == everything
            await pilot.click("#board", offset=(column, row))
            assert sorted(_listed(app)) == sorted(at)
            played = len(state.history)
            await pilot.press("enter")
            await settled(app)
            assert state.action_str(state.history[played]) == _first(at, everything)
            await pilot.press("ctrl+q")

    asyncio.run(play())


def _first(at: list[str], everything: list[str]) -> str:
    return next(text for text in everything if text in at)


def _moves_at(state: GameState, place: str) -> list[str]:
    return sorted(state.action_str(a) for a in state.legal_actions() if state.place_of(a) == place)


def test_a_click_on_a_scrolled_board_finds_the_place_drawn_there() -> None:
    """Source of the Nile in detail is wider and taller than the pane: scrolled to a place far
    from the top left corner, a click on it lists its moves."""
    state = _state("nile")
    session = against_greedy(state)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            await pilot.press("plus")
            await pilot.pause()
            places = state.game.terminal_places(state, 0, "detail", app.drawn_width, app.prose)
            at = _at_places(state)
            row, column = max((cell for cell, place in places.items() if place in at), key=sum)
            box = app.query_one("#board-box", ScrollableContainer)
            box.scroll_to(x=column - 5, y=row - 5, animate=False)
            await pilot.pause()
            x, y = box.scroll_offset
            assert x > 0 and y > 0  # the place lies out of the unscrolled pane
            await pilot.click("#board-box", offset=(column - x, row - y))
            assert sorted(_listed(app)) == _moves_at(state, places[row, column])
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_ctrl_o_lists_the_moves_at_the_highlighted_moves_place_and_escape_all() -> None:
    """In German, too: the list's title names the place."""
    state = _state("africa")
    session = against_greedy(state, "de")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            everything = _listed(app)
            listed = app.query_one("#moves", OptionList)
            listed.focus()
            await pilot.press("down", "ctrl+o")
            place = state.place_of(state.parse_action(everything[1]))
            assert _listed(app) == _moves_at(state, str(place))
            assert str(listed.border_title) == f"Züge auf {place}"
            await pilot.press("escape")
            assert _listed(app) == everything
            assert str(listed.border_title) == "Deine Züge"
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_a_click_on_a_place_no_move_is_at_says_so_and_lists_every_move() -> None:
    state = _state("africa")
    session = against_greedy(state)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            everything = _listed(app)
            places = state.game.terminal_places(state, 0, prose=app.prose)
            at = _at_places(state)
            row, column = next(c for c in _visible(app) if places.get(c) not in (None, *at))
            await pilot.click("#board", offset=(column, row))
            assert _listed(app) == everything
            log = app.query_one("#log", RichLog)
            assert any(
                f"No moves at {places[row, column]}." in str(line.text) for line in log.lines
            )
            await pilot.press("ctrl+q")

    asyncio.run(play())
