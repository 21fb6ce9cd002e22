"""Source of the Nile, Game I, as the core plays it: the phases (:mod:`~.phases`) and every
move, declared in the modules of their chapters, in the fixed order of the action space.
"""

from __future__ import annotations

from terra.core.errors import IllegalAction
from terra.core.moves import Rulebook
from terra.games.nile import (
    defeat,
    discoveries,
    encounters,
    journey,
    negotiation,
    publishing,
    rules,
    turns,
    upkeep,
    victory,
    view,
)
from terra.games.nile.actions import KIND_NAMES, ActionTable, build_table, parse
from terra.games.nile.components import Components
from terra.games.nile.loads import per_decision
from terra.games.nile.phases import RULE_TURN, Phase
from terra.games.nile.state import NileState


def _out_of_phase(state: NileState, action: int) -> IllegalAction:
    """8.0: an action that is not a decision of this moment."""
    return IllegalAction(
        f"{state.tables.text[action]!r} is not a decision of this moment; now: {state.phase.label}",
        RULE_TURN,
    )


def _breakdown(state: NileState, seat: int) -> dict[str, int]:
    return publishing.breakdown(state.explorers[seat])


RULEBOOK: Rulebook[NileState, Components] = Rulebook(
    title="Source of the Nile",
    phases=Phase,
    moves=(
        turns.DONE,
        journey.RETREAT,
        journey.STAY,
        negotiation.OFFER_EVERYTHING,
        victory.RELEASE,
        victory.KEEP,
        victory.LOOT,
        upkeep.DIG,
        rules.SAIL_FOR_EUROPE,
        publishing.PUBLISH,
        publishing.PUBLISH_ALL_BUT_HEXES,
        rules.COLLECT,
        upkeep.RETIRE,
        journey.CARRY,
        journey.STOP,
        rules.COUNTER,
        rules.SAIL_TO,
        rules.CHOOSE_SPECIALTY,
        rules.BUY,
        journey.ACTIVITY,
        journey.MOVE,
        journey.TRAVEL,
        encounters.POLICY,
        negotiation.OFFER,
        negotiation.TRADE,
        defeat.ESCAPE,
        upkeep.LEAVE,
        upkeep.CACHE,
        discoveries.LEAVE_FIND,
        upkeep.SHOOT,
        upkeep.TAKE,
        encounters.INTERVIEW,
        upkeep.CACHE_FIND,
        upkeep.LEAVE_SICK,
        publishing.PUBLISH_PART,
    ),
    set_up=rules.set_up,
    breakdown=_breakdown,
    winners=rules.winners,
    view=view.view,
    redeal=view.redeal,
    parse=parse,
    space=build_table,
    out_of_phase=_out_of_phase,
    scope=per_decision,
)
if tuple(move.name for move in RULEBOOK.moves) != KIND_NAMES:
    raise ValueError("Source of the Nile: the moves are not in the order of actions.KIND_NAMES")
NileState.bind(RULEBOOK)


def action_table(data: Components) -> ActionTable:
    """The action table of ``data`` (built once per data set)."""
    table = RULEBOOK.action_space(data)
    assert isinstance(table, ActionTable)
    return table
