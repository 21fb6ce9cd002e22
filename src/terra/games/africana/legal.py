"""Which actions are legal now, and why any other one is not: the rules stated twice.

``legal_actions`` lists what the current player may do (``play`` checks against it and bots
choose from it). ``explain`` judges one action on its own, from the rule's conditions, and
answers ``None`` when it is legal or the :class:`IllegalAction` saying what is wrong, what the
player could do instead and which rule says so. The two are written independently, rule by
rule in the order of the rulebook, and the contract suite checks at every decision of seeded
games that they agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.africana import actions as act
from terra.games.africana import rules as r
from terra.games.africana.components import Components

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

Explainer = Callable[["AfricanaState", int, int], IllegalAction | None]


def legal_actions(state: AfricanaState) -> list[int]:
    """Every action the current player may take now."""
    phase = state.phase
    if phase == r.MOVING:
        return move_actions(state)
    if phase == r.CHOOSE:
        return choose_actions(state)
    if phase == r.BUYING:
        return buy_actions(state)
    if phase == r.DISCARDING:
        return discard_actions(state)
    if phase == r.DROPPING:
        return drop_actions(state)
    return []


def explain(state: AfricanaState, action: int) -> IllegalAction | None:
    """``None`` if ``action`` (an action of the table, the game going on) is legal now;
    otherwise why not, with the rule that says so."""
    tables = state.tables
    phase = state.phase
    kind = tables.kind[action]
    if kind == act.DONE:
        return explain_done(state)
    if _KIND_PHASE[kind] != phase:
        return IllegalAction(
            f"cannot {tables.text[action]!r} now: {_PHASE_DOING[phase]}", _PHASE_RULE[phase]
        )
    return _EXPLAIN[kind](state, tables.arg[action], tables.pay[action])


# --- Gameplay: the action of the turn --------------------------------------------------------

_PHASE_DOING = {
    r.CHOOSE: "first choose the action of your turn: draw, buy or move",
    r.BUYING: "you are buying adventure cards this turn (turn pages, buy, or done)",
    r.MOVING: "you are moving your explorer this turn (go, join, finish, or done)",
    r.DISCARDING: "your turn is over; first discard down to the hand limit of 5 cards",
    r.DROPPING: "your turn is over; first discard unfinished adventures down to 3",
}
_PHASE_RULE = {
    r.CHOOSE: r.RULE_TURN,
    r.BUYING: r.RULE_BUY,
    r.MOVING: r.RULE_MOVE,
    r.DISCARDING: r.RULE_LIMITS,
    r.DROPPING: r.RULE_LIMITS,
}
_KIND_PHASE = {
    act.DRAW: r.CHOOSE,
    act.BUY: r.CHOOSE,
    act.MOVE: r.CHOOSE,
    act.TURN_FORWARD: r.BUYING,
    act.TURN_BACK: r.BUYING,
    act.BUY_CARD: r.BUYING,
    act.STEP: r.MOVING,
    act.JOIN: r.MOVING,
    act.FINISH_EXPEDITION: r.MOVING,
    act.FINISH_ADVENTURE: r.MOVING,
    act.DISCARD: r.DISCARDING,
    act.DROP: r.DROPPING,
}


def choose_actions(_state: AfricanaState) -> list[int]:
    """Africana, Gameplay: one of the three actions A), B) or C)."""
    return [act.DRAW, act.BUY, act.MOVE]


def explain_choice(_state: AfricanaState, _arg: int, _pay: int) -> IllegalAction | None:
    """Africana, Gameplay: any of the three actions may be chosen, even one that can achieve
    nothing (drawing from empty piles, buying without silver, moving without cards)."""
    return None


def explain_done(state: AfricanaState) -> IllegalAction | None:
    """Africana, B) and C): ``done`` ends a buy or move action, at any point of it."""
    phase = state.phase
    if phase in (r.BUYING, r.MOVING):
        return None
    return IllegalAction(
        f"'done' ends a buy or move action; {_PHASE_DOING[phase]}", _PHASE_RULE[phase]
    )


# --- B) Buy adventure cards ------------------------------------------------------------------


def buy_actions(state: AfricanaState) -> list[int]:
    """Africana, B) Buy adventure cards: the top card of either half of the book, turning a
    page, or done."""
    player = state.player
    book = r.book_of(state)
    left = state.left[book]
    right = state.right[book]
    silver = state.silver[player]
    out = []
    if silver >= r.ADVENTURE_PRICE:
        base = state.tables.buy_base
        if left:
            out.append(base + left[-1])
        if right:
            out.append(base + right[-1])
    if silver >= r.page_cost(state):
        if right:
            out.append(act.TURN_FORWARD)
        if left:
            out.append(act.TURN_BACK)
    out.append(act.DONE)
    return out


def explain_turn_page(state: AfricanaState, forward: int, _pay: int) -> IllegalAction | None:
    """Africana, B): a page is turned from a half that has one; the first page of the action is
    free, each further one costs 1 silver."""
    book = r.book_of(state)
    side, other = (state.right, state.left) if forward else (state.left, state.right)
    if not side[book]:
        where = "unturned" if forward else "turned"
        hint = f" (turn {'back' if forward else 'forward'} instead)" if other[book] else ""
        return IllegalAction(
            f"no {where} pages left to turn that way in this book{hint}", r.RULE_BUY
        )
    silver = state.silver[state.player]
    if silver < r.page_cost(state):
        return IllegalAction(
            f"each page after the first costs {r.PAGE_PRICE} silver; you have {silver}",
            r.RULE_BUY,
        )
    return None


def explain_buy_adventure(state: AfricanaState, card: int, _pay: int) -> IllegalAction | None:
    """Africana, B): 5 silver for a card showing on top of either half of the book of the
    explorer's hemisphere."""
    data = state.data
    ident = data.adventure_ids[card]
    book = r.book_of(state)
    names = ("north", "south")
    if data.adventure_book[card] != book:
        return IllegalAction(
            f"{ident} is in the {names[data.adventure_book[card]]} book; with your explorer in "
            f"the {names[book]} you may only buy from the {names[book]} book",
            r.RULE_BUY,
        )
    tops = [stack[-1] for stack in (state.left[book], state.right[book]) if stack]
    if card not in tops:
        return IllegalAction(
            f"{ident} is not showing on top of either half of the book; turn pages to reach it",
            r.RULE_BUY,
        )
    silver = state.silver[state.player]
    if silver < r.ADVENTURE_PRICE:
        return IllegalAction(
            f"an adventure card costs {r.ADVENTURE_PRICE} silver; you have {silver}", r.RULE_BUY
        )
    return None


# --- C) Move explorer ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Step:
    """A route out of a location, with the payments that fit its destination."""

    base: int  # action of paying with hand slot 0 to go there
    fitting: tuple[int, ...]  # travel and assistant slots of the destination's symbols
    recolourable: tuple[int, ...]  # travel and assistant slots that need recolouring to fit


@cache
def routes_from(data: Components) -> tuple[tuple[Step, ...], ...]:
    """For each location, the steps out of it (built once per data set)."""
    table = act.action_table(data)
    colours = len(data.colours)
    out = []
    for here in range(data.num_locations):
        steps = []
        for there in data.neighbours[here]:
            mask = data.symbol_mask[there]
            fitting = tuple(slot for c in data.symbols[there] for slot in (c, colours + c))
            recolourable = tuple(
                slot for slot in range(2 * colours) if not mask >> (slot % colours) & 1
            )
            steps.append(
                Step(
                    table.step_base + there * table.pay_codes,
                    fitting,
                    tuple(table.hand_slots + slot for slot in recolourable),
                )
            )
        out.append(tuple(steps))
    return tuple(out)


def move_actions(state: AfricanaState) -> list[int]:
    """Africana, C) Move explorer: steps along the routes with a card that fits, joining and
    ending expeditions and adventures here, or done."""
    player = state.player
    here = state.loc[player]
    hand = state.hand[player]
    tables = state.tables
    data = state.data
    out = []
    joker = tables.joker
    has_joker = hand[joker]
    recolour = state.silver[player] >= r.RECOLOUR_PRICE
    slots = tables.hand_slots
    for route in routes_from(data)[here]:
        base = route.base
        for slot in route.fitting:
            if hand[slot]:
                out.append(base + slot)
        if has_joker:
            out.append(base + joker)
        if recolour:
            for code in route.recolourable:
                if hand[code - slots]:
                    out.append(base + code)
    bit = 1 << player
    joined = state.joined
    for space, card in enumerate(state.spaces):
        if card < 0:
            continue
        if joined[space] & bit:
            if data.expedition_target[card] == here:
                out.append(tables.finish_expedition_base + card)
        elif data.expedition_start[card] == here and state.markers[player] < r.MARKERS:
            out.append(tables.join_base + card)
    targets = data.adventure_target
    base = tables.finish_adventure_base
    for card in state.adventures[player]:
        if targets[card] == here:
            out.append(base + card)
    out.append(act.DONE)
    return out


def _a(phrase: str) -> str:
    """``phrase`` with its indefinite article: "a grey card", "an orange card"."""
    return ("an " if phrase[0] in "aeiou" else "a ") + phrase


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def explain_step(state: AfricanaState, there: int, pay: int) -> IllegalAction | None:
    """Africana, C) Movement: along a route, playing a travel card of the destination's
    symbol, an assistant of that colour or the joker; Change Travel Card Color: or any other
    card recoloured for 5 silver (never one that already fits, docs/rules-decisions.md)."""
    data = state.data
    tables = state.tables
    player = state.player
    here = state.loc[player]
    name = data.location_names[there]
    if there not in data.neighbours[here]:
        return IllegalAction(
            f"no travel route leads from {data.location_names[here]} to {name}", r.RULE_MOVE
        )
    recoloured = pay >= tables.hand_slots
    slot = pay - tables.hand_slots if recoloured else pay
    card = act.slot_name(data, slot)
    hand = state.hand[player]
    if not hand[slot]:
        if state.played[slot] and slot >= len(data.colours):
            return IllegalAction(
                f"your {card} is already played in this action; it returns to your hand only "
                "when the action ends",
                r.RULE_MOVE,
            )
        return IllegalAction(f"you hold no {card} card to play", r.RULE_MOVE)
    fits = slot == tables.joker or slot % len(data.colours) in data.symbols[there]
    silver = state.silver[player]
    if not recoloured:
        if fits:
            return None
        ways = []
        if silver >= r.RECOLOUR_PRICE:
            ways.append(f"recolour it for {r.RECOLOUR_PRICE} silver")
        if hand[tables.joker]:
            ways.append("play your joker")
        hint = f" ({_or(ways)} instead)" if ways else ""
        needed = _or([data.colours[c] for c in data.symbols[there]])
        return IllegalAction(
            f"{name} needs {_a(needed)} card; {_a(card)} card does not fit{hint}", r.RULE_MOVE
        )
    if fits:
        return IllegalAction(
            f"your {card} card already fits {name}; recolouring it would cost "
            f"{r.RECOLOUR_PRICE} silver for nothing (docs/rules-decisions.md)",
            r.RULE_RECOLOUR,
        )
    if silver < r.RECOLOUR_PRICE:
        return IllegalAction(
            f"recolouring a card costs {r.RECOLOUR_PRICE} silver; you have {silver}",
            r.RULE_RECOLOUR,
        )
    return None


def explain_join_expedition(state: AfricanaState, card: int, _pay: int) -> IllegalAction | None:
    """Africana, C) Joining Expeditions: a displayed expedition starting where the explorer
    stands, not joined yet, with a company marker to spare."""
    data = state.data
    ident = data.expedition_ids[card]
    if card not in state.spaces:
        return IllegalAction(f"expedition {ident} is not on an expedition space", r.RULE_JOIN)
    player = state.player
    if state.joined[state.spaces.index(card)] >> player & 1:
        return IllegalAction(f"you have already joined expedition {ident}", r.RULE_JOIN)
    start = data.expedition_start[card]
    if state.loc[player] != start:
        return IllegalAction(
            f"expedition {ident} starts in {data.location_names[start]}; your explorer is in "
            f"{data.location_names[state.loc[player]]}",
            r.RULE_JOIN,
        )
    if state.markers[player] >= r.MARKERS:
        return IllegalAction(
            f"all {r.MARKERS} of your company markers are on expeditions already", r.RULE_JOIN
        )
    return None


def explain_end_expedition(state: AfricanaState, card: int, _pay: int) -> IllegalAction | None:
    """Africana, C) Ending An Expedition: a displayed expedition the player has joined, at its
    destination."""
    data = state.data
    ident = data.expedition_ids[card]
    if card not in state.spaces:
        return IllegalAction(
            f"expedition {ident} is not on an expedition space", r.RULE_END_EXPEDITION
        )
    player = state.player
    if not state.joined[state.spaces.index(card)] >> player & 1:
        return IllegalAction(f"you have not joined expedition {ident}", r.RULE_END_EXPEDITION)
    target = data.expedition_target[card]
    if state.loc[player] != target:
        return IllegalAction(
            f"expedition {ident} ends in {data.location_names[target]}; your explorer is in "
            f"{data.location_names[state.loc[player]]}",
            r.RULE_END_EXPEDITION,
        )
    return None


def explain_end_adventure(state: AfricanaState, card: int, _pay: int) -> IllegalAction | None:
    """Africana, C) Ending An Adventure: one of the player's unfinished adventures, at its
    destination."""
    data = state.data
    ident = data.adventure_ids[card]
    player = state.player
    if card not in state.adventures[player]:
        return IllegalAction(
            f"adventure {ident} is not one of your unfinished adventures", r.RULE_END_ADVENTURE
        )
    target = data.adventure_target[card]
    if state.loc[player] != target:
        return IllegalAction(
            f"adventure {ident} ends in {data.location_names[target]}; your explorer is in "
            f"{data.location_names[state.loc[player]]}",
            r.RULE_END_ADVENTURE,
        )
    return None


# --- End of a Turn - Check Card Limits -------------------------------------------------------


def discard_actions(state: AfricanaState) -> list[int]:
    """Africana, Check Card Limits: discard any card held, jokers and assistants included."""
    base = state.tables.discard_base
    return [base + slot for slot, count in enumerate(state.hand[state.player]) if count]


def explain_discard_card(state: AfricanaState, slot: int, _pay: int) -> IllegalAction | None:
    """Africana, Check Card Limits: a card the player holds."""
    if state.hand[state.player][slot]:
        return None
    card = act.slot_name(state.data, slot)
    return IllegalAction(f"you hold no {card} card to discard", r.RULE_LIMITS)


def drop_actions(state: AfricanaState) -> list[int]:
    """Africana, Check Card Limits: discard any unfinished adventure."""
    base = state.tables.drop_base
    return [base + card for card in state.adventures[state.player]]


def explain_drop_adventure(state: AfricanaState, card: int, _pay: int) -> IllegalAction | None:
    """Africana, Check Card Limits: one of the player's unfinished adventures."""
    if card in state.adventures[state.player]:
        return None
    ident = state.data.adventure_ids[card]
    return IllegalAction(
        f"adventure {ident} is not one of your unfinished adventures", r.RULE_LIMITS
    )


_EXPLAIN: dict[int, Explainer] = {
    act.DRAW: explain_choice,
    act.BUY: explain_choice,
    act.MOVE: explain_choice,
    act.TURN_FORWARD: explain_turn_page,
    act.TURN_BACK: explain_turn_page,
    act.BUY_CARD: explain_buy_adventure,
    act.STEP: explain_step,
    act.JOIN: explain_join_expedition,
    act.FINISH_EXPEDITION: explain_end_expedition,
    act.FINISH_ADVENTURE: explain_end_adventure,
    act.DISCARD: explain_discard_card,
    act.DROP: explain_drop_adventure,
}
