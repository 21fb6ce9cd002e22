"""Source of the Nile 13.1-13.6 Interaction with Natives: a tribe met in the hex entered or stayed
in (13.1-13.2), the policy toward an unfriendly one and its answer on the Native Attitude
Table (13.3-13.32), the retreat (13.5) and the battle (13.4-13.41), which goes on to 15 or 16;
the move ``policy``.

The tables' steps are pure functions with the dice passed in (``roll``, one die a call, so a
scripted sequence replays any example exactly); the state-level functions below them apply
their answers. A tribe's size never changes, however often it is beaten (13.6: each battle is
with a fresh village), and its friendship, once won, covers every village of the hex and lasts
as long as that explorer lives, for him alone (13.6, 14.4). Decisions N40-N49 of
``docs/rules-decisions.md`` settle what the rulebook leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, checked
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.attitude import attitude_toward, change_attitude
from terra.games.nile.chance import Roll, dice, roll, two_dice
from terra.games.nile.components.game_two import GameTwo
from terra.games.nile.components.tables import AMBUSH, FRIENDLY, HOSTILE, NEUTRAL, Tables
from terra.games.nile.defeat import defeat
from terra.games.nile.joint import carry_partners
from terra.games.nile.journalist import journalist_award
from terra.games.nile.meeting import befriend, finish
from terra.games.nile.party import explorer_armed, lose
from terra.games.nile.phases import NEGOTIATE, POLICY, RULE_NATIVES, cite
from terra.games.nile.poison import poison_attempt
from terra.games.nile.records import Encounter
from terra.games.nile.terms import ASKARI, DESERT, ETHNOLOGIST, MOUNTED
from terra.games.nile.territory import forget_spectacular
from terra.games.nile.victory import win

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState


# What the natives' answer obliges (13.32, 14.1, 14.3, 13.42).
# RETREATS (13.5): the caller moves the expedition back without regaining the movement points;
# a hex just mapped keeps its rivers, cataracts, natives and oasis, loses its spectacular
# discoveries, and cannot be published until the explorer returns and stays.
PASSES, BEFRIENDED, NEGOTIATES, RETREATS, CHARGED, AMBUSHED, HOSTILE_II = range(7)
OUTCOME_IDS = (
    "passes",
    "befriended",
    "negotiates",
    "retreats",
    "charged",
    "ambushed",
    "hostile",  # Game II: hostile natives hide, ambush or charge (34.4)
)

# Specialties that must release every prisoner and may not loot (16.41, 16.421).


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


def native_attitude(tables: Tables, policy: int, activity: int, roll: Roll) -> Answer:
    """Source of the Nile 13.32, 13.42, 14.1: the Native Attitude Table, and what it obliges."""
    dice = two_dice(roll)
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
    dice = two_dice(roll)
    return Battle(tables.wins_battle(ambush, size, guns, dice), dice)


# --------------------------------------------------------------------------------------------
# Victory (16.1-16.433)


# --------------------------------------------------------------------------------------------
# Defeat and captivity (15.1-15.32)


# --------------------------------------------------------------------------------------------
# Trade (14.6-14.95)


# --------------------------------------------------------------------------------------------
# Disasters' dice (11.2, 11.42-11.45)


# --------------------------------------------------------------------------------------------
# The journalist (24.2-24.63)


# --------------------------------------------------------------------------------------------
# Game II: Source of the Nile 34.0 Interaction with Natives


@dataclass(frozen=True, slots=True)
class Standing:
    """What Game II's attitude roll reads of an expedition and its tribe (34.2-34.23)."""

    port_distance: int  # hexes to the nearest port
    askaris: int  # healthy askaris
    muskets: int
    guide_next_door: bool  # a guide hired in an adjacent hex (34.221)
    negotiated_before: bool  # 34.222
    published: bool  # the tribe's hex is published (34.223)
    attitude: int  # the tribe's attitude toward this explorer (34.23, 39.0)


def attitude_target(two: GameTwo, policy: int, standing: Standing) -> int:
    """Source of the Nile 34.2-34.23: the number three dice must beat for the natives to be
    hostile: the distance to the nearest port plus the policy, and the modifiers."""
    target = standing.port_distance + policy
    if not standing.askaris and policy in two.unarmed_policies:  # 34.21
        target += two.muskets_only if standing.muskets else two.unarmed
    if (
        (standing.guide_next_door and policy in two.guide_policies)
        or standing.negotiated_before
        or standing.published
    ):
        target += two.known  # 34.22: once, whichever apply
    return target + standing.attitude


def natives_hide(fighters: int, port_distance: int, policy: int, natives: int) -> bool:
    """Source of the Nile 34.41: hostile natives hide when the askaris and the explorer, times
    the distance to the nearest port, divided by the policy, outnumber them."""
    return fighters * port_distance / policy > natives


def natives_ambush(two: GameTwo, highest: int, policy: int, mounted: bool, desert: bool) -> bool:
    """Source of the Nile 34.42-34.43: the highest of two dice, one more for a mounted expedition
    outside desert and one fewer on foot in desert: below the policy, an ambush; else a
    charge."""
    if mounted and not desert:
        highest += two.attack_mounted
    elif not mounted and desert:
        highest += two.attack_foot_in_desert
    return highest < policy


@dataclass(frozen=True, slots=True)
class Combat:
    """A battle of Game II (34.5): who won, and what it cost each side."""

    won: bool
    askaris_killed: int
    natives_killed: int
    rounds: int  # rounds of hand to hand combat
    broke: bool  # the askaris broke and ran (34.54)


def combat(natives: int, askaris: int, armed: bool, charge: bool, roll: Roll) -> Combat:
    """Source of the Nile 34.5-34.55: a charge opens with the expedition's fire (34.53); then
    the warriors and the expedition strike in turn, the natives first, until one side is wiped
    out or defeated. The explorer fights when armed (decision N205)."""
    explorer = 1 if armed else 0
    warriors, standing = natives, askaris
    rounds = 0
    if charge:  # 34.53: a native killed for each askari and the armed explorer
        killed = min(warriors, askaris + explorer)
        warriors -= killed
        if roll() * killed > warriors:
            return Combat(True, 0, natives - warriors, rounds, broke=False)
    while True:
        rounds += 1
        casualties = min(standing, warriors // roll())  # 34.54: askaris only
        standing -= casualties
        broke = roll() * casualties > askaris
        if broke or not standing:
            return Combat(False, askaris - standing, natives - warriors, rounds, broke=broke)
        hits = min(warriors, (standing + explorer) // roll() + 1)  # 34.55
        warriors -= hits
        if roll() * hits > warriors:
            return Combat(True, askaris - standing, natives - warriors, rounds, broke=False)


def meet_tribe(state: NileState, hex_: int, staying: bool = False) -> bool:
    """13.1-13.3: an unfriendly tribe in the hex entered (or stayed in) asks for a policy;
    a friendly one may be ignored or traded with (13.2). True when a decision is pending."""
    tribe = state.territory.tribe[hex_]
    explorer = state.explorer(state.player)
    if tribe and tribe not in explorer.met:
        explorer.met.add(tribe)
        state.turn.met_new.append(tribe)
    if not tribe or tribe in explorer.friendly:
        return False
    state.encounter = Encounter(hex_, tribe, state.territory.tribe_size[hex_], entered=not staying)
    state.phase = POLICY
    state.emit("natives-met", player=state.player, hex=hex_, tribe=tribe, staying=staying)
    return True


def guns(state: NileState) -> int:
    """13.41: healthy askaris and the explorer if armed."""
    party = state.explorer(state.player).party
    return guns_in_battle(party.askaris, explorer_armed(party))


def choose_policy(state: NileState, index: int) -> None:
    """13.32: the policy's result on the Native Attitude Table, carried out at once; 34.2-34.3:
    in Game II, three dice against the distance and the policy."""
    encounter = state.encounter
    assert encounter is not None
    policy = index + 1
    encounter.policy = policy
    if state.game_two:
        attitude_by_dice(state, policy)
        return
    answer = native_attitude(state.data.tables, policy, state.turn.activity, dice(state))
    state.emit(
        "policy",
        player=state.player,
        policy=policy,
        dice=answer.dice,
        outcome=OUTCOME_IDS[answer.outcome],
    )
    answer_to(state, answer)


def answer_to(state: NileState, answer: Answer) -> None:
    """13.32, 14.3: what the natives' answer to a policy or to gifts obliges."""
    outcome = answer.outcome
    if outcome == BEFRIENDED:
        befriend(state)
    elif outcome == NEGOTIATES:
        state.phase = NEGOTIATE
    elif outcome == RETREATS:
        retreat_from_natives(state)
    elif answer.battle:
        battle(state, answer.ambush)
    else:
        finish(state)


def retreat_from_natives(state: NileState) -> None:
    """13.42, 13.5: back to the hex left; the movement points stay spent, a hex mapped this turn
    stays partly explored and loses its spectacular discoveries."""
    explorer = state.explorer(state.player)
    turn = state.turn
    hex_ = explorer.hex
    if turn.came_from >= 0 and turn.moved:
        if hex_ in turn.mapped:
            forget_spectacular(state.writable_territory(), hex_, state.player)
        explorer.hex = turn.came_from
        if explorer.leads:
            carry_partners(state, explorer)
        state.emit("retreated", player=state.player, hex=hex_)
    finish(state)


def battle(state: NileState, ambush: bool) -> None:
    """13.4: the attack on the Native Attack Table; 16 victory or 15 defeat."""
    encounter = state.encounter
    assert encounter is not None
    encounter.ambush = ambush
    tables = state.data.tables
    result = native_attack(tables, guns(state), encounter.size, ambush, dice(state))
    state.emit("battle", player=state.player, ambush=ambush, dice=result.dice, won=result.won)
    journalist_award(state, result.won)
    if not result.won:
        defeat(state)
        return
    win(state)


# --- Game II: 34.2-34.55 ----------------------------------------------------------------------


def standing_of(state: NileState, explorer: Explorer, hex_: int, tribe: int) -> Standing:
    """What 34.2-34.23 read of the expedition, its tribe and its hex."""
    party = explorer.party
    board = state.data.board
    guides_from = explorer.guide_hexes if party.guides else ()
    return Standing(
        port_distance=board.port_distance[hex_],
        askaris=party.askaris,
        muskets=party.muskets,
        guide_next_door=any(h in board.neighbours[hex_] for h in guides_from),
        negotiated_before=tribe in explorer.negotiated,
        published=bool(state.published[hex_]),
        attitude=attitude_toward(state, explorer, tribe),
    )


def attitude_by_dice(state: NileState, chosen: int) -> None:
    """34.2-34.4: hostile when three dice beat the target; neutral natives negotiate under a
    policy that negotiates (13.32's N, 34.4) and else let the expedition be. 40.72: an
    ethnologist's friendly tribes add to his policy's number (decision N210)."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    two = state.data.game_two
    policy = chosen + (len(explorer.friendly) if explorer.specialty == ETHNOLOGIST else 0)
    encounter.policy = policy
    target = attitude_target(
        two, policy, standing_of(state, explorer, encounter.hex, encounter.tribe)
    )
    thrown = sum(roll(state) for _ in range(two.attitude_dice))
    hostile = thrown > target
    negotiates = state.data.tables.policy_negotiates[chosen - 1]
    outcome = HOSTILE_II if hostile else NEGOTIATES if negotiates else PASSES
    state.emit(
        "policy-dice",
        player=state.player,
        policy=chosen,
        dice=thrown,
        target=target,
        outcome=OUTCOME_IDS[outcome],
    )
    if hostile:
        hostile_natives(state, policy)
    elif negotiates:
        state.phase = NEGOTIATE
    else:
        finish(state)


def hostile_natives(state: NileState, policy: int, insulted: bool = False) -> None:
    """34.41-34.43: hostile natives hide from a strong expedition far from the coast, or else
    ambush or charge it (39.22: the tribe's attitude falls). 38.2: an insulted chief who does
    not feel strong enough tries poison instead (41.0)."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    two = state.data.game_two
    hex_ = encounter.hex
    distance = state.data.board.port_distance[hex_]
    if natives_hide(explorer.party.askaris + 1, distance, policy, encounter.size):
        state.emit("natives-hide", player=state.player, tribe=encounter.tribe, size=encounter.size)
        if insulted and not poison_attempt(state, "chief"):
            return
        finish(state)
        return
    highest = max(roll(state) for _ in range(two.attack_dice))
    desert = state.territory.terrain[hex_] == DESERT
    ambush = natives_ambush(two, highest, policy, explorer.mode == MOUNTED, desert)
    change_attitude(state, encounter.tribe, two.attitude_attacks, "attacks")
    fight(state, ambush)


def fight(state: NileState, ambush: bool) -> None:
    """34.5: the battle round by round; 36.0 victory or 35.0 defeat (39.21: the tribe's
    attitude falls when it defeats the explorer)."""
    encounter = state.encounter
    assert encounter is not None
    encounter.ambush = ambush
    explorer = state.explorer(state.player)
    party = explorer.party
    result = combat(encounter.size, party.askaris, explorer_armed(party), not ambush, dice(state))
    if result.askaris_killed:
        lose(party, ASKARI, result.askaris_killed)
    state.emit(
        "combat",
        player=state.player,
        ambush=ambush,
        won=result.won,
        rounds=result.rounds,
        askaris=result.askaris_killed,
        natives=result.natives_killed,
        broke=result.broke,
    )
    journalist_award(state, result.won)
    if result.won:
        win(state)
        return
    change_attitude(state, encounter.tribe, state.data.game_two.attitude_defeats, "defeats")
    defeat(state)


# --- trade (14.6-14.95) ----------------------------------------------------------------------


# --- the journalist (24.6) -------------------------------------------------------------------


# --- disasters (11) --------------------------------------------------------------------------


# --- the moves ---------------------------------------------------------------------------------


def explain_policy(state: NileState, index: int) -> IllegalAction | None:
    """13.31: a policy that needs arms needs an armed man; 34.1: Game II has five policies."""
    tables = state.data.tables
    if state.game_two and index >= state.data.game_two.policies:
        return refusal(
            "five_policies",
            "Game II has policies 1 to {count} toward unfriendly natives",
            cite("34.1"),
            count=state.data.game_two.policies,
        )
    if policy_allowed(tables, index + 1, guns(state)):
        return None
    return refusal(
        "policy_needs_arms",
        "{policy} needs an askari fit to fight or an armed explorer",
        RULE_NATIVES,
        policy=tables.policy_names[index],
    )


CHOOSE_POLICY = Move(
    name="policy",
    rule="Source of the Nile, 13.3-13.32, 34.1",
    notation=act.write_policy,
    offer=checked(offers.every(act.POLICY), explain_policy),
    explain=explain_policy,
    effect=choose_policy,
)
