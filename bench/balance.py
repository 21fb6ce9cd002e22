"""Balance extras: what the finished games of one bot in every seat show beyond seat wins.

The user command for seat balance, scores and game lengths is ``terra tournament`` (one bot
alone plays every seat; ``--report`` draws them):

    terra tournament africana --bots greedy -p 3 -n 400 --report balance.html

This script keeps what the tournament does not measure, read from the finished games: the
mean score breakdown, and four game-agnostic extras (a final view's numeric field, event
counts per game, the values an event argument takes, win rates by a seat's trait):

    python bench/balance.py --game nile --players 2 --games 40 \
        --view-mean round --count-events explorer-died --count-events sailed-for-africa \
        --tally game-over.reason --seat-trait 'explorers.{seat}.specialty'
    python bench/balance.py --game africa -o simple=true --json

It prints the seat win rates beside them (with the standard error of the fair share), so that
a run of extras still shows the balance it was measured on."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import terra
from terra.cli.options import parse_options
from terra.core.record import Record
from terra.core.state import GameState
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
    extras: Extras | None = None,
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
    finals = [terra.replay(record) for record in records]
    breakdown = _mean_breakdown(finals)
    found = {
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
    if extras is not None:
        found.update(extras.measure(records, finals))
    return found


@dataclass
class Extras:
    """Game-agnostic figures read from the finished games: the mean of a numeric field of the
    final spectator view (``round``), how often an event key occurs per game
    (``explorer-died``), the values one argument of an event takes (``game-over.reason``),
    and win rates by a seat's trait in the final view (``explorers.{seat}.specialty``)."""

    view_means: list[str]
    event_counts: list[str]
    tallies: list[str]
    seat_traits: list[str]

    def measure(self, records: list[Record], finals: list[GameState]) -> dict[str, Any]:
        games = len(finals)
        found: dict[str, Any] = {}
        if not games:
            return found
        views = [state.view(None) for state in finals]
        for path in self.view_means:
            values = [float(_at(view, path)) for view in views]
            found[f"mean {path}"] = _mean_and_error(values)
        for key in self.event_counts:
            counts = [sum(1 for e in state.events if e["key"] == key) for state in finals]
            found[f"{key} per game"] = _mean_and_error([float(c) for c in counts])
        for spec in self.tallies:
            key, _, arg = spec.partition(".")
            tally: dict[str, int] = {}
            for state in finals:
                for event in state.events:
                    if event["key"] == key:
                        value = str(event["args"].get(arg))
                        tally[value] = tally.get(value, 0) + 1
            found[f"{spec} tally"] = tally
        for path in self.seat_traits:
            wins: dict[str, list[float]] = {}
            for record, state, view in zip(records, finals, views, strict=True):
                split = state.victory_shares()
                for seat in range(record.players):
                    trait = str(_at(view, path.replace("{seat}", str(seat))))
                    wins.setdefault(trait, []).append(split[seat])
            found[f"win rate by {path}"] = {
                trait: {"seats": len(shares), **_mean_and_error(shares)}
                for trait, shares in sorted(wins.items())
            }
        return found


def _at(view: Any, path: str) -> Any:
    """The value at a dotted path (list indices as numbers) in a view."""
    for part in path.split("."):
        view = view[int(part)] if isinstance(view, list) else view[part]
    return view


def _mean_and_error(values: list[float]) -> dict[str, float]:
    """The mean and its standard error."""
    mean = statistics.mean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return {"mean": round(mean, 3), "se": round(error, 3)}


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


def _mean_breakdown(finals: list[GameState]) -> dict[str, float]:
    """The mean score breakdown per seat (only for games that have one)."""
    totals: dict[str, float] = {}
    seats = 0
    for state in finals:
        for parts in state.score_breakdown():
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
    parser.add_argument(
        "--view-mean", action="append", default=[], help="mean of a final view's numeric field"
    )
    parser.add_argument(
        "--count-events", action="append", default=[], help="an event key counted per game"
    )
    parser.add_argument(
        "--tally", action="append", default=[], help="EVENT.ARG: the values an argument takes"
    )
    parser.add_argument(
        "--seat-trait",
        action="append",
        default=[],
        help="win rates by a final view's value at a path with {seat}",
    )
    args = parser.parse_args(argv)
    extras = Extras(args.view_mean, args.count_events, args.tally, args.seat_trait)
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
            extras=extras,
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
        for key, value in result.items():
            if key.startswith(("mean ", "win rate by ")) or key.endswith((" per game", " tally")):
                print(f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
