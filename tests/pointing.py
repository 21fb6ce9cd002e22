"""What a terminal board shows where it says each place is: its places map
(:meth:`terra.core.game.Game.terminal_places`) beside the same board drawn as plain text."""

from __future__ import annotations

import io

from rich.console import Console

from terra.core import GameState

WIDTH = 80

# Where a place is drawn on one line: the line, the first column of the place's cells on it,
# and the text those cells show, left to right.
Shown = tuple[str, int, str]


def shown_at_places(
    state: GameState, seat: int | None, scale: str | None = None, width: int = WIDTH
) -> dict[str, list[Shown]]:
    """Each place the board of ``seat`` marks, on each line it is drawn on, from the top."""
    drawn = io.StringIO()
    board = state.game.render_terminal(state, seat, scale)
    Console(file=drawn, width=width, color_system=None).print(board)
    lines = drawn.getvalue().splitlines()
    cells: dict[str, dict[int, list[int]]] = {}
    for (row, column), place in state.game.terminal_places(state, seat, scale, width).items():
        cells.setdefault(place, {}).setdefault(row, []).append(column)
    return {
        place: [
            (lines[row], min(columns), "".join(lines[row][c] for c in sorted(columns)))
            for row, columns in sorted(rows.items())
        ]
        for place, rows in cells.items()
    }
