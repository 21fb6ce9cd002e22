"""Source of the Nile, Game II as a campaign (2.3, 30.0): Africa may be explored over several
games, each starting where the last left off.

What the next game keeps of the last (decisions N220-N228): the map as published, with the
rivers, lakes, oases, tribes and spectacular figures drawn in its published hexes, the names
of the finds published (so that none is published twice), and the epic journeys travelled.
Everything an explorer kept to himself is a rumour lost with him (21.32): the hexes he did not
publish are blank again. The explorers, their money, sheets and points, the battles' news and
the tribes' attitudes are the last game's own; the Event deck and the discovery counters are
dealt afresh from the new game's seed, the counters on the hexes still far from the published
map (4.41). The core chains the games' records (:meth:`terra.core.game.Game.follow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import CampaignError
from terra.games.nile import actions as act
from terra.games.nile.components.board import Board
from terra.games.nile.phases import COUNTERS
from terra.games.nile.setup import end_counters
from terra.games.nile.territory import Territory, erase

if TYPE_CHECKING:
    from collections.abc import Sequence

    from terra.games.nile.state import NileState

RULE_CAMPAIGN = (
    "Source of the Nile, 2.3 and 30.0 (Game II may be played as several games, each starting "
    "where the last left off; decision N220)"
)
COUNTER_DISTANCE = 5  # 4.41: a counter five or more hexes from a published hex


def continues_a_campaign(previous: NileState) -> bool:
    """2.3, 30.0 (decision N220): a game of Game II may be continued, finished or stopped."""
    return previous.game_two


def check_campaign(previous: NileState, state: NileState) -> None:
    """2.3, 30.0 (decision N220): only a game of Game II continues, and only a game of Game II."""
    if not continues_a_campaign(previous):
        raise CampaignError(f"the game to continue is a game of Game I: {RULE_CAMPAIGN}")
    if not state.game_two:
        raise CampaignError(f"the next game of a campaign is a game of Game II: {RULE_CAMPAIGN}")


def continue_campaign(previous: NileState, state: NileState) -> None:
    """2.3, 30.0: the fresh Game II ``state`` starts on the map ``previous`` left: what was
    published stays published (N221); the rest of that game stays with it (N223-N228)."""
    check_campaign(previous, state)
    state.territory = published_territory(previous, state.territory.attitude)
    state.territory_owned = True
    state.published = previous.published[:]
    state.published_finds = set(previous.published_finds)
    state.epic_routes = set(previous.epic_routes)  # 25.31: the first to travel (N224)
    state.counter_sites = counter_sites(state.data.board, state.published, state.tables)
    if state.phase == COUNTERS and not state.counter_sites:
        end_counters(state)  # no blank hex left far enough from the map (N222)


def published_territory(previous: NileState, attitude: Sequence[int]) -> Territory:
    """21.32 (decision N221): the map of ``previous`` with every hex it left unpublished
    erased back to the printed board, and the tribes' ``attitude`` the new game's (N225)."""
    board = previous.data.board
    territory = previous.territory.clone()
    for hex_ in range(board.num_hexes):
        if not previous.published[hex_]:
            erase(territory, board, hex_)
    territory.partial = [-1] * board.num_hexes
    territory.attitude = list(attitude)
    return territory


def counter_sites(board: Board, published: bytearray, tables: act.ActionTable) -> tuple[int, ...]:
    """4.41 (decision N222): the COUNTER actions on blank hexes five or more hexes from every
    hex published so far in the campaign."""
    newly = [h for h in range(board.num_hexes) if published[h] and not board.published(h)]
    base = tables.base[act.COUNTER]
    return tuple(
        base + hex_
        for hex_ in board.discovery_sites()
        if not published[hex_]
        and all(board.distance(hex_, other) >= COUNTER_DISTANCE for other in newly)
    )
