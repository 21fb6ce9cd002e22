"""Expedition's rules as the core plays them: the phases, every move in the fixed order of the
action space, the set-up, the scoring and what each seat may know.

Each move is declared once, in the module of its rulebook chapter; this list fixes their order
in the action space (the order of RL masks: never to be changed), and the core derives from it
the table, the dispatch, the legal actions and the refusals (:mod:`terra.core.moves`). Loading
this module plays :class:`~terra.games.expedition.state.ExpeditionState` by it.
"""

from __future__ import annotations

from terra.core.errors import IllegalAction
from terra.core.moves import Rulebook
from terra.games.expedition import (
    actions,
    building,
    gameplay,
    marking,
    preparation,
    scoring,
    view,
    vouchers,
)
from terra.games.expedition.components import Components
from terra.games.expedition.rulebook import Phase
from terra.games.expedition.state import ExpeditionState


def refuse_out_of_phase(state: ExpeditionState, action: int) -> IllegalAction:
    """Why a move the phase does not offer is refused, by the rule that comes first: the
    marking of destinations before play, then chips only before play, then a card to keep
    only after an exchange, then the card to keep, then the loop arrow."""
    phase = state.phase
    kind = state.tables.kind[action]
    if phase is Phase.MARKING:
        return marking.refuse_before_marking_ends(state, action)
    if kind in (actions.MARK, actions.PASS):
        return marking.refuse_after_marking(state, action)
    if kind == actions.KEEP:
        return vouchers.nothing_to_keep()
    if phase is Phase.KEEPING:
        return vouchers.keep_first(state)
    return building.loop_arrow_first(state)  # LOOP_ARROW: the one phase left with refusals


RULEBOOK: Rulebook[ExpeditionState, Components] = Rulebook(
    title="Expedition",
    phases=Phase,
    moves=(
        gameplay.END_TURN,
        marking.PASS_MARKING,
        vouchers.BUY,
        vouchers.REMOVE,
        marking.MARK,
        vouchers.EXCHANGE,
        vouchers.KEEP,
        building.ARROW,
    ),
    set_up=preparation.set_up,
    space=actions.action_table,
    parse=actions.parse,
    breakdown=scoring.breakdown,
    winners=scoring.winners,
    view=view.view,
    redeal=view.redeal,
    out_of_phase=refuse_out_of_phase,
)

ExpeditionState.bind(RULEBOOK)
