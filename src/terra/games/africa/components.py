"""Africa's component data: the hex map and the discovery markers, loaded from TOML.

The engine never touches names: hexes and marker types are ints indexing the tuples of a
:class:`Components`. Loading checks the shape of each file (pydantic) and then everything the
rules rely on (101 connected hexes, 5 coastal start cities, 96 markers, 11 monuments), and
reports problems by file and entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from terra.core.data import (
    MAX_COUNT,
    MAX_ENTRIES,
    DataFiles,
    DataLoader,
    Length,
    LoadedData,
    Meta,
    Name,
    Names,
    StrictModel,
)
from terra.core.errors import DataError

# Africa, Game Setup and component facts (shared/design/data-africa.md).
HEXES = 101
CITIES = 5
MARKERS = 96
MONUMENTS = 11
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Marker categories.
GOLD, JEWELS, GOODS, ANIMAL, NOMAD, MONUMENT = range(6)
CATEGORIES = ("gold", "jewels", "goods", "animal", "nomad", "monument")


class MapSpec(StrictModel):
    rows: Annotated[
        list[Annotated[str, Field(pattern=r"^[#.]+$", max_length=99)]],
        Field(min_length=1, max_length=len(ROW_LETTERS)),
    ]


class CitySpec(StrictModel):
    name: Name
    hex: Annotated[str, Field(pattern=r"^[A-Z][0-9]+$")]
    label: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]


class BoardFile(StrictModel):
    meta: Meta
    map: MapSpec
    city: Annotated[list[CitySpec], Field(min_length=1, max_length=CITIES)]


class MarkerSpec(StrictModel):
    category: Literal["gold", "jewels", "goods", "animal", "nomad", "monument"]
    kind: Annotated[str, Field(pattern=r"^[a-z][a-z ]*$")]
    value: Annotated[int, Field(ge=1, le=9)] = 1
    count: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    label: Annotated[str, Field(min_length=2, max_length=2)]

    @model_validator(mode="after")
    def _value_only_for_treasure(self) -> MarkerSpec:
        if self.value != 1 and self.category not in ("gold", "jewels"):
            raise ValueError("only gold and jewels show a number of nuggets or stones")
        return self


class MarkersFile(StrictModel):
    meta: Meta
    marker: Annotated[list[MarkerSpec], Field(min_length=1, max_length=MAX_ENTRIES)]


@dataclass(frozen=True, eq=False)
class Components(LoadedData):
    """The board and the markers, as int-indexed tuples. Shared by all states; never mutated."""

    # board
    hex_ids: tuple[str, ...]  # "A3"
    row: tuple[int, ...]  # 0-based row (north first)
    col: tuple[int, ...]  # 0-based column in the offset grid
    width: int  # columns in the grid
    height: int  # rows in the grid
    neighbours: tuple[tuple[int, ...], ...]
    coastal: tuple[bool, ...]
    cities: tuple[int, ...]  # hex of each start city, in order round the coast
    city_names: tuple[str, ...]
    city_labels: tuple[str, ...]  # two capital letters, for text displays
    city_of: tuple[int, ...]  # city index of each hex, -1 for other hexes
    hex_names: tuple[str, ...]  # each hex in words (see hex_name)
    # markers (one entry per type of marker)
    type_names: tuple[str, ...]  # "gold 2", "statue", "elephant", "nomad"
    category: tuple[int, ...]
    kind: tuple[str, ...]
    value: tuple[int, ...]
    count: tuple[int, ...]
    label: tuple[str, ...]
    goods: tuple[int, ...]  # the types of goods, in file order
    animals: tuple[int, ...]  # the types of animals
    monuments: int  # how many monument markers there are
    hexes: Names  # the hexes by id, and the start cities by name
    types: Names  # the marker types by name

    num_hexes = Length("hex_ids")
    num_types = Length("type_names")

    def hex_name(self, hex_: int) -> str:
        """A hex in words: the city's name for a start city, its id otherwise."""
        return self.hex_names[hex_]

    def hex(self, name_or_id: str) -> int:
        """The hex with this id or city name (case and spacing ignored); -1 if none."""
        return self.hexes.get(name_or_id)

    def marker_type(self, name: str) -> int:
        """The marker type with this name (``gold 2``, ``elephant``); -1 if none."""
        return self.types.get(name)


def grid_neighbours(row: int, col: int) -> tuple[tuple[int, int], ...]:
    """The six grid cells around (row, col) in "odd-r" offset coordinates (odd rows shifted
    half a hex east): west, east, then the two above and the two below."""
    shift = row & 1
    return (
        (row, col - 1),
        (row, col + 1),
        (row - 1, col - 1 + shift),
        (row - 1, col + shift),
        (row + 1, col - 1 + shift),
        (row + 1, col + shift),
    )


def _hex_grid(
    board: BoardFile, where: str
) -> tuple[list[tuple[int, int]], tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """The land hexes of the map as (row, column) cells, their ids and their neighbours;
    checks that there are :data:`HEXES` of them, all connected."""
    rows = board.map.rows
    if len(rows) > len(ROW_LETTERS):
        raise DataError(f"{where}: map.rows: at most {len(ROW_LETTERS)} rows")
    cells = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
    if len(cells) != HEXES:
        raise DataError(f"{where}: map.rows: the board has {HEXES} hexes, not {len(cells)}")
    index = {cell: i for i, cell in enumerate(cells)}
    hex_ids = tuple(f"{ROW_LETTERS[r]}{c + 1}" for r, c in cells)
    neighbours = tuple(
        tuple(index[cell] for cell in grid_neighbours(r, c) if cell in index) for r, c in cells
    )
    reached = {0}
    frontier = [0]
    for here in frontier:
        for there in neighbours[here]:
            if there not in reached:
                reached.add(there)
                frontier.append(there)
    if len(reached) != HEXES:
        lost = hex_ids[min(set(range(HEXES)) - reached)]
        raise DataError(f"{where}: map.rows: hex {lost} cannot be reached from {hex_ids[0]}")
    return cells, hex_ids, neighbours


def _start_cities(
    board: BoardFile, hex_ids: tuple[str, ...], coastal: tuple[bool, ...], where: str
) -> tuple[list[int], list[str]]:
    """The hex and the name of each start city (Africa, Game Setup: :data:`CITIES` of them,
    on distinct coastal hexes)."""
    if len(board.city) != CITIES:
        raise DataError(
            f"{where}: city: the board has {CITIES} start cities, not {len(board.city)}"
        )
    cities: list[int] = []
    names: list[str] = []
    for i, city in enumerate(board.city):
        entry = f"{where}: city.{i} ({city.name})"
        if city.hex not in hex_ids:
            raise DataError(f"{entry}: {city.hex} is not a land hex of the map")
        hex_ = hex_ids.index(city.hex)
        if hex_ in cities:
            raise DataError(f"{entry}: {city.hex} already holds another start city")
        if not coastal[hex_]:
            raise DataError(f"{entry}: {city.hex} is not on the coast (start cities are coastal)")
        cities.append(hex_)
        names.append(city.name)
    return cities, names


def _marker_types(markers: MarkersFile, where: str) -> tuple[list[str], int]:
    """Each marker type's name (gold and jewels by their value) and how many monuments there
    are; checks :data:`MARKERS` markers in all, one for each hex without a start city, and
    :data:`MONUMENTS` monuments."""
    type_names: list[str] = []
    for i, spec in enumerate(markers.marker):
        if spec.category in ("gold", "jewels"):
            name = f"{spec.category} {spec.value}"
            if spec.kind != spec.category:
                raise DataError(f"{where}: marker.{i}: the kind of {spec.category} is its category")
        else:
            name = spec.kind
        if name in type_names:
            raise DataError(f"{where}: marker.{i}: {name!r} is listed twice")
        type_names.append(name)
    total = sum(spec.count for spec in markers.marker)
    if total != MARKERS or total != HEXES - CITIES:
        raise DataError(
            f"{where}: marker: {total} markers, but one goes on each of the "
            f"{HEXES - CITIES} hexes without a start city ({MARKERS})"
        )
    monuments = sum(spec.count for spec in markers.marker if spec.category == "monument")
    if monuments != MONUMENTS:
        raise DataError(f"{where}: marker: {monuments} monuments, not {MONUMENTS}")
    return type_names, monuments


def _build(files: DataFiles) -> Components:
    """The components of ``files``, checked as the rules need them."""
    board = files.model("board.toml", BoardFile)
    markers = files.model("markers.toml", MarkersFile)
    bwhere = files.where("board.toml")
    mwhere = files.where("markers.toml")
    cells, hex_ids, neighbours = _hex_grid(board, bwhere)
    coastal = tuple(len(n) < 6 for n in neighbours)
    cities, names = _start_cities(board, hex_ids, coastal, bwhere)
    city_of = [-1] * HEXES
    for i, hex_ in enumerate(cities):
        city_of[hex_] = i
    type_names, monuments = _marker_types(markers, mwhere)
    category = tuple(CATEGORIES.index(spec.category) for spec in markers.marker)
    hex_names = [names[city_of[h]] if city_of[h] >= 0 else hex_ids[h] for h in range(HEXES)]
    rows = board.map.rows
    return Components(
        provisional=files.provisional,
        provenance=files.provenance,
        digest=files.digest,
        hex_ids=hex_ids,
        row=tuple(r for r, _ in cells),
        col=tuple(c for _, c in cells),
        width=max(len(line) for line in rows),
        height=len(rows),
        neighbours=neighbours,
        coastal=coastal,
        cities=tuple(cities),
        city_names=tuple(names),
        city_labels=tuple(city.label for city in board.city),
        city_of=tuple(city_of),
        hex_names=tuple(hex_names),
        type_names=tuple(type_names),
        category=category,
        kind=tuple(spec.kind for spec in markers.marker),
        value=tuple(spec.value for spec in markers.marker),
        count=tuple(spec.count for spec in markers.marker),
        label=tuple(spec.label for spec in markers.marker),
        goods=tuple(t for t, c in enumerate(category) if c == GOODS),
        animals=tuple(t for t, c in enumerate(category) if c == ANIMAL),
        monuments=monuments,
        hexes=Names(
            "hex",
            hex_ids,
            hex_names,
            where=bwhere,
            hint=" (a hex is a row letter and a column, like E7, or a start city's name)",
        ),
        types=Names("marker", type_names, type_names, where=mwhere),
    )


# The components in a directory (``board.toml``, ``markers.toml``), or the shipped ones.
DATA = DataLoader(
    "terra.games.africa", {"board.toml": BoardFile, "markers.toml": MarkersFile}, _build
)
load_components = DATA.load


def as_dict(data: Components) -> dict[str, Any]:
    """The static board as JSON-ready data (for clients that draw it)."""
    return {
        "provisional": data.provisional,
        "digest": data.digest,
        "layout": "odd-r offset rows, north first",
        "hexes": [
            {
                "id": data.hex_ids[h],
                "row": data.row[h],
                "col": data.col[h],
                "city": data.city_names[data.city_of[h]] if data.city_of[h] >= 0 else None,
            }
            for h in range(data.num_hexes)
        ],
        "markers": [
            {
                "name": data.type_names[t],
                "category": CATEGORIES[data.category[t]],
                "value": data.value[t],
                "count": data.count[t],
            }
            for t in range(data.num_types)
        ],
    }
