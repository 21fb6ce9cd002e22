"""Source of the Nile 14.1-14.95 Native Negotiation and Trade: gifts offered to an unfriendly
tribe's chief (14.1-14.5), and trade with a friendly tribe (14.6-14.95).

The Negotiation Table and the Native Trade Table are data
(:mod:`terra.games.nile.components.tables`); the pure functions here read them with the dice passed
in, and the moves ``offer``, ``offer everything`` and ``trade`` carry them out in a game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, Writer, allowed, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.actions import plural
from terra.games.nile.chance import Roll, dice, roll, two_dice
from terra.games.nile.components import Components
from terra.games.nile.components.board import Board
from terra.games.nile.components.game_two import GameTwo
from terra.games.nile.components.tables import AMBUSH, CHARGE, FRIENDLY, HOSTILE, Tables
from terra.games.nile.europe import explorer_dies
from terra.games.nile.meeting import befriend
from terra.games.nile.natives import (
    AMBUSHED,
    BEFRIENDED,
    CHARGED,
    PASSES,
    Answer,
    answer_to,
    hostile_natives,
)
from terra.games.nile.party import explorer_armed, gain, lose
from terra.games.nile.phases import RULE_NEGOTIATION, cite
from terra.games.nile.terms import (
    ANIMALS,
    ASKARI,
    CAMEL,
    CANOE,
    DESERT,
    ETHNOLOGIST,
    GIFT,
    GOOD_IDS,
    GUIDE,
    MUSKET,
    PEOPLE,
    RATION,
    SIZE_IDS,
    WATER,
    Good,
)

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState

# --- the tables (14.3-14.95) -----------------------------------------------------------------


POISON_KILLS_ON = 1  # 14.83: the witch doctor's poison kills on a die roll of one


KHARTOUM = "Khartoum"  # 14.84: where a desert tribe's camels must be able to come from


def negotiate(tables: Tables, gifts: int, roll: Roll, *, everything: bool = False) -> Answer:
    """Source of the Nile 14.3, 14.5: the chief's answer to ``gifts``; giving him everything
    (or having nothing to give) befriends the tribe without dice."""
    if gifts < 0:
        raise refusal("negative_gifts", "gifts offered cannot be fewer than none", cite("14.2"))
    if everything:
        return Answer(FRIENDLY, BEFRIENDED, 0)
    dice = two_dice(roll)
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


@dataclass(frozen=True, slots=True)
class Dealings:
    """Source of the Nile 14.8-14.95, 38.3: what a trade with a friendly tribe depends on
    besides the good and the lots: the tribe's size (Game II: its natives); what the explorer
    holds of what he pays with (gifts when buying, the good when selling); the tribe's record
    with him, the gifts accepted all game and this turn's goods (one bit each); whether it may
    sell camels (:func:`camels_for_trade`); and in Game II its tables and the natives of the
    tribe not yet traded with him (38.3 limits a purchase instead of 14.91-14.95)."""

    size: int
    holding: int
    gifts_taken: int = 0
    traded: int = 0
    camels: bool = False
    game_two: tuple[GameTwo, int] | None = None


def most_lots(tables: Tables, dealings: Dealings, good: Good, *, selling: bool = False) -> int:
    """Source of the Nile 14.7-14.95: the most lots of ``good`` the explorer may trade now with
    the tribe (0: none), for listing legal trades."""
    line = trade_rate(tables, good, selling)
    game_two = dealings.game_two
    if (
        line < 0
        or dealings.traded >> good & 1
        or (game_two is None and trade_closed(tables, dealings.size, dealings.gifts_taken))
        or (good == CAMEL and not dealings.camels)
    ):
        return 0
    holding = dealings.holding
    if selling:
        return holding // tables.trade_sell[line].quantity
    rate = tables.trade_buy[line]
    if game_two is not None:  # 38.3, Game II's limit instead of 14.91-14.95
        two, natives_left = game_two
        most = natives_left * per_native(two, good) // rate.quantity
        return max(0, min(holding // rate.gifts, most))
    room = tables.trade_limit[dealings.size] - dealings.gifts_taken
    return min(holding, room) // rate.gifts


def per_native(two: GameTwo, good: Good) -> int:
    """Source of the Nile 38.3 (Game II): how many of ``good`` one native trades: one animal,
    one canoe or ten items, or himself hired out."""
    if good in ANIMALS:
        return two.trade_animals
    if good == CANOE:
        return two.trade_canoes
    if good in PEOPLE:
        return two.trade_hirelings
    return two.trade_items


def natives_for(two: GameTwo, good: Good, quantity: int) -> int:
    """Source of the Nile 38.3 (Game II): the natives a purchase of ``quantity`` ``good`` takes."""
    return -(-quantity // per_native(two, good))


def native_trade(
    tables: Tables, dealings: Dealings, good: Good, lots: int, roll: Roll, *, selling: bool = False
) -> Exchange:
    """Source of the Nile 14.6-14.95: ``lots`` times one line of the Native Trade Table, on the
    terms of ``dealings``. The tribe's witch doctor strikes at the turn's first trade with it
    (decision N41).
    """
    size, gifts_taken, traded = dealings.size, dealings.gifts_taken, dealings.traded
    holding, game_two = dealings.holding, dealings.game_two
    name = tables.good_names[good]
    line = trade_rate(tables, good, selling)
    _check_goods(name, line, lots, selling, good == CAMEL and not dealings.camels)
    if traded >> good & 1:
        raise refusal(
            "traded_already",
            "{good} has already been traded with this tribe this turn",
            cite("14.82"),
            good=name,
        )
    limit = 0 if game_two is not None else tables.trade_limit[size]
    if game_two is None and trade_closed(tables, size, gifts_taken):
        raise refusal(
            "tribe_trades_no_more",
            "a {size} tribe has had its {limit} gifts from this explorer and no longer "
            "trades with him",
            cite("14.95"),
            size=SIZE_IDS[size],
            limit=limit,
        )
    rate = (tables.trade_sell if selling else tables.trade_buy)[line]
    quantity, gifts = rate.quantity * lots, rate.gifts * lots
    paying = quantity if selling else gifts
    if paying > holding:
        raise refusal(
            "trade_needs",
            "the trade needs {count} {good}; the explorer has {holding}",
            cite("14.8"),
            count=paying,
            good=tables.good_names[good if selling else GIFT],
            holding=holding,
        )
    taken = gifts_taken if selling else gifts_taken + gifts
    if game_two is not None:
        if not selling:
            _check_natives_left(game_two, good, quantity, name)
    elif taken > limit:
        raise refusal(
            "tribe_gift_limit",
            "a {size} tribe accepts at most {limit} gifts from one explorer; {left} more at most",
            cite("14.91-14.93"),
            size=SIZE_IDS[size],
            limit=limit,
            left=limit - gifts_taken,
        )
    first = traded == 0
    if first and witch_doctor_poisons(roll):
        return Exchange(good, selling, 0, 0, gifts_taken, traded, True, True)
    return Exchange(good, selling, quantity, gifts, taken, traded | 1 << good, first, False)


def _check_natives_left(
    game_two: tuple[GameTwo, int], good: Good, quantity: int, name: str
) -> None:
    """Source of the Nile 38.3: a purchase takes no more natives than are left to trade."""
    two, natives_left = game_two
    needed = natives_for(two, good, quantity)
    if needed > natives_left:
        raise refusal(
            "tribe_natives_traded",
            "{good} would take {needed} natives; {left} of the tribe are left to trade with you",
            cite("38.3"),
            good=name,
            needed=needed,
            left=natives_left,
        )


def _check_goods(name: str, line: int, lots: int, selling: bool, camels_barred: bool) -> None:
    """Source of the Nile 14.7-14.84: the natives trade this good (its ``line`` of the table;
    camels only where ``camels_barred`` is false), a lot at least."""
    if line < 0 and selling:
        raise refusal(
            "natives_do_not_buy", "the natives do not buy {good}", cite("14.7"), good=name
        )
    if line < 0:
        raise refusal(
            "natives_do_not_sell", "the natives do not sell {good}", cite("14.7"), good=name
        )
    if lots < 1:
        raise refusal("no_lots", "a trade is for one lot or more", cite("14.81"))
    if camels_barred:
        raise refusal(
            "camels_from_desert",
            "camels come only from a desert tribe with a desert route to Khartoum",
            cite("14.84"),
        )


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


# --- in a game (14.2-14.95) ------------------------------------------------------------------


def offer_gifts(state: NileState, column: int) -> None:
    """14.2-14.3: the gifts offered, against two dice on the Negotiation Table; 38.1-38.2: in
    Game II against the higher of two dice."""
    gifts = state.data.tables.negotiation_gifts[column]
    explorer = state.explorer(state.player)
    explorer.party.gifts -= gifts
    if state.game_two:
        gifts_by_dice(state, gifts)
        return
    answer = negotiate(state.data.tables, gifts, dice(state))
    state.emit("negotiated", player=state.player, gifts=gifts, dice=answer.dice)
    answer_to(state, answer)


def chief_insulted(higher: int, gifts: int, natives: int) -> bool:
    """Source of the Nile 38.2: the higher of two dice times the gifts, fewer than the natives,
    insults the chief."""
    return higher * gifts < natives


def gifts_by_dice(state: NileState, gifts: int) -> None:
    """Source of the Nile 38.2 (Game II): a satisfied chief befriends the explorer; an insulted
    one goes back to 34.41: hides (and tries poison, 41.0) or attacks. 34.222: the tribe has
    been negotiated with."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    explorer.negotiated.add(encounter.tribe)
    extra = len(explorer.friendly) if explorer.specialty == ETHNOLOGIST else 0  # 40.73
    higher = max(roll(state) for _ in range(state.data.game_two.insult_dice + extra))
    insulted = chief_insulted(higher, gifts, encounter.size)
    state.emit(
        "gifts-judged",
        player=state.player,
        gifts=gifts,
        dice=higher,
        natives=encounter.size,
        insulted=insulted,
    )
    if insulted:
        hostile_natives(state, encounter.policy, insulted=True)
    else:
        befriend(state)


def offer_everything(state: NileState) -> None:
    """14.5: every item but people, personal muskets and animals guarantees friendship; the
    tusks and specimens carried are given too (decision N140)."""
    party = state.explorer(state.player).party
    personal = 1 if explorer_armed(party) else 0
    given = everything_for_the_chief([party.count(good) for good in range(10)], personal)
    for good, count in enumerate(given):
        if count:
            lose(party, good, count)
    party.tusks = 0
    party.specimens = []
    state.emit("gave-everything", player=state.player)
    befriend(state)


def trade_terms(state: NileState, index: int) -> tuple[int, bool, int]:
    """The good, whether the explorer sells it, and the lots of the TRADE action ``index``."""
    table = state.tables
    return table.trade_good[index], not table.trade_lot[index][0], table.trade_lots[index]


def friendly_tribe_here(state: NileState) -> int:
    """14.6: the tribe in the hex of the explorer to act if it is friendly to him, else 0."""
    explorer = state.explorers[state.player]
    tribe = state.territory.tribe[explorer.hex]
    return tribe if tribe in explorer.friendly else 0


def lots_allowed(state: NileState, good: int, selling: bool) -> int:
    """14.8-14.95: the largest trade of ``good`` the tribe in the hex allows now (0: none)."""
    if not friendly_tribe_here(state):
        return 0
    terms = dealings_with_tribe(state, good, selling)
    return most_lots(state.data.tables, terms, good, selling=selling)


def dealings_with_tribe(state: NileState, good: int, selling: bool) -> Dealings:
    """14.8-14.95, 38.3: the terms on which the explorer to act trades ``good`` with the tribe
    in his hex."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    territory = state.territory
    tribe = territory.tribe[hex_]
    party = explorer.party
    return Dealings(
        territory.tribe_size[hex_],
        holding=party.count(good) if selling else party.gifts,
        gifts_taken=explorer.gifts_traded.get(tribe, 0),
        traded=state.turn.traded.get(tribe, 0),
        camels=good == CAMEL and camels_for_trade(state.data.board, territory.terrain, hex_),
        game_two=natives_to_trade(state, explorer, tribe),
    )


def natives_to_trade(
    state: NileState, explorer: Explorer, tribe: int
) -> tuple[GameTwo, int] | None:
    """38.3: in Game II, the natives of the tribe who have not yet traded with the explorer
    (``gifts_traded`` counts them there); None in Game I."""
    if not state.game_two:
        return None
    size = state.territory.tribe_size[explorer.hex]
    return state.data.game_two, size - explorer.gifts_traded.get(tribe, 0)


def trade(state: NileState, index: int) -> None:
    """14.6-14.95: one trade with the friendly tribe in the hex; its witch doctor tries his
    poison at the turn's first trade with that tribe (14.83, decision N41)."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    tribe = state.territory.tribe[hex_]
    good, selling, lots = trade_terms(state, index)
    party = explorer.party
    terms = dealings_with_tribe(state, good, selling)
    exchange = native_trade(state.data.tables, terms, good, lots, dice(state), selling=selling)
    if exchange.dies:
        state.emit("poisoned", player=state.player)
        explorer_dies(state, "poisoned by a witch doctor")
        return
    if selling:
        lose(party, good, exchange.quantity)
        party.gifts += exchange.gifts
    else:
        party.gifts -= exchange.gifts
        gain(party, good, exchange.quantity)
        if good == GUIDE:
            explorer.guide_hexes.add(hex_)  # 31.2, 34.221
        if good == ASKARI:
            party.muskets -= exchange.quantity  # 5.4451: a musket for each native askari
    if state.game_two:  # 38.3: the natives who traded
        used = 0 if selling else natives_for(state.data.game_two, good, exchange.quantity)
        explorer.gifts_traded[tribe] = explorer.gifts_traded.get(tribe, 0) + used
    else:
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


# --- the moves ---------------------------------------------------------------------------------


def write_offer(data: Components, out: Writer) -> None:
    """``offer 10 gifts`` for every column of the Negotiation Table (14.2)."""
    for column, gifts in enumerate(data.tables.negotiation_gifts):
        out.add(f"offer {plural('gift', gifts)}", column)


def explain_offer(state: NileState, column: int) -> IllegalAction | None:
    """14.2: gifts the expedition has."""
    gifts = state.data.tables.negotiation_gifts[column]
    have = state.explorers[state.player].party.gifts
    if gifts > have:
        return refusal(
            "too_few_gifts", "the expedition has {count} gifts", RULE_NEGOTIATION, count=have
        )
    return None


OFFER = Move(
    name="offer",
    rule="Source of the Nile, 14.2-14.3",
    notation=write_offer,
    offer=checked(offers.every(act.OFFER), explain_offer),
    explain=explain_offer,
    effect=offer_gifts,
)


OFFER_EVERYTHING = Move(
    name="offer everything",
    rule="Source of the Nile, 14.5",
    notation=fixed("offer everything"),
    offer=offers.always(act.OFFER_ALL),
    explain=allowed,  # 14.5: giving everything is always possible
    effect=offer_everything,
)


def write_trade(data: Components, out: Writer) -> None:
    """``trade 5 gifts for 10 rations`` (buying) and ``trade 10 rations for 5 gifts`` (selling):
    one lot of each line of the Native Trade Table, or several (14.7-14.81)."""
    tables = data.tables
    index = 0
    for buying, trades in ((1, tables.trade_buy), (0, tables.trade_sell)):
        for trade_line in trades:
            for lots in act.TRADE_LOTS:
                paid = plural("gift", trade_line.gifts * lots)
                goods = plural(GOOD_IDS[trade_line.good], trade_line.quantity * lots)
                text = f"trade {paid} for {goods}" if buying else f"trade {goods} for {paid}"
                out.add(text, index)
                index += 1


def explain_trade(state: NileState, index: int) -> IllegalAction | None:
    """14.6-14.95: with a friendly tribe in the hex, within its limits and the gifts or goods
    the explorer has; 5.4451: a musket for each native askari hired."""
    if not friendly_tribe_here(state):
        return refusal(
            "no_friendly_tribe", "there is no tribe friendly to you in this hex", RULE_NEGOTIATION
        )
    problem = _trade_problem(state, index, partial(lots_allowed, state))
    if problem == TOO_MANY:
        return refusal(
            "trade_refused",
            "the tribe will not make this trade now: its limit, this turn's trades, or what "
            "you have to pay with",
            RULE_NEGOTIATION,
        )
    if problem == NO_MUSKET:
        return refusal(
            "askari_needs_musket",
            "each native askari hired needs a musket",
            "Source of the Nile, 5.4451",
        )
    return None


# What stands in the way of a trade with a friendly tribe (:func:`_trade_problem`).
TOO_MANY, NO_MUSKET = 1, 2


def _trade_problem(state: NileState, index: int, most: Callable[[int, bool], int]) -> int:
    """14.7-14.95, 5.4451: why the TRADE action ``index`` cannot be made now, 0 if it can, where
    ``most(good, selling)`` is the most lots of a good the tribe allows (:func:`lots_allowed`)."""
    good, selling, lots = trade_terms(state, index)
    if lots > most(good, selling):
        return TOO_MANY
    quantity = state.tables.trade_lot[index][1]
    if good == ASKARI and not selling and state.explorers[state.player].party.muskets < quantity:
        return NO_MUSKET
    return 0


def _offer_trades(state: NileState, out: list[int]) -> None:
    """14.6: the trades with a friendly tribe in the hex that :func:`explain_trade` lets
    through, the tribe's terms worked out once for each good bought or sold."""
    if not friendly_tribe_here(state):
        return
    args = state.tables.args
    most = cache(partial(lots_allowed, state))
    out += [
        action
        for action in offers.actions_of(state, act.TRADE)
        if not _trade_problem(state, args[action][0], most)
    ]


TRADE = Move(
    name="trade",
    rule="Source of the Nile, 14.6-14.95",
    notation=write_trade,
    offer=_offer_trades,
    explain=explain_trade,
    effect=trade,
)
