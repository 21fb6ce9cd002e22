"""Long seeded games: no marker or base camp is ever created or lost, and every game ends.

Random games (a few hundred to a few thousand actions) reach corners no hand-written test
thinks of; greedy games check the same on play that looks like a real game. The invariants are
checked after every action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from terra.games.africa import AfricaState
from terra.games.africa.bots import greedy_action
from terra.games.africa.components import MONUMENT
from tests.games.africa import table

MARKERS = 96  # Africa, Contents: 96 discovery markers
MAX_ACTIONS = 50_000  # far above any real game: reaching it means the game does not end

Chooser = Callable[[AfricaState], int]


def camps_total(state: AfricaState) -> int:
    return state.supply + sum(state.camps) + sum(1 for c in state.camp if c >= 0)


def check(state: AfricaState, camps: int, track: list[int]) -> None:
    """Every marker is face down on the board, face up on the board or in front of a player,
    type by type; base camps are conserved and never negative; scores never fall; researchers
    stand on distinct spaces without face-down markers; monuments found match the board."""
    data = state.data
    counts = [0] * data.num_types
    for m in state.marker:
        if m >= 0:
            counts[m] += 1
    for hand in state.hand:
        for t, n in enumerate(hand):
            assert n >= 0
            counts[t] += n
    assert counts == list(data.count)
    assert sum(counts) == MARKERS
    assert state.supply >= 0 and min(state.camps) >= 0
    assert camps_total(state) == camps
    assert all(a >= b for a, b in zip(state.track, track, strict=True))
    placed = [h for h in state.loc if h >= 0]
    assert len(set(placed)) == len(placed)
    assert not any(state.down[h] for h in placed)
    for h, c in enumerate(state.camp):
        assert c < 0 or state.marker[h] < 0, "a camp shares its space with a marker"
    for h, d in enumerate(state.down):
        assert not d or state.marker[h] >= 0
    face_up_monuments = sum(
        1
        for h, m in enumerate(state.marker)
        if m >= 0 and not state.down[h] and data.category[m] == MONUMENT
    )
    assert face_up_monuments == state.found


def play_checked(state: AfricaState, choose: Chooser) -> int:
    """Play to the end with ``choose``, checking after every action; returns the actions."""
    camps = camps_total(state)
    assert camps == state.supply + 2 * state.num_players
    for count in range(1, MAX_ACTIONS + 1):
        track = state.track[:]
        state.apply(choose(state))
        check(state, camps, track)
        if state.is_over:
            assert state.found == state.last_monument
            assert 0 <= state.bonus < state.num_players
            parts = state.score_breakdown()
            assert state.scores() == [p["total"] for p in parts]
            for p in parts:
                assert p["total"] == sum(v for k, v in p.items() if k != "total")
            assert state.winners()
            return count
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def random_chooser(seed: int) -> Chooser:
    choice = random.Random(seed).choice
    return lambda state: choice(state.legal_actions())


def greedy_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state: greedy_action(state, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_end(players: int) -> None:
    for seed in range(8):
        try:
            play_checked(table.new(players, seed), random_chooser(seed))
        except AssertionError as error:
            raise AssertionError(f"{players} players, seed {seed}: {error}") from error


@pytest.mark.parametrize("options", [{"simple": True}, {"two_player": False}])
def test_variant_games_keep_every_invariant_and_end(options: dict[str, bool]) -> None:
    for seed in range(4):
        play_checked(table.new(2, seed, **options), random_chooser(seed))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_games_keep_every_invariant_and_end(players: int) -> None:
    for seed in range(2):
        play_checked(table.new(players, seed), greedy_chooser(seed))


def test_the_checks_notice_a_lost_marker() -> None:
    state = table.started(2, 0)
    table.clear(state, "C5")
    with pytest.raises(AssertionError):
        check(state, camps_total(state), state.track)
