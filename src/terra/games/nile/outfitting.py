"""Source of the Nile 5.0-5.3 Outfitting Your Expedition and 26.0-26.8 Outfitting New
Expeditions: landing at a port with money (5.2, 26.2), buying at its prices (5.3), the
donations, tickets and passage of an explorer in Europe (26.1-26.6); the moves ``buy`` and
``collect``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, allowed, fixed
from terra.games.nile import actions as act
from terra.games.nile import logistics, offers
from terra.games.nile.chance import discard, draw_donation
from terra.games.nile.explorer import IN_AFRICA, Explorer
from terra.games.nile.joint import land_together, members_of
from terra.games.nile.party import Party, debase_explorer
from terra.games.nile.phases import OUTFIT
from terra.games.nile.runs import emit_run
from terra.games.nile.sequence import begin_turn, end_turn
from terra.games.nile.terms import FOOT, GUIDE, JOURNALIST

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


DONATIONS_KEPT = 5  # 26.3


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
    explorer.guide_hexes = set()
    explorer.must_stay = -1


def buy(state: NileState, good: int, amount: int) -> None:
    """5.3: hire or buy at the port's prices."""
    explorer = state.explorer(state.player)
    funds = explorer.money
    explorer.money = logistics.buy(
        state.data, explorer.party, explorer.port, good, amount, funds=funds
    )
    spent = funds - explorer.money
    if good == GUIDE:
        explorer.guide_hexes.add(explorer.hex)  # 31.2, 34.221
    emit_run(
        state,
        "bought",
        ("amount", "dollars"),
        player=state.player,
        good=good,
        amount=amount,
        dollars=spent,
    )


def finish_outfitting(state: NileState) -> None:
    """5.3: money not spent is lost; the next explorer outfits, or play begins (8.1)."""
    explorer = state.explorer(state.player)
    if explorer.money:
        state.emit("outfitted-unspent", player=state.player, money=explorer.money)
    else:
        state.emit("outfitted", player=state.player)
    explorer.money = 0
    if state.setting_up:
        following = next_outfitter(state, state.player)
        if following != state.first:  # the set-up's round of outfitting goes on
            state.player = following
            return
        state.setting_up = False
        state.player = following  # 8.1: the first player opens the first turn
        begin_turn(state)
        return
    end_turn(state)  # 26.2: outfitting a new expedition takes the whole turn


def next_outfitter(state: NileState, seat: int) -> int:
    """The set-up's round of outfitting (5.3): the next seat after ``seat`` whose explorer has
    landed (every seat in Game I; Game II's journalists, 40.62), or the first player when the
    round is over."""
    following = (seat + 1) % state.num_players
    while following != state.first and state.explorers[following].status != IN_AFRICA:
        following = (following + 1) % state.num_players
    return following


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


def journalist_income(state: NileState, explorer: Explorer) -> bool:
    """40.61-40.62: in Game II a journalist has a fixed $1,000 in Europe and sails free to any
    port, and draws no donation (decision N201)."""
    return state.game_two and explorer.specialty == JOURNALIST


def passage(state: NileState, seat: int, port: int) -> tuple[int, int]:
    """26.2, 26.6: what seat ``seat``'s explorer pays to sail for ``port`` (nothing on his own
    free ticket to it) and the dollars his donations bring (40.61-40.62: a journalist of Game
    II has $1,000 and sails free); 29.2: in a joint expedition formed in Europe, each pays for
    himself out of the pool, and a free ticket carries only the one who holds it."""
    explorer = state.explorers[seat]
    if journalist_income(state, explorer):
        return 0, state.data.game_two.journalist_income
    fare = logistics.passage_fare(state.data.tables, ticket_for(state, explorer, port) >= 0)
    return fare, donation_dollars(state, explorer)


def sail_to_africa(state: NileState, port: int) -> None:
    """26.2, 26.6: the explorer sails for ``port`` on a free ticket or for the passage, and
    spends the turn outfitting with what his donations bring; 29.2: a joint expedition formed
    in Europe sails together and outfits with the donations of all."""
    seat = state.player
    explorer = state.explorer(seat)
    seats = members_of(state, seat)
    ticket = ticket_for(state, explorer, port)
    free = journalist_income(state, explorer)
    fare = money = 0
    for member in seats:
        paid, dollars = passage(state, member, port)
        fare += paid
        money += dollars
        discard(state, state.explorers[member].donations)  # cashed
        state.explorer(member).donations = []
    money -= fare
    for member in seats:
        arrive(state, member, port, money if member == seat else 0)
    land_together(state, seat)
    state.emit(
        "sailed-for-africa",
        player=seat,
        port=port,
        ticket=ticket >= 0,
        fare=fare,
        money=money,
        **({"free": True} if free else {}),
        **({"partners": len(seats) - 1} if len(seats) > 1 else {}),
    )
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
    draws = 0 if journalist_income(state, explorer) else 1 + state.turn.published
    drawn = [draw_donation(state) for _ in range(draws)]
    drawn = [card for card in drawn if card >= 0]
    explorer.donations.extend(drawn)
    state.emit("donations-drawn", player=state.player, cards=drawn)
    end_turn(state)


def explain_buy(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """5.3, 5.426-5.427: within the money left, and horses and camels only where sold."""
    explorer = state.explorers[state.player]
    return logistics.explain_purchase(state.data, explorer.port, good, amount, explorer.money)


def _affordable(state: NileState) -> Iterable[int]:
    """5.3, 5.426-5.427: only what the port sells and the money left buys."""
    explorer = state.explorers[state.player]
    money = explorer.money
    return [action for action, cost in state.tables.wares[explorer.port] if cost <= money]


BUY = Move(
    name="buy",
    rule="Source of the Nile, 5.3-5.427",
    notation=act.write_buy,
    offer=offers.exact(_affordable),
    explain=explain_buy,
    effect=buy,
)


COLLECT = Move(
    name="collect",
    rule="Source of the Nile, 26.3-26.5",
    notation=fixed("collect donations"),
    offer=offers.always(act.COLLECT),
    explain=allowed,  # 26.3-26.5: instead of sailing
    effect=collect_donations,
)


def carry_loads(state: NileState) -> None:
    """5.51-5.52: the explorer does a bearer's work; the askaris lose their respect for him."""
    explorer = state.explorer(state.player)
    explorer.carries = True
    debase_explorer(explorer.party)
    state.emit("carries", player=state.player)


def stop_carrying(state: NileState) -> None:
    """5.52: he stops, but the askaris' respect comes back only with a victory or a kill."""
    state.explorer(state.player).carries = False
    state.emit("stops-carrying", player=state.player)


RULE_BEARER = "Source of the Nile, 5.51-5.52 The Explorer's Abilities"


def explain_carry(state: NileState) -> IllegalAction | None:
    """5.51, 19.3: a healthy explorer may do a bearer's work."""
    explorer = state.explorers[state.player]
    if explorer.carries:
        return refusal("carries_already", "the explorer already carries loads", RULE_BEARER)
    if explorer.party.explorer_sick:
        return refusal(
            "sick_cannot_carry", "a sick explorer cannot carry", "Source of the Nile, 19.3"
        )
    return None


def _may_carry(state: NileState) -> Iterable[int]:
    """5.51: ``carry loads`` for a healthy explorer who does not carry yet."""
    explorer = state.explorers[state.player]
    if explorer.carries or explorer.party.explorer_sick:
        return ()
    return offers.actions_of(state, act.CARRY)


CARRY = Move(
    name="carry",
    rule="Source of the Nile, 5.51",
    notation=fixed("carry loads"),
    offer=offers.exact(_may_carry),
    explain=explain_carry,
    effect=carry_loads,
)


def explain_stop(state: NileState) -> IllegalAction | None:
    """5.52: only an explorer who carries can stop."""
    if not state.explorers[state.player].carries:
        return refusal("carries_nothing", "the explorer carries nothing", RULE_BEARER)
    return None


def _carrying(state: NileState) -> Iterable[int]:
    """5.52: ``stop carrying`` for an explorer who carries."""
    if not state.explorers[state.player].carries:
        return ()
    return offers.actions_of(state, act.REST)


STOP = Move(
    name="stop",
    rule="Source of the Nile, 5.52",
    notation=fixed("stop carrying"),
    offer=offers.exact(_carrying),
    explain=explain_stop,
    effect=stop_carrying,
)
