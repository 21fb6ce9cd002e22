"""A game's evaluator: what its bots and its searches know of playing it well.

The rules of a game say nothing of good play. A game gives that separately, from its own
``bots`` module, as an :class:`Evaluator` (``Game.evaluator()``): the heuristic player of the
``greedy`` bot, and for a search the worth of a position, the policies that play its rollouts,
the move it leans towards at its root, the moves it weighs there, and the settings of a search
that suit the game (:class:`SearchSettings`). ``terra.ai`` knows a game's play only through
it. Every hook but the heuristic player has a game-agnostic default.

Every hook reads only what the seat it plays or judges may know, so that it gives the same
answer in every ``sample_hidden(seat, ...)`` of a position (the search tests check this).
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Generic, TypeVar

from terra.core.position import Position

S = TypeVar("S", bound=Position)

# The least part of a game ``Evaluator.evaluate`` takes to be left: the end's count still holds
# surprises (hidden cards, ties), so a lead is never treated as certain before the game is over.
LEAST_LEFT = 0.1


class Horizon(Enum):
    """How far into the game a search's tree grows, and where its rollouts stop to judge."""

    ACROSS_TURNS = "across turns"
    """The tree grows into the rivals' turns. A rollout plays ``SearchSettings.rollout_turns``
    turns (changes of the seat to act) at least, then on to the start of the searching seat's
    turn, where the leaf is judged."""

    WITHIN_TURN = "within turn"
    """The tree holds only the searching seat's turn; everything after it is played by the
    rollout policies in each iteration's world, as with ``ACROSS_TURNS``. For turns that are
    long chains of small decisions: below the root, a tree replays in every world the moves
    first chosen in another, so rivals would play for hands they do not hold."""

    OWN_TURN = "own turn"
    """The tree and the rollouts hold only the rest of the searching seat's turn, and a leaf is
    judged as that turn ends: no rival moves in a search. For games whose turns hardly touch one
    another, where the rivals' turns would add only their own luck to a move's value."""


class Worlds(Enum):
    """How a search's root compares its actions over the worlds it samples."""

    FRESH = "fresh"
    """Every iteration plays in a world sampled for it alone."""

    COMMON = "common"
    """The k-th visit of every root action plays in the k-th world sampled, and an action is
    judged against the favourite move on the worlds both have played: where a hidden deal decides
    more of a rollout than the move weighed, actions are compared on the same deals, not on
    their luck."""


@dataclass(frozen=True)
class SearchSettings:
    """The settings of a search that suit a game (``terra.ai.tree.Settings`` may override
    them, except the scale, which belongs to the game's estimates)."""

    # Points of lead in ``Evaluator.estimate`` that make a seat about 73% sure to beat one
    # rival early in the game (see ``Evaluator.evaluate``): the typical margin between good and
    # bad play.
    evaluation_scale: float = 10.0
    horizon: Horizon = Horizon.ACROSS_TURNS
    # Turns a rollout plays at least before it goes on to the searching seat's turn (not with
    # ``Horizon.OWN_TURN``).
    rollout_turns: int = 1
    # The progressive bias towards ``Evaluator.favourite_action`` at the root, in return units:
    # a bonus of greedy_bias / (n + 1) after n visits. Most decisions are near-ties that the
    # search's samples cannot tell apart; there it keeps to the heuristic's plan unless its own
    # figures clearly disagree.
    greedy_bias: float = 2.0
    worlds: Worlds = Worlds.FRESH

    def __post_init__(self) -> None:
        if not self.evaluation_scale > 0:
            raise ValueError(f"evaluation_scale must be positive, not {self.evaluation_scale}")
        if self.rollout_turns < 0 or self.greedy_bias < 0:
            raise ValueError("rollout_turns and greedy_bias must not be negative")


class Evaluator(ABC, Generic[S]):
    """What the bots and the searches of a game over the state type ``S`` know of its play.

    A game subclasses it in its ``bots`` module, implements :meth:`greedy_action`, and overrides
    the other hooks and :attr:`settings` where its play needs them.
    """

    settings: ClassVar[SearchSettings] = SearchSettings()

    @abstractmethod
    def greedy_action(self, state: S, rng: random.Random) -> int:
        """The move of the game's heuristic player (the ``greedy`` bot) for
        ``state.current_player``: the fixed baseline the search bots are measured against."""

    def favourite_action(self, state: S, rng: random.Random) -> int:
        """The move a search leans towards at its root (``SearchSettings.greedy_bias``) and
        tries first there: the best move the game's heuristics know for ``state.current_player``
        (default: the greedy move). A game may lean on a heuristic tuned for search rather than
        the ``greedy`` bot's, which stays the baseline."""
        return self.greedy_action(state, rng)

    def estimate(self, state: S, seat: int) -> float:
        """``seat``'s final score as ``seat`` may foresee it: the running score plus what the
        game's heuristics make of its prospects (default: the running score)."""
        return float(state.scores()[seat])

    def progress(self, state: S) -> float:
        """How far ``state``'s game has gone towards its end, from 0 to 1, as every seat may
        see it, never going back (default 0: the game does not say). :meth:`evaluate` weighs a
        lead by it."""
        return 0.0

    def evaluate(self, state: S) -> list[float]:
        """Each seat's expected return in ``state``, in the range and sum of ``returns()``:
        the value of a leaf where a search's rollout stops.

        A finished game is its returns. Otherwise each seat's share of the victory is a softmax
        of the estimates over ``SearchSettings.evaluation_scale``, narrowed by the square root
        of the part of the game left, and put on the returns' scale (a solitaire game has no
        rival to weigh against: 0).
        """
        if state.is_over:
            return state.returns()
        n = state.num_players
        if n == 1:
            return [0.0]
        # What is left to play can still turn a lead round, about as the square root of its
        # length (a random walk): near the end the same lead is nearly sure to hold, so a
        # leader is drawn to bring the end on, not to stall.
        return win_shares_to_returns(
            [self.estimate(state, seat) for seat in range(n)],
            self.settings.evaluation_scale * math.sqrt(part_left(self.progress(state))),
        )

    def rollout_action(self, state: S, rng: random.Random) -> int:
        """A quick move for the searching seat, ``state.current_player``, in a search's
        rollouts and at its tree's new nodes (default: uniform among the legal actions)."""
        return rng.choice(state.legal_actions())

    def rival_action(self, state: S, rng: random.Random) -> int:
        """The move a search expects of a rival, ``state.current_player`` being another seat
        than its own, in its rollouts and at its tree's new nodes (default:
        :meth:`rollout_action`). A game whose search plays its own turns by a heuristic tuned
        for itself may expect its rivals to play the plain one."""
        return self.rollout_action(state, rng)

    def search_actions(self, state: S) -> tuple[int, ...]:
        """The legal actions a search weighs at its root for ``state.current_player``, the
        favourite move always besides (default: all).

        A game leaves out free bookkeeping moves that neither advance nor end a turn: weighed
        against the move that matters, each is nearly a tie, and a search that picks among
        near-ties by the noise of its samples can shuffle its baggage for ever. None at all
        leaves the decision to the favourite move, which a search bot then plays without
        searching: a part of a compound decision that the heuristic plans as a whole, or one
        whose worth the search's evaluation cannot see.
        """
        return state.legal_actions()


def part_left(progress: float) -> float:
    """The part of a game still to play after ``progress``, never less than ``LEAST_LEFT``."""
    return max(1.0 - progress, LEAST_LEFT)


def win_shares_to_returns(estimates: list[float], scale: float) -> list[float]:
    """Returns from estimated scores: each seat's share of the victory is a softmax of its
    estimate over ``scale``, then scaled as ``GameState.returns`` scales a shared victory.

    >>> [round(v, 3) for v in win_shares_to_returns([12.0, 10.0], 2.0)]
    [0.462, -0.462]
    >>> win_shares_to_returns([5.0, 5.0, 5.0], 1.0)
    [0.0, 0.0, 0.0]
    """
    n = len(estimates)
    factor = n / (n - 1)
    return [factor * (w - 1.0 / n) for w in win_shares(estimates, scale)]


def win_shares(estimates: list[float], scale: float) -> list[float]:
    """Each seat's share of the victory: a softmax of its estimate over ``scale``.

    >>> [round(v, 3) for v in win_shares([12.0, 10.0], 2.0)]
    [0.731, 0.269]
    """
    top = max(estimates)
    weights = [math.exp((e - top) / scale) for e in estimates]
    total = sum(weights)
    return [w / total for w in weights]
