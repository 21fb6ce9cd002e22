"""Source of the Nile, Game I: natives, the dice of disasters and the journalist.

Pure rules. Each function resolves one step of a procedure from the player's choice and the
dice and returns a small record that says what must be decided next; the state machine keeps
the turns, the seats, the Player Aid Sheet and the expedition's make-up, and applies what these
records say. Dice come from ``roll``, a callable giving one die (two dice are two calls), so a
scripted sequence replays any example exactly. Every number a table holds comes from the loaded
:class:`~terra.games.nile.tables.Tables`; the rulebook's own fixed numbers are named here.

An encounter with an unfriendly tribe runs: :func:`check_policy` (13.31), :func:`native_attitude`
(13.32), then by the answer's ``outcome``: :func:`negotiate` (14), a retreat (13.5, carried out
by the caller), or a battle: :func:`native_attack` (13.4), then :func:`victory_losses` and
:func:`victory_spoils`, :func:`treat_prisoners` and :func:`loot_village` (16), or
:func:`consequences_of_defeat` and, for a captive, :func:`escape_from_captivity` (15). A
friendly tribe trades (:func:`native_trade`, 14.6-14.95). Caches (17) are in
:mod:`terra.games.nile.caches`.

What the caller keeps: a tribe's size never changes, however often it is beaten (13.6: each
battle is with a fresh village), and its friendship, once won, covers every village of the hex
and lasts as long as that explorer lives, for him alone (13.6, 14.4); the gifts it has accepted
from each explorer (14.94) and the goods traded with it this turn (14.82) are the
``gifts_taken`` and ``traded`` of :class:`Exchange`.

Sections cited are those of the Avalon Hill rulebook (1979); decisions N40-N49 and N140-N141
of ``docs/rules-decisions.md`` settle what it leaves open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from terra.core.errors import IllegalAction
from terra.games.nile.events import KILLED, Disaster
from terra.games.nile.tables import (
    AMBUSH,
    FRIENDLY,
    HOSTILE,
    NEUTRAL,
    POLICIES,
    Tables,
)
from terra.games.nile.terms import (
    GOOD_IDS,
    JOURNALIST,
    PEOPLE,
    ZOOLOGIST,
    Specialty,
)

Roll = Callable[[], int]  # one die, 1-6

SOURCE = "Source of the Nile"

# What the natives' answer obliges (13.32, 14.1, 14.3, 13.42).
# RETREATS (13.5): the caller moves the expedition back without regaining the movement points;
# a hex just mapped keeps its rivers, cataracts, natives and oasis, loses its spectacular
# discoveries, and cannot be published until the explorer returns and stays.
PASSES, BEFRIENDED, NEGOTIATES, RETREATS, CHARGED, AMBUSHED = range(6)
OUTCOME_IDS = ("passes", "befriended", "negotiates", "retreats", "charged", "ambushed")

# Specialties that must release every prisoner and may not loot (16.41, 16.421).

SHOT_KILLS_FROM = 6  # 11.42: an animal is killed on a die roll of 6
ZOOLOGIST_KILLS_FROM = 5  # 11.42: a zoologist kills on 5 or 6
EXPLORER_DIES_FROM = 12  # 11.45: two dice of twelve kill the explorer instead
EXPLORER_DIES_FROM_ABSENT = 11  # 11.45: eleven or twelve when the person named is absent


def _rule(section: str) -> str:
    return f"{SOURCE}, {section}"


def _two_dice(roll: Roll) -> int:
    return roll() + roll()


# --------------------------------------------------------------------------------------------
# Policies and attitude (13.1-13.5)


@dataclass(frozen=True, slots=True)
class Answer:
    """The natives' answer to a policy (13.32) or to gifts (14.3), and what it obliges."""

    result: int  # the table's letter: FRIENDLY, NEUTRAL, HOSTILE, AMBUSH or CHARGE
    outcome: int  # PASSES, BEFRIENDED, NEGOTIATES, RETREATS, CHARGED or AMBUSHED
    dice: int  # the two dice thrown; 0 when none were (14.5)

    @property
    def battle(self) -> bool:
        """Whether the natives attack (13.4): resolve :func:`native_attack`."""
        return self.outcome in (CHARGED, AMBUSHED)

    @property
    def ambush(self) -> bool:
        return self.outcome == AMBUSHED


def guns_in_battle(healthy_askaris: int, explorer_armed: bool) -> int:
    """Source of the Nile 13.41: the guns are the healthy askaris plus the explorer if armed."""
    return healthy_askaris + (1 if explorer_armed else 0)


def policy_allowed(tables: Tables, policy: int, guns: int) -> bool:
    """Source of the Nile 13.31: a policy that needs arms needs at least one gun."""
    return 1 <= policy <= len(tables.policy_ids) and (
        guns > 0 or not tables.policy_needs_arms[policy - 1]
    )


def allowed_policies(tables: Tables, guns: int) -> tuple[int, ...]:
    """Source of the Nile 13.3-13.31: the policy numbers an expedition with ``guns`` may choose."""
    return tuple(p for p in range(1, len(tables.policy_ids) + 1) if policy_allowed(tables, p, guns))


def check_policy(tables: Tables, policy: int, guns: int) -> None:
    """Source of the Nile 13.31: refuse a policy the expedition cannot adopt, saying why."""
    if not 1 <= policy <= len(tables.policy_ids):
        raise IllegalAction(f"there is no policy {policy}; choose 1 to {POLICIES}", _rule("13.3"))
    if not policy_allowed(tables, policy, guns):
        raise IllegalAction(
            f"{tables.policy_names[policy - 1]} needs an armed man: an askari fit to fight or "
            "the explorer with a musket",
            _rule("13.31"),
        )


def native_attitude(tables: Tables, policy: int, activity: int, roll: Roll) -> Answer:
    """Source of the Nile 13.32, 13.42, 14.1: the Native Attitude Table, and what it obliges."""
    dice = _two_dice(roll)
    result = tables.native_attitude(policy, activity, dice)
    return Answer(result, _attitude_outcome(tables, policy, result), dice)


def _attitude_outcome(tables: Tables, policy: int, result: int) -> int:
    if result == FRIENDLY:
        return BEFRIENDED
    if result == NEUTRAL:
        return NEGOTIATES if tables.policy_negotiates[policy - 1] else PASSES
    if result == HOSTILE:
        # 13.42 and decision N56: the H that makes policy 2 retreat is the attitude's H.
        return RETREATS if tables.policy_retreats[policy - 1] else PASSES
    return AMBUSHED if result == AMBUSH else CHARGED


# --------------------------------------------------------------------------------------------
# Negotiation (14.1-14.5)


# --------------------------------------------------------------------------------------------
# Attack (13.4-13.41)


@dataclass(frozen=True, slots=True)
class Battle:
    """A Native Attack Table result (13.41): W (``won``) or D."""

    won: bool
    dice: int


def native_attack(tables: Tables, guns: int, size: int, ambush: bool, roll: Roll) -> Battle:
    """Source of the Nile 13.4-13.41: a charge or an ambush resolved on its Native Attack Table."""
    dice = _two_dice(roll)
    return Battle(tables.wins_battle(ambush, size, guns, dice), dice)


# --------------------------------------------------------------------------------------------
# Victory (16.1-16.433)


# --------------------------------------------------------------------------------------------
# Defeat and captivity (15.1-15.32)


# --------------------------------------------------------------------------------------------
# Trade (14.6-14.95)


# --------------------------------------------------------------------------------------------
# Disasters' dice (11.2, 11.42-11.45)


@dataclass(frozen=True, slots=True)
class Shooting:
    """Shots at an animal (11.42)."""

    killed: bool
    shots: int  # dice rolled: shooting stops at the first kill


def shoot_animal(askaris: int, explorer_armed: bool, specialty: Specialty, roll: Roll) -> Shooting:
    """Source of the Nile 11.42: each healthy askari and the armed explorer shoot once, killing
    on a 6; a zoologist's own shot kills on 5 or 6 (decision N44)."""
    shots = 0
    if explorer_armed:
        shots += 1
        kills_from = ZOOLOGIST_KILLS_FROM if specialty == ZOOLOGIST else SHOT_KILLS_FROM
        if roll() >= kills_from:
            return Shooting(True, shots)
    for _ in range(askaris):
        shots += 1
        if roll() >= SHOT_KILLS_FROM:
            return Shooting(True, shots)
    return Shooting(False, shots)


def disaster_ignored(disaster: Disaster, present: int) -> bool:
    """Source of the Nile 11.2, 11.45: a disaster naming what the expedition lacks is ignored,
    except one that kills people, which still endangers the explorer (decision N43)."""
    if disaster.who < 0 or disaster.who >= len(GOOD_IDS):
        return False
    return present == 0 and not (disaster.effect == KILLED and disaster.who in PEOPLE)


@dataclass(frozen=True, slots=True)
class Deaths:
    """People a disaster kills (11.45): the explorer may die instead of one of them."""

    killed: int  # of the people named, in the expedition
    explorer_killed: bool


def killed_by_disaster(killed: int, present: int, roll: Roll) -> Deaths:
    """Source of the Nile 11.45: two dice for each person killed; twelve kills the explorer
    instead, eleven or twelve when that person is not in the expedition."""
    dead = 0
    for person in range(killed):
        absent = person >= present
        dies_from = EXPLORER_DIES_FROM_ABSENT if absent else EXPLORER_DIES_FROM
        if _two_dice(roll) >= dies_from:
            return Deaths(dead, True)
        if not absent:
            dead += 1
    return Deaths(dead, False)


@dataclass(frozen=True, slots=True)
class Band:
    """A band a Disaster or a Bonus sets on the expedition (11.43): it attacks at once, has no
    village and no marker, and is gone after the phase."""

    size: int
    ambush: bool


def band_of(disaster: Disaster) -> Band | None:
    """Source of the Nile 11.43: the band a disaster sends, if any."""
    return None if disaster.band < 0 else Band(disaster.band, disaster.ambush)


# --------------------------------------------------------------------------------------------
# The journalist (24.2-24.63)


def journalist_battle_award(
    tables: Tables,
    specialty: Specialty,
    won: bool,
    *,
    in_africa: bool,
    own_battle: bool,
    battled_before: bool,
) -> int:
    """Source of the Nile 24.2-24.4: a journalist in Africa earns 1 v.p. for a battle won and 2
    for one lost; for his own battles, once per tribe (decision N49)."""
    if specialty != JOURNALIST or not in_africa or (own_battle and battled_before):
        return 0
    return tables.awards.battle_won if won else tables.awards.battle_lost


def may_interview(
    tables: Tables,
    *,
    specialty: Specialty,
    journalist: int,
    subject: int,
    journalist_hex: int,
    subject_hex: int,
    subject_reach: int,
    interviewed: frozenset[int],
) -> bool:
    """Source of the Nile 24.6-24.63: a journalist in Africa may interview, once per game,
    another explorer in his hex whose current expedition has been 4 or more hexes from a port.

    Explorers are the caller's ids; a hex of -1 is Europe; ``subject_reach`` is the farthest
    distance from a port the subject's current expedition has reached; ``interviewed`` the
    explorers this journalist has interviewed. The award is ``tables.awards.interview``.
    """
    return (
        specialty == JOURNALIST
        and journalist != subject
        and journalist_hex >= 0
        and journalist_hex == subject_hex
        and subject_reach >= tables.awards.interview_distance
        and subject not in interviewed
    )
