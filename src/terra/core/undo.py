"""Undo: how far a seat may take back its own last decision.

A seat may take back its last decision, with every move made after it, as long as none of
those moves showed the seat anything it could not see before or used chance: never across a
card drawn, a die rolled or a marker turned over. A move is tested by redealing what the seat
cannot see (``sample_hidden``) and playing the same move there: if the move is refused in one
of those worlds, or the seat's view or log comes out otherwise than in the real game, the move
told the seat something, and the undo stops before it.
"""

from __future__ import annotations

import random
from typing import Any

from terra.core.errors import IllegalAction, Worded
from terra.core.record import Record
from terra.core.registry import start
from terra.core.state import GameState

# Redeals each move is played in: a move that shows something hidden shows, in most of them,
# something else than in the real game.
WORLDS = 8


class CannotUndo(Worded):
    """An undo the rules of undo refuse; the message says why."""


def undo_point(record: Record, seat: int) -> int:
    """How many of ``record``'s moves remain when ``seat`` takes back its last decision and
    everything after it; raises :class:`CannotUndo` saying why it may not."""
    beginning = start(record)
    state = beginning.clone()
    movers = []
    for text in record.actions:
        movers.append(state.current_player)
        state.play(text)
    if state.is_over:
        raise CannotUndo("the game is over; a finished game cannot be taken back")
    mine = [number for number, mover in enumerate(movers) if mover == seat]
    if not mine:
        raise CannotUndo("you have made no move yet")
    point = mine[-1]
    state = beginning.clone()
    for text in record.actions[:point]:
        state.play(text)
    rng = random.Random(f"undo:{len(record.actions)}")
    for number in range(point, len(record.actions)):
        text = record.actions[number]
        before = state.clone()
        state.play(text)
        if _shows_something(before, state, text, seat, rng):
            # Another seat's move is not quoted: its notation may name what is hidden.
            if movers[number] == seat:
                raise CannotUndo(
                    "your move '{move}' (move {number}) showed what was hidden or used chance; "
                    "an undo never goes back past that",
                    move=text,
                    number=number + 1,
                )
            raise CannotUndo(
                "a later move (move {number}) showed what was hidden or used chance; "
                "an undo never goes back past that",
                number=number + 1,
            )
    return point


def _shows_something(
    before: GameState, after: GameState, text: str, seat: int, rng: random.Random
) -> bool:
    """Whether playing ``text`` in ``before`` (giving ``after``) told ``seat`` anything that
    depends on what it could not see, or on chance."""
    seen = _seen(after, seat, before.log_size)
    for _ in range(WORLDS):
        world = before.sample_hidden(seat, rng)
        try:
            world.play(text)
        except IllegalAction:
            return True
        if _seen(world, seat, before.log_size) != seen:
            return True
    return False


def _seen(state: GameState, seat: int, since: int) -> tuple[Any, Any]:
    return state.view(seat), state.log(seat, since)
