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

from terra.core.errors import IllegalAction
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


def explain_elsewhere(
    state: AfricanaState, card: str, place: int, rule: str
) -> IllegalAction | None:
    """Africana, Joining Expeditions, Ending An Expedition, Ending An Adventure: what ``card``
    does (``"expedition 7 starts"``) happens at ``place`` only, where the explorer must be."""
    here = state.loc[state.player]
    if here == place:
        return None
    names = state.data.location_names
    return IllegalAction(f"{card} in {names[place]}; your explorer is in {names[here]}", rule)


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
            f"no travel route leads from {data.location_names[here]} to {name}", RULE_MOVE
        )
    recoloured = pay >= tables.hand_slots
    slot = pay - tables.hand_slots if recoloured else pay
    card = slot_name(data, slot)
    hand = state.hand[player]
    if not hand[slot]:
        if state.played[slot] and slot >= len(data.colours):
            return IllegalAction(
                f"your {card} is already played in this action; it returns to your hand only "
                "when the action ends",
                RULE_MOVE,
            )
        return IllegalAction(f"you hold no {card} card to play", RULE_MOVE)
    fits = slot == tables.joker or slot % len(data.colours) in data.symbols[there]
    if recoloured:
        return _explain_recolouring(state, card, name, fits)
    if fits:
        return None
    ways = []
    if state.silver[player] >= RECOLOUR_PRICE:
        ways.append(f"recolour it for {RECOLOUR_PRICE} silver")
    if hand[tables.joker]:
        ways.append("play your joker")
    hint = f" ({_or(ways)} instead)" if ways else ""
    needed = _or([data.colours[c] for c in data.symbols[there]])
    return IllegalAction(
        f"{name} needs {_a(needed)} card; {_a(card)} card does not fit{hint}", RULE_MOVE
    )


def _explain_recolouring(
    state: AfricanaState, card: str, name: str, fits: bool
) -> IllegalAction | None:
    """Africana, C) Change Travel Card Color: 5 silver, for a card that does not fit."""
    if fits:
        return IllegalAction(
            f"your {card} card already fits {name}; recolouring it would cost "
            f"{RECOLOUR_PRICE} silver for nothing (docs/rules-decisions.md)",
            RULE_RECOLOUR,
        )
    silver = state.silver[state.player]
    if silver < RECOLOUR_PRICE:
        return IllegalAction(
            f"recolouring a card costs {RECOLOUR_PRICE} silver; you have {silver}",
            RULE_RECOLOUR,
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
