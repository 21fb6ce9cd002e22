"""Africa, Actions - Uncovering Animals; Africa, Actions - Uncovering Nomads;
Africa, Actions - 2. Moving Animals; Africa, Actions - 3. Moving Nomads.

An animal or nomad just uncovered may stay or go to an empty space that borders more of its
kind (animals) or more empty spaces (nomads); a face-up one on or next to the researcher may be
lifted (``move``) and must go to such a space. Either way the ``place`` move puts it down. The
counts the rules compare are :mod:`~terra.games.africa.herds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.africa.actions import every_hex, on_hex
from terra.games.africa.components import ANIMAL, NOMAD
from terra.games.africa.game_play import end_action
from terra.games.africa.herds import destinations, herd_value
from terra.games.africa.movement import around
from terra.games.africa.rulebook import (
    RULE_ANIMALS,
    RULE_EMPTY,
    RULE_MOVE_ANIMAL,
    RULE_MOVE_NOMAD,
    RULE_NOMADS,
    Phase,
)
from terra.games.africa.spaces import board_changed, is_empty

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState


def move_rule(state: AfricaState, hex_: int) -> str:
    """The section that a move of the marker on ``hex_`` falls under: nomads' where a face-up
    nomad lies there, animals' otherwise. A face-down marker is read as nothing at all, so a
    refusal tells no seat what lies under it."""
    kind = state.marker[hex_]
    if kind >= 0 and not state.down[hex_] and state.data.category[kind] == NOMAD:
        return RULE_MOVE_NOMAD
    return RULE_MOVE_ANIMAL


def _improves(state: AfricaState, origin: int, hex_: int) -> bool:
    """Africa, Uncovering Animals / Nomads, 2. and 3.: ``hex_`` is an empty space bordering more
    of the kind of the marker on ``origin`` (more empty spaces for a nomad) than ``origin``."""
    kind = state.marker[origin]
    return is_empty(state, hex_) and herd_value(state, kind, hex_, origin) > herd_value(
        state, kind, origin, origin
    )


def explain_move(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: a face-up animal or nomad on or
    next to one's own researcher, with an empty space somewhere that borders more of its kind
    (more empty spaces for a nomad)."""
    data = state.data
    name = data.hex_name(hex_)
    kind = state.marker[hex_]
    rule = move_rule(state, hex_)
    if kind < 0 or state.down[hex_] or data.category[kind] not in (ANIMAL, NOMAD):
        return refusal(
            "nothing_to_move", "there is no face-up animal or nomad on {place}", rule, place=name
        )
    here = state.loc[state.player]
    if hex_ != here and hex_ not in data.neighbours[here]:
        return refusal(
            "move_too_far",
            "the {marker} on {place} is neither on nor next to your researcher",
            rule,
            marker=data.type_names[kind],
            place=name,
        )
    if any(_improves(state, hex_, h) for h in range(data.num_hexes)):
        return None
    return refusal(
        "nowhere_better",
        "no empty space borders more {what} than {place} does; the {marker} has nowhere "
        "better to go",
        rule,
        what="animals of its kind" if data.category[kind] == ANIMAL else "empty spaces",
        place=name,
        marker=data.type_names[kind],
    )


def lift(state: AfricaState, hex_: int) -> None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: pick the face-up animal or nomad
    on or next to the researcher; ``place`` puts it down."""
    state.phase = Phase.PLACE
    state.pending = hex_
    state.moving = 1
    data = state.data
    state.emit(
        "lift",
        player=state.player,
        hex=data.hex_name(hex_),
        marker=data.type_names[state.marker[hex_]],
    )


MOVE = Move(
    name="move",
    rule="Africa, Actions - 2. Moving Animals / 3. Moving Nomads",
    notation=every_hex("move"),
    offer=around,  # listed after the steps and uncoverings around the researcher
    explain=explain_move,
    effect=lift,
    place=on_hex,
)


# --- Putting an uncovered or lifted one down --------------------------------------------------


def places(state: AfricaState, out: list[int]) -> None:
    """Africa, Uncovering Animals / Nomads, 2. and 3.: where the marker may be put down."""
    base = state.tables.place_base
    out += [base + h for h in destinations(state, state.pending, stay=not state.moving)]


def explain_place(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Uncovering Animals / Nomads: leave the marker, or put it on an empty space that
    borders more of its kind (more empty spaces for a nomad); 2. and 3.: a moved one must go to
    such a space (docs/rules-decisions.md)."""
    data = state.data
    origin = state.pending
    kind = state.marker[origin]
    name = data.hex_name(hex_)
    nomad = data.category[kind] == NOMAD
    if state.moving:
        rule = RULE_MOVE_NOMAD if nomad else RULE_MOVE_ANIMAL
    else:
        rule = RULE_NOMADS if nomad else RULE_ANIMALS
    if hex_ == origin:
        if not state.moving:
            return None
        return refusal(
            "moved_must_leave",
            "a moved {marker} must leave {place}",
            rule,
            marker=data.type_names[kind],
            place=name,
        )
    if not is_empty(state, hex_):
        return refusal(
            "space_not_empty",
            "{place} is not empty: it holds {what}",
            RULE_EMPTY,
            place=name,
            what="a base camp" if state.camp[hex_] >= 0 else "a marker",
        )
    if _improves(state, origin, hex_):
        return None
    return refusal(
        "no_better_space",
        "{place} borders {there} {what}, {origin} {before}; the new space must border more",
        rule,
        place=name,
        there=herd_value(state, kind, hex_, origin),
        what="empty spaces" if nomad else f"{data.type_names[kind]}s",
        origin=data.hex_name(origin),
        before=herd_value(state, kind, origin, origin),
    )


def place(state: AfricaState, hex_: int) -> None:
    """Africa, Uncovering Animals / Uncovering Nomads / 2. Moving Animals / 3. Moving Nomads.

    An uncovered animal scores 1 plus the same animals bordering its final space, an
    uncovered nomad the empty spaces bordering it; a face-up one that is moved scores the
    improvement only."""
    origin = state.pending
    kind = state.marker[origin]
    data = state.data
    after = herd_value(state, kind, hex_, origin)
    if state.moving:
        points = after - herd_value(state, kind, origin, origin)
    else:
        points = after + (1 if data.category[kind] == ANIMAL else 0)
    if hex_ != origin:
        state.marker[origin] = -1
        state.marker[hex_] = kind
        board_changed(state)
    player = state.player
    state.track[player] += points
    state.emit(
        "place",
        player=player,
        marker=data.type_names[kind],
        origin=data.hex_name(origin),
        destination=data.hex_name(hex_),
        points=points,
        moved=bool(state.moving),
    )
    end_action(state)


PLACE = Move(
    name="place",
    rule="Africa, Actions - Uncovering Animals / Uncovering Nomads, 2. and 3.",
    notation=every_hex("place"),
    offer=places,
    explain=explain_place,
    effect=place,
    place=on_hex,
)
