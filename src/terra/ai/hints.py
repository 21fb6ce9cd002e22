"""Hints for a person: the search's best moves, each with its share of the search, its expected
result and a reason in words from the game's evaluation.

The search is IS-MCTS for the seat to act, so a hint never tells what that seat cannot know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.ai.tree import Choice
from terra.core.state import GameState

HINT_BUDGET = Budget(iterations=600)
SHOWN = 3
WORLDS = 8  # redeals over which a move's estimate is averaged for its reason


@dataclass(frozen=True)
class Hint:
    """One suggested move."""

    action: int
    text: str
    share: float  # of the search's visits among the legal moves
    value: float  # expected return, in the range of returns()
    points: float  # the evaluation's points for the seat once the move's turn is played out
    change: float  # ... less its points now
    rival: float | None  # the best other seat's points then (None: a game alone)

    @property
    def reason(self) -> str:
        """The figures in words."""
        text = f"the evaluation puts you at {self.points:.1f} points ({self.change:+.1f} this turn)"
        if self.rival is not None:
            text += f", the best rival at {self.rival:.1f}"
        return text


def hints(
    state: GameState, budget: Budget = HINT_BUDGET, seed: int = 0, shown: int = SHOWN
) -> list[Hint]:
    """The ``shown`` moves the search likes best for the seat to act, best first."""
    assert state.current_player is not None, "the game is over"
    return _hinted(state, IsmctsBot(seed, budget).analyse(state)[:shown], seed)


def _hinted(state: GameState, choices: list[Choice], seed: int) -> list[Hint]:
    """The search's ``choices`` at ``state`` as hints, each with its figures and reason."""
    rng = random.Random(seed)
    text = state.action_str
    return [
        Hint(c.action, text(c.action), c.share, c.value, *_figures(state, c.action, rng))
        for c in choices
    ]


@dataclass(frozen=True)
class Review:
    """A decision looked at again: the search's best moves there, and the move played."""

    seat: int
    played: str
    best: list[Hint]
    value: float | None  # the played move's expected return (None: the search never tried it)
    share: float  # ... and its share of the search

    @property
    def cost(self) -> float | None:
        """How much less the played move is expected to return than the search's best."""
        return None if self.value is None else max(0.0, self.best[0].value - self.value)


def review(state: GameState, played: int, budget: Budget = HINT_BUDGET, seed: int = 0) -> Review:
    """The decision at ``state`` looked at again: what the search makes of the move
    ``played`` there, beside its own favourites (:func:`hints`)."""
    seat = state.current_player
    assert seat is not None, "the game is over"
    every = IsmctsBot(seed, budget).analyse(state)
    mine = next((c for c in every if c.action == played), None)
    return Review(
        seat,
        state.action_str(played),
        _hinted(state, every[:SHOWN], seed),
        None if mine is None else mine.value,
        0.0 if mine is None else mine.share,
    )


def _figures(
    state: GameState, action: int, rng: random.Random
) -> tuple[float, float, float | None]:
    """What the game's estimate makes of the move once the turn it belongs to is played out by
    the rollout policy, averaged over redeals of what the seat cannot know."""
    evaluator = state.game.evaluator()
    seat = state.current_player
    assert seat is not None
    now = evaluator.estimate(state, seat)
    mine = rival = 0.0
    for _ in range(WORLDS):
        world = state.sample_hidden(seat, rng)
        world.apply(action)
        while not world.is_over and world.current_player == seat:
            world.apply(evaluator.rollout_action(world, rng))
        estimates = [evaluator.estimate(world, s) for s in range(world.num_players)]
        mine += estimates[seat]
        rival += max((e for s, e in enumerate(estimates) if s != seat), default=0.0)
    mine /= WORLDS
    rival /= WORLDS
    return mine, mine - now, rival if state.num_players > 1 else None
