"""Source of the Nile 22.7-22.9 and 25.2 Ranked Awards: the highest peaks and waterfalls, the
largest lakes and the longest rivers, ranked among the published figures and claimed by the
explorers who explored their hexes (decision N155); Game I judges them at a winning publication
(7.0, in :mod:`~.publishing`), and Game II at the end of its turns (30.0, decision N211).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from terra.games.nile.components.tables import HIGHEST_MOUNTAIN, HIGHEST_WATERFALL, LARGEST_LAKE
from terra.games.nile.territory import farthest_from_mouth, lake_of, last_lake_hex

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState


def ranked_awards(state: NileState, explorer: Explorer, publishing: Collection[int]) -> int:
    """22.7-22.9, 25.2: the ranked spectacular discoveries and longest rivers the explorer may
    claim at the moment of a winning publication. They rank on the map as published then, with
    the hexes he publishes now (``publishing``); each is his where he explored its hex,
    published since or not (decision N155)."""
    claims = set(explorer.surveyed)
    if not claims:
        return 0
    tables = state.data.tables
    territory = state.territory
    board = state.data.board
    specialty = explorer.specialty
    published = state.published[:]
    for hex_ in publishing:
        published[hex_] = 1
    total = 0
    figures = ((HIGHEST_MOUNTAIN, territory.peak), (HIGHEST_WATERFALL, territory.waterfall))
    for kind, figure in figures:
        ranking = sorted(
            (h for h in range(board.num_hexes) if figure[h] and published[h]),
            key=lambda h: (-figure[h], h),
        )
        for rank, hex_ in enumerate(ranking[: len(tables.vp_ranked[kind])]):
            if hex_ in claims:
                total += tables.vp_ranked[kind][rank][specialty]
    lakes: dict[int, tuple[int, int]] = {}  # last hex -> (published hexes, miles) (22.8-22.9)
    for hex_ in range(board.num_hexes):
        last = last_lake_hex(territory, board, hex_)
        if last >= 0 and published[last] and last not in lakes:
            size = sum(published[h] for h in lake_of(territory, board, last))
            lakes[last] = (size, territory.lake_miles[last])
    ranking = sorted(lakes, key=lambda h: (-lakes[h][0], -lakes[h][1], h))
    for rank, hex_ in enumerate(ranking[: len(tables.vp_ranked[LARGEST_LAKE])]):
        if hex_ in claims:
            total += tables.vp_ranked[LARGEST_LAKE][rank][specialty]
    rivers = [  # 25.2: the river systems by length, the Nile with its hexes beyond the board
        (far, system, hex_)
        for system in range(len(board.system_names))
        for hex_, far in (farthest_from_mouth(territory, state.data, system, published),)
    ]
    rivers.sort(key=lambda item: (-item[0], item[1]))
    for rank, (_far, _system, hex_) in enumerate(rivers[: len(tables.awards.longest_river)]):
        if hex_ in claims:
            total += tables.awards.longest_river[rank]
    return total


def award_ranks_at_the_end(state: NileState) -> None:
    """30.0 (decision N211): when Game II's turns are over, every explorer gets the ranks he
    claims among the published figures, as if each published then."""
    for seat in range(state.num_players):
        explorer = state.explorers[seat]
        ranked = ranked_awards(state, explorer, ())
        if ranked:
            changed = state.explorer(seat)
            changed.vp += ranked
            changed.vp_by["ranked"] = changed.vp_by.get("ranked", 0) + ranked
            state.emit("ranks-awarded", player=seat, vp=ranked, total=changed.vp)
