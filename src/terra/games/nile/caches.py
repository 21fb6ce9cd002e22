"""Source of the Nile 17.1-17.8 Cache: what an explorer buries in his hex (17.1-17.5) and comes
back for, a die deciding whether he finds it (17.6); others may look for it only once its hex
is published (17.8); the moves ``cache``, ``cache find`` and ``dig``. Decision N141 of
``docs/rules-decisions.md`` settles what the rulebook leaves open.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.actions import FIND_KINDS
from terra.games.nile.chance import Roll, roll
from terra.games.nile.components.tables import Tables
from terra.games.nile.discoveries import explain_leave_find, finds_at_hand
from terra.games.nile.expedition import explain_leave, goods_at_hand
from terra.games.nile.explorer import Cache
from terra.games.nile.party import discharge, gain
from terra.games.nile.phases import cite
from terra.games.nile.terms import ANIMALS, PEOPLE, Good

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


CACHE_GONE_ON = 1  # 17.6: a cache has disappeared on a die roll of one
UNCACHEABLE = frozenset({*PEOPLE, *ANIMALS})  # 17.2


def make_cache(
    tables: Tables,
    hex_: int,
    owner: int,
    contents: Sequence[tuple[Good, int]],
    finds: Sequence[int] = (),
    *,
    tusks: int = 0,
) -> Cache:
    """Source of the Nile 17.1-17.4: items, muskets, canoes and bonus finds (specimens and
    tusks) may be cached; people and animals may not."""
    merged: dict[Good, int] = {}
    for good, count in contents:
        if good in UNCACHEABLE:
            raise refusal(
                "uncacheable",
                "{good}: people and animals cannot be cached",
                cite("17.2"),
                good=tables.good_names[good],
            )
        if count < 0:
            raise refusal("negative_cache", "a cache holds no negative counts", cite("17.1"))
        if count:
            merged[good] = merged.get(good, 0) + count
    if tusks < 0:
        raise refusal("negative_cache", "a cache holds no negative counts", cite("17.1"))
    if not merged and not finds and not tusks:
        raise refusal("empty_cache", "a cache must hold something", cite("17.1"))
    return Cache(hex_, owner, tuple(sorted(merged.items())), tuple(finds), tusks)


def may_search_cache(cache: Cache, explorer: int, hex_: int, published: bool) -> bool:
    """Source of the Nile 17.6, 17.8: an explorer searches a cache in his hex; another
    explorer's only if the hex is published."""
    return cache.hex == hex_ and (cache.owner == explorer or published)


def recover_cache(cache: Cache, explorer: int, hex_: int, published: bool, roll: Roll) -> bool:
    """Source of the Nile 17.6-17.8: the cache is found unless the die shows one; either way it
    leaves the map (N141)."""
    if cache.hex != hex_:
        raise refusal(
            "cache_elsewhere", "a cache can only be searched for in its own hex", cite("17.6")
        )
    if not may_search_cache(cache, explorer, hex_, published):
        raise refusal(
            "foreign_cache",
            "another explorer's cache can only be searched for in a published hex",
            cite("17.8"),
        )
    return roll() != CACHE_GONE_ON


RULE_CACHE = "Source of the Nile, 17.0 Cache"


def cache(state: NileState, good: int, amount: int) -> None:
    """17.1-17.5: bury items in the explorer's hex."""
    explorer = state.explorer(state.player)
    discharge(explorer.party, good, amount)
    buried = make_cache(state.data.tables, explorer.hex, explorer.ident, ((good, amount),))
    explorer.caches.append(buried)
    state.emit("cached", player=state.player, hex=explorer.hex, good=good, amount=amount)


def cache_find(state: NileState, index: int) -> None:
    """17.4: bury a tusk, or the last specimen found, in the explorer's hex; it still scores
    for him if he brings it to Europe (20.71-20.72)."""
    explorer = state.explorer(state.player)
    party = explorer.party
    if index == 0:
        party.tusks -= 1
        buried = make_cache(state.data.tables, explorer.hex, explorer.ident, (), tusks=1)
    else:
        specimen = party.specimens.pop()
        buried = make_cache(state.data.tables, explorer.hex, explorer.ident, (), finds=(specimen,))
    explorer.caches.append(buried)
    state.emit("cached-find", player=state.player, hex=explorer.hex, find=FIND_KINDS[index])


def cache_to_search(state: NileState) -> tuple[int, Cache] | None:
    """17.6, 17.8: the cache the explorer would search for in his hex, with the seat that
    holds it: his own first, then another explorer's in a published hex; None if none."""
    player = state.player
    explorer = state.explorers[player]
    hex_ = explorer.hex
    published = bool(state.published[hex_])
    for seat in (player, *range(player), *range(player + 1, state.num_players)):
        for found in state.explorers[seat].caches:
            # The hex first: most caches lie elsewhere, and every decision of a turn asks.
            if found.hex == hex_ and may_search_cache(found, explorer.ident, hex_, published):
                return seat, found
    return None


def dig_up_cache(state: NileState) -> None:
    """17.6-17.8: search for a cache in the hex; on a one it is gone, and either way it
    leaves the map. Its tusks and specimens come back with it, but only the explorer who found
    them has them on his sheet to publish (20.6, decision N141)."""
    explorer = state.explorer(state.player)
    searched = cache_to_search(state)
    assert searched is not None
    seat, found = searched
    state.explorer(seat).caches.remove(found)
    published = bool(state.published[explorer.hex])
    recovered = recover_cache(found, explorer.ident, explorer.hex, published, lambda: roll(state))
    if recovered:
        for good, count in found.contents:
            gain(explorer.party, good, count)
        explorer.party.tusks += found.tusks
        explorer.party.specimens.extend(found.finds)
        state.emit("cache-recovered", player=state.player, hex=explorer.hex)
    else:
        state.emit("cache-gone", player=state.player, hex=explorer.hex)


def explain_cache(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """17.1-17.2: items (and canoes), never people or animals."""
    return explain_leave(state, good, amount)


CACHE = Move(
    name="cache",
    rule="Source of the Nile, 17.1-17.5",
    notation=act.write_cache,
    offer=offers.exact(goods_at_hand(act.CACHE)),
    explain=explain_cache,
    effect=cache,
)


def explain_cache_find(state: NileState, index: int) -> IllegalAction | None:
    """17.4: a tusk or specimen the expedition carries may be cached."""
    return explain_leave_find(state, index, RULE_CACHE)


CACHE_FIND = Move(
    name="cache find",
    rule="Source of the Nile, 17.4",
    notation=act.write_cache_find,
    offer=offers.exact(finds_at_hand(act.CACHE_FIND)),
    explain=explain_cache_find,
    effect=cache_find,
)


def explain_dig(state: NileState) -> IllegalAction | None:
    """17.6, 17.8: a cache of yours in this hex, or another explorer's in a published hex."""
    if cache_to_search(state) is None:
        return refusal(
            "no_cache_here",
            "no cache here that you may search for (another explorer's only in a published hex)",
            RULE_CACHE,
        )
    return None


def _caches_here(state: NileState) -> Iterable[int]:
    """17.6: only where the explorer has buried a cache."""
    if cache_to_search(state) is None:
        return ()
    return offers.actions_of(state, act.DIG)


DIG = Move(
    name="dig",
    rule="Source of the Nile, 17.6-17.8",
    notation=fixed("dig up cache"),
    offer=offers.exact(_caches_here),
    explain=explain_dig,
    effect=dig_up_cache,
)
