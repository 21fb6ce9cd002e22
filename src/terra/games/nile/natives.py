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
from terra.games.nile.chance import Roll, dice, two_dice
from terra.games.nile.components.tablefile import POLICIES
from terra.games.nile.components.tables import AMBUSH, FRIENDLY, HOSTILE, NEUTRAL, Tables
from terra.games.nile.defeat import defeat
from terra.games.nile.journalist import journalist_award
from terra.games.nile.meeting import befriend, finish
from terra.games.nile.party import explorer_armed
from terra.games.nile.phases import NEGOTIATE, POLICY, RULE_NATIVES, cite
from terra.games.nile.records import Encounter
from terra.games.nile.territory import forget_spectacular
from terra.games.nile.victory import win

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


# What the natives' answer obliges (13.32, 14.1, 14.3, 13.42).
# RETREATS (13.5): the caller moves the expedition back without regaining the movement points;
# a hex just mapped keeps its rivers, cataracts, natives and oasis, loses its spectacular
# discoveries, and cannot be published until the explorer returns and stays.
PASSES, BEFRIENDED, NEGOTIATES, RETREATS, CHARGED, AMBUSHED = range(6)
OUTCOME_IDS = ("passes", "befriended", "negotiates", "retreats", "charged", "ambushed")

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


def allowed_policies(tables: Tables, guns: int) -> tuple[int, ...]:
    """Source of the Nile 13.3-13.31: the policy numbers an expedition with ``guns`` may choose."""
    return tuple(p for p in range(1, len(tables.policy_ids) + 1) if policy_allowed(tables, p, guns))


def check_policy(tables: Tables, policy: int, guns: int) -> None:
    """Source of the Nile 13.31: refuse a policy the expedition cannot adopt, saying why."""
    if not 1 <= policy <= len(tables.policy_ids):
        raise refusal(
            "no_such_policy",
            "there is no policy {policy}; choose 1 to {count}",
            cite("13.3"),
            policy=policy,
            count=POLICIES,
        )
    if not policy_allowed(tables, policy, guns):
        raise refusal(
            "policy_needs_armed_man",
            "{policy} needs an armed man: an askari fit to fight or the explorer with a musket",
            cite("13.31"),
            policy=tables.policy_names[policy - 1],
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
    """13.32: the policy's result on the Native Attitude Table, carried out at once."""
    encounter = state.encounter
    assert encounter is not None
    policy = index + 1
    encounter.policy = policy
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


# --- trade (14.6-14.95) ----------------------------------------------------------------------


# --- the journalist (24.6) -------------------------------------------------------------------


# --- disasters (11) --------------------------------------------------------------------------


# --- the moves ---------------------------------------------------------------------------------


def explain_policy(state: NileState, index: int) -> IllegalAction | None:
    """13.31: a policy that needs arms needs an armed man."""
    tables = state.data.tables
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
    rule="Source of the Nile, 13.3-13.32",
    notation=act.write_policy,
    offer=checked(offers.every(act.POLICY), explain_policy),
    explain=explain_policy,
    effect=choose_policy,
)
