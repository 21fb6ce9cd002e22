"""Source of the Nile 4.0-4.6 Set-Up for Play: the map, the Event deck and the discovery
counters (4.1-4.4), each explorer's secret port (4.5) and specialty (4.6), and who plays first
(4.62); the moves ``counter``, ``sail to`` (a port, 4.5, and from Europe, 26.2) and
``specialty``.

Source of the Nile 28.0 Set-Up for Play of Game II: no $1,000 and no port of entry; every
explorer starts in Europe with five donations dealt one at a time (28.2-28.3), but a
journalist, who starts at a port of his choice for free with $1,000 and no donation (40.6); and
no botanist (40.1). The specialties come first then, for the journalist's port depends on his.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, checked
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.chance import draw_donation, roll
from terra.games.nile.components import Components
from terra.games.nile.explorer import IN_AFRICA, Explorer
from terra.games.nile.joint import members_of
from terra.games.nile.outfitting import (
    arrive,
    donation_dollars,
    journalist_income,
    next_outfitter,
    passage,
    sail_to_africa,
    ticket_for,
)
from terra.games.nile.phases import (
    COUNTERS,
    EUROPE,
    OUTFIT,
    PORT,
    RULE_COUNTERS,
    RULE_NEW,
    SPECIALTY,
    cite,
)
from terra.games.nile.records import Turn
from terra.games.nile.sequence import begin_turn
from terra.games.nile.terms import BOTANIST, JOURNALIST
from terra.games.nile.territory import new_territory

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


FIRST_PLAYER_DICE = 4  # 4.62
FIRST_DONATIONS = 5  # 28.3
RULE_BOTANIST_II = "Source of the Nile, 40.1 (Game II: the botanist is combined with the zoologist)"


def set_up(state: NileState) -> None:
    """4.1-4.4: the map, the shuffled Event deck, the counters dealt face down."""
    data = state.data
    board = data.board
    options = state.options
    if state.game_two:  # 30.0: no target; the most points after the turns set
        state.target = 0
        state.turn_limit = options["turns"]
    else:
        state.target = options["victory_points"]
        state.turn_limit = options["turn_limit"]
    state.round = 0
    state.territory = new_territory(board)
    if state.game_two:  # 39.2: every tribe's attitude starts the same
        state.territory.attitude = [data.game_two.attitude_start] * len(state.territory.attitude)
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
    state.counter_sites = state.tables.counter_sites
    state.explorers = [Explorer.new(board.num_hexes, seat) for seat in range(state.num_players)]
    state.explorers_owned = (1 << state.num_players) - 1
    state.turn = Turn()
    state.turn.counter = 0
    state.encounter = None
    state.proposal = None
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
        if _counter_sites(state):
            return
    end_counters(state)


def end_counters(state: NileState) -> None:
    """4.4: the counters are placed; the explorers choose their ports (4.5) or, in Game II,
    their specialties (28.0). A counter left without a site is set aside (decision N222)."""
    state.turn = Turn()
    state.player = 0
    state.phase = SPECIALTY if state.game_two else PORT  # N150; 28.0: no port but the journalist's


def choose_port(state: NileState, port: int) -> None:
    """4.5: the port chosen in secret; 26.2: an explorer in Europe sails for a port."""
    explorer = state.explorer(state.player)
    if state.phase != PORT:
        sail_to_africa(state, port)
        return
    explorer.port = port
    state.emit("port-chosen", player=state.player, port=port)
    following = _next_to_choose_port(state, state.player + 1)
    if following >= 0:
        state.player = following
    elif state.game_two:
        _land_journalists(state)
    else:
        state.player = 0
        state.phase = SPECIALTY


def _next_to_choose_port(state: NileState, seat: int) -> int:
    """The next seat from ``seat`` on that names a port (4.5: every seat; 40.62: in Game II the
    journalists alone), or -1."""
    for following in range(seat, state.num_players):
        if not state.game_two or state.explorers[following].specialty == JOURNALIST:
            return following
    return -1


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
    state.first = first_player(state)
    if not state.game_two:
        _land(state, range(state.num_players))
        return
    deal_donations(state)
    journalist = _next_to_choose_port(state, 0)
    if journalist < 0:  # nobody sails yet: the turns begin in Europe
        state.setting_up = False
        state.player = state.first
        begin_turn(state)
        return
    state.player = journalist
    state.phase = PORT


def _land(state: NileState, seats: Iterable[int]) -> None:
    """5.2: the ports are revealed together and the explorers land with $1,000 each; they
    outfit in turn from the first player (5.3)."""
    seats = list(seats)
    for seat in seats:
        arrive(state, seat, state.explorers[seat].port, state.data.tables.first_outfit)
    landing = set(seats)  # by seat, -1 for those who stay in Europe (28.2)
    state.emit(
        "ports-revealed",
        ports=[e.port if seat in landing else -1 for seat, e in enumerate(state.explorers)],
    )
    state.player = state.first
    if state.explorers[state.first].status != IN_AFRICA:
        state.player = next_outfitter(state, state.first)
    state.phase = OUTFIT


def _land_journalists(state: NileState) -> None:
    """40.62: Game II's journalists land at their ports for free, with $1,000 (40.61)."""
    journalists = [
        seat for seat, explorer in enumerate(state.explorers) if explorer.specialty == JOURNALIST
    ]
    _land(state, journalists)


def deal_donations(state: NileState) -> None:
    """28.3: five donations for each explorer but a journalist (40.62), dealt one at a time
    round the table from the first player; they lie face up (26.8)."""
    seats = [(state.first + offset) % state.num_players for offset in range(state.num_players)]
    seats = [seat for seat in seats if state.explorers[seat].specialty != JOURNALIST]
    for _ in range(FIRST_DONATIONS):
        for seat in seats:
            card = draw_donation(state)
            if card >= 0:
                state.explorer(seat).donations.append(card)
    for seat in seats:
        state.emit("donations-dealt", player=seat, cards=list(state.explorers[seat].donations))


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


def explain_counter(state: NileState, hex_: int) -> IllegalAction | None:
    """4.41-4.42: a blank hex five or more from a published hex (in a campaign, from the hexes
    published so far, decision N221), three or more from another counter."""
    board = state.data.board
    if state.tables.base[act.COUNTER] + hex_ not in state.counter_sites:
        return refusal(
            "counter_site",
            "{hex} is not a blank hex five or more hexes from a published one",
            RULE_COUNTERS,
            hex=board.hex_name(hex_),
        )
    near = state.tables.near[hex_]
    for other in state.counter_hex:
        if other in near:
            return refusal(
                "counter_too_near",
                "{hex} is within three hexes of another counter",
                RULE_COUNTERS,
                hex=board.hex_name(hex_),
            )
    return None


def _counter_sites(state: NileState) -> Iterable[int]:
    """4.41: only blank hexes far enough from the published ones; 4.42: and from the counters
    placed."""
    table = state.tables
    near = table.near
    args = table.args
    placed = state.counter_hex
    return [action for action in state.counter_sites if near[args[action][0]].isdisjoint(placed)]


COUNTER = Move(
    name="counter",
    rule="Source of the Nile, 4.4-4.42",
    notation=act.write_counter,
    offer=offers.exact(_counter_sites),
    explain=explain_counter,
    effect=place_counter,
    place=act.hex_place,
)


def explain_sail_to(state: NileState, port: int) -> IllegalAction | None:
    """4.5: any port; 26.2, 26.6: from Europe, on a free ticket or paying the passage (40.62:
    Game II's journalist sails free)."""
    if state.phase == PORT:
        return None
    explorer = state.explorers[state.player]
    if explorer.joined >= 0:
        return refusal(
            "sail_with_leader",
            "a joint expedition sails in the turn of its leader",
            cite("29.2-29.3"),
        )
    short = _passage_short(state, explorer, port)
    if short is not None:
        dollars, fare = short
        return refusal(
            "passage_unpaid",
            "your donations come to ${dollars}; the passage costs ${fare} without a free ticket",
            RULE_NEW,
            dollars=dollars,
            fare=fare,
        )
    return None


def _passage_short(state: NileState, explorer: Explorer, port: int) -> tuple[int, int] | None:
    """26.2, 26.6, 29.2: the dollars of the donations and the fare, when they fall short of
    the passage to ``port``; ``None`` when the explorer (with his partners) can sail."""
    if explorer.leads:
        fare, dollars = joint_passage(state, port)
    else:
        if ticket_for(state, explorer, port) >= 0 or journalist_income(state, explorer):
            return None
        fare, dollars = state.data.tables.passage, donation_dollars(state, explorer)
    return (dollars, fare) if dollars < fare else None


def joint_passage(state: NileState, port: int) -> tuple[int, int]:
    """29.2: the fares of every explorer of the current seat's joint expedition to ``port``,
    and the dollars of their pooled donations."""
    fares = dollars = 0
    for seat in members_of(state, state.player):
        fare, brought = passage(state, seat, port)
        fares += fare
        dollars += brought
    return fares, dollars


def _ports_within_reach(state: NileState) -> Iterable[int]:
    """26.6: without the passage money, only the ports of free tickets."""
    if state.phase == PORT:
        return offers.actions_of(state, act.SAIL)
    explorer = state.explorers[state.player]
    if explorer.joined >= 0:  # 29.2-29.3: the leader sails
        return ()
    if explorer.leads:  # 29.2: the pool pays
        base = state.tables.base[act.SAIL]
        ports = range(state.data.board.num_ports)
        return [base + port for port in ports if _passage_short(state, explorer, port) is None]
    if donation_dollars(state, explorer) >= state.data.tables.passage or journalist_income(
        state, explorer
    ):
        return offers.actions_of(state, act.SAIL)
    base = state.tables.base[act.SAIL]
    ticket_port = state.tables.ticket_port  # each card's port, or -1 (as ticket_for)
    return sorted(
        {base + ticket_port[card] for card in explorer.donations if ticket_port[card] >= 0}
    )


def port_place(data: Components, port: int) -> str:
    """A port is on the map: its hex's id."""
    return data.board.hex_ids[data.board.port_hex[port]]


SAIL_TO = Move(
    name="sail to",
    rule="Source of the Nile, 4.5, 26.2, 26.6",
    notation=act.write_sail_to,
    offer=offers.exact(_ports_within_reach),
    explain=explain_sail_to,
    effect=choose_port,
    place=port_place,
)


def explain_specialty(state: NileState, specialty: int) -> IllegalAction | None:
    """4.6: any of the eight; different explorers may share one. 40.1: Game II has no
    botanist (the zoologist studies plants too)."""
    if specialty == BOTANIST and state.game_two:
        return refusal(
            "no_botanist",
            "Game II has no botanist: the zoologist collects plants as well",
            RULE_BOTANIST_II,
        )
    return None


CHOOSE_SPECIALTY = Move(
    name="specialty",
    rule="Source of the Nile, 4.6, 40.1",
    notation=act.write_specialty,
    offer=checked(offers.every(act.SPECIALTY), explain_specialty),
    explain=explain_specialty,
    effect=choose_specialty,
)
