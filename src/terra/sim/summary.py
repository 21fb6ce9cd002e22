"""Aggregate figures over many simulated games: wins by seat and by bot, scores, speed.

A shared victory between k seats counts 1/k to each, so the wins of every seat (or every
bot) add up to the number of completed games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from terra.sim.match import GameResult

# Enough to diagnose a failing run without flooding a JSON report.
ERRORS_KEPT = 5


@dataclass(frozen=True)
class Summary:
    """The figures of a simulation run; :meth:`to_dict` is the JSON report."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    workers: int
    games: int
    completed: int
    errors: int
    error_messages: tuple[str, ...]
    seconds: float
    actions: int
    us_per_action: float | None
    mean_actions: float | None
    seat_wins: tuple[float, ...]
    mean_scores: tuple[float | None, ...]
    bot_wins: dict[str, float]
    bot_mean_scores: dict[str, float | None]
    shared_wins: int
    results: tuple[GameResult, ...] = field(repr=False, default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready figures (without the per-game results)."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate": self.rotate,
            "workers": self.workers,
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "error_messages": list(self.error_messages),
            "seconds": round(self.seconds, 3),
            "actions": self.actions,
            "us_per_action": _rounded(self.us_per_action),
            "mean_actions": _rounded(self.mean_actions),
            "seat_wins": [_rounded(w) for w in self.seat_wins],
            "mean_scores": [_rounded(s) for s in self.mean_scores],
            "bot_wins": {name: _rounded(w) for name, w in self.bot_wins.items()},
            "bot_mean_scores": {name: _rounded(s) for name, s in self.bot_mean_scores.items()},
            "shared_wins": self.shared_wins,
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _mean(total: float, count: int) -> float | None:
    return total / count if count else None


class Tally:
    """The figures of a run gathered one game at a time, so that memory stays the same however
    many games are played (unless ``keep_results`` keeps every game's result)."""

    def __init__(self, players: int, bots: Sequence[str], *, keep_results: bool = False) -> None:
        self.players = players
        self.bots = tuple(bots)
        self.keep_results = keep_results
        self.results: list[GameResult] = []
        self.games = 0
        self.completed = 0
        self.error_messages: list[str] = []
        self.actions = 0
        self.play_seconds = 0.0
        self.shared_wins = 0
        names = sorted(set(bots))
        self.seat_wins = [0.0] * players
        self.seat_scores = [0.0] * players
        self.bot_wins = dict.fromkeys(names, 0.0)
        self.bot_scores = dict.fromkeys(names, 0.0)
        self.bot_seats = dict.fromkeys(names, 0)

    def add(self, result: GameResult) -> None:
        """Count one game's result (results are added in game order)."""
        self.games += 1
        if self.keep_results:
            self.results.append(result)
        if not result.ok:
            if len(self.error_messages) < ERRORS_KEPT:
                self.error_messages.append(f"seed {result.seed}: {result.error}")
            return
        self.completed += 1
        self.actions += result.actions
        self.play_seconds += result.seconds
        self.shared_wins += len(result.winners) > 1
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            self.seat_wins[seat] += share
            self.bot_wins[result.bots[seat]] += share
        for seat, score in enumerate(result.scores):
            self.seat_scores[seat] += score
            self.bot_scores[result.bots[seat]] += score
            self.bot_seats[result.bots[seat]] += 1

    def summary(
        self, game: str, seed: int, *, seconds: float, rotate: bool = False, workers: int = 1
    ) -> Summary:
        """The figures so far; ``seconds`` is the run's wall time."""
        done = self.completed
        return Summary(
            game=game,
            players=self.players,
            bots=self.bots,
            seed=seed,
            rotate=rotate,
            workers=workers,
            games=self.games,
            completed=done,
            errors=self.games - done,
            error_messages=tuple(self.error_messages),
            seconds=seconds,
            actions=self.actions,
            us_per_action=self.play_seconds * 1e6 / self.actions if self.actions else None,
            mean_actions=_mean(self.actions, done),
            seat_wins=tuple(self.seat_wins),
            mean_scores=tuple(_mean(total, done) for total in self.seat_scores),
            bot_wins=dict(self.bot_wins),
            bot_mean_scores={
                name: _mean(self.bot_scores[name], self.bot_seats[name]) for name in self.bot_wins
            },
            shared_wins=self.shared_wins,
            results=tuple(self.results),
        )


def summarize(
    game: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    results: Iterable[GameResult],
    *,
    seconds: float,
    rotate: bool = False,
    workers: int = 1,
) -> Summary:
    """The figures of ``results`` (in game order, all kept); ``seconds`` is the run's wall
    time."""
    tally = Tally(players, bots, keep_results=True)
    for result in results:
        tally.add(result)
    return tally.summary(game, seed, seconds=seconds, rotate=rotate, workers=workers)
