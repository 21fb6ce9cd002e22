"""Expedition in the terminal: the map as one seat sees it, and the log in plain English.

``render(state, seat)`` draws only what ``state.view(seat)`` holds, with names and distances
from the map. ``describe(event)`` turns one log entry into a sentence from ``locale/en.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.games.expedition import rules
from terra.games.expedition.components import (
    GREEN,
    RED,
    SITE,
    START,
    Components,
    load_components,
)
from terra.games.expedition.state import ExpeditionState

COLOUR_STYLES = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow"}
CONTINENT_STYLES = {
    "violet": "magenta",
    "blue": "blue",
    "light green": "green",
    "orange": "dark_orange",
    "yellow": "yellow",
    "pink": "pink1",
}
MAP_WIDTH = 78
MAP_HEIGHT = 24
RECENT = 10  # log entries shown


# --- the log -----------------------------------------------------------------------------


@cache
def catalog(language: str = "en") -> dict[str, Any]:
    """The message catalog of ``language`` (``locale/<language>.toml``), loaded once."""
    text = (files("terra.games.expedition") / "locale" / f"{language}.toml").read_text("utf-8")
    return tomllib.loads(text)


class _SafeFields(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def describe(event: Mapping[str, Any], data: Components | None = None, language: str = "en") -> str:
    """One log entry (``{key, args}``) as a sentence; ids become the names in ``data``."""
    messages = catalog(language)
    data = data or load_components()
    key = str(event["key"])
    args = dict(event.get("args") or {})
    private = ExpeditionState.private_args.get(key, ())
    hidden = any(name not in args for name in private)
    template = (messages["hidden"] if hidden else messages["event"]).get(key)
    if template is None:
        return f"{key}: {args}"
    part = messages["part"]

    def name(ident: Any) -> str:
        point = data.point(str(ident))
        return data.point_names[point] if point >= 0 else str(ident)

    def player(seat: Any) -> str:
        return str(part["player"]).format(number=int(seat) + 1)

    fields = {k: str(v) for k, v in args.items()}
    if "player" in args:
        fields["player"] = player(args["player"])
    for field in ("card", "origin", "target"):
        if field in args:
            fields[field] = name(args[field])
    for field in ("cards", "drawn", "back"):
        if field in args:
            fields[field] = str(part["list"]).join(name(c) for c in args[field]) or part["nothing"]
    if key == "lay_down":
        fields["chip"] = part["chip"] if args.get("chip") else ""
    if key == "game_over":
        fields["scores"] = str(part["list"]).join(
            str(part["score"]).format(player=player(p), points=points)
            for p, points in enumerate(args.get("scores", []))
        )
        fields["winners"] = str(part["list"]).join(player(p) for p in args.get("winners", []))
    return str(template).format_map(_SafeFields(fields))


# --- the board ---------------------------------------------------------------------------


def _cell(data: Components, point: int) -> tuple[int, int]:
    x = round((data.lon[point] + 180) / 360 * (MAP_WIDTH - 1))
    y = round((80 - max(-60.0, min(80.0, data.lat[point]))) / 140 * (MAP_HEIGHT - 1))
    return x, y


def world_map(state: ExpeditionState) -> Text:
    """The points on a longitude/latitude grid: sites in their continent's colour, stations as
    ``+`` (green) and ``$`` (red), the start as ``@``, visited points in the colour of the
    expedition and each end as ``R``, ``B`` or ``Y``. Edge stations show on both edges."""
    data = state.data
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * MAP_WIDTH for _ in range(MAP_HEIGHT)]

    def put(point: int, char: str, style: str) -> None:
        x, y = _cell(data, point)
        cells = [x] if not data.wrap[point] else [0, MAP_WIDTH - 1]
        for cx in cells:
            grid[y][cx] = (char, style)

    for point in range(data.num_points):
        kind = data.kind[point]
        if kind == GREEN:
            put(point, "+", "green")
        elif kind == RED:
            put(point, "$", "red")
        elif kind == START:
            put(point, "@", "bold white")
        else:
            continent = data.continent_colours[data.continent[point]]
            put(point, "o", CONTINENT_STYLES.get(continent, ""))
    for colour, cname in enumerate(rules.EXPEDITION_NAMES):
        style = COLOUR_STYLES[cname]
        route = state.route[colour]
        for point in range(data.num_points):
            if state.arrows[colour] and route >> point & 1 and data.kind[point] != START:
                put(point, "o" if data.kind[point] == SITE else "·", style)
    for colour, cname in enumerate(rules.EXPEDITION_NAMES):
        if state.arrows[colour]:
            put(state.end[colour], cname[0].upper(), COLOUR_STYLES[cname] + " reverse")
    text = Text()
    for row in grid:
        for char, style in row:
            text.append(char, style=style)
        text.append("\n")
    return text


def _names(data: Components, ids: list[str]) -> str:
    return ", ".join(data.point_names[data.point(i)] for i in ids) or "-"


def _goal(data: Components, state: ExpeditionState, ident: str) -> str:
    """A site with the fewest lines from the nearest expedition end."""
    point = data.point(ident)
    near = min(data.distance[end][point] for end in state.end)
    return f"{data.point_names[point]} ({near})"


def render(state: ExpeditionState, seat: int | None) -> RenderableType:
    """Everything ``seat`` may see, drawn for the terminal."""
    view = state.view(seat)
    data = state.data
    turn = view["turn"]
    head = Text()
    if state.is_over:
        winners = ", ".join(f"Player {p + 1}" for p in view["winners"])
        head.append(f"Game over. Winner: {winners}\n", style="bold")
    else:
        head.append(f"Turn {turn['number']}: Player {turn['player'] + 1} ", style="bold")
        head.append(f"({turn['phase']})")
        if turn["phase"] == "playing":
            head.append(
                f" - arrows due {turn['arrows_due']}, optional {turn['arrows_optional']}, "
                f"vouchers used {turn['vouchers_used']}/2"
            )
            if turn["loop"]:
                head.append(f" - {turn['loop']} loop arrow due", style="bold")
    expeditions = Table(box=box.SIMPLE, title="Expeditions")
    for column in ("colour", "end", "arrows left", "last points"):
        expeditions.add_column(column)
    for entry in view["expeditions"]:
        trail = [a[1] for a in entry["arrows"][-5:]]
        expeditions.add_row(
            Text(entry["colour"], style=COLOUR_STYLES[entry["colour"]]),
            data.point_names[data.point(entry["end"])] if entry["arrows"] else "(not started)",
            str(entry["arrows_left"]),
            _names(data, trail) if trail else "-",
        )
    players = Table(box=box.SIMPLE, title="Players")
    for column in ("player", "cards", "vouchers", "chips back/placed", "marked", "laid down",
                   "score"):  # fmt: skip
        players.add_column(column)
    for entry in view["players"]:
        name = f"Player {entry['seat'] + 1}" + (" (you)" if entry["seat"] == seat else "")
        players.add_row(
            name,
            str(entry["cards_in_hand"]),
            str(entry["vouchers"]),
            f"{entry['chips_back']}/{entry['chips_placed']}",
            _names(data, entry["marked"]),
            _names(data, entry["laid_down"]),
            str(entry["score"]["total"]),
        )
    parts: list[RenderableType] = [head, world_map(state), expeditions, players]
    missions = Text("Public missions (lines from the nearest end): ", style="bold")
    missions.append(", ".join(_goal(data, state, i) for i in view["public_missions"]) or "-")
    parts.append(missions)
    if seat is not None:
        own = view["players"][seat]
        hand = Text("Your research cards: ", style="bold")
        hand.append(", ".join(_goal(data, state, i) for i in own["hand"]) or "-")
        parts.append(hand)
        if "drawn" in turn:
            parts.append(Text(f"You drew: {_names(data, turn['drawn'])} - keep one"))
    parts.append(Text(f"Research deck: {view['deck']['size']} cards"))
    log = Text()
    for event in view["log"][-RECENT:]:
        log.append(describe(event, data) + "\n")
    parts.append(Panel(log, title="Recent events", box=box.ROUNDED))
    return Group(*parts)
