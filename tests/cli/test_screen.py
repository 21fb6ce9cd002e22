"""``terra play --screen`` driven headlessly by Textual's pilot: a whole game of each game
against bots, moves chosen from the list and typed into its filter, undo, the record saved
as it goes and the game resumed from it; a screenshot (SVG) of each game at 80x24 and 120x40
for a person to look at."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog

import terra
from terra.cli.play import TableSettings, new_session
from terra.cli.screen import PlayScreen
from terra.cli.session import Session
from terra.cli.turns import Turns
from terra.core import Record
from tests.cli.screens import against_greedy, settled
from tests.web.board_page import screenshot_dir

# Each game at its fewest players.
GAMES: dict[str, dict[str, object]] = {
    "africana": {},
    "africa": {},
    "expedition": {},
    "nile": {"game": 2, "turns": 20},  # the shortest Nile: Game II of 20 turns
}
MOST_DECISIONS = 3000


def _session(game: str, seed: int, record: Path | None = None) -> Session:
    return against_greedy(terra.game(game).new(2, seed, GAMES[game]), record=record)


# The decision after which each whole game is stopped (Ctrl+Q) and resumed from its record.
RESUME_AT = 12


async def _decide(app: PlayScreen, pilot: Pilot[None], rng: random.Random, typed: bool) -> None:
    """One decision of the person: a move of the list chosen with the arrow keys, or (``typed``)
    the first move's notation typed into the filter and played with Enter."""
    listed = app.query_one("#moves", OptionList)
    assert listed.option_count > 0, "the person's turn offers no move"
    if typed:  # the filter's words leave one move, or the list's first: Enter plays it
        first = listed.get_option_at_index(0).id
        assert first is not None
        app.query_one("#filter", Input).focus()
        await pilot.press(*first)
        shown = app.query_one("#moves", OptionList)
        ids = [shown.get_option_at_index(i).id for i in range(shown.option_count)]
        assert first in ids and len(ids) <= len(app.moves)
        if shown.option_count > 1:
            shown.focus()
        await pilot.press("enter")
    else:  # the move before the chosen one highlighted, the chosen one by the arrow key
        listed.focus()
        chosen = rng.randrange(listed.option_count)
        if chosen:
            listed.highlighted = chosen - 1
        await pilot.press(*["down"] * bool(chosen), "enter")
    await settled(app)


async def _undo(app: PlayScreen, pilot: Pilot[None]) -> bool:
    """Ctrl+Z: whether the last decision was taken back (else the log says why not)."""
    before = len(app.session.state.history)
    log = app.query_one("#log", RichLog)
    written = len(log.lines)
    await pilot.press("ctrl+z")
    await settled(app)
    said = " ".join("".join(str(line.text) for line in log.lines[written:]).split())
    if len(app.session.state.history) < before:
        assert "Took back your last decision." in said
        return True
    assert said.startswith("Not allowed: "), said
    return False


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_is_played_on_the_full_screen_with_an_undo_and_a_resume(
    game: str, tmp_path: Path
) -> None:
    """A whole game against a bot (the Nile's shortest, Game II of 20 turns): moves chosen
    from the list or typed, a decision taken back with Ctrl+Z, the game stopped with Ctrl+Q
    after :data:`RESUME_AT` decisions and gone on with from ``--resume`` of the record saved as
    it went, to its end."""
    record = tmp_path / "game.json"
    session = _session(game, 3, record)
    rng = random.Random(3)
    undone = False

    async def first_part() -> None:
        nonlocal undone
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            app.save_screenshot(str(screenshot_dir() / f"screen-{game}-80x24.svg"))
            for decision in range(RESUME_AT):
                assert not session.state.is_over
                await _decide(app, pilot, rng, typed=decision == 1)
                if not undone and decision >= 2:  # until an undo is allowed
                    undone = await _undo(app, pilot)
            await pilot.press("ctrl+q")

    asyncio.run(first_part())
    assert undone, "no decision could be taken back"
    stopped = Record.load(record)
    assert list(stopped.actions) == [session.state.action_str(a) for a in session.state.history]
    settings: TableSettings = {
        "players": 2,
        "seats": "0",
        "bots": "greedy",
        "seed": None,
        "data": None,
        "record": None,
        "resume": record,
    }
    quiet = Console(file=io.StringIO())
    resumed = new_session(game, settings, console=quiet, read=input)
    assert resumed.state.history == session.state.history

    async def second_part() -> None:
        app = PlayScreen(resumed)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            said = "".join(str(line.text) for line in app.query_one("#log", RichLog).lines)
            turn = Turns.of(resumed.state).number  # the turn counted from the game's start
            assert f"— Turn {turn}: seat 0" in said  # the turn the game goes on with
            for _ in range(MOST_DECISIONS):
                if resumed.state.is_over:
                    break
                await _decide(app, pilot, rng, typed=False)
            assert resumed.state.is_over, f"no end after {MOST_DECISIONS} decisions"
            assert "Game over" in str(app.query_one("#status").render())
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            app.save_screenshot(str(screenshot_dir() / f"screen-{game}-120x40.svg"))
            await pilot.press("ctrl+q")

    asyncio.run(second_part())
    saved = Record.load(record)
    assert terra.replay(saved).is_over
    assert list(saved.actions) == [resumed.state.action_str(a) for a in resumed.state.history]
    assert list(saved.actions[: len(stopped.actions)]) == list(stopped.actions)


def test_undo_takes_back_the_last_decision_and_a_refusal_is_said(tmp_path: Path) -> None:
    session = _session("africa", 4)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(app)
            await pilot.press("ctrl+z")  # nothing to take back yet
            log = app.query_one("#log", RichLog)
            said = " ".join(str(line.text) for line in log.lines)  # folded to the pane
            assert "you have made no move yet" in said
            app.query_one("#moves", OptionList).focus()
            await pilot.press("enter")
            await settled(app)
            assert len(session.state.history) == 2  # the person's and the bot's
            await pilot.press("ctrl+z")
            await settled(app)
            assert session.state.history == []
            assert app.query_one("#moves", OptionList).option_count > 0
            app.query_one("#filter", Input).focus()
            await pilot.press(*"start nowhere", "enter")  # not in the list: played as typed
            assert any("Not allowed" in str(line.text) for line in log.lines)
            assert session.state.history == []
            await pilot.press("ctrl+q")

    asyncio.run(play())


@pytest.mark.parametrize("game", ["expedition", "nile"])
def test_plus_and_minus_zoom_the_board_and_the_game_goes_on(game: str) -> None:
    """``+`` shows the board larger (wider than the pane's 80 columns, the pane scrolls),
    ``-`` smaller again; the footer offers both, a filter holding words takes them as text,
    and a move is played at either scale."""
    session = _session(game, 5)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            board = app.query_one("#board")
            whole = board.size.width
            assert whole <= 80
            await pilot.press("plus")
            await pilot.pause()
            assert board.size.width > 80
            app.save_screenshot(str(screenshot_dir() / f"screen-{game}-zoomed-120x40.svg"))
            await pilot.press("plus")  # no larger scale: nothing changes
            await pilot.pause()
            detail = board.size.width
            assert detail > 80
            played = len(session.state.history)
            app.query_one("#moves", OptionList).focus()
            await pilot.press("enter")
            await settled(app)
            assert len(session.state.history) > played
            assert board.size.width == detail  # the board is redrawn at the same scale
            await pilot.press("minus")
            await pilot.pause()
            assert board.size.width == whole
            app.query_one("#filter", Input).focus()
            await pilot.press("x", "minus")
            assert app.query_one("#filter", Input).value == "x-"
            assert board.size.width == whole
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_a_board_of_one_scale_does_not_zoom() -> None:
    """Africa's board is drawn at one scale: ``+`` changes nothing and the move list stays."""
    session = _session("africa", 1)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            assert app.scales == ()
            board = app.query_one("#board")
            width = board.size.width
            app.query_one("#moves", OptionList).focus()
            await pilot.press("plus")
            await pilot.pause()
            assert board.size.width == width and app.zoom == 0
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_ctrl_t_gives_the_hint_in_words_in_the_log(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    session = _session("africa", 4, record)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(app)
            shown = "".join(
                "".join(str(line.text) for line in app.query_one("#log", RichLog).lines).split()
            )
            start = f"Saved as it goes: {record}; go on with: terra play --resume {record}"
            assert shown.startswith("".join(start.split()))  # the log folds long lines
            await pilot.press("ctrl+t")
            await settled(app)
            said = [str(line.text) for line in app.query_one("#log", RichLog).lines]
            hinted = [line for line in said if line.startswith("1. ")]
            assert hinted and ": best (expected " in hinted[0], said
            assert session.state.history == []  # a hint plays nothing
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_the_screen_speaks_german_and_takes_a_move_typed_in_german() -> None:
    session = against_greedy(terra.game("africana").new(2, 3), language="de")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            assert "Du bist am Zug." in str(app.query_one("#status").render())
            assert app.query_one("#moves", OptionList).border_title == "Deine Züge"
            labels = [move.label for move in app.moves]
            assert "Reisekarten ziehen" in labels
            app.query_one("#filter", Input).focus()
            await pilot.press(*"ziehen")
            assert app.query_one("#moves", OptionList).option_count == 1
            await pilot.press("enter")
            await settled(app)
            assert session.state.action_str(session.state.history[0]) == "draw"
            log = " ".join(str(line.text) for line in app.query_one("#log", RichLog).lines)
            assert "Weiß zieht 2 Reisekarten" in log
            await pilot.press("ctrl+q")

    asyncio.run(play())
