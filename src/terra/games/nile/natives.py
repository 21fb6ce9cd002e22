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

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from terra.core.errors import IllegalAction
from terra.games.nile.board import Board
from terra.games.nile.events import KILLED, Disaster
from terra.games.nile.tables import (
    AMBUSH,
    CAPTURED,
    CHARGE,
    ESCAPES,
    FRIENDLY,
    HOSTILE,
    LOOT_GIFT,
    LOOT_RATION,
    NEUTRAL,
    POLICIES,
    DefeatResult,
    Tables,
)
from terra.games.nile.terms import (
    CAMEL,
    CANOE,
    DESERT,
    DOCTOR,
    ETHNOLOGIST,
    GIFT,
    GOOD_IDS,
    JOURNALIST,
    MISSIONARY,
    MUSKET,
    PEOPLE,
    RATION,
    SIZE_IDS,
    WATER,
    ZOOLOGIST,
    Good,
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
RELEASERS = frozenset({MISSIONARY, DOCTOR, ETHNOLOGIST})

POISON_KILLS_ON = 1  # 14.83: the witch doctor's poison kills on a die roll of one
SHOT_KILLS_FROM = 6  # 11.42: an animal is killed on a die roll of 6
ZOOLOGIST_KILLS_FROM = 5  # 11.42: a zoologist kills on 5 or 6
EXPLORER_DIES_FROM = 12  # 11.45: two dice of twelve kill the explorer instead
EXPLORER_DIES_FROM_ABSENT = 11  # 11.45: eleven or twelve when the person named is absent
KHARTOUM = "Khartoum"  # 14.84: where a desert tribe's camels must be able to come from


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


def negotiate(tables: Tables, gifts: int, roll: Roll, *, everything: bool = False) -> Answer:
    """Source of the Nile 14.3, 14.5: the chief's answer to ``gifts``; giving him everything
    (or having nothing to give) befriends the tribe without dice."""
    if gifts < 0:
        raise IllegalAction("gifts offered cannot be fewer than none", _rule("14.2"))
    if everything:
        return Answer(FRIENDLY, BEFRIENDED, 0)
    dice = _two_dice(roll)
    result = tables.negotiation_result(gifts, dice)
    outcome = {FRIENDLY: BEFRIENDED, HOSTILE: PASSES, AMBUSH: AMBUSHED, CHARGE: CHARGED}[result]
    return Answer(result, outcome, dice)


def everything_for_the_chief(held: Sequence[int], personal_muskets: int) -> tuple[int, ...]:
    """Source of the Nile 14.5: what giving "every item" hands over, by good: all but people,
    animals and the personal muskets (decision N140). The tusks and specimens carried, which
    are no goods, go as well: the caller hands them over."""
    given = [0] * len(GOOD_IDS)
    for good in (RATION, GIFT, WATER, CANOE):
        given[good] = held[good]
    given[MUSKET] = max(0, held[MUSKET] - personal_muskets)
    return tuple(given)


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


@dataclass(frozen=True, slots=True)
class Treatment:
    """What becomes of the prisoners and the village (16.41-16.422)."""

    bearers: int  # prisoners kept as bearers
    loot: bool  # loot the village: roll :func:`loot_village`
    vp: int  # awarded on return to Europe for releasing without looting (16.422)


def treat_prisoners(
    tables: Tables, specialty: Specialty, spoils: Spoils, *, keep: bool, loot: bool
) -> Treatment:
    """Source of the Nile 16.41-16.422: keep or release the prisoners, loot or spare the village."""
    if (keep or loot) and must_release_prisoners(specialty):
        raise IllegalAction(
            f"a {tables.specialty_names[specialty]} must release every prisoner and may not loot",
            _rule("16.41, 16.421"),
        )
    if loot and not spoils.village:
        raise IllegalAction("only a village that has been found can be looted", _rule("16.42"))
    spared = spoils.village and not keep and not loot
    return Treatment(
        spoils.prisoners if keep else 0,
        loot,
        tables.awards.released_prisoners if spared else 0,
    )


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
    tables: Tables, size: int, roll: Roll, *, desert: bool, river: bool, canoes: bool = False
) -> Loot:
    """Source of the Nile 16.43: every looting roll on the Looting Table; a camel only in desert,
    a canoe only by a river system (by the looter's choice ``canoes`` where both, N46)."""
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


# --------------------------------------------------------------------------------------------
# Defeat and captivity (15.1-15.32)


def consequences_of_defeat(tables: Tables, roll: Roll) -> DefeatResult:
    """Source of the Nile 15.2: captured, killed, or escaping with up to ``members`` members."""
    return tables.defeat[roll() - 1]


def check_escapers(defeat: DefeatResult, members: int) -> None:
    """Source of the Nile 15.21-15.22: the explorer picks at most ``defeat.members`` members
    (a person, an animal or a canoe each) to escape with him."""
    if defeat.result != ESCAPES and members:
        raise IllegalAction("no one escapes with a captured or dead explorer", _rule("15.21"))
    if members > defeat.members:
        raise IllegalAction(
            f"only {defeat.members} member(s) may escape with the explorer, not {members}",
            _rule("15.21"),
        )


def may_attempt_escape(captured_turn: int, turn: int) -> bool:
    """Source of the Nile 15.3: a captive tries to escape at the end of each turn after the turn
    of his capture."""
    return turn > captured_turn


def escape_from_captivity(
    tables: Tables, captured_turn: int, turn: int, roll: Roll
) -> DefeatResult:
    """Source of the Nile 15.3-15.32: an escape attempt on the Consequences of Defeat Table; its
    members are bearers without load, and a captive has no musket to keep (N47)."""
    if not may_attempt_escape(captured_turn, turn):
        raise IllegalAction(
            "a captive first tries to escape at the end of the turn after his capture",
            _rule("15.3"),
        )
    line = consequences_of_defeat(tables, roll)
    return DefeatResult(line.result, line.members, False)


def still_captive(escape: DefeatResult) -> bool:
    """Source of the Nile 15.31: escape attempts go on until the explorer escapes or dies."""
    return escape.result == CAPTURED


# --------------------------------------------------------------------------------------------
# Trade (14.6-14.95)


@dataclass(frozen=True, slots=True)
class Exchange:
    """One trade with a friendly tribe (14.7-14.82). When ``dies``, the witch doctor's poison
    killed the explorer first and nothing changed hands (14.83)."""

    good: Good
    selling: bool
    quantity: int  # of ``good``: received when buying, given when selling
    gifts: int  # paid when buying, received when selling
    gifts_taken: int  # the tribe's new total of gifts accepted from this explorer (14.94)
    traded: int  # the goods traded with this tribe this turn, one bit each (14.82)
    poison_rolled: bool
    dies: bool


def trade_rate(tables: Tables, good: Good, selling: bool) -> int:
    """Source of the Nile 14.7: the index of ``good``'s line on the Native Trade Table, or -1."""
    rates = tables.trade_sell if selling else tables.trade_buy
    return next((i for i, rate in enumerate(rates) if rate.good == good), -1)


def trade_closed(tables: Tables, size: int, gifts_taken: int) -> bool:
    """Source of the Nile 14.95: a tribe that has its full allotment of an explorer's gifts no
    longer trades with him."""
    return gifts_taken >= tables.trade_limit[size]


def witch_doctor_poisons(roll: Roll) -> bool:
    """Source of the Nile 14.83: the witch doctor's poison kills the explorer on a one."""
    return roll() == POISON_KILLS_ON


def most_lots(
    tables: Tables,
    size: int,
    good: Good,
    *,
    selling: bool = False,
    holding: int,
    gifts_taken: int = 0,
    traded: int = 0,
    camels: bool = False,
) -> int:
    """Source of the Nile 14.7-14.95: the most lots of ``good`` the explorer may trade now with
    the tribe (0: none), for listing legal trades; arguments as for :func:`native_trade`."""
    line = trade_rate(tables, good, selling)
    if (
        line < 0
        or traded >> good & 1
        or trade_closed(tables, size, gifts_taken)
        or (good == CAMEL and not camels)
    ):
        return 0
    if selling:
        return holding // tables.trade_sell[line].quantity
    room = tables.trade_limit[size] - gifts_taken
    return min(holding, room) // tables.trade_buy[line].gifts


def native_trade(
    tables: Tables,
    size: int,
    good: Good,
    lots: int,
    roll: Roll,
    *,
    selling: bool = False,
    holding: int,
    gifts_taken: int = 0,
    traded: int = 0,
    camels: bool = False,
) -> Exchange:
    """Source of the Nile 14.6-14.95: ``lots`` times one line of the Native Trade Table.

    ``holding`` is what the explorer has of what he pays with (gifts when buying, ``good`` when
    selling); ``gifts_taken`` and ``traded`` are the tribe's record with this explorer (all game)
    and this turn's goods; ``camels`` whether this tribe may sell camels (:func:`camels_for_trade`).
    The tribe's witch doctor strikes at the turn's first trade with it (decision N41).
    """
    name = tables.good_names[good]
    line = trade_rate(tables, good, selling)
    if line < 0:
        doing = "buy" if selling else "sell"
        raise IllegalAction(f"the natives do not {doing} {name}", _rule("14.7"))
    if lots < 1:
        raise IllegalAction("a trade is for one lot or more", _rule("14.81"))
    if good == CAMEL and not camels:
        raise IllegalAction(
            "camels come only from a desert tribe with a desert route to Khartoum",
            _rule("14.84"),
        )
    if traded >> good & 1:
        raise IllegalAction(
            f"{name} has already been traded with this tribe this turn", _rule("14.82")
        )
    limit = tables.trade_limit[size]
    if trade_closed(tables, size, gifts_taken):
        raise IllegalAction(
            f"a {SIZE_IDS[size]} tribe has had its {limit} gifts from this explorer and no longer "
            "trades with him",
            _rule("14.95"),
        )
    rate = (tables.trade_sell if selling else tables.trade_buy)[line]
    quantity, gifts = rate.quantity * lots, rate.gifts * lots
    paying = quantity if selling else gifts
    if paying > holding:
        raise IllegalAction(
            f"the trade needs {paying} {tables.good_names[good if selling else GIFT]}; "
            f"the explorer has {holding}",
            _rule("14.8"),
        )
    taken = gifts_taken if selling else gifts_taken + gifts
    if taken > limit:
        raise IllegalAction(
            f"a {SIZE_IDS[size]} tribe accepts at most {limit} gifts from one explorer; "
            f"{limit - gifts_taken} more at most",
            _rule("14.91-14.93"),
        )
    first = traded == 0
    if first and witch_doctor_poisons(roll):
        return Exchange(good, selling, 0, 0, gifts_taken, traded, True, True)
    return Exchange(good, selling, quantity, gifts, taken, traded | 1 << good, first, False)


def desert_route_to(board: Board, terrain: Sequence[int], from_hex: int, to_hex: int) -> bool:
    """Source of the Nile 14.84: whether desert hexes lead from ``from_hex`` to ``to_hex`` over
    the terrain the caller knows (``terrain`` by hex; unexplored hexes break a route)."""
    if terrain[from_hex] != DESERT:
        return False
    seen = {from_hex}
    queue = deque((from_hex,))
    while queue:
        here = queue.popleft()
        if here == to_hex:
            return True
        for there in board.overland[here]:
            if there == to_hex:
                return True
            if there not in seen and terrain[there] == DESERT:
                seen.add(there)
                queue.append(there)
    return False


def camels_for_trade(board: Board, terrain: Sequence[int], hex_: int) -> bool:
    """Source of the Nile 14.84: a tribe sells camels only in desert joined to Khartoum by
    desert."""
    return desert_route_to(board, terrain, hex_, board.port_hex[board.port(KHARTOUM)])


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
