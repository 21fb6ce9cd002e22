"""Expedition, Scoring: points with a full breakdown per player, and the winners.

Basic game and Variant A: +1 per mission fulfilled (own or public), +1 per chip taken back,
-1 per research card still in hand, -1 per own chip still on the board; most points wins and a
tie is a shared victory. Variant B: whoever first takes back every chip they placed wins at
once; otherwise most chips taken back, then the fewest lines from the expeditions to the
player's chips still on the board, then a shared victory (a draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

CATEGORIES = ("missions", "chips_back", "cards_in_hand", "chips_on_board")


def breakdown(state: ExpeditionState, player: int) -> dict[str, int]:
    """Expedition, Scoring: every category of one player, and the ``total``. Variant B: the
    chips taken back are the score, and ``lines_to_chips``, the tie-break, comes beside it."""
    if state.options.get("variant_b"):
        back = state.chips_back[player]
        return {"chips_back": back, "lines_to_chips": lines_to_chips(state, player), "total": back}
    parts = {
        "missions": len(state.laid[player]),
        "chips_back": state.chips_back[player],
        "cards_in_hand": -len(state.hand[player]),
        "chips_on_board": -(state.chips_placed[player] - state.chips_back[player]),
    }
    parts["total"] = sum(parts.values())
    return parts


def scores(state: ExpeditionState) -> list[int]:
    """Points (basic game, Variant A) or chips taken back (Variant B): each breakdown's total."""
    return [breakdown(state, p)["total"] for p in range(state.num_players)]


def lines_to_chips(state: ExpeditionState, player: int) -> int:
    """Variant B tie-break: for each of the player's chips still on the board, the fewest lines
    from the nearest expedition end to it, added up."""
    distance = state.data.distance
    ends = state.end
    return sum(
        min(distance[end][site] for end in ends)
        for site, owner in enumerate(state.chip)
        if owner == player
    )


def winners(state: ExpeditionState) -> list[int]:
    """The winning seats after every tie-break (several seats share a victory)."""
    players = range(state.num_players)
    if state.options.get("variant_b"):
        if state.winner >= 0:
            return [state.winner]
        most = max(state.chips_back)
        tied = [p for p in players if state.chips_back[p] == most]
        lines = {p: lines_to_chips(state, p) for p in tied}
        fewest = min(lines.values())
        return [p for p in tied if lines[p] == fewest]
    totals = scores(state)
    best = max(totals)
    return [p for p in players if totals[p] == best]
