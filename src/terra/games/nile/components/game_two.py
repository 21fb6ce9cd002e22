"""Source of the Nile, Game II (27.0-41.0): the tables of its dice procedures, loaded from
``game2.toml``. The rulebook prints every one of them, so the file is a transcription, not a
design; the rules that read them live in the chapters they change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from terra.core.data import DataFiles, Meta, StrictModel
from terra.games.nile.components.events import PLACE_IDS, PLACE_MASKS, NativesPlaceId
from terra.games.nile.terms import DIE

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


class GameTwoFile(StrictModel):
    meta: Meta
    cataract: CataractSpec
    peak: PeakSpec
    natives: NativesSpec
    interaction: InteractionSpec
    attack: AttackSpec


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
    )
