"""Africana's board for the browser: where the route map puts each location and its name.

Built from the component data alone (the printed board and the faces of the cards), so it is
the same in every game played with that data and holds nothing a seat may not know; the
browser board (``web/board.js``) draws the position from each seat's view over it.
"""

from __future__ import annotations

from typing import Any

from terra.games.africana.components import HEMISPHERES, Components

# The map's frame in the board's own units (the SVG viewBox is this wide).
MAP_WIDTH = 640
MARGIN = 34
DOT = 13  # radius of a location on the map
LABEL_SIZE = 13  # font size of a location's name
_CHAR = 0.58  # an average letter's width, in font sizes

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _project(data: Components) -> tuple[list[tuple[float, float]], float, float]:
    """Each location's (x, y), the equator's y and the map's height: longitude and latitude
    scaled alike, so the continent keeps its shape."""
    west, east = min(data.lon), max(data.lon)
    south, north = min(data.lat), max(data.lat)
    scale = (MAP_WIDTH - 2 * MARGIN) / ((east - west) or 1.0)
    points = [
        (MARGIN + (lon - west) * scale, MARGIN + (north - lat) * scale)
        for lon, lat in zip(data.lon, data.lat, strict=True)
    ]
    return points, MARGIN + north * scale, 2 * MARGIN + (north - south) * scale


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place_labels(names: list[str], points: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """A spot for each name beside its location, inside the map, that covers no location and
    no other name: below, above, right, left or below to one side, the first that is free."""
    taken: list[Box] = [(x - DOT, y - DOT, x + DOT, y + DOT) for x, y in points]
    placed = []
    for name, (x, y) in zip(names, points, strict=True):
        width = len(name) * LABEL_SIZE * _CHAR
        spots = (
            (x, y + DOT + LABEL_SIZE, "middle"),
            (x, y - DOT - 4, "middle"),
            (x + DOT + 3, y + LABEL_SIZE / 3, "start"),
            (x - DOT - 3, y + LABEL_SIZE / 3, "end"),
            (x + DOT, y + DOT + LABEL_SIZE, "end"),
            (x - DOT, y + DOT + LABEL_SIZE, "start"),
        )
        inside = [
            spot
            for spot in spots
            if _label_box(spot, width)[0] >= 0 and _label_box(spot, width)[2] <= MAP_WIDTH
        ]
        chosen = (inside or spots)[0]
        for spot in inside:
            box = _label_box(spot, width)
            if all(not _overlaps(box, other) for other in taken):
                chosen = spot
                break
        taken.append(_label_box(chosen, width))
        placed.append({"x": round(chosen[0], 1), "y": round(chosen[1], 1), "anchor": chosen[2]})
    return placed


def _label_box(spot: tuple[float, float, str], width: float) -> Box:
    x, baseline, anchor = spot
    left = {"middle": x - width / 2, "start": x, "end": x - width}[anchor]
    return (left, baseline - LABEL_SIZE, left + width, baseline + 3)


def board_layout(data: Components) -> dict[str, Any]:
    """The route map, the expedition spaces' bonuses and the faces of the cards, as JSON."""
    ids = data.location_ids
    points, equator, height = _project(data)
    labels = _place_labels(list(data.location_names), points)
    return {
        "width": MAP_WIDTH,
        "map_height": round(height, 1),
        "equator": round(equator, 1),
        "dot": DOT,
        "label_size": LABEL_SIZE,
        "colours": list(data.colours),
        "locations": {
            ids[i]: {
                "name": data.location_names[i],
                "x": round(x, 1),
                "y": round(y, 1),
                "hemisphere": HEMISPHERES[data.hemisphere[i]],
                "symbols": [data.colours[s] for s in data.symbols[i]],
                "label": labels[i],
            }
            for i, (x, y) in enumerate(points)
        },
        "routes": [[ids[a], ids[b]] for a, b in data.routes],
        "companies": [{"country": c.country, "colour": c.colour} for c in data.companies],
        "expeditions": {
            card: {
                "deck": "ABC"[data.expedition_deck[i]],
                "start": ids[data.expedition_start[i]],
                "target": ids[data.expedition_target[i]],
                "silver": data.expedition_silver[i],
                "points": data.expedition_points[i],
            }
            for i, card in enumerate(data.expedition_ids)
        },
        "adventures": {
            card: {
                "book": HEMISPHERES[data.adventure_book[i]],
                "target": ids[data.adventure_target[i]],
                "artifact": _name_or_none(data.artifacts, data.adventure_artifact[i]),
                "assistant": _name_or_none(data.colours, data.adventure_assistant[i]),
                "silver": data.adventure_silver[i],
                "points": data.adventure_points[i],
            }
            for i, card in enumerate(data.adventure_ids)
        },
    }


def _name_or_none(names: tuple[str, ...], index: int) -> str | None:
    return names[index] if index >= 0 else None
