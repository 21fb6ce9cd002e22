"""Source of the Nile 16.1-16.433 Results of Victory: the askaris lost (Table A), the prisoners
and the village (Table B), and what the victor does with them: ``release`` the prisoners,
``keep`` them as bearers, or ``loot`` the village (16.41-16.433).

Source of the Nile 36.0 Results of Victory and 37.0 Looting in Game II: prisoners and the
village by dice (36.2-36.4), a six that loots (36.3), a looting roll for each native (37.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, allowed, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.attitude import earn_attitude
from terra.games.nile.chance import Roll, dice, roll
from terra.games.nile.components.tables import LOOT_GIFT, LOOT_RATION, Tables
from terra.games.nile.defeat import defeat
from terra.games.nile.meeting import finish
from terra.games.nile.party import lose, regain_respect
from terra.games.nile.phases import RULE_RESULTS, SPOILS
from terra.games.nile.terms import ASKARI, DESERT, DOCTOR, ETHNOLOGIST, MISSIONARY, Specialty
from terra.games.nile.territory import river_system

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

# Specialties that must release every prisoner and may not loot (16.41, 16.421).
RELEASERS = frozenset({MISSIONARY, DOCTOR, ETHNOLOGIST})


@dataclass(frozen=True, slots=True)
class Losses:
    """Results of Victory, Table A (16.2-16.4): askaris killed and what follows."""

    killed: int  # askaris killed
    defeat: bool  # the loss exceeded the askaris: go to Consequences of Defeat (16.3)
    spoils: bool  # askaris remain: roll on Table B (16.4)


def victory_losses(tables: Tables, size: int, askaris: int, roll: Roll) -> Losses:
    """Source of the Nile 16.2-16.4: a loss that exceeds the askaris turns victory into defeat."""
    loss = tables.askaris_killed[size][roll() - 1]
    if loss > askaris:
        return Losses(askaris, True, False)
    return Losses(loss, False, askaris - loss > 0)


@dataclass(frozen=True, slots=True)
class Spoils:
    """Results of Victory, Table B (16.4): prisoners taken and whether the village is found."""

    prisoners: int
    village: bool


def victory_spoils(tables: Tables, size: int, roll: Roll, *, band: bool = False) -> Spoils:
    """Source of the Nile 16.4, 11.43: prisoners and the village; a band has no village (N48)."""
    face = roll() - 1
    return Spoils(tables.prisoners[size][face], tables.village_found[size][face] and not band)


def must_release_prisoners(specialty: Specialty) -> bool:
    """Source of the Nile 16.41, 16.421: missionaries, doctors and ethnologists release all
    prisoners and never loot."""
    return specialty in RELEASERS


def looting_rolls(tables: Tables, size: int, roll: Roll) -> int:
    """Source of the Nile 16.432: one, two or three dice by tribe size, the sum doubled."""
    return sum(roll() for _ in range(tables.looting_dice[size])) * tables.looting_multiplier


@dataclass(frozen=True, slots=True)
class Loot:
    """What looting a village finds (16.431-16.433)."""

    rolls: int
    rations: int
    gifts: int
    camels: int
    canoes: int


def loot_village(
    tables: Tables,
    size: int,
    roll: Roll,
    *,
    desert: bool,
    river: bool,
    canoes: bool = False,
    rolls: int | None = None,
) -> Loot:
    """Source of the Nile 16.43: every looting roll on the Looting Table; a camel only in desert,
    a canoe only by a river system (by the looter's choice ``canoes`` where both, N46). 37.1-37.2:
    in Game II the ``rolls`` are as many as the natives met."""
    if rolls is None:
        rolls = looting_rolls(tables, size, roll)
    found = [0, 0, 0, 0]  # rations, gifts, camels, canoes
    take_canoe = river and (canoes or not desert)
    for _ in range(rolls):
        kind, count = tables.looting[roll() - 1]
        if kind == LOOT_RATION:
            found[0] += count
        elif kind == LOOT_GIFT:
            found[1] += count
        elif take_canoe:
            found[3] += count
        elif desert:
            found[2] += count
    return Loot(rolls, *found)


def win(state: NileState) -> None:
    """16.2-16.4: the battle won, Table A's askaris killed (a loss beyond them is a defeat,
    16.3), then Table B's prisoners and village, whose fate the explorer decides (16.41)."""
    if state.game_two:
        win_by_dice(state)
        return
    encounter = state.encounter
    assert encounter is not None
    tables = state.data.tables
    explorer = state.explorer(state.player)
    askaris = explorer.party.count(ASKARI)  # 16.3: every askari, the sick too (N45)
    losses = victory_losses(tables, encounter.size, askaris, dice(state))
    if losses.killed:
        lose(explorer.party, ASKARI, losses.killed)  # the healthy who fought fall first
        state.emit("killed", player=state.player, good=ASKARI, count=losses.killed)
    regain_respect(explorer.party)  # 5.52: a victory restores the askaris' respect
    if losses.defeat:
        defeat(state)
        return
    if not losses.spoils:
        finish(state)
        return
    spoils = victory_spoils(tables, encounter.size, dice(state), band=encounter.band)
    state.emit("spoils", player=state.player, prisoners=spoils.prisoners, village=spoils.village)
    take_spoils(state, spoils.prisoners, spoils.village)


def win_by_dice(state: NileState) -> None:
    """Source of the Nile 36.1-36.5 (Game II): the surviving askaris less a die are prisoners; a
    six takes none and loots the village if it is found, whoever the explorer is (36.3); the
    village is found unless two dice beat the policy plus the prisoners (36.4). Then as in
    Game I (16.41-16.433)."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    two = state.data.game_two
    regain_respect(explorer.party)  # 5.52: a victory restores the askaris' respect
    die = roll(state)
    plunder = die == two.loot_on
    prisoners = 0 if plunder else max(0, explorer.party.askaris - die)
    thrown = sum(roll(state) for _ in range(two.village_dice))
    village = not encounter.band and thrown <= encounter.policy + prisoners
    state.emit("spoils", player=state.player, prisoners=prisoners, village=village)
    if plunder:
        if village:
            loot(state)
        else:
            finish(state)
        return
    take_spoils(state, prisoners, village)


def take_spoils(state: NileState, prisoners: int, village: bool) -> None:
    """16.41: the victor decides the fate of the prisoners taken and of the village found (a
    missionary, doctor or ethnologist releases them at once); with neither, the meeting ends."""
    if not prisoners and not village:
        finish(state)
        return
    encounter = state.encounter
    assert encounter is not None
    encounter.prisoners = prisoners
    encounter.members = 1 if village else 0
    if must_release_prisoners(state.explorers[state.player].specialty):
        release_prisoners(state)
        return
    state.phase = SPOILS


def release_prisoners(state: NileState) -> None:
    """16.422: release the prisoners and spare the village: 1 v.p. on return to Europe. 39.24:
    in Game II the tribe thinks better of the explorer who took prisoners and released them."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    if encounter.members:  # the village was found
        explorer.awards += state.data.tables.awards.released_prisoners
    state.emit("prisoners-released", player=state.player)
    if state.game_two and encounter.prisoners:
        earn_attitude(state, encounter.tribe, state.data.game_two.attitude_released, "released")
    finish(state)


def _prisoners_become_bearers(state: NileState) -> int:
    """16.41, 16.421: the prisoners join the explorer's party as bearers; how many they are."""
    encounter = state.encounter
    assert encounter is not None
    state.explorer(state.player).party.bearers += encounter.prisoners
    return encounter.prisoners


def keep_prisoners(state: NileState) -> None:
    """16.41, 16.421: the prisoners become bearers."""
    kept = _prisoners_become_bearers(state)
    state.emit("prisoners-kept", player=state.player, count=kept)
    finish(state)


def loot(state: NileState) -> None:
    """16.421, 16.43: keep the prisoners as bearers and loot the village."""
    _prisoners_become_bearers(state)
    encounter = state.encounter
    assert encounter is not None
    territory = state.territory
    hex_ = encounter.hex
    found = loot_village(
        state.data.tables,
        encounter.size,
        dice(state),
        desert=territory.terrain[hex_] == DESERT,
        river=river_system(territory, state.data.board, hex_) >= 0,
        rolls=encounter.size if state.game_two else None,  # 37.2
    )
    party = state.explorer(state.player).party
    party.rations += found.rations
    party.gifts += found.gifts
    party.camels += found.camels
    party.canoes += found.canoes
    state.emit(
        "looted",
        player=state.player,
        rations=found.rations,
        gifts=found.gifts,
        camels=found.camels,
        canoes=found.canoes,
    )
    finish(state)


def explain_keep(state: NileState) -> IllegalAction | None:
    """16.41: missionaries, doctors and ethnologists release every prisoner."""
    encounter = state.encounter
    explorer = state.explorers[state.player]
    if must_release_prisoners(explorer.specialty):
        return refusal("must_release", "your specialty must release every prisoner", RULE_RESULTS)
    if encounter is None or not encounter.prisoners:
        return refusal("no_prisoners", "there are no prisoners", RULE_RESULTS)
    return None


def explain_loot(state: NileState) -> IllegalAction | None:
    """16.42-16.421: only a village found, and not by a missionary, doctor or ethnologist."""
    encounter = state.encounter
    explorer = state.explorers[state.player]
    if must_release_prisoners(explorer.specialty):
        return refusal("may_not_loot", "your specialty may not loot", RULE_RESULTS)
    if encounter is None or not encounter.members:
        return refusal("village_not_found", "the village has not been found", RULE_RESULTS)
    return None


RELEASE = Move(
    name="release",
    rule="Source of the Nile, 16.42-16.422",
    notation=fixed("release prisoners"),
    offer=offers.always(act.RELEASE),
    explain=allowed,  # 16.42: releasing is always allowed
    effect=release_prisoners,
)
KEEP = Move(
    name="keep",
    rule="Source of the Nile, 16.41, 16.421",
    notation=fixed("keep prisoners"),
    offer=checked(offers.every(act.KEEP), explain_keep),
    explain=explain_keep,
    effect=keep_prisoners,
)
LOOT = Move(
    name="loot",
    rule="Source of the Nile, 16.421-16.433",
    notation=fixed("loot"),
    offer=checked(offers.every(act.LOOT), explain_loot),
    explain=explain_loot,
    effect=loot,
)
