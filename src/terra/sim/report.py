"""A tournament's report for a designer: one self-contained HTML file (plots embedded as PNG)
or a Markdown file with its plots beside it, drawn with matplotlib (the ``report`` extra).

The header says what was played and on what data (provisional or a transcription, with its
provenance), so that a report read months later still says what it measured.
"""

from __future__ import annotations

import base64
import html
import importlib
import io
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from terra.core.errors import TerraError
from terra.core.registry import game as find_game
from terra.sim.extras import import_extra
from terra.sim.stats import RATING_METHOD
from terra.sim.tables import report_tables
from terra.sim.tournament import Tournament

SUFFIXES = {".html": "html", ".htm": "html", ".md": "md"}

# Colours that read apart for most colour-blind readers (Okabe and Ito).
_BLUE = "#0072B2"
_ORANGE = "#E69F00"
_GREY = "#666666"
HISTOGRAM_BINS = 20  # the most bars of a histogram of game lengths


def report_format(path: Path) -> str:
    """``html`` or ``md`` by the file's suffix; raises :class:`TerraError` for any other."""
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise TerraError(f"a report is an .html or .md file, not {path.name!r}")
    return kind


def require_matplotlib() -> Any:
    """The ``matplotlib.pyplot`` module on its file-only backend, or a clear error."""
    matplotlib = import_extra("matplotlib", "report", "reports need matplotlib")
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


@dataclass(frozen=True)
class Provenance:
    """The game and data a tournament was played on."""

    title: str
    provisional: bool
    provenance: str
    digest: str

    @classmethod
    def of(cls, game_id: str, options: Mapping[str, Any]) -> Provenance:
        game = find_game(game_id)
        data = game.load_data(game.resolve_options(options)["data"])
        return cls(game.title, data.provisional, data.provenance, data.digest)


def write_report(tournament: Tournament, path: Path, command: str) -> list[Path]:
    """Write the report of ``tournament`` to ``path`` (and, for Markdown, its plots beside
    it); returns every file written. ``command`` is the command line that ran it."""
    kind = report_format(path)
    if not path.parent.is_dir():
        raise TerraError(f"cannot write the report {path}: no folder {path.parent}")
    pyplot = require_matplotlib()
    figures = _plots(tournament, pyplot)
    source = Provenance.of(tournament.game, tournament.options)
    written = [path]
    try:
        if kind == "html":
            images = {name: _data_uri(png) for name, png in figures.items()}
            path.write_text(_html(tournament, source, command, images), encoding="utf-8")
        else:
            names = {}
            for name, png in figures.items():
                image = path.with_name(f"{path.stem}-{name}.png")
                image.write_bytes(png)
                written.append(image)
                names[name] = image.name
            path.write_text(_markdown(tournament, source, command, names), encoding="utf-8")
    except OSError as error:
        raise TerraError(f"cannot write the report {path}: {error.strerror}") from None
    return written


# Plots: each a function of the tournament drawing on a fresh figure.


def _plots(tournament: Tournament, pyplot: Any) -> dict[str, bytes]:
    figures = tournament.figures
    drawn: dict[str, bytes] = {}
    plots: list[tuple[str, Callable[[Any, Tournament], None], tuple[float, float]]] = []
    bots = len(figures.bots)
    if figures.ratings:
        plots.append(("ratings", _draw_ratings, (7.0, 1.2 + 0.45 * bots)))
        plots.append(("bot-wins", _draw_bot_wins, (7.0, 1.2 + 0.45 * bots)))
    plots.append(("seat-wins", _draw_seat_wins, (7.0, 3.2)))
    plots.append(("scores", _draw_scores, (7.0, 1.4 + 0.5 * max(bots, len(figures.seats)))))
    plots.append(("lengths", _draw_lengths, (9.0, 3.0)))
    for name, draw, size in plots:
        figure = pyplot.figure(figsize=size, dpi=100)
        try:
            draw(figure, tournament)
            figure.tight_layout()
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png")
            drawn[name] = buffer.getvalue()
        finally:
            pyplot.close(figure)
    return drawn


def _draw_ratings(figure: Any, tournament: Tournament) -> None:
    axes = figure.add_subplot()
    ratings = list(reversed(tournament.figures.ratings))  # best on top
    ys = range(len(ratings))
    mus = [r.mu for r in ratings]
    axes.errorbar(mus, ys, xerr=[2 * r.sigma for r in ratings], fmt="o", color=_BLUE, capsize=4)
    axes.set_yticks(list(ys), [r.bot for r in ratings])
    axes.set_ylim(-0.6, len(ratings) - 0.4)
    axes.axvline(25.0, color=_GREY, linestyle=":", linewidth=1)
    axes.set_xlabel("rating (openskill mu, bars: mu ± 2 sigma; dotted: the starting 25)")
    axes.grid(axis="x", alpha=0.3)


def _draw_bot_wins(figure: Any, tournament: Tournament) -> None:
    axes = figure.add_subplot()
    order = {r.bot: i for i, r in enumerate(tournament.figures.ratings)}
    bots = sorted(tournament.figures.bots, key=lambda b: -order.get(b.bot, 0))
    ys = range(len(bots))
    rates = [b.win_rate.mean or 0.0 for b in bots]
    errors = [b.win_rate.se or 0.0 for b in bots]
    axes.barh(list(ys), rates, xerr=errors, color=_BLUE, capsize=4)
    axes.axvline(1 / tournament.schedule.players, color=_ORANGE, linestyle="--", label="fair share")
    axes.set_yticks(list(ys), [b.bot for b in bots])
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games won (bars: ± 1 standard error)")
    axes.legend(loc="lower right")


def _draw_seat_wins(figure: Any, tournament: Tournament) -> None:
    axes = figure.add_subplot()
    seats = tournament.figures.seats
    xs = [seat.seat for seat in seats]
    rates = [seat.win_rate.mean or 0.0 for seat in seats]
    errors = [seat.win_rate.se or 0.0 for seat in seats]
    axes.bar(xs, rates, yerr=errors, color=_BLUE, capsize=4)
    axes.axhline(1 / tournament.schedule.players, color=_ORANGE, linestyle="--", label="fair share")
    axes.set_xticks(xs, [f"seat {x}" for x in xs])
    axes.set_ylim(0, min(1.0, max([*rates, 0.0]) + max([*errors, 0.0]) + 0.15))
    axes.set_ylabel("share of games won (bars: ± 1 SE)")
    axes.legend(loc="upper right")


def _draw_scores(figure: Any, tournament: Tournament) -> None:
    axes = figure.add_subplot()
    done = [r for r in tournament.results if r.ok]
    bots = tournament.schedule.bots
    if len(bots) > 1:
        labels = list(bots)
        groups = [
            [r.scores[seat] for r in done for seat, bot in enumerate(r.bots) if bot == name]
            for name in labels
        ]
    else:
        labels = [f"seat {seat}" for seat in range(tournament.schedule.players)]
        groups = [[r.scores[seat] for r in done] for seat in range(len(labels))]
    labels.reverse()
    groups.reverse()
    if any(groups):
        axes.boxplot(
            groups,
            orientation="horizontal",
            tick_labels=labels,
            patch_artist=True,
            boxprops={"facecolor": "#cfe3f1", "edgecolor": _BLUE},
            medianprops={"color": _ORANGE, "linewidth": 2},
            showmeans=True,
            meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": _GREY},
        )
    axes.set_xlabel("final score (box: quartiles, line: median, diamond: mean)")
    axes.grid(axis="x", alpha=0.3)


def histogram_edges(values: list[float], step: float, most: int = HISTOGRAM_BINS) -> list[float]:
    """At most ``most`` bins for ``values`` that lie on a grid of ``step`` (turns per player
    are multiples of 1/players): every bin holds the same number of grid points, centred.
    Bins of equal width that ignore the grid hold one more grid point every few bins, and
    the histogram shows stripes that are not in the data."""
    low = min(values)
    points = round((max(values) - low) / step) + 1
    per_bin = math.ceil(points / most)
    count = math.ceil(points / per_bin)
    start = low - step / 2
    return [start + i * per_bin * step for i in range(count + 1)]


def _draw_lengths(figure: Any, tournament: Tournament) -> None:
    done = [r for r in tournament.results if r.ok]
    players = tournament.schedule.players
    series: list[tuple[list[float], float, str]] = [
        ([r.turns / players for r in done], 1 / players, "turns per player"),
        ([float(r.actions) for r in done], 1.0, "actions (decisions) per game"),
    ]
    for column, (values, step, label) in enumerate(series, start=1):
        axes = figure.add_subplot(1, 2, column)
        axes.yaxis.get_major_locator().set_params(integer=True)
        if values:
            axes.hist(values, bins=histogram_edges(values, step), color=_BLUE)
        axes.set_xlabel(label)
        axes.set_ylabel("games")


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


# Text: the same facts for HTML and Markdown.


def _header(tournament: Tournament, source: Provenance, command: str) -> list[tuple[str, str]]:
    sched = tournament.schedule
    figures = tournament.figures
    data = "provisional (the shipped design, not the published components)"
    if not source.provisional:
        data = "a transcription (not provisional)"
    options = ", ".join(f"{k}={v}" for k, v in tournament.options.items()) or "none"
    if sched.gauntlet is not None:
        format_ = f"gauntlet: {sched.gauntlet} against every {sched.players - 1} of the field"
    elif len(sched.bots) == 1:
        format_ = f"{sched.bots[0]} in every seat (a balance run: no ratings)"
    else:
        format_ = f"round robin over every {sched.players} of {len(sched.bots)} bots"
    return [
        ("Game", f"{source.title} ({tournament.game}), {sched.players} players"),
        ("Options", options),
        ("Data", f"{data}; digest {source.digest[:16]}"),
        ("Bots", ", ".join(sched.bots)),
        ("Format", format_),
        (
            "Games",
            f"{figures.games} ({len(sched.tables)} table(s) x {sched.games_per_table}, seats "
            f"rotated each game); {figures.completed} completed, {figures.errors} failed, "
            f"{figures.shared_wins} shared victories",
        ),
        ("Seed", f"{tournament.seed} (game i is played from seed {tournament.seed} + i)"),
        *([("Ratings", RATING_METHOD)] if figures.ratings else []),
        ("Time", f"{tournament.seconds:.1f} s on {tournament.workers} worker(s)"),
        ("Command", command),
    ]


_SECTIONS = (
    ("ratings", "Ratings with their intervals"),
    ("bot-wins", "Win rate by bot"),
    ("seat-wins", "Win rate by seat"),
    ("scores", "Score distributions"),
    ("lengths", "Game lengths"),
)

_NOTES = {
    "ratings": "Each bot starts at 25. Where two intervals overlap, these games do not yet "
    "tell which of the two bots is stronger.",
    "bot-wins": "A shared victory counts 1/k to each of its k winners.",
    "seat-wins": "Seats are rotated, so every bot sits in every seat equally often: a seat "
    "more than about two standard errors from its fair share has an advantage (or a handicap) "
    "of its own.",
    "seat-wins-one-bot": "The same bot plays every seat: a seat more than about two standard "
    "errors from its fair share has an advantage (or a handicap) of its own.",
    "scores": "Every seat a bot held counts once.",
    "scores-one-bot": "The final scores of each seat.",
    "lengths": "A turn is a run of decisions by one seat; turns per player is the game's "
    "length in rounds.",
}

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222;
       padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
.flag { display: inline-block; background: #fff3cd; border: 1px solid #e0c36a;
        padding: .1rem .5rem; border-radius: .3rem; font-size: .9rem; }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.header dt { font-weight: 600; }
dl.header dd { margin: 0; }
code { font-size: .85rem; background: #f3f3f3; padding: .1rem .3rem; }
table { border-collapse: collapse; margin: .5rem 0 1.5rem; font-size: .9rem; }
th, td { border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child, .text { text-align: left; }
.plots img { max-width: 100%; display: block; margin: .5rem 0 1rem; }
details { margin: 1rem 0; }
pre { white-space: pre-wrap; font-size: .8rem; background: #f7f7f7; padding: .5rem; }
"""


def _note(tournament: Tournament, section: str) -> str:
    """How to read a section's plot (a balance run, one bot in every seat, reads differently)."""
    if len(tournament.schedule.bots) == 1:
        return _NOTES.get(f"{section}-one-bot", _NOTES[section])
    return _NOTES[section]


# The tables shown under each plot; a title of its own for a second table in a section.
_TABLE_SECTIONS = {
    "Ratings": ("ratings", None),
    "Head to head (row finished ahead of column)": ("ratings", "Head to head"),
    "Seats": ("seat-wins", None),
    "Scores": ("scores", None),
    "Game lengths": ("lengths", None),
    "Thinking time (decisions with a choice)": ("lengths", "Thinking time"),
}


def _section_tables(
    tournament: Tournament,
) -> dict[str, list[tuple[str | None, list[str], list[list[str]]]]]:
    """The report's tables by the plot they go under."""
    sections: dict[str, list[tuple[str | None, list[str], list[list[str]]]]] = {}
    for title, columns, rows in report_tables(tournament):
        section, subtitle = _TABLE_SECTIONS[title]
        if subtitle is not None:
            subtitle = title
        sections.setdefault(section, []).append((subtitle, columns, rows))
    return sections


def _html(
    tournament: Tournament, source: Provenance, command: str, images: Mapping[str, str]
) -> str:
    esc = html.escape
    header = "".join(
        f"<dt>{esc(k)}</dt><dd>{f'<code>{esc(v)}</code>' if k == 'Command' else esc(v)}</dd>"
        for k, v in _header(tournament, source, command)
    )
    flag = ""
    if source.provisional:
        flag = '<p class="flag">Provisional data: figures describe the shipped design</p>'
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(source.title)} tournament</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(source.title)}: tournament of {len(tournament.schedule.bots)} bot(s)</h1>",
        flag,
        f'<dl class="header">{header}</dl>',
    ]
    errors = tournament.figures.error_messages
    if errors:
        items = "".join(f"<li>{esc(message)}</li>" for message in errors)
        parts.append(f"<h2>Failed games</h2><ul>{items}</ul>")
    tables = _section_tables(tournament)
    for name, title in _SECTIONS:
        if name not in images:
            continue
        parts.append(f'<h2>{esc(title)}</h2><div class="plots">')
        parts.append(f"<p>{esc(_note(tournament, name))}</p>")
        parts.append(f'<img alt="{esc(title)}" src="{images[name]}">')
        parts.append("</div>")
        for subtitle, columns, rows in tables.get(name, []):
            if subtitle:
                parts.append(f"<h3>{esc(subtitle)}</h3>")
            parts.append(_html_table(columns, rows))
    if source.provenance:
        parts.append(
            f"<details><summary>Data provenance</summary><pre>{esc(source.provenance)}</pre>"
            "</details>"
        )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _html_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    esc = html.escape
    text = {i for i, c in enumerate(columns) if c in ("bot", "")}  # names read from the left
    head = "".join(
        f'<th class="text">{esc(c)}</th>' if i in text else f"<th>{esc(c)}</th>"
        for i, c in enumerate(columns)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="text">{esc(c)}</td>' if i in text else f"<td>{esc(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _markdown(
    tournament: Tournament, source: Provenance, command: str, images: Mapping[str, str]
) -> str:
    lines = [f"# {source.title}: tournament of {len(tournament.schedule.bots)} bot(s)", ""]
    if source.provisional:
        lines += ["**Provisional data**: figures describe the shipped design.", ""]
    for key, value in _header(tournament, source, command):
        text = f"`{value}`" if key == "Command" else value
        lines.append(f"- **{key}**: {text}")
    lines.append("")
    if tournament.figures.error_messages:
        lines += ["## Failed games", ""]
        lines += [f"- {message}" for message in tournament.figures.error_messages]
        lines.append("")
    tables = _section_tables(tournament)
    for name, title in _SECTIONS:
        if name not in images:
            continue
        note = _note(tournament, name)
        lines += [f"## {title}", "", note, "", f"![{title}]({images[name]})", ""]
        for subtitle, columns, rows in tables.get(name, []):
            if subtitle:
                lines += [f"### {subtitle}", ""]
            lines += [_markdown_table(columns, rows), ""]
    if source.provenance:
        lines += ["## Data provenance", "", "```text", source.provenance, "```", ""]
    return "\n".join(lines)


def _markdown_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    aligns = ["---" if i == 0 or c == "bot" else "---:" for i, c in enumerate(columns)]
    return "\n".join([line(columns), "|" + "|".join(aligns) + "|", *(line(r) for r in rows)])
