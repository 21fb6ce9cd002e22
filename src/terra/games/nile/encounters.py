"""Source of the Nile: meeting natives and the Event cards' disasters, as the turn's
decisions (11, 13-16, 24).

The dice and tables of each step are :mod:`terra.games.nile.natives`; here the state machine
asks the player what the rules leave to him (policy, gifts, who escapes, prisoners and loot)
and applies the results to his expedition and his Player Aid Sheet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile import logistics, natives, rules, scoring, upkeep
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
from terra.games.nile.explorer import CAPTIVE, IN_AFRICA
from terra.games.nile.party import HEALTHY, Party, explorer_armed, gain, lose
from terra.games.nile.party import SICK as SICK_SLOTS
from terra.games.nile.rules import Encounter, draw, roll
from terra.games.nile.tables import CAPTURED, KILLED
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    BY_CANOE,
    CAMEL,
    CANOE,
    DESERT,
    GOOD_IDS,
    GUIDE,
    HORSE,
)
from terra.games.nile.territory import forget_spectacular, river_system

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_NATIVES = "Source of the Nile, 13.0 Interaction with Natives"
RULE_NEGOTIATION = "Source of the Nile, 14.0 Native Negotiation and Trade"
RULE_DEFEAT = "Source of the Nile, 15.0 Consequences of Defeat"
RULE_VICTORY = "Source of the Nile, 16.0 Results of Victory"
RULE_DISASTER = "Source of the Nile, 11.0 Disasters"


def _roll(state: NileState) -> natives.Roll:
    return lambda: roll(state)


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
    state.phase = rules.POLICY
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
    answer = natives.native_attitude(state.data.tables, policy, state.turn.activity, _roll(state))
    state.emit(
        "policy",
        player=state.player,
        policy=policy,
        dice=answer.dice,
        outcome=natives.OUTCOME_IDS[answer.outcome],
    )
    _answer(state, answer)


def _answer(state: NileState, answer: natives.Answer) -> None:
    outcome = answer.outcome
    if outcome == natives.BEFRIENDED:
        befriend(state)
    elif outcome == natives.NEGOTIATES:
        state.phase = rules.NEGOTIATE
    elif outcome == natives.RETREATS:
        retreat_from_natives(state)
    elif answer.battle:
        battle(state, answer.ambush)
    else:
        finish(state)


def befriend(state: NileState) -> None:
    """14.4, 14.6: the tribe is friendly to this explorer for as long as he lives."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    if not encounter.band and encounter.tribe not in explorer.friendly:
        explorer.friendly.add(encounter.tribe)
        explorer.new_friends.append(encounter.tribe)
        state.emit("befriended", player=state.player, tribe=encounter.tribe)
    finish(state)


def offer_gifts(state: NileState, column: int) -> None:
    """14.2-14.3: the gifts offered, against two dice on the Negotiation Table."""
    gifts = state.data.tables.negotiation_gifts[column]
    party = state.explorer(state.player).party
    party.gifts -= gifts
    answer = natives.negotiate(state.data.tables, gifts, _roll(state))
    state.emit("negotiated", player=state.player, gifts=gifts, dice=answer.dice)
    _answer(state, answer)


def offer_everything(state: NileState) -> None:
    """14.5: every item but people, personal muskets and animals guarantees friendship; the
    tusks and specimens carried are given too (decision N140)."""
    party = state.explorer(state.player).party
    personal = 1 if explorer_armed(party) else 0
    given = natives.everything_for_the_chief([party.count(good) for good in range(10)], personal)
    for good, count in enumerate(given):
        if count:
            lose(party, good, count)
    party.tusks = 0
    party.specimens = []
    state.emit("gave-everything", player=state.player)
    befriend(state)


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
    explorer = state.explorer(state.player)
    result = natives.native_attack(tables, guns(state), encounter.size, ambush, _roll(state))
    state.emit("battle", player=state.player, ambush=ambush, dice=result.dice, won=result.won)
    journalist_award(state, result.won)
    if not result.won:
        defeat(state)
        return
    askaris = explorer.party.count(ASKARI)  # 16.3: every askari, the sick too (N45)
    losses = natives.victory_losses(tables, encounter.size, askaris, _roll(state))
    if losses.killed:
        lose(explorer.party, ASKARI, losses.killed)  # the healthy who fought fall first
        state.emit("killed", player=state.player, good=ASKARI, count=losses.killed)
    explorer.party.debased = False  # 5.52: a victory restores the askaris' respect
    if losses.defeat:
        defeat(state)
        return
    if not losses.spoils:
        finish(state)
        return
    spoils = natives.victory_spoils(tables, encounter.size, _roll(state), band=encounter.band)
    state.emit("spoils", player=state.player, prisoners=spoils.prisoners, village=spoils.village)
    if not spoils.prisoners and not spoils.village:
        finish(state)
        return
    encounter.prisoners = spoils.prisoners
    encounter.members = 1 if spoils.village else 0
    if natives.must_release_prisoners(explorer.specialty):
        release_prisoners(state)
        return
    state.phase = rules.SPOILS


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


def release_prisoners(state: NileState) -> None:
    """16.422: release the prisoners and spare the village: 1 v.p. on return to Europe."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    if encounter.members:  # the village was found
        explorer.awards += state.data.tables.awards.released_prisoners
    state.emit("prisoners-released", player=state.player)
    finish(state)


def keep_prisoners(state: NileState) -> None:
    """16.41, 16.421: the prisoners become bearers."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    explorer.party.bearers += encounter.prisoners
    state.emit("prisoners-kept", player=state.player, count=encounter.prisoners)
    finish(state)


def loot(state: NileState) -> None:
    """16.421, 16.43: keep the prisoners as bearers and loot the village."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    explorer.party.bearers += encounter.prisoners
    territory = state.territory
    hex_ = encounter.hex
    found = natives.loot_village(
        state.data.tables,
        encounter.size,
        _roll(state),
        desert=territory.terrain[hex_] == DESERT,
        river=river_system(territory, state.data.board, hex_) >= 0,
    )
    party = explorer.party
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


def defeat(state: NileState) -> None:
    """15.1-15.23: killed, captured, or escaping with a few chosen members."""
    tables = state.data.tables
    explorer = state.explorer(state.player)
    encounter = state.encounter
    assert encounter is not None
    result = natives.consequences_of_defeat(tables, _roll(state))
    state.emit("defeated", player=state.player, result=result.result, members=result.members)
    if result.result == KILLED:
        upkeep.explorer_dies(state, "killed by natives")
        return
    old = explorer.party
    explorer.party = Party(muskets=1 if result.musket and old.muskets else 0)
    if result.result == CAPTURED:
        explorer.status = CAPTIVE
        explorer.captured = state.round
        state.emit("captured", player=state.player)
        stays(state, encounter)
        state.encounter = None
        upkeep.end_of_turn(state, skip_upkeep=True)
        return
    encounter.members = result.members
    encounter.party = old
    if result.members and escapers(encounter):
        state.phase = rules.ESCAPE
    else:
        finish_escape(state)


def escapers(encounter: Encounter) -> int:
    """15.22: the members left to choose from: people, animals and canoes."""
    party = encounter.party
    if party is None:
        return 0
    return sum(party.count(good) for good in (BEARER, GUIDE, ASKARI, HORSE, CAMEL, CANOE))


def escape_with(state: NileState, good: int) -> None:
    """15.21-15.23: one member escapes with the explorer; a bearer on foot or a canoe brings
    its share of the load (11.3)."""
    encounter = state.encounter
    assert encounter is not None and encounter.party is not None
    explorer = state.explorer(state.player)
    old = encounter.party
    if good in (BEARER, CANOE):
        carried = logistics.lose_carriers(old, good, 1, explorer.mode, state.data.tables)
        for lost, count in carried.lost.items():
            gain(explorer.party, lost, count)
    else:
        gain(explorer.party, good, lose(old, good, 1))
    state.emit("escaped-with", player=state.player, good=good)
    encounter.members -= 1
    if not encounter.members or not escapers(encounter):
        finish_escape(state)


def finish_escape(state: NileState) -> None:
    """15.21: the rest of the expedition is lost; the explorer's move is over."""
    state.turn.stopped = True
    state.phase = rules.MOVING
    finish(state)


def attempt_escape(state: NileState) -> None:
    """15.3-15.32: a captive's escape attempt at the end of his turn, from the turn after his
    capture; escaping members are bearers without load."""
    explorer = state.explorer(state.player)
    tables = state.data.tables
    if natives.may_attempt_escape(explorer.captured, state.round):
        result = natives.escape_from_captivity(tables, explorer.captured, state.round, _roll(state))
        state.emit("escape-attempt", player=state.player, result=result.result)
        if result.result == KILLED:
            upkeep.explorer_dies(state, "killed in captivity")
            return
        if not natives.still_captive(result):
            explorer.status = IN_AFRICA
            explorer.party = Party(bearers=result.members)
    rules.end_turn(state)


def finish(state: NileState) -> None:
    """The encounter is over: back to moving, in the hex the natives let him stay in or in the
    one he retreated to."""
    encounter = state.encounter
    state.encounter = None
    if state.phase != rules.OVER and state.explorer(state.player).status == IN_AFRICA:
        state.phase = rules.MOVING
        if encounter is not None:
            stays(state, encounter)


def stays(state: NileState, encounter: Encounter) -> None:
    """23.1: met on entering the hex and not sent back out of it, the explorer looks at its
    discovery counter (a captive too: he did not retreat)."""
    explorer = state.explorer(state.player)
    if encounter.entered and explorer.hex == encounter.hex:
        scoring.stays_in(state, explorer, encounter.hex)


# --- trade (14.6-14.95) ----------------------------------------------------------------------


def trade_terms(state: NileState, index: int) -> tuple[int, bool, int]:
    """The good, whether the explorer sells it, and the lots of the TRADE action ``index``."""
    tables = state.data.tables
    good = state.tables.trade_good[index]
    buying, quantity, _gifts = state.tables.trade_lot[index]
    selling = not buying
    rate = (tables.trade_sell if selling else tables.trade_buy)[
        natives.trade_rate(tables, good, selling)
    ]
    return good, selling, quantity // rate.quantity


def most_lots(state: NileState, good: int, selling: bool) -> int:
    """14.8-14.95: the largest trade of ``good`` the tribe in the hex allows now (0: none)."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    territory = state.territory
    tribe = territory.tribe[hex_]
    if not tribe or tribe not in explorer.friendly:
        return 0
    party = explorer.party
    return natives.most_lots(
        state.data.tables,
        territory.tribe_size[hex_],
        good,
        selling=selling,
        holding=party.count(good) if selling else party.gifts,
        gifts_taken=explorer.gifts_traded.get(tribe, 0),
        traded=state.turn.traded.get(tribe, 0),
        camels=good == CAMEL
        and natives.camels_for_trade(state.data.board, territory.terrain, hex_),
    )


def trade(state: NileState, index: int) -> None:
    """14.6-14.95: one trade with the friendly tribe in the hex; its witch doctor tries his
    poison at the turn's first trade with that tribe (14.83, decision N41)."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    tribe = state.territory.tribe[hex_]
    good, selling, lots = trade_terms(state, index)
    party = explorer.party
    exchange = natives.native_trade(
        state.data.tables,
        state.territory.tribe_size[hex_],
        good,
        lots,
        _roll(state),
        selling=selling,
        holding=party.count(good) if selling else party.gifts,
        gifts_taken=explorer.gifts_traded.get(tribe, 0),
        traded=state.turn.traded.get(tribe, 0),
        camels=natives.camels_for_trade(state.data.board, state.territory.terrain, hex_),
    )
    if exchange.dies:
        state.emit("poisoned", player=state.player)
        upkeep.explorer_dies(state, "poisoned by a witch doctor")
        return
    if selling:
        lose(party, good, exchange.quantity)
        party.gifts += exchange.gifts
    else:
        party.gifts -= exchange.gifts
        gain(party, good, exchange.quantity)
        if good == ASKARI:
            party.muskets -= exchange.quantity  # 5.4451: a musket for each native askari
    explorer.gifts_traded[tribe] = exchange.gifts_taken
    state.turn.traded[tribe] = exchange.traded
    state.emit(
        "traded",
        player=state.player,
        good=good,
        selling=selling,
        quantity=exchange.quantity,
        gifts=exchange.gifts,
    )


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
    return bool(disaster.where & upkeep.places_of(state, state.explorers[state.player].hex))


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
            party.askaris, explorer_armed(party), explorer.specialty, _roll(state)
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
            deaths = natives.killed_by_disaster(amount, present, _roll(state))
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
            logistics.care_for_sick(party, tables, _roll(state), explorer_is_doctor=True)
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
