"""A tournament's figures as tables of text: the terminal's summary and the written report
show the same rows."""

from __future__ import annotations

from terra.sim.stats import Figures
from terra.sim.tournament import Tournament

Rows = list[list[str]]

RATING_COLUMNS = ("#", "bot", "rating", "interval", "win rate ± SE", "mean place", "seats")
SEAT_COLUMNS = ("seat", "win rate ± SE", "fair share", "mean score")

_SPREAD = ("n", "mean", "sd", "min", "median", "max")


def percent(value: float | None) -> str:
    """A share as a percentage to one decimal; ``-`` for none.

    >>> percent(0.25)
    '25.0%'
    """
    return "-" if value is None else f"{100 * value:.1f}%"


def plus_minus(mean: float | None, se: float | None) -> str:
    """A share and its standard error, in percent.

    >>> plus_minus(0.5, 0.025)
    '50.0% ± 2.5'
    """
    if mean is None:
        return "-"
    return percent(mean) + ("" if se is None else f" ± {100 * se:.1f}")


def number(value: float | None) -> str:
    """A figure for a table: whole numbers as they are, others to one decimal."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def milliseconds(seconds: float | None) -> str:
    """Three significant figures or whole milliseconds: a greedy bot's 0.28 ms must not read
    as 0.000 s beside a search bot's 312 ms."""
    if seconds is None:
        return "-"
    ms = seconds * 1e3
    if ms >= 100:
        return f"{ms:,.0f}"
    return f"{ms:.3g}"


def rating_rows(figures: Figures) -> Rows:
    """One row per rated bot, best first, under :data:`RATING_COLUMNS`."""
    by_bot = {b.bot: b for b in figures.bots}
    rows = []
    for place, rating in enumerate(figures.ratings, start=1):
        bot = by_bot[rating.bot]
        rows.append(
            [
                str(place),
                rating.bot,
                f"{rating.mu:.1f}",
                f"{rating.low:.1f} to {rating.high:.1f}",
                plus_minus(bot.win_rate.mean, bot.win_rate.se),
                "-" if bot.mean_place is None else f"{bot.mean_place:.2f}",
                str(bot.win_rate.n),
            ]
        )
    return rows


def seat_rows(figures: Figures) -> Rows:
    """One row per seat under :data:`SEAT_COLUMNS`."""
    return [
        [
            str(seat.seat),
            plus_minus(seat.win_rate.mean, seat.win_rate.se),
            percent(seat.fair),
            "-" if seat.scores.get("mean") is None else f"{seat.scores['mean']:.1f}",
        ]
        for seat in figures.seats
    ]


def report_tables(tournament: Tournament) -> list[tuple[str, list[str], Rows]]:
    """Each table of the report: title, column names, rows of text."""
    figures = tournament.figures
    tables = []
    if figures.ratings:
        tables.append(("Ratings", list(RATING_COLUMNS), rating_rows(figures)))
    tables.append(("Seats", list(SEAT_COLUMNS), seat_rows(figures)))
    score_rows = []
    for bot in figures.bots:
        s = bot.scores
        if s.get("n"):
            score_rows.append([bot.bot, *(number(s[k]) for k in _SPREAD)])
    tables.append(("Scores", ["bot", "seats", "mean", "sd", "min", "median", "max"], score_rows))
    if figures.head_to_head:
        names = list(figures.head_to_head)
        rows = [
            [bot, *(percent(figures.head_to_head[bot].get(other)) for other in names)]
            for bot in names
        ]
        tables.append(("Head to head (row finished ahead of column)", ["", *names], rows))
    length_rows = []
    for key, label in (
        ("turns_per_player", "turns per player"),
        ("turns", "turns"),
        ("actions", "actions"),
    ):
        s = figures.lengths[key]
        if s.get("n"):
            length_rows.append([label, *(number(s[k]) for k in _SPREAD[1:])])
    tables.append(("Game lengths", ["", "mean", "sd", "min", "median", "max"], length_rows))
    think_rows = [
        [t.bot, str(t.decisions), milliseconds(t.per_decision), milliseconds(t.slowest)]
        for t in figures.thinking
        if t.decisions
    ]
    if think_rows:
        columns = ["bot", "decisions", "ms per decision", "slowest (ms)"]
        tables.append(("Thinking time (decisions with a choice)", columns, think_rows))
    return tables
