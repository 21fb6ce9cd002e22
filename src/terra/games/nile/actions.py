"""Source of the Nile's actions: a fixed int space and its text notation.

A turn is a chain of small decisions (8.3), and so is outfitting (5.3: hire one, buy one,
done). Every int means the same thing in every position for a given data set, so records stay
readable:

==============================  ================================================================
``counter 1520``                set-up: put the discovery counter you were dealt on a hex (4.4)
``sail to Zanzibar``            set-up: your secret port (4.5); from Europe: sail there (26.2)
``specialty zoologist``         set-up (4.6), and for a new explorer in Europe
``buy 10 rations``              outfitting: hire or buy at the port (5.3); amounts 1 and 10
``cautious``                    start of a turn: the activity level (9.12); also ``normal``,
                                ``reckless``
``move north-east``             enter the neighbouring hex in that direction (9); also by
                                compass number, ``move 2``, or ``move ne``
``travel mounted``              change the mode of travel (9.5): ``on foot``, ``mounted``,
                                ``by canoe``
``retreat`` / ``stay``          after seeing a new hex's terrain (9.44-9.46, 10.29)
``policy 3``                    toward an unfriendly tribe (13.3); or by its name
``offer 10 gifts``              negotiation (14.2); ``offer everything`` (14.5)
``trade 5 gifts for 10 rations``  with a friendly tribe (14.6-14.95)
``escape with bearer``          after a defeat, a member who escapes with you (15.21)
``release prisoners``           after a victory (16.42); ``keep prisoners``, ``loot``
``leave 1 bearer``              discharge people, release animals, discard items (9.6); of
                                people the healthy (``leave bearer`` is ``leave 1 bearer``);
                                ``leave 1 sick bearer`` a sick one, a victory point each
                                (19.4); also ``leave 1 tusk``, ``leave 1 specimen`` (the last
                                found)
``cache 10 rations``            bury items in your hex (17); ``dig up cache`` (17.6); also
                                ``cache 1 tusk``, ``cache 1 specimen`` (the last found, 17.4)
``shoot horse``                 an animal for fresh food (18.5)
``take 10 water``               water, free where there is any (5.4441-5.4443)
``carry loads``                 the explorer does a bearer's work (5.51-5.52); ``stop carrying``
``sail for Europe``             from a port the turn after arriving (21.4)
``publish``                     in Europe: publish everything you have found (22)
``publish all but hexes``       the same, keeping your mapped hexes unpublished for now (22.2)
``publish hex 1520``            choose a part of what to publish (22.1-22.2): a hex (with its
                                river and oasis), ``publish tribe 12``, ``publish Lost City``,
                                or every one of a kind: ``publish hexes``, ``publish rivers``,
                                ``publish lakes``, ``publish oases``, ``publish tribes``,
                                ``publish specials``; then ``done`` publishes what is chosen
``collect donations``           in Europe: stay and draw donations (26.3-26.5)
``interview yellow``            journalist: interview another explorer in your hex (24.6)
``retire``                      retire your explorer (21.2)
``join blue``                   Game II: ask to join the expedition blue travels in (29.4)
``split evenly``                Game II: leave a joint expedition with half of it, or
                                ``split alone``, ``split by dice`` (29.6-29.7)
``agree`` / ``refuse``          Game II: answer a proposal made to you (29.4, 29.7)
``done``                        end outfitting, end your move, publish what is chosen
==============================  ================================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from terra.core.actions import ActionSpace
from terra.core.moves import Writer, one_each
from terra.games.nile import logistics
from terra.games.nile.components import Components
from terra.games.nile.components.board import Board
from terra.games.nile.components.hexgrid import DIRECTIONS
from terra.games.nile.terms import (
    ACTIVITY_IDS,
    ANIMALS,
    CANOE,
    DIE,
    GOOD_IDS,
    ITEMS,
    PEOPLE,
    SPECIALTY_IDS,
    WATER,
)

# Explorers' colours, one set of counters each (3.31); seat 0 plays the first colour.
PLAYER_COLOURS = ("red", "blue", "yellow", "green", "white", "black")
MAX_PLAYERS = len(PLAYER_COLOURS)

# Kinds of move, in the order of the action space (a move's kind is its place here; the
# rulebook declares its moves in this order and checks that it does).
KIND_NAMES = (
    "done",
    "retreat",
    "stay",
    "offer everything",
    "release",
    "keep",
    "loot",
    "dig",
    "sail for europe",
    "publish",
    "publish all but hexes",
    "collect",
    "retire",
    "carry",
    "stop",
    "counter",
    "sail to",
    "specialty",
    "buy",
    "activity",
    "move",
    "travel",
    "policy",
    "offer",
    "trade",
    "escape",
    "leave",
    "cache",
    "leave find",
    "shoot",
    "take",
    "interview",
    "cache find",
    "leave sick",
    "publish part",
    "keep die",
    "join",
    "split",
    "agree",
    "refuse",
)
(
    DONE,
    RETREAT,
    STAY,
    OFFER_ALL,
    RELEASE,
    KEEP,
    LOOT,
    DIG,
    EUROPE,
    PUBLISH,
    PUBLISH_FINDS,
    COLLECT,
    RETIRE,
    CARRY,
    REST,
    COUNTER,
    SAIL,
    SPECIALTY,
    BUY,
    ACTIVITY,
    MOVE,
    MODE,
    POLICY,
    OFFER,
    TRADE,
    ESCAPE,
    LEAVE,
    CACHE,
    DROP_FIND,
    SHOOT,
    TAKE_WATER,
    INTERVIEW,
    CACHE_FIND,
    LEAVE_SICK,
    PUBLISH_PART,
    KEEP_DIE,
    JOIN,
    SPLIT,
    AGREE,
    REFUSE,
) = range(len(KIND_NAMES))
KINDS = len(KIND_NAMES)
FIND_KINDS = ("tusk", "specimen")  # bonus finds carried home (20.71-20.72), by the arg of
# DROP_FIND and CACHE_FIND

# The parts of a publication a PUBLISH_PART action chooses (22.1-22.2), its first argument: a
# hex (the second its index), a tribe (its number), a special discovery (its kind), or every
# part of one of PUBLISH_GROUPS.
PART_HEX, PART_TRIBE, PART_SPECIAL, PART_GROUP = range(4)
GROUP_HEXES, GROUP_RIVERS, GROUP_LAKES, GROUP_OASES, GROUP_TRIBES, GROUP_SPECIALS = range(6)
PUBLISH_GROUPS = ("hexes", "rivers", "lakes", "oases", "tribes", "specials")

DIRECTION_NAMES = ("north", "north-east", "south-east", "south", "south-west", "north-west")
DIRECTION_SHORT = ("n", "ne", "se", "s", "sw", "nw")
MODE_WORDS = ("on foot", "mounted", "by canoe")
COUNTER_SPACING = 3  # 4.42: three hexes or more between discovery counters
AMOUNTS = (1, 10)  # outfitting, leaving and caching go by ones and tens
TRADE_LOTS = (1, 2, 5, 10)  # a trade is one lot of the Native Trade Table, or several
BUYABLE = (*PEOPLE, *ANIMALS, CANOE, *(g for g in ITEMS if g != WATER))  # water is free, 5.4441

NOTATION_HELP = (
    "counter 1520 | sail to Zanzibar | specialty zoologist | buy 10 rations | cautious, normal, "
    "reckless | move north (or move 1, move n) | travel on foot, mounted, by canoe | retreat, "
    "stay | policy 3 | offer 10 gifts, offer everything | trade 5 gifts for 10 rations | escape "
    "with bearer | release prisoners, keep prisoners, loot | leave 1 bearer, leave 1 sick bearer | "
    "cache 10 rations, "
    "cache 1 tusk, dig up cache | shoot horse | take 10 water | carry loads, stop carrying | "
    "sail for Europe | publish, publish all but hexes, publish hex 1520, publish tribe 12, "
    "publish rivers (then done) | collect donations | interview yellow | join blue | split "
    "evenly, split alone, split by dice | agree, refuse | retire | done. "
    "Hexes by id (column and row, 1520) or a port's name."
)


def plural(name: str, count: int) -> str:
    """``1 bearer``, ``10 bearers``; water is never counted in ones.

    >>> plural("ration", 10), plural("askari", 1), plural("water", 10)
    ('10 rations', '1 askari', '10 water')
    """
    if count == 1 or name == "water":
        return f"{count} {name}"
    return f"{count} {name}s"


# The actions of a move by good and amount (``leave 10 rations``), grouped by good in the order
# of the action space: ``(good, ((action, amount), ...))``, the amounts rising. A listing of
# legal actions passes over a good the expedition lacks (most goods, most of the time) in one
# test.
GoodsActions = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]


@dataclass(frozen=True, eq=False)
class ActionTable(ActionSpace):
    """Every action of one data set, with the first action of each kind that takes an
    argument (``base[kind] + argument`` is the action)."""

    base: tuple[int, ...]  # by kind: the first action of that kind
    end: tuple[int, ...]  # by kind: one past its last action
    counter_sites: tuple[int, ...]  # COUNTER actions on hexes 4.41 allows (by the board alone)
    goods_amount: dict[int, GoodsActions]  # BUY, LEAVE, CACHE, TAKE_WATER, LEAVE_SICK, by kind
    ticket_port: tuple[int, ...]  # by card: the port of its free ticket, -1 none (26.6)
    near: tuple[frozenset[int], ...]  # by hex: the hexes fewer than three away (4.42)
    wares: tuple[tuple[tuple[int, int], ...], ...]  # by port: (BUY action, its cost) of what
    # it sells (5.3, 5.426-5.427)
    trade_good: tuple[int, ...]  # by TRADE action offset: the good traded
    trade_lot: tuple[tuple[int, int, int], ...]  # by TRADE offset: (buy?, quantity, gifts)
    trade_lots: tuple[int, ...]  # by TRADE offset: the lots of its table line
    part_base: tuple[int, ...]  # by part (PART_HEX, ...): its first PUBLISH_PART action


def write_goods(
    out: Writer, verb: str, goods: tuple[int, ...], *, sick: bool = False
) -> dict[tuple[int, int], int]:
    """The actions ``verb 1 ration``, ``verb 10 rations``, ... (``verb 1 sick bearer`` with
    ``sick``), by (good, amount)."""
    added = {}
    for good in goods:
        for amount in AMOUNTS:
            counted = plural(GOOD_IDS[good], amount)
            if sick:
                counted = counted.replace(" ", " sick ", 1)
            added[good, amount] = out.add(f"{verb} {counted}", good, amount)
    return added


def write_counter(data: Components, out: Writer) -> None:
    """``counter 1520`` for every hex (and by a port's name), 4.4."""
    board = data.board
    for hex_ in range(board.num_hexes):
        action = out.add(f"counter {board.hex_ids[hex_]}", hex_)
        if board.port_of[hex_] >= 0:
            out.alias(f"counter {board.port_names[board.port_of[hex_]]}", action)


def write_sail_to(data: Components, out: Writer) -> None:
    """``sail to Zanzibar`` for every port (4.5, 26.2)."""
    for port, name in enumerate(data.board.port_names):
        out.add(f"sail to {name}", port)


# ``specialty zoologist`` for every specialty (4.6)
write_specialty = one_each("specialty", SPECIALTY_IDS)


def write_keep_die(data: Components, out: Writer) -> None:
    """``keep die 4``: of the two dice thrown for a mission or a treatment, the one kept
    (40.51)."""
    for die in range(1, DIE + 1):
        out.add(f"keep die {die}", die)


def write_buy(data: Components, out: Writer) -> None:
    """``buy 10 rations`` for what a port may sell (5.3; water is free, 5.4441)."""
    write_goods(out, "buy", BUYABLE)


def write_activity(data: Components, out: Writer) -> None:
    """``cautious``, ``normal``, ``reckless`` (9.12)."""
    for activity, name in enumerate(ACTIVITY_IDS):
        out.add(name, activity)


def write_move(data: Components, out: Writer) -> None:
    """``move north-east`` (also ``move 2``, ``move ne``), 9.0."""
    for direction in DIRECTIONS:
        action = out.add(f"move {DIRECTION_NAMES[direction - 1]}", direction)
        out.alias(f"move {direction}", action)
        out.alias(f"move {DIRECTION_SHORT[direction - 1]}", action)


# ``travel mounted`` for every mode of travel (9.5)
write_travel = one_each("travel", MODE_WORDS)


def write_policy(data: Components, out: Writer) -> None:
    """``policy 3`` (also by its id and name), 13.3."""
    tables = data.tables
    for index, policy_id in enumerate(tables.policy_ids):
        action = out.add(f"policy {index + 1}", index)
        out.alias(f"policy {policy_id}", action)
        out.alias(f"policy {tables.policy_names[index]}", action)


def write_escape(data: Components, out: Writer) -> None:
    """``escape with bearer`` for every kind of member (15.21)."""
    for good in (*PEOPLE, *ANIMALS, CANOE):
        out.add(f"escape with {GOOD_IDS[good]}", good)


def write_leave(data: Components, out: Writer) -> None:
    """``leave 1 bearer`` for everything an expedition may have (9.6); one person without a
    number, ``leave bearer``."""
    leaving = write_goods(out, "leave", (*PEOPLE, *ANIMALS, CANOE, *ITEMS))
    for good in PEOPLE:
        out.alias(f"leave {GOOD_IDS[good]}", leaving[good, 1])


def write_cache(data: Components, out: Writer) -> None:
    """``cache 10 rations`` for canoes and items (17.1-17.2)."""
    write_goods(out, "cache", (CANOE, *ITEMS))


# ``leave 1 tusk``, ``leave 1 specimen`` (9.6)
write_leave_find = one_each("leave 1", FIND_KINDS)


def write_shoot(data: Components, out: Writer) -> None:
    """``shoot horse``, ``shoot camel`` (18.5)."""
    for good in ANIMALS:
        out.add(f"shoot {GOOD_IDS[good]}", good)


def write_take(data: Components, out: Writer) -> None:
    """``take 10 water`` (5.4441-5.4443)."""
    write_goods(out, "take", (WATER,))


# ``interview yellow`` for every colour (24.6)
write_interview = one_each("interview", PLAYER_COLOURS)


# ``join blue`` for every colour (29.4)
write_join = one_each("join", PLAYER_COLOURS)


SPLIT_TERMS = ("evenly", "alone", "by dice")  # 29.7: the terms of ``split``, by argument


# ``split evenly``, ``split alone``, ``split by dice`` (29.6-29.7)
write_split = one_each("split", SPLIT_TERMS)


# ``cache 1 tusk``, ``cache 1 specimen`` (17.4)
write_cache_find = one_each("cache 1", FIND_KINDS)


def write_leave_sick(data: Components, out: Writer) -> None:
    """``leave 1 sick bearer`` for sick people (19.4); one without a number, ``leave sick
    bearer``."""
    leaving = write_goods(out, "leave", PEOPLE, sick=True)
    for good in PEOPLE:
        out.alias(f"leave sick {GOOD_IDS[good]}", leaving[good, 1])


def hex_place(data: Components, hex_: int, *rest: int) -> str:
    """The place of a move on hex ``hex_``: the hex's id, the key the browser board uses."""
    return data.board.hex_ids[hex_]


# The actions of a move worth judging now (a superset of its legal ones).


def build_table(
    fields: dict[str, Any], moves: Mapping[str, range], data: Components
) -> ActionTable:
    """The action table of ``data``: the actions its moves wrote, with what the legal actions
    and the rules look up by action, by good or by hex."""
    board, tables = data.board, data.tables
    base = tuple(moves[name].start for name in KIND_NAMES)
    end = tuple(moves[name].stop for name in KIND_NAMES)
    args: tuple[tuple[int, ...], ...] = fields["args"]
    goods_amount = {
        kind: _by_good(args, range(base[kind], end[kind]))
        for kind in (BUY, LEAVE, CACHE, TAKE_WATER, LEAVE_SICK)
    }
    trade_good: list[int] = []
    trade_lot: list[tuple[int, int, int]] = []
    trade_lots: list[int] = []
    for buying, trades in ((1, tables.trade_buy), (0, tables.trade_sell)):
        for trade in trades:
            for lots in TRADE_LOTS:
                trade_good.append(trade.good)
                trade_lot.append((buying, trade.quantity * lots, trade.gifts * lots))
                trade_lots.append(lots)
    part_base = [
        next(a for a in range(base[PUBLISH_PART], end[PUBLISH_PART]) if args[a][0] == part)
        for part in (PART_HEX, PART_TRIBE, PART_SPECIAL, PART_GROUP)
    ]
    sold_at = tuple(
        frozenset(g for g in range(len(GOOD_IDS)) if logistics.can_buy_at(data, g, port))
        for port in range(board.num_ports)
    )
    ticket_port = tuple(
        board.port_of[board.hexes.get(name)] if name else -1 for name in data.deck.ticket
    )
    return ActionTable(
        **fields,
        base=base,
        end=end,
        counter_sites=tuple(base[COUNTER] + hex_ for hex_ in board.discovery_sites()),
        goods_amount=goods_amount,
        ticket_port=ticket_port,
        near=tuple(_within(board, hex_, COUNTER_SPACING - 1) for hex_ in range(board.num_hexes)),
        wares=tuple(
            tuple(
                (action, tables.price[good] * amount)
                for good, choices in goods_amount[BUY]
                if good in sold
                for action, amount in choices
            )
            for sold in sold_at
        ),
        trade_good=tuple(trade_good),
        trade_lot=tuple(trade_lot),
        trade_lots=tuple(trade_lots),
        part_base=tuple(part_base),
    )


def _by_good(args: tuple[tuple[int, ...], ...], actions: range) -> GoodsActions:
    """The ``actions`` of a move by good and amount, grouped by good, in their order (which
    :func:`write_goods` makes the order of rising amounts)."""
    grouped: dict[int, list[tuple[int, int]]] = {}
    for action in actions:
        good, amount = args[action]
        grouped.setdefault(good, []).append((action, amount))
    return tuple((good, tuple(choices)) for good, choices in grouped.items())


def _within(board: Board, start: int, steps: int) -> frozenset[int]:
    """The hexes at most ``steps`` away from ``start`` over land (the discovery counters stand
    inland, where that is the distance on the board)."""
    found = {start}
    ring = {start}
    for _ in range(steps):
        ring = {there for here in ring for there in board.neighbours[here] if there >= 0} - found
        found |= ring
    return frozenset(found)
