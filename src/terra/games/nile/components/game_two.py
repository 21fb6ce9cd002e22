"""Source of the Nile, Game II (27.0-41.0): the tables of its dice procedures, loaded from
``game2.toml``. The rulebook prints every one of them, so the file is a transcription, not a
design; the rules that read them live in the chapters they change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, model_validator

from terra.core.data import DataFiles, Meta, StrictModel
from terra.games.nile.components.events import PLACE_IDS, PLACE_MASKS, NativesPlaceId
from terra.games.nile.components.tables import CAPTURED, ESCAPES, KILLED
from terra.games.nile.terms import DIE, GOOD_IDS

PeopleOrAnimal = Literal["guide", "askari", "bearer", "camel", "horse", "canoe"]

GAME_TWO_FILE = "game2.toml"
DICE_SUMS = 2 * DIE - 1  # two dice: 2 to 12

Places = Annotated[list[NativesPlaceId], Field(max_length=len(PLACE_IDS))]
Dice = Annotated[int, Field(ge=1, le=6)]
Feet = Annotated[int, Field(ge=1, le=100_000)]


class CataractSpec(StrictModel):
    by_die: Annotated[list[Places], Field(min_length=DIE, max_length=DIE)]
    height_dice: Dice
    spectacular: Feet


class PeakSpec(StrictModel):
    dice: Dice
    add: Annotated[int, Field(ge=0, le=1_000)]
    times: Annotated[int, Field(ge=1, le=1_000)]
    spectacular: Feet


class NativesSpec(StrictModel):
    by_sum: Annotated[list[Places], Field(min_length=DICE_SUMS, max_length=DICE_SUMS)]
    size_dice: Dice


Policy = Annotated[int, Field(ge=1, le=6)]
Modifier = Annotated[int, Field(ge=-6, le=6)]


class InteractionSpec(StrictModel):
    policies: Policy
    attitude_dice: Dice
    unarmed_policies: Annotated[list[Policy], Field(max_length=6)]
    unarmed: Modifier
    muskets_only: Modifier
    guide_policies: Annotated[list[Policy], Field(max_length=6)]
    known: Modifier


class AttackSpec(StrictModel):
    dice: Dice
    mounted: Modifier
    foot_in_desert: Modifier


Count = Annotated[int, Field(ge=0, le=20)]
Points = Annotated[int, Field(ge=0, le=10)]
Change = Annotated[int, Field(ge=-10, le=10)]


class DefeatSpec(StrictModel):
    die: Dice
    result: Literal["captured", "killed", "escapes"]
    muskets: Count = 0
    rations: Count = 0
    table_a: Count = 0


class CaptivitySpec(StrictModel):
    less: Dice


class TableASpec(StrictModel):
    by_die: Annotated[list[Literal[PeopleOrAnimal]], Field(min_length=DIE, max_length=DIE)]
    carries: Annotated[list[Literal[PeopleOrAnimal]], Field(max_length=DIE)]


class LoadSpec(StrictModel):
    good: Literal["ration", "gift", "musket"]
    amount: Annotated[int, Field(ge=1, le=100)]


class VictorySpec(StrictModel):
    loot_on: Dice
    village_dice: Dice


class NegotiationSpec(StrictModel):
    dice: Dice


class TradeSpec(StrictModel):
    animals: Count
    canoes: Count
    items: Count
    hirelings: Count


class AttitudeSpec(StrictModel):
    start: Change
    defeats_explorer: Change
    attacks: Change
    kills_explorer: Change
    prisoners_released: Change
    breaks_at: Change
    former_friend: Change


class SpecimensSpec(StrictModel):
    zoology: Annotated[list[Places], Field(min_length=DIE, max_length=DIE)]
    geology: Annotated[list[Places], Field(min_length=DIE, max_length=DIE)]
    weight: Count
    points: Points
    extra: Annotated[list[Points], Field(min_length=DICE_SUMS, max_length=DICE_SUMS)]


class ConversionSpec(StrictModel):
    """A line of the Missionary or the Doctor table (40.52)."""

    attitude: Change = 0
    points: Points = 0
    poison: Count = 0
    dies: bool = False
    sick: bool = False


class SpecialtiesSpec(StrictModel):
    journalist_income: Annotated[int, Field(ge=0, le=100_000)]
    ethnologist_sick_on: Annotated[int, Field(ge=2, le=12)]


class PoisonSpec(StrictModel):
    by_die: Annotated[
        list[Literal["dies", "recovers", "fails"]], Field(min_length=DIE, max_length=DIE)
    ]


class GameTwoFile(StrictModel):
    meta: Meta
    cataract: CataractSpec
    peak: PeakSpec
    natives: NativesSpec
    interaction: InteractionSpec
    attack: AttackSpec
    defeat: Annotated[list[DefeatSpec], Field(min_length=DIE, max_length=DIE)]
    captivity: CaptivitySpec
    table_a: TableASpec
    table_b: Annotated[list[LoadSpec], Field(min_length=DIE, max_length=DIE)]
    victory: VictorySpec
    negotiation: NegotiationSpec
    trade: TradeSpec
    attitude: AttitudeSpec
    specimens: SpecimensSpec
    missionary: Annotated[list[ConversionSpec], Field(min_length=DIE, max_length=DIE)]
    doctor: Annotated[list[ConversionSpec], Field(min_length=DIE, max_length=DIE)]
    specialties: SpecialtiesSpec
    poison: PoisonSpec

    @model_validator(mode="after")
    def _in_order(self) -> GameTwoFile:
        if [line.die for line in self.defeat] != list(range(1, DIE + 1)):
            raise ValueError("the defeat table's lines are the dice 1 to 6, in order")
        return self


@dataclass(frozen=True, slots=True)
class DefeatLine:
    """A line of Game II's Consequences of Defeat Table (35.2)."""

    result: int  # CAPTURED, KILLED or ESCAPES, as Game I's table names them
    muskets: int
    rations: int
    table_a: int  # rolls on Table A (35.3)


@dataclass(frozen=True, slots=True)
class Conversion:
    """A line of the Missionary or the Doctor table (40.52)."""

    attitude: int
    points: int
    poison: int  # attempts to poison him
    dies: bool
    sick: bool


@dataclass(frozen=True, eq=False)
class GameTwo:
    """Game II's tables; places as masks of :data:`~.events.PLACE_MASKS`."""

    cataract_by_die: tuple[int, ...]  # die - 1 -> places with a cataract (32.32)
    cataract_dice: int  # dice multiplied for a cataract's height (32.33)
    spectacular_waterfall: int  # feet (32.33)
    peak_dice: int  # 32.34
    peak_add: int
    peak_times: int
    spectacular_peak: int  # feet (32.34)
    natives_by_sum: tuple[int, ...]  # two dice - 2 -> places natives live in (33.2)
    tribe_dice: int  # dice multiplied for a tribe's size (33.3)
    policies: int  # the policies toward unfriendly natives, 1 to this (34.1)
    attitude_dice: int  # 34.3
    unarmed_policies: frozenset[int]  # 34.21
    unarmed: int  # 34.21: neither askaris nor muskets
    muskets_only: int  # 34.21: muskets but no askaris
    guide_policies: frozenset[int]  # 34.221
    known: int  # 34.22: any of 34.221-34.223
    attack_dice: int  # the highest of these (34.42)
    attack_mounted: int  # 34.421
    attack_foot_in_desert: int  # 34.422
    defeat: tuple[DefeatLine, ...]  # die - 1 (35.2)
    captive_less: int  # 35.5
    table_a: tuple[int, ...]  # die - 1 -> a good (35.3)
    table_a_carries: frozenset[int]  # goods whose load Table B gives
    table_b: tuple[tuple[int, int], ...]  # die - 1 -> (good, amount) (35.4)
    loot_on: int  # 36.3
    village_dice: int  # 36.4
    insult_dice: int  # the higher of these (38.2)
    trade_animals: int  # per native (38.3)
    trade_canoes: int
    trade_items: int
    trade_hirelings: int
    attitude_start: int  # 39.2
    attitude_defeats: int  # 39.21
    attitude_attacks: int  # 39.22
    attitude_kills: int  # 39.23
    attitude_released: int  # 39.24
    attitude_breaks_at: int  # 39.5
    attitude_former_friend: int  # 39.5
    zoology: tuple[int, ...]  # die - 1 -> places (40.42)
    geology: tuple[int, ...]
    specimen_weight: int  # items (40.45)
    specimen_points: int
    specimen_extra: tuple[int, ...]  # two dice - 2 -> points (40.46)
    missionary: tuple[Conversion, ...]  # die - 1 (40.52)
    doctor: tuple[Conversion, ...]
    journalist_income: int  # 40.61
    ethnologist_sick_on: int  # 40.71
    poison: tuple[str, ...]  # die - 1 -> "dies", "recovers" or "fails" (41.2)


def _mask(places: list[NativesPlaceId]) -> int:
    mask = 0
    for place in places:
        mask |= PLACE_MASKS[PLACE_IDS.index(place)]
    return mask


def build_game_two(files: DataFiles) -> GameTwo:
    spec = files.model(GAME_TWO_FILE, GameTwoFile)
    return GameTwo(
        cataract_by_die=tuple(map(_mask, spec.cataract.by_die)),
        cataract_dice=spec.cataract.height_dice,
        spectacular_waterfall=spec.cataract.spectacular,
        peak_dice=spec.peak.dice,
        peak_add=spec.peak.add,
        peak_times=spec.peak.times,
        spectacular_peak=spec.peak.spectacular,
        natives_by_sum=tuple(map(_mask, spec.natives.by_sum)),
        tribe_dice=spec.natives.size_dice,
        policies=spec.interaction.policies,
        attitude_dice=spec.interaction.attitude_dice,
        unarmed_policies=frozenset(spec.interaction.unarmed_policies),
        unarmed=spec.interaction.unarmed,
        muskets_only=spec.interaction.muskets_only,
        guide_policies=frozenset(spec.interaction.guide_policies),
        known=spec.interaction.known,
        attack_dice=spec.attack.dice,
        attack_mounted=spec.attack.mounted,
        attack_foot_in_desert=spec.attack.foot_in_desert,
        defeat=tuple(
            DefeatLine(_RESULTS[line.result], line.muskets, line.rations, line.table_a)
            for line in spec.defeat
        ),
        captive_less=spec.captivity.less,
        table_a=tuple(GOOD_IDS.index(good) for good in spec.table_a.by_die),
        table_a_carries=frozenset(GOOD_IDS.index(good) for good in spec.table_a.carries),
        table_b=tuple((GOOD_IDS.index(load.good), load.amount) for load in spec.table_b),
        loot_on=spec.victory.loot_on,
        village_dice=spec.victory.village_dice,
        insult_dice=spec.negotiation.dice,
        trade_animals=spec.trade.animals,
        trade_canoes=spec.trade.canoes,
        trade_items=spec.trade.items,
        trade_hirelings=spec.trade.hirelings,
        attitude_start=spec.attitude.start,
        attitude_defeats=spec.attitude.defeats_explorer,
        attitude_attacks=spec.attitude.attacks,
        attitude_kills=spec.attitude.kills_explorer,
        attitude_released=spec.attitude.prisoners_released,
        attitude_breaks_at=spec.attitude.breaks_at,
        attitude_former_friend=spec.attitude.former_friend,
        zoology=tuple(map(_mask, spec.specimens.zoology)),
        geology=tuple(map(_mask, spec.specimens.geology)),
        specimen_weight=spec.specimens.weight,
        specimen_points=spec.specimens.points,
        specimen_extra=tuple(spec.specimens.extra),
        missionary=tuple(_conversion(line) for line in spec.missionary),
        doctor=tuple(_conversion(line) for line in spec.doctor),
        journalist_income=spec.specialties.journalist_income,
        ethnologist_sick_on=spec.specialties.ethnologist_sick_on,
        poison=tuple(spec.poison.by_die),
    )


_RESULTS = {"captured": CAPTURED, "killed": KILLED, "escapes": ESCAPES}


def _conversion(line: ConversionSpec) -> Conversion:
    return Conversion(line.attitude, line.points, line.poison, line.dies, line.sick)
