"""Expedition's component data: the world map, loaded from TOML, validated, flattened to ints.

The engine never touches names. Points are ints: the research sites first (site ``i`` is also
research card ``i``, one card per site), then the green and red stations, then the start.
Lines are ints too, and every point knows its neighbours and the line leading to each. Loading
checks the file's shape (pydantic) and then everything the rules rely on, and reports problems
by file and entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from terra.core.data import (
    MAX_ENTRIES,
    DataFiles,
    DataLoader,
    Length,
    LoadedData,
    Meta,
    Name,
    Names,
    StrictModel,
    distances,
    unique_index,
)
from terra.core.errors import DataError

SITE, GREEN, RED, START = range(4)
KIND_NAMES = ("site", "green", "red", "start")
MAX_LINES = 6  # no point on the board has more than six lines
WRAPS = 3  # Expedition, Building: stations 1, 2 and 3 on the left and right edges

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Lat = Annotated[float, Field(ge=-90, le=90)]
Lon = Annotated[float, Field(ge=-180, le=180)]


class StartSpec(StrictModel):
    id: Id
    name: Name
    lat: Lat
    lon: Lon


class ContinentSpec(StrictModel):
    id: Id
    name: Name
    colour: Name


class SiteSpec(StrictModel):
    id: Id
    name: Name
    continent: Id
    lat: Lat
    lon: Lon


class StationSpec(StrictModel):
    id: Id
    name: Name
    kind: Literal["green", "red"]
    lat: Lat
    lon: Lon
    wrap: Annotated[int, Field(ge=0, le=WRAPS)] = 0


class LineSpec(StrictModel):
    between: tuple[Id, Id]


class MapFile(StrictModel):
    meta: Meta
    start: StartSpec
    continent: Annotated[list[ContinentSpec], Field(min_length=1, max_length=MAX_ENTRIES)]
    site: Annotated[list[SiteSpec], Field(min_length=1, max_length=MAX_ENTRIES)]
    station: Annotated[list[StationSpec], Field(max_length=MAX_ENTRIES)] = Field(
        default_factory=list
    )
    line: Annotated[list[LineSpec], Field(min_length=1, max_length=3 * MAX_ENTRIES)]


@dataclass(frozen=True, eq=False)
class Components(LoadedData):
    """The map and the research deck as int-indexed tuples. Shared by all states; never mutated."""

    continent_ids: tuple[str, ...]
    continent_names: tuple[str, ...]
    continent_colours: tuple[str, ...]
    point_ids: tuple[str, ...]
    point_names: tuple[str, ...]
    kind: tuple[int, ...]  # SITE, GREEN, RED or START
    continent: tuple[int, ...]  # a site's continent, -1 for the other points
    wrap: tuple[int, ...]  # 1-3 for the stations on both edges, else 0
    lat: tuple[float, ...]
    lon: tuple[float, ...]
    num_sites: int  # sites are points 0..num_sites-1, and card i is site i
    start: int
    lines: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    line_to: tuple[tuple[int, ...], ...]  # the line to each neighbour, in the same order
    distance: tuple[tuple[int, ...], ...]
    points: Names  # the points by id or name

    num_points = Length("point_ids")

    def point(self, name_or_id: str) -> int:
        """The point with this id or name (case, spaces and dashes ignored); -1 if none."""
        return self.points.get(name_or_id)

    def line_between(self, a: int, b: int) -> int:
        """The line joining points ``a`` and ``b``, or -1."""
        for there, line in zip(self.neighbours[a], self.line_to[a], strict=True):
            if there == b:
                return line
        return -1


def fold(text: str) -> str:
    """A name folded for lookups: lower case, without spaces, dashes, quotes or dots."""
    return "".join(c for c in text.lower() if c.isalnum())


def _build(files: DataFiles) -> Components:
    spec = files.model(MAP_FILE, MapFile)
    where = files.where(MAP_FILE)
    continent_of = unique_index([c.id for c in spec.continent], "continent", where)
    ids = [s.id for s in spec.site] + [s.id for s in spec.station] + [spec.start.id]
    point_of = unique_index(ids, "point", where)
    sites = len(spec.site)
    start = len(ids) - 1
    for site in spec.site:
        if site.continent not in continent_of:
            raise DataError(f"{where}: site {site.id!r} names unknown continent {site.continent!r}")
    wraps = [s.wrap for s in spec.station if s.wrap]
    if len(set(wraps)) != len(wraps):
        raise DataError(f"{where}: two edge stations carry the same number")

    adjacency: list[list[tuple[int, int]]] = [[] for _ in ids]
    lines: list[tuple[int, int]] = []
    for entry in spec.line:
        a, b = (point_of.get(end, -1) for end in entry.between)
        if a < 0 or b < 0:
            unknown = entry.between[0] if a < 0 else entry.between[1]
            raise DataError(f"{where}: line {list(entry.between)} names unknown point {unknown!r}")
        if a == b:
            raise DataError(f"{where}: line {list(entry.between)} leads nowhere")
        if any(there == b for there, _ in adjacency[a]):
            raise DataError(f"{where}: line {list(entry.between)} appears twice")
        adjacency[a].append((b, len(lines)))
        adjacency[b].append((a, len(lines)))
        lines.append((a, b))
    for point, links in enumerate(adjacency):
        if len(links) > MAX_LINES:
            raise DataError(f"{where}: point {ids[point]!r} has {len(links)} lines (at most 6)")
    ends = [[there for there, _ in links] for links in adjacency]
    distance = tuple(distances(ends, source) for source in range(len(ids)))
    for point, steps in enumerate(distance[start]):
        if steps < 0:
            raise DataError(f"{where}: point {ids[point]!r} cannot be reached from the start")
    for links in adjacency:
        links.sort()

    names = [s.name for s in spec.site] + [s.name for s in spec.station] + [spec.start.name]
    return Components(
        provisional=files.provisional,
        provenance=spec.meta.provenance.strip(),
        digest=files.digest,
        continent_ids=tuple(c.id for c in spec.continent),
        continent_names=tuple(c.name for c in spec.continent),
        continent_colours=tuple(c.colour for c in spec.continent),
        point_ids=tuple(ids),
        point_names=tuple(names),
        kind=tuple(
            [SITE] * sites + [GREEN if s.kind == "green" else RED for s in spec.station] + [START]
        ),
        continent=tuple(
            [continent_of[s.continent] for s in spec.site] + [-1] * (len(spec.station) + 1)
        ),
        wrap=tuple([0] * sites + [s.wrap for s in spec.station] + [0]),
        lat=tuple([s.lat for s in spec.site] + [s.lat for s in spec.station] + [spec.start.lat]),
        lon=tuple([s.lon for s in spec.site] + [s.lon for s in spec.station] + [spec.start.lon]),
        num_sites=sites,
        start=start,
        lines=tuple(lines),
        neighbours=tuple(tuple(there for there, _ in links) for links in adjacency),
        line_to=tuple(tuple(line for _, line in links) for links in adjacency),
        distance=distance,
        points=Names("point", ids, names, where=where, fold=fold, on="the map"),
    )


MAP_FILE = "map.toml"

# The map in a directory (``map.toml``), or the shipped provisional map.
DATA = DataLoader("terra.games.expedition", {MAP_FILE: MapFile}, _build)
load_components = DATA.load


def as_dict(data: Components) -> dict[str, Any]:
    """The static map as JSON-ready data (for clients that draw the board)."""
    return {
        "provisional": data.provisional,
        "digest": data.digest,
        "start": data.point_ids[data.start],
        "points": [
            {
                "id": data.point_ids[p],
                "name": data.point_names[p],
                "kind": KIND_NAMES[data.kind[p]],
                "continent": data.continent_ids[c] if (c := data.continent[p]) >= 0 else None,
                "wrap": data.wrap[p],
                "lat": data.lat[p],
                "lon": data.lon[p],
            }
            for p in range(data.num_points)
        ],
        "lines": [[data.point_ids[a], data.point_ids[b]] for a, b in data.lines],
    }
