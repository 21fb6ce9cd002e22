"""Source of the Nile's pre-printed rivers and river systems, read from the map file and
checked against each other: hexside to hexside (10.316-10.318), one outflow a hex (10.3212),
every river reaching one of the nine mouths (10.311, 10.3351), never in a circle (10.336).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from terra.core.errors import DataError
from terra.games.nile.components.hexgrid import CENTRE, DIRECTION_NAMES, neighbour_cell, opposite
from terra.games.nile.components.mapfile import WATER, Grid, MapFile, land_hex
from terra.games.nile.terms import BLANK, TERRAIN_NAMES


@dataclass(frozen=True)
class Rivers:
    """The pre-printed rivers, per hex."""

    segments: tuple[tuple[int, int, int], ...]
    segment_river: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    cataract: tuple[bool, ...]
    entry: dict[int, str]  # the file entry of each river hex's first segment, for messages
    entry_up: dict[tuple[int, int], str]  # the entry of the segment in a hex from a side


def read_rivers(spec: MapFile, grid: Grid, where: str) -> Rivers:
    """Each river's course: segments in published land hexes, each continuing the one before,
    at most one hexside by which water leaves a hex (10.3212); its cataracts on its course."""
    count = len(grid.cells)
    segments: list[tuple[int, int, int]] = []
    segment_river: list[int] = []
    up: list[list[int]] = [[] for _ in range(count)]
    down = [0] * count
    cataract = [False] * count
    entries: dict[int, str] = {}
    entries_up: dict[tuple[int, int], str] = {}
    for i, river in enumerate(spec.river):
        entry = f"{where}: river.{i} ({river.name})"
        course: list[int] = []
        for j, step in enumerate(river.course):
            at = f"{entry}: course.{j}"
            hex_ = land_hex(grid, step.hex, at)
            kind = grid.terrain[hex_]
            if kind == BLANK:
                raise DataError(
                    f"{at}: hex {step.hex} is blank; rivers there are mapped in play (10.3), "
                    "none is pre-printed"
                )
            if kind in WATER:
                raise DataError(
                    f"{at}: hex {step.hex} is {TERRAIN_NAMES[kind]}; rivers join lakes and swamps "
                    "without being drawn through them (10.3211)"
                )
            if step.up == step.down:
                raise DataError(f"{at}: the river enters and leaves hex {step.hex} by one side")
            if down[hex_] and down[hex_] != step.down:
                raise DataError(
                    f"{at}: water would leave hex {step.hex} by two hexsides; only a lake or "
                    "swamp has two outflows (10.3212)"
                )
            if step.up in up[hex_]:
                raise DataError(f"{at}: hex {step.hex} already has this river segment")
            if course:
                before = river.course[j - 1]
                if grid.neighbour(course[-1], before.down) != hex_ or step.up != opposite(
                    before.down
                ):
                    raise DataError(
                        f"{at}: does not continue course.{j - 1}, which leaves hex {before.hex} "
                        f"by its {DIRECTION_NAMES[before.down - 1]} side"
                    )
            up[hex_].append(step.up)
            down[hex_] = step.down
            entries.setdefault(hex_, at)
            entries_up[hex_, step.up] = at
            segments.append((hex_, step.up, step.down))
            segment_river.append(i)
            course.append(hex_)
        for ident in river.cataracts:
            hex_ = land_hex(grid, ident, f"{entry}: cataracts")
            if hex_ not in course:
                raise DataError(f"{entry}: cataracts: hex {ident} is not on this river's course")
            cataract[hex_] = True
    return Rivers(
        tuple(segments),
        tuple(segment_river),
        tuple(tuple(sorted(sides)) for sides in up),
        tuple(down),
        tuple(cataract),
        entries,
        entries_up,
    )


def check_river_sides(grid: Grid, rivers: Rivers, mouths: set[int], hex_ids: Sequence[str]) -> None:
    """Every hexside a river touches is continued beyond it (10.317, 10.318): upstream by a
    river leaving the neighbour towards it, a lake or swamp, or a blank hex still to be mapped;
    downstream by a river coming in from it, a lake or swamp, or (at a mouth only) the sea or
    the board's edge. A pre-printed river never flows on into blank hexes: it reaches a mouth."""
    for hex_, at in rivers.entry.items():
        here = hex_ids[hex_]
        for side in rivers.up[hex_]:
            if side == CENTRE:
                continue
            there = grid.neighbour(hex_, side)
            facing = f"its {DIRECTION_NAMES[side - 1]} side"
            if there < 0:
                raise DataError(
                    f"{rivers.entry_up[hex_, side]}: the river in hex {here} comes in by "
                    f"{facing}, from {_beyond(grid, hex_, side)}"
                )
            kind = grid.terrain[there]
            if kind != BLANK and kind not in WATER and rivers.down[there] != opposite(side):
                raise DataError(
                    f"{rivers.entry_up[hex_, side]}: the river in hex {here} comes in by "
                    f"{facing}, but no river leaves hex {hex_ids[there]} towards it (10.318)"
                )
        side = rivers.down[hex_]
        there = grid.neighbour(hex_, side)
        facing = f"its {DIRECTION_NAMES[side - 1]} side"
        if there < 0:
            if hex_ not in mouths:
                raise DataError(
                    f"{at}: the river in hex {here} leaves by {facing} to "
                    f"{_beyond(grid, hex_, side)}, but hex {here} is not one of the mouths"
                )
            continue
        kind = grid.terrain[there]
        if kind == BLANK:
            raise DataError(
                f"{at}: the river in hex {here} flows on into the blank hex {hex_ids[there]}; "
                "a pre-printed river flows to its mouth through published hexes (10.311)"
            )
        if kind not in WATER and opposite(side) not in rivers.up[there]:
            raise DataError(
                f"{at}: the river in hex {here} leaves by {facing}, but no river comes into "
                f"hex {hex_ids[there]} from it (10.318)"
            )


def _beyond(grid: Grid, hex_: int, side: int) -> str:
    row, col = grid.cells[hex_]
    return "the sea" if grid.inside(neighbour_cell(row, col, side)) else "the board's edge"


def read_mouths(spec: MapFile, grid: Grid, rivers: Rivers, where: str) -> list[int]:
    """The nine mouths: each the hex where its river leaves into the sea or off the board."""
    mouths: list[int] = []
    for k, mouth in enumerate(spec.mouth):
        entry = f"{where}: mouth.{k} ({mouth.name})"
        hex_ = land_hex(grid, mouth.hex, entry)
        if hex_ in mouths:
            raise DataError(f"{entry}: hex {mouth.hex} already holds another mouth")
        side = rivers.down[hex_]
        if not side:
            raise DataError(
                f"{entry}: hex {mouth.hex} has no pre-printed river; a mouth is where a river "
                "leaves the map (10.311)"
            )
        if grid.neighbour(hex_, side) >= 0:
            raise DataError(
                f"{entry}: the river in hex {mouth.hex} leaves by its "
                f"{DIRECTION_NAMES[side - 1]} side into land, not into the sea or off the "
                "board; a mouth lies on the coast or the board's edge"
            )
        mouths.append(hex_)
    return mouths


def water_bodies(grid: Grid, overland: Sequence[Sequence[int]]) -> list[int]:
    """Each published lake or swamp hex's body of water (adjacent ones are one, 10.3211);
    -1 for other hexes."""
    body = [-1] * len(grid.cells)
    bodies = 0
    for start, kind in enumerate(grid.terrain):
        if kind not in WATER or body[start] >= 0:
            continue
        body[start] = bodies
        frontier = [start]
        for here in frontier:
            for there in overland[here]:
                if body[there] < 0 and grid.terrain[there] in WATER:
                    body[there] = bodies
                    frontier.append(there)
        bodies += 1
    return body


def trace_systems(
    grid: Grid,
    rivers: Rivers,
    body: Sequence[int],
    *,
    mouths: Sequence[int],
    mouth_names: Sequence[str],
    hex_ids: Sequence[str],
) -> list[int]:
    """The river system (mouth) each river hex and each lake or swamp joined to a river drains
    to (10.3351), refusing water that flows in a circle (10.336), that ends in a lake or swamp
    with no outflow, or that could drain to two mouths."""
    count = len(grid.cells)
    # Nodes: river hexes are their hex, bodies of water come after the hexes.
    successors: dict[int, list[int]] = {}
    for hex_ in rivers.entry:
        there = grid.neighbour(hex_, rivers.down[hex_])
        if there < 0:
            successors[hex_] = []  # a mouth
        elif body[there] >= 0:
            successors[hex_] = [count + body[there]]
        else:
            successors[hex_] = [there]
        for side in rivers.up[hex_]:
            source = grid.neighbour(hex_, side) if side != CENTRE else -1
            if source >= 0 and body[source] >= 0:
                successors.setdefault(count + body[source], []).append(hex_)
    _refuse_circles(successors, count, rivers, hex_ids)

    predecessors: dict[int, list[int]] = {}
    for node, nexts in successors.items():
        for there in nexts:
            predecessors.setdefault(there, []).append(node)
    system = {hex_: s for s, hex_ in enumerate(mouths)}
    frontier = list(mouths)
    for node in frontier:
        for before in predecessors.get(node, ()):
            found = system.get(before)
            if found is None:
                system[before] = system[node]
                frontier.append(before)
            elif found != system[node]:
                lake = next(h for h in range(count) if body[h] == before - count)
                raise DataError(
                    f"{rivers.entry[node]}: the water at hex {hex_ids[lake]} drains both to the "
                    f"{mouth_names[found]} and to the {mouth_names[system[node]]}; a "
                    "river system has one mouth (10.3351)"
                )
    for hex_, at in rivers.entry.items():
        if hex_ not in system:
            raise DataError(
                f"{at}: the river in hex {hex_ids[hex_]} reaches no mouth: it ends in a lake or "
                "swamp that no river leaves"
            )
    return [
        system.get(hex_, system.get(count + body[hex_], -1) if body[hex_] >= 0 else -1)
        for hex_ in range(count)
    ]


def _refuse_circles(
    successors: dict[int, list[int]], count: int, rivers: Rivers, hex_ids: Sequence[str]
) -> None:
    """No water may be traced back to itself (10.336)."""
    state: dict[int, int] = {}  # 1: on the current path, 2: done
    for start, firsts in successors.items():
        if start in state:
            continue
        state[start] = 1
        stack = [(start, iter(firsts))]
        while stack:
            node, nexts = stack[-1]
            there = next(nexts, None)
            if there is None:
                state[node] = 2
                stack.pop()
            elif state.get(there) == 1:
                on_path = [n for n, _ in stack if n < count]
                raise DataError(
                    f"{rivers.entry[on_path[-1]]}: water flows in a circle through hex "
                    f"{hex_ids[on_path[-1]]} (10.336)"
                )
            elif there not in state:
                state[there] = 1
                stack.append((there, iter(successors.get(there, ()))))
