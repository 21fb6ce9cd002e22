"""The Source of the Nile tables file (``tables.toml``): its shape as pydantic models, checked
entry by entry before :mod:`terra.games.nile.components.tables` checks what the rules read.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from terra.core.data import MAX_COUNT, Count, Meta, Name, StrictModel
from terra.games.nile.terms import (
    DIE,
    GOOD_IDS,
    Abbreviation,
    AccessId,
    BasicTerrainId,
    GoodId,
    SizeId,
    SpecialtyId,
    TerrainId,
)

DICE_SUMS = 11  # two dice: 2 to 12


NEVER = 13  # a Native Attack threshold no two dice reach


POLICIES = 6  # Interaction with Natives, 13.3: six policies on the mapboard


MAX_VP = 100


MAX_DOLLARS = 100_000


Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]


Die = Annotated[int, Field(ge=1, le=DIE)]


Modifier = Annotated[int, Field(ge=-DIE, le=DIE)]


Points = Annotated[int, Field(ge=0, le=20)]  # movement points


Dollars = Annotated[int, Field(ge=0, le=MAX_DOLLARS)]


Vp = Annotated[int, Field(ge=-MAX_VP, le=MAX_VP)]


Positive = Annotated[int, Field(ge=1, le=MAX_COUNT)]


PerActivity = Annotated[list[Points], Field(min_length=3, max_length=3)]


PerDie = Annotated[list[Count], Field(min_length=DIE, max_length=DIE)]


VpRow = Annotated[list[Vp], Field(min_length=8, max_length=8)]


Ranks = Annotated[list[VpRow], Field(min_length=1, max_length=10)]
Sums = Annotated[
    list[Literal["F", "N", "H", "A", "C"]], Field(min_length=DICE_SUMS, max_length=DICE_SUMS)
]


Targets = Annotated[list[Annotated[int, Field(ge=2, le=NEVER)]], Field(min_length=1, max_length=20)]


class TerrainSpec(StrictModel):
    id: TerrainId
    name: Name
    key: Die | None = None  # the Terrain Key's die number; mixtures have none (32.23)
    lost: Annotated[int, Field(ge=0, le=DIE)]


class LostSpec(StrictModel):
    upstream: Annotated[int, Field(ge=0, le=DIE)]
    guide: Modifier
    cautious: Modifier
    reckless: Modifier
    sick: Modifier


class ActivitySpec(StrictModel):
    foot: PerActivity
    mounted: PerActivity
    canoe: PerActivity


class MovementSpec(StrictModel):
    known: Points
    unknown: Points
    canoe_swamp: Points
    portage: Points


class AccessSpec(StrictModel):
    foot: dict[TerrainId, AccessId]
    horse: dict[TerrainId, AccessId]
    camel: dict[TerrainId, AccessId]
    canoe: dict[TerrainId, AccessId]


class SpecialtySpec(StrictModel):
    id: SpecialtyId
    name: Name
    abbreviation: Abbreviation


class GoodSpec(StrictModel):
    id: GoodId
    name: Name
    price: Dollars | None = None  # None: never bought at a port
    only_at: Annotated[list[Name], Field(max_length=20)] = Field(default_factory=list)


class LogisticsSpec(StrictModel):
    man_weight: Count
    bearer_load: Count
    pack_load: Count
    ride_load: Count
    canoe_load: Count
    canoe_weight: Count
    animals_led: Count
    tusk_weight: Count
    specimen_weight: Count
    rations_per_man: Count
    water_per_man: Count
    water_per_horse: Count
    water_per_camel: Count
    horse_desert_rations: Count
    meat_per_animal: Count


class ExchangeSpec(StrictModel):
    first_outfit: Dollars
    passage: Dollars


class NativeStrengthSpec(StrictModel):
    by_distance: Annotated[
        list[Annotated[list[SizeId], Field(min_length=DIE, max_length=DIE)]],
        Field(min_length=1, max_length=50),
    ]


class PolicySpec(StrictModel):
    number: Annotated[int, Field(ge=1, le=POLICIES)]
    id: Id
    name: Name
    negotiate: bool
    retreat_if_hostile: bool
    needs_arms: bool = False


class AttitudeSpec(StrictModel):
    cautious: Sums
    normal: Sums
    reckless: Sums


class AttackBySizeSpec(StrictModel):
    small: Targets
    medium: Targets
    large: Targets


class AttackSpec(StrictModel):
    guns: Annotated[list[Count], Field(min_length=1, max_length=20)]
    charge: AttackBySizeSpec
    ambush: AttackBySizeSpec


class NegotiationSpec(StrictModel):
    gifts: Count
    results: Annotated[
        list[Literal["F", "H", "A", "C"]], Field(min_length=DICE_SUMS, max_length=DICE_SUMS)
    ]


class DefeatSpec(StrictModel):
    result: Literal["captured", "killed", "escapes"]
    members: Count = 0
    musket: bool = False

    @model_validator(mode="after")
    def _only_escapes_take_anything(self) -> DefeatSpec:
        if self.result != "escapes" and (self.members or self.musket):
            raise ValueError("only an explorer who escapes takes members or a musket")
        return self


class VictorySpec(StrictModel):
    askaris_killed: PerDie
    prisoners: PerDie
    village: Annotated[list[bool], Field(min_length=DIE, max_length=DIE)]


class VictoryBySizeSpec(StrictModel):
    small: VictorySpec
    medium: VictorySpec
    large: VictorySpec


class LootSpec(StrictModel):
    find: Literal["ration", "gift", "camel-or-canoe"]
    count: Positive


class LootingSpec(StrictModel):
    dice: dict[SizeId, Die]
    multiplier: Annotated[int, Field(ge=1, le=10)]
    finds: Annotated[list[LootSpec], Field(min_length=DIE, max_length=DIE)]


class HuntingModifierSpec(StrictModel):
    cautious: Modifier
    normal: Modifier
    reckless: Modifier


class HuntingSpec(StrictModel):
    modifier: HuntingModifierSpec
    unarmed_alone: Modifier
    rations: dict[BasicTerrainId, PerDie]


class RecoverySpec(StrictModel):
    doctor: Modifier
    lowest: Annotated[int, Field(ge=-2 * DIE, le=1)]
    results: Annotated[
        list[Literal["recovers", "sick", "dies"]], Field(min_length=DIE, max_length=3 * DIE)
    ]


class TradeSpec(StrictModel):
    good: GoodId
    quantity: Positive
    gifts: Positive


class NativeTradeSpec(StrictModel):
    limit: dict[SizeId, Count]
    buy: Annotated[list[TradeSpec], Field(max_length=len(GOOD_IDS))]
    sell: Annotated[list[TradeSpec], Field(max_length=len(GOOD_IDS))]


class VictoryPointsSpec(StrictModel):
    hex: dict[BasicTerrainId, VpRow]
    river: VpRow
    oasis: VpRow
    friendly_tribe: VpRow
    highest_mountain: Ranks
    highest_waterfall: Ranks
    largest_lake: Ranks


class SpecialSpec(StrictModel):
    id: Id
    name: Name
    vp: VpRow


class AwardsSpec(StrictModel):
    win: Annotated[int, Field(ge=1, le=10 * MAX_VP)]
    battle_won: Vp
    battle_lost: Vp
    interview: Vp
    interview_distance: Count
    longest_river: Annotated[list[Vp], Field(min_length=1, max_length=10)]
    nile_offboard: Count
    released_prisoners: Vp
    sick_discharged: Vp
    tusk: Vp


class TablesFile(StrictModel):
    meta: Meta
    terrain: Annotated[list[TerrainSpec], Field(min_length=8, max_length=8)]
    lost: LostSpec
    activity: ActivitySpec
    movement: MovementSpec
    access: AccessSpec
    specialty: Annotated[list[SpecialtySpec], Field(min_length=8, max_length=8)]
    good: Annotated[list[GoodSpec], Field(min_length=len(GOOD_IDS), max_length=len(GOOD_IDS))]
    logistics: LogisticsSpec
    exchange: ExchangeSpec
    native_strength: NativeStrengthSpec
    policy: Annotated[list[PolicySpec], Field(min_length=POLICIES, max_length=POLICIES)]
    attitude: dict[Id, AttitudeSpec]
    attack: AttackSpec
    negotiation: Annotated[list[NegotiationSpec], Field(min_length=1, max_length=20)]
    defeat: Annotated[list[DefeatSpec], Field(min_length=DIE, max_length=DIE)]
    victory: VictoryBySizeSpec
    looting: LootingSpec
    hunting: HuntingSpec
    recovery: RecoverySpec
    native_trade: NativeTradeSpec
    victory_points: VictoryPointsSpec
    special: Annotated[list[SpecialSpec], Field(min_length=1, max_length=20)]
    awards: AwardsSpec
