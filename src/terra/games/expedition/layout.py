"""Expedition's world map for the browser: where each site, station and name goes.

Points start at their longitude and latitude and are then pushed apart until none crowds
another (Europe is dense, the oceans empty), so that every name can be read; the lines keep
their ends. Built from the component data alone: the same in every game with that data.
"""

from __future__ import annotations

import copy
import math
from functools import lru_cache
from typing import Any

from terra.games.expedition.components import Components, as_dict

WIDTH = 1000  # the board's width in its own units
MARGIN = 26
NORTH, SOUTH = 80.0, -50.0
STRETCH = 1.5  # latitude drawn taller than longitude: the map's crowded rows get room
SPACING = 40.0  # the least distance between two points after relaxing
ROUNDS = 300
DOT = 6
LABEL_SIZE = 10
_CHAR = 0.56  # an average letter's width, in font sizes

Box = tuple[float, float, float, float]


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


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_box(x: float, baseline: float, anchor: str, width: float) -> Box:
    left = {"middle": x - width / 2, "start": x, "end": x - width}[anchor]
    return (left, baseline - LABEL_SIZE + 2, left + width, baseline + 2)


def _place_labels(
    names: list[str], points: list[list[float]], right_edge: float
) -> list[dict[str, Any]]:
    """A free spot for each name: right, left, below or above its point."""
    taken: list[Box] = [(x - DOT, y - DOT, x + DOT, y + DOT) for x, y in points]
    placed = []
    for name, (x, y) in zip(names, points, strict=True):
        width = len(name) * LABEL_SIZE * _CHAR
        spots = [
            (x + DOT + 2, y + LABEL_SIZE / 3, "start"),
            (x - DOT - 2, y + LABEL_SIZE / 3, "end"),
            (x, y + DOT + LABEL_SIZE, "middle"),
            (x, y - DOT - 2, "middle"),
        ]
        inside = [
            spot
            for spot in spots
            if _label_box(*spot, width)[0] >= 0 and _label_box(*spot, width)[2] <= right_edge
        ]
        chosen = (inside or spots)[0]
        for spot in inside:
            if not any(_overlaps(_label_box(*spot, width), box) for box in taken):
                chosen = spot
                break
        taken.append(_label_box(*chosen, width))
        placed.append({"x": round(chosen[0], 1), "y": round(chosen[1], 1), "anchor": chosen[2]})
    return placed


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
