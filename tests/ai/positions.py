"""Positions of every registered game for the search tests: decisions taken from seeded games
between greedy and random players, and finished games."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import terra
from terra.core.state import GameState

PER_GAME = 5  # decisions kept from each game


@cache
def choices(game_id: str, players: int) -> tuple[GameState, ...]:
    """Every decision with a choice of a seeded game: seat 0 greedy, others random (so that odd
    corners show up too)."""
    game = terra.game(game_id)
    state = game.new(players, 11)
    rng = random.Random(11)
    seen: list[GameState] = []
    while not state.is_over:
        seat = state.current_player
        if len(state.legal_actions()) > 1:
            seen.append(state.clone())
        if seat == 0:
            state.apply(game.evaluator().greedy_action(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return tuple(seen)


@cache
def decisions(game_id: str, players: int) -> tuple[GameState, ...]:
    """Evenly spaced decisions of :func:`choices`."""
    seen = choices(game_id, players)
    step = max(1, len(seen) // PER_GAME)
    return seen[step // 2 :: step][:PER_GAME]


def weighed(game_id: str, players: int) -> GameState:
    """The last of :func:`decisions` where a search weighs several actions at its root
    (``Evaluator.search_actions``: not where the game leaves the move to its heuristic); if none
    does, the last of such decisions of the whole game spaced as :func:`decisions` are."""
    weighing = [
        s for s in decisions(game_id, players) if len(s.game.evaluator().search_actions(s)) > 1
    ]
    if not weighing:
        every = [
            s for s in choices(game_id, players) if len(s.game.evaluator().search_actions(s)) > 1
        ]
        step = max(1, len(every) // PER_GAME)
        weighing = list(every[step // 2 :: step][:PER_GAME])
    return weighing[-1]


@cache
def finished(game_id: str, players: int, seed: int) -> GameState:
    """A greedy self-play game played to its end."""
    game = terra.game(game_id)
    state = game.new(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(game.evaluator().greedy_action(state, rng))
    return state


def player_counts(game: terra.Game[Any]) -> tuple[int, ...]:
    """The smallest game with rivals and the largest."""
    smallest = max(2, game.min_players)
    return tuple(sorted({smallest, game.max_players}))
