"""Source of the Nile 8.3: the records of the play in progress that are no part of the map or
a Player Aid Sheet: the current seat's turn so far, a meeting with natives (13-16) being
resolved, and an agreement asked of other explorers (Game II, 29.4, 29.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terra.core.fields import CLONE_OR_NONE, COPY, SAME, Fielded, Fields
from terra.games.nile.party import Party
from terra.games.nile.phases import Phase


class Turn(Fielded):
    """The current seat's turn so far (8.3)."""

    FIELDS: ClassVar[Fields] = {
        "activity": SAME,
        "allowance": SAME,
        "spent": SAME,
        "lost": SAME,
        "stopped": SAME,
        "moved": SAME,
        "came_from": SAME,
        "mapped": COPY,
        "met_staying": SAME,
        "met_new": COPY,
        "traded": COPY,
        "unaffordable": SAME,
        "started_in_port": SAME,
        "counter": SAME,
        "published": SAME,
        "chosen": COPY,
        "dice": SAME,
        "refused": SAME,
    }
    __slots__ = tuple(FIELDS)

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
    dice: tuple[int, ...]  # Game II: the two dice of which one is to be kept (40.51)
    refused: int  # Game II: bit s, seat s's expedition not to be asked again this turn (N229)

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
        self.dice = ()
        self.refused = 0


class Encounter(Fielded):
    """A meeting with natives being resolved (13-16): a tribe on the map, or a band that a
    disaster or bonus brings and that leaves when the phase is over (11.43)."""

    FIELDS: ClassVar[Fields] = {
        "hex": SAME,
        "tribe": SAME,
        "size": SAME,
        "policy": SAME,
        "ambush": SAME,
        "band": SAME,
        "entered": SAME,
        "members": SAME,
        "prisoners": SAME,
        "party": CLONE_OR_NONE,
    }
    __slots__ = tuple(FIELDS)

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


@dataclass(frozen=True, slots=True)
class Proposal:
    """An agreement asked for (29.4, 29.7): ``proposer``'s ``join`` of the expedition that seat
    travels in (-1: a split on ``terms``), the seats still to answer, the next first, and the
    decision the proposer returns to."""

    proposer: int
    join: int
    terms: int
    waiting: tuple[int, ...]
    back: Phase
