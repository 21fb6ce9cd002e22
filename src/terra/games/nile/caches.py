"""Source of the Nile, Game I: caches (17).

An explorer may bury what he does not want to carry (17.1) and come back for it; a die decides
whether he finds it (17.6), and other explorers may look for it only once its hex is published
(17.8). A :class:`Cache` is a small record; the state machine keeps the caches on the map.
Decision N141 of ``docs/rules-decisions.md`` settles what the rulebook leaves open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from terra.core.errors import IllegalAction
from terra.games.nile.tables import Tables
from terra.games.nile.terms import ANIMALS, PEOPLE, Good

Roll = Callable[[], int]  # one die, 1-6

CACHE_GONE_ON = 1  # 17.6: a cache has disappeared on a die roll of one
UNCACHEABLE = frozenset({*PEOPLE, *ANIMALS})  # 17.2


def _rule(section: str) -> str:
    return f"Source of the Nile, {section}"


@dataclass(frozen=True, slots=True)
class Cache:
    """A cache (17.3): where, whose (an explorer, not a player: N141), what lies in it."""

    hex: int
    owner: int
    contents: tuple[tuple[Good, int], ...]  # (good, count), by good, counts positive
    finds: tuple[int, ...] = ()  # specimens cached (17.4), in the caller's numbering
    tusks: int = 0  # tusks cached (17.4, 20.71)


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
            raise IllegalAction(
                f"{tables.good_names[good]}: people and animals cannot be cached", _rule("17.2")
            )
        if count < 0:
            raise IllegalAction("a cache holds no negative counts", _rule("17.1"))
        if count:
            merged[good] = merged.get(good, 0) + count
    if tusks < 0:
        raise IllegalAction("a cache holds no negative counts", _rule("17.1"))
    if not merged and not finds and not tusks:
        raise IllegalAction("a cache must hold something", _rule("17.1"))
    return Cache(hex_, owner, tuple(sorted(merged.items())), tuple(finds), tusks)


def may_search_cache(cache: Cache, explorer: int, hex_: int, published: bool) -> bool:
    """Source of the Nile 17.6, 17.8: an explorer searches a cache in his hex; another
    explorer's only if the hex is published."""
    return cache.hex == hex_ and (cache.owner == explorer or published)


def recover_cache(cache: Cache, explorer: int, hex_: int, published: bool, roll: Roll) -> bool:
    """Source of the Nile 17.6-17.8: the cache is found unless the die shows one; either way it
    leaves the map (N141)."""
    if cache.hex != hex_:
        raise IllegalAction("a cache can only be searched for in its own hex", _rule("17.6"))
    if not may_search_cache(cache, explorer, hex_, published):
        raise IllegalAction(
            "another explorer's cache can only be searched for in a published hex", _rule("17.8")
        )
    return roll() != CACHE_GONE_ON
