"""Africana's map in characters: locations placed by longitude and latitude, routes as dotted
lines, the equator, every location's travel symbols and the explorers standing there. A
location's point and label are marked as showing it (:func:`terra.core.terminal.place_style`),
for pointing at it.

Also the small glyphs the board shares with the map: travel colours and player tokens. Without a
colour terminal everything stays readable: symbols are letters (m t g o v), explorers initials.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rich.style import Style
from rich.text import Text

from terra.core.terminal import place_style
from terra.games.africana.components import Components

# Rich styles of the colours named in the data; unknown colours are drawn unstyled.
TRAVEL_STYLES = {
    "magenta": "bold bright_magenta",
    "turquoise": "bold dark_turquoise",
    "grey": "bold grey62",
    "orange": "bold dark_orange",
    "violet": "bold medium_purple",
}
# Player tokens are badges, readable on dark and light terminals alike.
PLAYER_STYLES = {
    "white": "bold black on bright_white",
    "blue": "bold bright_white on blue",
    "yellow": "bold black on yellow",
    "red": "bold bright_white on red",
}
MAP_WIDTH = 76
MAP_HEIGHT = 30
ROUTE = "·"
POINT = "●"
EQUATOR = "─"
ROUTE_STYLE = "grey50"
EQUATOR_STYLE = "red"


def travel_text(colour: str, text: str | None = None) -> Text:
    """``text`` (default: the colour's name) in the style of travel colour ``colour``."""
    return Text(text if text is not None else colour, style=TRAVEL_STYLES.get(colour, ""))


@cache
def colour_codes(colours: tuple[str, ...]) -> dict[str, str]:
    """One letter per travel colour (two when first letters clash)."""
    firsts = [c[:1] for c in colours]
    return {c: c[:1] if firsts.count(c[:1]) == 1 else c[:2] for c in colours}


@cache
def _initials(data: Components) -> tuple[str, ...]:
    """One character per company: its colour's initial, or its number when initials clash."""
    firsts = [c.colour[:1].upper() for c in data.companies]
    if len(set(firsts)) == len(firsts):
        return tuple(firsts)
    return tuple(str(c.number) for c in data.companies)


def player_token(data: Components, seat: int) -> Text:
    """The one-character badge of ``seat``'s company: its initial on its colour."""
    colour = data.companies[seat].colour
    return Text(_initials(data)[seat], style=PLAYER_STYLES.get(colour, "bold reverse"))


Cell = tuple[str, str | Style]  # character, style


@dataclass(frozen=True)
class MapGrid:
    """Where the map puts each location, route dot and the equator (fixed per data set)."""

    width: int
    height: int
    points: tuple[tuple[int, int], ...]  # (column, row) of each location
    dots: frozenset[tuple[int, int]]
    equator: int


@cache
def map_grid(data: Components, width: int = MAP_WIDTH, height: int = MAP_HEIGHT) -> MapGrid:
    """Project lon/lat onto a character grid; the equator gets a row of its own."""
    lon_min, lon_max = min(data.lon), max(data.lon)
    lat_min, lat_max = min(data.lat), max(data.lat)
    lon_span = (lon_max - lon_min) or 1.0
    lat_span = (lat_max - lat_min) or 1.0
    equator = min(max(round(lat_max / lat_span * (height - 1)), 1), height - 2)
    points = []
    for i in range(data.num_locations):
        col = 1 + round((data.lon[i] - lon_min) / lon_span * (width - 3))
        row = round((lat_max - data.lat[i]) / lat_span * (height - 1))
        row = min(row, equator - 1) if data.hemisphere[i] == 0 else max(row, equator + 1)
        points.append((col, row))
    dots: set[tuple[int, int]] = set()
    for a, b in data.routes:
        dots.update(_line(points[a], points[b])[1:-1])
    dots.difference_update(points)
    return MapGrid(width, height, tuple(points), frozenset(dots), equator)


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from ``a`` to ``b`` (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    cells = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        twice = 2 * err
        if twice >= dy:
            err += dy
            x0 += sx
        if twice <= dx:
            err += dx
            y0 += sy
        cells.append((x0, y0))
    return cells


def _label(data: Components, loc: int, explorers: Sequence[int], short: bool = False) -> Text:
    """``Cairo v`` or ``Tripoli t/o``, plus the tokens of the explorers standing there."""
    name = data.location_names[loc]
    text = Text(name[:4] if short else name)
    codes = colour_codes(data.colours)
    text.append(" ")
    for n, symbol in enumerate(data.symbols[loc]):
        colour = data.colours[symbol]
        if n:
            text.append("/")
        text.append_text(travel_text(colour, codes[colour]))
    if explorers:
        text.append(" ")
        for seat in explorers:
            text.append_text(player_token(data, seat))
    return text


def _candidates(col: int, row: int, size: int) -> list[tuple[int, int]]:
    """Label positions (row, first column) around a point, most natural first."""
    return [
        (row, col + 2),
        (row, col - 1 - size),
        (row - 1, col + 1),
        (row + 1, col + 1),
        (row - 1, col - size),
        (row + 1, col - size),
        (row - 1, col - size // 2),
        (row + 1, col - size // 2),
    ]


def _place(
    grid: MapGrid, taken: list[list[bool]], col: int, row: int, size: int
) -> tuple[int, int] | None:
    """The free label position covering the fewest route dots, if any."""
    best: tuple[int, int] | None = None
    best_score = 0
    for order, (r, c) in enumerate(_candidates(col, row, size)):
        if not (0 <= r < grid.height and c >= 0 and c + size <= grid.width) or r == grid.equator:
            continue
        span = range(max(c - 1, 0), min(c + size + 1, grid.width))
        if any(taken[r][x] for x in span):
            continue
        score = 4 * sum((x, r) in grid.dots for x in range(c, c + size)) + order
        if best is None or score < best_score:
            best, best_score = (r, c), score
    return best


def draw_map(data: Components, players: Sequence[Mapping[str, Any]]) -> Text:
    """The text map: routes, equator, locations with their symbols, and the explorers
    (``players`` as in a view: ``seat`` and ``location`` of each)."""
    grid = map_grid(data)
    cells: list[list[Cell]] = [[(" ", "")] * grid.width for _ in range(grid.height)]
    taken = [[False] * grid.width for _ in range(grid.height)]
    for x in range(grid.width):
        cells[grid.equator][x] = (EQUATOR, EQUATOR_STYLE)
    for x, ch in enumerate(" equator ", start=1):
        cells[grid.equator][x] = (ch, EQUATOR_STYLE)
    for x, y in grid.dots:
        cells[y][x] = (ROUTE, ROUTE_STYLE)
    here: dict[int, list[int]] = {}
    for player in players:
        here.setdefault(data.location(player["location"]), []).append(player["seat"])
    for loc, (x, y) in enumerate(grid.points):
        cells[y][x] = (POINT, place_style(data.location_ids[loc], "bold"))
        taken[y][x] = True
    for loc in sorted(range(data.num_locations), key=lambda i: -len(data.location_names[i])):
        col, row = grid.points[loc]
        label = _label(data, loc, here.get(loc, ()))
        spot = _place(grid, taken, col, row, len(label))
        if spot is None:
            label = _label(data, loc, here.get(loc, ()), short=True)
            spot = _place(grid, taken, col, row, len(label))
        if spot is None:
            continue
        r, c = spot
        place = data.location_ids[loc]
        for offset, (ch, style) in enumerate(_chars(label)):
            if c + offset < grid.width:
                cells[r][c + offset] = (ch, place_style(place, style))
                taken[r][c + offset] = True
    out = Text()
    for line in cells:
        for ch, drawn in line:
            out.append(ch, drawn)
        out.append("\n")
    out.rstrip()
    return out


def _chars(text: Text) -> list[tuple[str, str]]:
    """Every character of ``text`` with the style it is drawn in."""
    styles = [""] * len(text.plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(styles))):
            styles[i] = str(span.style)
    return list(zip(text.plain, styles, strict=True))


def map_legend(data: Components, players: Sequence[Mapping[str, Any]]) -> Text:
    """What the map's letters mean: travel symbols, then explorers."""
    codes = colour_codes(data.colours)
    legend = Text("symbols   ")
    legend.append_text(
        Text("  ").join(travel_text(c, codes[c]).append(f" {c}", style="") for c in data.colours)
    )
    legend.append("\nexplorers ")
    legend.append_text(
        Text("  ").join(
            player_token(data, p["seat"]).append(f" {p['company']}", style="") for p in players
        )
    )
    return legend
