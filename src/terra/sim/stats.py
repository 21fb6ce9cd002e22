"""The figures of a tournament: ratings with intervals, win rates with standard errors, seat
balance, score distributions and game lengths.

Ties are kept as ties. A victory shared by k seats gives each of them 1/k of a win (so the
wins of a game add up to one) and the same finishing place; seats that did not win are placed
after the winners by score, equal scores sharing a place. Only completed games count: a game
that failed is reported as an error and left out of every figure.

Ratings are openskill's Plackett-Luce model (Weng and Lin's Bayesian approximation), fed the
whole finishing order of every game. A rating is ``mu`` with the model's own uncertainty
``sigma``; the interval is ``mu ± 2 sigma``, about 95% if the model holds. It rates tables of
any size from whole finishing orders. Skills are taken as fixed (``tau = 0``): a bot does not
learn between games.

The model updates game by game, so the order of the games counts: fed in game order, a bot
that won more of the late games was rated well above one that won as many games (in 200
Africa games, the search bot won 49% and was rated 1.7 points above greedy). The games are
therefore rated in ``ORDERS`` shuffled orders (seeded: the same games always give the same
figures), and a bot's ``mu`` and ``sigma`` are the means over the orders.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from terra.core.places import finishing_places
from terra.sim.match import GameResult

ORDERS = 16  # shuffled game orders whose ratings are averaged
RATING_METHOD = (
    f"openskill Plackett-Luce (Weng-Lin), whole finishing orders, the mean over {ORDERS} "
    "shuffled game orders, interval mu ± 2 sigma"
)
# Enough to diagnose a failing run without flooding a report.
ERRORS_KEPT = 5


def win_shares(result: GameResult) -> tuple[float, ...]:
    """Each seat's share of the win: 1/k for each of k winners, 0 for the others.

    >>> win_shares(GameResult(0, 0, ("a", "b", "c"), (5, 5, 1), (0, 1), 10, 0.0))
    (0.5, 0.5, 0.0)
    """
    share = 1 / len(result.winners) if result.winners else 0.0
    return tuple(share if seat in result.winners else 0.0 for seat in range(len(result.bots)))


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` values with its standard error (``None`` below two values)."""

    n: int
    mean: float | None
    se: float | None

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean and the standard error of the mean (sample standard deviation / √n).

        >>> Estimate.of([1, 0, 0.5, 1]).to_dict()
        {'n': 4, 'mean': 0.625, 'se': 0.2394}
        """
        n = len(values)
        if not n:
            return cls(0, None, None)
        mean = statistics.fmean(values)
        se = statistics.stdev(values) / math.sqrt(n) if n > 1 else None
        return cls(n, mean, se)

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "mean": _rounded(self.mean), "se": _rounded(self.se)}


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """Count, mean, standard deviation and the five-number summary of ``values``.

    >>> distribution([1, 2, 3, 4, 10])
    {'n': 5, 'mean': 4.0, 'sd': 3.5355, 'min': 1, 'q1': 2.0, 'median': 3, 'q3': 4.0, 'max': 10}
    """
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    quartiles = (
        statistics.quantiles(ordered, n=4, method="inclusive")
        if len(ordered) > 1
        else [ordered[0]] * 3
    )
    return {
        "n": len(ordered),
        "mean": _rounded(statistics.fmean(ordered)),
        "sd": _rounded(statistics.stdev(ordered)) if len(ordered) > 1 else None,
        "min": ordered[0],
        "q1": _rounded(quartiles[0]),
        "median": statistics.median(ordered),
        "q3": _rounded(quartiles[2]),
        "max": ordered[-1],
    }


@dataclass(frozen=True)
class Rating:
    """A bot's openskill rating: ``mu`` and the interval ``mu ± 2 sigma``."""

    bot: str
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 2 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "mu": _rounded(self.mu),
            "sigma": _rounded(self.sigma),
            "low": _rounded(self.low),
            "high": _rounded(self.high),
        }


def rate(results: Iterable[GameResult], bots: Sequence[str]) -> list[Rating]:
    """The bots' ratings after the completed ``results``, best first: the means over
    ``ORDERS`` seeded shuffles of the games (one order if there is only one).

    A tournament of one bot (every seat the same) has nothing to rate: the list is empty.
    """
    if len(set(bots)) < 2:
        return []
    # A game alone says nothing of strength; the shuffles start from the games by index.
    games = sorted((r for r in results if r.ok and len(r.bots) >= 2), key=lambda r: r.index)
    shuffler = random.Random(0)
    orders = (
        [games] if len(games) < 2 else [shuffler.sample(games, len(games)) for _ in range(ORDERS)]
    )
    rated = [_rate_in_order(order, bots) for order in orders]
    found = [
        Rating(
            bot,
            statistics.fmean(r[bot][0] for r in rated),
            statistics.fmean(r[bot][1] for r in rated),
        )
        for bot in dict.fromkeys(bots)
    ]
    return sorted(found, key=lambda r: (-r.mu, r.bot))


def _rate_in_order(games: list[GameResult], bots: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Each bot's ``(mu, sigma)`` after ``games`` in this order."""
    model = PlackettLuce(tau=0)
    ratings = {bot: model.rating(name=bot) for bot in bots}
    for result in games:
        # A rating object apiece: openskill hands back the objects it was given, updated.
        teams = [
            [model.rating(mu=ratings[bot].mu, sigma=ratings[bot].sigma, name=bot)]
            for bot in result.bots
        ]
        places = finishing_places(result.scores, result.winners)
        seats: dict[str, list[Any]] = {}
        for bot, (rated,) in zip(result.bots, model.rate(teams, ranks=list(places)), strict=True):
            seats.setdefault(bot, []).append(rated)
        for bot, outcomes in seats.items():
            # A bot in several seats (a gauntlet against copies of one bot) moves by the
            # mean of its seats' updates: one game is one observation of its strength.
            ratings[bot] = model.rating(
                mu=statistics.fmean(r.mu for r in outcomes),
                sigma=statistics.fmean(r.sigma for r in outcomes),
                name=bot,
            )
    return {bot: (r.mu, r.sigma) for bot, r in ratings.items()}


@dataclass(frozen=True)
class BotFigures:
    """One bot over every seat it held: its win rate, places and scores."""

    bot: str
    wins: float
    win_rate: Estimate
    mean_place: float | None
    scores: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.win_rate.n,
            "wins": _rounded(self.wins),
            "win_rate": _rounded(self.win_rate.mean),
            "se": _rounded(self.win_rate.se),
            "mean_place": _rounded(self.mean_place),
            "scores": self.scores,
        }


@dataclass(frozen=True)
class SeatFigures:
    """One seat over every game: its win rate against the fair share, and its scores."""

    seat: int
    wins: float
    win_rate: Estimate
    fair: float
    scores: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "games": self.win_rate.n,
            "wins": _rounded(self.wins),
            "win_rate": _rounded(self.win_rate.mean),
            "se": _rounded(self.win_rate.se),
            "fair": _rounded(self.fair),
            "scores": self.scores,
        }


@dataclass(frozen=True)
class Thinking:
    """One bot's time over its decisions among two or more legal actions (machine-bound)."""

    bot: str
    decisions: int
    seconds: float
    slowest: float

    @property
    def per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            # to the microsecond: a heuristic bot decides in tens of them
            "seconds_per_decision": _rounded(self.per_decision, 6),
            "slowest": _rounded(self.slowest, 6),
        }


def thinking(results: Iterable[GameResult], bots: Sequence[str]) -> tuple[Thinking, ...]:
    """Each bot's decisions, mean seconds per decision and slowest decision over the
    completed ``results``."""
    count = dict.fromkeys(bots, 0)
    spent = dict.fromkeys(bots, 0.0)
    slowest = dict.fromkeys(bots, 0.0)
    for result in results:
        if not result.ok:
            continue
        for seat, bot in enumerate(result.bots[: len(result.decisions)]):
            count[bot] += result.decisions[seat]
            spent[bot] += result.thinking[seat]
            slowest[bot] = max(slowest[bot], result.slowest[seat])
    return tuple(Thinking(bot, count[bot], spent[bot], slowest[bot]) for bot in bots)


@dataclass(frozen=True)
class Figures:
    """Every figure of a tournament; :meth:`to_dict` is its JSON form."""

    games: int
    completed: int
    error_messages: tuple[str, ...]
    shared_wins: int
    ratings: tuple[Rating, ...]
    bots: tuple[BotFigures, ...]
    seats: tuple[SeatFigures, ...]
    head_to_head: dict[str, dict[str, float]]
    lengths: dict[str, dict[str, Any]]
    thinking: tuple[Thinking, ...] = ()

    @property
    def errors(self) -> int:
        return self.games - self.completed

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "error_messages": list(self.error_messages),
            "shared_wins": self.shared_wins,
            "rating_method": RATING_METHOD,
            "ratings": [rating.to_dict() for rating in self.ratings],
            "by_bot": {figures.bot: figures.to_dict() for figures in self.bots},
            "by_seat": [figures.to_dict() for figures in self.seats],
            "head_to_head": {
                bot: {other: _rounded(rate) for other, rate in row.items()}
                for bot, row in self.head_to_head.items()
            },
            "lengths": self.lengths,
            "thinking": {t.bot: t.to_dict() for t in self.thinking},
        }


def head_to_head(results: Iterable[GameResult], bots: Sequence[str]) -> dict[str, dict[str, float]]:
    """For each pair of bots that met, how often the first finished ahead of the second (a
    shared place counts one half), over the games they played together.

    >>> r = GameResult(0, 0, ("a", "b", "c"), (9, 5, 5), (0,), 10, 0.0)
    >>> head_to_head([r], ["a", "b", "c"])
    {'a': {'b': 1.0, 'c': 1.0}, 'b': {'a': 0.0, 'c': 0.5}, 'c': {'a': 0.0, 'b': 0.5}}
    """
    points: dict[tuple[str, str], float] = {}
    meetings: dict[tuple[str, str], int] = {}
    for result in results:
        if not result.ok:
            continue
        places = finishing_places(result.scores, result.winners)
        for seat, bot in enumerate(result.bots):
            for other, rival in enumerate(result.bots):
                if bot == rival:
                    continue
                pair = (bot, rival)
                meetings[pair] = meetings.get(pair, 0) + 1
                ahead = 1.0 if places[seat] < places[other] else 0.0
                points[pair] = points.get(pair, 0.0) + (
                    0.5 if places[seat] == places[other] else ahead
                )
    table: dict[str, dict[str, float]] = {}
    for bot in bots:
        row = {
            rival: points[(bot, rival)] / meetings[(bot, rival)]
            for rival in bots
            if (bot, rival) in meetings
        }
        if row:
            table[bot] = row
    return table


def analyze(results: Sequence[GameResult], players: int, bots: Sequence[str]) -> Figures:
    """The figures of a tournament's ``results`` (in game order) between ``bots``."""
    done = [result for result in results if result.ok]
    errors = tuple(f"seed {r.seed}: {r.error}" for r in results if not r.ok)[:ERRORS_KEPT]
    shares = [win_shares(result) for result in done]
    by_bot = []
    for bot in bots:
        held = [
            (share[seat], place[seat], result.scores[seat])
            for result, share, place in zip(
                done,
                shares,
                (finishing_places(r.scores, r.winners) for r in done),
                strict=True,
            )
            for seat in range(players)
            if result.bots[seat] == bot
        ]
        by_bot.append(
            BotFigures(
                bot=bot,
                wins=sum(s for s, _, _ in held),
                win_rate=Estimate.of([s for s, _, _ in held]),
                mean_place=statistics.fmean(p for _, p, _ in held) if held else None,
                scores=distribution([score for _, _, score in held]),
            )
        )
    by_seat = [
        SeatFigures(
            seat=seat,
            wins=sum(share[seat] for share in shares),
            win_rate=Estimate.of([share[seat] for share in shares]),
            fair=1 / players,
            scores=distribution([result.scores[seat] for result in done]),
        )
        for seat in range(players)
    ]
    lengths = {
        "actions": distribution([r.actions for r in done]),
        "turns": distribution([r.turns for r in done]),
        "turns_per_player": distribution([r.turns / players for r in done]),
    }
    return Figures(
        games=len(results),
        completed=len(done),
        error_messages=errors,
        shared_wins=sum(len(r.winners) > 1 for r in done),
        ratings=tuple(rate(done, bots)),
        bots=tuple(by_bot),
        seats=tuple(by_seat),
        head_to_head=head_to_head(done, bots),
        lengths=lengths,
        thinking=thinking(done, bots),
    )


def _rounded(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)
