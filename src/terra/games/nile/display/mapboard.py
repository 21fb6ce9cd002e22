"""Source of the Nile's mapboard in the terminal: every hex in two characters, as one seat sees it.

At the ``whole`` scale the board (32 columns of 37 hexes) fits an 80-column terminal: each hex is
a mark and a river sign, under its column's number (the numbers along the top and the bottom, every
other one reversed) and beside its row's number (on both sides): a hex's id is its column then its
row, ``2502``. As on the printed board's text map
(:func:`terra.games.nile.components.board.board_text`), odd columns stand half a hex lower on the
board than they do here. At the ``detail`` scale every hex takes two lines, its id over its mark
and river sign, the odd columns half a hex lower as on the board, and each port's name stands
beside it in the sea. The legend and the ports, each with its key and its hex, follow the map.

The mark is the most important thing in the hex, in this order: an explorer (the capital of his
colour), a port (``*``; on the map the port's key of two letters in place of both
characters, ``Kh`` Khartoum), a discovery counter (``?`` face unknown to the seat, ``$`` a special
discovery it knows, ``x`` a false trail it knows), a native tribe (its size: ``1`` small, ``2``
medium, ``3`` large; green when friendly to the seat), a cataract ``%``, an oasis ``o``, the
terrain's letter, or ``·`` unexplored. The second character is the river: an arrow the way its
water leaves the hex, ``•`` a river ending in the hex, ``'`` a hex only partly explored. The
hexes the seat's explorer has visited are drawn on a grey ground. Everything comes from
``view(seat)`` and the public board. A hex's characters (and a port's name beside it) are
marked as showing the hex (:func:`terra.core.terminal.place_style`), for pointing at it.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from terra.core.terminal import place_style
from terra.games.nile.actions import PLAYER_COLOURS
from terra.games.nile.components.board import FLOW_ARROWS, Board
from terra.games.nile.components.hexgrid import DIRECTIONS
from terra.games.nile.components.mapfile import TERRAIN_CODES
from terra.games.nile.terms import BLANK, TERRAIN_NAMES

EXPLORER_MARKS = "RBYGWK"  # the capital of each colour; K for black, as B is blue
COLOUR_STYLES = {
    "red": "bold white on red",
    "blue": "bold white on blue",
    "yellow": "bold black on yellow",
    "green": "bold black on green",
    "white": "bold black on white",
    "black": "bold white on grey30",
}
TERRAIN_STYLES = (
    "yellow",  # veldt
    "bold bright_blue",  # lake
    "grey70",  # mountain
    "dark_orange",  # desert
    "green",  # jungle
    "cyan",  # swamp
    "dark_cyan",  # jungle/swamp
    "dark_green",  # jungle/mountain
)
PORT_MARK, CATARACT_MARK, OASIS_MARK, UNEXPLORED_MARK = "*", "%", "o", "·"
UNKNOWN_COUNTER, KNOWN_SPECIAL, FALSE_TRAIL = "?", "$", "x"
SEVERAL_EXPLORERS = "&"
TRIBE_MARKS = "123"  # small, medium, large
TRIBE_MARK_II = "t"  # Game II: a tribe, whatever its natives
RIVER_END, PARTIAL = "•", "'"
PORT_STYLE = "bold magenta"
COUNTER_STYLE = "bold bright_white"
FRIENDLY_STYLE, HOSTILE_STYLE = "bold green", "bold red"
RIVER_STYLE = "bold blue"
CATARACT_STYLE = "bold bright_cyan"
UNEXPLORED_STYLE = "grey42"
VISITED_GROUND = " on grey23"
RULER_STYLE = "dim"

Cell = tuple[str, str | Style]  # a character and its style
COMPASS_SHORT = ("n", "ne", "se", "s", "sw", "nw")  # as the move notation reads them


def colour_mark(seat: int) -> str:
    """The map's mark of seat ``seat``'s explorer."""
    return EXPLORER_MARKS[seat]


def terrain_letter(terrain: int) -> str:
    """A terrain's letter on the map (the map file's letter, in lower case)."""
    return TERRAIN_CODES[terrain].lower()


def _river_sign(view_map: Mapping[str, Sequence[int]], hex_: int) -> tuple[str, str]:
    if view_map["partial"][hex_] >= 0:
        return PARTIAL, "dim"
    out = view_map["river_out"][hex_]
    if out:
        return FLOW_ARROWS[out.bit_length() - 2], RIVER_STYLE  # bit d is side d (1-6)
    if view_map["river_in"][hex_]:
        return RIVER_END, RIVER_STYLE
    return " ", ""


def hex_marks(view: Mapping[str, Any], board: Board, seat: int | None) -> list[tuple[str, str]]:
    """The mark and its style of every hex (see the module), as ``seat`` sees it."""
    view_map = view["map"]
    friendly = set(view["explorers"][seat]["friendly"]) if seat is not None else set()
    here: dict[int, list[int]] = {}
    for other, explorer in enumerate(view["explorers"]):
        if (
            explorer["hex"] is not None
            and explorer["hex"] >= 0
            and explorer["status"]
            in (
                "in Africa",
                "captive",
            )
        ):
            here.setdefault(explorer["hex"], []).append(other)
    counters: dict[int, int | str | None] = {}
    for counter in view["counters"]:
        if counter["hex"] >= 0:
            counters[counter["hex"]] = counter["discovery"]
    marks: list[tuple[str, str]] = []
    for hex_ in range(board.num_hexes):
        seats = here.get(hex_)
        terrain = view_map["terrain"][hex_]
        tribe = view_map["tribe"][hex_]
        if seats:
            if len(seats) > 1:
                marks.append((SEVERAL_EXPLORERS, "bold reverse"))
            else:
                marks.append((colour_mark(seats[0]), COLOUR_STYLES[PLAYER_COLOURS[seats[0]]]))
        elif board.port_of[hex_] >= 0:
            marks.append((PORT_MARK, PORT_STYLE))
        elif hex_ in counters:
            face = counters[hex_]
            if face is None:
                marks.append((UNKNOWN_COUNTER, COUNTER_STYLE))
            elif isinstance(face, int) and face < 0:
                marks.append((FALSE_TRAIL, COUNTER_STYLE))
            else:
                marks.append((KNOWN_SPECIAL, COUNTER_STYLE))
        elif tribe:
            style = FRIENDLY_STYLE if tribe in friendly else HOSTILE_STYLE
            if view.get("game_two"):  # 33.3: a tribe's natives, too many for one letter
                marks.append((TRIBE_MARK_II, style))
            else:
                marks.append((TRIBE_MARKS[max(0, view_map["tribe_size"][hex_])], style))
        elif view_map["cataract"][hex_]:
            marks.append((CATARACT_MARK, CATARACT_STYLE))
        elif view_map["oasis"][hex_]:
            marks.append((OASIS_MARK, "bold green"))
        elif terrain == BLANK:
            marks.append((UNEXPLORED_MARK, UNEXPLORED_STYLE))
        else:
            marks.append((terrain_letter(terrain), TERRAIN_STYLES[terrain]))
    return marks


def legend_lines() -> list[Text]:
    """The key to the map, one short line each, drawn as on the map."""
    lines: list[Text] = []

    def add(mark: str, style: str, meaning: str) -> None:
        lines.append(Text(mark, style=style).append(" " + meaning, style=""))

    add(UNEXPLORED_MARK, UNEXPLORED_STYLE, "unexplored")
    for terrain, name in enumerate(TERRAIN_NAMES):
        short = name.replace("jungle/", "jung/").replace("mountain", "mount")
        add(terrain_letter(terrain), TERRAIN_STYLES[terrain], short)
    add(FLOW_ARROWS[1], RIVER_STYLE, "river flow")
    add(RIVER_END, RIVER_STYLE, "river ends")
    add(PARTIAL, "dim", "partial")
    add(CATARACT_MARK, CATARACT_STYLE, "cataract")
    add(OASIS_MARK, "bold green", "oasis")
    add("Kh", PORT_KEY_STYLE, "port (listed)")
    add(UNKNOWN_COUNTER, COUNTER_STYLE, "counter")
    add(KNOWN_SPECIAL, COUNTER_STYLE, "known find")
    add(FALSE_TRAIL, COUNTER_STYLE, "no find")
    add(TRIBE_MARKS, HOSTILE_STYLE, "natives s/m/l")
    add(TRIBE_MARKS[0], FRIENDLY_STYLE, "friendly")
    add(EXPLORER_MARKS[:3], "bold", "explorer")
    add("  ", VISITED_GROUND.strip(), "you went")
    lines.append(Text("hex id = column + row: ", style="dim").append("2502", style="bold"))
    return lines


SCALES = ("whole", "detail")  # the scales the map is drawn at, the smaller first
DEFAULT_SCALE = "whole"
RULER_STYLES = ("bold", "bold reverse")  # the column numbers, every other one reversed
PORT_KEY_STYLE = "bold reverse magenta"
DETAIL_CELL = 5  # columns of a hex in detail: its id and a space
DETAIL_MARGIN = 8  # columns west of the board in detail: room for a western port's name
MAP_WIDTH = 80


def port_keys(board: Board) -> tuple[str, ...]:
    """Two letters for every port, no two alike, from its name: the initials of a name of two
    words (``PE`` Port Elizabeth), else its first letter and the first later letter that makes
    the key its own (``Kh`` Khartoum, ``Ki`` Kilwa)."""
    keys: list[str] = []
    for name in board.port_names:
        words = name.split()
        candidates = [words[0][0] + words[1][0]] if len(words) > 1 else []
        candidates += [name[0] + letter.lower() for letter in name[1:] if letter.isalpha()]
        keys.append(next((key for key in candidates if key not in keys), name[:2]))
    return tuple(keys)


def _cell(
    view: Mapping[str, Any], board: Board, marks: Sequence[tuple[str, str]], hex_: int
) -> list[tuple[str, str]]:
    """The two characters of a hex: its mark and its river sign, or a port's key."""
    mark, style = marks[hex_]
    port = board.port_of[hex_]
    if port >= 0 and mark == PORT_MARK:
        key = port_keys(board)[port]
        return [(key[0], PORT_KEY_STYLE), (key[1], PORT_KEY_STYLE)]
    return [(mark, style), _river_sign(view["map"], hex_)]


def _ruler(board: Board) -> Text:
    """Every column's number over its column, every other one reversed to tell them apart."""
    ruler = Text("   ")
    for col in range(board.columns):
        ruler.append(f"{col + 1:02d}", style=RULER_STYLES[col % 2])
    return ruler


def _visited(view: Mapping[str, Any], seat: int | None) -> set[int]:
    """The hexes ``seat``'s explorer has visited (a spectator: the explorer whose turn it is)."""
    focus = seat if seat is not None else view["player"]
    return set(view["explorers"][focus]["known"]) if focus is not None else set()


def _flowed(items: Sequence[Text], width: int = MAP_WIDTH) -> Text:
    """Short texts side by side, two spaces apart, in lines of at most ``width`` columns."""
    text = Text()
    column = 0
    for item in items:
        if column and column + 2 + len(item.plain) > width:
            text.append("\n")
            column = 0
        elif column:
            text.append("  ")
            column += 2
        text.append_text(item)
        column += len(item.plain)
    return text


def ports_line(board: Board) -> Text:
    """Each port's key on the map, its name as moves type it and its hex's id."""
    items = [Text("Ports:", style="bold")]
    for key, name, hex_ in zip(port_keys(board), board.port_names, board.port_hex, strict=True):
        items.append(Text(key, style=PORT_KEY_STYLE).append(f" {name} {board.hex_ids[hex_]}", ""))
    return _flowed(items)


def africa_map(
    view: Mapping[str, Any], board: Board, seat: int | None, scale: str = DEFAULT_SCALE
) -> Text:
    """The whole board at ``scale`` as ``seat`` sees it (see the module), with the legend and
    the ports under it. The hexes ``seat``'s explorer has visited lie on a grey ground."""
    draw = _detail_map if scale == "detail" else _whole_map
    text = draw(view, board, seat)
    text.append("\n")
    text.append_text(_flowed(legend_lines()))
    text.append("\n")
    text.append_text(ports_line(board))
    return text


def _whole_map(view: Mapping[str, Any], board: Board, seat: int | None) -> Text:
    """Every hex in two characters under its column's number, its row's number on both sides:
    a hex's id is the two numbers, column first."""
    marks = hex_marks(view, board, seat)
    visited = _visited(view, seat)
    text = Text(no_wrap=True, overflow="crop")
    text.append_text(_ruler(board))
    text.append("\n")
    for row in range(board.rows):
        text.append(f"{row + 1:02d} ", style=RULER_STYLE)
        for col in range(board.columns):
            hex_ = board.at(row, col)
            if hex_ < 0:
                text.append("  ")
                continue
            ground = VISITED_GROUND if hex_ in visited else ""
            place = board.hex_ids[hex_]
            for char, style in _cell(view, board, marks, hex_):
                drawn = (style + ("" if " on " in style else ground)).strip()
                text.append(char, style=place_style(place, drawn))
        text.append(f" {row + 1:02d}\n", style=RULER_STYLE)
    text.append_text(_ruler(board))
    return text


def detail_column(board: Board, hex_: int) -> int:
    """The column where a hex's id starts on the detail map."""
    return DETAIL_MARGIN + DETAIL_CELL * board.col[hex_]


def _detail_row(board: Board, hex_: int) -> int:
    """The line of a hex's id on the detail map: odd columns half a hex (one line) lower."""
    return 2 * board.row[hex_] + board.col[hex_] % 2


def _write_beside(grid: list[list[Cell]], name: str, place: str, x: int, y: int) -> None:
    """A port's name, marked as showing ``place``, on the first free place beside its hex
    (drawn from column ``x`` on line ``y``): east, west, then a line lower or higher, else past
    the hex to the east; two blank cells from anything else."""
    places = itertools.chain(
        itertools.product((0, 1, -1), (x + DETAIL_CELL, x - len(name) - 1)),
        [(0, x + 2 * DETAIL_CELL + 2)],
    )
    for dy, start in places:
        cells = range(start - 2, start + len(name) + 2)
        inside = 0 <= y + dy < len(grid) and cells.start >= 0 and cells.stop <= len(grid[0])
        if inside and all(grid[y + dy][c][0] == " " for c in cells):
            for i, char in enumerate(name):
                grid[y + dy][start + i] = (char, place_style(place, PORT_STYLE))
            return


def _detail_map(view: Mapping[str, Any], board: Board, seat: int | None) -> Text:
    """Every hex in two lines, its id over its mark and river sign, the odd columns half a
    hex lower as on the board; a port's name written beside it in the sea."""
    marks = hex_marks(view, board, seat)
    visited = _visited(view, seat)
    width = DETAIL_MARGIN + board.columns * DETAIL_CELL + max(map(len, board.port_names)) + 2
    grid: list[list[Cell]] = [[(" ", "")] * width for _ in range(2 * board.rows + 1)]
    for hex_ in range(board.num_hexes):
        x, y = detail_column(board, hex_), _detail_row(board, hex_)
        ground = VISITED_GROUND.strip() if hex_ in visited else ""
        place = board.hex_ids[hex_]
        for i, char in enumerate(place):
            grid[y][x + i] = (char, place_style(place, (RULER_STYLE + " " + ground).strip()))
        for i, (char, style) in enumerate(_cell(view, board, marks, hex_)):
            drawn = (style + ("" if " on " in style else " " + ground)).strip()
            grid[y + 1][x + 1 + i] = (char, place_style(place, drawn))
    for name, hex_ in zip(board.port_names, board.port_hex, strict=True):
        x, y = detail_column(board, hex_), _detail_row(board, hex_) + 1
        _write_beside(grid, name, board.hex_ids[hex_], x, y)
    text = Text(no_wrap=True, overflow="crop")
    for y, row in enumerate(grid):
        text.append("\n" if y else "")
        for char, marked in row:
            text.append(char, style=marked)
    text.rstrip()
    return text


def neighbours_line(view: Mapping[str, Any], board: Board, seat: int) -> Text:
    """The six hexes around ``seat``'s explorer, by the compass names the ``move`` notation
    takes, drawn as on the map: what a move would enter, readable without the map in sight."""
    marks = hex_marks(view, board, seat)
    hex_ = view["explorers"][seat]["hex"]
    text = Text(f"Around {board.hex_name(hex_)}:", style="bold")
    for direction, name in zip(DIRECTIONS, COMPASS_SHORT, strict=True):
        there = board.neighbour(hex_, direction)
        text.append(f"  {name} ", style="dim")
        if there < 0:
            text.append("sea", style="dim")
            continue
        for char, style in _cell(view, board, marks, there):
            text.append(char.strip(), style=style)
    return text
