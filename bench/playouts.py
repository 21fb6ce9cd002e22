"""Random playouts: raw engine speed of every registered game, beside an OpenSpiel reference.

Run ``python bench/playouts.py [--seconds X] [--games africana,...] [--json]``. For each game
and player count, random games are played back to back for ``--seconds`` and the report gives
microseconds per action and games per second. When ``open_spiel`` is installed (the ``bench``
extra), two of OpenSpiel's games are timed the same way, with the same budget, as yardsticks:
its C++ ``backgammon`` driven from Python (the target: no game of ours costs more per action)
and its pure-Python ``python_block_dominoes``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

import terra
from terra.core.game import Game
from terra.core.registry import games as registered_games
from terra.core.state import GameState

# The yardsticks: C++ backgammon through pybind11 (the target), and a pure-Python game.
OPENSPIEL_GAMES = ("backgammon", "python_block_dominoes")


@dataclass(frozen=True)
class Measure:
    """Playouts of one configuration within the time budget."""

    name: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def us_per_action(self) -> float:
        """Microseconds per action, game setup included."""
        return self.seconds * 1e6 / self.actions if self.actions else float("nan")

    @property
    def games_per_second(self) -> float:
        """Whole random games per second."""
        return self.games / self.seconds if self.seconds else float("nan")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            **asdict(self),
            "us_per_action": round(self.us_per_action, 3),
            "games_per_second": round(self.games_per_second, 2),
        }

    def __add__(self, other: Measure) -> Measure:
        """Both measures of one configuration together."""
        return Measure(
            self.name,
            self.players,
            self.games + other.games,
            self.actions + other.actions,
            self.seconds + other.seconds,
        )


def measure_terra(
    game_id: str,
    players: int,
    budget: float,
    first: int = 0,
    options: dict[str, str] | None = None,
) -> Measure:
    """Random playouts of a Terra game with ``options``, from seed ``first`` on, for ``budget``
    seconds."""
    game = terra.game(game_id)
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state = game.new(players, seed=first + games, options=options)
        rng = random.Random(first + games)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        actions += len(state.history)
        games += 1
    name = " ".join([game_id, *(f"{k}={v}" for k, v in sorted((options or {}).items()))])
    return Measure(name, players, games, actions, time.process_time() - started)


def openspiel_available() -> bool:
    """Whether ``open_spiel`` can be imported."""
    return importlib.util.find_spec("pyspiel") is not None


def measure_openspiel(name: str, budget: float, first: int = 0) -> Measure:
    """Random playouts of OpenSpiel's game ``name``, from seed ``first`` on, for ``budget``
    seconds, chance included."""
    import open_spiel.python.games.block_dominoes  # noqa: F401, PLC0415 - registers the game
    import pyspiel  # noqa: PLC0415 - optional dependency

    game = pyspiel.load_game(name)
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state = game.new_initial_state()
        rng = random.Random(first + games)
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        games += 1
    players = game.num_players()
    return Measure(name, players, games, actions, time.process_time() - started)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="time budget per configuration (default 2)"
    )
    parser.add_argument(
        "--games", default="", help="comma-separated game ids (default: every registered game)"
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds sharing the budget (default 5)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option for every game chosen, repeatable (e.g. --games nile --option game=2)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def games_named(names: str) -> list[Game[GameState]]:
    """The games named in ``names`` (comma-separated ids), or every registered game."""
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    return [terra.game(name) for name in wanted] if wanted else registered_games()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report; returns the exit code."""
    args = parse_args(argv)
    options = dict(option.partition("=")[::2] for option in args.option)
    try:
        chosen = games_named(args.games)
        for game in chosen:
            game.resolve_options(options)
    except terra.TerraError as error:
        print(f"playouts: {error}", file=sys.stderr)
        return 2
    configurations = [
        (game.id, players)
        for game in chosen
        for players in range(game.min_players, game.max_players + 1)
    ]
    if openspiel_available():
        configurations += [(name, 0) for name in OPENSPIEL_GAMES]
    totals: dict[tuple[str, int], Measure] = {}
    for _ in range(args.rounds):  # interleaved, so that a slow spell of the machine is shared
        for name, players in configurations:
            done = totals.get((name, players))
            first = done.games if done else 0
            slice_ = args.seconds / args.rounds
            measure = (
                measure_terra(name, players, slice_, first, options)
                if players
                else measure_openspiel(name, slice_, first)
            )
            totals[name, players] = measure if done is None else done + measure
    ours = [totals[c] for c in configurations if c[1]]
    references = [totals[c] for c in configurations if not c[1]]
    if args.json:
        report = {
            "python": platform.python_version(),
            "seconds_per_configuration": args.seconds,
            "terra": [m.to_dict() for m in ours],
            "openspiel": [r.to_dict() for r in references],
            "ratio": {
                r.name: {
                    f"{m.name}/{m.players}p": round(r.us_per_action / m.us_per_action, 2)
                    for m in ours
                }
                for r in references
            },
        }
        print(json.dumps(report, indent=1))
        return 0
    print(f"Random playouts, {args.seconds:g} s each, Python {platform.python_version()}")
    print(f"{'game':<24}{'players':>8}{'games':>9}{'actions':>11}{'us/action':>11}{'games/s':>10}")
    for m in [*ours, *references]:
        print(
            f"{m.name:<24}{m.players:>8}{m.games:>9}{m.actions:>11}"
            f"{m.us_per_action:>11.2f}{m.games_per_second:>10.1f}"
        )
    if not references:
        print("open_spiel is not installed: no reference (pip install 'terra-incognita[bench]')")
    for r in references:
        slower = [f"{m.name} {m.players}p" for m in ours if m.us_per_action > r.us_per_action]
        verdict = (
            "every game costs less per action" if not slower else "costlier: " + ", ".join(slower)
        )
        print(f"against OpenSpiel's {r.name} ({r.us_per_action:.2f} us/action): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
