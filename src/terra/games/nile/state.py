"""Source of the Nile's game state: the shared map, the Event deck, and each seat's explorer.

Hexes, ports, tribes and cards are ints (see :mod:`terra.games.nile.components`). What is
hidden: the order of the Event deck (4.2), the discovery counters' faces (3.32: an explorer
sees one only by entering its hex, 23.1), and each player's port during set-up until all are
chosen (4.5, 5.2). Everything else lies open on the table or on the Player Aid Sheets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from terra.core.fields import CLONE, CLONE_OR_NONE, COPY, SAME, Fields, aside, disown, reset
from terra.core.moves import PhasedState
from terra.games.nile.actions import ActionTable
from terra.games.nile.components import Components
from terra.games.nile.explorer import Explorer
from terra.games.nile.phases import Phase
from terra.games.nile.records import Encounter, Proposal, Turn
from terra.games.nile.territory import Territory


class NileState(PhasedState):
    """A position of Source of the Nile, played by its rulebook (:mod:`~.rulebook`).

    ``territory`` is the map as explored so far, the same for every explorer (10.1);
    ``published[h]`` says whether hex ``h``'s terrain is published (3.2). ``explorers[p]`` is
    seat ``p``'s explorer with his expedition and his Player Aid Sheet. ``counter_hex[i]`` is
    where discovery counter ``i`` lies (-1: not yet placed) and ``counter_kind[i]`` the
    special discovery on its face (-1: blank, a false trail, 23.1).
    """

    FIELDS: ClassVar[Fields] = {
        "round": SAME,
        "first": SAME,
        "setting_up": SAME,
        "target": SAME,
        "turn_limit": SAME,
        "deck": COPY,
        "discards": COPY,
        "territory": SAME,  # copied on the first change (writable_territory)
        "territory_owned": disown(False),
        "published": COPY,
        "published_finds": COPY,
        "published_battles": COPY,
        "battles": SAME,
        "epic_routes": COPY,
        "counter_hex": COPY,
        "counter_kind": COPY,
        "counter_sites": aside(SAME),
        "explorers": COPY,  # each copied on its first change (explorer())
        "explorers_owned": disown(0),
        "turn": CLONE,
        "encounter": CLONE_OR_NONE,
        "proposal": SAME,
        "fits": reset(None),
    }
    __slots__ = tuple(FIELDS)

    private_args: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "port-chosen": ("port",),
        "counter-seen": ("discovery",),
    }

    data: Components
    tables: ActionTable
    phase: Phase
    player: int
    round: int  # rounds of turns completed (a round: every seat one turn, 8.1)
    first: int  # the seat that plays first (4.62), -1 before the dice
    setting_up: bool  # set-up and the first outfitting (4.0-5.3) are not over
    target: int  # published victory points that win (7.0, option victory_points)
    turn_limit: int  # rounds after which the most published points win (decision N100)
    deck: list[int]  # the draw pile, top card last (4.2)
    discards: list[int]
    territory: Territory  # shared with clones until one of them changes it
    territory_owned: bool  # whether ``territory`` is this state's alone (see writable_territory)
    published: bytearray  # by hex: terrain published (3.2, 22.3)
    published_finds: set[str]  # names of specimens, tribes and specials published (20.74, 23.2)
    published_battles: set[int]  # battles a journalist has published (24.5)
    battles: int  # battles fought so far, each a piece of news (24.2-24.5)
    epic_routes: set[tuple[int, int]]  # (port, port) journeys made, first come (25.31)
    counter_hex: list[int]
    counter_kind: list[int]
    counter_sites: tuple[int, ...]  # COUNTER actions on the hexes 4.41 allows (a campaign's: N222)
    explorers: list[Explorer]  # shared with clones until changed: change through explorer()
    explorers_owned: int  # bit p: explorers[p] is this state's alone
    turn: Turn  # the current seat's turn so far (activity, movement points, ...)
    encounter: Encounter | None  # a meeting with natives being resolved (13-16)
    proposal: Proposal | None  # Game II: an agreement asked of the other explorers (29.4, 29.7)
    fits: dict[tuple[str, int], tuple[bool, int]] | None  # loads while legal actions are found

    # --- helpers for rules, bots and displays ---------------------------------------------

    @property
    def game_two(self) -> bool:
        """Whether this is Game II (27.0-41.0, option ``game=2``): its rules change those of
        Game I's chapters where they say so, and Game I's hold everywhere else (27.0)."""
        return bool(self.options["game"] == 2)

    def explorer(self, seat: int) -> Explorer:
        """Seat ``seat``'s explorer, to read or change: clones share the explorers until one of
        them changes one (copy on write), so a clone for search copies no Player Aid Sheet."""
        if not self.explorers_owned >> seat & 1:
            self.explorers[seat] = self.explorers[seat].clone()
            self.explorers_owned |= 1 << seat
        return self.explorers[seat]

    def writable_territory(self) -> Territory:
        """The map, to change: clones share it until one of them maps, erases or publishes, so
        a clone for search costs no copy of the hundreds of hexes (copy on write)."""
        if not self.territory_owned:
            self.territory = self.territory.clone()
            self.territory_owned = True
        return self.territory

    def __repr__(self) -> str:
        return (
            f"<Source of the Nile {self.num_players}p seed={self.seed} round={self.round + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
