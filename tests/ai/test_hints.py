"""Hints: the search's three best moves with their share, expected result and a reason, for
every registered game, and the ``hint`` command of ``terra play``."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import terra
from terra.ai.budget import Budget
from terra.ai.hints import hints
from terra.cli.main import app
from tests.ai.positions import decisions, player_counts

FEW = Budget(iterations=60)


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_hints_are_the_best_legal_moves_with_figures_and_reasons(game_id: str) -> None:
    for state in decisions(game_id, 2)[:3]:
        before = state.clone()
        found = hints(state, FEW, seed=1)
        assert state == before
        assert 1 <= len(found) <= 3
        assert len({h.action for h in found}) == len(found)
        shares = [h.share for h in found]
        assert shares == sorted(shares, reverse=True) and sum(shares) <= 1 + 1e-9
        for hint in found:
            assert hint.action in state.legal_actions()
            assert hint.text == state.action_str(hint.action)
            assert -1.0 <= hint.value <= 1.0
            assert hint.reason.startswith("the evaluation puts you at ")


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_a_hint_tells_nothing_the_seat_cannot_know(game_id: str) -> None:
    """The hints of a seat, their figures and their reasons, are the same on redeals of what
    that seat cannot see: a hint is a text a seat makes the program produce, like a refusal."""
    game = terra.game(game_id)
    rng = random.Random(3)
    for players in player_counts(game):
        for state in decisions(game_id, players):
            seat = state.current_player
            assert seat is not None
            told = hints(state, FEW, seed=2)
            for _ in range(2):
                assert hints(state.sample_hidden(seat, rng), FEW, seed=2) == told


def test_play_answers_hint_with_three_moves() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "expedition", "-p", "2", "--seed", "4", "--bots", "greedy", "--no-save"],
        input="hint\nquit\n",
    )
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if " (expected " in line]
    assert [line[:3] for line in lines] == ["1. ", "2. ", "3. "]
