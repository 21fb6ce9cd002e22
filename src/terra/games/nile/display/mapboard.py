"""Source of the Nile's mapboard in the terminal: every hex in two characters, as one seat sees it.

The whole board (32 columns of 37 hexes) fits an 80-column terminal: each hex is a mark and a river
sign, with the column numbers along the top, the row numbers down the side (a hex's id is its column
then its row, ``2502``) and the legend beside the map. As on the printed board's text map
(:func:`terra.games.nile.components.board.board_text`), odd columns stand half a hex lower on the
board than they do here.

The mark is the most important thing in the hex, in this order: an explorer (the capital of his
colour), a port ``*``, a discovery counter (``?`` face unknown to the seat, ``$`` a special
discovery it knows, ``x`` a false trail it knows), a native tribe (its size: ``1`` small, ``2``
medium, ``3`` large; green when friendly to the seat), a cataract ``%``, an oasis ``o``, the
terrain's letter, or ``·`` unexplored. The second character is the river: an arrow the way its
water leaves the hex, ``•`` a river ending in the hex, ``'`` a hex only partly explored. The
hexes the seat's explorer has visited are drawn on a grey ground. Everything comes from
``view(seat)`` and the public board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

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
LEGEND_WIDTH = 12
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
    add(PORT_MARK, PORT_STYLE, "port")
    add(UNKNOWN_COUNTER, COUNTER_STYLE, "counter")
    add(KNOWN_SPECIAL, COUNTER_STYLE, "known find")
    add(FALSE_TRAIL, COUNTER_STYLE, "no find")
    add(TRIBE_MARKS, HOSTILE_STYLE, "natives")
    lines.append(Text("    s/m/l", style="dim"))
    add(TRIBE_MARKS[0], FRIENDLY_STYLE, "friendly")
    add(EXPLORER_MARKS[:3], "bold", "explorer")
    add("  ", VISITED_GROUND.strip(), "you went")
    return lines


def africa_map(view: Mapping[str, Any], board: Board, seat: int | None) -> Text:
    """The whole board as ``seat`` sees it (see the module), with rulers and the legend.

    The hexes ``seat``'s explorer has visited (a spectator: the explorer whose turn it is) lie
    on a grey ground."""
    marks = hex_marks(view, board, seat)
    focus = seat if seat is not None else view["player"]
    visited: set[int] = set()
    if focus is not None:
        visited = set(view["explorers"][focus]["known"])
    view_map = view["map"]
    legend = legend_lines()
    text = Text(no_wrap=True, overflow="crop")
    tens = " ".join(str((c + 1) // 10) for c in range(board.columns))
    units = " ".join(str((c + 1) % 10) for c in range(board.columns))
    text.append(f"   {tens}\n   {units}\n", style=RULER_STYLE)
    for row in range(board.rows):
        text.append(f"{row + 1:02d} ", style=RULER_STYLE)
        for col in range(board.columns):
            hex_ = board.at(row, col)
            if hex_ < 0:
                text.append("  ")
                continue
            ground = VISITED_GROUND if hex_ in visited else ""
            mark, style = marks[hex_]
            sign, sign_style = _river_sign(view_map, hex_)
            text.append(mark, style=style + ("" if style.count(" on ") else ground))
            text.append(sign, style=(sign_style + ground).strip())
        if row < len(legend):
            text.append(" ")
            text.append_text(legend[row])
        text.append("\n")
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
        mark, style = marks[there]
        sign, sign_style = _river_sign(view["map"], there)
        text.append(mark, style=style).append(sign.strip(), style=sign_style)
    return text
