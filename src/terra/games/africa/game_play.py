"""Africa, Game Play; Africa, General Rules - The Sequence of Actions.

Turns go clockwise; a turn is A. once, or B. twice (once in the Simple Game Variant); a player
may perform no action (``pass``). How researchers move is :mod:`~terra.games.africa.movement`;
the five actions are :mod:`~terra.games.africa.uncovering`, :mod:`~terra.games.africa.animals`
and :mod:`~terra.games.africa.camps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.moves import Always, Move, allowed, fixed
from terra.games.africa.actions import PASS
from terra.games.africa.rulebook import RULE_SEQUENCE, Phase

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

ROUNDS = 2  # Game Play: B. twice (move, then act)
SIMPLE_ROUNDS = 1  # Simple Game Variant: one move and one action

# Read once: every action ends here, and on Python 3.11 ``Phase.TURN`` is looked up through
# the enum class's ``__getattr__`` hook, several times slower than a module's name.
_TURN = Phase.TURN


def end_action(state: AfricaState) -> None:
    """Africa, Game Play: B. is done twice (once in the Simple Game Variant); then the turn
    passes clockwise."""
    state.phase = _TURN
    state.pending = -1
    state.moving = 0
    state.round += 1
    state.steps = 0
    if state.round >= state.rounds:
        end_turn(state)


def end_turn(state: AfricaState) -> None:
    """Africa, Game Play: play proceeds clockwise."""
    state.turn += 1
    state.round = 0
    state.steps = 0
    state.phase = _TURN
    state.player = (state.player + 1) % state.num_players


# --- The Sequence of Actions: no action --------------------------------------------------------


def pass_action(state: AfricaState) -> None:
    """Africa, General Rules - The Sequence of Actions: a player may perform no action."""
    state.emit("pass", player=state.player)
    end_action(state)


NO_ACTION = Move(
    name="pass",
    rule=RULE_SEQUENCE,
    notation=fixed("pass"),
    offer=Always(PASS),  # in a turn, no action is always a choice
    explain=allowed,
    effect=pass_action,
)
