"""Source of the Nile 12.0 Lost: the check on entering an unpublished hex never visited, a die
against the Lost number of the hex being left with its modifiers (12.1-12.64); and Source of the
Nile 31.0 Lost in Game II: no loss where a guide was hired (31.2), one more when sick (31.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile.chance import roll
from terra.games.nile.terms import CAUTIOUS, GUIDE, RECKLESS
from terra.games.nile.territory import flow_between

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState

RULE_LOST = "Source of the Nile, 12.0 Lost"


def lost_modifier(state: NileState, explorer: Explorer, activity: int) -> int:
    """12.61-12.64, 31.3: what is added to the die (decision N51: a positive modifier makes
    getting lost less likely): a guide, caution, recklessness, and in Game II sickness."""
    tables = state.data.tables
    party = explorer.party
    modifier = tables.lost_guide if party.guides else 0
    if activity == CAUTIOUS:
        modifier += tables.lost_cautious
    elif activity == RECKLESS:
        modifier += tables.lost_reckless
    if party.explorer_sick and state.game_two:
        modifier += tables.lost_sick
    return modifier


def never_lost_leaving(state: NileState, explorer: Explorer) -> bool:
    """31.2: in Game II an expedition is not lost in the hex where it hired a guide (decision: a
    guide it still has, hired there)."""
    return state.game_two and bool(explorer.party.guides) and explorer.hex in explorer.guide_hexes


def gets_lost(state: NileState, explorer: Explorer, target: int) -> bool:
    """12.1-12.64: entering an unpublished hex never visited; lost on a modified die at or
    under the Lost number of the hex being left (decision N51 on the modifiers); never
    downstream (12.5) nor, in Game II, where a guide was hired (31.2)."""
    tables = state.data.tables
    flow = flow_between(state.territory, state.data.board, explorer.hex, target)
    if flow > 0 or never_lost_leaving(state, explorer):
        return False
    if flow < 0:
        number = tables.lost_upstream
    else:
        number = tables.lost_number[state.territory.terrain[explorer.hex]]
    die = roll(state)
    lost = die + lost_modifier(state, explorer, state.turn.activity) <= number
    state.emit("lost-check", player=state.player, die=die, number=number, lost=lost)
    if lost:
        state.turn.lost = state.turn.stopped = True
        party = explorer.party
        if party.guides:
            party.guides -= 1  # 12.2: a guide deserts
            state.emit("deserted", player=state.player, good=GUIDE, count=1)
    return lost
