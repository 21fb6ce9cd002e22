"""The full screen for several people at one terminal (hot seat): a cover between two people's
turns hides the board until the next person presses Enter; each person sees their own seat's
board; an undo never takes back another person's decision."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console
from textual.widgets import Input, RichLog, Static

import terra
from terra.ai.bots import make_bot
from terra.cli.screen import PlayScreen
from terra.cli.session import Session
from terra.core import GameState
from terra.core.terminal import Folded
from tests.cli.screens import settled


def _people(state: GameState) -> Session:
    quiet = Console(file=io.StringIO())
    return Session(state, (0, 1), {}, console=quiet, read=input)


def _drawn(state: GameState, seat: int, prose: int | None = None) -> str:
    """The board as ``seat`` sees it, as plain text at the screen's width (its words folded
    at ``prose`` columns, as the board's pane does)."""
    out = io.StringIO()
    board = state.game.render_terminal(state, seat)
    Console(file=out, width=80, color_system=None).print(
        board if prose is None else Folded(board, prose)
    )
    return out.getvalue()


def _shown(app: PlayScreen) -> str:
    return str(app.query_one("#board", Static).render())


def _lines(app: PlayScreen) -> str:
    return " ".join(str(line.text) for line in app.query_one("#log", RichLog).lines)


def _covered(app: PlayScreen, seat: int) -> None:
    """The cover waits for ``seat``: no board, no log, no moves are shown."""
    assert app.covered == seat and app.seat is None
    assert app.query_one("#cover").display and not app.query_one("#table").display
    assert _shown(app) == "" and _lines(app) == "" and app.moves == []
    cover = str(app.query_one("#cover", Static).render())
    assert f"Pass to seat {seat} (" in cover and "press Enter" in cover


def test_a_cover_between_two_people_and_each_sees_their_own_board() -> None:
    state = terra.game("africana").new(2, 5)
    session = _people(state)
    boards = {seat: _drawn(state, seat) for seat in (0, 1)}
    assert boards[0] != boards[1]  # each sees their own hand

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            _covered(app, 0)
            await pilot.press("enter")
            assert app.seat == 0 and app.query_one("#table").display
            assert _shown(app).split() == _drawn(state, 0, app.prose).split()
            app.query_one("#filter", Input).focus()
            await pilot.press(*"move", "enter")
            await pilot.press(*"done", "enter")
            await settled(app)
            assert [state.action_str(a) for a in session.state.history] == ["move", "done"]
            _covered(app, 1)
            await pilot.press("enter")
            assert app.seat == 1
            assert _shown(app).split() == _drawn(session.state, 1, app.prose).split()
            assert _shown(app).split() != _drawn(session.state, 0, app.prose).split()
            await pilot.press(*"move", "enter")
            await pilot.press(*"done", "enter")
            await settled(app)
            _covered(app, 0)
            await pilot.press("enter")
            before = list(session.state.history)
            await pilot.press("ctrl+z")  # seat 1 has decided since seat 0's last move
            assert "seat 1 (Blue) has decided since your last move" in _lines(app)
            assert session.state.history == before
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_a_bot_between_two_people_plays_while_the_last_person_still_sees_their_board() -> None:
    state = terra.game("africana").new(3, 5)
    quiet = Console(file=io.StringIO())
    session = Session(state, (0, 2), {1: make_bot("greedy", 1)}, console=quiet, read=input)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            _covered(app, 0)
            await pilot.press("enter")
            app.query_one("#filter", Input).focus()
            await pilot.press(*"draw", "enter")
            await settled(app)
            assert session.state.current_player == 2
            assert len(session.state.history) == 2  # seat 0's draw and the bot's move
            _covered(app, 2)
            await pilot.press("enter")
            assert app.seat == 2
            assert _shown(app).split() == _drawn(session.state, 2, app.prose).split()
            assert "Blue" in _lines(app)  # the bot's move, in seat 2's log
            await pilot.press("ctrl+q")

    asyncio.run(play())
