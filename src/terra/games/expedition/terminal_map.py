"""Expedition's world map in the terminal: every point by its name, every line drawn.

The points stand where the browser's board puts them (:mod:`terra.games.expedition.layout`,
longitude and latitude pushed apart where the map is crowded), scaled to the terminal. At the
``whole`` scale the map is 80 columns wide and each point shows a key of three letters taken
from its name (``Sam`` Samarkand, ``LCh`` Lake Chad), listed with the names under the map; at
the ``detail`` scale it is twice as wide and tall, and each point shows its name in full, as
moves are typed.

A label takes one cell more on each side than its text. The cell on the left says what the
point is: ``+`` a green station, ``$`` a red station, ``@`` the start, ``[`` and ``]`` around
one of the seat's own research destinations, ``(`` and ``)`` around a public mission. The cell
on the right shows the number of the player whose chip lies there, or the capital letter of an
expedition ending there (``R``, ``B``, ``Y``). The lines of the network run between the labels
in ``-``, ``|``, ``/`` and ``\\``, with ``x`` where two cross; a line an expedition took shows
its colour's letter (``r``, ``b``, ``y``) instead, ``*`` where several took it. Everything is
drawn both in characters and in colours, so the map reads without colours too. A label's
characters are marked as showing its point (:func:`terra.core.terminal.place_style`), for
pointing at it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from rich.style import Style
from rich.text import Text

from terra.core.terminal import place_style
from terra.games.expedition.components import GREEN, RED, START, Components
from terra.games.expedition.layout import board_layout

SCALES = ("whole", "detail")  # the scales the map is drawn at, the smaller first
DEFAULT_SCALE = "whole"

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow"}
CONTINENT_STYLES = {
    "violet": "magenta",
    "blue": "blue",
    "light green": "green",
    "orange": "dark_orange",
    "yellow": "yellow",
    "pink": "pink1",
}
KIND_MARKS = {GREEN: ("+", "bold green"), RED: ("$", "bold red"), START: ("@", "bold white")}
KIND_STYLES = {GREEN: "green", RED: "red", START: "bold white"}
OWN_MARKS, PUBLIC_MARKS = "[]", "()"
OWN_STYLE = "bold reverse"
PUBLIC_STYLE = "bold underline"
CHIP_STYLE = "bold cyan"
LINE_STYLE = "grey50"
CROSSING, SHARED = "x", "*"
KEY_LENGTH = 3


@dataclass(frozen=True)
class Scale:
    """How big the map is drawn: its columns and rows, and whether points show full names."""

    columns: int
    rows: int
    full_names: bool


SCALE_SIZES = {
    "whole": Scale(columns=80, rows=56, full_names=False),
    "detail": Scale(columns=170, rows=80, full_names=True),
}

Cell = tuple[int, int]  # column, row


@dataclass(frozen=True)
class Label:
    """Where one copy of a point's label is drawn: its text starts at ``x`` on row ``y``."""

    point: int
    x: int
    y: int
    text: str

    @property
    def centre(self) -> Cell:
        return (self.x + (len(self.text) - 1) // 2, self.y)

    @property
    def cells(self) -> range:
        """The columns it takes: its text and one cell on each side."""
        return range(self.x - 1, self.x + len(self.text) + 1)


# --- keys ----------------------------------------------------------------------------------


def _key_candidates(name: str) -> Iterable[str]:
    """Three letters out of ``name``, most telling first: the initials of its words with the
    next letters of the last word (``LCh``, ``DL1``), then its first three letters, then its
    first letter with any two later ones."""
    words = ["".join(c for c in word if c.isalnum()) for word in name.split()]
    words = [word for word in words if word]
    letters = "".join(words)
    if len(words) > 1:
        initials = "".join(word[0].upper() for word in words[:-1])[: KEY_LENGTH - 1]
        yield (initials + words[-1])[:KEY_LENGTH]
    yield letters[:KEY_LENGTH].capitalize()
    yield (letters[:2] + letters[-1]).capitalize()
    for i in range(1, len(letters)):
        for j in range(i + 1, len(letters)):
            yield letters[0].upper() + letters[i].lower() + letters[j].lower()


@cache
def point_keys(data: Components) -> tuple[str, ...]:
    """A key of three letters for every point, no two alike (whatever their case), from its
    name; the start chooses first."""
    taken: set[str] = set()
    keys: dict[int, str] = {}
    for point in sorted(range(data.num_points), key=lambda p: p != data.start):
        name = data.point_names[point]
        key = next((k for k in _key_candidates(name) if k.lower() not in taken), name)
        taken.add(key.lower())
        keys[point] = key
    return tuple(keys[point] for point in range(data.num_points))


# --- where the labels go -------------------------------------------------------------------


def _nearby(reach: int) -> list[Cell]:
    """Offsets from a label's own place, nearest first (a row counts as two columns)."""
    offsets = [(dx, dy) for dy in range(-3, 4) for dx in range(-reach, reach + 1)]
    return sorted(offsets, key=lambda d: (d[0] ** 2 + 4 * d[1] ** 2, abs(d[1]), d[0]))


@cache
def labels(data: Components, scale: str = DEFAULT_SCALE) -> tuple[tuple[Label, ...], ...]:
    """The labels of every point at ``scale`` (an edge station has one on each edge), none
    touching another: each at the free place nearest its place on the browser's board."""
    size = SCALE_SIZES[scale]
    texts = data.point_names if size.full_names else point_keys(data)
    board = board_layout(data)
    spots = [board["points"][ident]["copies"][0] for ident in data.point_ids]
    left = min(x for x, _ in spots)
    right = max(x for x, _ in spots)
    bottom = max(y for _, y in spots)
    taken: set[Cell] = set()
    found: list[tuple[Label, ...]] = [()] * data.num_points
    order = sorted(range(data.num_points), key=lambda p: (not data.wrap[p], p != data.start))
    offsets = _nearby(2 * max(len(text) for text in texts))
    for point in order:
        text = texts[point]
        wanted_y = round(spots[point][1] / bottom * (size.rows - 1))
        if data.wrap[point]:
            places = [(1, wanted_y), (size.columns - 1 - len(text), wanted_y)]
        else:
            across = (spots[point][0] - left) / (right - left) * (size.columns - 3)
            places = [(1 + round(across) - (len(text) - 1) // 2, wanted_y)]
        copies = []
        for x, y in places:
            for dx, dy in offsets:
                label = Label(point, x + dx, y + dy, text)
                if _fits(label, size, taken):
                    break
            taken.update((column, label.y) for column in label.cells)
            copies.append(label)
        found[point] = tuple(copies)
    return tuple(found)


def _fits(label: Label, size: Scale, taken: set[Cell]) -> bool:
    """Whether a label lies inside the map with a free cell between it and any other label
    on its row, where a line between the two can be drawn."""
    cells = label.cells
    return (
        0 <= label.y < size.rows
        and cells.start >= 0
        and cells.stop <= size.columns
        and all((x, label.y) not in taken for x in range(cells.start - 1, cells.stop + 1))
    )


# --- the lines -----------------------------------------------------------------------------


def _line_char(dx: int, dy: int) -> str:
    """The character that draws a line going ``dx`` columns and ``dy`` rows (down) across,
    a row being about twice as tall as a column is wide."""
    steep = 2 * abs(dy) / max(abs(dx), 1)
    if steep < 0.5:
        return "-"
    if steep > 3:
        return "|"
    return "\\" if (dx > 0) == (dy > 0) else "/"


def _ends(a: tuple[Label, ...], b: tuple[Label, ...]) -> tuple[Label, Label]:
    """The copies of two points' labels nearest each other (an edge station has two)."""
    return min(((p, q) for p in a for q in b), key=lambda pq: abs(pq[0].x - pq[1].x))


@cache
def line_cells(data: Components, scale: str = DEFAULT_SCALE) -> tuple[tuple[Cell, ...], ...]:
    """The cells each line of the network is drawn through at ``scale``: a straight line
    from label to label, outside every label."""
    placed = labels(data, scale)
    covered = {(x, label.y) for copies in placed for label in copies for x in label.cells}
    drawn: list[tuple[Cell, ...]] = []
    for a, b in data.lines:
        start, end = (label.centre for label in _ends(placed[a], placed[b]))
        steps = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        cells = (
            (
                round(start[0] + (end[0] - start[0]) * i / steps),
                round(start[1] + (end[1] - start[1]) * i / steps),
            )
            for i in range(1, steps)
        )
        drawn.append(tuple(dict.fromkeys(c for c in cells if c not in covered)))
    return tuple(drawn)


# --- the picture ---------------------------------------------------------------------------


class Canvas:
    """A grid of characters, each with a style."""

    def __init__(self, columns: int, rows: int) -> None:
        self.cells: list[list[tuple[str, str | Style]]] = [
            [(" ", "")] * columns for _ in range(rows)
        ]

    def put(self, cell: Cell, char: str, style: str | Style) -> None:
        x, y = cell
        self.cells[y][x] = (char, style)

    def get(self, cell: Cell) -> str:
        x, y = cell
        return self.cells[y][x][0]

    def text(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.cells):
            text.append("\n" if y else "")
            for char, style in row:
                text.append(char, style=style)
        text.rstrip()
        return text


def _route_colours(view: Mapping[str, Any], data: Components) -> tuple[dict[int, set[str]], ...]:
    """The colours that took each line, and the colours that reached each point."""
    lines: dict[int, set[str]] = {}
    points: dict[int, set[str]] = {}
    for entry in view["expeditions"]:
        for origin, target in entry["arrows"]:
            a, b = data.point(origin), data.point(target)
            lines.setdefault(data.line_between(a, b), set()).add(entry["colour"])
            for point in (a, b):
                points.setdefault(point, set()).add(entry["colour"])
    return lines, points


def _draw_lines(canvas: Canvas, view: Mapping[str, Any], data: Components, scale: str) -> None:
    """The network, then the expeditions' lines over it."""
    placed = labels(data, scale)
    for (a, b), cells in zip(data.lines, line_cells(data, scale), strict=True):
        first, last = (label.centre for label in _ends(placed[a], placed[b]))
        char = _line_char(last[0] - first[0], last[1] - first[1])
        for cell in cells:
            here = canvas.get(cell)
            canvas.put(cell, char if here in (" ", char) else CROSSING, LINE_STYLE)
    taken, _ = _route_colours(view, data)
    for line, colours in taken.items():
        colour = next(iter(colours))
        for cell in line_cells(data, scale)[line]:
            here = canvas.get(cell)
            if len(colours) > 1 or (here in "rby" + SHARED and here != colour[0]):
                canvas.put(cell, SHARED, "bold")
            else:
                canvas.put(cell, colour[0], COLOUR_STYLES[colour])


def _point_style(data: Components, point: int) -> str:
    if data.kind[point] in KIND_STYLES:
        return KIND_STYLES[data.kind[point]]
    return CONTINENT_STYLES.get(data.continent_colours[data.continent[point]], "")


def _draw_labels(canvas: Canvas, view: Mapping[str, Any], data: Components, scale: str) -> None:
    """Every point's label with the marks beside it (see the module)."""
    seat = view["seat"]
    own: set[str] = set()
    if seat is not None:
        own = set(view["players"][seat]["hand"] + view["turn"].get("drawn", []))
    public = set(view["public_missions"])
    chips = {ident: entry["seat"] for entry in view["players"] for ident in entry["chips_on_board"]}
    ends = {entry["end"]: entry["colour"] for entry in view["expeditions"] if entry["arrows"]}
    _, reached = _route_colours(view, data)
    for point, copies in enumerate(labels(data, scale)):
        ident = data.point_ids[point]
        style = _point_style(data, point)
        if point in reached and data.kind[point] != START:
            colours = reached[point]
            style = COLOUR_STYLES[next(iter(colours))] if len(colours) == 1 else "bold"
        left, right = (" ", ""), (" ", "")
        if data.kind[point] in KIND_MARKS:
            left = KIND_MARKS[data.kind[point]]
        elif ident in own:
            left, right = (OWN_MARKS[0], OWN_STYLE), (OWN_MARKS[1], OWN_STYLE)
        elif ident in public:
            left, right = (PUBLIC_MARKS[0], PUBLIC_STYLE), (PUBLIC_MARKS[1], PUBLIC_STYLE)
        if ident in chips and chips[ident] != seat:
            right = (str(chips[ident] + 1), CHIP_STYLE)
        if ident in ends:
            right = (ends[ident][0].upper(), COLOUR_STYLES[ends[ident]] + " reverse")
        for label in copies:  # each character marked as showing the point, to point at it
            canvas.put((label.x - 1, label.y), left[0], place_style(ident, left[1]))
            for i, char in enumerate(label.text):
                canvas.put((label.x + i, label.y), char, place_style(ident, style))
            canvas.put((label.x + len(label.text), label.y), right[0], place_style(ident, right[1]))


def world_map(view: Mapping[str, Any], data: Components, scale: str = DEFAULT_SCALE) -> Text:
    """The map at ``scale`` as the seat of ``view`` sees it (see the module)."""
    size = SCALE_SIZES[scale]
    canvas = Canvas(size.columns, size.rows)
    _draw_lines(canvas, view, data, scale)
    _draw_labels(canvas, view, data, scale)
    return canvas.text()


def legend(view: Mapping[str, Any]) -> Text:
    """What the marks beside the labels and along the lines mean, each drawn as on the map;
    ``[..]`` (own destinations) only for a seat."""
    seat = view["seat"]
    other = next((e["seat"] for e in view["players"] if e["seat"] != seat), 0) + 1
    items: list[tuple[str, str, str]] = [
        ("+", "bold green", "green station"),
        ("$", "bold red", "red station"),
        ("@", "bold white", "start"),
    ]
    if seat is not None:
        items.append(("[Key]", OWN_STYLE, "yours"))
    items += [
        ("(Key)", PUBLIC_STYLE, "public mission"),
        (f"Key{other}", CHIP_STYLE, f"chip of P{other}"),
        ("KeyR", "bold red reverse", "end of an expedition"),
        ("-|/\\", LINE_STYLE, "line"),
        (CROSSING, LINE_STYLE, "lines cross"),
        ("r,b,y", "bold", "an expedition's line"),
        (SHARED, "bold", "several"),
    ]
    text = Text()
    for i, (mark, style, meaning) in enumerate(items):
        text.append("  " if i else "")
        text.append(mark, style=style)
        text.append("=" + meaning, style="dim")
    return text


def key_list(data: Components, width: int = 80) -> Text:
    """Every key and the name it stands for, by key, in columns across ``width``."""
    keys = point_keys(data)
    entries = sorted(
        ((keys[p], data.point_names[p], _point_style(data, p)) for p in range(data.num_points)),
        key=lambda entry: entry[0].lower(),
    )
    column = max(len(key) + len(name) for key, name, _ in entries) + 3
    per_row = max(1, width // column)
    text = Text("Keys: ", style="bold")
    text.append("the names moves are typed with", style="dim")
    for i, (key, name, style) in enumerate(entries):
        last = (i + 1) % per_row == 0 or i + 1 == len(entries)
        text.append("\n" if i % per_row == 0 else "")
        text.append(key, style=style)
        text.append(f" {name}" if last else f" {name}".ljust(column - len(key)))
    return text
