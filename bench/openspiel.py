"""Terra's ``ismcts`` beside OpenSpiel's ``ISMCTSBot`` on the games registered in OpenSpiel.

Run ``python bench/openspiel.py [GAME ...] [--games N] [--seconds S] [--minutes M] [--json]``.
Needs ``open_spiel`` (the ``rl`` extra).

**Match.** In each game (default: every registered one), two players: terra's ``ismcts`` with
``--seconds`` of thinking a decision (``ismcts:50ms``: a time budget, by the clock) against
OpenSpiel's own ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) with its random-rollout
evaluator (``mcts.RandomRolloutEvaluator``, one rollout to the end) and
``resample_from_infostate`` on :mod:`terra.rl.openspiel`'s games. The seats alternate from game
to game, the deals come from ``rng_seed`` = ``--seed``. ``ISMCTSBot`` counts simulations, not
time, so its count is **calibrated** first: it searches a few positions of the game (reached by
greedy play from seeded deals) with a small count, and the count it plays is ``--seconds``
divided by the mean time those simulations took (at least two: its first simulation only
evaluates the root). Each bot's own time a decision
in the match is reported beside it. A game that reaches ``--max-length`` actions is cut: it
counts as a loss for terra's bot (OpenSpiel would pay both seats 0). Terra's bot wins a game
with its return +1; a shared victory counts half. The games of one kind stop being started once
``--minutes`` of the clock have passed, and the report says how many were played.

**Playouts.** Uniformly random games, back to back for ``--playout-seconds`` of processor
time each: through the OpenSpiel wrapper (``state.legal_actions()``, ``state.apply_action()``,
``is_terminal()``) and through terra's own contract (``legal_actions()``, unchecked
``apply()``), in microseconds of processor time per action.

Timings depend on the machine and its load: this prints, it never asserts.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import terra
from terra.ai import make_bot
from terra.core.errors import TerraError
from terra.rl.openspiel import register, short_name

# Source of the Nile as Game II of 20 turns: Game I's games run to a thousand decisions and
# more, which would leave a handful of games in the time a run has.
OPTIONS: Mapping[str, Mapping[str, Any]] = {"nile": {"game": 2, "turns": 20}}
UCT_C = 2.0  # OpenSpiel's examples' constant for returns in [-1, 1]
CALIBRATION_POSITIONS = 6
CALIBRATION_SIMULATIONS = 4
# ISMCTSBot's first simulation only evaluates its root: the second is the first that tries an
# action, and a search of fewer finds no move.
LEAST_SIMULATIONS = 2


def load(game_id: str, seed: int, max_length: int) -> pyspiel.Game:
    """The game in OpenSpiel with the benchmark's settings."""
    params: dict[str, Any] = {
        **OPTIONS.get(game_id, {}),
        "rng_seed": seed,
        "max_game_length": max_length,
    }
    text = ",".join(f"{name}={value}" for name, value in params.items())
    return pyspiel.load_game(f"{short_name(game_id)}({text})")


def openspiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> Any:
    """OpenSpiel's ISMCTS bot with one random rollout to the end as its evaluator."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, UCT_C, simulations, random_state=rng)


def calibrate(game_id: str, seconds: float, seed: int, max_length: int) -> tuple[int, float]:
    """The simulations ``ISMCTSBot`` runs in ``seconds``, and the seconds one took, measured
    on positions of greedy play."""
    game = load(game_id, seed + 10_000, max_length)
    spent = 0.0
    simulations = 0
    for index in range(CALIBRATION_POSITIONS):
        state = game.new_initial_state()
        greedy = make_bot("greedy", index)
        for _ in range(10 + 20 * index):
            if state.is_terminal():
                break
            state.apply_action(greedy.choose(state.terra_state))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():
            continue
        bot = openspiel_bot(game, CALIBRATION_SIMULATIONS, seed + index)
        started = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - started
        simulations += CALIBRATION_SIMULATIONS
    per_simulation = spent / simulations
    return max(LEAST_SIMULATIONS, round(seconds / per_simulation)), per_simulation


@dataclass
class Match:
    """Terra's ``ismcts`` against OpenSpiel's ``ISMCTSBot`` in one game."""

    game: str
    seconds: float
    simulations: int
    simulation_seconds: float
    shares: list[float] = field(default_factory=list)  # terra's share of each game's victory
    cut: int = 0
    terra_times: list[float] = field(default_factory=list)
    openspiel_times: list[float] = field(default_factory=list)
    actions: int = 0

    @property
    def played(self) -> int:
        return len(self.shares)

    @property
    def won(self) -> float:
        """Terra's share of the victory over the games, in [0, 1]."""
        return sum(self.shares) / self.played if self.played else math.nan

    @property
    def margin(self) -> float:
        """One standard error of ``won``."""
        n = self.played
        if n < 2:
            return math.nan
        mean = self.won
        return math.sqrt(sum((s - mean) ** 2 for s in self.shares) / (n - 1) / n)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "game": self.game,
            "options": dict(OPTIONS.get(self.game, {})),
            "seconds_a_decision": self.seconds,
            "openspiel_simulations": self.simulations,
            "openspiel_ms_a_simulation": round(1e3 * self.simulation_seconds, 2),
            "games": self.played,
            "terra_won": round(self.won, 4),
            "standard_error": round(self.margin, 4),
            "cut_games": self.cut,
            "terra_ms_a_decision": round(1e3 * _mean(self.terra_times), 2),
            "openspiel_ms_a_decision": round(1e3 * _mean(self.openspiel_times), 2),
            "actions_a_game": round(self.actions / self.played, 1) if self.played else None,
        }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def play_match(
    game_id: str, *, games: int, seconds: float, minutes: float, seed: int, max_length: int
) -> Match:
    """Up to ``games`` games, terra's bot in seat ``i % 2`` of game ``i``, stopping once
    ``minutes`` have passed."""
    simulations, per_simulation = calibrate(game_id, seconds, seed, max_length)
    match = Match(game_id, seconds, simulations, per_simulation)
    game = load(game_id, seed, max_length)
    level = f"ismcts:{round(seconds * 1000)}ms"
    stop = time.perf_counter() + 60 * minutes
    clock = time.perf_counter
    for index in range(games):
        if clock() > stop:
            break
        terra_seat = index % 2
        ours = make_bot(level, seed + index)
        theirs = openspiel_bot(game, simulations, seed + index)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            started = clock()
            if seat == terra_seat:
                action = ours.choose(state.terra_state)
                times = match.terra_times
            else:
                action = theirs.step(state)
                times = match.openspiel_times
            if len(state.legal_actions()) > 1:  # a forced move is no decision
                times.append(clock() - started)
            state.apply_action(action)
        match.actions += len(state.history())
        position = state.terra_state
        if position.is_over:
            match.shares.append(position.victory_shares()[terra_seat])
        else:
            match.cut += 1
            match.shares.append(0.0)
        print(
            f"  {game_id} game {index + 1}: terra seat {terra_seat}, "
            f"share {match.shares[-1]:g}, {len(state.history())} actions",
            file=sys.stderr,
            flush=True,
        )
    return match


@dataclass(frozen=True)
class Playouts:
    """Random playouts of one game through OpenSpiel and through terra's contract."""

    game: str
    openspiel_us: float
    terra_us: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "openspiel_us_an_action": round(self.openspiel_us, 2),
            "terra_us_an_action": round(self.terra_us, 2),
        }


def time_playouts(game_id: str, budget: float, seed: int) -> Playouts:
    """Microseconds of processor time an action of random play, both ways, same deals."""
    game = load(game_id, seed, terra.game(game_id).length_cap)
    rng = random.Random(seed)
    actions = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    wrapped = (time.process_time() - started) * 1e6 / actions
    native = terra.game(game_id)
    options = OPTIONS.get(game_id)
    rng = random.Random(seed)
    actions = 0
    index = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        position = native.new(2, seed + index, options)
        index += 1
        while not position.is_over:
            position.apply(rng.choice(position.legal_actions()))
            actions += 1
    own = (time.process_time() - started) * 1e6 / actions
    return Playouts(game_id, wrapped, own)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", "-n", type=int, default=100, help="games per game (100)")
    parser.add_argument(
        "--seconds", type=float, default=0.05, help="thinking time a decision (0.05)"
    )
    parser.add_argument(
        "--minutes", type=float, default=60.0, help="clock time a game's match may take (60)"
    )
    parser.add_argument(
        "--max-length", type=int, default=1000, help="actions after which a game is cut (1000)"
    )
    parser.add_argument(
        "--playout-seconds", type=float, default=3.0, help="processor time a playout figure (3)"
    )
    parser.add_argument("--seed", type=int, default=0, help="rng_seed of the deals (0)")
    parser.add_argument("--no-match", action="store_true", help="time the playouts only")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report; returns the exit code."""
    args = parse_args(argv)
    register()
    try:
        chosen = [terra.game(name).id for name in args.game] or [g.id for g in terra.games()]
    except TerraError as error:
        print(f"openspiel: {error}", file=sys.stderr)
        return 2
    if args.games < 1 or args.seconds <= 0 or args.max_length < 1:
        print("openspiel: --games, --seconds and --max-length must be positive", file=sys.stderr)
        return 2
    playouts = [time_playouts(g, args.playout_seconds, args.seed) for g in chosen]
    matches = (
        []
        if args.no_match
        else [
            play_match(
                g,
                games=args.games,
                seconds=args.seconds,
                minutes=args.minutes,
                seed=args.seed,
                max_length=args.max_length,
            )
            for g in chosen
        ]
    )
    if args.json:
        report = {
            "python": platform.python_version(),
            "open_spiel": pyspiel.__version__ if hasattr(pyspiel, "__version__") else None,
            "playouts": [p.to_dict() for p in playouts],
            "matches": [m.to_dict() for m in matches],
        }
        print(json.dumps(report, indent=1))
        return 0
    print(f"Random playouts, µs of processor time an action, Python {platform.python_version()}")
    print(f"{'game':<12}{'OpenSpiel':>11}{'terra':>9}")
    for p in playouts:
        print(f"{p.game:<12}{p.openspiel_us:>11.1f}{p.terra_us:>9.1f}")
    if matches:
        print(f"\nterra ismcts against OpenSpiel ISMCTSBot, {args.seconds:g} s a decision")
        print(
            f"{'game':<12}{'games':>6}{'terra won':>11}{'± se':>7}{'cut':>5}"
            f"{'sims':>6}{'terra ms':>10}{'OpenSpiel ms':>14}"
        )
        for m in matches:
            print(
                f"{m.game:<12}{m.played:>6}{100 * m.won:>10.1f}%{100 * m.margin:>6.1f}%"
                f"{m.cut:>5}{m.simulations:>6}{1e3 * _mean(m.terra_times):>10.1f}"
                f"{1e3 * _mean(m.openspiel_times):>14.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
