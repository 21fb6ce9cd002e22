"""Which actions are legal now, and why any other one is not: each rule stated twice.

``legal_actions`` generates the legal actions quickly, for ``play``, bots and search.
``explain`` takes one action and checks it against the rule's own conditions, from the player's
side: ``None`` if the action is legal, otherwise an :class:`IllegalAction` with the reason and
the rule. The two are written independently and the contract suite checks, at every decision of
seeded games, that they agree. Each rule's two statements sit together below, under its
rulebook name; the route geometry both read is in :mod:`terra.games.expedition.routes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.expedition import actions as act
from terra.games.expedition import routes
from terra.games.expedition import rules as r

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState


def legal_actions(state: ExpeditionState) -> list[int]:
    """Every action the current player may take now."""
    if state.phase == r.PLAYING:
        if state.drawn:
            return cards_to_keep(state)
        if state.loop >= 0:
            return routes.loop_arrows(state)
        found = arrows(state)
        found += voucher_actions(state, bool(found))
        if not state.must:
            found.append(act.DONE)
        return found
    if state.phase == r.MARKING:
        return marks(state)
    return []


def explain(state: ExpeditionState, action: int) -> IllegalAction | None:
    """``None`` if ``action`` is legal now; otherwise why not, with the rule that says so."""
    table = state.tables
    kind = table.kind[action]
    arg = table.arg[action]
    if state.phase == r.MARKING:
        if kind == act.MARK:
            return explain_mark(state, arg)
        if kind == act.PASS:
            return explain_pass(state)
        return IllegalAction(
            f"{table.text[action]!r}: first every player marks research destinations with "
            "chips ('mark <site>')",
            r.RULE_CHIPS,
        )
    if kind in (act.MARK, act.PASS):
        return IllegalAction(
            f"{table.text[action]!r}: chips are placed only before the first arrow", r.RULE_CHIPS
        )
    if kind == act.KEEP:
        return explain_keep(state, arg)
    if state.drawn:
        return _keep_first(state)
    if kind == act.ARROW:
        return explain_arrow(state, action)
    if state.loop >= 0:
        return _loop_arrow_first(state)
    if kind == act.DONE:
        return explain_done(state)
    if kind == act.BUY_ARROW:
        return explain_buy_arrow(state)
    if kind == act.REMOVE:
        return explain_remove(state, arg)
    return explain_exchange(state, arg)


# --- Marking Research Destinations (and Variant A) -----------------------------------------


def marks(state: ExpeditionState) -> list[int]:
    """The destinations the player may mark now, and in Variant A ``pass``."""
    base = state.tables.mark_base
    found = sorted(base + card for card in state.hand[state.player] if r.markable(state, card))
    if state.options.get("variant_a"):
        found.append(act.PASS)
    return found


def explain_mark(state: ExpeditionState, card: int) -> IllegalAction | None:
    """A chip goes on a destination of one of your own cards, not yet marked, at least two
    lines from the start, within your chips (4; Variant A: up to 10)."""
    data = state.data
    name = data.point_names[card]
    p = state.player
    if card not in state.hand[p]:
        return IllegalAction(f"you hold no research card for {name}", r.RULE_CHIPS)
    if state.chip[card] >= 0:
        return IllegalAction(f"{name} is already marked", r.RULE_CHIPS)
    distance = data.distance[data.start][card]
    if distance < r.CHIP_DISTANCE:
        return IllegalAction(
            f"{name} is only {distance} line(s) from the start; a marked destination must be "
            f"at least {r.CHIP_DISTANCE} away",
            r.RULE_CHIPS,
        )
    if state.chips_placed[p] >= r.chip_limit(state):
        return IllegalAction(f"you have placed all {r.chip_limit(state)} chips", r.RULE_CHIPS)
    return None


def explain_pass(state: ExpeditionState) -> IllegalAction | None:
    """Variant A: a player places as many chips as they like and passes to stop."""
    if not state.options.get("variant_a"):
        return IllegalAction(
            f"each player places {r.CHIPS} chips in the basic game; passing is Variant A",
            r.RULE_CHIPS,
        )
    return None


# --- Gameplay: a turn places an arrow, then ends -------------------------------------------


def explain_done(state: ExpeditionState) -> IllegalAction | None:
    """The turn may end once no arrow is due (the turn's own arrow, arrows bought)."""
    if state.must:
        what = "your arrow for this turn" if state.spent == 0 or state.must == 1 else "an arrow"
        return IllegalAction(f"you must still place {what} before ending the turn", r.RULE_TURN)
    return None


# --- Building Rules, Loops -------------------------------------------------------------------


def arrows(state: ExpeditionState) -> list[int]:
    """The arrows the player may place now (no loop arrow due): from the end of any expedition,
    while the turn has an arrow to place."""
    if not (state.must or state.may):
        return []
    return routes.every_continuation(state)


def explain_arrow(state: ExpeditionState, action: int) -> IllegalAction | None:
    """An arrow continues an expedition from its end (right after a loop: of that colour, from a
    point with an arrowhead of that colour), never along a line its colour already uses (no
    parallel arrow, no turnabout); a new expedition leaves the start on a line no arrow uses; an
    expedition has 45 arrows; and it closes at most one loop in a turn."""
    table = state.tables
    names = state.data.point_names
    colour = table.arg[action]
    origin, target, line = table.origin[action], table.target[action], table.line[action]
    cname = r.colour_name(colour)
    placed = state.arrows[colour]
    if state.loop >= 0:
        if colour != state.loop:
            return IllegalAction(
                f"a loop was closed: the next arrow must be {r.colour_name(state.loop)}",
                r.RULE_LOOP,
            )
        if not state.loop_from >> origin & 1:
            variant_a = bool(state.options.get("variant_a"))
            where = (
                "a point of the loop just closed"
                if variant_a
                else f"a point it was already at, where a {cname} arrowhead lies"
            )
            return IllegalAction(
                f"after a loop the {cname} expedition continues from {where}; "
                f"{names[origin]} is not one",
                r.RULE_LOOP_A if variant_a else r.RULE_LOOP,
            )
    else:
        if not (state.must or state.may):
            return IllegalAction("you have no arrow left to place this turn", r.RULE_TURN)
        if origin != state.end[colour]:
            if not placed:
                return IllegalAction(
                    f"a new expedition starts at {names[state.data.start]}, not at {names[origin]}",
                    r.RULE_START,
                )
            return IllegalAction(
                f"the {cname} expedition ends at {names[state.end[colour]]}; it can only be "
                "continued from there (branches only right after a loop)",
                r.RULE_BUILD,
            )
    if len(placed) >= r.ARROWS:
        return IllegalAction(f"all {r.ARROWS} {cname} arrows are on the board", r.RULE_BUILD)
    if state.used[colour][line]:
        if placed and line == placed[-1] >> routes.SHIFT_LINE:
            return IllegalAction(f"a {cname} arrow may not turn back by 180 degrees", r.RULE_BUILD)
        return IllegalAction(
            f"a {cname} arrow already lies on the line {names[origin]} - {names[target]}; "
            "one colour never runs twice along a line",
            r.RULE_BUILD,
        )
    if not placed and state.taken[line]:
        return IllegalAction(
            f"the line {names[origin]} - {names[target]} is taken; a new expedition starts on a "
            "free line",
            r.RULE_START,
        )
    if state.looped >> colour & 1 and state.route[colour] >> target & 1:
        return IllegalAction(
            f"the {cname} expedition already closed a loop this turn; {names[target]} would "
            "close another",
            r.RULE_LOOP,
        )
    return None


def _loop_arrow_first(state: ExpeditionState) -> IllegalAction:
    return IllegalAction(
        f"a loop was closed: first place the extra {r.colour_name(state.loop)} arrow", r.RULE_LOOP
    )


# --- Travel Vouchers ---------------------------------------------------------------------------


def voucher_actions(state: ExpeditionState, arrow_now: bool) -> list[int]:
    """What a travel voucher can buy now (``arrow_now``: an arrow can be placed already)."""
    p = state.player
    if not state.vouchers[p] or state.spent >= r.VOUCHERS_PER_TURN:
        return []
    table = state.tables
    found: list[int] = []
    if arrow_now or routes.can_continue(state):
        found.append(act.BUY_ARROW)
    for colour in range(r.EXPEDITIONS):
        if state.arrows[colour] and not (
            state.looped >> colour & 1 and routes.removal_forms_loop(state, colour)
        ):
            found.append(table.remove_base + colour)
    if state.deck:
        base = table.exchange_base
        chip = state.chip
        found += [base + card for card in sorted(state.hand[p]) if chip[card] < 0]
    return found


def _explain_voucher(state: ExpeditionState) -> IllegalAction | None:
    """A player uses at most two travel vouchers a turn, and only ones they have."""
    if not state.vouchers[state.player]:
        return IllegalAction("you have no travel voucher left", r.RULE_VOUCHERS)
    if state.spent >= r.VOUCHERS_PER_TURN:
        return IllegalAction("you have already used two travel vouchers this turn", r.RULE_VOUCHERS)
    return None


def explain_buy_arrow(state: ExpeditionState) -> IllegalAction | None:
    """A voucher buys one more arrow, if an arrow can be placed at all."""
    if error := _explain_voucher(state):
        return error
    if not routes.can_continue(state):
        return IllegalAction("no arrow can be placed anywhere", r.RULE_VOUCHERS)
    return None


def explain_remove(state: ExpeditionState, colour: int) -> IllegalAction | None:
    """Remove an Arrow: the last arrow of an expedition goes, unless that would form a second
    loop of that expedition this turn."""
    if error := _explain_voucher(state):
        return error
    cname = r.colour_name(colour)
    if not state.arrows[colour]:
        return IllegalAction(f"the {cname} expedition has no arrow to remove", r.RULE_REMOVE)
    if state.looped >> colour & 1 and routes.removal_forms_loop(state, colour):
        return IllegalAction(
            f"removing the last {cname} arrow would close a second {cname} loop this turn",
            r.RULE_LOOP,
        )
    return None


def explain_exchange(state: ExpeditionState, card: int) -> IllegalAction | None:
    """Exchange a Research Mission: one of your cards without a chip, while the deck has
    cards."""
    if error := _explain_voucher(state):
        return error
    name = state.data.point_names[card]
    if card not in state.hand[state.player]:
        return IllegalAction(f"you hold no research card for {name}", r.RULE_EXCHANGE)
    if state.chip[card] >= 0:
        return IllegalAction(
            f"your {name} card is marked with a chip and cannot be exchanged", r.RULE_EXCHANGE
        )
    if not state.deck:
        return IllegalAction("the research deck is empty", r.RULE_EXCHANGE)
    return None


def cards_to_keep(state: ExpeditionState) -> list[int]:
    """After an exchange: keep one of the cards drawn."""
    base = state.tables.keep_base
    return sorted({base + card for card in state.drawn})


def explain_keep(state: ExpeditionState, card: int) -> IllegalAction | None:
    """Exchange a Research Mission: keep one of the two cards just drawn."""
    if not state.drawn:
        return IllegalAction("you have not drawn cards to choose from", r.RULE_EXCHANGE)
    if card not in state.drawn:
        return _keep_first(state)
    return None


def _keep_first(state: ExpeditionState) -> IllegalAction:
    names = " or ".join(state.data.point_names[c] for c in state.drawn)
    return IllegalAction(
        f"first keep one of the cards you drew ({names}) with 'keep <site>'", r.RULE_EXCHANGE
    )
