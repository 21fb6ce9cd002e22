"""The Source of the Nile map file: its tables (pydantic models), the terrain codes of its
rows, and the grid of land hexes the rows describe.

Validation of everything beyond the shape of single entries is in
:mod:`terra.games.nile.components.rivers` and :mod:`terra.games.nile.components.board`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Final, Literal

from pydantic import Field

from terra.core.data import MAX_ENTRIES, Meta, Name, StrictModel
from terra.core.errors import DataError, quote
from terra.games.nile.components.hexgrid import Cell, neighbour_cell
from terra.games.nile.terms import BLANK, TERRAIN_NAMES, WATER_TERRAINS

MAP_FILE: Final = "map.toml"
MOUTHS: Final = 9  # 10.3351: "any one of the nine river mouths"
MAX_SIDE: Final = 99  # rows and columns: a hex id has two digits for each
MAX_PORTS: Final = 60
MAX_COURSE: Final = 200  # hexes in one pre-printed river

# Water that rivers join without being drawn through it (terms.WATER_TERRAINS).
WATER: Final = WATER_TERRAINS
# One character per hex in the map's rows; upper case for terrain.
SEA_CODE: Final = "~"
BLANK_CODE: Final = "."
TERRAIN_CODES: Final = "VLMDJSWH"  # in the order of TERRAIN_NAMES (W: wet jungle, H: hill jungle)

HexId = Annotated[str, Field(pattern=r"^[0-9]{4}$")]
Side = Annotated[int, Field(ge=0, le=6)]
Exit = Annotated[int, Field(ge=1, le=6)]


class MapSpec(StrictModel):
    rows: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=MAX_SIDE)]],
        Field(min_length=1, max_length=MAX_SIDE),
    ]


class PortSpec(StrictModel):
    name: Name
    hex: HexId
    coast: Literal["west", "east", "inland"]
    horses: bool = False
    camels: bool = False
    crossings: Annotated[list[HexId], Field(max_length=6)] = Field(default_factory=list)


class SegmentSpec(StrictModel):
    hex: HexId
    up: Side  # the hexside water comes in by; 0: a source in the hex's centre
    down: Exit  # the hexside water leaves by


class RiverSpec(StrictModel):
    name: Name
    course: Annotated[list[SegmentSpec], Field(min_length=1, max_length=MAX_COURSE)]
    cataracts: Annotated[list[HexId], Field(max_length=MAX_COURSE)] = Field(default_factory=list)


class MouthSpec(StrictModel):
    name: Name
    hex: HexId
    minimum_length: Annotated[int, Field(ge=1, le=MAX_SIDE * MAX_SIDE)]


class SuddSpec(StrictModel):
    hexes: Annotated[list[HexId], Field(min_length=1, max_length=6)]


class MapFile(StrictModel):
    meta: Meta
    map: MapSpec
    port: Annotated[list[PortSpec], Field(min_length=1, max_length=MAX_PORTS)]
    river: Annotated[list[RiverSpec], Field(max_length=MAX_ENTRIES)] = Field(default_factory=list)
    mouth: Annotated[list[MouthSpec], Field(min_length=MOUTHS, max_length=MOUTHS)]
    sudd: SuddSpec


def hex_id(row: int, col: int) -> str:
    """A cell's id: two digits of column, then two of row, both counted from 1.

    >>> hex_id(1, 24)
    '2502'
    """
    return f"{col + 1:02d}{row + 1:02d}"


@dataclass(frozen=True)
class Grid:
    """The land hexes of the map's rows."""

    rows: int
    columns: int
    cells: tuple[Cell, ...]
    terrain: tuple[int, ...]
    index: dict[Cell, int]

    def at(self, cell: Cell) -> int:
        return self.index.get(cell, -1)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.columns

    def neighbour(self, hex_: int, direction: int) -> int:
        row, col = self.cells[hex_]
        return self.at(neighbour_cell(row, col, direction))


def read_grid(rows: Sequence[str], where: str) -> Grid:
    """The map's rows: equal lengths, known characters, at least one land hex."""
    columns = len(rows[0])
    cells: list[Cell] = []
    terrain: list[int] = []
    for r, line in enumerate(rows):
        if len(line) != columns:
            raise DataError(
                f"{where}: map.rows.{r}: {len(line)} hexes, but the first row has {columns}"
            )
        for c, code in enumerate(line):
            if code == SEA_CODE:
                continue
            if code == BLANK_CODE:
                kind = BLANK
            elif code in TERRAIN_CODES:
                kind = TERRAIN_CODES.index(code)
            else:
                raise DataError(
                    f"{where}: map.rows.{r}: hex {hex_id(r, c)} has unknown terrain {quote(code)} "
                    f"(known: {SEA_CODE} sea, {BLANK_CODE} blank, "
                    + ", ".join(
                        f"{k} {n}" for k, n in zip(TERRAIN_CODES, TERRAIN_NAMES, strict=True)
                    )
                    + ")"
                )
            cells.append((r, c))
            terrain.append(kind)
    if not cells:
        raise DataError(f"{where}: map.rows: the map has no land")
    return Grid(
        len(rows), columns, tuple(cells), tuple(terrain), {cell: i for i, cell in enumerate(cells)}
    )


def land_hex(grid: Grid, ident: str, entry: str) -> int:
    """The land hex with id ``ident``; a :class:`DataError` for ``entry`` if there is none."""
    row, col = int(ident[2:]) - 1, int(ident[:2]) - 1
    hex_ = grid.at((row, col))
    if hex_ < 0:
        where = "beyond the map" if not grid.inside((row, col)) else "sea"
        raise DataError(f"{entry}: hex {ident} is {where}, not a land hex of the map")
    return hex_
