"""Africana's game state: flat lists of ints and a hand-written clone; the core plays it by
Africana's rulebook (:data:`terra.games.africana.rules.RULEBOOK`, bound to it there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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

    __slots__ = (
        "adventures",
        "deck",
        "discard",
        "ending",
        "hand",
        "joined",
        "left",
        "loc",
        "markers",
        "pages",
        "pile",
        "played",
        "removed",
        "retired",
        "right",
        "seen",
        "silver",
        "spaces",
        "supply",
        "turn",
        "won_adventures",
        "won_expeditions",
    )

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

    def clone(self) -> AfricanaState:
        other = AfricanaState.__new__(AfricanaState)
        self._copy_base(other)
        other.phase = self.phase
        other.player = self.player
        other.turn = self.turn
        other.ending = self.ending
        other.pages = self.pages
        other.seen = self.seen
        other.played = self.played.copy()
        other.loc = self.loc.copy()
        other.silver = self.silver.copy()
        other.hand = [hand.copy() for hand in self.hand]
        other.markers = self.markers.copy()
        other.spaces = self.spaces.copy()
        other.joined = self.joined.copy()
        other.adventures = self.adventures.copy()
        other.won_expeditions = self.won_expeditions.copy()
        other.won_adventures = self.won_adventures.copy()
        other.left = [stack.copy() for stack in self.left]
        other.right = [stack.copy() for stack in self.right]
        other.pile = self.pile.copy()
        other.removed = self.removed
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.supply = self.supply.copy()
        other.retired = self.retired.copy()
        return other

    @property
    def round(self) -> int:
        """The round being played, from 1 (every seat has one turn per round)."""
        return self.turn // self.num_players + 1

    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position (history and log aside)."""
        return (
            self.phase,
            self.player,
            self.turn,
            self.ending,
            self.pages,
            self.seen,
            self.played,
            self.loc,
            self.silver,
            self.hand,
            self.markers,
            self.spaces,
            self.joined,
            self.adventures,
            self.won_expeditions,
            self.won_adventures,
            self.left,
            self.right,
            self.pile,
            self.removed,
            self.deck,
            self.discard,
            self.supply,
            self.retired,
        )

    def __repr__(self) -> str:
        return (
            f"<Africana {self.num_players}p seed={self.seed} turn={self.turn + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
