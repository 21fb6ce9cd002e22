"""Source of the Nile 22.0-22.9 Publishing: what an explorer in Europe publishes and the
victory points it brings (with the awards of 20.74, 23.2, 24.5 and 25 it publishes), and the
moves ``publish``, ``publish all but hexes`` and ``publish`` of a part.

Only published discoveries count (22.1). A hex's terrain, a spectacular discovery, a specimen
and a tribe's name are published once, by whoever publishes first (22.3-22.4, 20.74); friendly
tribes and the other awards are each explorer's own. The ranked awards (the highest mountains
and waterfalls, the largest lakes, the longest rivers) are published only when they give the
win (22.7, 25.21).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, Writer, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.actions import (
    GROUP_HEXES,
    GROUP_LAKES,
    GROUP_OASES,
    GROUP_RIVERS,
    GROUP_SPECIALS,
    GROUP_TRIBES,
    PART_GROUP,
    PART_HEX,
    PART_SPECIAL,
    PART_TRIBE,
)
from terra.games.nile.components import Components
from terra.games.nile.discoveries import find_name, special_found
from terra.games.nile.explorer import Explorer
from terra.games.nile.phases import EUROPE, PUBLISHING, RULE_PUBLISH, RULE_VICTORY
from terra.games.nile.ranks import ranked_awards
from terra.games.nile.rivers import epic_value
from terra.games.nile.sequence import end_game, reached_target
from terra.games.nile.terms import BLANK, LAKE
from terra.games.nile.territory import NATIVE_COUNTERS

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


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
Record = TypeVar("Record")  # an entry of the Player Aid Sheet's records


def breakdown(explorer: Explorer) -> dict[str, int]:
    """Published victory points by source; ``total`` is the score."""
    found = {source: explorer.vp_by.get(source, 0) for source in SOURCES}
    found["total"] = explorer.vp
    return found


def publishable_hexes(state: NileState, explorer: Explorer) -> list[int]:
    """10.293, 22.2-22.4: hexes he explored (stayed in while they were unpublished and fully
    mapped) and not yet published. A hex he only partly explored is not his, even once another
    explorer has completed it (10.293: no credit for partial exploration)."""
    territory = state.territory
    published = state.published
    terrain = territory.terrain
    partial = territory.partial
    return [
        hex_
        for hex_ in explorer.surveyed
        if not published[hex_] and terrain[hex_] != BLANK and partial[hex_] < 0
    ]


@dataclass(frozen=True, slots=True)
class Parts:
    """Parts of an explorer's unpublished record (22.1-22.2): what one publication holds, or
    what his current expedition has garnered (22.5)."""

    hexes: tuple[int, ...] = ()  # fully mapped, with their rivers and oases
    tribes: tuple[int, ...] = ()  # befriended (22.4)
    counters: int = 0  # bit i: discovery counter i, found (23.2)
    finds: tuple[tuple[int, int], ...] = ()  # bonus discoveries: (card, v.p.) (20)
    news: tuple[tuple[int, int], ...] = ()  # a journalist's battles: (battle, v.p.) (24.2-24.5)
    epics: tuple[tuple[int, ...], ...] = ()  # epic journeys: their hexes (25.3)
    awards: int = 0  # other awards, less the losses charged to them (16.422, 24.6, 22.5)


def everything(state: NileState, explorer: Explorer) -> Parts:
    """22.1: all that the explorer has to publish."""
    return Parts(
        tuple(publishable_hexes(state, explorer)),
        tuple(explorer.new_friends),
        explorer.found_counters,
        tuple(explorer.finds),
        tuple(explorer.news),
        tuple(explorer.epics),
        explorer.awards,
    )


def all_but_hexes(state: NileState, explorer: Explorer) -> Parts:
    """22.2 (decision N153): everything but the mapped hexes, and with them the epic journeys
    across them, which are worth the hexes published with them (25.32)."""
    whole = everything(state, explorer)
    return Parts(
        tribes=whole.tribes,
        counters=whole.counters,
        finds=whole.finds,
        news=whole.news,
        awards=whole.awards,
    )


def current_expedition(state: NileState, explorer: Explorer) -> Parts:
    """22.5 (decision N161): what the current expedition has garnered so far: the records
    made since it landed, less the losses already charged to them."""
    landing = explorer.landing
    new_hexes = set(explorer.visited[landing.visited :])
    return Parts(
        tuple(h for h in publishable_hexes(state, explorer) if h in new_hexes),
        tuple(explorer.new_friends[landing.friends :]),
        explorer.found_counters & ~landing.counters,
        tuple(explorer.finds[landing.finds :]),
        tuple(explorer.news[landing.news :]),
        tuple(explorer.epics[landing.epics :]),
        explorer.awards - landing.awards,
    )


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


def pending(state: NileState, explorer: Explorer, parts: Parts | None = None) -> dict[str, int]:
    """What publishing ``parts`` of his record (everything, by default) would bring now, by
    source (ranked awards aside, 22.7); nothing at all when :func:`nothing_to_publish`. A
    hex brings its river and oasis with it; an epic journey the hexes of its route published
    with it (25.32)."""
    if parts is None:
        parts = everything(state, explorer)
    tables = state.data.tables
    territory = state.territory
    specialty = explorer.specialty
    found = dict.fromkeys(SOURCES, 0)
    hexes = parts.hexes
    for hex_ in hexes:
        found["hexes"] += tables.vp_hex[territory.terrain[hex_]][specialty]
        if territory.river_in[hex_] or territory.river_out[hex_]:
            found["rivers"] += tables.vp_river[specialty]
        if territory.oasis[hex_]:
            found["oases"] += tables.vp_oasis[specialty]
    found["tribes"] = tables.vp_friendly_tribe[specialty] * len(parts.tribes)
    for counter, kind in enumerate(state.counter_kind):
        found_here = parts.counters >> counter & 1 and kind >= 0
        if found_here and tables.special_names[kind] not in state.published_finds:
            found["specials"] += tables.vp_special[kind][specialty]
    names: set[str] = set()
    for card, vp in parts.finds:
        name = find_name(state, explorer, card)
        if name and (name in state.published_finds or name in names):
            continue
        names.add(name)
        found["bonuses"] += vp
    found["awards"] = parts.awards + sum(
        vp for battle, vp in parts.news if battle not in state.published_battles
    )
    found["journeys"] = sum(epic_value(state, explorer, route, hexes) for route in parts.epics)
    return found


def worth_publishing(gains: dict[str, int]) -> bool:
    """22.1: a publication brings something; a loss charged to the expedition (22.5) alone is
    nothing to publish (decision N161)."""
    return any(vp > 0 for vp in gains.values())


def publish(state: NileState, parts: Parts | None = None) -> None:
    """22.1-22.5: an explorer in Europe publishes ``parts`` of what he has found (everything,
    by default; 22.2: he may keep the rest back); 7.0: the first to reach the target wins at
    once (ranked awards count only then, 22.7, 25.21). A loss charged to the expedition's
    points (22.5) comes off what the publication brings, and what it cannot cover waits for
    the next one (decision N161)."""
    explorer = state.explorer(state.player)
    if parts is None:
        parts = everything(state, explorer)
    gains = pending(state, explorer, parts)
    total = sum(gains.values())
    if not state.game_two and explorer.vp + total < state.target:
        ranked = ranked_awards(state, explorer, parts.hexes)
        if reached_target(state, explorer.vp + total + ranked):
            gains["ranked"] = ranked
            total += ranked
    tables = state.data.tables
    for hex_ in parts.hexes:
        state.published[hex_] = 1
    kept = len(publishable_hexes(state, explorer))
    for counter, kind in enumerate(state.counter_kind):
        if parts.counters >> counter & 1 and kind >= 0:
            state.published_finds.add(tables.special_names[kind])
    explorer.found_counters &= ~parts.counters
    for card, _vp in parts.finds:
        name = find_name(state, explorer, card)
        if name:
            state.published_finds.add(name)
    state.published_battles.update(battle for battle, _vp in parts.news)
    explorer.finds = _without(explorer.finds, parts.finds)
    explorer.news = _without(explorer.news, parts.news)
    explorer.epics = _without(explorer.epics, parts.epics)
    explorer.new_friends = _without(explorer.new_friends, parts.tribes)
    explorer.awards -= parts.awards
    if total < 0:  # a loss the publication cannot cover waits for the next (22.5, N161)
        explorer.awards += total
        gains["awards"] -= total
        total = 0
    explorer.vp += total
    for source, vp in gains.items():
        if vp:
            explorer.vp_by[source] = explorer.vp_by.get(source, 0) + vp
    state.turn.published += max(0, total)
    state.emit("published", player=state.player, vp=total, by=gains, total=explorer.vp, kept=kept)
    if reached_target(state, explorer.vp):
        end_game(state, RULE_VICTORY)


def _without(records: list[Record], published: tuple[Record, ...]) -> list[Record]:
    """``records`` less one of each of ``published`` (records may repeat: two tusk finds)."""
    left = list(records)
    for record in published:
        left.remove(record)
    return left


# --- a publication chosen part by part (22.1-22.2, decision N153) ---------------------------


def parts_of_group(state: NileState, explorer: Explorer, group: int) -> list[tuple[int, int]]:
    """22.1-22.2: every part of a kind he may publish, as (part, index): his hexes (all, those
    with a river, the lake hexes, those with an oasis: 10.1, a hex's river and oasis are drawn
    in it and published with it), his tribes, his special discoveries (PUBLISH_GROUPS)."""
    if group == GROUP_TRIBES:
        return [(PART_TRIBE, tribe) for tribe in sorted(explorer.new_friends)]
    if group == GROUP_SPECIALS:
        names = state.data.tables.special_names
        return [
            (PART_SPECIAL, kind)
            for kind in range(len(names))
            if special_found(state, explorer, kind) and names[kind] not in state.published_finds
        ]
    territory = state.territory
    hexes = sorted(publishable_hexes(state, explorer))
    if group == GROUP_RIVERS:
        hexes = [h for h in hexes if territory.river_in[h] or territory.river_out[h]]
    elif group == GROUP_LAKES:
        hexes = [h for h in hexes if territory.terrain[h] == LAKE]
    elif group == GROUP_OASES:
        hexes = [h for h in hexes if territory.oasis[h]]
    return [(PART_HEX, hex_) for hex_ in hexes]


def publishable_parts(state: NileState, explorer: Explorer) -> list[tuple[int, int]]:
    """22.1-22.2: every part he may choose to publish, hexes, tribes and specials."""
    return [
        part
        for group in (GROUP_HEXES, GROUP_TRIBES, GROUP_SPECIALS)
        for part in parts_of_group(state, explorer, group)
    ]


def parts_to_add(
    state: NileState, explorer: Explorer, part: int, index: int
) -> list[tuple[int, int]]:
    """What choosing (``part``, ``index``) adds to the publication being made: the part
    itself, or every part of a group, less what is chosen already (empty: nothing to add)."""
    chosen = state.turn.chosen
    if part == PART_GROUP:
        return [p for p in parts_of_group(state, explorer, index) if p not in chosen]
    found = (part, index)
    return [] if found in chosen or found not in publishable_parts(state, explorer) else [found]


def choose_part(state: NileState, part: int, index: int) -> None:
    """22.1-22.2: a part of his discoveries goes into the publication being made, which
    ``done`` publishes (decision N153)."""
    explorer = state.explorer(state.player)
    added = parts_to_add(state, explorer, part, index)
    state.turn.chosen.extend(added)
    state.phase = PUBLISHING
    state.emit(
        "chosen-to-publish",
        player=state.player,
        hexes=[i for p, i in added if p == PART_HEX],
        tribes=[i for p, i in added if p == PART_TRIBE],
        specials=[i for p, i in added if p == PART_SPECIAL],
    )


def chosen_parts(state: NileState, explorer: Explorer) -> Parts:
    """22.1-22.2 (decision N153): the publication the parts chosen make: those hexes (with
    the epic journeys whose routes they lie on, 25.32), tribes and specials, and every bonus,
    piece of news and award, which gain nothing by waiting."""
    chosen = state.turn.chosen
    hexes = tuple(i for p, i in chosen if p == PART_HEX)
    kinds = {i for p, i in chosen if p == PART_SPECIAL}
    counters = 0
    for counter, kind in enumerate(state.counter_kind):
        if explorer.found_counters >> counter & 1 and (kind < 0 or kind in kinds):
            counters |= 1 << counter  # a false trail found is published with anything
    return Parts(
        hexes,
        tuple(i for p, i in chosen if p == PART_TRIBE),
        counters,
        tuple(explorer.finds),
        tuple(explorer.news),
        tuple(route for route in explorer.epics if epic_value(state, explorer, route, hexes)),
        explorer.awards,
    )


def publish_chosen(state: NileState) -> None:
    """22.1-22.2: ``done``: the parts chosen are published together (7.0, 22.7: the win and
    the ranked awards are judged on them); the explorer's turn in Europe goes on."""
    explorer = state.explorer(state.player)
    parts = chosen_parts(state, explorer)
    state.turn.chosen = []
    state.phase = EUROPE
    publish(state, parts)


def publish_all_but_hexes(state: NileState) -> None:
    """22.2: publish everything else, keeping the mapped hexes to himself for now."""
    publish(state, all_but_hexes(state, state.explorer(state.player)))


def lose_vp(state: NileState, explorer: Explorer, vp: int) -> None:
    """22.5 (decision N161): a loss comes off the victory points the current expedition has
    garnered so far, as far as they go (they are charged when he publishes), and the rest off
    the published total, never below zero."""
    garnered = sum(pending(state, explorer, current_expedition(state, explorer)).values())
    charged = min(vp, max(0, garnered))
    explorer.awards -= charged
    rest = vp - charged
    if rest:
        explorer.vp = max(0, explorer.vp - rest)


# --- the moves ---------------------------------------------------------------------------------


def _news(kind: int) -> offers.Candidates:
    """22.1: not when there is plainly nothing to publish."""

    def candidates(state: NileState) -> Iterable[int]:
        if nothing_to_publish(state, state.explorers[state.player]):
            return ()
        return offers.actions_of(state, kind)

    return candidates


def explain_publish(state: NileState) -> IllegalAction | None:
    """22.1: only what has not been published."""
    if not worth_publishing(pending(state, state.explorers[state.player])):
        return refusal("nothing_to_publish", "you have nothing to publish", RULE_PUBLISH)
    return None


PUBLISH = Move(
    name="publish",
    rule="Source of the Nile, 22.1-22.9",
    notation=fixed("publish"),
    offer=checked(_news(act.PUBLISH), explain_publish),
    explain=explain_publish,
    effect=publish,
)


def explain_publish_all_but_hexes(state: NileState) -> IllegalAction | None:
    """22.2: hexes to keep back, and something else to publish meanwhile."""
    explorer = state.explorers[state.player]
    if not publishable_hexes(state, explorer):
        return refusal(
            "no_hexes_to_keep", "you have no mapped hexes to keep back: use 'publish'", RULE_PUBLISH
        )
    parts = all_but_hexes(state, explorer)
    if not worth_publishing(pending(state, explorer, parts)):
        return refusal("only_hexes", "you have nothing but hexes to publish", RULE_PUBLISH)
    return None


PUBLISH_ALL_BUT_HEXES = Move(
    name="publish all but hexes",
    rule="Source of the Nile, 22.2",
    notation=fixed("publish all but hexes"),
    offer=checked(_news(act.PUBLISH_FINDS), explain_publish_all_but_hexes),
    explain=explain_publish_all_but_hexes,
    effect=publish_all_but_hexes,
)


def write_parts(data: Components, out: Writer) -> None:
    """``publish hex 1520``, ``publish tribe 12``, ``publish Lost City`` (also by its id), and
    every one of a kind: ``publish hexes``, ``publish rivers``, ... (22.1-22.2)."""
    board, tables = data.board, data.tables
    for hex_ in range(board.num_hexes):
        out.add(f"publish hex {board.hex_ids[hex_]}", PART_HEX, hex_)
    for tribe in range(1, NATIVE_COUNTERS + 1):
        out.add(f"publish tribe {tribe}", PART_TRIBE, tribe)
    for kind, name in enumerate(tables.special_names):
        action = out.add(f"publish {name}", PART_SPECIAL, kind)
        out.alias(f"publish {tables.special_ids[kind]}", action)
    for group, name in enumerate(act.PUBLISH_GROUPS):
        out.add(f"publish {name}", PART_GROUP, group)


def explain_part(state: NileState, part: int, index: int) -> IllegalAction | None:
    """22.1-22.4: a hex he has fully mapped, a tribe he has befriended, a special discovery
    he has found, none of them published yet nor chosen already; or a kind of them of which
    one is left to choose."""
    explorer = state.explorers[state.player]
    if parts_to_add(state, explorer, part, index):
        return None
    if part == PART_GROUP:
        return refusal(
            "none_of_group",
            "you have no {group} to add to this publication",
            RULE_PUBLISH,
            group=act.PUBLISH_GROUPS[index],
        )
    if (part, index) in state.turn.chosen:
        return refusal("chosen_already", "it is chosen for this publication already", RULE_PUBLISH)
    if part == PART_HEX:
        return _why_no_hex(state, index)
    if part == PART_TRIBE:
        return refusal(
            "tribe_not_friend",
            "tribe {tribe} is no friend of yours waiting to be published (22.4)",
            RULE_PUBLISH,
            tribe=index,
        )
    name = state.data.tables.special_names[index]
    if name in state.published_finds:
        return refusal(
            "published_already", "{name} is published already (22.4)", RULE_PUBLISH, name=name
        )
    return refusal(
        "special_not_found",
        "you have not found {name} on this life's travels (23.1-23.2)",
        RULE_PUBLISH,
        name=name,
    )


def _why_no_hex(state: NileState, hex_: int) -> IllegalAction:
    """22.2-22.4, 10.293: why a hex is not his to publish."""
    name = state.data.board.hex_name(hex_)
    if state.published[hex_]:
        return refusal(
            "published_already", "{name} is published already (22.4)", RULE_PUBLISH, name=name
        )
    if not state.explorers[state.player].known[hex_]:
        return refusal("not_visited", "you have not been to {name} (9.3)", RULE_PUBLISH, name=name)
    return refusal(
        "not_fully_explored", "{name} is not fully explored (10.293)", RULE_PUBLISH, name=name
    )


def _parts_to_publish(state: NileState) -> Iterable[int]:
    """22.1-22.2: the parts of his discoveries not yet chosen, and the kinds that add one."""
    explorer = state.explorers[state.player]
    if nothing_to_publish(state, explorer):
        return ()
    part_base = state.tables.part_base
    chosen = state.turn.chosen
    found = [
        part_base[part] + (index - 1 if part == PART_TRIBE else index)
        for part, index in publishable_parts(state, explorer)
        if (part, index) not in chosen
    ]
    if not found:
        return ()
    found += [part_base[PART_GROUP] + group for group in range(len(act.PUBLISH_GROUPS))]
    return sorted(found)


def part_place(data: Components, part: int, index: int) -> str | None:
    """A hex published is on the map (its id); the other parts are not one place."""
    return data.board.hex_ids[index] if part == PART_HEX else None


PUBLISH_PART = Move(
    name="publish part",
    rule="Source of the Nile, 22.1-22.4",
    notation=write_parts,
    offer=checked(_parts_to_publish, explain_part),
    explain=explain_part,
    effect=choose_part,
    place=part_place,
)
