"""Source of the Nile's mapboard for the browser: the blank grid and what is printed on it.

Only the board's geometry goes here (each hex's place and its neighbours, the half hexes at
the edges, the ports) and the names of things the views number. Terrain, rivers, natives and
everything else that exploring reveals reach the page through each seat's view alone, so no
unexplored terrain can be read from the layout.
"""

from __future__ import annotations

import math
from typing import Any

from terra.games.nile.actions import PLAYER_COLOURS
from terra.games.nile.components import Components
from terra.games.nile.components.board import Board
from terra.games.nile.components.hexgrid import DIRECTION_NAMES
from terra.games.nile.components.tables import ATTITUDE_LETTERS
from terra.games.nile.terms import GOOD_IDS, TERRAIN_NAMES

HEX = 13.0  # a hex's circumradius in the board's units
MARGIN = 4.0


def _centre(row: int, col: int) -> tuple[float, float]:
    """Flat-topped hexes in columns, odd columns half a hex south (hexgrid's "odd-q")."""
    height = math.sqrt(3) * HEX
    x = MARGIN + HEX + col * 1.5 * HEX
    y = MARGIN + height / 2 + row * height + (height / 2 if col & 1 else 0.0)
    return round(x, 1), round(y, 1)


def _hexes(board: Board) -> list[list[Any]]:
    """Each hex as [id, x, y, half]."""
    return [
        [ident, *_centre(board.row[h], board.col[h]), board.half[h]]
        for h, ident in enumerate(board.hex_ids)
    ]


def board_layout(data: Components) -> dict[str, Any]:
    """The grid, the ports and the names the view's numbers stand for, as JSON."""
    board = data.board
    tables = data.tables
    return {
        "hex": HEX,
        "width": round(2 * MARGIN + HEX * (1.5 * board.columns + 0.5), 1),
        "height": round(2 * MARGIN + math.sqrt(3) * HEX * (board.rows + 0.5), 1),
        "hexes": _hexes(board),
        "neighbours": [list(n) for n in board.neighbours],
        "directions": list(DIRECTION_NAMES),
        "ports": [
            {"name": name, "hex": hex_, "coast": coast}
            for name, hex_, coast in zip(
                board.port_names, board.port_hex, board.port_coast, strict=True
            )
        ],
        "colours": list(PLAYER_COLOURS),
        "terrains": list(TERRAIN_NAMES),
        "specialties": list(tables.specialty_names),
        "goods": list(GOOD_IDS),
        "good_names": list(tables.good_names),
        "specials": list(tables.special_names),
        "policies": _policies(data),
    }


def _policies(data: Components) -> list[dict[str, Any]]:
    """The six Native Policies (13.3) and what each risks: the Native Attitude Table's answer
    (F, N, H, A, C) to each sum of two dice from 2, by activity level (13.32)."""
    tables = data.tables
    return [
        {
            "name": name,
            "negotiates": negotiates,
            "retreats": retreats,
            "needs_arms": needs_arms,
            "attitude": ["".join(ATTITUDE_LETTERS[r] for r in level) for level in attitude],
        }
        for name, negotiates, retreats, needs_arms, attitude in zip(
            tables.policy_names,
            tables.policy_negotiates,
            tables.policy_retreats,
            tables.policy_needs_arms,
            tables.attitude,
            strict=True,
        )
    ]
