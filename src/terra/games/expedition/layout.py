"""Expedition's world map for the browser: where each site, station and name goes.

Points start at their longitude and latitude and are then pushed apart until none crowds
another (Europe is dense, the oceans empty), so that every name can be read and the markers
the board draws between points (24 units across, as its targets) find room; the lines keep
their ends. A unit is a CSS pixel at the least: the board pans the map rather than shrink it.
Each name's spot comes with the box it takes (``label.box``), which the board's markers avoid.
Built from the component data alone: the same in every game with that data.
"""

from __future__ import annotations

import copy
import math
from functools import lru_cache
from typing import Any

from terra.games.expedition.components import Components, as_dict

WIDTH = 1200  # the board's width in its own units: CSS pixels at the least (board.js)
MARGIN = 26
NORTH, SOUTH = 80.0, -50.0
STRETCH = 1.5  # latitude drawn taller than longitude: the map's crowded rows get room
SPACING = 58.0  # the least distance between two points after relaxing: room for targets
ROUNDS = 300
DOT = 7
LABEL_SIZE = 13
SMALL_LABEL_SIZE = 11  # where the map is too crowded for names at LABEL_SIZE
LABEL_ROUNDS = 20  # at most, of moving names that cover something
# Letters' widths and the height above the baseline, in font sizes, of the wide sans-serif
# fonts a browser may pick, bold (as the names of missions are drawn); and a halo's room.
_NARROW, _WIDE = set("fijlrt '-.I"), set("mwMW")
_ASCENT = 0.95
_PAD = 1.5


def _text_width(name: str) -> float:
    """A name's width at :data:`LABEL_SIZE`, a little more than a browser draws it."""
    ems = sum(
        0.42 if c in _NARROW else 1.05 if c in _WIDE else 0.82 if c.isupper() else 0.7 for c in name
    )
    return ems * LABEL_SIZE


Box = tuple[float, float, float, float]
Spot = tuple[float, float, str, float]  # x, baseline, text-anchor, font size


def _project(lon: float, lat: float) -> tuple[float, float]:
    scale = (WIDTH - 2 * MARGIN) / 360
    return MARGIN + (lon + 180) * scale, MARGIN + (NORTH - lat) * scale * STRETCH


def _relax(points: list[list[float]], fixed: list[bool]) -> None:
    """Push crowded points apart, each pair by half their overlap, for a fixed number of
    rounds (deterministic: the same map every time)."""
    count = len(points)
    for _ in range(ROUNDS):
        moved = False
        for i in range(count):
            xi, yi = points[i]
            for j in range(i + 1, count):
                dx = points[j][0] - xi
                dy = points[j][1] - yi
                distance = math.hypot(dx, dy)
                if distance >= SPACING:
                    continue
                if distance < 1e-6:
                    dx, dy, distance = 1.0, 0.0, 1.0
                push = (SPACING - distance) / 2
                ux, uy = dx / distance * push, dy / distance * push
                if not fixed[i]:
                    points[i][0] -= ux
                    points[i][1] -= uy
                if not fixed[j]:
                    points[j][0] += ux
                    points[j][1] += uy
                moved = True
        if not moved:
            break


def _label_box(spot: Spot, name: str) -> Box:
    """The room ``name`` takes at ``spot``, its descenders and halo included."""
    x, baseline, anchor, size = spot
    width = _text_width(name) * size / LABEL_SIZE
    left = {"middle": x - width / 2, "start": x, "end": x - width}[anchor]
    return (left - _PAD, baseline - _ASCENT * size, left + width + _PAD, baseline + size / 4)


def _overlap_area(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _spots(x: float, y: float) -> list[Spot]:
    """Where a name may go, best first: right, left, below, above its point, then corners
    and diagonals;
    then the same in a smaller size, for the most crowded parts of the map."""
    found: list[Spot] = []
    for size in (LABEL_SIZE, SMALL_LABEL_SIZE):
        below, above = y + DOT + 2 + _ASCENT * size, y - DOT - 4
        beside = y + size / 3
        found += [
            (x + DOT + 2, beside, "start", size),
            (x - DOT - 2, beside, "end", size),
            (x, below, "middle", size),
            (x, above, "middle", size),
            (x - 2, below, "start", size),
            (x + 2, below, "end", size),
            (x - 2, above, "start", size),
            (x + 2, above, "end", size),
            (x + DOT, below, "start", size),
            (x - DOT, below, "end", size),
            (x + DOT, above, "start", size),
            (x - DOT, above, "end", size),
        ]
    return found


def _place_labels(
    names: list[str], points: list[list[float]], right_edge: float
) -> list[dict[str, Any]]:
    """A spot for each name that covers no point and no other name where one can be found.

    Each name first takes the first free spot, in order; then the names that still cover
    something move, one at a time, to the spot that covers least, until none can do better.
    """
    dots: list[Box] = [(x - DOT, y - DOT, x + DOT, y + DOT) for x, y in points]
    options: list[list[Box]] = []
    spots: list[list[Spot]] = []
    for name, (x, y) in zip(names, points, strict=True):
        here = [
            spot
            for spot in _spots(x, y)
            if _label_box(spot, name)[0] >= 0 and _label_box(spot, name)[2] <= right_edge
        ] or _spots(x, y)
        spots.append(here)
        options.append([_label_box(spot, name) for spot in here])

    # Only names of points near one another can meet: two of the widest names apart at most.
    reach = 2 * (max(_text_width(name) for name in names) + DOT + LABEL_SIZE)
    near = [
        [
            j
            for j, (xj, yj) in enumerate(points)
            if j != i and abs(xj - xi) < reach and abs(yj - yi) < 6 * LABEL_SIZE
        ]
        for i, (xi, yi) in enumerate(points)
    ]

    def crowding(box: Box, own: int, chosen: list[Box]) -> float:
        others = [j for j in near[own] if j < len(chosen)]
        return sum(_overlap_area(box, dots[j]) for j in near[own]) + sum(
            _overlap_area(box, chosen[j]) for j in others
        )

    chosen: list[Box] = []
    picks: list[int] = []
    for index, boxes in enumerate(options):
        costs = [crowding(box, index, chosen) for box in boxes]
        pick = costs.index(min(costs))
        picks.append(pick)
        chosen.append(boxes[pick])
    for _ in range(LABEL_ROUNDS):
        moved = False
        for index, boxes in enumerate(options):
            now = crowding(chosen[index], index, chosen)
            if now == 0:
                continue
            costs = [crowding(box, index, chosen) for box in boxes]
            pick = costs.index(min(costs))
            if costs[pick] < now:
                picks[index], chosen[index], moved = pick, boxes[pick], True
        if not moved:
            break
    return [
        {
            "x": round(spot[0], 1),
            "y": round(spot[1], 1),
            "anchor": spot[2],
            "size": spot[3],
            "box": [round(v, 1) for v in _label_box(spot, name)],
        }
        for spot, name in (
            (here[pick], name) for here, pick, name in zip(spots, picks, names, strict=True)
        )
    ]


def board_layout(data: Components) -> dict[str, Any]:
    """The world map: points with positions and name spots, lines, continents, as JSON.

    Relaxing the map takes most of a second, so it is done once per data set; each caller
    gets its own copy.
    """
    return copy.deepcopy(_board_layout(data))


@lru_cache(maxsize=8)
def _board_layout(data: Components) -> dict[str, Any]:
    """The layout of :func:`board_layout`, worked out afresh.

    An edge station stands on both edges of the map (Expedition, Building): its ``copies``
    are its two positions, and a line is drawn to the copy nearer its other end.
    """
    static = as_dict(data)
    points = [list(_project(p["lon"], p["lat"])) for p in static["points"]]
    wraps = [bool(p["wrap"]) for p in static["points"]]
    _relax(points, wraps)
    _, bottom = _project(0.0, SOUTH)
    height = max(bottom, *(y for _, y in points)) + MARGIN
    labels = _place_labels([p["name"] for p in static["points"]], points, WIDTH)
    laid_out = {}
    for spec, (x, y), label in zip(static["points"], points, labels, strict=True):
        copies = [[round(x, 1), round(y, 1)]]
        if spec["wrap"]:
            copies.append([MARGIN, round(y, 1)])
        laid_out[spec["id"]] = {
            "name": spec["name"],
            "kind": spec["kind"],
            "continent": spec["continent"],
            "wrap": spec["wrap"],
            "copies": copies,
            "label": label,
        }
    return {
        "width": WIDTH,
        "map_height": round(height, 1),
        "dot": DOT,
        "label_size": LABEL_SIZE,
        "start": static["start"],
        "continents": {
            ident: {"name": name, "colour": colour}
            for ident, name, colour in zip(
                data.continent_ids, data.continent_names, data.continent_colours, strict=True
            )
        },
        "points": laid_out,
        "lines": static["lines"],
    }
