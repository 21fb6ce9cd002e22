"""Source of the Nile: meeting natives and the Event cards' disasters, as the turn's
decisions (11, 13-16, 24).

The dice and tables of each step are :mod:`terra.games.nile.natives`; here the state machine
asks the player what the rules leave to him (policy, gifts, who escapes, prisoners and loot)
and applies the results to his expedition and his Player Aid Sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.core.moves import Move, checked
from terra.games.nile import actions as act
from terra.games.nile import logistics, natives, upkeep
from terra.games.nile.chance import draw
from terra.games.nile.defeat import defeat
from terra.games.nile.discoveries import places_of
from terra.games.nile.events import (
    ALL,
    ATTACKED,
    AVOIDS,
    DELAYED,
    DESERTS,
    GAINS,
    HALF,
    HALVES,
    LOST,
    SICK,
    THE_EXPLORER,
    TREATS,
    TUSKS,
    Disaster,
)
from terra.games.nile.events import KILLED as KILLED_BY_DISASTER
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.meeting import befriend, dice, finish
from terra.games.nile.party import HEALTHY, explorer_armed, gain, lose
from terra.games.nile.party import SICK as SICK_SLOTS
from terra.games.nile.phases import RULE_NATIVES, Phase
from terra.games.nile.rules import Encounter
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    BY_CANOE,
    CANOE,
    GOOD_IDS,
    GUIDE,
    JOURNALIST,
)
from terra.games.nile.territory import forget_spectacular
from terra.games.nile.victory import win

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_DISASTER = "Source of the Nile, 11.0 Disasters"


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
    state.phase = Phase.POLICY
    state.emit("natives-met", player=state.player, hex=hex_, tribe=tribe, staying=staying)
    return True


def guns(state: NileState) -> int:
    """13.41: healthy askaris and the explorer if armed."""
    party = state.explorer(state.player).party
    return natives.guns_in_battle(party.askaris, explorer_armed(party))


def choose_policy(state: NileState, index: int) -> None:
    """13.32: the policy's result on the Native Attitude Table, carried out at once."""
    encounter = state.encounter
    assert encounter is not None
    policy = index + 1
    encounter.policy = policy
    answer = natives.native_attitude(state.data.tables, policy, state.turn.activity, dice(state))
    state.emit(
        "policy",
        player=state.player,
        policy=policy,
        dice=answer.dice,
        outcome=natives.OUTCOME_IDS[answer.outcome],
    )
    answer_to(state, answer)


def answer_to(state: NileState, answer: natives.Answer) -> None:
    """13.32, 14.3: what the natives' answer to a policy or to gifts obliges."""
    outcome = answer.outcome
    if outcome == natives.BEFRIENDED:
        befriend(state)
    elif outcome == natives.NEGOTIATES:
        state.phase = Phase.NEGOTIATE
    elif outcome == natives.RETREATS:
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
    result = natives.native_attack(tables, guns(state), encounter.size, ambush, dice(state))
    state.emit("battle", player=state.player, ambush=ambush, dice=result.dice, won=result.won)
    journalist_award(state, result.won)
    if not result.won:
        defeat(state)
        return
    win(state)


def journalist_award(state: NileState, won: bool) -> None:
    """24.2-24.5: every battle is news for each journalist in Africa (his own battles once per
    tribe); the first to publish it takes its value."""
    encounter = state.encounter
    assert encounter is not None
    state.battles += 1
    for seat in range(state.num_players):
        journalist = state.explorers[seat]
        own = seat == state.player
        award = natives.journalist_battle_award(
            state.data.tables,
            journalist.specialty,
            won,
            in_africa=journalist.status == IN_AFRICA,
            own_battle=own,
            battled_before=own and encounter.tribe in journalist.battled,
        )
        if award:
            state.explorer(seat).news.append((state.battles, award))
    if encounter.tribe:
        state.explorer(state.player).battled.add(encounter.tribe)


# --- trade (14.6-14.95) ----------------------------------------------------------------------


# --- the journalist (24.6) -------------------------------------------------------------------


def may_interview(state: NileState, seat: int) -> bool:
    """24.6-24.63: another explorer in the journalist's hex, once per game."""
    explorer = state.explorer(state.player)
    subject = state.explorer(seat)
    tables = state.data.tables
    interviewed = frozenset(p for p in range(state.num_players) if explorer.interviewed >> p & 1)
    return natives.may_interview(
        tables,
        specialty=explorer.specialty,
        journalist=state.player,
        subject=seat,
        journalist_hex=explorer.hex if explorer.status == IN_AFRICA else -1,
        subject_hex=subject.hex if subject.status == IN_AFRICA else -1,
        subject_reach=tables.awards.interview_distance if subject.far else 0,
        interviewed=interviewed,
    )


def interview(state: NileState, seat: int) -> None:
    """24.6: the journalist interviews another explorer in his hex: 3 v.p. when published."""
    explorer = state.explorer(state.player)
    explorer.interviewed |= 1 << seat
    explorer.awards += state.data.tables.awards.interview
    state.emit("interview", player=state.player, subject=seat)


# --- disasters (11) --------------------------------------------------------------------------


def disaster_strikes_here(state: NileState, disaster: Disaster) -> bool:
    """11.2, 11.44: the disaster's place is the expedition's hex (a lake's shore reaches the
    hexes around it)."""
    return bool(disaster.where & places_of(state, state.explorers[state.player].hex))


def draw_disaster(state: NileState) -> None:
    """8.3 step 2, 11: an Event card's disaster, if it strikes this expedition."""
    card = draw(state)
    disaster = state.data.deck.disaster[card]
    state.emit("disaster-drawn", player=state.player, card=card)
    if disaster is None or not disaster_strikes_here(state, disaster):
        return
    explorer = state.explorer(state.player)
    party = explorer.party
    who = disaster.who
    present = party.count(who) if 0 <= who < len(GOOD_IDS) else 0
    if natives.disaster_ignored(disaster, present):
        return
    amount = _amount(disaster.amount, present)
    if disaster.spared == explorer.specialty:
        if disaster.relief == AVOIDS:
            state.emit("disaster-avoided", player=state.player, card=card)
            return
        if disaster.relief == HALVES:
            amount //= 2
    if disaster.shoot:
        shot = natives.shoot_animal(
            party.askaris, explorer_armed(party), explorer.specialty, dice(state)
        )
        if shot.killed:
            party.debased = False  # 5.52: a dangerous animal killed restores respect
            state.emit("animal-shot", player=state.player, card=card, shots=shot.shots)
            return
    state.emit("disaster", player=state.player, card=card, name=disaster.name, amount=amount)
    strike(state, disaster, amount, present)


def _amount(amount: int, present: int) -> int:
    if amount == ALL:
        return present
    if amount == HALF:
        return present // 2
    return amount


def strike(state: NileState, disaster: Disaster, amount: int, present: int) -> None:
    """11.2-11.45: the disaster's effect on the expedition."""
    explorer = state.explorer(state.player)
    party = explorer.party
    tables = state.data.tables
    who = disaster.who
    effect = disaster.effect
    if effect == KILLED_BY_DISASTER:
        if who in (BEARER, GUIDE, ASKARI):
            deaths = natives.killed_by_disaster(amount, present, dice(state))
            if deaths.explorer_killed:
                upkeep.explorer_dies(state, disaster.name)
                return
            amount = deaths.killed
        _lose_members(state, who, amount)
    elif effect == SICK:
        if who == THE_EXPLORER:
            party.explorer_sick = True
        else:
            well = min(amount, getattr(party, HEALTHY[who]))
            setattr(party, HEALTHY[who], getattr(party, HEALTHY[who]) - well)
            setattr(party, SICK_SLOTS[who], getattr(party, SICK_SLOTS[who]) + well)
        if disaster.spared == explorer.specialty and disaster.relief == TREATS:
            logistics.care_for_sick(party, tables, dice(state), explorer_is_doctor=True)
    elif effect in (DESERTS, LOST):
        _lose_members(state, who, min(amount, present))
    elif effect == DELAYED:
        state.turn.allowance = max(0, state.turn.allowance - amount)
    elif effect == GAINS:
        if who == TUSKS:
            party.tusks += amount
            explorer.finds.append((-1, tables.awards.tusk * amount))
        else:
            gain(party, who, amount)
    elif effect == ATTACKED:
        state.encounter = Encounter(explorer.hex, 0, max(0, disaster.band), band=True)
        battle(state, disaster.ambush)


def _lose_members(state: NileState, who: int, count: int) -> None:
    """11.3: bearers on foot and canoes take their share of the load with them."""
    explorer = state.explorer(state.player)
    party = explorer.party
    if not count:
        return
    if (who == BEARER and explorer.mode != BY_CANOE) or who == CANOE:
        loss = logistics.lose_carriers(party, who, count, explorer.mode, state.data.tables)
        if loss.explorer:
            upkeep.explorer_dies(state, "lost with the canoes")
    else:
        lose(party, who, count)


# --- the moves ---------------------------------------------------------------------------------


def explain_policy(state: NileState, index: int) -> IllegalAction | None:
    """13.31: a policy that needs arms needs an armed man."""
    tables = state.data.tables
    if natives.policy_allowed(tables, index + 1, guns(state)):
        return None
    return IllegalAction(
        f"{tables.policy_names[index]} needs an askari fit to fight or an armed explorer",
        RULE_NATIVES,
    )


POLICY = Move(
    name="policy",
    rule="Source of the Nile, 13.3-13.32",
    notation=act.write_policy,
    offer=checked(act.every(act.POLICY), explain_policy),
    explain=explain_policy,
    effect=choose_policy,
)


def explain_interview(state: NileState, seat: int) -> IllegalAction | None:
    """24.6-24.63: a journalist and another explorer who has been far from the ports."""
    if seat >= state.num_players or not may_interview(state, seat):
        return IllegalAction(
            "only a journalist may interview, once, another explorer in his hex whose "
            "expedition has been four hexes or more from a port",
            "Source of the Nile, 24.6",
        )
    return None


def _journalist(state: NileState) -> Iterable[int]:
    """24.1: only a journalist interviews, and only other seats of this game."""
    if state.explorers[state.player].specialty != JOURNALIST:
        return ()
    base = state.tables.base[act.INTERVIEW]
    return range(base, base + state.num_players)


INTERVIEW = Move(
    name="interview",
    rule="Source of the Nile, 24.6-24.63",
    notation=act.write_interview,
    offer=checked(_journalist, explain_interview),
    explain=explain_interview,
    effect=interview,
)
