"""What search and a server pay per call: clone, legal actions, sample_hidden and view.

Run ``python bench/search_costs.py [--games africana,...] [--seeds 20] [--calls 500] [--json]``.

For each registered game (or those named) and each of its smallest and largest player counts,
``--seeds`` seeded random games are played; in the longest of them the position at its middle
and the last decision before its end are measured: the mean microseconds of ``clone()``,
``legal_actions()`` computed afresh (the cache dropped before each call), ``sample_hidden()``
for the seat to act and ``view()`` for the seat to act. A search bot calls the first three
once per simulation and a server calls ``view`` for every seat after every move, so none of
them may grow with the length of the game. The targets are printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import terra
from playouts import games_named
from terra.core.state import GameState

# The targets, in microseconds.
TARGETS = {"clone": 5.0, "sample_hidden": 100.0, "view": 300.0}


@dataclass(frozen=True)
class Point:
    """The costs at one position of one game."""

    game: str
    players: int
    where: str  # "middle" or "end"
    action: int  # actions played to reach the position
    length: int  # actions in the whole game
    clone: float
    legal_actions: float
    sample_hidden: float
    view: float

    def misses(self) -> list[str]:
        """The calls above their target."""
        return [name for name, target in TARGETS.items() if getattr(self, name) > target]


def random_game(game_id: str, players: int, seed: int) -> list[int]:
    """The actions of a seeded random game, to its end."""
    state = terra.game(game_id).new(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.history


def position(game_id: str, players: int, seed: int, actions: list[int]) -> GameState:
    state = terra.game(game_id).new(players, seed)
    for action in actions:
        state.apply(action)
    return state


REPEATS = 5  # the best of several means, as timeit does: others' load only adds time


def mean_us(call: Callable[[], object], calls: int) -> float:
    """Mean microseconds of ``call`` over ``calls`` calls, the best of ``REPEATS`` rounds."""
    call()
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        for _ in range(calls):
            call()
        best = min(best, time.perf_counter() - started)
    return best * 1e6 / calls


def measure(game_id: str, players: int, seeds: int, calls: int) -> list[Point]:
    """The middle and the end of the longest of ``seeds`` seeded random games."""
    length, seed, history = max(
        (len(h), s, h) for s in range(seeds) for h in [random_game(game_id, players, s)]
    )
    points = []
    for where, at in (("middle", length // 2), ("end", length - 1)):
        state = position(game_id, players, seed, history[:at])
        seat = state.current_player
        assert seat is not None
        rng = random.Random(seed)

        def fresh_legal(state: GameState = state) -> object:
            state._forget_legal()
            return state.legal_actions()

        def sample(state: GameState = state, seat: int = seat, rng: random.Random = rng) -> object:
            return state.sample_hidden(seat, rng)

        def view(state: GameState = state, seat: int = seat) -> object:
            return state.view(seat)

        points.append(
            Point(
                game=game_id,
                players=players,
                where=where,
                action=at,
                length=length,
                clone=mean_us(state.clone, calls),
                legal_actions=mean_us(fresh_legal, calls),
                sample_hidden=mean_us(sample, calls),
                view=mean_us(view, calls),
            )
        )
    return points


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--seeds", type=int, default=20, help="random games per configuration")
    parser.add_argument("--calls", type=int, default=500, help="calls timed per figure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        chosen = games_named(args.games)
    except terra.TerraError as error:
        print(f"search_costs: {error}", file=sys.stderr)
        return 2
    points = [
        point
        for game in chosen
        for players in sorted({game.min_players, game.max_players})
        for point in measure(game.id, players, args.seeds, args.calls)
    ]
    if args.json:
        report: dict[str, Any] = {
            "python": platform.python_version(),
            "targets_us": TARGETS,
            "points": [asdict(p) | {"misses": p.misses()} for p in points],
        }
        print(json.dumps(report, indent=1))
        return 0
    print(
        f"Mean microseconds per call, longest of {args.seeds} random games, "
        f"Python {platform.python_version()}"
    )
    targets = ", ".join(f"{name} <= {us:g}" for name, us in TARGETS.items())
    print(f"targets: {targets}")
    header = f"{'game':<12}{'p':>2} {'where':<7}{'action':>8}{'clone':>8}{'legal':>8}"
    print(header + f"{'sample':>9}{'view':>8}  misses")
    for p in points:
        print(
            f"{p.game:<12}{p.players:>2} {p.where:<7}{p.action:>8}{p.clone:>8.1f}"
            f"{p.legal_actions:>8.1f}{p.sample_hidden:>9.1f}{p.view:>8.1f}  "
            f"{', '.join(p.misses()) or '-'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
