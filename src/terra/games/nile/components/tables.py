"""Source of the Nile 9.7, 12.3-12.6, 32.22-32.23, the tables: loaded from ``tables.toml``,
validated, flattened to ints.

The tables printed on the mapboard and the player aid (Terrain Key, Activity Level, Movement
Restrictions, Native Strength, the native policies and their tables, Hunting, Recovery, Native
Trade, Rates of Exchange, Victory Points) are data. The things the rules name are the ints of
:mod:`terra.games.nile.terms` and the result constants here; the data gives their names and
every number. Loading checks the file's shape (pydantic), then everything a rule reads (every
terrain, policy and size present, columns in order) and reports problems by file and entry.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from terra.core.data import DataFiles, LoadedData, Names
from terra.core.errors import DataError
from terra.games.nile.components.tablefile import (
    POLICIES,
    GoodSpec,
    NativeTradeSpec,
    PolicySpec,
    RecoverySpec,
    TablesFile,
    TerrainSpec,
)
from terra.games.nile.terms import (
    ACCESS_IDS,
    ACTIVITY_IDS,
    BASIC_TERRAINS,
    DIE,
    GOOD_IDS,
    MODE_IDS,
    SIZE_IDS,
    SPECIALTY_ABBREVIATIONS,
    SPECIALTY_IDS,
    TERRAIN_IDS,
    TERRAIN_PARTS,
    TRAVELLER_IDS,
    Good,
    Terrain,
)

TABLES_FILE = "tables.toml"

# Results of the Native Attitude Table (13.32; 14.1 names N): friendly, neutral, hostile (the
# natives keep away and stay unfriendly), ambush, charge. The Negotiation Table uses the same
# letters but N.
FRIENDLY, NEUTRAL, HOSTILE, AMBUSH, CHARGE = range(5)
ATTITUDE_LETTERS = ("F", "N", "H", "A", "C")

# Consequences of Defeat (15.2).
CAPTURED, KILLED, ESCAPES = range(3)
DEFEAT_IDS = ("captured", "killed", "escapes")

# What looting finds (16.433): rations, gifts, or a camel in desert and a canoe by a river.
LOOT_IDS = ("ration", "gift", "camel-or-canoe")
LOOT_RATION, LOOT_GIFT, LOOT_CAMEL_OR_CANOE = range(3)

# Recovery Table results (19.2).
RECOVERS, STAYS_SICK, DIES = range(3)
RECOVERY_IDS = ("recovers", "sick", "dies")

# The ranked (spectacular) discoveries of the Victory Point Chart (22.7-22.8).
HIGHEST_MOUNTAIN, HIGHEST_WATERFALL, LARGEST_LAKE = range(3)
RANKED_IDS = ("highest_mountain", "highest_waterfall", "largest_lake")


@dataclass(frozen=True, slots=True)
class DefeatResult:
    """One line of the Consequences of Defeat Table (15.2)."""

    result: int  # CAPTURED, KILLED or ESCAPES
    members: int  # members who escape with the explorer (15.21-15.22)
    musket: bool  # whether he keeps his own musket


@dataclass(frozen=True, slots=True)
class Trade:
    """One rate of the Native Trade Table (14.7): ``quantity`` of ``good`` for ``gifts``."""

    good: Good
    quantity: int
    gifts: int


@dataclass(frozen=True, slots=True)
class Logistics:
    """Weights and loads in items, and what people and animals use up each turn (5.4, 6.5)."""

    man_weight: int
    bearer_load: int
    pack_load: int
    ride_load: int
    canoe_load: int
    canoe_weight: int
    animals_led: int
    tusk_weight: int
    specimen_weight: int
    rations_per_man: int
    water_per_man: int
    water_per_horse: int
    water_per_camel: int
    horse_desert_rations: int
    meat_per_animal: int


@dataclass(frozen=True, slots=True)
class Awards:
    """The awards the rulebook fixes outside the Victory Point Chart (7, 9.7, 16.422, 24, 25),
    and the designed value of a tusk (20.71)."""

    win: int
    battle_won: int
    battle_lost: int
    interview: int
    interview_distance: int  # hexes from a port the interviewed expedition reached (24.6)
    longest_river: tuple[int, ...]  # first, second, third largest river system (25.22-25.24)
    nile_offboard: int  # hexes added to the Nile for its course off the board (25.26)
    released_prisoners: int
    sick_discharged: int
    tusk: int  # a tusk a card gives without printing its value (designed)


@dataclass(frozen=True, eq=False)
class Tables(LoadedData):
    """Every Game I table as int-indexed tuples. Shared by all states; never mutated.

    Indices: terrains, activities, modes, travellers, sizes, specialties and goods by the
    constants of :mod:`terra.games.nile.terms`; policies by number - 1; two dice by sum - 2;
    one die by roll - 1.
    """

    # Terrain Key and Lost (10.21, 12.3-12.6, 32.22)
    terrain_names: tuple[str, ...]
    terrain_by_key: tuple[Terrain, ...]  # die - 1 -> basic terrain
    lost_number: tuple[int, ...]  # by terrain
    lost_upstream: int
    lost_guide: int  # die modifiers: a positive one makes getting lost less likely
    lost_cautious: int
    lost_reckless: int
    lost_sick: int
    # Activity Level chart and movement (9.1-9.4)
    allowance: tuple[tuple[int, ...], ...]  # [mode][activity] -> movement points
    known_cost: int
    unknown_cost: int
    canoe_swamp_cost: int
    portage_cost: int
    access: tuple[tuple[int, ...], ...]  # [traveller][terrain] -> OPEN, CLOSED or ALONG_WATER
    # specialties, goods and prices (4.6, 5.4, Rates of Exchange)
    specialty_names: tuple[str, ...]
    good_names: tuple[str, ...]
    price: tuple[int, ...]  # by good; -1: not for sale at a port
    sold_only_at: tuple[tuple[str, ...], ...]  # by good; port names, () for every port
    logistics: Logistics
    first_outfit: int
    passage: int
    # natives (10.42, 13-16)
    native_strength: tuple[tuple[int, ...], ...]  # [min(distance, rows) - 1][die - 1] -> size
    policy_ids: tuple[str, ...]
    policy_names: tuple[str, ...]
    policy_negotiates: tuple[bool, ...]
    policy_retreats: tuple[bool, ...]
    policy_needs_arms: tuple[bool, ...]
    attitude: tuple[tuple[tuple[int, ...], ...], ...]  # [policy - 1][activity][sum - 2]
    attack_guns: tuple[int, ...]  # the lowest number of guns of each column
    attack_win_from: tuple[tuple[tuple[int, ...], ...], ...]  # [ambush][size][column]
    negotiation_gifts: tuple[int, ...]  # the fewest gifts of each column
    negotiation: tuple[tuple[int, ...], ...]  # [column][sum - 2] -> F, H, A or C
    defeat: tuple[DefeatResult, ...]  # by die - 1
    askaris_killed: tuple[tuple[int, ...], ...]  # Results of Victory A: [size][die - 1]
    prisoners: tuple[tuple[int, ...], ...]  # Results of Victory B: [size][die - 1]
    village_found: tuple[tuple[bool, ...], ...]  # Results of Victory B: [size][die - 1]
    looting_dice: tuple[int, ...]  # by size
    looting_multiplier: int
    looting: tuple[tuple[int, int], ...]  # by die - 1: (LOOT_..., count)
    trade_limit: tuple[int, ...]  # by size: gifts a tribe accepts from one explorer
    trade_buy: tuple[Trade, ...]  # what natives give for gifts
    trade_sell: tuple[Trade, ...]  # what natives pay gifts for
    # hunting and recovery (18, 19)
    hunting_yield: tuple[tuple[int, ...], ...]  # [terrain][modified roll - 1] -> rations per hunter
    hunting_modifier: tuple[int, ...]  # by activity
    hunting_unarmed_alone: int
    recovery_doctor: int
    recovery_lowest: int
    recovery: tuple[int, ...]  # [modified roll - recovery_lowest] -> RECOVERS, STAYS_SICK, DIES
    # victory points (22-25)
    vp_hex: tuple[tuple[int, ...], ...]  # [terrain][specialty]; a mixture scores its better part
    vp_river: tuple[int, ...]
    vp_oasis: tuple[int, ...]
    vp_friendly_tribe: tuple[int, ...]
    vp_ranked: tuple[tuple[tuple[int, ...], ...], ...]  # [HIGHEST_...][rank - 1][specialty]
    special_ids: tuple[str, ...]
    special_names: tuple[str, ...]
    vp_special: tuple[tuple[int, ...], ...]  # [special][specialty]
    awards: Awards
    # lookups by name for the notation
    specialties: Names
    goods: Names
    policies: Names

    def lost(self, terrain: Terrain, roll: int, modifier: int = 0, upstream: bool = False) -> bool:
        """Lost, 12.3-12.6: lost when the modified roll is at or under the Lost number."""
        number = self.lost_upstream if upstream else self.lost_number[terrain]
        return roll + modifier <= number

    def tribe_size(self, distance: int, roll: int) -> int:
        """Native Strength, 10.42: the size of a tribe ``distance`` hexes from the nearest port."""
        row = min(max(distance, 1), len(self.native_strength)) - 1
        return self.native_strength[row][roll - 1]

    def native_attitude(self, policy: int, activity: int, dice: int) -> int:
        """Native Attitude Table, 13.32: the natives' answer to policy number ``policy``."""
        return self.attitude[policy - 1][activity][dice - 2]

    def attack_column(self, guns: int) -> int:
        """Native Attack, 13.41: the column of ``guns`` (healthy askaris, and the explorer if
        armed)."""
        return bisect.bisect_right(self.attack_guns, guns) - 1

    def wins_battle(self, ambush: bool, size: int, guns: int, dice: int) -> bool:
        """Native Attack, 13.41: whether the expedition wins (W): two dice ``dice`` at or above
        the table's entry; any lower throw is D."""
        return dice >= self.attack_win_from[ambush][size][self.attack_column(guns)]

    def negotiation_result(self, gifts: int, dice: int) -> int:
        """Negotiation Table, 14.3: the chief's answer to ``gifts`` gifts."""
        column = bisect.bisect_right(self.negotiation_gifts, gifts) - 1
        return self.negotiation[column][dice - 2]

    def hunt(self, terrain: Terrain, activity: int, roll: int, unarmed_alone: bool = False) -> int:
        """Hunting, 18.3-18.7: fresh rations per hunter. A modified roll under 1 finds nothing,
        one over 6 reads as 6."""
        modified = roll + self.hunting_modifier[activity]
        if unarmed_alone:
            modified += self.hunting_unarmed_alone
        if modified < 1:
            return 0
        return self.hunting_yield[terrain][min(modified, DIE) - 1]

    def recover(self, roll: int, doctor: bool = False) -> int:
        """Recovery Table, 19.2: what becomes of one sick person (a healthy doctor helps)."""
        modified = roll + (self.recovery_doctor if doctor else 0)
        return self.recovery[modified - self.recovery_lowest]


Value = TypeVar("Value")


def _complete(
    table: Mapping[Any, Value], keys: Iterable[str], where: str, what: str
) -> tuple[Value, ...]:
    """``table``'s values in the order of ``keys``; a :class:`DataError` if one is missing."""
    values = []
    for key in keys:
        if key not in table:
            raise DataError(f"{where}: {what} has no entry for {key!r}")
        values.append(table[key])
    return tuple(values)


def _increasing(values: Sequence[int], where: str, what: str) -> None:
    if values[0] != 0 or any(b <= a for a, b in itertools.pairwise(values)):
        raise DataError(f"{where}: {what} must start at 0 and increase: {list(values)}")


def build_tables(files: DataFiles) -> Tables:
    """The Game I tables of ``tables.toml``, cross-checked."""
    spec = files.model(TABLES_FILE, TablesFile)
    where = files.where(TABLES_FILE)
    terrain_list, by_key = _terrains(spec, where)
    access = tuple(
        tuple(
            ACCESS_IDS.index(a)
            for a in _complete(getattr(spec.access, row), TERRAIN_IDS, where, f"access.{row}")
        )
        for row in TRAVELLER_IDS
    )
    _check_specialties(spec, where)
    goods = _complete({g.id: g for g in spec.good}, GOOD_IDS, where, "good")
    policies, attitude = _policies(spec, where)
    win_from = _attack(spec, where)
    _increasing([n.gifts for n in spec.negotiation], where, "negotiation gifts")
    _check_recovery(spec.recovery, where)
    _check_trade(spec.native_trade, where)
    vp_basic = _complete(
        spec.victory_points.hex, TERRAIN_IDS[:BASIC_TERRAINS], where, "victory_points.hex"
    )
    special_ids = [s.id for s in spec.special]
    if len(set(special_ids)) != len(special_ids):
        raise DataError(f"{where}: a special discovery id appears twice")
    return Tables(
        provisional=files.provisional,
        provenance=spec.meta.provenance.strip(),
        digest=files.digest,
        **_travel_fields(spec, terrain_list, by_key, access, goods),
        **_native_fields(spec, where, policies, attitude, win_from),
        **_score_fields(spec, where, vp_basic, special_ids),
        specialties=Names(
            "specialty",
            [*SPECIALTY_IDS],
            [s.name for s in spec.specialty],
            where=where,
            on="the list of specialties",
        ),
        goods=Names(
            "good", [*GOOD_IDS], [g.name for g in goods], where=where, on="the Rates of Exchange"
        ),
        policies=Names(
            "policy",
            [p.id for p in policies],
            [p.name for p in policies],
            where=where,
            on="the mapboard",
        ),
    )


def _terrains(spec: TablesFile, where: str) -> tuple[tuple[TerrainSpec, ...], dict[int, Terrain]]:
    """The terrains in order, and which one each Terrain Key number names (10.2, 32.23)."""
    terrains = {t.id: t for t in spec.terrain}
    terrain_list = _complete(terrains, TERRAIN_IDS, where, "terrain")
    by_key: dict[int, Terrain] = {}
    for t, entry in enumerate(terrain_list):
        if entry.key is None:
            if t < BASIC_TERRAINS:
                raise DataError(f"{where}: terrain {entry.id!r} needs its Terrain Key number")
            continue
        if t >= BASIC_TERRAINS:
            raise DataError(
                f"{where}: terrain {entry.id!r} is a mixture and has no Terrain Key number "
                "(Source of the Nile, 32.23)"
            )
        if entry.key in by_key:
            raise DataError(f"{where}: terrain {entry.id!r} repeats Terrain Key number {entry.key}")
        by_key[entry.key] = t
    return terrain_list, by_key


def _check_specialties(spec: TablesFile, where: str) -> None:
    """The eight specialties of 4.6 in order, with the abbreviations of 20.3."""
    specialties = [s.id for s in spec.specialty]
    if specialties != list(SPECIALTY_IDS) or [s.abbreviation for s in spec.specialty] != list(
        SPECIALTY_ABBREVIATIONS
    ):
        raise DataError(
            f"{where}: the specialties must be the eight of Source of the Nile 4.6 in its order, "
            "with the abbreviations of 20.3"
        )


def _policies(
    spec: TablesFile, where: str
) -> tuple[list[PolicySpec], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The policies by number (13.3) and the Native Attitude Table, by policy and activity."""
    policies = sorted(spec.policy, key=lambda p: p.number)
    if [p.number for p in policies] != list(range(1, POLICIES + 1)):
        raise DataError(f"{where}: the policies must be numbered 1 to {POLICIES}")
    policy_ids = [p.id for p in policies]
    for ident in spec.attitude:
        if ident not in policy_ids:
            raise DataError(f"{where}: attitude names unknown policy {ident!r}")
    attitude_rows = _complete(spec.attitude, policy_ids, where, "attitude")
    attitude = tuple(
        tuple(
            tuple(ATTITUDE_LETTERS.index(r) for r in getattr(row, level)) for level in ACTIVITY_IDS
        )
        for row in attitude_rows
    )
    return policies, attitude


def _attack(spec: TablesFile, where: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The Native Attack Table (13.41): by charge or ambush and size, the column of each
    number of guns."""
    guns = spec.attack.guns
    _increasing(guns, where, "attack.guns")
    win_from = []
    for kind in ("charge", "ambush"):
        by_size = []
        for size in SIZE_IDS:
            row = getattr(getattr(spec.attack, kind), size)
            if len(row) != len(guns):
                raise DataError(
                    f"{where}: attack.{kind}.{size} has {len(row)} columns, attack.guns {len(guns)}"
                )
            by_size.append(tuple(row))
        win_from.append(tuple(by_size))
    return tuple(win_from)


def _check_recovery(recovery: RecoverySpec, where: str) -> None:
    """The Recovery Table covers every modified roll (19.1-19.2)."""
    lowest_roll = 1 + min(recovery.doctor, 0)
    if recovery.lowest > lowest_roll or recovery.lowest + len(recovery.results) - 1 < DIE + max(
        recovery.doctor, 0
    ):
        raise DataError(
            f"{where}: recovery.results must cover every modified roll from {lowest_roll} to "
            f"{DIE + max(recovery.doctor, 0)}"
        )


def _check_trade(trade: NativeTradeSpec, where: str) -> None:
    """The Native Trade Table lists each good once a side, never gifts (14.7)."""
    for kind, rates in (("buy", trade.buy), ("sell", trade.sell)):
        seen: set[str] = set()
        for rate in rates:
            if rate.good == "gift":
                raise DataError(f"{where}: native_trade.{kind}: gifts are what is paid with")
            if rate.good in seen:
                raise DataError(f"{where}: native_trade.{kind} lists {rate.good!r} twice")
            seen.add(rate.good)


def _travel_fields(
    spec: TablesFile,
    terrain_list: tuple[TerrainSpec, ...],
    by_key: dict[int, Terrain],
    access: tuple[tuple[int, ...], ...],
    goods: tuple[GoodSpec, ...],
) -> dict[str, Any]:
    """The tables of terrain, movement, getting lost, goods and prices (5, 9, 10.2, 12)."""
    return {
        "terrain_names": tuple(t.name for t in terrain_list),
        "terrain_by_key": tuple(by_key[k] for k in range(1, DIE + 1)),
        "lost_number": tuple(t.lost for t in terrain_list),
        "lost_upstream": spec.lost.upstream,
        "lost_guide": spec.lost.guide,
        "lost_cautious": spec.lost.cautious,
        "lost_reckless": spec.lost.reckless,
        "lost_sick": spec.lost.sick,
        "allowance": tuple(tuple(getattr(spec.activity, mode)) for mode in MODE_IDS),
        "known_cost": spec.movement.known,
        "unknown_cost": spec.movement.unknown,
        "canoe_swamp_cost": spec.movement.canoe_swamp,
        "portage_cost": spec.movement.portage,
        "access": access,
        "specialty_names": tuple(s.name for s in spec.specialty),
        "good_names": tuple(g.name for g in goods),
        "price": tuple(-1 if g.price is None else g.price for g in goods),
        "sold_only_at": tuple(tuple(g.only_at) for g in goods),
        "logistics": Logistics(**spec.logistics.model_dump()),
        "first_outfit": spec.exchange.first_outfit,
        "passage": spec.exchange.passage,
    }


def _native_fields(
    spec: TablesFile,
    where: str,
    policies: list[PolicySpec],
    attitude: tuple[tuple[tuple[int, ...], ...], ...],
    win_from: tuple[tuple[tuple[int, ...], ...], ...],
) -> dict[str, Any]:
    """The tables of natives: strength, policies, attitude, attack, negotiation, defeat,
    victory, looting and trade (10.4, 13-16)."""
    victory = [getattr(spec.victory, size) for size in SIZE_IDS]
    trade = spec.native_trade
    return {
        "native_strength": tuple(
            tuple(SIZE_IDS.index(s) for s in row) for row in spec.native_strength.by_distance
        ),
        "policy_ids": tuple(p.id for p in policies),
        "policy_names": tuple(p.name for p in policies),
        "policy_negotiates": tuple(p.negotiate for p in policies),
        "policy_retreats": tuple(p.retreat_if_hostile for p in policies),
        "policy_needs_arms": tuple(p.needs_arms for p in policies),
        "attitude": attitude,
        "attack_guns": tuple(spec.attack.guns),
        "attack_win_from": win_from,
        "negotiation_gifts": tuple(n.gifts for n in spec.negotiation),
        "negotiation": tuple(
            tuple(ATTITUDE_LETTERS.index(r) for r in n.results) for n in spec.negotiation
        ),
        "defeat": tuple(
            DefeatResult(DEFEAT_IDS.index(d.result), d.members, d.musket) for d in spec.defeat
        ),
        "askaris_killed": tuple(tuple(v.askaris_killed) for v in victory),
        "prisoners": tuple(tuple(v.prisoners) for v in victory),
        "village_found": tuple(tuple(v.village) for v in victory),
        "looting_dice": _complete(spec.looting.dice, SIZE_IDS, where, "looting.dice"),
        "looting_multiplier": spec.looting.multiplier,
        "looting": tuple((LOOT_IDS.index(f.find), f.count) for f in spec.looting.finds),
        "trade_limit": _complete(trade.limit, SIZE_IDS, where, "native_trade.limit"),
        "trade_buy": tuple(Trade(GOOD_IDS.index(r.good), r.quantity, r.gifts) for r in trade.buy),
        "trade_sell": tuple(Trade(GOOD_IDS.index(r.good), r.quantity, r.gifts) for r in trade.sell),
    }


def _score_fields(
    spec: TablesFile, where: str, vp_basic: tuple[list[int], ...], special_ids: list[str]
) -> dict[str, Any]:
    """The tables of hunting, recovery and victory points (18-20, 22-25)."""
    recovery = spec.recovery
    vp = spec.victory_points
    return {
        "hunting_yield": _hunting_yield(
            _complete(spec.hunting.rations, TERRAIN_IDS[:BASIC_TERRAINS], where, "hunting.rations")
        ),
        "hunting_modifier": tuple(getattr(spec.hunting.modifier, a) for a in ACTIVITY_IDS),
        "hunting_unarmed_alone": spec.hunting.unarmed_alone,
        "recovery_doctor": recovery.doctor,
        "recovery_lowest": recovery.lowest,
        "recovery": tuple(RECOVERY_IDS.index(r) for r in recovery.results),
        "vp_hex": tuple(
            tuple(max(vp_basic[p][s] for p in parts) for s in range(len(SPECIALTY_IDS)))
            for parts in TERRAIN_PARTS
        ),
        "vp_river": tuple(vp.river),
        "vp_oasis": tuple(vp.oasis),
        "vp_friendly_tribe": tuple(vp.friendly_tribe),
        "vp_ranked": tuple(
            tuple(tuple(rank) for rank in getattr(vp, ranked)) for ranked in RANKED_IDS
        ),
        "special_ids": tuple(special_ids),
        "special_names": tuple(s.name for s in spec.special),
        "vp_special": tuple(tuple(s.vp) for s in spec.special),
        "awards": Awards(
            **spec.awards.model_dump(exclude={"longest_river"}),
            longest_river=tuple(spec.awards.longest_river),
        ),
    }


def _hunting_yield(basic: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Rations per hunter by terrain; a mixture hunts as its better part (18.32)."""
    return tuple(
        tuple(max(basic[p][roll] for p in parts) for roll in range(DIE)) for parts in TERRAIN_PARTS
    )
