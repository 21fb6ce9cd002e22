"""Source of the Nile, Game I, as the core plays it: the phases (:mod:`~.phases`) and every
move, declared in the modules of their chapters, in the fixed order of the action space.
"""

from __future__ import annotations

import re

from terra.core.actions import fold_notation
from terra.core.errors import IllegalAction, NotationError, quote, refusal
from terra.core.moves import Rulebook
from terra.games.nile import (
    caches,
    defeat,
    discoveries,
    europe,
    expedition,
    hunting,
    joint,
    journalist,
    movement,
    natives,
    negotiation,
    outfitting,
    publishing,
    sequence,
    setup,
    sickness,
    specialties,
    turns,
    upkeep,
    victory,
    view,
)
from terra.games.nile.actions import KIND_NAMES, ActionTable, build_table
from terra.games.nile.components import Components
from terra.games.nile.loads import per_decision
from terra.games.nile.phases import RULE_TURN, Phase
from terra.games.nile.state import NileState

_HEX_VERB = re.compile(r"^counter (?P<where>.+)$")


_SAIL = re.compile(r"^sail to (?P<where>.+)$")


def parse(state: NileState, text: str) -> int:
    """The action ``text`` names where it is not the notation itself; -1 when it is no action.
    A misspelt hex or port is a :class:`NotationError` that suggests the nearest names."""
    folded = fold_notation(text)
    board = state.data.board
    match = _HEX_VERB.match(folded)
    if match:
        hex_ = board.hexes.find(match["where"])
        return state.tables.find(f"counter {board.hex_ids[hex_]}")
    match = _SAIL.match(folded)
    if match and match["where"] != "europe":
        where = match["where"]
        hex_ = board.hexes.get(where)
        if hex_ < 0 or board.port_of[hex_] < 0:
            ports = ", ".join(board.port_names)
            raise NotationError(f"{quote(where)} is no port; the ports are {ports}")
        return state.tables.find(f"sail to {board.port_names[board.port_of[hex_]]}")
    return -1


def _out_of_phase(state: NileState, action: int) -> IllegalAction:
    """8.0: an action that is not a decision of this moment."""
    return refusal(
        "not_this_moment",
        "'{move}' is not a decision of this moment; now: {phase}",
        RULE_TURN,
        move=state.tables.text[action],
        phase=state.phase.label,
    )


def _breakdown(state: NileState, seat: int) -> dict[str, int]:
    return publishing.breakdown(state.explorers[seat])


RULEBOOK: Rulebook[NileState, Components] = Rulebook(
    title="Source of the Nile",
    phases=Phase,
    moves=(
        turns.DONE,
        movement.RETREAT_BACK,
        movement.STAY,
        negotiation.OFFER_EVERYTHING,
        victory.RELEASE,
        victory.KEEP,
        victory.LOOT,
        caches.DIG,
        europe.SAIL_FOR_EUROPE,
        publishing.PUBLISH,
        publishing.PUBLISH_ALL_BUT_HEXES,
        outfitting.COLLECT,
        europe.RETIRE,
        outfitting.CARRY,
        outfitting.STOP,
        setup.COUNTER,
        setup.SAIL_TO,
        setup.CHOOSE_SPECIALTY,
        outfitting.BUY,
        movement.ACTIVITY,
        movement.MOVE,
        movement.TRAVEL,
        natives.CHOOSE_POLICY,
        negotiation.OFFER,
        negotiation.TRADE,
        defeat.ESCAPE_WITH,
        expedition.LEAVE,
        caches.CACHE,
        discoveries.LEAVE_FIND,
        hunting.SHOOT,
        upkeep.TAKE,
        journalist.INTERVIEW,
        caches.CACHE_FIND,
        sickness.LEAVE_SICK,
        publishing.PUBLISH_PART,
        specialties.KEEP_DIE,
        joint.JOIN,
        joint.SPLIT,
        joint.AGREE,
        joint.REFUSE,
    ),
    set_up=setup.set_up,
    breakdown=_breakdown,
    winners=sequence.winners,
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
