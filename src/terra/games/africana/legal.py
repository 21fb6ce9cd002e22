"""Which actions are legal now, and why any other one is not.

``legal_actions`` is the single source of truth: ``play`` checks against it and bots choose from
it. ``explain`` is only called for an action that is not in it, to tell the player why.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.africana import actions as act
from terra.games.africana import rules as r
from terra.games.africana.components import Components

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState


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


def legal_actions(state: AfricanaState) -> list[int]:
    """Every action the current player may take now."""
    phase = state.phase
    if phase == r.MOVING:
        return _moving(state)
    if phase == r.CHOOSE:
        return [act.DRAW, act.BUY, act.MOVE]
    if phase == r.BUYING:
        return _buying(state)
    if phase == r.DISCARDING:
        hand = state.hand[state.player]
        base = state.tables.discard_base
        return [base + slot for slot, count in enumerate(hand) if count]
    if phase == r.DROPPING:
        base = state.tables.drop_base
        return [base + card for card in state.adventures[state.player]]
    return []


def _buying(state: AfricanaState) -> list[int]:
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


def _moving(state: AfricanaState) -> list[int]:
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


# --- explanations -----------------------------------------------------------------------------

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


def _a(phrase: str) -> str:
    """``phrase`` with its indefinite article: "a grey card", "an orange card"."""
    return ("an " if phrase[0] in "aeiou" else "a ") + phrase


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def explain(state: AfricanaState, action: int) -> IllegalAction:
    """Why ``action`` is not legal now, with the rule that says so."""
    tables = state.tables
    if not 0 <= action < tables.size:
        return IllegalAction(f"there is no action number {action} (0-{tables.size - 1})")
    text = tables.text[action]
    if state.phase == r.OVER:
        return IllegalAction("the game is over", r.RULE_END)
    kind = tables.kind[action]
    if kind == act.DONE:
        return IllegalAction(
            f"'done' ends a buy or move action; {_PHASE_DOING[state.phase]}",
            _PHASE_RULE[state.phase],
        )
    if _KIND_PHASE[kind] != state.phase:
        return IllegalAction(
            f"cannot {text!r} now: {_PHASE_DOING[state.phase]}", _PHASE_RULE[state.phase]
        )
    arg = tables.arg[action]
    explainer = _EXPLAIN.get(kind)
    if explainer is not None:
        return explainer(state, arg, tables.pay[action])
    return IllegalAction(f"cannot {text!r} now", _PHASE_RULE[state.phase])


def _explain_turn(state: AfricanaState, forward: int, _pay: int) -> IllegalAction:
    book = r.book_of(state)
    side = state.right[book] if forward else state.left[book]
    if not side:
        where = "unturned" if forward else "turned"
        return IllegalAction(f"no {where} pages left to turn that way in this book", r.RULE_BUY)
    silver = state.silver[state.player]
    return IllegalAction(
        f"each page after the first costs {r.PAGE_PRICE} silver; you have {silver}", r.RULE_BUY
    )


def _explain_buy(state: AfricanaState, card: int, _pay: int) -> IllegalAction:
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
    return IllegalAction(
        f"an adventure card costs {r.ADVENTURE_PRICE} silver; you have {silver}", r.RULE_BUY
    )


def _explain_step(state: AfricanaState, there: int, pay: int) -> IllegalAction:
    data = state.data
    tables = state.tables
    player = state.player
    here = state.loc[player]
    name = data.location_names[there]
    if there not in data.neighbours[here]:
        return IllegalAction(
            f"no travel route leads from {data.location_names[here]} to {name}", r.RULE_MOVE
        )
    slots = tables.hand_slots
    slot = pay if pay < slots else pay - slots
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
    needed = _or([data.colours[c] for c in data.symbols[there]])
    if pay < slots:
        ways = []
        if state.silver[player] >= r.RECOLOUR_PRICE:
            ways.append(f"recolour it for {r.RECOLOUR_PRICE} silver")
        if hand[state.tables.joker]:
            ways.append("play your joker")
        hint = f" ({_or(ways)} instead)" if ways else ""
        return IllegalAction(
            f"{name} needs {_a(needed)} card; {_a(card)} card does not fit{hint}", r.RULE_MOVE
        )
    if slot % len(data.colours) in data.symbols[there]:
        return IllegalAction(
            f"your {card} card already fits {name}; recolouring it would cost "
            f"{r.RECOLOUR_PRICE} silver for nothing (docs/rules-decisions.md)",
            r.RULE_RECOLOUR,
        )
    return IllegalAction(
        f"recolouring a card costs {r.RECOLOUR_PRICE} silver; you have {state.silver[player]}",
        r.RULE_RECOLOUR,
    )


def _explain_join(state: AfricanaState, card: int, _pay: int) -> IllegalAction:
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
    return IllegalAction(
        f"all {r.MARKERS} of your company markers are on expeditions already", r.RULE_JOIN
    )


def _explain_finish_expedition(state: AfricanaState, card: int, _pay: int) -> IllegalAction:
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
    return IllegalAction(
        f"expedition {ident} ends in {data.location_names[target]}; your explorer is in "
        f"{data.location_names[state.loc[player]]}",
        r.RULE_END_EXPEDITION,
    )


def _explain_finish_adventure(state: AfricanaState, card: int, _pay: int) -> IllegalAction:
    data = state.data
    ident = data.adventure_ids[card]
    player = state.player
    if card not in state.adventures[player]:
        return IllegalAction(
            f"adventure {ident} is not one of your unfinished adventures", r.RULE_END_ADVENTURE
        )
    target = data.adventure_target[card]
    return IllegalAction(
        f"adventure {ident} ends in {data.location_names[target]}; your explorer is in "
        f"{data.location_names[state.loc[player]]}",
        r.RULE_END_ADVENTURE,
    )


def _explain_discard(state: AfricanaState, slot: int, _pay: int) -> IllegalAction:
    card = act.slot_name(state.data, slot)
    return IllegalAction(f"you hold no {card} card to discard", r.RULE_LIMITS)


def _explain_drop(state: AfricanaState, card: int, _pay: int) -> IllegalAction:
    ident = state.data.adventure_ids[card]
    return IllegalAction(
        f"adventure {ident} is not one of your unfinished adventures", r.RULE_LIMITS
    )


_EXPLAIN = {
    act.TURN_FORWARD: _explain_turn,
    act.TURN_BACK: _explain_turn,
    act.BUY_CARD: _explain_buy,
    act.STEP: _explain_step,
    act.JOIN: _explain_join,
    act.FINISH_EXPEDITION: _explain_finish_expedition,
    act.FINISH_ADVENTURE: _explain_finish_adventure,
    act.DISCARD: _explain_discard,
    act.DROP: _explain_drop,
}
