"""Source of the Nile: publishing in Europe and the victory points it brings (22-25).

Only published discoveries count (22.1). A hex's terrain, a spectacular discovery, a specimen
and a tribe's name are published once, by whoever publishes first (22.3-22.4, 20.74); friendly
tribes and the other awards are each explorer's own. The ranked awards (the highest mountains
and waterfalls, the largest lakes, the longest rivers) are published only when they give the
win (22.7, 25.21).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from terra.games.nile.events import ANIMAL, PLANT, TRIBE
from terra.games.nile.explorer import Explorer
from terra.games.nile.tables import HIGHEST_MOUNTAIN, HIGHEST_WATERFALL, LARGEST_LAKE
from terra.games.nile.terms import BLANK
from terra.games.nile.territory import (
    EXPLORED,
    farthest_from_mouth,
    lake_of,
    last_lake_hex,
)

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_PUBLISH = "Source of the Nile, 22.0 Publishing"
RULE_VICTORY = "Source of the Nile, 7.0 Victory Conditions"

# Sources of victory points on the score sheet.
SOURCES = (
    "hexes",
    "rivers",
    "oases",
    "tribes",
    "specials",
    "bonuses",
    "awards",
    "journeys",
    "ranked",
)
UNIQUE_FINDS = frozenset({PLANT, ANIMAL, TRIBE})  # 20.74: names published once


def breakdown(explorer: Explorer) -> dict[str, int]:
    """Published victory points by source; ``total`` is the score."""
    found = {source: explorer.vp_by.get(source, 0) for source in SOURCES}
    found["total"] = explorer.vp
    return found


def publishable_hexes(state: NileState, explorer: Explorer) -> list[int]:
    """9.3, 10.293, 22.2-22.4: hexes he visited, fully explored and not yet published."""
    territory = state.territory
    published = state.published
    terrain = territory.terrain
    partial = territory.partial
    return [
        hex_
        for hex_ in explorer.visited
        if not published[hex_] and terrain[hex_] != BLANK and partial[hex_] < 0
    ]


def find_name(state: NileState, explorer: Explorer, card: int) -> str:
    """The name a bonus is published under ("" for finds that are not unique, 20.74)."""
    if card < 0:
        return ""
    bonus = state.data.deck.bonus[card][explorer.specialty]
    if bonus is None or bonus.find not in UNIQUE_FINDS:
        return ""
    return bonus.name


def nothing_to_publish(state: NileState, explorer: Explorer) -> bool:
    """Plainly nothing to publish: no record of finds, friends, awards, news or journeys, and
    no hex to publish, so that :func:`pending` brings nothing from any source."""
    return not (
        explorer.found_counters
        or explorer.finds
        or explorer.new_friends
        or explorer.awards
        or explorer.news
        or explorer.epics
        or publishable_hexes(state, explorer)
    )


def pending(state: NileState, explorer: Explorer, with_hexes: bool = True) -> dict[str, int]:
    """What publishing now would bring, by source (ranked awards aside, 22.7); nothing at all
    when :func:`nothing_to_publish`. Without the hexes (22.2, decision N153) their rivers,
    oases and the epic journeys across them wait with them."""
    tables = state.data.tables
    territory = state.territory
    specialty = explorer.specialty
    found = dict.fromkeys(SOURCES, 0)
    hexes = publishable_hexes(state, explorer) if with_hexes else []
    for hex_ in hexes:
        found["hexes"] += tables.vp_hex[territory.terrain[hex_]][specialty]
        if territory.river_in[hex_] or territory.river_out[hex_]:
            found["rivers"] += tables.vp_river[specialty]
        if territory.oasis[hex_]:
            found["oases"] += tables.vp_oasis[specialty]
    found["tribes"] = tables.vp_friendly_tribe[specialty] * len(explorer.new_friends)
    for counter, kind in enumerate(state.counter_kind):
        found_here = explorer.found_counters >> counter & 1 and kind >= 0
        if found_here and tables.special_names[kind] not in state.published_finds:
            found["specials"] += tables.vp_special[kind][specialty]
    names: set[str] = set()
    for card, vp in explorer.finds:
        name = find_name(state, explorer, card)
        if name and (name in state.published_finds or name in names):
            continue
        names.add(name)
        found["bonuses"] += vp
    found["awards"] = explorer.awards + sum(
        vp for battle, vp in explorer.news if battle not in state.published_battles
    )
    found["journeys"] = sum(epic_value(state, explorer, route, hexes) for route in explorer.epics)
    return found


def ranked_awards(state: NileState, explorer: Explorer, with_hexes: bool = True) -> int:
    """22.7-22.9, 25.2: the ranked spectacular discoveries and longest rivers the explorer may
    claim at the moment of a winning publication. They rank on the map as published then, the
    hexes he publishes now included; each is his where he explored its hex, published since or
    not (decision N155)."""
    claims = set(explorer.surveyed)
    if not claims:
        return 0
    tables = state.data.tables
    territory = state.territory
    board = state.data.board
    specialty = explorer.specialty
    published = state.published[:]
    if with_hexes:
        for hex_ in publishable_hexes(state, explorer):
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


def epic_value(
    state: NileState, explorer: Explorer, route: tuple[int, ...], publishing: list[int]
) -> int:
    """25.32: the hexes published now along the shortest route he travelled from port to
    port."""
    if not route:
        return 0
    board = state.data.board
    start, goal = route[0], route[-1]
    allowed = set(route)
    came: dict[int, int] = {start: -1}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for there in board.overland[here]:
            if there in allowed and there not in came:
                came[there] = here
                queue.append(there)
    now = set(publishing)
    value = 0
    step = goal
    while step >= 0:
        value += step in now
        step = came.get(step, -1)
    return value


def publish(state: NileState, with_hexes: bool = True) -> None:
    """22.1-22.5: an explorer in Europe publishes everything he has found, or all but his
    mapped hexes (22.2); 7.0: the first to reach the target wins at once (ranked awards count
    only then, 22.7, 25.21)."""
    explorer = state.explorer(state.player)
    gains = pending(state, explorer, with_hexes)
    total = sum(gains.values())
    if explorer.vp + total < state.target:
        ranked = ranked_awards(state, explorer, with_hexes)
        if explorer.vp + total + ranked >= state.target:
            gains["ranked"] = ranked
            total += ranked
    tables = state.data.tables
    hexes = publishable_hexes(state, explorer)
    if with_hexes:
        for hex_ in hexes:
            state.published[hex_] = 1
        explorer.epics = []
    kept = 0 if with_hexes else len(hexes)
    for counter, kind in enumerate(state.counter_kind):
        if explorer.found_counters >> counter & 1 and kind >= 0:
            state.published_finds.add(tables.special_names[kind])
    explorer.found_counters = 0
    for card, _vp in explorer.finds:
        name = find_name(state, explorer, card)
        if name:
            state.published_finds.add(name)
    state.published_battles.update(battle for battle, _vp in explorer.news)
    explorer.finds = []
    explorer.news = []
    explorer.new_friends = []
    explorer.awards = 0
    explorer.vp = max(0, explorer.vp + total)  # 22.5: never below nothing
    for source, vp in gains.items():
        if vp:
            explorer.vp_by[source] = explorer.vp_by.get(source, 0) + vp
    state.turn.published += max(0, total)
    state.emit("published", player=state.player, vp=total, by=gains, total=explorer.vp, kept=kept)
    if explorer.vp >= state.target:
        from terra.games.nile.rules import end_game  # noqa: PLC0415 - rules imports scoring

        end_game(state, RULE_VICTORY)


def publish_all_but_hexes(state: NileState) -> None:
    """22.2: publish everything else, keeping the mapped hexes to himself for now."""
    publish(state, with_hexes=False)


def stays_in(state: NileState, explorer: Explorer, hex_: int) -> None:
    """An explorer who has entered ``hex_`` and not retreated out of it: 22.9, 25.2, unpublished
    and fully mapped, he has explored it (decision N155); 23.1, he looks at its counter."""
    if not state.published[hex_] and state.territory.stage[hex_] == EXPLORED:
        explorer.survey(hex_)
    look_at_counter(state, explorer, hex_)


def look_at_counter(state: NileState, explorer: Explorer, hex_: int) -> None:
    """23.1: an explorer who has entered a discovery counter's hex and not retreated out of it
    looks at the counter; 23.2: what he found is his to publish."""
    for counter, where in enumerate(state.counter_hex):
        if where == hex_ and not explorer.found_counters >> counter & 1:
            explorer.found_counters |= 1 << counter
            explorer.counters |= 1 << counter
            state.emit(
                "counter-seen",
                player=state.player,
                counter=counter,
                discovery=state.counter_kind[counter],
            )


def lose_vp(state: NileState, explorer: Explorer, vp: int) -> None:
    """22.5: losses come off the current expedition's unpublished awards first, then off the
    published total, never below zero."""
    from_awards = min(vp, max(0, explorer.awards))
    explorer.awards -= from_awards
    rest = vp - from_awards
    if rest:
        explorer.vp = max(0, explorer.vp - rest)
