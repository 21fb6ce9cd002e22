"""A small helper that sets up Source of the Nile positions for the engine's rule tests.

Set-up and outfitting are played through the public API (``play`` of notation strings). Only
:func:`put` and :func:`found` write a position directly (an explorer standing somewhere with a
given expedition, a tribe in a hex), and :func:`dice` and :func:`stack` script chance: the tests
themselves read as play.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

import terra
from terra.core.rng import Rng
from terra.games.nile import chance
from terra.games.nile.explorer import CAPTIVE, IN_EUROPE
from terra.games.nile.party import Party
from terra.games.nile.state import NileState
from terra.games.nile.terms import BY_CANOE, FOOT, MOUNTED
from terra.games.nile.territory import EXPLORED

MODES = {"on foot": FOOT, "mounted": MOUNTED, "by canoe": BY_CANOE}
FOOT_SAMPLE = {  # the rulebook's foot expedition for $1,000
    "guide": 1,
    "askari": 9,
    "bearer": 17,
    "musket": 1,
    "gift": 20,
    "ration": 140,
}


def new(players: int = 2, seed: int = 1, **options: object) -> NileState:
    """A fresh game through the public API."""
    state = terra.game("nile").new(players, seed, options)
    assert isinstance(state, NileState)
    return state


def hx(state: NileState, name: str) -> int:
    """A hex's index from its id (``1520``) or a port's name."""
    index = state.data.board.hexes.get(name.lower())
    assert index >= 0, name
    return index


def place_counters(state: NileState) -> None:
    """4.4: every counter on the first hex the rules allow."""
    while state.phase_name == "counters":
        state.play(state.legal_actions()[0])


def set_up(
    players: int = 2,
    seed: int = 1,
    ports: Iterable[str] = (),
    specialties: Iterable[str] = (),
    **options: object,
) -> NileState:
    """A game at the first outfitting (5.3): counters placed, ports and specialties chosen
    (Zanzibar and zoologist for seats not named)."""
    state = new(players, seed, **options)
    place_counters(state)
    chosen_ports = list(ports) + ["Zanzibar"] * players
    for seat in range(players):
        state.play(f"sail to {chosen_ports[seat]}")
    chosen = list(specialties) + ["zoologist"] * players
    for seat in range(players):
        state.play(f"specialty {chosen[seat]}")
    assert state.phase_name == "outfit"
    return state


def buy(state: NileState, goods: dict[str, int]) -> None:
    """5.3: buy each good by tens and ones through the notation."""
    for name, count in goods.items():
        plural = name if name == "water" else f"{name}s"
        for _ in range(count // 10):
            state.play(f"buy 10 {plural}")
        for _ in range(count % 10):
            state.play(f"buy 1 {name}")


def outfitted(
    players: int = 2,
    seed: int = 1,
    ports: Iterable[str] = (),
    specialties: Iterable[str] = (),
    goods: dict[str, int] | None = None,
    **options: object,
) -> NileState:
    """A game at the first turn's activity level, every seat with the foot sample."""
    state = set_up(players, seed, ports, specialties, **options)
    while state.phase_name == "outfit":
        buy(state, FOOT_SAMPLE if goods is None else goods)
        state.play("done")
    return state


def put(state: NileState, seat: int, where: str | int, party: Party, mode: str = "on foot") -> None:
    """Seat ``seat``'s explorer stands at ``where`` (known to him) with ``party``."""
    explorer = state.explorers[seat]
    hex_ = where if isinstance(where, int) else hx(state, where)
    explorer.hex = hex_
    explorer.party = party
    explorer.mode = MODES[mode]
    explorer.visit(hex_)
    state.turn.started_in_port = state.data.board.port_of[hex_] >= 0
    state._forget_legal()


def found(state: NileState, where: str | int, terrain: int, tribe: int = 0, size: int = 0) -> int:
    """Hex ``where`` is explored: ``terrain``, and a tribe of ``size`` if ``tribe``."""
    hex_ = where if isinstance(where, int) else hx(state, where)
    territory = state.writable_territory()
    territory.terrain[hex_] = terrain
    territory.stage[hex_] = EXPLORED
    territory.partial[hex_] = -1
    territory.tribe[hex_] = tribe
    territory.tribe_size[hex_] = size
    state._forget_legal()
    return hex_


class ScriptedDice(Rng):
    """An Rng whose die rolls (``below(6)``) come from a script, then from the seed."""

    __slots__ = ("script",)

    def __init__(self, seed: int, rolls: Iterable[int]) -> None:
        super().__init__(seed)
        self.script: deque[int] = deque(rolls)

    def below(self, n: int) -> int:
        if n == 6 and self.script:
            return self.script.popleft() - 1
        return super().below(n)

    def clone(self) -> ScriptedDice:
        return ScriptedDice(self.state, self.script)


def dice(state: NileState, *rolls: int) -> None:
    """The next dice thrown show ``rolls``, in order."""
    state.rng = ScriptedDice(state.rng.state, rolls)


def stack(state: NileState, *cards: int) -> None:
    """The next cards drawn from the Event deck are ``cards``, in order."""
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
        elif card in state.discards:
            state.discards.remove(card)
    state.deck.extend(reversed(cards))


def toward(state: NileState, there: str | int) -> str:
    """The notation that moves the current explorer into the neighbouring hex ``there``."""
    hex_ = there if isinstance(there, int) else hx(state, there)
    here = state.explorers[state.player].hex
    return f"move {state.data.board.neighbours[here].index(hex_) + 1}"


def keys(state: NileState, since: int = 0) -> list[str]:
    """The keys of the log's events from ``since`` on."""
    return [event["key"] for event in state.events[since:]]


def foot_party(**changes: int) -> Party:
    """The rulebook's foot expedition, with ``changes``."""
    counts = {"guides": 1, "askaris": 9, "bearers": 17, "muskets": 1, "gifts": 20}
    counts["rations"] = 140
    counts.update(changes)
    return Party(**counts)  # type: ignore[arg-type]


def standing(
    where: str = "0403",
    party: Party | None = None,
    mode: str = "on foot",
    players: int = 1,
    seed: int = 1,
) -> NileState:
    """A game at the first turn's activity level, the seat to play at ``where`` with
    ``party`` (the foot sample if none)."""
    state = outfitted(players, seed)
    put(state, state.player, where, foot_party() if party is None else party, mode)
    return state


__all__ = ["CAPTIVE", "IN_EUROPE"]


def hold(state: NileState, seat: int, cards: list[int]) -> None:
    """Seat ``seat``'s explorer holds the donations of ``cards`` (26.1), taken from wherever
    they were; those he held before go to the discards."""
    explorer = state.explorers[seat]
    state.discards.extend(explorer.donations)
    for other in state.explorers:
        other.donations = [card for card in other.donations if card not in cards]
    state.deck = [card for card in state.deck if card not in cards]
    state.discards = [card for card in state.discards if card not in cards]
    explorer.donations = list(cards)
    state._forget_legal()


def draw(state: NileState) -> int:
    """An Event card drawn as the rules draw one (4.2)."""
    return chance.draw(state)
