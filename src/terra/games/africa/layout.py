"""Africa's board for the browser: the hex map's geometry and the kinds of markers.

Built from the component data alone, so it is the same in every game with that data: which
marker lies under a face-down one is never here (each seat's view says what shows).
"""

from __future__ import annotations

import math
from typing import Any

from terra.games.africa.actions import PLAYER_COLOURS
from terra.games.africa.components import CATEGORIES, Components

HEX = 22.0  # a hex's circumradius in the board's units
MARGIN = 6.0


def _centre(row: int, col: int) -> tuple[float, float]:
    """Pointy-topped hexes in rows, odd rows half a hex east (the data's "odd-r" rows)."""
    width = math.sqrt(3) * HEX
    x = MARGIN + width / 2 + col * width + (width / 2 if row & 1 else 0.0)
    y = MARGIN + HEX + row * 1.5 * HEX
    return round(x, 1), round(y, 1)


def board_layout(data: Components) -> dict[str, Any]:
    """The hexes with their centres, the start cities and the marker kinds, as JSON."""
    hexes: list[dict[str, Any]] = []
    for h, ident in enumerate(data.hex_ids):
        x, y = _centre(data.row[h], data.col[h])
        city = data.city_of[h]
        name = data.city_names[city] if city >= 0 else None
        hexes.append({"id": ident, "x": x, "y": y, "city": name})
    # The frame holds the land alone: columns of sea at the grid's edges are left out.
    west = min(hex_["x"] for hex_ in hexes) - math.sqrt(3) * HEX / 2 - MARGIN
    for hex_ in hexes:
        hex_["x"] = round(hex_["x"] - west, 1)
    width = max(hex_["x"] for hex_ in hexes) + math.sqrt(3) * HEX / 2 + MARGIN
    height = 2 * MARGIN + HEX * (1.5 * data.height + 0.5)
    return {
        "hex": HEX,
        "width": round(width, 1),
        "height": round(height, 1),
        "hexes": hexes,
        "colours": list(PLAYER_COLOURS),
        "markers": {
            name: {"category": CATEGORIES[data.category[t]], "label": data.label[t]}
            for t, name in enumerate(data.type_names)
        },
        "goods": [data.type_names[t] for t in data.goods],
    }
