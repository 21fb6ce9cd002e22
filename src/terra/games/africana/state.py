"""Africana's game state: flat lists of ints, declared once (``FIELDS``) for its clone; the
core plays it by Africana's rulebook (:data:`terra.games.africana.rules.RULEBOOK`, bound to it
there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from terra.core.fields import COPY, COPY_EACH, SAME, Fields
from terra.core.moves import PhasedState
from terra.games.africana.actions import ActionTable
from terra.games.africana.components import Components
from terra.games.africana.rulebook import Phase


class AfricanaState(PhasedState):
    """A position of Africana.

    Locations, colours and cards are ints (see :mod:`terra.games.africana.components`). Hands
    are lists of counts by hand slot: travel cards by colour, assistants by colour, the joker.
    Stacks (books, piles) keep their top card at the end of the list.
    """

    # The colours of travel cards drawn face down are for the drawer's eyes only.
    private_args: ClassVar[Mapping[str, tuple[str, ...]]] = {"draw": ("cards",), "join": ("cards",)}

    FIELDS: ClassVar[Fields] = {
        "turn": SAME,
        "ending": SAME,
        "pages": SAME,
        "seen": SAME,
        "played": COPY,
        "loc": COPY,
        "silver": COPY,
        "hand": COPY_EACH,
        "markers": COPY,
        "spaces": COPY,
        "joined": COPY,
        "adventures": COPY,
        "won_expeditions": COPY,
        "won_adventures": COPY,
        "left": COPY_EACH,
        "right": COPY_EACH,
        "pile": COPY,
        "removed": SAME,
        "deck": COPY,
        "discard": COPY,
        "supply": COPY,
        "retired": COPY,
    }
    __slots__ = tuple(FIELDS)

    data: Components
    tables: ActionTable
    phase: Phase
    turn: int
    ending: bool
    pages: int
    played: list[int]  # cards played in the current move action, by hand slot
    loc: list[int]
    silver: list[int]
    hand: list[list[int]]
    markers: list[int]
    spaces: list[int]
    joined: list[int]
    adventures: list[tuple[int, ...]]  # tuples, shared by clones: rules replace them
    won_expeditions: list[tuple[int, ...]]
    won_adventures: list[tuple[int, ...]]
    left: list[list[int]]
    right: list[list[int]]
    seen: int
    pile: list[int]
    removed: tuple[int, ...]
    deck: list[int]
    discard: list[int]
    supply: list[int]
    retired: list[int]

    def is_legal(self, action: int) -> bool:
        """As ``action in legal_actions()``, from the rules' second statement of legality: one
        action is checked faster than every legal action is listed (tests/refusals.py checks
        that the two statements agree)."""
        found = self._legal
        if found is not None:
            return action in found
        return not self.phase.ends_game and self.RULEBOOK.explain(self, action) is None

    @property
    def round(self) -> int:
        """The round being played, from 1 (every seat has one turn per round)."""
        return self.turn // self.num_players + 1

    def __repr__(self) -> str:
        return (
            f"<Africana {self.num_players}p seed={self.seed} turn={self.turn + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
