"""Search bots' levels wherever bots are named: ``make_bot``, ``terra simulate``, ``terra play``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from terra.ai import make_bot
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.ai.mcts import MctsBot
from terra.cli.main import app
from terra.core.errors import TerraError

runner = CliRunner()


@pytest.mark.parametrize(
    ("name", "kind", "budget"),
    [
        ("ismcts:2000", IsmctsBot, Budget(iterations=2000)),
        ("ismcts:1s", IsmctsBot, Budget(seconds=1.0)),
        ("ismcts:0.5s", IsmctsBot, Budget(seconds=0.5)),
        ("ismcts:250ms", IsmctsBot, Budget(seconds=0.25)),
        ("mcts:30", MctsBot, Budget(iterations=30)),
        ("ismcts", IsmctsBot, Budget(iterations=1000)),
    ],
)
def test_a_level_is_iterations_or_a_time(name: str, kind: type, budget: Budget) -> None:
    bot = make_bot(name, 3)
    assert isinstance(bot, kind)
    assert isinstance(bot, IsmctsBot | MctsBot)
    assert bot.budget == budget
    again = make_bot(bot.name)  # the name it goes by names it again
    assert isinstance(again, kind) and isinstance(again, IsmctsBot | MctsBot)
    assert again.budget == budget


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ismcts:abc", "bot level 'abc' of ismcts is neither a number of iterations"),
        ("ismcts:", "bot level '' of ismcts is neither"),
        ("ismcts:0", "iterations must be 1 to 10,000,000"),
        ("mcts:-5", "bot level '-5' of mcts is neither"),
        ("ismcts:2.5", "iterations are a whole number"),
        ("ismcts:0s", "a time must be 1ms to 3600s"),
        ("ismcts:2h", "neither a number of iterations"),
        ("ismcts:" + "9" * 500, "is neither"),
        ("greedy:3", "the greedy bot takes no level, not 'greedy:3'"),
        ("wizard:3", "no bot called 'wizard:3'"),
    ],
)
def test_a_bad_level_says_what_is_wrong(name: str, message: str) -> None:
    with pytest.raises(TerraError, match=message.replace("(", r"\(")):
        make_bot(name)


def test_simulate_plays_search_bots_by_level() -> None:
    result = runner.invoke(
        app,
        ["simulate", "expedition", "-n", "1", "--bots", "ismcts:5,mcts:5", "--json"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["completed"] == 1 and report["errors"] == 0
    assert report["bots"] == ["ismcts:5", "mcts:5"]


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_bad_level_on_the_command_line_is_one_line_and_exit_code_2(command: str) -> None:
    result = runner.invoke(app, [command, "africana", "--bots", "ismcts:abc"], input="quit\n")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "bot level 'abc' of ismcts is neither a number of iterations" in result.stderr
    assert result.stderr.startswith(f"terra {command}: error: ")
