"""Africa, Actions - 1. Uncover a marker; Africa, Actions - Uncovering Gold and Jewels;
Africa, Actions - Uncovering Goods; Africa, Actions - Uncovering Monuments.

A marker uncovered takes effect: gold and jewels score, goods are kept or exchanged, monuments
give a base camp (and the last ends the game). An uncovered animal or nomad is put down by the
``place`` move (:mod:`~terra.games.africa.animals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Always, Move, Writer, allowed, fixed
from terra.games.africa.actions import KEEP, PLAYER_COLOURS, colour, every_hex, on_hex
from terra.games.africa.components import GOLD, GOODS, JEWELS, MONUMENT, Components
from terra.games.africa.game_play import end_action
from terra.games.africa.movement import around, open_up
from terra.games.africa.rulebook import RULE_GOODS, RULE_UNCOVER, Phase
from terra.games.africa.scoring import end_game
from terra.games.africa.spaces import board_changed

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState


# --- 1. Uncover a marker ------------------------------------------------------------------------


def explain_uncover(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Actions - 1. Uncover a marker: a face-down marker on a space next to one's own
    researcher."""
    name = state.data.hex_name(hex_)
    if not state.down[hex_]:
        return refusal(
            "nothing_to_uncover",
            "there is no face-down marker on {place}",
            RULE_UNCOVER,
            place=name,
        )
    here = state.loc[state.player]
    if hex_ not in state.data.neighbours[here]:
        return refusal(
            "uncover_too_far",
            "{place} does not border your researcher's space ({here})",
            RULE_UNCOVER,
            place=name,
            here=state.data.hex_name(here),
        )
    return None


def uncover(state: AfricaState, hex_: int) -> None:
    """Africa, Actions - 1. Uncover a marker: turn over the marker of a neighbouring space;
    its kind decides what happens."""
    data = state.data
    player = state.player
    kind = state.marker[hex_]
    state.down[hex_] = 0
    board_changed(state)
    open_up(state, hex_)
    category = data.category[kind]
    name = data.hex_name(hex_)
    if category in (GOLD, JEWELS):
        uncover_treasure(state, hex_, kind)
    elif category == GOODS:
        uncover_goods(state, hex_, kind)
    elif category == MONUMENT:
        uncover_monument(state, hex_, kind)
    else:
        state.emit("uncover", player=player, hex=name, marker=data.type_names[kind])
        state.phase = Phase.PLACE
        state.pending = hex_
        state.moving = 0


UNCOVER = Move(
    name="uncover",
    rule=RULE_UNCOVER,
    notation=every_hex("uncover"),
    offer=around,  # listed with the steps, space by space around the researcher
    explain=explain_uncover,
    effect=uncover,
    place=on_hex,
)


# --- Uncovering Gold and Jewels ---------------------------------------------------------------


def uncover_treasure(state: AfricaState, hex_: int, kind: int) -> None:
    """Africa, Actions - Uncovering Gold and Jewels: the marker stays face up; the player
    scores 1 or 2 points, as it shows one or two nuggets or jewels."""
    data = state.data
    player = state.player
    points = data.value[kind]
    state.track[player] += points
    state.emit(
        "uncover",
        player=player,
        hex=data.hex_name(hex_),
        marker=data.type_names[kind],
        points=points,
    )
    end_action(state)


# --- Uncovering Goods ---------------------------------------------------------------------------


def uncover_goods(state: AfricaState, hex_: int, kind: int) -> None:
    """Africa, Actions - Uncovering Goods: the player takes the marker off the board (the space
    becomes empty), then keeps it or exchanges."""
    player = state.player
    state.marker[hex_] = -1
    state.hand[player][kind] += 1
    data = state.data
    state.emit("uncover", player=player, hex=data.hex_name(hex_), marker=data.type_names[kind])
    state.phase = Phase.GOODS
    state.pending = kind


def exchanges(state: AfricaState) -> list[tuple[int, int]]:
    """Africa, Uncovering Goods: the (seat, good index) pairs the player may take: all goods of
    one other kind from one other player, for as many of the kind just uncovered."""
    data = state.data
    player = state.player
    given = state.pending
    have = state.hand[player][given]
    out = []
    for other in range(state.num_players):
        if other == player:
            continue
        theirs = state.hand[other]
        for index, kind in enumerate(data.goods):
            if kind != given and 0 < theirs[kind] <= have:
                out.append((other, index))
    return out


def keep(state: AfricaState) -> None:
    """Africa, Actions - Uncovering Goods: the player keeps the good face up."""
    state.emit("keep", player=state.player, good=state.data.type_names[state.pending])
    end_action(state)


KEEP_GOOD = Move(
    name="keep",
    rule=RULE_GOODS,
    notation=fixed("keep"),
    offer=Always(KEEP),  # the good may always be kept
    explain=allowed,
    effect=keep,
)


def write_exchange(data: Components, out: Writer) -> None:
    """``exchange kettle with blue``: every kind of goods from every colour; the argument is
    ``seat * goods + index`` (the index of the kind among the goods)."""
    goods = len(data.goods)
    for seat, name in enumerate(PLAYER_COLOURS):
        for good, t in enumerate(data.goods):
            out.add(f"exchange {data.type_names[t]} with {name}", seat * goods + good)


def offered_exchanges(state: AfricaState, out: list[int]) -> None:
    """Africa, Uncovering Goods: the exchanges the player may make (:func:`exchanges`)."""
    base = state.tables.exchange_base
    goods = state.tables.num_goods
    out += [base + seat * goods + index for seat, index in exchanges(state)]


def explain_exchange(state: AfricaState, arg: int) -> IllegalAction | None:
    """Africa, Uncovering Goods: all goods of one other kind from one other player, who holds
    some, for as many goods of the kind just uncovered (docs/rules-decisions.md)."""
    data = state.data
    other, index = divmod(arg, state.tables.num_goods)
    kind = data.goods[index]
    given = state.pending
    good = data.type_names[kind]
    if other >= state.num_players:
        return refusal("no_such_player", "no one plays {colour}", RULE_GOODS, colour=colour(other))
    if other == state.player:
        return refusal("exchange_with_self", "you cannot exchange goods with yourself", RULE_GOODS)
    if kind == given:
        return refusal(
            "exchange_same_good",
            "you uncovered a {good}; exchanging {good}s for {good}s changes nothing",
            RULE_GOODS,
            good=good,
        )
    theirs = state.hand[other][kind]
    if not theirs:
        return refusal(
            "they_have_none", "{colour} has no {good}", RULE_GOODS, colour=colour(other), good=good
        )
    have = state.hand[state.player][given]
    if theirs > have:
        return refusal(
            "too_few_to_give",
            "taking {colour}'s {count} {good} needs {count} {given} to give; you have {have}",
            RULE_GOODS,
            colour=colour(other),
            count=theirs,
            good=good,
            given=data.type_names[given],
            have=have,
        )
    return None


def exchange(state: AfricaState, arg: int) -> None:
    """Africa, Actions - Uncovering Goods: take all of one kind of goods from another player,
    who cannot refuse, and give as many goods of the kind just uncovered."""
    goods = state.tables.num_goods
    other, index = divmod(arg, goods)
    data = state.data
    took = data.goods[index]
    gave = state.pending
    player = state.player
    count = state.hand[other][took]
    mine = state.hand[player]
    theirs = state.hand[other]
    theirs[took] = 0
    mine[took] += count
    mine[gave] -= count
    theirs[gave] += count
    state.emit(
        "exchange",
        player=player,
        other=other,
        count=count,
        gave=data.type_names[gave],
        took=data.type_names[took],
    )
    end_action(state)


EXCHANGE = Move(
    name="exchange",
    rule=RULE_GOODS,
    notation=write_exchange,
    offer=offered_exchanges,
    explain=explain_exchange,
    effect=exchange,
)


# --- Uncovering Monuments -----------------------------------------------------------------------


def uncover_monument(state: AfricaState, hex_: int, kind: int) -> None:
    """Africa, Actions - Uncovering Monuments: the marker stays; the player takes a base camp
    from the supply (none if it is empty). Game End: the last monument ends the game."""
    player = state.player
    camp = state.supply > 0
    if camp:
        state.supply -= 1
        state.camps[player] += 1
    state.found += 1
    data = state.data
    state.emit(
        "uncover",
        player=player,
        hex=data.hex_name(hex_),
        marker=data.type_names[kind],
        camp=camp,
        found=state.found,
        last=state.last_monument,
    )
    if state.found >= state.last_monument:
        end_game(state)
    else:
        end_action(state)
