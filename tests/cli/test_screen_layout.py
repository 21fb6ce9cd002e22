"""The full screen's layout: Ctrl+B shows the board over the whole window (Escape or Ctrl+B
again brings the log and the moves back) and a narrow window gives the board more room."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import Footer, OptionList, RichLog, Static

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


def _shown_lines(app: PlayScreen) -> list[str]:
    return [line.rstrip() for line in str(app.query_one("#board", Static).render()).split("\n")]


def _heading(lines: list[str]) -> list[str]:
    """The lines above the first empty one: the words above the map."""
    return lines[: lines.index("")]


def test_the_boards_words_fold_at_the_panes_width_and_only_its_map_scrolls() -> None:
    """At 80x24 Expedition's board beside the side pane has its missions and cards folded at
    the pane's width, every word of them shown, while its 80-column map scrolls sideways;
    Ctrl+B folds them at the whole window's width, Escape at the pane's again."""
    session = _session("expedition")
    state = session.state
    whole = Console(width=80, color_system=None, file=io.StringIO())
    with whole.capture() as drawn:
        whole.print(state.game.render_terminal(state, 0))
    heading = " ".join(_heading([line.rstrip() for line in drawn.get().split("\n")])).split()

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            box = app.query_one("#board-box", ScrollableContainer)
            narrow = box.scrollable_content_region.width
            assert app.prose == narrow < 80
            lines = _shown_lines(app)
            words = _heading(lines)
            assert " ".join(words).split() == heading and len(words) > 4
            assert all(len(line) <= narrow for line in words)
            assert max(len(line) for line in lines) > narrow and box.max_scroll_x > 0
            await pilot.press("ctrl+b")
            await pilot.pause()
            assert app.prose is not None and app.prose > narrow
            wide = _heading(_shown_lines(app))
            assert len(wide) < len(words) and max(map(len, wide)) > narrow
            await pilot.press("escape")
            await pilot.pause()
            assert app.prose == narrow and _shown_lines(app) == lines
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_the_log_folds_its_lines_at_its_width_from_the_first(tmp_path: Path) -> None:
    """The first lines of the log (where the game is saved: a long path) are folded at the
    width the log shows, its scrollbar's room kept, so that none is cut at its right edge."""
    state = terra.game("nile").new(2, 3)
    session = against_greedy(state, record=tmp_path / ("a-long-name-for-a-record" * 3 + ".json"))

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            log = app.query_one("#log", RichLog)
            shown = log.scrollable_content_region.width
            assert shown < log.content_region.width  # room for the scrollbar
            assert "a-long-name-for-a-record" * 3 in "".join(line.text for line in log.lines)
            assert all(line.cell_length <= shown for line in log.lines)
            await pilot.press("ctrl+q")

    asyncio.run(play())
