"""Africana, C) Move explorer - Movement, and Africana, Change Travel Card Color: the explorer steps
along the travel routes, each step paid with a card that fits the destination (a travel card
of one of its symbols, an assistant of that colour or the joker), or with any other card
recoloured for 5 silver. Played cards stay on the table until the action ends.

Joining and ending expeditions on the way is :mod:`~terra.games.africana.expeditions`, ending
adventures :mod:`~terra.games.africana.adventures`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Always, Move, fixed
from terra.games.africana.actions import MOVE, ActionTable, pay_codes, payment_name, slot_name
from terra.games.africana.gameplay import explain_choice
from terra.games.africana.rulebook import RULE_MOVE, RULE_RECOLOUR, Phase

if TYPE_CHECKING:
    from terra.core.moves import Writer
    from terra.games.africana.components import Components
    from terra.games.africana.state import AfricanaState

RECOLOUR_PRICE = 5  # C) Change Travel Card Color

_MOVE = Phase.MOVE  # read once (see gameplay)


# --- the choice of the action ------------------------------------------------------------------


def start_moving(state: AfricanaState) -> None:
    """Africana, C) Move explorer: choose the action; no card played yet."""
    state.phase = _MOVE
    state.emit("choose_move", player=state.player)


CHOOSE_MOVE = Move(
    name="move",
    rule=RULE_MOVE,
    notation=fixed("move"),
    offer=Always(MOVE),
    explain=explain_choice,
    effect=start_moving,
)


# --- Movement -----------------------------------------------------------------------------------


def write_steps(data: Components, out: Writer) -> None:
    """``go Cairo: grey``: one action per location and payment (a hand slot, possibly
    recoloured); the arguments are the location and the payment."""
    for loc, name in enumerate(data.location_names):
        for code in range(pay_codes(data)):
            out.add(f"go {name}: {payment_name(data, code)}", loc, code)


@dataclass(frozen=True, eq=False)
class Route:
    """A route out of a location, with the payments that fit its destination."""

    base: int  # action of paying with hand slot 0 to go there
    fitting: tuple[int, ...]  # travel and assistant slots of the destination's symbols
    recolourable: tuple[int, ...]  # payments of the slots that need recolouring to fit


@cache
def routes_from(data: Components, table: ActionTable) -> tuple[tuple[Route, ...], ...]:
    """For each location, the routes out of it (built once per data set)."""
    colours = len(data.colours)
    out = []
    for here in range(data.num_locations):
        routes = []
        for there in data.neighbours[here]:
            mask = data.symbol_mask[there]
            fitting = tuple(slot for c in data.symbols[there] for slot in (c, colours + c))
            recolourable = tuple(
                slot for slot in range(2 * colours) if not mask >> (slot % colours) & 1
            )
            routes.append(
                Route(
                    table.step_base + there * table.pay_codes,
                    fitting,
                    tuple(table.hand_slots + slot for slot in recolourable),
                )
            )
        out.append(tuple(routes))
    return tuple(out)


def steps(state: AfricanaState, out: list[int]) -> None:
    """Africana, C) Movement: a step along each route out of here, with each card that fits
    the destination (the joker fits all); with 5 silver, Change Travel Card Color: each card
    that does not fit, recoloured."""
    player = state.player
    hand = state.hand[player]
    tables = state.tables
    joker = tables.joker
    has_joker = hand[joker]
    recolour = state.silver[player] >= RECOLOUR_PRICE
    slots = tables.hand_slots
    for route in routes_from(state.data, tables)[state.loc[player]]:
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


def _a(phrase: str) -> str:
    """``phrase`` with its indefinite article: "a grey card", "an orange card"."""
    return ("an " if phrase[0] in "aeiou" else "a ") + phrase


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def away_from(state: AfricanaState, place: int) -> dict[str, str] | None:
    """Where the explorer must stand for a card (an expedition's start, a destination) and
    where it stands, by name, as a refusal's fields ``place`` and ``here``; ``None`` when it
    stands there."""
    here = state.loc[state.player]
    if here == place:
        return None
    names = state.data.location_names
    return {"place": names[place], "here": names[here]}


def explain_step(state: AfricanaState, there: int, pay: int) -> IllegalAction | None:
    """Africana, C) Movement: along a route, playing a travel card of the destination's
    symbol, an assistant of that colour or the joker; Change Travel Card Color: or any other
    card recoloured for 5 silver (never one that already fits, docs/rules-decisions.md)."""
    data = state.data
    tables = state.tables
    here = state.loc[state.player]
    name = data.location_names[there]
    if there not in data.neighbours[here]:
        return refusal(
            "no_route",
            "no travel route leads from {here} to {place}",
            RULE_MOVE,
            here=data.location_names[here],
            place=name,
        )
    recoloured = pay >= tables.hand_slots
    slot = pay - tables.hand_slots if recoloured else pay
    if not state.hand[state.player][slot]:
        return _explain_not_held(state, slot)
    fits = slot == tables.joker or slot % len(data.colours) in data.symbols[there]
    if recoloured:
        return _explain_recolouring(state, slot, name, fits)
    if fits:
        return None
    return _explain_misfit(state, slot, there)


def _explain_not_held(state: AfricanaState, slot: int) -> IllegalAction:
    """Africana, C) Movement: a card to play is one in the hand; a joker or an assistant
    played in this action is back in the hand only when the action ends."""
    data = state.data
    colours = len(data.colours)
    if slot < colours:
        return refusal(
            "no_travel_card_to_play",
            "you hold no {colour} card to play",
            RULE_MOVE,
            colour=data.colours[slot],
        )
    card = slot_name(data, slot)
    if state.played[slot]:
        return refusal(
            "card_already_played",
            "your {card} is already played in this action; it returns to your hand only when "
            "the action ends",
            RULE_MOVE,
            card=card,
        )
    return refusal("no_card_to_play", "you hold no {card} card to play", RULE_MOVE, card=card)


def _explain_misfit(state: AfricanaState, slot: int, there: int) -> IllegalAction:
    """Africana, C) Movement: a card that fits none of the destination's symbols, with the
    ways to pay for the step that are open instead (recolouring it, the joker)."""
    data = state.data
    player = state.player
    fields: dict[str, str | int] = {
        "place": data.location_names[there],
        "needed": _a(_or([data.colours[c] for c in data.symbols[there]])),
        "card": _a(slot_name(data, slot)),
    }
    recolour = state.silver[player] >= RECOLOUR_PRICE
    joker = state.hand[player][state.tables.joker] > 0
    if recolour and joker:
        return refusal(
            "card_does_not_fit_recolour_or_joker",
            "{place} needs {needed} card; {card} card does not fit (recolour it for {price} "
            "silver or play your joker instead)",
            RULE_MOVE,
            price=RECOLOUR_PRICE,
            **fields,
        )
    if recolour:
        return refusal(
            "card_does_not_fit_recolour",
            "{place} needs {needed} card; {card} card does not fit (recolour it for {price} "
            "silver instead)",
            RULE_MOVE,
            price=RECOLOUR_PRICE,
            **fields,
        )
    if joker:
        return refusal(
            "card_does_not_fit_joker",
            "{place} needs {needed} card; {card} card does not fit (play your joker instead)",
            RULE_MOVE,
            **fields,
        )
    return refusal(
        "card_does_not_fit",
        "{place} needs {needed} card; {card} card does not fit",
        RULE_MOVE,
        **fields,
    )


def _explain_recolouring(
    state: AfricanaState, slot: int, name: str, fits: bool
) -> IllegalAction | None:
    """Africana, C) Change Travel Card Color: 5 silver, for a card that does not fit."""
    colours = state.data.colours
    if fits and slot < len(colours):
        return refusal(
            "recolour_fitting_card",
            "your {colour} card already fits {place}; recolouring it would cost {price} silver "
            "for nothing (docs/rules-decisions.md)",
            RULE_RECOLOUR,
            colour=colours[slot],
            place=name,
            price=RECOLOUR_PRICE,
        )
    if fits:
        return refusal(
            "recolour_fitting_assistant",
            "your {colour} assistant card already fits {place}; recolouring it would cost "
            "{price} silver for nothing (docs/rules-decisions.md)",
            RULE_RECOLOUR,
            colour=colours[slot - len(colours)],
            place=name,
            price=RECOLOUR_PRICE,
        )
    silver = state.silver[state.player]
    if silver < RECOLOUR_PRICE:
        return refusal(
            "recolour_unaffordable",
            "recolouring a card costs {price} silver; you have {silver}",
            RULE_RECOLOUR,
            price=RECOLOUR_PRICE,
            silver=silver,
        )
    return None


def step(state: AfricanaState, destination: int, pay: int) -> None:
    """Africana, C) Movement: move along a route, playing a card that fits the destination.

    A recoloured card (Change Travel Card Color) costs 5 silver and fits any destination. Played
    cards stay on the table until the action ends.
    """
    player = state.player
    slots = state.tables.hand_slots
    slot = pay if pay < slots else pay - slots
    state.hand[player][slot] -= 1
    state.played[slot] += 1
    if pay >= slots:
        state.silver[player] -= RECOLOUR_PRICE
    data = state.data
    state.emit(
        "step",
        player=player,
        origin=data.location_ids[state.loc[player]],
        destination=data.location_ids[destination],
        payment=payment_name(data, pay),
    )
    state.loc[player] = destination


GO = Move(
    name="go",
    rule=RULE_MOVE,
    notation=write_steps,
    offer=steps,
    explain=explain_step,
    effect=step,
    place=lambda data, there, pay: data.location_ids[there],
)
