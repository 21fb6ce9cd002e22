"""Africa, Actions - Uncovering Animals; Africa, Actions - Uncovering Nomads: what an animal
or nomad finds around a space, where it may go, and which face-up ones may be moved (2. Moving
Animals, 3. Moving Nomads).

An animal looks for more animals of its kind bordering its new space, a nomad for more empty
spaces. The rules compare these counts when one is placed (:mod:`~terra.games.africa.animals`),
the researcher's offers ask which may be moved (:mod:`~terra.games.africa.movement`), and the
bots value them; what is found is cached until the board changes
(:func:`terra.games.africa.spaces.board_changed`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.africa.components import ANIMAL, NOMAD
from terra.games.africa.spaces import empty_count, empty_spaces

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState


def animal_count(state: AfricaState, kind: int, hex_: int, origin: int) -> int:
    """Face-up animals of ``kind`` bordering ``hex_``, not counting the one on ``origin``
    (the marker being placed)."""
    marker = state.marker
    down = state.down
    return sum(
        1 for n in state.data.neighbours[hex_] if marker[n] == kind and not down[n] and n != origin
    )


def herd_value(state: AfricaState, kind: int, hex_: int, origin: int) -> int:
    """What the animal or nomad of ``kind`` lying on ``origin`` finds on ``hex_``: same-kind
    animals (Africa, Uncovering Animals) or empty spaces (Uncovering Nomads) bordering it."""
    if state.data.category[kind] == NOMAD:
        return empty_count(state, hex_, origin)
    return animal_count(state, kind, hex_, origin)


def _kin(state: AfricaState, kind: int) -> tuple[dict[int, int], int]:
    """For animals of ``kind``: each empty space next to a face-up one, with how many it
    borders, and the most any empty space borders (cached until the board changes)."""
    herds = state._herds
    if herds is None:
        herds = state._herds = {}
    found = herds.get(kind)
    if found is None:
        marker = state.marker
        down = state.down
        camp = state.camp
        neighbours = state.data.neighbours
        kin: dict[int, int] = {}
        at = -1
        for _ in range(marker.count(kind)):  # the list's own search, in C
            at = marker.index(kind, at + 1)
            if down[at]:
                continue
            for h in neighbours[at]:
                if marker[h] < 0 and camp[h] < 0:
                    kin[h] = kin.get(h, 0) + 1
        found = herds[kind] = (kin, max(kin.values(), default=0))
    return found


def _kin_around(state: AfricaState, hex_: int, kind: int) -> int:
    """Face-up animals of ``kind`` bordering ``hex_``."""
    marker = state.marker
    down = state.down
    count = 0
    for n in state.data.neighbours[hex_]:
        if marker[n] == kind and not down[n]:
            count += 1
    return count


def destinations(state: AfricaState, origin: int, stay: bool) -> list[int]:
    """Where the animal or nomad on ``origin`` may go: every empty space that borders more of
    its kind (animals) or more empty spaces (nomads) than ``origin`` does, in the order of the
    hexes, and ``origin`` itself first when ``stay`` (a marker just uncovered may stay)."""
    kind = state.marker[origin]
    beside = state.data.neighbours[origin]
    out = [origin] if stay else []
    if state.data.category[kind] == NOMAD:
        # The nomad's own space counts as empty for the spaces around it, as it leaves.
        empty, around, _ = empty_spaces(state)
        before = around[origin]
        out += [h for h in empty if around[h] + (h in beside) > before]
    else:
        # The animal that moves does not count for the spaces around its own.
        kin, _ = _kin(state, kind)
        before = _kin_around(state, origin, kind)
        out += sorted(h for h, count in kin.items() if count - (h in beside) > before)
    return out


# --- 2. Moving Animals, 3. Moving Nomads: which may be moved -----------------------------------


def movable(state: AfricaState, hex_: int) -> bool:
    """Africa, 2. Moving Animals / 3. Moving Nomads: a face-up animal or nomad lies on
    ``hex_`` and some empty space would border more of its kind (or more empty spaces).

    Cached until the board changes (``state._movable`` is reset by the rules that change it)."""
    cache = state._movable
    if cache is None:
        cache = state._movable = {}
    found = cache.get(hex_)
    if found is None:
        found = cache[hex_] = may_move(state, hex_)
    return found


def may_move(state: AfricaState, hex_: int) -> bool:
    """:func:`movable`, computed afresh."""
    kind = state.marker[hex_]
    if kind < 0 or state.down[hex_]:
        return False
    category = state.data.category[kind]
    if category == NOMAD:
        return _nomad_may_move(state, hex_)
    if category == ANIMAL:
        return _animal_may_move(state, hex_, kind)
    return False


def _nomad_may_move(state: AfricaState, origin: int) -> bool:
    """Some empty space borders more empty spaces than ``origin`` (which counts as empty for
    its neighbours, as the nomad leaves it): decided from the most any empty space borders."""
    _, around, most = empty_spaces(state)
    before = around[origin]
    if most != before:
        return most > before
    marker = state.marker
    camp = state.camp
    for h in state.data.neighbours[origin]:
        if around[h] == before and marker[h] < 0 and camp[h] < 0:
            return True
    return False


def _animal_may_move(state: AfricaState, origin: int, kind: int) -> bool:
    """Some empty space borders more animals of ``kind`` than ``origin`` does, not counting
    the one that moves: decided from the most any empty space borders."""
    kin, most = _kin(state, kind)
    before = _kin_around(state, origin, kind)
    if most - 1 > before:
        return True
    if most <= before:
        return False
    beside = state.data.neighbours[origin]
    for h, count in kin.items():  # noqa: SIM110 - a plain loop: no generator on this hot path
        if count == most and h not in beside:
            return True
    return False
