"""Source of the Nile 1.0, 2.3, 3.2, the mapboard as data: the hex grid, the terrain of the
published periphery, ports, pre-printed rivers and the nine river systems, loaded from
``map.toml``.

The engine never touches names: hexes, ports and river systems are ints indexing the tuples of
a :class:`Board`. Loading checks the file's shape (pydantic) and then everything the rules read
from the mapboard, and reports problems by file and entry:

- the grid (:mod:`terra.games.nile.components.hexgrid`): one character per hex, columns of
  flat-topped hexes, compass directions 1-6 clockwise from north; the hexes cut by the board's edges
  are half hexes (9.17);
- terrain: blank (unexplored) hexes have none; every other hex is published (3.2);
- ports on the coast (or, like Khartoum, up a river that leaves the board), with what they sell
  (5.426, 5.427); an island port reaches the mainland only by its crossings (3.2, Zanzibar);
- pre-printed rivers drawn from hexside to hexside, or from a source in a hex's centre
  (10.316), each consistent with its neighbours (10.318) and flowing to one of the nine mouths
  (10.311, 10.3351) without flowing in a circle (10.336);
- Cape Colony as 3.2 bounds it (the Orange and the line from Durban to the Orange's source);
- distances: over land to the nearest port (10.42) and on the board to the nearest published
  hex (4.41).
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from terra.core.data import DataFiles, DataLoader, Length, LoadedData, Names, fold_name
from terra.core.errors import DataError
from terra.games.nile.components.hexgrid import (
    CENTRE,
    DIRECTIONS,
    cell_distance,
    cell_line,
    neighbour_cell,
)
from terra.games.nile.components.mapfile import (
    MAP_FILE,
    TERRAIN_CODES,
    Grid,
    MapFile,
    hex_id,
    land_hex,
    read_grid,
)
from terra.games.nile.components.rivers import (
    check_river_sides,
    read_mouths,
    read_rivers,
    trace_systems,
    water_bodies,
)
from terra.games.nile.terms import BLANK, JUNGLE_SWAMP, SWAMP, TERRAIN_NAMES

__all__ = [
    "MAP_FILE",
    "Board",
    "MapFile",
    "board_text",
    "build_board",
    "load_board",
]

# How a hex is written, for a notation naming none.
HEX_HINT = " (a hex is its column and row, like 1520, or a port's name)"


@dataclass(frozen=True, eq=False)
class Board(LoadedData):
    """The mapboard as int-indexed tuples. Shared by all states; never mutated.

    Hexes are the land hexes, numbered row by row from the north-west; sea is no hex. Directions are
    the compass's 1-6 (see :mod:`terra.games.nile.components.hexgrid`); tuples indexed by direction
    hold direction ``d`` at position ``d - 1``.
    """

    rows: int  # rows of the grid, sea included
    columns: int
    hex_ids: tuple[str, ...]  # "2502": column 25, row 02
    row: tuple[int, ...]  # 0-based, north first
    col: tuple[int, ...]  # 0-based, west first
    grid: tuple[int, ...]  # the hex in each cell (row * columns + col), -1 for sea
    neighbours: tuple[tuple[int, ...], ...]  # the hex in each direction, -1: sea or beyond
    overland: tuple[tuple[int, ...], ...]  # the hexes a step over land reaches (3.2, Zanzibar)
    terrain: tuple[int, ...]  # BLANK or a terrain
    half: tuple[bool, ...]  # cut by the board's edge (9.17)
    sea_sides: tuple[tuple[int, ...], ...]  # the directions in which the sea lies
    edge_sides: tuple[tuple[int, ...], ...]  # the directions in which the board ends
    along_coast: tuple[tuple[int, ...], ...]  # neighbours reached along the coast (5.432)
    # ports
    port_names: tuple[str, ...]
    port_hex: tuple[int, ...]
    port_coast: tuple[str, ...]  # "west", "east" or "inland"
    port_of: tuple[int, ...]  # the port in each hex, -1 for none
    horses: tuple[int, ...]  # the ports that sell horses (5.426)
    camels: tuple[int, ...]  # the ports that sell camels (5.427)
    crossings: tuple[tuple[int, int], ...]  # (island port hex, mainland hex) (3.2)
    cape_colony: tuple[bool, ...]
    # rivers: each segment is (hex, up side, down side); up side 0 is a source
    river_names: tuple[str, ...]
    segments: tuple[tuple[int, int, int], ...]
    segment_river: tuple[int, ...]
    river_up: tuple[tuple[int, ...], ...]  # the sides water comes in by, in each hex
    river_down: tuple[int, ...]  # the side water leaves by (0: no river in the hex)
    cataract: tuple[bool, ...]  # pre-printed cataracts (10.52)
    # river systems, one per mouth
    system_names: tuple[str, ...]
    mouths: tuple[int, ...]
    minimum_length: tuple[int, ...]
    system_of: tuple[int, ...]  # the system each river, lake or swamp hex drains to, or -1
    preprinted: tuple[int, ...]  # the hexes of each system already on the board (10.3353)
    nile: int  # the Nile's system (10.311, 25.26)
    sudd: tuple[int, ...]  # the Sudd swamps (1.0, 10.3353)
    # distances
    port_distance: tuple[int, ...]  # hexes over land to the nearest port (10.42)
    published_distance: tuple[int, ...]  # hexes on the board to the nearest published hex
    hexes: Names  # hexes by id, port hexes also by the port's name
    systems: Names  # river systems by name

    num_hexes = Length("hex_ids")
    num_ports = Length("port_names")

    def hex(self, name_or_id: str) -> int:
        """The hex with this id or port name (case, spacing and accents ignored); -1 if
        none."""
        return self.hexes.get(name_or_id)

    def port(self, name: str) -> int:
        """The port with this name; -1 if none."""
        hex_ = self.hexes.get(name)
        return self.port_of[hex_] if hex_ >= 0 else -1

    def hex_name(self, hex_: int) -> str:
        """A hex in words: the port's name for a port, its id otherwise."""
        port = self.port_of[hex_]
        return self.port_names[port] if port >= 0 else self.hex_ids[hex_]

    def at(self, row: int, col: int) -> int:
        """The hex in cell (row, col); -1 for sea or beyond the board."""
        if 0 <= row < self.rows and 0 <= col < self.columns:
            return self.grid[row * self.columns + col]
        return -1

    def neighbour(self, hex_: int, direction: int) -> int:
        """The hex next to ``hex_`` in compass direction ``direction`` (1-6); -1 if none."""
        return self.neighbours[hex_][direction - 1]

    def distance(self, a: int, b: int) -> int:
        """Hexes counted on the board from ``a`` to ``b`` (4.41, 4.42)."""
        return cell_distance((self.row[a], self.col[a]), (self.row[b], self.col[b]))

    def published(self, hex_: int) -> bool:
        """Whether the hex is published on the printed board (every hex with terrain, 3.2)."""
        return self.terrain[hex_] != BLANK

    def discovery_sites(self) -> tuple[int, ...]:
        """The blank hexes at least five hexes from a published hex (4.41)."""
        return tuple(h for h, d in enumerate(self.published_distance) if d >= 5)


def fold(text: str) -> str:
    """A name as lookups compare it: without case, spaces, hyphens, underscores or accents.

    >>> fold("Lourenço Marques") == fold("lourenco-marques")
    True
    """
    plain = unicodedata.normalize("NFKD", text)
    return fold_name("".join(c for c in plain if not unicodedata.combining(c)))


def _read_ports(spec: MapFile, grid: Grid, where: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Each port's hex (published, one port a hex) and the crossings of island ports."""
    port_of = [-1] * len(grid.cells)
    crossings: list[tuple[int, int]] = []
    for i, port in enumerate(spec.port):
        entry = f"{where}: port.{i} ({port.name})"
        hex_ = land_hex(grid, port.hex, entry)
        if port_of[hex_] >= 0:
            raise DataError(
                f"{entry}: hex {port.hex} already holds {spec.port[port_of[hex_]].name}"
            )
        if grid.terrain[hex_] == BLANK:
            raise DataError(f"{entry}: hex {port.hex} is blank; ports stand in published hexes")
        port_of[hex_] = i
        if len(set(port.crossings)) != len(port.crossings):
            raise DataError(f"{entry}: crossings: a hex is named twice")
        for ident in port.crossings:
            there = land_hex(grid, ident, f"{entry}: crossings")
            if there not in (grid.neighbour(hex_, d) for d in DIRECTIONS):
                raise DataError(
                    f"{entry}: crossings: hex {ident} is not next to the port's hex {port.hex}"
                )
            crossings.append((hex_, there))
    return port_of, crossings


def _check_port_coasts(
    spec: MapFile,
    port_of: Sequence[int],
    *,
    sea_sides: Sequence[Sequence[int]],
    system_of: Sequence[int],
    mouth_exits_edge: Sequence[bool],
    where: str,
) -> None:
    """A port on the west or east coast borders the sea; an inland port (Khartoum) lies on a
    pre-printed river that leaves the board, the way to Europe (21.4)."""
    for hex_, i in enumerate(port_of):
        if i < 0:
            continue
        port = spec.port[i]
        entry = f"{where}: port.{i} ({port.name})"
        if port.coast != "inland" and not sea_sides[hex_]:
            raise DataError(
                f"{entry}: a port on the {port.coast} coast, but hex {port.hex} borders no sea"
            )
        if port.coast == "inland" and not (
            system_of[hex_] >= 0 and mouth_exits_edge[system_of[hex_]]
        ):
            raise DataError(
                f"{entry}: an inland port must lie on a pre-printed river that leaves the "
                f"board; hex {port.hex} does not"
            )
        if port.crossings and not sea_sides[hex_]:
            raise DataError(
                f"{entry}: crossings: only a port on the coast (an island) has crossings"
            )


def _cape_colony(spec: MapFile, grid: Grid, port_hex: Sequence[int], where: str) -> list[bool]:
    """3.2: every hex on or south of the river Orange, up to and including the line of hexes
    from Durban to the Orange's source. "South of" is down the hex's column, which runs
    north-south on this board."""
    durban = next(
        (i for i, p in enumerate(spec.port) if fold_name(p.name) == fold_name("Durban")), -1
    )
    orange = next(
        (i for i, r in enumerate(spec.river) if fold_name(r.name) == fold_name("Orange")), -1
    )
    missing = "port 'Durban'" if durban < 0 else "river 'Orange'" if orange < 0 else ""
    if missing:
        raise DataError(
            f"{where}: Cape Colony (3.2) is bounded by the river Orange and a line from Durban "
            f"to the Orange's source, but the map has no {missing}"
        )
    course = spec.river[orange].course
    entry = f"{where}: river.{orange} (Orange)"
    if course[0].up != CENTRE:
        raise DataError(
            f"{entry}: course.0 must be the Orange's source (up = 0): Cape Colony's border runs "
            "from Durban to it (3.2)"
        )
    border = {land_hex(grid, step.hex, entry) for step in course}
    source = grid.cells[land_hex(grid, course[0].hex, entry)]
    for cell in cell_line(grid.cells[port_hex[durban]], source):
        if grid.at(cell) < 0:
            raise DataError(
                f"{entry}: the line from Durban to the Orange's source crosses the sea at "
                f"{hex_id(*cell)}"
            )
        border.add(grid.at(cell))
    northmost: dict[int, int] = {}
    for hex_ in border:
        row, col = grid.cells[hex_]
        northmost[col] = min(row, northmost.get(col, row))
    return [col in northmost and row >= northmost[col] for row, col in grid.cells]


def _port_distances(
    overland: Sequence[Sequence[int]], ports: Sequence[int], hex_ids: Sequence[str], where: str
) -> list[int]:
    """10.42: the shortest route in hexes from the nearest port, over land."""
    distance = [-1] * len(overland)
    for hex_ in ports:
        distance[hex_] = 0
    frontier = list(ports)
    for here in frontier:
        for there in overland[here]:
            if distance[there] < 0:
                distance[there] = distance[here] + 1
                frontier.append(there)
    if -1 in distance:
        lost = hex_ids[distance.index(-1)]
        raise DataError(
            f"{where}: map.rows: hex {lost} cannot be reached over land from any port "
            "(10.42 counts the route from the nearest port)"
        )
    return distance


def _published_distances(grid: Grid) -> tuple[int, ...]:
    """4.41: hexes counted on the board, over land or sea, to the nearest published hex. The
    shortest line of hexes between two cells never leaves the rectangle they span, so counting
    outwards step by step over the board's cells gives exactly that."""
    distance = {
        cell: 0 for cell, kind in zip(grid.cells, grid.terrain, strict=True) if kind != BLANK
    }
    frontier = list(distance)
    for row, col in frontier:
        for direction in DIRECTIONS:
            cell = neighbour_cell(row, col, direction)
            if cell not in distance and grid.inside(cell):
                distance[cell] = distance[row, col] + 1
                frontier.append(cell)
    return tuple(distance[cell] for cell in grid.cells)


def build_board(files: DataFiles) -> Board:
    """The :class:`Board` of ``map.toml`` in ``files``, cross-checked (see the module)."""
    spec = files.model(MAP_FILE, MapFile)
    where = files.where(MAP_FILE)
    grid = read_grid(spec.map.rows, where)
    count = len(grid.cells)
    hex_ids = [hex_id(row, col) for row, col in grid.cells]
    port_of, crossings = _read_ports(spec, grid, where)
    neighbours, overland, sea_sides, edge_sides, along_coast = _geometry(grid, crossings)

    rivers = read_rivers(spec, grid, where)
    mouths = read_mouths(spec, grid, rivers, where)
    check_river_sides(grid, rivers, set(mouths), hex_ids)
    body = water_bodies(grid, overland)
    system_of = trace_systems(
        grid, rivers, body, mouths=mouths, mouth_names=[m.name for m in spec.mouth], hex_ids=hex_ids
    )
    mouth_exits_edge = [bool(edge_sides[h]) and not sea_sides[h] for h in mouths]
    _check_port_coasts(
        spec,
        port_of,
        sea_sides=sea_sides,
        system_of=system_of,
        mouth_exits_edge=mouth_exits_edge,
        where=where,
    )

    system_names, nile, sudd = _nile(spec, grid, system_of, where)

    port_hex = [-1] * len(spec.port)
    for hex_, i in enumerate(port_of):
        if i >= 0:
            port_hex[i] = hex_
    cape = _cape_colony(spec, grid, port_hex, where)
    names = [spec.port[port_of[h]].name if port_of[h] >= 0 else hex_ids[h] for h in range(count)]
    return Board(
        provisional=spec.meta.provisional,
        provenance=spec.meta.provenance.strip(),
        digest=files.digest,
        rows=grid.rows,
        columns=grid.columns,
        hex_ids=tuple(hex_ids),
        row=tuple(row for row, _ in grid.cells),
        col=tuple(col for _, col in grid.cells),
        grid=_cells(grid),
        neighbours=tuple(neighbours),
        overland=tuple(overland),
        terrain=grid.terrain,
        half=_half_hexes(grid),
        sea_sides=tuple(sea_sides),
        edge_sides=tuple(edge_sides),
        along_coast=tuple(along_coast),
        port_names=tuple(p.name for p in spec.port),
        port_hex=tuple(port_hex),
        port_coast=tuple(p.coast for p in spec.port),
        port_of=tuple(port_of),
        horses=tuple(i for i, p in enumerate(spec.port) if p.horses),
        camels=tuple(i for i, p in enumerate(spec.port) if p.camels),
        crossings=tuple(crossings),
        cape_colony=tuple(cape),
        river_names=tuple(r.name for r in spec.river),
        segments=rivers.segments,
        segment_river=rivers.segment_river,
        river_up=rivers.up,
        river_down=rivers.down,
        cataract=rivers.cataract,
        system_names=tuple(system_names),
        mouths=tuple(mouths),
        minimum_length=tuple(m.minimum_length for m in spec.mouth),
        system_of=tuple(system_of),
        preprinted=tuple(system_of.count(s) for s in range(len(mouths))),
        nile=nile,
        sudd=tuple(sudd),
        port_distance=tuple(_port_distances(overland, port_hex, hex_ids, where)),
        published_distance=_published_distances(grid),
        hexes=Names("hex", hex_ids, names, where=where, fold=fold, on="the map", hint=HEX_HINT),
        systems=Names(
            "river system", system_names, system_names, where=where, fold=fold, on="the map"
        ),
    )


Geometry = tuple[
    list[tuple[int, ...]],
    list[tuple[int, ...]],
    list[tuple[int, ...]],
    list[tuple[int, ...]],
    list[tuple[int, ...]],
]


def _geometry(grid: Grid, crossings: list[tuple[int, int]]) -> Geometry:
    """By hex: its neighbours by direction, those reached overland (an island port only by its
    crossings, 9.0), its sides on the sea and on the board's edge, and the hexes along the
    coast a canoe may reach (9.2)."""
    count = len(grid.cells)
    neighbours = [tuple(grid.neighbour(h, d) for d in DIRECTIONS) for h in range(count)]
    island: dict[int, set[int]] = {}
    for port_hex_, mainland in crossings:
        island.setdefault(port_hex_, set()).add(mainland)
    overland = [
        tuple(
            there
            for there in neighbours[here]
            if there >= 0
            and (here not in island or there in island[here])
            and (there not in island or here in island[there])
        )
        for here in range(count)
    ]
    sea_sides = [
        tuple(
            d
            for d in DIRECTIONS
            if grid.inside(cell := neighbour_cell(row, col, d)) and grid.at(cell) < 0
        )
        for row, col in grid.cells
    ]
    edge_sides = [
        tuple(d for d in DIRECTIONS if not grid.inside(neighbour_cell(row, col, d)))
        for row, col in grid.cells
    ]
    along_coast = [
        tuple(
            there
            for d in DIRECTIONS
            if (there := neighbours[here][d - 1]) in overland[here]
            and ((d + 4) % 6 + 1 in sea_sides[here] or d % 6 + 1 in sea_sides[here])
        )
        for here in range(count)
    ]
    return neighbours, overland, sea_sides, edge_sides, along_coast


def _nile(
    spec: MapFile, grid: Grid, system_of: list[int], where: str
) -> tuple[list[str], int, list[int]]:
    """The river systems' names, the Nile's among them (10.311), and the hexes of the Sudd, swamps
    of the Nile's system (10.3353)."""
    system_names = [m.name for m in spec.mouth]
    nile = next((s for s, n in enumerate(system_names) if fold_name(n) == fold_name("Nile")), -1)
    if nile < 0:
        raise DataError(
            f"{where}: mouth: none is named 'Nile' (10.311 places the Nile's mouth on the map)"
        )
    sudd = [land_hex(grid, ident, f"{where}: sudd") for ident in spec.sudd.hexes]
    for hex_, ident in zip(sudd, spec.sudd.hexes, strict=True):
        if grid.terrain[hex_] not in (SWAMP, JUNGLE_SWAMP) or system_of[hex_] != nile:
            raise DataError(
                f"{where}: sudd: hex {ident} must be a swamp of the Nile's river system (10.3353)"
            )
    return system_names, nile, sudd


def _cells(grid: Grid) -> tuple[int, ...]:
    """By place on the grid (row by row), the hex there, or -1 for the sea."""
    grid_cells = [-1] * (grid.rows * grid.columns)
    for hex_, (row, col) in enumerate(grid.cells):
        grid_cells[row * grid.columns + col] = hex_
    return tuple(grid_cells)


def _half_hexes(grid: Grid) -> tuple[bool, ...]:
    """By hex: whether the board's edge cuts it in half."""
    last_row, last_col = grid.rows - 1, grid.columns - 1
    return tuple(
        col in (0, last_col) or (row == 0 and col % 2 == 0) or (row == last_row and col % 2 == 1)
        for row, col in grid.cells
    )


# The mapboard in a directory (``map.toml``), or the shipped provisional one. A game that reads
# more files builds its own DataLoader with MAP_FILE: MapFile among its models and calls
# build_board on the files it gets.
DATA = DataLoader("terra.games.nile", {MAP_FILE: MapFile}, build_board)
load_board = DATA.load


# board_text: one character per hex.
FLOW_ARROWS = "↑↗↘↓↙↖"  # a river hex shows the way its water leaves, by compass number
PORT_MARK = "*"
CATARACT_MARK = "%"
UNEXPLORED_MARK = "·"
SEA_MARK = " "


def board_text(board: Board) -> str:
    """The mapboard in characters, one per hex, north up (odd columns stand half a hex lower
    on the board than they do here): the sea left empty, ``·`` a blank hex, a published hex's
    terrain in lower case, a river as an arrow showing the way its water leaves the hex, ``%``
    a cataract, ``*`` a port. Column numbers run along the top, row numbers down the side; the
    ports and river systems are listed below."""
    tens = " ".join(str((c + 1) // 10) for c in range(board.columns))
    units = " ".join(str((c + 1) % 10) for c in range(board.columns))
    lines = [f"   {tens}", f"   {units}"]
    for row in range(board.rows):
        marks = " ".join(_mark(board, board.at(row, col)) for col in range(board.columns))
        lines.append(f"{row + 1:02d} {marks}".rstrip())
    codes = ", ".join(f"{_code(t)} {name}" for t, name in enumerate(TERRAIN_NAMES))
    ports = ", ".join(
        f"{board.port_names[p]} {board.hex_ids[board.port_hex[p]]}" for p in range(board.num_ports)
    )
    systems = ", ".join(
        f"{name} {board.hex_ids[board.mouths[s]]} "
        f"({board.preprinted[s]} of {board.minimum_length[s]})"
        for s, name in enumerate(board.system_names)
    )
    width = 3 + 2 * board.columns
    legend = (
        f"{UNEXPLORED_MARK} unexplored, {codes}; {FLOW_ARROWS} a river flowing north, north-east, "
        f"... north-west; {CATARACT_MARK} a cataract; {PORT_MARK} a port.",
        f"Ports: {ports}.",
        f"River systems, their mouths (hexes pre-printed of the minimum length): {systems}.",
    )
    lines.append("")
    for paragraph in legend:
        lines += textwrap.wrap(paragraph, width)
    return "\n".join(lines) + "\n"


def _code(terrain: int) -> str:
    """The lower-case letter of a terrain in board_text (the map file's letter)."""
    return TERRAIN_CODES[terrain].lower()


def _mark(board: Board, hex_: int) -> str:
    if hex_ < 0:
        return SEA_MARK
    if board.port_of[hex_] >= 0:
        return PORT_MARK
    if board.cataract[hex_]:
        return CATARACT_MARK
    if board.river_down[hex_]:
        return FLOW_ARROWS[board.river_down[hex_] - 1]
    if board.terrain[hex_] == BLANK:
        return UNEXPLORED_MARK
    return _code(board.terrain[hex_])
