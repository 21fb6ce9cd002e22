"""Source of the Nile 7.0 Victory Conditions and 8.0-8.1 Sequence of Play: the seats' turns in
order, where each begins (8.4, and a voyage to Europe ending, 21.4-21.5), and the end of the
game; and Source of the Nile 30.0 Victory Conditions of Game II (a set number of turns, the
most points win).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile.discoveries import bring_finds_home
from terra.games.nile.explorer import CAPTIVE, IN_EUROPE, TO_EUROPE
from terra.games.nile.party import Party
from terra.games.nile.phases import ACTIVITY, CAPTIVITY, EUROPE, JOINT, OVER, SPECIALTY
from terra.games.nile.ranks import award_ranks_at_the_end
from terra.games.nile.records import Turn

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


RULE_LIMIT = "Source of the Nile, decision N100 (the turn limit)"
RULE_TURNS = "Source of the Nile, 30.0 Victory Conditions (Game II)"


def begin_turn(state: NileState) -> None:
    """8.1, 8.4: the seat's turn starts where its explorer is."""
    explorer = state.explorer(state.player)
    turn = state.turn = Turn()
    if explorer.status == TO_EUROPE:  # 21.4: a full turn at sea, then Europe
        explorer.status = IN_EUROPE
        explorer.hex = -1
        bring_finds_home(state, explorer)
        explorer.party = Party()  # 21.5: the expedition is disbanded
        explorer.journey = []
        state.emit("reached-europe", player=state.player)
    if explorer.status == IN_EUROPE:
        state.phase = SPECIALTY if explorer.specialty < 0 else EUROPE
    elif explorer.status == CAPTIVE:
        state.phase = CAPTIVITY
    else:
        board = state.data.board
        turn.started_in_port = board.port_of[explorer.hex] >= 0
        state.phase = JOINT if explorer.joined >= 0 else ACTIVITY  # 29.3


def end_turn(state: NileState) -> None:
    """8.1: play passes clockwise; after every seat's turn a round is complete."""
    if state.phase == OVER:
        return
    state.encounter = None
    following = (state.player + 1) % state.num_players
    state.player = following
    if following == state.first:
        state.round += 1
        if state.round >= state.turn_limit:
            if state.game_two:
                award_ranks_at_the_end(state)
            end_game(state, RULE_TURNS if state.game_two else RULE_LIMIT)
            return
    begin_turn(state)


def end_game(state: NileState, reason: str) -> None:
    """7.0: the game ends at once when an explorer has published enough; decision N100:
    at the turn limit, the most published points win."""
    state.phase = OVER
    state.emit("game-over", reason=reason, scores=[e.vp for e in state.explorers])


def reached_target(state: NileState, vp: int) -> bool:
    """7.0: whether ``vp`` published points win at once; Game II has no such target (30.0)."""
    return not state.game_two and vp >= state.target


def winners(state: NileState) -> list[int]:
    """7.0: the first to publish the target wins; at the turn limit the most points (N100).
    30.0: in Game II the most points at the end of its turns, ties sharing (alone: any,
    decision N200)."""
    scores = [explorer.vp for explorer in state.explorers]
    if state.game_two:
        best = max(scores)
        if state.num_players == 1:
            return [0] if best > 0 else []
        return [seat for seat, vp in enumerate(scores) if vp == best]
    reached = [seat for seat, vp in enumerate(scores) if vp >= state.target]
    if reached or state.num_players == 1:
        return reached  # 2.1: alone, the explorer wins only against the continent
    best = max(scores)
    return [seat for seat, vp in enumerate(scores) if vp == best]
