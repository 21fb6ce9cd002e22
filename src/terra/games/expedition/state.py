"""Expedition's game state: flat lists of ints, declared once (``FIELDS``) for its clone; the
core plays it by Expedition's rulebook (:data:`terra.games.expedition.rules.RULEBOOK`, bound to
this class when that module is loaded)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from terra.core.fields import COPY, COPY_EACH, SAME, Fields, aside
from terra.core.moves import PhasedState
from terra.games.expedition.actions import ARROWS, ActionTable
from terra.games.expedition.components import Components
from terra.games.expedition.rulebook import Phase


class ExpeditionState(PhasedState):
    """A position of Expedition.

    Points, lines and cards are ints (see :mod:`terra.games.expedition.components`); card ``i``
    is the research card of site ``i``. Per expedition colour: its arrows (packed, oldest
    first), its end, the lines it uses (a bytearray by line) and the points it has visited (a
    bitmask). The deck keeps its top card at the end of the list.
    """

    # The cards dealt, drawn and put back in an exchange are for that player's eyes only.
    private_args: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "deal": ("cards",),
        "exchange": ("card", "drawn"),
        "keep": ("card", "back"),
    }

    FIELDS: ClassVar[Fields] = {
        "turn": SAME,
        "hand": COPY_EACH,
        "laid": COPY,
        "public": COPY,
        "rejected": SAME,
        "deck": COPY,
        "chip": COPY,
        "chips_placed": COPY,
        "chips_back": COPY,
        "vouchers": COPY,
        "known": COPY,
        "in_deck": SAME,
        "done_marking": SAME,
        "arrows": COPY_EACH,
        "end": COPY,
        "used": COPY_EACH,
        "taken": aside(COPY),
        "route": COPY,
        "drawn": COPY,
        "must": SAME,
        "may": SAME,
        "loop": SAME,
        "loop_from": SAME,
        "spent": SAME,
        "looped": SAME,
        "winner": SAME,
    }
    __slots__ = tuple(FIELDS)

    data: Components
    tables: ActionTable
    phase: Phase
    turn: int
    hand: list[list[int]]
    laid: list[tuple[int, ...]]  # tuples, shared by clones: the rules replace them
    public: list[int]
    rejected: tuple[int, ...]  # the cards put under the deck at setup, seen by all
    deck: list[int]
    chip: list[int]  # by site: the seat whose chip lies there, or -1
    chips_placed: list[int]
    chips_back: list[int]
    vouchers: list[int]
    known: list[int]  # by seat: bitmask of deck cards whose place in the deck the seat knows
    in_deck: int  # bitmask of cards everybody knows to be in the deck
    done_marking: int  # bitmask of seats that place no more chips
    arrows: list[list[int]]
    end: list[int]
    used: list[bytearray]  # by colour: 1 for each line its arrows run along
    taken: bytearray  # by line: how many colours run along it (a new expedition needs 0)
    route: list[int]
    drawn: list[int]  # the cards drawn in an exchange, before one is kept
    must: int  # arrows the player must still place this turn
    may: int  # arrows the player may still place this turn (green stations)
    loop: int  # the colour whose loop arrow is due, or -1
    loop_from: int  # bitmask of the points the loop arrow may start from
    spent: int  # travel vouchers used this turn
    looped: int  # bitmask of colours that closed a loop this turn
    winner: int  # Variant B: the seat that took back all its chips first, or -1

    # --- helpers for tests, bots and displays ------------------------------------------------

    def arrows_left(self, colour: int) -> int:
        """Arrows of ``colour`` not yet on the board."""
        return ARROWS - len(self.arrows[colour])

    def __repr__(self) -> str:
        return (
            f"<Expedition {self.num_players}p seed={self.seed} turn={self.turn + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
