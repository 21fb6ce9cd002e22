"""Seeded play for tests of any game: random walks, a game's variants, and the positions of
whole seeded games that the contract suite (``tests/core``) judges in every registered game."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import terra
from terra.core.game import Game
from terra.core.state import GameState

POSITIONS_PER_GAME = 25  # evenly spaced positions taken from each whole game
GREEDY_DECISIONS_PER_GAME = 25  # evenly spaced decisions of the greedy seat in each game

Policy = Callable[[GameState, random.Random], int]


def random_actions(state: GameState, count: int, seed: int) -> list[int]:
    """Play up to ``count`` random actions on ``state`` (unchecked); returns them."""
    rng = random.Random(seed)
    taken: list[int] = []
    while not state.is_over and len(taken) < count:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        taken.append(action)
    return taken


def variants(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's variants: each yes-or-no option set against its default, then all of them
    at once, and each other choice of an option with choices (Source of the Nile's Game II). A
    game declares a variant as an option, and the contract suite plays it."""
    flips = [{option.name: not option.default} for option in game.options if option.kind is bool]
    if len(flips) > 1:
        flips.append({name: value for flip in flips for name, value in flip.items()})
    choices = [
        {option.name: choice}
        for option in game.options
        if option.choices is not None
        for choice in option.choices
        if choice != option.default
    ]
    return flips + choices


def two_seats(game: Game[Any]) -> int:
    """Two players, or the nearest count the game allows."""
    return min(max(2, game.min_players), game.max_players)


def random_policy(state: GameState, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def greedy_policy(state: GameState, rng: random.Random) -> int:
    return state.game.evaluator().greedy_action(state, rng)


def kinds_on_offer(state: GameState) -> frozenset[int]:
    """The kinds of action the seat to act may take: which decision of a turn this is."""
    kind = state.tables.kind
    return frozenset(kind[action] for action in state.legal_actions())


def picked_positions(
    game_id: str,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    policies: tuple[Policy, ...] = (random_policy,),
    picks: Callable[[GameState], bool] = lambda state: True,
    count: int = POSITIONS_PER_GAME,
) -> list[GameState]:
    """Copies of positions of one seeded game played to its end, ``policies[seat]`` choosing
    for each seat (the last policy for the seats after): about ``count`` of the positions
    that ``picks``, evenly spaced, the first of them that offers a new set of kinds of action
    (a decision that play seldom reaches is taken at least once), and the end."""
    game = terra.game(game_id)
    state = game.new(players, seed, options)
    rng = random.Random(seed)
    eligible: list[int] = []
    firsts: list[int] = []
    offered: set[frozenset[int]] = set()
    depth = 0
    while not state.is_over:
        if picks(state):
            kinds = kinds_on_offer(state)
            if kinds not in offered:
                offered.add(kinds)
                firsts.append(len(eligible))
            eligible.append(depth)
        seat = state.current_player
        assert seat is not None
        state.apply(policies[min(seat, len(policies) - 1)](state, rng))
        depth += 1
    step = max(1, len(eligible) // count)
    wanted = {eligible[i] for i in range(0, len(eligible), step)}
    wanted |= {eligible[i] for i in firsts}
    wanted.add(depth)
    replayed = game.new(players, seed, options)
    found = []
    for depth, action in enumerate([*state.history, None]):
        if depth in wanted:
            found.append(replayed.clone())
        if action is not None:
            replayed.apply(action)
    assert replayed == state
    return found


@cache
def judged_positions(game_id: str) -> tuple[GameState, ...]:
    """Positions of whole seeded games of ``game_id`` for the checks that look at each one
    closely: random games at the smallest and largest player counts, and greedy games (which
    reach what random players seldom do) with two players under the default options and every
    variant, and with the most players. Each game gives positions evenly spaced, the first of
    every decision it offers, and its end. Shared: tests must not change them (clone first)."""
    game = terra.game(game_id)
    found: list[GameState] = []
    for players in sorted({game.min_players, game.max_players}):
        found += picked_positions(game_id, players, seed=1)
    for seed, options in enumerate([{}, *variants(game)], start=2):
        found += picked_positions(
            game_id, two_seats(game), seed, options=options, policies=(greedy_policy,)
        )
    found += picked_positions(game_id, game.max_players, seed=9, policies=(greedy_policy,))
    return tuple(found)


@cache
def greedy_decisions(game_id: str) -> tuple[GameState, ...]:
    """Positions where the greedy player is to act: decisions of seat 0, greedy, against
    random players, with two players under the default options and every variant, with the
    most players and the fewest; and positions of random games (odd corners that greedy play
    does not make for itself), whoever is to act. Shared: tests must not change them."""
    game = terra.game(game_id)
    found: list[GameState] = []
    counts = sorted({game.min_players, two_seats(game), game.max_players})
    configurations: list[tuple[int, dict[str, Any]]] = [(players, {}) for players in counts]
    configurations += [(two_seats(game), options) for options in variants(game)]
    for seed, (players, options) in enumerate(configurations):
        found += picked_positions(
            game_id,
            players,
            seed,
            options=options,
            policies=(greedy_policy, random_policy),
            picks=lambda state: state.current_player == 0,
            count=GREEDY_DECISIONS_PER_GAME,
        )[:-1]  # the end is no decision
    for players in sorted({game.min_players, game.max_players}):
        found += picked_positions(game_id, players, seed=4)[:-1][::4]
    return tuple(found)
