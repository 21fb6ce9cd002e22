"""Bot thinking time: milliseconds per decision of every bot, by game and player count.

Run ``python bench/bots.py [GAME ...] [--games N] [--players 2,3] [--bots greedy] [--json]``.
For each game (default: every registered one), bot and player count, ``--games`` seeded
self-play games are played (every seat played by that bot, seeds ``--seed``, ``--seed + 1``,
...), and every call to the bot's ``choose()`` is timed. The report gives decisions, mean, p99
and max milliseconds per decision. The legal actions are computed before the clock starts, so
the figures are the bot's own work. Timings depend on the machine and its load: this prints,
it never asserts.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from dataclasses import dataclass
from typing import Any

import terra
from terra.ai import bot_names, make_bot
from terra.ai.bots import SEARCH_BOTS
from terra.core.registry import games as registered_games
from terra.sim import bot_seeds


@dataclass(frozen=True)
class Timing:
    """Decision times of one bot in self-play games of one configuration."""

    game: str
    bot: str
    players: int
    games: int
    times: tuple[float, ...]  # seconds per decision

    @property
    def decisions(self) -> int:
        return len(self.times)

    @property
    def mean_ms(self) -> float:
        return 1e3 * sum(self.times) / len(self.times) if self.times else math.nan

    @property
    def p99_ms(self) -> float:
        """The 99th percentile (nearest rank)."""
        if not self.times:
            return math.nan
        ordered = sorted(self.times)
        return 1e3 * ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]

    @property
    def max_ms(self) -> float:
        return 1e3 * max(self.times) if self.times else math.nan

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "game": self.game,
            "bot": self.bot,
            "players": self.players,
            "games": self.games,
            "decisions": self.decisions,
            "mean_ms": round(self.mean_ms, 4),
            "p99_ms": round(self.p99_ms, 4),
            "max_ms": round(self.max_ms, 4),
        }


def time_bot(game_id: str, bot: str, players: int, games: int, seed: int) -> Timing:
    """Self-play ``games`` games of ``game_id`` with ``bot`` in every seat, timing each choice."""
    game = terra.game(game_id)
    clock = time.perf_counter
    times: list[float] = []
    for index in range(games):
        state = game.new(players, seed + index)
        agents = [make_bot(bot, s) for s in bot_seeds(seed + index, players)]
        while not state.is_over:
            agent = agents[state.current_player or 0]
            state.legal_actions()
            started = clock()
            action = agent.choose(state)
            times.append(clock() - started)
            state.apply(action)
    return Timing(game_id, bot, players, games, tuple(times))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument(
        "--games", "-n", type=int, default=10, help="games per configuration (default 10)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--players", default="", help="comma-separated player counts (default: all the game allows)"
    )
    parser.add_argument(
        "--bots", default="", help="comma-separated bot names (default: all but the search bots)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report; returns the exit code."""
    args = parse_args(argv)
    try:
        chosen = [terra.game(g) for g in args.game] or registered_games()
        bots = _names(args.bots) or [b for b in bot_names() if b not in SEARCH_BOTS]
        for bot in bots:
            make_bot(bot)
    except terra.TerraError as error:
        print(f"bots: {error}", file=sys.stderr)
        return 2
    try:
        counts = [int(p) for p in _names(args.players)]
    except ValueError:
        print(
            f"bots: --players takes player counts such as 2,3, not {args.players!r}",
            file=sys.stderr,
        )
        return 2
    if args.games < 1:
        print("bots: --games must be at least 1", file=sys.stderr)
        return 2
    timings = [
        time_bot(game.id, bot, players, args.games, args.seed)
        for game in chosen
        for bot in bots
        for players in range(game.min_players, game.max_players + 1)
        if not counts or players in counts
    ]
    if not timings:
        print(f"bots: no chosen game is for {args.players} players", file=sys.stderr)
        return 2
    if args.json:
        report = {
            "python": platform.python_version(),
            "games_per_configuration": args.games,
            "seed": args.seed,
            "timings": [t.to_dict() for t in timings],
        }
        print(json.dumps(report, indent=1))
        return 0
    print(
        f"Bot decision times: {args.games} seeded self-play games per configuration, "
        f"Python {platform.python_version()}"
    )
    header = (
        f"{'game':<12}{'bot':<10}{'players':>8}{'decisions':>11}"
        f"{'mean ms':>10}{'p99 ms':>10}{'max ms':>10}"
    )
    print(header)
    for t in timings:
        print(
            f"{t.game:<12}{t.bot:<10}{t.players:>8}{t.decisions:>11}"
            f"{t.mean_ms:>10.4f}{t.p99_ms:>10.4f}{t.max_ms:>10.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
