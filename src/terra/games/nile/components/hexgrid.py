"""The geometry of the Source of the Nile mapboard: hexes in columns, compass directions.

The hexes stand in vertical columns with flat tops ("odd-q" offset coordinates): every odd
column (counting from 0) is shifted half a hex south. A hex therefore has a neighbour straight
north and straight south, which is how the rulebook speaks of the map ("hex 35 north of
Khartoum", 10.311), and four on the diagonals.

The directional compass (10.23) numbers the six directions clockwise from north:

====  ==========  =============================================
 1    north       the hex above, in the same column
 2    north-east  the upper of the two hexes in the next column
 3    south-east  the lower of the two hexes in the next column
 4    south       the hex below, in the same column
 5    south-west  the lower of the two hexes in the column before
 6    north-west  the upper of the two hexes in the column before
====  ==========  =============================================

A hexside carries the number of the direction it faces, so a river drawn "from hexside 4 to
hexside 1" flows from the south side of its hex to the north side. Side 0 is the centre of the
hex, where a river source is drawn (10.316).

>>> neighbour_cell(3, 4, NORTH), neighbour_cell(3, 4, SOUTH_EAST), neighbour_cell(3, 5, SOUTH_EAST)
((2, 4), (3, 5), (4, 6))
>>> opposite(NORTH), opposite(SOUTH_WEST)
(4, 2)
>>> cell_distance((0, 0), (5, 3))
7
"""

from __future__ import annotations

from typing import Final

Direction = int  # 1-6 as the compass numbers them; 0 is a hex's centre
Cell = tuple[int, int]  # (row, column), 0-based, north-west corner first

CENTRE: Final = 0
NORTH, NORTH_EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, NORTH_WEST = range(1, 7)
DIRECTIONS: Final = (NORTH, NORTH_EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, NORTH_WEST)
DIRECTION_NAMES: Final = ("north", "north-east", "south-east", "south", "south-west", "north-west")

# (row, column) steps to the neighbour in each direction, for even and for odd columns.
_EVEN_STEPS: Final = ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1))
_ODD_STEPS: Final = ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def opposite(direction: Direction) -> Direction:
    """The direction facing ``direction``: the side a river enters by when it leaves the
    neighbouring hex by ``direction``."""
    return (direction + 2) % 6 + 1


def neighbour_cell(row: int, col: int, direction: Direction) -> Cell:
    """The cell next to (row, col) in ``direction`` (it may lie beyond the board)."""
    d_row, d_col = (_ODD_STEPS if col & 1 else _EVEN_STEPS)[direction - 1]
    return row + d_row, col + d_col


def direction_between(a: Cell, b: Cell) -> Direction:
    """The direction from cell ``a`` to the adjacent cell ``b``; 0 if they are not adjacent."""
    for direction in DIRECTIONS:
        if neighbour_cell(a[0], a[1], direction) == b:
            return direction
    return CENTRE


def cube(cell: Cell) -> tuple[int, int, int]:
    """Cube coordinates of a cell: three axes whose largest difference is the distance."""
    row, col = cell
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def cell_distance(a: Cell, b: Cell) -> int:
    """Hexes counted on the board from ``a`` to ``b``, whatever lies between."""
    ax, ay, az = cube(a)
    bx, by, bz = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def cell_line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The line of cells from ``a`` to ``b``, both included: the cells whose centres lie
    nearest to the straight line between the two centres. Where the line runs exactly along a
    hexside it is nudged to one side (always the same one), so the line is one cell wide.

    >>> cell_line((5, 5), (2, 5))
    ((5, 5), (4, 5), (3, 5), (2, 5))
    """
    steps = cell_distance(a, b)
    start = cube(a)
    end = cube(b)
    nudge = (1e-6, 2e-6, -3e-6)
    line: list[Cell] = []
    for i in range(steps + 1):
        t = i / steps if steps else 0.0
        x, y, z = (s + (e - s) * t + n for s, e, n in zip(start, end, nudge, strict=True))
        line.append(_cell_of_cube(x, y, z))
    return tuple(line)


def _cell_of_cube(x: float, y: float, z: float) -> Cell:
    """The cell holding the cube point (x, y, z)."""
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    col = rx
    return rz + (col - (col & 1)) // 2, col
