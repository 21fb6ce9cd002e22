"""The full screen's layout: Ctrl+B shows the board over the whole window (Escape or Ctrl+B
again brings the log and the moves back) and a narrow window gives the board more room."""

from __future__ import annotations

import asyncio

from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import Footer, OptionList

import terra
from terra.cli.screen import PlayScreen
from terra.cli.session import Session
from tests.cli.screens import against_greedy, settled


def _session(game: str) -> Session:
    return against_greedy(terra.game(game).new(2, 3))


def _maximized(app: PlayScreen) -> Widget | None:
    """The widget shown over the whole window, if any."""
    return app.screen.maximized


def _footer(app: PlayScreen) -> str:
    """The words of the footer's keys."""
    footer = app.query_one(Footer)
    return " ".join(str(key.render()) for key in footer.children)


def test_ctrl_b_shows_the_whole_board_and_escape_brings_the_panes_back() -> None:
    """At 80x24 the 80-column map of Expedition fits the window without sideways scrolling
    once Ctrl+B shows the board alone; Escape (or Ctrl+B) brings the side pane back, and a
    move is played."""
    session = _session("expedition")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            box = app.query_one("#board-box", ScrollableContainer)
            assert app.query_one("#board").size.width == 80
            assert box.max_scroll_x > 0  # beside the side pane the board is cut off
            assert "Log and moves" not in _footer(app)
            await pilot.press("ctrl+b")
            await pilot.pause()
            assert _maximized(app) is box and app.focused is box
            assert box.scrollable_content_region.width >= 80 and box.max_scroll_x == 0
            assert not app.query_one("#side").region.width  # the side pane is not shown
            assert "Log and moves" in _footer(app)
            await pilot.press("escape")
            await pilot.pause()
            assert _maximized(app) is None
            assert app.query_one("#side").region.width >= 30
            assert app.focused is app.query_one("#filter")
            await pilot.press("ctrl+b")
            await pilot.press("ctrl+b")  # again: the panes are back
            await pilot.pause()
            assert _maximized(app) is None
            played = len(session.state.history)
            app.query_one("#moves", OptionList).focus()
            await pilot.press("enter")
            await settled(app)
            assert len(session.state.history) > played
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_an_undo_while_the_board_fills_the_window_keeps_it_there() -> None:
    session = _session("africa")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            app.query_one("#moves", OptionList).focus()
            await pilot.press("enter")
            await settled(app)
            assert session.state.history
            await pilot.press("ctrl+b", "ctrl+z")
            await settled(app)
            assert session.state.history == []
            box = app.query_one("#board-box")
            assert _maximized(app) is box and app.focused is box
            await pilot.press("escape")
            assert app.focused is app.query_one("#filter")
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_a_narrow_window_gives_the_side_pane_30_columns() -> None:
    """Under 100 columns the side pane takes 30 columns; a wide window shares it 3 to 2."""
    session = _session("africana")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            side, box = app.query_one("#side"), app.query_one("#board-box")
            assert side.region.width == 30 and box.region.width == 50
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            assert side.region.width == 48 and box.region.width == 72
            await pilot.press("ctrl+q")

    asyncio.run(play())
