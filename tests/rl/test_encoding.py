"""Observations and masks (terra.rl.encoding, docs/rl.md): a fixed float32 layout per game,
the mask equal to the legal actions, and nothing a seat cannot see in its observation."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import terra
from terra.core.errors import TerraError
from terra.core.state import GameState
from terra.rl.encoding import Encoding
from tests.rl.setups import IDS, SETUPS, Setup
from tests.walks import variants

PLAYERS = (2, 3)
POSITIONS = 12  # positions judged along each random game
REDEALS = 2  # redeals of what a seat cannot see, per position and seat


def positions(setup: Setup, players: int, seed: int) -> list[GameState]:
    """Copies of evenly spaced positions of a random game (its end included)."""
    state = terra.game(setup.game).new(players=players, seed=seed, options=setup.options)
    rng = random.Random(seed)
    seen = [state.clone()]
    cap = setup.max_steps or 3000
    while not state.is_over and len(state.history) < cap:
        state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    step = max(1, len(seen) // POSITIONS)
    return [*seen[::step], seen[-1]]


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
@pytest.mark.parametrize("players", PLAYERS)
class TestObservation:
    def test_every_observation_has_the_layout_s_length_and_float32(
        self, setup: Setup, players: int
    ) -> None:
        encoding = Encoding.of(setup.game, players, setup.options)
        assert len(set(encoding.names)) == encoding.size
        for state in positions(setup, players, seed=1):
            for seat in range(players):
                observation = encoding.observe(state, seat)
                assert observation.dtype == np.float32
                assert observation.shape == (encoding.size,)
                assert np.isfinite(observation).all()
                assert encoding.unencoded(observation) == []

    def test_the_mask_is_the_legal_actions(self, setup: Setup, players: int) -> None:
        encoding = Encoding.of(setup.game, players, setup.options)
        for state in positions(setup, players, seed=2):
            mask = encoding.mask(state)
            assert mask.shape == (encoding.num_actions,)
            assert mask.dtype == np.int8
            legal = [] if state.is_over else sorted(state.legal_actions())
            assert np.flatnonzero(mask).tolist() == legal

    def test_a_redeal_of_what_a_seat_cannot_see_leaves_its_observation(
        self, setup: Setup, players: int
    ) -> None:
        encoding = Encoding.of(setup.game, players, setup.options)
        for index, state in enumerate(positions(setup, players, seed=3)):
            if state.is_over:
                continue
            for seat in range(players):
                seen = encoding.observe(state, seat)
                for k in range(REDEALS):
                    sample = state.sample_hidden(seat, random.Random(index * 10 + k))
                    assert np.array_equal(encoding.observe(sample, seat), seen)


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_observations_follow_the_game_and_differ_between_seats(setup: Setup) -> None:
    """An encoding that wrote constants would pass the tests above: this one would not."""
    encoding = Encoding.of(setup.game, 2, setup.options)
    states = positions(setup, 2, seed=4)
    first = [encoding.observe(states[0], seat) for seat in (0, 1)]
    assert not np.array_equal(first[0], first[1])
    assert not np.array_equal(encoding.observe(states[-1], 0), first[0])


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(TerraError, match=r"no game 'chess' \(known games: africa"):
        Encoding.of("chess", 2)


# The games' variants, and Source of the Nile's Game I (its setup above is Game II).
VARIANTS: list[tuple[str, dict[str, Any]]] = [("nile", {})] + [
    (game.id, variant)
    for game in terra.games()
    for variant in variants(game)
    if game.id != "nile" or variant.get("game") != 2  # Game II is the setup above
]


@pytest.mark.parametrize(
    ("game_id", "variant"), VARIANTS, ids=[f"{g}-{'-'.join(v) or 'default'}" for g, v in VARIANTS]
)
def test_every_variant_and_the_most_players_keep_the_layout(
    game_id: str, variant: dict[str, Any]
) -> None:
    game = terra.game(game_id)
    setup = Setup(game_id, options=variant, max_steps=600)
    for players in (game.min_players, game.max_players):
        encoding = Encoding.of(game_id, players, variant)
        for state in positions(setup, players, seed=players)[::3]:
            for seat in range(players):
                observation = encoding.observe(state, seat)
                assert observation.shape == (encoding.size,)
                assert encoding.unencoded(observation) == []


TO_ACT = {"nile": "player=+0"}  # where each view says whose turn it is, as the observer's


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_each_seat_reads_in_its_observation_whether_it_is_to_act(setup: Setup) -> None:
    encoding = Encoding.of(setup.game, 3, setup.options)
    slot = encoding.names.index(TO_ACT.get(setup.game, "turn.player=+0"))
    for state in positions(setup, 3, seed=5)[:-1]:
        for seat in range(3):
            to_act = encoding.observe(state, seat)[slot] == 1.0
            assert to_act == (state.current_player == seat)
