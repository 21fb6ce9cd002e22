"""Source of the Nile 21.0 Return to Europe: the voyage from a port (21.4), retirement (21.2)
and death (21.3); the moves ``sail for Europe`` and ``retire``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, allowed, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE, TO_EUROPE, Explorer
from terra.games.nile.joint import disband, leave
from terra.games.nile.phases import MOVING, RULE_EUROPE
from terra.games.nile.sequence import end_turn
from terra.games.nile.territory import erase

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def sail_for_europe(state: NileState) -> None:
    """21.4: from a port, the turn after arriving; the voyage takes a full turn."""
    explorer = state.explorer(state.player)
    explorer.status = TO_EUROPE
    disband(state, state.player, TO_EUROPE)  # 29.3: the partners sail with him
    state.emit("sailed-for-europe", player=state.player, hex=explorer.hex)
    end_turn(state)


def explain_sail_for_europe(state: NileState) -> IllegalAction | None:
    """21.4: from a port, the turn after entering it."""
    explorer = state.explorers[state.player]
    if explorer.status != IN_AFRICA or state.data.board.port_of[explorer.hex] < 0:
        return refusal("not_in_port", "ships for Europe leave only from a port", RULE_EUROPE)
    if not state.turn.started_in_port:
        return refusal(
            "sail_next_turn", "you may sail the turn after entering the port", RULE_EUROPE
        )
    return None


SAIL_FOR_EUROPE = Move(
    name="sail for europe",
    rule="Source of the Nile, 21.4",
    notation=fixed("sail for Europe"),
    offer=checked(offers.every(act.EUROPE), explain_sail_for_europe),
    explain=explain_sail_for_europe,
    effect=sail_for_europe,
)


def retire(state: NileState) -> None:
    """21.2: retirement is the same as death."""
    explorer_dies(state, "retired")


def explorer_dies(state: NileState, how: str) -> None:
    """21.3: unpublished discoveries and awards are lost, hexes only he visited are erased,
    and the player starts a new explorer in Europe at his next turn."""
    bury(state, state.player, how)
    state.encounter = None
    state.phase = MOVING  # the turn ends at once
    end_turn(state)


def bury(state: NileState, seat: int, how: str) -> None:
    """21.3: seat ``seat``'s explorer is dead: what only he knew is lost, and a new explorer
    waits in Europe."""
    leave(state, seat)  # 29.0: the others of a joint expedition go on without him
    explorer = state.explorer(seat)
    board = state.data.board
    others = [e for p, e in enumerate(state.explorers) if p != seat]
    for hex_ in explorer.visited:
        if (
            not state.published[hex_]
            and board.terrain[hex_] != state.territory.terrain[hex_]
            and not any(other.known[hex_] for other in others)
        ):
            erase(state.writable_territory(), board, hex_)
    state.emit("explorer-died", player=seat, how=how)
    fresh = Explorer.new(board.num_hexes, explorer.ident + state.num_players)
    fresh.caches = explorer.caches  # 17.7: caches stay on the map, no longer his (N141)
    fresh.vp = explorer.vp
    fresh.vp_by = explorer.vp_by
    fresh.donations = explorer.donations
    fresh.counters = explorer.counters  # what the player has seen he remembers
    fresh.interviewed = explorer.interviewed
    fresh.status = IN_EUROPE
    state.explorers[seat] = fresh
    state.explorers_owned |= 1 << seat


RETIRE = Move(
    name="retire",
    rule="Source of the Nile, 21.2",
    notation=fixed("retire"),
    offer=offers.always(act.RETIRE),
    explain=allowed,  # 21.2: at any time, for any reason
    effect=retire,
)
