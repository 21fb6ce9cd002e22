"""Expedition, Travel Vouchers, with Remove an Arrow and Exchange a Research Mission: at most
two vouchers a turn, each for one more arrow, for taking back the last arrow of an expedition
(which goes back to its last point, with that point's effects), or for exchanging a research
card without a chip for one of two drawn from the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed, one_each
from terra.games.expedition import routes
from terra.games.expedition.actions import (
    BUY_ARROW,
    COLOURS,
    EXPEDITIONS,
    colour_name,
    every_site,
    site_id,
)
from terra.games.expedition.building import arrive, close_loop
from terra.games.expedition.components import Components
from terra.games.expedition.game_end import check_game_end
from terra.games.expedition.missions import lay_down_missions
from terra.games.expedition.rulebook import (
    RULE_EXCHANGE,
    RULE_LOOP,
    RULE_REMOVE,
    RULE_VOUCHERS,
    Phase,
)

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

VOUCHERS_PER_TURN = 2


def spend_voucher(state: ExpeditionState) -> None:
    """Expedition, Travel Vouchers. A green station's arrow not placed at once is forgone."""
    state.vouchers[state.player] -= 1
    state.spent += 1
    state.may = 0


def voucher_actions(state: ExpeditionState, found: list[int]) -> None:
    """Expedition, Travel Vouchers: what a travel voucher can buy now, while the player has
    one and has used fewer than two this turn: an arrow (if one can be placed at all), the
    removal of an expedition's last arrow, the exchange of a card without a chip (while the
    deck has cards). The three moves, listed together after the arrows (``found`` holds those
    already: if there is one, an arrow can be placed)."""
    p = state.player
    if not state.vouchers[p] or state.spent >= VOUCHERS_PER_TURN:
        return
    table = state.tables
    if found or routes.can_continue(state):
        found.append(BUY_ARROW)
    for colour in range(EXPEDITIONS):
        if state.arrows[colour] and not (
            state.looped >> colour & 1 and routes.removal_forms_loop(state, colour)
        ):
            found.append(table.remove_base + colour)
    if state.deck:
        base = table.exchange_base
        chip = state.chip
        found += [base + card for card in sorted(state.hand[p]) if chip[card] < 0]


def explain_voucher(state: ExpeditionState) -> IllegalAction | None:
    """Expedition, Travel Vouchers: a player uses at most two travel vouchers a turn, and only
    ones they have."""
    if not state.vouchers[state.player]:
        return refusal("no_voucher", "you have no travel voucher left", RULE_VOUCHERS)
    if state.spent >= VOUCHERS_PER_TURN:
        return refusal(
            "vouchers_used_up", "you have already used two travel vouchers this turn", RULE_VOUCHERS
        )
    return None


# --- One more arrow ------------------------------------------------------------------------------


def explain_buy_arrow(state: ExpeditionState) -> IllegalAction | None:
    """Expedition, Travel Vouchers: a voucher buys one more arrow, if an arrow can be placed at
    all."""
    if error := explain_voucher(state):
        return error
    if not routes.can_continue(state):
        return refusal("no_arrow_anywhere", "no arrow can be placed anywhere", RULE_VOUCHERS)
    return None


def buy_arrow(state: ExpeditionState) -> None:
    """Expedition, Travel Vouchers: one voucher buys one more arrow this turn. Then Expedition,
    Game End: does the game go on?"""
    spend_voucher(state)
    state.must += 1
    state.emit("buy_arrow", player=state.player)
    check_game_end(state)


BUY = Move(
    name="voucher arrow",
    rule=RULE_VOUCHERS,
    notation=fixed("voucher arrow"),
    offer=voucher_actions,
    explain=explain_buy_arrow,
    effect=buy_arrow,
)


# --- Remove an Arrow -----------------------------------------------------------------------------


# ``voucher remove red``: one action per expedition; the argument is its colour.
write_removals = one_each("voucher remove", COLOURS)


def expedition_colour(data: Components, colour: int) -> str:
    """The place of a removal: the expedition, by its colour, as views name it."""
    return COLOURS[colour]


def explain_remove(state: ExpeditionState, colour: int) -> IllegalAction | None:
    """Expedition, Travel Vouchers - Remove an Arrow: the last arrow of an expedition goes,
    unless that would form a second loop of that expedition this turn."""
    if error := explain_voucher(state):
        return error
    cname = colour_name(colour)
    if not state.arrows[colour]:
        return refusal(
            "nothing_to_remove",
            "the {colour} expedition has no arrow to remove",
            RULE_REMOVE,
            colour=cname,
        )
    if state.looped >> colour & 1 and routes.removal_forms_loop(state, colour):
        return refusal(
            "removal_closes_second_loop",
            "removing the last {colour} arrow would close a second {colour} loop this turn",
            RULE_LOOP,
            colour=cname,
        )
    return None


def remove_arrow(state: ExpeditionState, colour: int) -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: the expedition goes back to its last point,
    the point the removed arrow left from (for a loop arrow, the point it branched off), with
    that point's effects; if the arrow now last closed a loop, the expedition is back on its own
    route and the loop forms again (decision 5). Then Expedition, Game End: does the game go
    on?"""
    spend_voucher(state)
    arrows = state.arrows[colour]
    line, origin, target = routes.unpack(arrows.pop())
    start = state.data.start
    back = origin
    state.used[colour][line] = 0
    state.taken[line] -= 1
    state.end[colour] = back
    state.route[colour] = routes.route_of(state, colour)
    data = state.data
    state.emit(
        "remove",
        player=state.player,
        colour=colour_name(colour),
        origin=data.point_ids[origin],
        target=data.point_ids[target],
    )
    if routes.closed_a_loop(arrows, start):
        close_loop(state, colour)
    arrive(state, colour, back)
    check_game_end(state)


REMOVE = Move(
    name="voucher remove",
    rule=RULE_REMOVE,
    notation=write_removals,
    offer=voucher_actions,  # listed with the other voucher moves: the same conditions
    explain=explain_remove,
    effect=remove_arrow,
    place=expedition_colour,
)


# --- Exchange a Research Mission -----------------------------------------------------------------


def explain_exchange(state: ExpeditionState, card: int) -> IllegalAction | None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: one of your cards without a
    chip, while the deck has cards."""
    if error := explain_voucher(state):
        return error
    name = state.data.point_names[card]
    if card not in state.hand[state.player]:
        return refusal(
            "card_not_held", "you hold no research card for {site}", RULE_EXCHANGE, site=name
        )
    if state.chip[card] >= 0:
        return refusal(
            "marked_card",
            "your {site} card is marked with a chip and cannot be exchanged",
            RULE_EXCHANGE,
            site=name,
        )
    if not state.deck:
        return refusal("deck_empty", "the research deck is empty", RULE_EXCHANGE)
    return None


def exchange_card(state: ExpeditionState, card: int) -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: the card goes under the deck,
    the player draws two (as far as there are) and will keep one."""
    spend_voucher(state)
    p = state.player
    state.hand[p].remove(card)
    state.deck.insert(0, card)
    state.known[p] |= 1 << card
    drawn = [state.deck.pop() for _ in range(min(2, len(state.deck)))]
    state.drawn = drawn
    state.phase = Phase.KEEPING
    mask = 0
    for c in drawn:
        mask |= 1 << c
    for q in range(state.num_players):
        state.known[q] &= ~mask
    ends = 0
    for point in state.end:
        ends |= 1 << point
    state.in_deck &= ends  # only the cards where an expedition stands cannot end in a hand
    ids = state.data.point_ids
    state.emit(
        "exchange", player=p, card=ids[card], drawn=[ids[c] for c in drawn], count=len(drawn)
    )


EXCHANGE = Move(
    name="voucher exchange",
    rule=RULE_EXCHANGE,
    notation=every_site("voucher exchange"),
    offer=voucher_actions,  # as above
    explain=explain_exchange,
    effect=exchange_card,
    place=site_id,
)


def cards_to_keep(state: ExpeditionState, out: list[int]) -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: after an exchange, keep one
    of the cards drawn."""
    base = state.tables.keep_base
    out += sorted({base + card for card in state.drawn})


def explain_keep(state: ExpeditionState, card: int) -> IllegalAction | None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: keep one of the two cards
    just drawn."""
    if not state.drawn:
        return nothing_to_keep()
    if card not in state.drawn:
        return keep_first(state)
    return None


def nothing_to_keep() -> IllegalAction:
    """Expedition, Travel Vouchers - Exchange a Research Mission: a card is kept only from the
    cards an exchange drew."""
    return refusal("nothing_drawn", "you have not drawn cards to choose from", RULE_EXCHANGE)


def keep_first(state: ExpeditionState) -> IllegalAction:
    """Expedition, Travel Vouchers - Exchange a Research Mission: the card to keep comes before
    anything else. An exchange always draws two: the deck holds the card just put under it and
    at least one more (an exchange needs a deck that is not empty)."""
    site, other = (state.data.point_names[c] for c in state.drawn)
    return refusal(
        "keep_first",
        "first keep one of the cards you drew ({site} or {other}) with 'keep <site>'",
        RULE_EXCHANGE,
        site=site,
        other=other,
    )


def keep_card(state: ExpeditionState, card: int) -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: keep one drawn card, the other
    goes under the deck. A kept card whose site an expedition stands on is laid down at once."""
    p = state.player
    state.hand[p].append(card)
    ids = state.data.point_ids
    back = [c for c in state.drawn if c != card]
    for c in back:
        state.deck.insert(0, c)
        state.known[p] |= 1 << c
    state.drawn = []
    state.phase = Phase.PLAYING
    state.in_deck &= ~(1 << card)  # if known to be in the deck, it is laid down just below
    state.emit("keep", player=p, card=ids[card], back=[ids[c] for c in back])
    if card in state.end:
        lay_down_missions(state, card)


KEEP = Move(
    name="keep",
    rule=RULE_EXCHANGE,
    notation=every_site("keep"),
    offer=cards_to_keep,
    explain=explain_keep,
    effect=keep_card,
    place=site_id,
)
