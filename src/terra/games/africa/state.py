"""Africa's game state: flat lists of ints, declared once (``FIELDS``) for its clone.

The core plays it by Africa's rulebook, which :mod:`terra.games.africa.rules` assembles from
the chapters and binds to it (the chapters import this class, never the other way round)."""

from __future__ import annotations

from typing import ClassVar

from terra.core.fields import ASIDE, COPY, COPY_EACH, SAME, Fields
from terra.core.moves import PhasedState
from terra.games.africa import actions as act
from terra.games.africa.components import Components


class AfricaState(PhasedState):
    """A position of Africa.

    Hexes and marker types are ints (see :mod:`terra.games.africa.components`). ``marker[h]``
    is the type of the marker on hex ``h`` (-1: none) and ``down[h]`` says whether it lies face
    down; ``camp[h]`` is the seat whose base camp stands there (-1: none). ``hand[p]`` counts
    the markers in front of seat ``p`` by type (goods, gold, jewels). Nothing else is hidden:
    every face-down marker's type is secret from every seat. ``phase`` is a member of
    :class:`terra.games.africa.rulebook.Phase`.
    """

    FIELDS: ClassVar[Fields] = {
        "_movable": ASIDE,
        "_empty": ASIDE,
        "_around": ASIDE,
        "_herds": ASIDE,
        "_open": ASIDE,
        "turn": SAME,
        "round": SAME,
        "rounds": SAME,
        "steps": SAME,
        "pending": SAME,
        "moving": SAME,
        "marker": COPY,
        "down": COPY,
        "camp": COPY,
        "loc": COPY,
        "hand": COPY_EACH,
        "camps": COPY,
        "supply": SAME,
        "track": COPY,
        "bonus": SAME,
        "found": SAME,
        "last_monument": SAME,
    }
    __slots__ = tuple(FIELDS)

    data: Components
    tables: act.ActionTable
    turn: int  # turns completed (the start-city choices are not turns)
    round: int  # actions (B) done this turn
    rounds: int  # actions per turn: 2, or 1 in the simple game
    steps: int  # steps taken before the coming action
    pending: int  # PLACE: hex of the marker being placed; GOODS: the good's type
    moving: int  # PLACE: 1 when moving a face-up marker, 0 for one just uncovered
    marker: list[int]
    down: list[int]
    camp: list[int]
    loc: list[int]  # each researcher's hex (-1 before its start city is chosen)
    hand: list[list[int]]
    camps: list[int]  # base camps in front of each player
    supply: int  # base camps left in the supply
    track: list[int]  # points scored during play
    bonus: int  # the seat that took the +3 bonus marker, -1 before
    found: int  # monuments uncovered
    last_monument: int  # the monument that ends the game (11, or 9 with two players)
    _movable: dict[int, bool] | None  # herds.movable, cached until the board changes
    _empty: list[int] | None  # the empty hexes, cached until the board changes
    _around: tuple[list[int], int] | None  # the empty hexes around each, and the most
    _herds: dict[int, tuple[dict[int, int], int]] | None  # herds._kin of each kind
    _open: list[int] | None  # jumps to every hex without a face-down marker, until one turns

    def __repr__(self) -> str:
        return (
            f"<Africa {self.num_players}p seed={self.seed} turn={self.turn + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
