"""Africana, B) Buy adventure cards: in the book of the explorer's hemisphere, pages are
turned (the first of the action free, each further one 1 silver) and any card showing on top
of either half is bought for 5 silver, until the player says ``done``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Always, Move, fixed
from terra.games.africana.actions import (
    BUY,
    TURN_BACK,
    TURN_FORWARD,
    adventure_card,
    every_adventure,
    fixed_with,
)
from terra.games.africana.components import HEMISPHERES
from terra.games.africana.gameplay import explain_choice
from terra.games.africana.rulebook import RULE_BUY, Phase

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

ADVENTURE_PRICE = 5  # B) Buy adventure cards
PAGE_PRICE = 1  # B) each page after the first in an action

_BUY = Phase.BUY  # read once (see gameplay)


def book_of(state: AfricanaState) -> int:
    """Africana, B): the book a player may use is the one of the explorer's hemisphere."""
    return state.data.hemisphere[state.loc[state.player]]


def page_cost(state: AfricanaState) -> int:
    """Africana, B): the first page turned in an action is free, each further one 1 silver."""
    return PAGE_PRICE if state.pages else 0


def reveal_tops(state: AfricanaState, book: int) -> None:
    """What shows on top of either half of a book is seen by the whole table."""
    for stack in (state.left[book], state.right[book]):
        if stack:
            state.seen |= 1 << stack[-1]


# --- the choice of the action ------------------------------------------------------------------


def start_buying(state: AfricanaState) -> None:
    """Africana, B) Buy adventure cards: choose the action; no page turned yet."""
    state.phase = _BUY
    state.pages = 0
    state.emit("choose_buy", player=state.player)


CHOOSE_BUY = Move(
    name="buy",
    rule=RULE_BUY,
    notation=fixed("buy"),
    offer=Always(BUY),
    explain=explain_choice,
    effect=start_buying,
)


# --- the book ------------------------------------------------------------------------------------


def book_open(state: AfricanaState, out: list[int]) -> None:
    """Africana, B) Buy adventure cards: the top card of either half of the book, then turning
    a page either way. The ``buy adventure``, ``turn forward`` and ``turn back`` moves, listed
    together."""
    player = state.player
    book = book_of(state)
    left = state.left[book]
    right = state.right[book]
    silver = state.silver[player]
    if silver >= ADVENTURE_PRICE:
        base = state.tables.buy_base
        if left:
            out.append(base + left[-1])
        if right:
            out.append(base + right[-1])
    if silver >= page_cost(state):
        if right:
            out.append(TURN_FORWARD)
        if left:
            out.append(TURN_BACK)


def explain_turn_page(state: AfricanaState, forward: int) -> IllegalAction | None:
    """Africana, B): a page is turned from a half that has one; the first page of the action is
    free, each further one costs 1 silver."""
    book = book_of(state)
    side, other = (state.right, state.left) if forward else (state.left, state.right)
    if not side[book]:
        return _explain_no_page(forward, bool(other[book]))
    silver = state.silver[state.player]
    if silver < page_cost(state):
        return refusal(
            "page_unaffordable",
            "each page after the first costs {price} silver; you have {silver}",
            RULE_BUY,
            price=PAGE_PRICE,
            silver=silver,
        )
    return None


def _explain_no_page(forward: int, other_way: bool) -> IllegalAction:
    """Africana, B): no page left to turn that way, and whether the other way has one."""
    if forward and other_way:
        return refusal(
            "no_page_forward_turn_back",
            "no unturned pages left to turn that way in this book (turn back instead)",
            RULE_BUY,
        )
    if forward:
        return refusal(
            "no_page_forward", "no unturned pages left to turn that way in this book", RULE_BUY
        )
    if other_way:
        return refusal(
            "no_page_back_turn_forward",
            "no turned pages left to turn that way in this book (turn forward instead)",
            RULE_BUY,
        )
    return refusal("no_page_back", "no turned pages left to turn that way in this book", RULE_BUY)


def turn_page(state: AfricanaState, forward: int) -> None:
    """Africana, B): turn one page of the book, forwards (right to left) or backwards."""
    player = state.player
    book = book_of(state)
    cost = page_cost(state)
    state.silver[player] -= cost
    state.pages += 1
    source, target = (
        (state.right[book], state.left[book]) if forward else (state.left[book], state.right[book])
    )
    target.append(source.pop())
    reveal_tops(state, book)
    state.emit(
        "turn_page",
        player=player,
        book=HEMISPHERES[book],
        direction="forward" if forward else "back",
        cost=cost,
    )


TURN_PAGE_FORWARD = Move(
    name="turn forward",
    rule=RULE_BUY,
    notation=fixed_with("turn forward", 1),
    offer=book_open,  # listed with the cards to buy
    explain=explain_turn_page,
    effect=turn_page,
)

TURN_PAGE_BACK = Move(
    name="turn back",
    rule=RULE_BUY,
    notation=fixed_with("turn back", 0),
    offer=book_open,
    explain=explain_turn_page,
    effect=turn_page,
)


def explain_buy_adventure(state: AfricanaState, card: int) -> IllegalAction | None:
    """Africana, B): 5 silver for a card showing on top of either half of the book of the
    explorer's hemisphere."""
    data = state.data
    ident = data.adventure_ids[card]
    book = book_of(state)
    if data.adventure_book[card] != book:
        return refusal(
            "wrong_book",
            "{card} is in the {book} book; with your explorer in the {hemisphere} you may only "
            "buy from the {hemisphere} book",
            RULE_BUY,
            card=ident,
            book=HEMISPHERES[data.adventure_book[card]],
            hemisphere=HEMISPHERES[book],
        )
    tops = [stack[-1] for stack in (state.left[book], state.right[book]) if stack]
    if card not in tops:
        return refusal(
            "adventure_not_on_top",
            "{card} is not showing on top of either half of the book; turn pages to reach it",
            RULE_BUY,
            card=ident,
        )
    silver = state.silver[state.player]
    if silver < ADVENTURE_PRICE:
        return refusal(
            "adventure_unaffordable",
            "an adventure card costs {price} silver; you have {silver}",
            RULE_BUY,
            price=ADVENTURE_PRICE,
            silver=silver,
        )
    return None


def buy_adventure(state: AfricanaState, card: int) -> None:
    """Africana, B): pay 5 silver and take a card showing on top of either half of the book."""
    player = state.player
    book = state.data.adventure_book[card]
    left = state.left[book]
    (left if left and left[-1] == card else state.right[book]).pop()
    state.silver[player] -= ADVENTURE_PRICE
    state.adventures[player] += (card,)
    reveal_tops(state, book)
    state.emit("buy", player=player, adventure=state.data.adventure_ids[card])


BUY_ADVENTURE = Move(
    name="buy adventure",
    rule=RULE_BUY,
    notation=every_adventure("buy"),
    offer=book_open,
    explain=explain_buy_adventure,
    effect=buy_adventure,
    place=adventure_card,
)
