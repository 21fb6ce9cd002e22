"""Expedition, Gameplay: turns go clockwise, the oldest player first; a turn places an arrow
(more from green stations, loops and travel vouchers) and ends with ``done``.

How arrows are placed is :mod:`~terra.games.expedition.building`; the travel vouchers are
:mod:`~terra.games.expedition.vouchers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed
from terra.games.expedition.actions import DONE
from terra.games.expedition.game_end import check_game_end
from terra.games.expedition.rulebook import RULE_TURN, Phase

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState


def start_playing(state: ExpeditionState) -> None:
    """Expedition, Gameplay: the oldest player (seat 0) places the first arrow."""
    state.phase = Phase.PLAYING
    state.player = 0
    state.must = 1
    state.emit("turn", player=0)
    check_game_end(state)


def may_end(state: ExpeditionState, out: list[int]) -> None:
    """Expedition, Gameplay: ``done`` once no arrow is due."""
    if not state.must:
        out.append(DONE)


def explain_done(state: ExpeditionState) -> IllegalAction | None:
    """Expedition, Gameplay: the turn may end once no arrow is due (the turn's own arrow,
    arrows bought)."""
    if not state.must:
        return None
    if state.spent == 0 or state.must == 1:
        return refusal(
            "turn_arrow_due",
            "you must still place your arrow for this turn before ending the turn",
            RULE_TURN,
        )
    return refusal("arrows_due", "you must still place an arrow before ending the turn", RULE_TURN)


def end_turn(state: ExpeditionState) -> None:
    """Expedition, Gameplay: the next player in clockwise order takes a turn."""
    state.emit("done", player=state.player)
    state.player = (state.player + 1) % state.num_players
    state.turn += 1
    state.must = 1
    state.may = 0
    state.spent = 0
    state.looped = 0
    state.emit("turn", player=state.player)


END_TURN = Move(
    name="done",
    rule=RULE_TURN,
    notation=fixed("done"),
    offer=may_end,
    explain=explain_done,
    effect=end_turn,
)
