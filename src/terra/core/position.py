"""What a game's factory and its evaluator read of a position: the :class:`Position` protocol.

:class:`~terra.core.state.GameState` satisfies it. :class:`~terra.core.game.Game` and
:class:`~terra.core.evaluator.Evaluator` are generic over a state type bound to it, so that the
state's module may name its game without an import circle.
"""

from __future__ import annotations

from typing import Protocol


class Position(Protocol):
    """A position of some game, as the layers below the state contract read it."""

    @property
    def num_players(self) -> int:
        """How many seats play."""
        ...

    @property
    def num_actions(self) -> int:
        """Size of the action space: every action is an int in ``range(num_actions)``."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the current player may take now (empty when the game is over)."""
        ...

    def scores(self) -> list[int]:
        """Each seat's score (final once the game is over, the running count before)."""
        ...

    def returns(self) -> list[float]:
        """Each seat's zero-sum reward (all zeros before the end)."""
        ...
