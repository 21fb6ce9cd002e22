"""Which actions are legal now, and why any other one is not.

``legal_actions`` is the single source of truth: ``play`` checks against it and bots choose from
it. ``explain`` is only called for an action that is not in it, to tell the player why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.expedition import actions as act
from terra.games.expedition import routes
from terra.games.expedition import rules as r

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState


# --- the legal actions ----------------------------------------------------------------------


def legal_actions(state: ExpeditionState) -> list[int]:
    """Every action the current player may take now."""
    if state.phase == r.PLAYING:
        return _playing(state)
    if state.phase == r.MARKING:
        p = state.player
        base = state.tables.mark_base
        found = sorted(base + card for card in state.hand[p] if r.markable(state, card))
        if state.options.get("variant_a"):
            found.append(act.PASS)
        return found
    return []


def _playing(state: ExpeditionState) -> list[int]:
    table = state.tables
    if state.drawn:
        return sorted({table.keep_base + card for card in state.drawn})
    if state.loop >= 0:
        return routes.loop_arrows(state)
    found: list[int] = []
    if state.must or state.may:
        for colour in range(r.EXPEDITIONS):
            found += routes.continuations(state, colour)
    p = state.player
    if state.vouchers[p] and state.spent < r.VOUCHERS_PER_TURN:
        if found or routes.can_continue(state):
            found.append(act.BUY_ARROW)
        for colour in range(r.EXPEDITIONS):
            if _may_remove(state, colour):
                found.append(table.remove_base + colour)
        if state.deck:
            base = table.exchange_base
            found += sorted(base + card for card in state.hand[p] if state.chip[card] < 0)
    if not state.must:
        found.append(act.DONE)
    return found


def _may_remove(state: ExpeditionState, colour: int) -> bool:
    if not state.arrows[colour]:
        return False
    return not (state.looped >> colour & 1 and routes.removal_would_close_loop(state, colour))


# --- why not ------------------------------------------------------------------------------


def explain(state: ExpeditionState, action: int) -> IllegalAction:
    """Why ``action`` is not legal now, with the rule that says so."""
    table = state.tables
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < table.size:
        return IllegalAction(f"there is no action number {action!r} (0-{table.size - 1})")
    text = table.text[action]
    kind = table.kind[action]
    if state.phase == r.OVER:
        return IllegalAction("the game is over; no more actions", r.RULE_END)
    if state.phase == r.MARKING:
        return _explain_marking(state, action, kind, text)
    if kind in (act.MARK, act.PASS):
        return IllegalAction(
            f"{text!r}: chips are placed only before the first arrow", r.RULE_CHIPS
        )
    if state.drawn:
        names = " or ".join(state.data.point_names[c] for c in state.drawn)
        return IllegalAction(
            f"first keep one of the cards you drew ({names}) with 'keep <site>'", r.RULE_EXCHANGE
        )
    if state.loop >= 0 and kind != act.ARROW:
        return IllegalAction(
            f"a loop was closed: first place the extra {r.colour_name(state.loop)} arrow",
            r.RULE_LOOP,
        )
    if kind == act.ARROW:
        return _explain_arrow(state, action)
    if kind == act.DONE:
        what = "your arrow for this turn" if state.spent == 0 or state.must == 1 else "an arrow"
        return IllegalAction(f"you must still place {what} before ending the turn", r.RULE_TURN)
    if kind == act.KEEP:
        return IllegalAction("you have not drawn cards to choose from", r.RULE_EXCHANGE)
    p = state.player
    if not state.vouchers[p]:
        return IllegalAction("you have no travel voucher left", r.RULE_VOUCHERS)
    if state.spent >= r.VOUCHERS_PER_TURN:
        return IllegalAction("you have already used two travel vouchers this turn", r.RULE_VOUCHERS)
    if kind == act.BUY_ARROW:
        return IllegalAction("no arrow can be placed anywhere", r.RULE_VOUCHERS)
    if kind == act.REMOVE:
        colour = r.colour_name(table.arg[action])
        if not state.arrows[table.arg[action]]:
            return IllegalAction(f"the {colour} expedition has no arrow to remove", r.RULE_REMOVE)
        return IllegalAction(
            f"removing the last {colour} arrow would close a second {colour} loop this turn",
            r.RULE_LOOP,
        )
    card = table.arg[action]
    name = state.data.point_names[card]
    if card not in state.hand[p]:
        return IllegalAction(f"you hold no research card for {name}", r.RULE_EXCHANGE)
    if state.chip[card] >= 0:
        return IllegalAction(
            f"your {name} card is marked with a chip and cannot be exchanged", r.RULE_EXCHANGE
        )
    return IllegalAction("the research deck is empty", r.RULE_EXCHANGE)


def _explain_marking(state: ExpeditionState, action: int, kind: int, text: str) -> IllegalAction:
    if kind == act.PASS:
        return IllegalAction(
            f"each player places {r.CHIPS} chips in the basic game; passing is Variant A",
            r.RULE_CHIPS,
        )
    if kind != act.MARK:
        return IllegalAction(
            f"{text!r}: first every player marks research destinations with chips ('mark <site>')",
            r.RULE_CHIPS,
        )
    card = state.tables.arg[action]
    data = state.data
    name = data.point_names[card]
    if card not in state.hand[state.player]:
        return IllegalAction(f"you hold no research card for {name}", r.RULE_CHIPS)
    if state.chip[card] >= 0:
        return IllegalAction(f"{name} is already marked", r.RULE_CHIPS)
    return IllegalAction(
        f"{name} is only {data.distance[data.start][card]} line(s) from the start; a marked "
        f"destination must be at least {r.CHIP_DISTANCE} away",
        r.RULE_CHIPS,
    )


def _explain_arrow(state: ExpeditionState, action: int) -> IllegalAction:
    table = state.tables
    data = state.data
    names = data.point_names
    colour = table.arg[action]
    cname = r.colour_name(colour)
    origin, target, line = table.origin[action], table.target[action], table.line[action]
    if state.loop >= 0 and colour != state.loop:
        return IllegalAction(
            f"a loop was closed: the next arrow must be {r.colour_name(state.loop)}", r.RULE_LOOP
        )
    if not (state.must or state.may or state.loop >= 0):
        return IllegalAction("you have no arrow left to place this turn", r.RULE_TURN)
    arrows = state.arrows[colour]
    if len(arrows) >= r.ARROWS:
        return IllegalAction(f"all {r.ARROWS} {cname} arrows are on the board", r.RULE_BUILD)
    if state.loop == colour:
        if not state.loop_from >> origin & 1:
            rule = r.RULE_LOOP_A if state.options.get("variant_a") else r.RULE_LOOP
            where = "the loop just closed" if state.options.get("variant_a") else "its route"
            return IllegalAction(
                f"after a loop the {cname} expedition continues from a point of {where}; "
                f"{names[origin]} is not one",
                rule,
            )
    elif origin != state.end[colour]:
        if not arrows:
            return IllegalAction(
                f"a new expedition starts at {names[data.start]}, not at {names[origin]}",
                r.RULE_START,
            )
        return IllegalAction(
            f"the {cname} expedition ends at {names[state.end[colour]]}; it can only be continued "
            "from there (branches only right after a loop)",
            r.RULE_BUILD,
        )
    if state.used[colour] >> line & 1:
        last = arrows[-1] >> routes.SHIFT_LINE if arrows else -1
        if line == last:
            return IllegalAction(f"a {cname} arrow may not turn back by 180 degrees", r.RULE_BUILD)
        return IllegalAction(
            f"a {cname} arrow already lies on the line {names[origin]} - {names[target]}; "
            "one colour never runs twice along a line",
            r.RULE_BUILD,
        )
    if not arrows:
        return IllegalAction(
            f"the line {names[origin]} - {names[target]} is taken; a new expedition starts on a "
            "free line",
            r.RULE_START,
        )
    return IllegalAction(
        f"the {cname} expedition already closed a loop this turn; {names[target]} would close "
        "another",
        r.RULE_LOOP,
    )
