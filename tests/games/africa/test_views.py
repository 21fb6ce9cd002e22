"""Hidden information never leaks through a view, and sample_hidden redeals all of it.

Africa, Game Setup: the markers are shuffled face down. Which marker lies under each face-down
marker is unknown to every seat; everything else is on the table. A view (what the server
sends to a seat) must show none of it; ``sample_hidden`` must redeal exactly that. What every
game must do (views as JSON, samples that look the same to their seat and reseed the RNG) is
checked for every game by tests/core/test_views.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from terra.games.africa import AfricaState
from terra.games.africa.view import FACE_DOWN, unseen_counts
from tests.games.africa import table

GAMES = [(2, 0), (3, 1), (5, 2)]
DEPTHS = (0, 3, 5, 40, 200, 600)

PHASES: dict[str, Callable[[AfricaState], bool]] = {
    "place": lambda s: s.phase_name == "place",
    "goods": lambda s: s.phase_name == "goods",
    "start": lambda s: s.phase_name == "start" and s.player > 0,
}


@cache
def positions(players: int, seed: int) -> tuple[tuple[str, AfricaState], ...]:
    """Snapshots of one random game at DEPTHS, the first of each phase in PHASES, the end."""
    state = table.new(players, seed)
    rng = random.Random(seed)
    found = []
    wanted = dict(PHASES)
    depth = 0
    while True:
        if depth in DEPTHS:
            found.append((f"{players}p seed {seed} at {depth}", state.clone()))
        for kind, test in list(wanted.items()):
            if test(state):
                found.append((f"{players}p seed {seed} {kind} at {depth}", state.clone()))
                del wanted[kind]
        if state.is_over:
            found.append((f"{players}p seed {seed} over", state.clone()))
            return tuple(found)
        state.apply(rng.choice(state.legal_actions()))
        depth += 1


def all_positions() -> list[tuple[str, AfricaState]]:
    return [p for players, seed in GAMES for p in positions(players, seed)]


def shuffled_hidden(state: AfricaState, seed: int) -> AfricaState:
    """The same position with the face-down markers permuted among themselves."""
    other = state.clone()
    hidden = [h for h, d in enumerate(state.down) if d]
    kinds = [state.marker[h] for h in hidden]
    random.Random(seed).shuffle(kinds)
    for h, k in zip(hidden, kinds, strict=True):
        other.marker[h] = k
    other._forget_legal()
    return other


def test_the_positions_cover_every_phase() -> None:
    names = " ".join(name for name, _ in all_positions())
    for phase in (*PHASES, "over"):
        assert phase in names


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_views_do_not_change_when_face_down_markers_are_permuted(players: int, seed: int) -> None:
    """Views are the security boundary: what lies face down must not reach any seat."""
    for name, state in positions(players, seed):
        for k in range(2):
            other = shuffled_hidden(state, k)
            for seat in [None, *range(players)]:
                assert other.view(seat) == state.view(seat), (name, seat)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_for_any_seat_offers_the_same_actions(players: int, seed: int) -> None:
    """Nobody holds anything secret in Africa, and what lies face down decides no legal move
    (a researcher never steps onto a face-down marker): a sample for any seat, not only the
    seat to act, offers the seat to act the same actions."""
    for name, state in positions(players, seed):
        for seat in range(players):
            sample = state.sample_hidden(seat, random.Random(seat))
            assert sample.legal_actions() == state.legal_actions(), (name, seat)


def test_a_sample_redeals_the_face_down_markers() -> None:
    state = positions(2, 0)[2][1]
    samples = [state.sample_hidden(0, random.Random(k)) for k in range(5)]
    hidden = [h for h, d in enumerate(state.down) if d]
    assert any([s.marker[h] for h in hidden] != [state.marker[h] for h in hidden] for s in samples)
    for sample in samples:
        assert sorted(sample.marker) == sorted(state.marker)
        assert sample.down == state.down
        for h, d in enumerate(state.down):
            if not d:
                assert sample.marker[h] == state.marker[h]


def test_views_show_face_down_markers_as_unknown() -> None:
    for name, state in all_positions():
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            for h, cell in enumerate(view["board"]):
                if state.down[h]:
                    assert cell["marker"] == FACE_DOWN, name
            assert sum(view["face_down"].values()) == sum(state.down)


def test_the_face_down_counts_are_the_public_remainder() -> None:
    for _, state in all_positions():
        counts = [0] * state.data.num_types
        for h, d in enumerate(state.down):
            if d:
                counts[state.marker[h]] += 1
        assert unseen_counts(state) == counts


def test_the_log_names_only_markers_that_are_face_up_or_taken() -> None:
    """Every event that names a marker is written when that marker is visible."""
    state = table.new(3, 4)
    rng = random.Random(4)
    seen = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        for event in state.events[seen:]:
            where = event["args"].get("hex")
            if where is not None and "marker" in event["args"]:
                assert not state.down[state.data.hex(where)], event
        seen = state.log_size
    assert all("marker" not in e["args"] for e in table.new(3, 4).events)
