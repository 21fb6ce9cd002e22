"""Source of the Nile 8.3: the records of the play in progress that are no part of the map or
a Player Aid Sheet: the current seat's turn so far, and a meeting with natives (13-16) being
resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from terra.games.nile.party import Party

if TYPE_CHECKING:
    pass


class Turn:
    """The current seat's turn so far (8.3)."""

    __slots__ = (
        "activity",
        "allowance",
        "came_from",
        "chosen",
        "counter",
        "lost",
        "mapped",
        "met_new",
        "met_staying",
        "moved",
        "published",
        "spent",
        "started_in_port",
        "stopped",
        "traded",
        "unaffordable",
    )

    activity: int  # -1 before it is chosen (8.3 step 1)
    allowance: int  # movement points this turn (9.12)
    spent: int  # movement points expended (9.14)
    lost: bool  # lost for the turn (12.2)
    stopped: bool  # can move no further this turn (9.52, 12.2)
    moved: bool  # entered a hex this turn (8.3 step 3c)
    came_from: int  # the hex left by the last move, for a retreat (9.44-9.46), -1 none
    mapped: list[int]  # hexes mapped this turn (20.2)
    met_staying: bool  # the tribe of a hex stayed in has been met (8.3 step 3c)
    met_new: list[int]  # tribes met for the first time this turn (20.2)
    traded: dict[int, int]  # by tribe: bit g, good g traded with it this turn (14.82)
    unaffordable: bool  # the hex just mapped costs more than was left: retreat (9.21, 9.41)
    started_in_port: bool  # in a port since a previous turn (21.4)
    counter: int  # set-up: the discovery counter being placed (4.4)
    published: int  # in Europe: victory points published this turn (26.5)
    chosen: list[tuple[int, int]]  # in Europe: the parts chosen to publish, (part, index) (22.2)

    def __init__(self) -> None:
        self.activity = -1
        self.allowance = 0
        self.spent = 0
        self.lost = False
        self.stopped = False
        self.moved = False
        self.came_from = -1
        self.mapped = []
        self.met_staying = False
        self.met_new = []
        self.traded = {}
        self.unaffordable = False
        self.started_in_port = False
        self.counter = -1
        self.published = 0
        self.chosen = []

    def clone(self) -> Turn:
        other = Turn.__new__(Turn)
        other.activity = self.activity
        other.allowance = self.allowance
        other.spent = self.spent
        other.lost = self.lost
        other.stopped = self.stopped
        other.moved = self.moved
        other.came_from = self.came_from
        other.mapped = self.mapped.copy()
        other.met_staying = self.met_staying
        other.met_new = self.met_new.copy()
        other.traded = self.traded.copy()
        other.unaffordable = self.unaffordable
        other.started_in_port = self.started_in_port
        other.counter = self.counter
        other.published = self.published
        other.chosen = self.chosen.copy()
        return other

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]


class Encounter:
    """A meeting with natives being resolved (13-16): a tribe on the map, or a band that a
    disaster or bonus brings and that leaves when the phase is over (11.43)."""

    __slots__ = (
        "ambush",
        "band",
        "entered",
        "hex",
        "members",
        "party",
        "policy",
        "prisoners",
        "size",
        "tribe",
    )

    hex: int
    tribe: int  # the tribe's number, 0 for a band (11.43)
    size: int  # SMALL, MEDIUM or LARGE
    policy: int  # chosen policy index, -1 before
    ambush: bool  # the natives attack from ambush (13.4)
    band: bool
    entered: bool  # met on entering the hex, not staying in it (23.1)
    members: int  # ESCAPE: members still to choose (15.21)
    prisoners: int  # SPOILS: prisoners taken (16.41)
    party: Party | None  # ESCAPE: the expedition the explorer escapes from (15.21)

    def __init__(
        self, hex_: int, tribe: int, size: int, band: bool = False, entered: bool = False
    ) -> None:
        self.hex = hex_
        self.tribe = tribe
        self.size = size
        self.policy = -1
        self.ambush = False
        self.band = band
        self.entered = entered
        self.members = 0
        self.prisoners = 0
        self.party = None

    def clone(self) -> Encounter:
        other = Encounter.__new__(Encounter)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        if self.party is not None:
            other.party = self.party.clone()
        return other

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Encounter) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]
