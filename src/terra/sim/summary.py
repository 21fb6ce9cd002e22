"""Aggregate figures over many simulated games: wins by seat and by bot, scores, speed.

A shared victory between k seats counts 1/k to each, so the wins of every seat (or every
bot) add up to the number of completed games.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def summarize(
    game: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    results: Sequence[GameResult],
    *,
    seconds: float,
    rotate: bool = False,
    workers: int = 1,
) -> Summary:
    """The figures of ``results`` (in game order); ``seconds`` is the run's wall time."""
    done = [r for r in results if r.ok]
    failed = [r for r in results if not r.ok]
    names = sorted(set(bots))
    seat_wins = [0.0] * players
    seat_scores = [0.0] * players
    bot_wins = dict.fromkeys(names, 0.0)
    bot_scores = dict.fromkeys(names, 0.0)
    bot_seats = dict.fromkeys(names, 0)
    for result in done:
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            seat_wins[seat] += share
            bot_wins[result.bots[seat]] += share
        for seat, score in enumerate(result.scores):
            seat_scores[seat] += score
            bot_scores[result.bots[seat]] += score
            bot_seats[result.bots[seat]] += 1
    actions = sum(r.actions for r in done)
    play_seconds = sum(r.seconds for r in done)
    return Summary(
        game=game,
        players=players,
        bots=tuple(bots),
        seed=seed,
        rotate=rotate,
        workers=workers,
        games=len(results),
        completed=len(done),
        errors=len(failed),
        error_messages=tuple(f"seed {r.seed}: {r.error}" for r in failed[:ERRORS_KEPT]),
        seconds=seconds,
        actions=actions,
        us_per_action=play_seconds * 1e6 / actions if actions else None,
        mean_actions=_mean(actions, len(done)),
        seat_wins=tuple(seat_wins),
        mean_scores=tuple(_mean(total, len(done)) for total in seat_scores),
        bot_wins=bot_wins,
        bot_mean_scores={name: _mean(bot_scores[name], bot_seats[name]) for name in names},
        shared_wins=sum(1 for r in done if len(r.winners) > 1),
        results=tuple(results),
    )
