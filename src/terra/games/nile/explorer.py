"""One seat's explorer: where he is, his expedition, and his Player Aid Sheet (6.0).

The sheet's records are what the explorer has found and not yet published (22.1), what he has
published, his donations (26), the tribes friendly to him (14.4) and his caches (17.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from terra.core.fields import CLONE, COPY, SAME, Fielded, Fields, aside
from terra.games.nile.party import Party
from terra.games.nile.terms import Good

# Where an explorer is (5.2, 21.4, 15.3, 26.2).
IN_EUROPE, IN_AFRICA, CAPTIVE, TO_EUROPE = range(4)
STATUS_NAMES = ("in Europe", "in Africa", "captive", "sailing for Europe")


@dataclass(frozen=True, slots=True)
class Cache:
    """A cache (17.3): where, whose (an explorer, not a player: N141), what lies in it."""

    hex: int
    owner: int
    contents: tuple[tuple[Good, int], ...]  # (good, count), by good, counts positive
    finds: tuple[int, ...] = ()  # specimens cached (17.4), in the caller's numbering
    tusks: int = 0  # tusks cached (17.4, 20.71)


class Landing(NamedTuple):
    """The sheet's records as the current expedition found them when it landed (5.2, 26.2):
    the length of each list, the discovery counters already found and the awards then
    unpublished. What came after is what this expedition has garnered (22.5)."""

    visited: int = 0
    friends: int = 0
    finds: int = 0
    counters: int = 0
    news: int = 0
    epics: int = 0
    awards: int = 0


class Explorer(Fielded):
    """A seat's explorer and his sheet; every field is flat and copied by ``clone`` (``visited``
    aside, as ``known`` holds the same hexes: no part of ``_key``)."""

    FIELDS: ClassVar[Fields] = {
        "specialty": SAME,
        "status": SAME,
        "hex": SAME,
        "port": SAME,
        "mode": SAME,
        "party": CLONE,
        "money": SAME,
        "known": COPY,
        "visited": aside(COPY),
        "surveyed": COPY,
        "counters": SAME,
        "found_counters": SAME,
        "captured": SAME,
        "captor": SAME,
        "finds": COPY,
        "new_friends": COPY,
        "friendly": COPY,
        "met": COPY,
        "gifts_traded": COPY,
        "negotiated": COPY,
        "tribe_bonus": COPY,
        "guide_hexes": COPY,
        "must_stay": SAME,
        "stay_round": SAME,
        "searched": COPY,
        "worked": COPY,
        "oases": COPY,
        "escape_bonus": SAME,
        "battled": COPY,
        "awards": SAME,
        "interviewed": SAME,
        "news": COPY,
        "journey": COPY,
        "epics": COPY,
        "far": SAME,
        "landing": SAME,
        "caches": COPY,
        "ident": SAME,
        "joined": SAME,
        "leads": SAME,
        "joined_at": SAME,
        "carries": SAME,
        "donations": COPY,
        "vp": SAME,
        "vp_by": COPY,
    }
    __slots__ = tuple(FIELDS)

    specialty: int  # -1: a new explorer who has yet to choose (4.6, 21.33)
    status: int
    hex: int  # in Africa or captive: his hex; else -1
    port: int  # the port he sails to (4.5, 26.2), -1 before he chooses
    mode: int  # FOOT, MOUNTED or BY_CANOE (9.11)
    party: Party
    money: int  # dollars to outfit with (5.1, 26.2); what is left is lost on leaving port
    known: bytearray  # by hex: visited by this explorer (3.2, 9.3)
    visited: list[int]  # the same hexes, in the order first visited
    surveyed: list[int]  # unpublished hexes fully explored he stayed in (22.9, decision N155)
    counters: int  # bit i: discovery counter i looked at, by this player's explorers (23.1)
    found_counters: int  # bit i: counter i found on this life's travels, unpublished (23.2)
    captured: int  # the round of his capture (15.3)
    captor: int  # the tribe that holds him captive, 0 none (Game II: 35.5, 39.23, 40.53)
    finds: list[tuple[int, int]]  # unpublished bonus discoveries: (card, specialty) (20.6)
    new_friends: list[int]  # tribes befriended on this expedition, not yet published (22.4)
    friendly: set[int]  # tribes friendly to him for life (14.4)
    met: set[int]  # tribes he has met (20.2)
    gifts_traded: dict[int, int]  # by tribe: gifts traded (14.94); Game II: natives (38.3)
    negotiated: set[int]  # Game II: tribes he has negotiated with (34.222)
    tribe_bonus: dict[int, int]  # Game II: by tribe, his own attitude earned (39.24, 39.5)
    guide_hexes: set[int]  # Game II: where this expedition hired guides (31.2, 34.221)
    must_stay: int  # Game II: the hex he must spend a full turn in, -1 none (40.41)
    stay_round: int  # the round in which he entered it
    searched: set[int]  # Game II: unpublished hexes a zoologist or geologist has searched (40.41)
    worked: set[int]  # Game II: tribes a missionary, doctor or ethnologist has worked with (40.54)
    oases: set[int]  # Game II: the oases of unpublished hexes he has found (32.35)
    escape_bonus: int  # Game II: a captive missionary's or doctor's work on his escape (40.53)
    battled: set[int]  # tribes his expedition has battled (24.4)
    awards: int  # unpublished victory points besides finds (16.422, 24, 25.3, 22.5)
    interviewed: int  # bit p: seat p's explorer interviewed (24.62)
    news: list[tuple[int, int]]  # a journalist's battles to publish: (battle, v.p.) (24.2-24.5)
    journey: list[int]  # the hexes travelled since leaving the last port, that port first (25.3)
    epics: list[tuple[int, ...]]  # epic journeys made, unpublished: their hexes (25.31-25.33)
    far: bool  # this expedition is or has been 4+ hexes from a port (24.6)
    landing: Landing  # the records when this expedition landed (22.5)
    caches: list[Cache]  # the caches this seat's explorers buried, still on the map (17.3, 17.7)
    ident: int  # this explorer, not the player's next one: a cache's owner (N141)
    joined: int  # Game II: the seat whose joint expedition he travels in, -1 none (29.3)
    leads: int  # Game II: bit p, seat p's explorer travels in his expedition (29.1)
    joined_at: Landing  # Game II: the leader's records when he joined them (29.8)
    carries: bool  # he does a bearer's work (5.51-5.52)
    donations: list[int]  # cards whose donations he holds, face up (26.8)
    vp: int  # published victory points (22.1)
    vp_by: dict[str, int]  # published victory points by source, for the score sheet

    @classmethod
    def new(cls, num_hexes: int, ident: int = 0) -> Explorer:
        """An explorer in Europe before the game starts (4.5)."""
        explorer = cls.__new__(cls)
        explorer.ident = ident
        explorer.carries = False
        explorer.specialty = -1
        explorer.status = IN_EUROPE
        explorer.hex = -1
        explorer.port = -1
        explorer.mode = 0
        explorer.party = Party()
        explorer.money = 0
        explorer.known = bytearray(num_hexes)
        explorer.visited = []
        explorer.surveyed = []
        explorer.counters = 0
        explorer.found_counters = 0
        explorer.captured = -1
        explorer.captor = 0
        explorer.finds = []
        explorer.new_friends = []
        explorer.friendly = set()
        explorer.met = set()
        explorer.gifts_traded = {}
        explorer.negotiated = set()
        explorer.tribe_bonus = {}
        explorer.guide_hexes = set()
        explorer.must_stay = -1
        explorer.stay_round = -1
        explorer.searched = set()
        explorer.worked = set()
        explorer.oases = set()
        explorer.escape_bonus = 0
        explorer.battled = set()
        explorer.awards = 0
        explorer.interviewed = 0
        explorer.news = []
        explorer.journey = []
        explorer.epics = []
        explorer.far = False
        explorer.landing = Landing()
        explorer.caches = []
        explorer.joined = -1
        explorer.leads = 0
        explorer.joined_at = Landing()
        explorer.donations = []
        explorer.vp = 0
        explorer.vp_by = {}
        return explorer

    def land(self) -> None:
        """5.2, 26.2: a new expedition lands; what the sheet holds unpublished so far is not
        its own (22.5)."""
        self.landing = self.records()

    def records(self) -> Landing:
        """How far each of the sheet's records goes now: what comes after is new."""
        return Landing(
            len(self.visited),
            len(self.new_friends),
            len(self.finds),
            self.found_counters,
            len(self.news),
            len(self.epics),
            self.awards,
        )

    def visit(self, hex_: int) -> bool:
        """9.3: the explorer has been in ``hex_``; True if this is his first visit."""
        if self.known[hex_]:
            return False
        self.known[hex_] = 1
        self.visited.append(hex_)
        return True

    def owe_full_turn(self, round_: int) -> None:
        """40.41, 40.51, 40.71 (Game II): he owes his next full turn to the hex he is in."""
        self.must_stay = self.hex
        self.stay_round = round_

    @property
    def owes_this_hex(self) -> bool:
        """40.41, 40.51, 40.71 (Game II): he owes a full turn to the hex he is in, and may not
        leave it yet."""
        return self.must_stay == self.hex >= 0

    def full_turn_paid(self, round_: int) -> bool:
        """Whether this turn, ending in ``round_``, was the full turn he owed his hex: then he
        owes it no more."""
        if self.must_stay != self.hex or self.stay_round == round_:
            return False
        self.must_stay = -1
        return True

    def survey(self, hex_: int) -> None:
        """22.9, 25.2: the explorer has explored ``hex_``: stayed in it while it was unpublished
        and fully mapped, so that its spectacular discoveries, and its place on a river, are
        his to claim at the moment of victory (decision N155)."""
        if hex_ not in self.surveyed:
            self.surveyed.append(hex_)

    @property
    def in_africa(self) -> bool:
        """On the map with an expedition (not in Europe, not at sea)."""
        return self.status == IN_AFRICA
