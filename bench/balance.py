"""Balance of a game's data: the same bot in every seat, seat win rates and game length.

    python bench/balance.py                                # africana, 2-4 players, greedy
    python bench/balance.py --games 1000 --data my/data    # your own data files
    python bench/balance.py --players 3 --json
    python bench/balance.py --game africa -o simple=true   # a game and its variant options

With identical players in every seat, a balanced game gives each seat about 1/n of the wins;
the standard error printed beside each rate says how far chance alone moves it. This is the
measurement behind the tuning noted in the provenance of the shipped provisional data.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

import terra
from terra.cli.options import parse_options
from terra.core.record import Record
from terra.sim import run_games


def measure(
    game: str,
    players: int,
    *,
    games: int,
    bot: str,
    seed: int,
    workers: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    """Play ``games`` games with ``bot`` in every seat and summarise the balance."""
    summary = run_games(
        game, players, [bot], games, seed, workers=workers, options=options, keep_records=True
    )
    done = [r for r in summary.results if r.ok and r.record is not None]
    rates = [wins / summary.completed for wins in summary.seat_wins]
    fair = 1 / players
    error = math.sqrt(fair * (1 - fair) / summary.completed) if summary.completed else math.nan
    records = [r.record for r in done if r.record is not None]
    turns = [_turns(record) / players for record in records]
    breakdown = _mean_breakdown(records)
    return {
        "game": game,
        "players": players,
        "games": summary.games,
        "completed": summary.completed,
        "errors": summary.errors,
        "seat_win_rates": [round(r, 4) for r in rates],
        "standard_error": round(error, 4),
        "spread": round(max(rates) - min(rates), 4),
        "mean_turns_per_player": round(statistics.mean(turns), 2) if turns else None,
        "mean_scores": [None if s is None else round(s, 2) for s in summary.mean_scores],
        "mean_breakdown": breakdown,
    }


def _turns(record: Record) -> int:
    """Turns in a game: runs of consecutive decisions by the same seat (any game)."""
    state = terra.game(record.game).new(record.players, record.seed, dict(record.options))
    turns = 0
    seat = None
    for text in record.actions:
        if state.current_player != seat:
            seat = state.current_player
            turns += 1
        state.apply(state.parse_action(text))
    return turns


def _mean_breakdown(records: list[Record]) -> dict[str, float]:
    """The mean score breakdown per seat (replaying the records; only for games that have one)."""
    totals: dict[str, float] = {}
    seats = 0
    for record in records:
        for parts in terra.replay(record).score_breakdown():
            seats += 1
            for key, value in parts.items():
                totals[key] = totals.get(key, 0.0) + value
    return {key: round(value / seats, 2) for key, value in totals.items()} if seats else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="africana")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=0, help="0: one process per CPU")
    parser.add_argument("--data", help="directory with your own data files")
    parser.add_argument(
        "--option", "-o", action="append", help="a game option as NAME=VALUE, repeatable"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per player count")
    args = parser.parse_args(argv)
    game = terra.game(args.game)
    counts = args.players or range(game.min_players, game.max_players + 1)
    options = parse_options(args.option, Path(args.data) if args.data else None)
    for players in counts:
        result = measure(
            args.game,
            players,
            games=args.games,
            bot=args.bot,
            seed=args.seed,
            workers=args.workers,
            options=options,
        )
        if args.json:
            print(json.dumps(result))
            continue
        rates = " / ".join(f"{100 * r:.1f}" for r in result["seat_win_rates"])
        print(
            f"{args.game} {players}p, {result['completed']} games ({result['errors']} errors): "
            f"seat wins % {rates} (±{100 * result['standard_error']:.1f} standard error), "
            f"spread {100 * result['spread']:.1f} points; "
            f"{result['mean_turns_per_player']} turns per player"
        )
        print(f"  mean score breakdown per seat: {result['mean_breakdown']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
