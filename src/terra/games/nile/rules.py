"""Source of the Nile, Game I: set-up, the order of play, Europe and the end of the game.

One function per kind of action (``APPLY``); the journey through Africa (movement, mapping,
natives) is in :mod:`terra.games.nile.journey`, the end of a turn in Africa (hunting,
sickness, bonus) in :mod:`terra.games.nile.upkeep`, publishing in
:mod:`terra.games.nile.publishing`. Legality lives in :mod:`terra.games.nile.legal`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from terra.core.errors import IllegalAction
from terra.core.moves import Move, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import logistics
from terra.games.nile.chance import discard, draw_donation, roll
from terra.games.nile.components import Components
from terra.games.nile.discoveries import bring_finds_home
from terra.games.nile.explorer import CAPTIVE, IN_AFRICA, IN_EUROPE, TO_EUROPE, Explorer
from terra.games.nile.party import Party
from terra.games.nile.phases import (
    RULE_COUNTERS,
    RULE_EUROPE,
    RULE_NEW,
    RULE_OUTFIT,
    Phase,
)
from terra.games.nile.terms import BLANK, FOOT
from terra.games.nile.territory import new_territory

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_LIMIT = "Source of the Nile, decision N100 (the turn limit)"

# The decision at hand (terra.games.nile.phases).
COUNTERS = Phase.COUNTERS
PORT = Phase.PORT
SPECIALTY = Phase.SPECIALTY
OUTFIT = Phase.OUTFIT
ACTIVITY = Phase.ACTIVITY
MOVING = Phase.MOVING
RETREAT = Phase.RETREAT
POLICY = Phase.POLICY
NEGOTIATE = Phase.NEGOTIATE
ESCAPE = Phase.ESCAPE
SPOILS = Phase.SPOILS
CAPTIVITY = Phase.CAPTIVITY
EUROPE = Phase.EUROPE
OVER = Phase.OVER
PUBLISHING = Phase.PUBLISHING
FIRST_PLAYER_DICE = 4  # 4.62
DONATIONS_KEPT = 5  # 26.3


class Turn:
    """The current seat's turn so far (8.3)."""

    __slots__ = (
        "activity",
        "allowance",
        "came_from",
        "chosen",
        "counter",
        "lost",
        "mapped",
        "met_new",
        "met_staying",
        "moved",
        "published",
        "spent",
        "started_in_port",
        "stopped",
        "traded",
        "unaffordable",
    )

    activity: int  # -1 before it is chosen (8.3 step 1)
    allowance: int  # movement points this turn (9.12)
    spent: int  # movement points expended (9.14)
    lost: bool  # lost for the turn (12.2)
    stopped: bool  # can move no further this turn (9.52, 12.2)
    moved: bool  # entered a hex this turn (8.3 step 3c)
    came_from: int  # the hex left by the last move, for a retreat (9.44-9.46), -1 none
    mapped: list[int]  # hexes mapped this turn (20.2)
    met_staying: bool  # the tribe of a hex stayed in has been met (8.3 step 3c)
    met_new: list[int]  # tribes met for the first time this turn (20.2)
    traded: dict[int, int]  # by tribe: bit g, good g traded with it this turn (14.82)
    unaffordable: bool  # the hex just mapped costs more than was left: retreat (9.21, 9.41)
    started_in_port: bool  # in a port since a previous turn (21.4)
    counter: int  # set-up: the discovery counter being placed (4.4)
    published: int  # in Europe: victory points published this turn (26.5)
    chosen: list[tuple[int, int]]  # in Europe: the parts chosen to publish, (part, index) (22.2)

    def __init__(self) -> None:
        self.activity = -1
        self.allowance = 0
        self.spent = 0
        self.lost = False
        self.stopped = False
        self.moved = False
        self.came_from = -1
        self.mapped = []
        self.met_staying = False
        self.met_new = []
        self.traded = {}
        self.unaffordable = False
        self.started_in_port = False
        self.counter = -1
        self.published = 0
        self.chosen = []

    def clone(self) -> Turn:
        other = Turn.__new__(Turn)
        other.activity = self.activity
        other.allowance = self.allowance
        other.spent = self.spent
        other.lost = self.lost
        other.stopped = self.stopped
        other.moved = self.moved
        other.came_from = self.came_from
        other.mapped = self.mapped.copy()
        other.met_staying = self.met_staying
        other.met_new = self.met_new.copy()
        other.traded = self.traded.copy()
        other.unaffordable = self.unaffordable
        other.started_in_port = self.started_in_port
        other.counter = self.counter
        other.published = self.published
        other.chosen = self.chosen.copy()
        return other

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]


class Encounter:
    """A meeting with natives being resolved (13-16): a tribe on the map, or a band that a
    disaster or bonus brings and that leaves when the phase is over (11.43)."""

    __slots__ = (
        "ambush",
        "band",
        "entered",
        "hex",
        "members",
        "party",
        "policy",
        "prisoners",
        "size",
        "tribe",
    )

    hex: int
    tribe: int  # the tribe's number, 0 for a band (11.43)
    size: int  # SMALL, MEDIUM or LARGE
    policy: int  # chosen policy index, -1 before
    ambush: bool  # the natives attack from ambush (13.4)
    band: bool
    entered: bool  # met on entering the hex, not staying in it (23.1)
    members: int  # ESCAPE: members still to choose (15.21)
    prisoners: int  # SPOILS: prisoners taken (16.41)
    party: Party | None  # ESCAPE: the expedition the explorer escapes from (15.21)

    def __init__(
        self, hex_: int, tribe: int, size: int, band: bool = False, entered: bool = False
    ) -> None:
        self.hex = hex_
        self.tribe = tribe
        self.size = size
        self.policy = -1
        self.ambush = False
        self.band = band
        self.entered = entered
        self.members = 0
        self.prisoners = 0
        self.party = None

    def clone(self) -> Encounter:
        other = Encounter.__new__(Encounter)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        if self.party is not None:
            other.party = self.party.clone()
        return other

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Encounter) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]


# --- chance ------------------------------------------------------------------------------


# --- set-up (4.0) ------------------------------------------------------------------------


def set_up(state: NileState) -> None:
    """4.1-4.4: the map, the shuffled Event deck, the counters dealt face down."""
    data = state.data
    board = data.board
    options = state.options
    state.target = options["victory_points"]
    state.turn_limit = options["turn_limit"]
    state.round = 0
    state.territory = new_territory(board)
    state.territory_owned = True
    state.published = bytearray(map(board.published, range(board.num_hexes)))
    state.published_finds = set()
    state.published_battles = set()
    state.battles = 0
    state.epic_routes = set()
    state.deck = list(range(data.deck.size))
    state.rng.shuffle(state.deck)
    state.discards = []
    specials = len(data.tables.special_ids)
    kinds = [*range(specials), *([-1] * specials)]  # 3.32: four labelled, four blank
    state.rng.shuffle(kinds)
    state.counter_kind = kinds
    state.counter_hex = [-1] * len(kinds)
    state.explorers = [Explorer.new(board.num_hexes, seat) for seat in range(state.num_players)]
    state.explorers_owned = (1 << state.num_players) - 1
    state.turn = Turn()
    state.turn.counter = 0
    state.encounter = None
    state.fits = None
    state.setting_up = True
    state.first = -1
    state.player = 0
    state.phase = COUNTERS


def place_counter(state: NileState, hex_: int) -> None:
    """4.4: the seat puts the counter it was dealt, face down, on a hex of 4.41-4.42."""
    counter = state.turn.counter
    state.counter_hex[counter] = hex_
    state.emit("counter-placed", player=state.player, counter=counter, hex=hex_)
    counter += 1
    if counter < len(state.counter_hex):
        state.turn.counter = counter
        state.player = counter % state.num_players  # dealt one at a time, round the table
        return
    state.turn = Turn()
    state.player = 0
    state.phase = PORT


def choose_port(state: NileState, port: int) -> None:
    """4.5: the port chosen in secret; 26.2: an explorer in Europe sails for a port."""
    explorer = state.explorer(state.player)
    if state.phase == PORT:
        explorer.port = port
        state.emit("port-chosen", player=state.player, port=port)
        if state.player + 1 < state.num_players:
            state.player += 1
        else:
            state.player = 0
            state.phase = SPECIALTY
        return
    sail_to_africa(state, port)


def choose_specialty(state: NileState, specialty: int) -> None:
    """4.6: each explorer's specialty (a new explorer's too, 21.33)."""
    explorer = state.explorer(state.player)
    explorer.specialty = specialty
    state.emit("specialty-chosen", player=state.player, specialty=specialty)
    if not state.setting_up:
        state.phase = EUROPE  # a new explorer in Europe goes on with his turn
        return
    if state.player + 1 < state.num_players:
        state.player += 1
        return
    first = state.first = first_player(state)
    for seat, explorer in enumerate(state.explorers):  # 5.2: ports revealed together
        arrive(state, seat, explorer.port, state.data.tables.first_outfit)
    state.emit("ports-revealed", ports=[e.port for e in state.explorers])
    state.player = first
    state.phase = OUTFIT


def first_player(state: NileState) -> int:
    """4.62: four dice each; the highest plays first, ties roll again."""
    contenders = list(range(state.num_players))
    while True:
        totals = [sum(roll(state) for _ in range(FIRST_PLAYER_DICE)) for _ in contenders]
        best = max(totals)
        state.emit("first-player-dice", seats=contenders, totals=totals)
        contenders = [seat for seat, total in zip(contenders, totals, strict=True) if total == best]
        if len(contenders) == 1:
            return contenders[0]


def arrive(state: NileState, seat: int, port: int, money: int) -> None:
    """5.2, 26.2: the explorer lands at his port with money to outfit a fresh expedition."""
    explorer = state.explorer(seat)
    explorer.port = port
    explorer.hex = state.data.board.port_hex[port]
    explorer.status = IN_AFRICA
    explorer.money = money
    explorer.party = Party()
    explorer.mode = FOOT
    explorer.far = False
    explorer.carries = False
    explorer.land()
    explorer.visit(explorer.hex)
    explorer.journey = [explorer.hex]


# --- outfitting (5.0) --------------------------------------------------------------------


def buy(state: NileState, good: int, amount: int) -> None:
    """5.3: hire or buy at the port's prices."""
    explorer = state.explorer(state.player)
    explorer.money = logistics.buy(
        state.data, explorer.party, explorer.port, good, amount, funds=explorer.money
    )
    state.emit("bought", player=state.player, good=good, amount=amount)


def finish_outfitting(state: NileState) -> None:
    """5.3: money not spent is lost; the next explorer outfits, or play begins (8.1)."""
    explorer = state.explorer(state.player)
    explorer.money = 0
    state.emit("outfitted", player=state.player)
    if state.setting_up:
        following = (state.player + 1) % state.num_players
        if following != state.first:  # the set-up's round of outfitting goes on
            state.player = following
            return
        state.setting_up = False
        state.player = following  # 8.1: the first player opens the first turn
        begin_turn(state)
        return
    end_turn(state)  # 26.2: outfitting a new expedition takes the whole turn


# --- the order of play (8.0) -------------------------------------------------------------


def begin_turn(state: NileState) -> None:
    """8.1, 8.4: the seat's turn starts where its explorer is."""
    explorer = state.explorer(state.player)
    turn = state.turn = Turn()
    if explorer.status == TO_EUROPE:  # 21.4: a full turn at sea, then Europe
        explorer.status = IN_EUROPE
        explorer.hex = -1
        bring_finds_home(state, explorer)
        explorer.party = Party()  # 21.5: the expedition is disbanded
        explorer.journey = []
        state.emit("reached-europe", player=state.player)
    if explorer.status == IN_EUROPE:
        state.phase = SPECIALTY if explorer.specialty < 0 else EUROPE
    elif explorer.status == CAPTIVE:
        state.phase = CAPTIVITY
    else:
        board = state.data.board
        turn.started_in_port = board.port_of[explorer.hex] >= 0
        state.phase = ACTIVITY


def end_turn(state: NileState) -> None:
    """8.1: play passes clockwise; after every seat's turn a round is complete."""
    if state.phase == OVER:
        return
    state.encounter = None
    following = (state.player + 1) % state.num_players
    state.player = following
    if following == state.first:
        state.round += 1
        if state.round >= state.turn_limit:
            end_game(state, RULE_LIMIT)
            return
    begin_turn(state)


def end_game(state: NileState, reason: str) -> None:
    """7.0: the game ends at once when an explorer has published enough; decision N100:
    at the turn limit, the most published points win."""
    state.phase = OVER
    state.emit("game-over", reason=reason, scores=[e.vp for e in state.explorers])


def winners(state: NileState) -> list[int]:
    """7.0: the first to publish the target wins; at the turn limit the most points (N100)."""
    scores = [explorer.vp for explorer in state.explorers]
    reached = [seat for seat, vp in enumerate(scores) if vp >= state.target]
    if reached or state.num_players == 1:
        return reached  # 2.1: alone, the explorer wins only against the continent
    best = max(scores)
    return [seat for seat, vp in enumerate(scores) if vp == best]


# --- Europe (21, 26) ---------------------------------------------------------------------


def sail_for_europe(state: NileState) -> None:
    """21.4: from a port, the turn after arriving; the voyage takes a full turn."""
    explorer = state.explorer(state.player)
    explorer.status = TO_EUROPE
    state.emit("sailed-for-europe", player=state.player, hex=explorer.hex)
    end_turn(state)


def donation_dollars(state: NileState, explorer: Explorer) -> int:
    """26.1: the dollars of the donations an explorer holds."""
    dollars = state.data.deck.dollars
    return sum(dollars[card] for card in explorer.donations)


def ticket_for(state: NileState, explorer: Explorer, port: int) -> int:
    """26.6: a free ticket to ``port`` among the explorer's donations (its card), or -1."""
    ticket_port = state.tables.ticket_port
    for card in explorer.donations:
        if ticket_port[card] == port:
            return card
    return -1


def sail_to_africa(state: NileState, port: int) -> None:
    """26.2, 26.6: the explorer sails for ``port`` on a free ticket or for the passage, and
    spends the turn outfitting with what his donations bring."""
    explorer = state.explorer(state.player)
    ticket = ticket_for(state, explorer, port)
    money = donation_dollars(state, explorer)
    if ticket < 0:
        money -= state.data.tables.passage
    discard(state, explorer.donations)  # cashed
    explorer.donations = []
    arrive(state, state.player, port, money)
    state.emit("sailed-for-africa", player=state.player, port=port, ticket=ticket >= 0)
    state.phase = OUTFIT


def collect_donations(state: NileState) -> None:
    """26.3-26.5: no voyage this turn: tickets go, the hand is cut to five donations, and one
    donation is drawn, plus one for each victory point published this turn."""
    explorer = state.explorer(state.player)
    tickets = state.data.deck.ticket
    discard(state, [card for card in explorer.donations if tickets[card]])
    explorer.donations = [card for card in explorer.donations if not tickets[card]]
    dollars = state.data.deck.dollars
    if len(explorer.donations) > DONATIONS_KEPT:  # keep the best five
        explorer.donations.sort(key=lambda card: dollars[card], reverse=True)
        discard(state, explorer.donations[DONATIONS_KEPT:])
        del explorer.donations[DONATIONS_KEPT:]
    drawn = [draw_donation(state) for _ in range(1 + state.turn.published)]
    drawn = [card for card in drawn if card >= 0]
    explorer.donations.extend(drawn)
    state.emit("donations-drawn", player=state.player, cards=drawn)
    end_turn(state)


# --- the moves ---------------------------------------------------------------------------------


def explain_counter(state: NileState, hex_: int) -> IllegalAction | None:
    """4.41-4.42: a blank hex five or more from a published hex, three or more from another
    counter."""
    board = state.data.board
    if board.terrain[hex_] != BLANK or board.published_distance[hex_] < 5:
        return IllegalAction(
            f"{board.hex_name(hex_)} is not a blank hex five or more hexes from a published one",
            RULE_COUNTERS,
        )
    near = state.tables.near[hex_]
    for other in state.counter_hex:
        if other in near:
            return IllegalAction(
                f"{board.hex_name(hex_)} is within three hexes of another counter", RULE_COUNTERS
            )
    return None


def _counter_sites(state: NileState) -> Iterable[int]:
    """4.41: only blank hexes far enough from the published ones; 4.42: and from the counters
    placed."""
    table = state.tables
    near = table.near
    args = table.args
    placed = state.counter_hex
    return [action for action in table.counter_sites if near[args[action][0]].isdisjoint(placed)]


COUNTER = Move(
    name="counter",
    rule="Source of the Nile, 4.4-4.42",
    notation=act.write_counter,
    offer=checked(_counter_sites, explain_counter),
    explain=explain_counter,
    effect=place_counter,
    place=act.hex_place,
)


def explain_sail_to(state: NileState, port: int) -> IllegalAction | None:
    """4.5: any port; 26.2, 26.6: from Europe, on a free ticket or paying the passage."""
    if state.phase == Phase.PORT:
        return None
    explorer = state.explorers[state.player]
    if ticket_for(state, explorer, port) >= 0:
        return None
    dollars = donation_dollars(state, explorer)
    if dollars < state.data.tables.passage:
        return IllegalAction(
            f"your donations come to ${dollars}; the passage costs "
            f"${state.data.tables.passage} without a free ticket",
            RULE_NEW,
        )
    return None


def _ports_within_reach(state: NileState) -> Iterable[int]:
    """26.6: without the passage money, only the ports of free tickets."""
    if state.phase == Phase.PORT:
        return act.every(act.SAIL)(state)
    explorer = state.explorers[state.player]
    if donation_dollars(state, explorer) >= state.data.tables.passage:
        return act.every(act.SAIL)(state)
    base = state.tables.base[act.SAIL]
    ticket_port = state.tables.ticket_port  # each card's port, or -1 (as ticket_for)
    return sorted(
        {base + ticket_port[card] for card in explorer.donations if ticket_port[card] >= 0}
    )


def port_place(data: Components, port: int) -> str:
    """A port is on the map: its hex's index."""
    return str(data.board.port_hex[port])


SAIL_TO = Move(
    name="sail to",
    rule="Source of the Nile, 4.5, 26.2, 26.6",
    notation=act.write_sail_to,
    offer=act.exact(_ports_within_reach),
    explain=explain_sail_to,
    effect=choose_port,
    place=port_place,
)


def explain_specialty(state: NileState, specialty: int) -> IllegalAction | None:
    """4.6: any of the eight; different explorers may share one."""
    return None


CHOOSE_SPECIALTY = Move(
    name="specialty",
    rule="Source of the Nile, 4.6",
    notation=act.write_specialty,
    offer=act.exact(act.every(act.SPECIALTY)),
    explain=explain_specialty,
    effect=choose_specialty,
)


def explain_buy(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """5.3, 5.426-5.427: within the money left, and horses and camels only where sold."""
    explorer = state.explorers[state.player]
    cost = state.data.tables.price[good] * amount  # at the Rates of Exchange
    if cost > explorer.money:
        return IllegalAction(f"{amount} cost ${cost}; you have ${explorer.money} left", RULE_OUTFIT)
    if good not in state.tables.sold_at[explorer.port]:
        return IllegalAction(
            f"{state.data.tables.good_names[good]}s are not sold at "
            f"{state.data.board.port_names[explorer.port]}",
            RULE_OUTFIT,
        )
    return None


def _affordable(state: NileState) -> Iterable[int]:
    """5.3, 5.426-5.427: only what the port sells and the money left buys."""
    explorer = state.explorers[state.player]
    money = explorer.money
    table = state.tables
    sold = table.sold_at[explorer.port]
    cost = table.cost
    return [a for a, good, _n in table.goods_amount[act.BUY] if cost[a] <= money and good in sold]


BUY = Move(
    name="buy",
    rule="Source of the Nile, 5.3-5.427",
    notation=act.write_buy,
    offer=act.exact(_affordable),
    explain=explain_buy,
    effect=buy,
)


def explain_sail_for_europe(state: NileState) -> IllegalAction | None:
    """21.4: from a port, the turn after entering it."""
    explorer = state.explorers[state.player]
    if explorer.status != IN_AFRICA or state.data.board.port_of[explorer.hex] < 0:
        return IllegalAction("ships for Europe leave only from a port", RULE_EUROPE)
    if not state.turn.started_in_port:
        return IllegalAction("you may sail the turn after entering the port", RULE_EUROPE)
    return None


SAIL_FOR_EUROPE = Move(
    name="sail for europe",
    rule="Source of the Nile, 21.4",
    notation=fixed("sail for Europe"),
    offer=checked(act.every(act.EUROPE), explain_sail_for_europe),
    explain=explain_sail_for_europe,
    effect=sail_for_europe,
)


def explain_collect(state: NileState) -> IllegalAction | None:
    """26.3-26.5: instead of sailing."""
    return None


COLLECT = Move(
    name="collect",
    rule="Source of the Nile, 26.3-26.5",
    notation=fixed("collect donations"),
    offer=act.exact(act.every(act.COLLECT)),
    explain=explain_collect,
    effect=collect_donations,
)
