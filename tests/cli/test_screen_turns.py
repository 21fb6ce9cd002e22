"""Turn markers in the full screen's log: a line "— Turn 3: seat 1 (Blue) —" wherever another
seat begins to act, so that the log reads by turns; the board and the log drawn once the bots
have moved, or meanwhile when a bot thinks long."""

from __future__ import annotations

import asyncio
import io
import random
import threading

import pytest
from rich.console import Console
from textual.widgets import Input, RichLog, Static

import terra
from terra.ai.bots import make_bot
from terra.cli.screen import THINKING_DRAW, PlayScreen
from terra.cli.session import Session
from terra.cli.turns import Turns
from terra.core import GameState
from tests.cli.screens import against_greedy, settled


def _lines(app: PlayScreen) -> list[str]:
    return [str(line.text) for line in app.query_one("#log", RichLog).lines]


@pytest.mark.parametrize("game", ["africana", "africa", "expedition", "nile"])
def test_the_turns_found_from_a_record_are_those_noted_as_the_game_went(game: str) -> None:
    """A game resumed (or taken back) numbers its turns as the game did while it was played:
    a new turn wherever the seat to act changed, begun at the log's next entry."""
    state = terra.game(game).new(2, 7)
    rng = random.Random(7)
    noted = Turns()
    seats: list[int] = []
    for _ in range(60):
        if state.is_over:
            break
        noted.note(state)
        seat = state.current_player
        assert seat is not None
        if not seats or seats[-1] != seat:
            seats.append(seat)
        state.play(rng.choice(state.legal_actions()))
    noted.note(state)
    found = Turns.of(state)
    assert found.starts == noted.starts and found.number == noted.number
    assert [seat for _, seat in sorted(found.starts.values())] == seats[: len(found.starts)]
    assert found.number >= len(seats) > 1


def test_the_log_marks_each_turn_with_its_number_and_seat() -> None:
    state = terra.game("africana").new(2, 3)
    quiet = Console(file=io.StringIO())
    session = Session(state, (0,), {1: make_bot("greedy", 1)}, console=quiet, read=input)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            assert _lines(app)[-1] == "— Turn 1: seat 0 (White) —"
            app.query_one("#filter", Input).focus()
            await pilot.press(*"draw", "enter")  # a draw ends Africana's turn
            await settled(app)
            lines = _lines(app)
            second = lines.index("— Turn 2: seat 1 (Blue) —")
            assert any("White" in line for line in lines[1:second])  # seat 0's draw
            assert any("Blue" in line for line in lines[second + 1 : -1])  # the bot's turn
            assert lines[-1] == "— Turn 3: seat 0 (White) —"
            assert sum(line.startswith("— Turn") for line in lines) == 3
            log = app.query_one("#log", RichLog)
            widest = max(line.cell_length for line in log.lines)
            assert widest <= log.scrollable_content_region.width  # long lines are folded
            await pilot.press("ctrl+q")

    asyncio.run(play())


def test_the_turn_markers_speak_german() -> None:
    session = against_greedy(terra.game("africana").new(2, 3), language="de")

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)):
            await settled(app)
            assert _lines(app)[-1] == "— Zug 1: Platz 0 (Weiß) —"

    asyncio.run(play())


class SlowBot:
    """A bot that thinks until the test lets it decide (its first legal move)."""

    name = "slow"

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, state: GameState) -> int:
        assert self.go.wait(30), "the test never let the bot decide"
        return state.legal_actions()[0]


def test_the_board_and_the_log_show_the_moves_so_far_while_a_bot_thinks_long() -> None:
    """A search bot thinking for long: after THINKING_DRAW seconds the board and the log show
    the person's own move while the bot still thinks (no test of the wait itself: how soon a
    loaded machine gets there is not the screen's to promise)."""
    state = terra.game("africana").new(2, 3)
    quiet = Console(file=io.StringIO())
    bot = SlowBot()
    session = Session(state, (0,), {1: bot}, console=quiet, read=input)

    async def play() -> None:
        app = PlayScreen(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(app)
            board = app.query_one("#board", Static)
            before = str(board.render())
            app.query_one("#filter", Input).focus()
            await pilot.press(*"draw", "enter")
            await pilot.pause()
            assert "The bots are thinking" in str(app.query_one("#status").render())
            await pilot.pause(THINKING_DRAW + 0.3)
            assert str(board.render()) != before  # the person's draw, while the bot thinks
            assert any("White draws 2 travel cards" in line for line in _lines(app))
            bot.go.set()
            await settled(app)
            assert _lines(app)[-1] == "— Turn 3: seat 0 (White) —"
            await pilot.press("ctrl+q")

    asyncio.run(play())
