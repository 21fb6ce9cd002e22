"""Africa in the terminal: the hex map as one seat sees it, and the log in plain English.

``render(state, seat)`` draws only what ``state.view(seat)`` holds (face-down markers are
``??``). Each hex is a short cell: the researcher standing there (the initial of its colour,
upper case), the marker's two-letter label, and a base camp (the owner's initial, lower case),
each marked as showing the hex (:func:`terra.core.terminal.place_style`), for pointing at it.
Every second row is shifted half a cell, as on the board. Without colours everything stays
readable. ``describe(event)`` turns one log entry into a sentence from ``locale/en.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.core.catalogs import Entry, EventLog, person
from terra.core.terminal import place_style
from terra.games.africa.actions import PLAYER_COLOURS, on_hex
from terra.games.africa.components import CATEGORIES, Components
from terra.games.africa.state import AfricaState
from terra.games.africa.view import FACE_DOWN

CELL = 4  # characters per hex
FACE_DOWN_LABEL = "??"
EMPTY_LABEL = "··"
PLAYER_STYLES = {
    "red": "bold bright_white on red",
    "blue": "bold bright_white on blue",
    "yellow": "bold black on yellow",
    "green": "bold black on green",
    "white": "bold black on bright_white",
}
CATEGORY_STYLES = {
    "gold": "bold yellow",
    "jewels": "bold magenta",
    "goods": "bold cyan",
    "animal": "bold green",
    "nomad": "bold dark_orange",
    "monument": "bold bright_white",
}
FACE_DOWN_STYLE = "grey50"
CITY_STYLE = "bold underline"


# --- the log -----------------------------------------------------------------------------


def _points(messages: Mapping[str, Any], n: int) -> str:
    singular, plural = messages["noun"]["point"]
    return f"{n} {singular if n == 1 else plural}"


def _marker(messages: Mapping[str, Any], name: str) -> str:
    """A marker's name (``statue``, ``gold 2``) in the catalog's words; its value stays."""
    kind, _, value = name.partition(" ")
    word = str(messages["marker"].get(kind, kind))
    return f"{word} {value}" if value else word


def seat_words(players: int, language: str = "en") -> list[str]:
    """Each seat's colour in the catalog's words."""
    colour = catalog(language)["colour"]
    return [str(colour[PLAYER_COLOURS[seat]]) for seat in range(players)]


def _variant(key: str, args: Mapping[str, Any]) -> str:
    """The template of an entry whose kind tells apart what happened: a treasure or a
    monument uncovered, a camp's purpose, an uncovered marker left where it was."""
    if key == "uncover":
        if "points" in args:
            return "uncover_treasure"
        if "found" in args:
            return "uncover_monument"
    if key == "camp":
        return f"camp_{args.get('purpose', 'research')}"
    if key == "place" and args.get("origin") == args.get("destination"):
        return "place_stay"  # an uncovered one left where it was: no journey to tell
    return key


def _wording(entry: Entry[Components | None]) -> None:
    """An entry's words: players by colour (and name), markers, points and what was taken."""
    messages, args, names, fields = entry.messages, entry.args, entry.names, entry.fields
    part = messages["part"]
    colour = messages["colour"]
    for name in ("player", "other"):
        if isinstance(args.get(name), int):
            fields[name] = person(colour[PLAYER_COLOURS[args[name]]], args[name], names)
    for name in ("marker", "good", "gave", "took"):
        if isinstance(args.get(name), str):
            fields[name] = _marker(messages, args[name])
    if "points" in args:
        fields["points"] = _points(messages, int(args["points"]))
    if "camp" in args:
        fields["camp"] = part["camp"] if args["camp"] else part["no_camp"]
    if "taken" in args:
        taken = args["taken"]
        fields["taken"] = (
            ", ".join(_marker(messages, m) for m in taken) if taken else part["nothing"]
        )
    if "moved" in args:
        fields["how"] = part["moves"] if args["moved"] else part["places"]
    if "scores" in args:
        fields["scores"] = ", ".join(
            f"{person(colour[PLAYER_COLOURS[p]], p, names)} {s}"
            for p, s in enumerate(args["scores"])
        )


# One log entry (``{key, args}``) as a sentence: ``describe(event, data, language, names)``.
# The entries need no component data (``data``, which the other games' entries do, is unused).
describe: EventLog[Components | None] = EventLog(
    "terra.games.africa", _wording, lambda: None, variant=_variant
)
catalog = describe.catalog


# --- the board -------------------------------------------------------------------------------


def _style_of(data: Components, name: str | None) -> str:
    if name is None:
        return ""
    if name == FACE_DOWN:
        return FACE_DOWN_STYLE
    t = data.marker_type(name)
    return CATEGORY_STYLES[CATEGORIES[data.category[t]]] if t >= 0 else ""


def _label(data: Components, hex_: int, name: str | None) -> tuple[str, str]:
    if name == FACE_DOWN:
        return FACE_DOWN_LABEL, FACE_DOWN_STYLE
    if name is not None:
        return data.label[data.marker_type(name)], _style_of(data, name)
    city = data.city_of[hex_]
    if city >= 0:
        return data.city_labels[city], CITY_STYLE
    return EMPTY_LABEL, "grey42"


def board_text(state: AfricaState, view: Mapping[str, Any]) -> Text:
    """The hex map: rows lettered, columns numbered, odd rows shifted half a cell."""
    data = state.data
    cells: dict[tuple[int, int], int] = {
        (data.row[h], data.col[h]): h for h in range(data.num_hexes)
    }
    researchers = {data.hex(p["researcher"]): p["seat"] for p in view["players"] if p["researcher"]}
    out = Text()
    header = "   " + "".join(f"{c + 1:^{CELL}}" for c in range(data.width))
    out.append(header.rstrip() + "\n", style="grey50")
    for row in range(data.height):
        out.append(f"{chr(ord('A') + row)}  ", style="grey50")
        if row & 1:
            out.append(" " * (CELL // 2))
        for col in range(data.width):
            h = cells.get((row, col))
            if h is None:
                out.append(" " * CELL)
                continue
            cell = view["board"][h]
            place = on_hex(data, h)  # every character of the hex shows it (to point at)
            who = researchers.get(h)
            if who is None:
                out.append(" ", style=place_style(place))
            else:
                colour = PLAYER_COLOURS[who]
                out.append(colour[0].upper(), style=place_style(place, PLAYER_STYLES[colour]))
            label, style = _label(data, h, cell["marker"])
            out.append(label, style=place_style(place, style))
            camp = cell["camp"]
            if camp is None:
                out.append(" ", style=place_style(place))
            else:
                colour = PLAYER_COLOURS[camp]
                out.append(colour[0], style=place_style(place, PLAYER_STYLES[colour]))
        out.rstrip()
        out.append("\n")
    out.rstrip()
    return out


def legend(data: Components) -> Group:
    """What the labels mean: the marks, then each city's and tile's label with its name, in
    as many columns as the width drawn in holds."""
    out = Text("Legend: ")
    out.append(FACE_DOWN_LABEL, style=FACE_DOWN_STYLE)
    out.append(" face down  ")
    out.append(EMPTY_LABEL, style="grey42")
    out.append(" empty  ")
    out.append("CA", style=CITY_STYLE)
    out.append(" start city  ")
    out.append("R", style=PLAYER_STYLES["red"])
    out.append("·· researcher  ")
    out.append("··", style="grey42")
    out.append("r", style=PLAYER_STYLES["red"])
    out.append(" base camp")
    entries = [
        (label, CITY_STYLE, name)
        for label, name in zip(data.city_labels, data.city_names, strict=True)
    ] + [
        (data.label[t], CATEGORY_STYLES[CATEGORIES[data.category[t]]], data.type_names[t])
        for t in range(data.num_types)
    ]
    keys = [Text.assemble((label, style), f" {name}") for label, style, name in entries]
    return Group(out, Columns(keys, padding=(0, 2), equal=True))


def players_table(state: AfricaState, view: Mapping[str, Any]) -> Table:
    """Each player: researcher, camps, goods, gold, jewels, score."""
    data = state.data
    grid = Table(box=box.SIMPLE, pad_edge=False)
    for column in ("player", "at", "camps", "goods", "gold", "jewels", "score"):
        grid.add_column(
            column, justify="right" if column in ("camps", "gold", "jewels") else "left"
        )
    current = view["turn"]["player"]
    for p in view["players"]:
        colour = p["colour"]
        name = Text(f"{'>' if p['seat'] == current else ' '} {colour}")
        name.stylize(PLAYER_STYLES[colour], 2)
        goods = ", ".join(f"{n} {good}" for good, n in p["goods"].items() if n) or "-"
        where = p["researcher"]
        at = data.hex_name(data.hex(where)) if where else "-"
        score = p["score"]
        words = f"{score['total']}"
        if view["turn"]["phase"] == "over":
            words += (
                " (" + ", ".join(f"{k} {v}" for k, v in score.items() if k != "total" and v) + ")"
            )
        grid.add_row(name, at, str(p["camps"]), goods, str(p["gold"]), str(p["jewels"]), words)
    return grid


def status(state: AfricaState, view: Mapping[str, Any]) -> Text:
    """Whose turn, what stage, the monuments and the supply."""
    turn = view["turn"]
    out = Text()
    out.append(
        f"Monuments {view['monuments_found']}/{view['last_monument']} (the game ends at the "
        f"last)   Supply: {view['supply_camps']} base camps   Face down: "
        f"{sum(view['face_down'].values())}\n"
    )
    if turn["phase"] == "over":
        winners = " and ".join(PLAYER_COLOURS[w] for w in view["winners"])
        out.append(f"The game is over. Winner: {winners}.", style="bold")
        return out
    colour = PLAYER_COLOURS[turn["player"]]
    out.append(f"Turn {turn['number']}: {colour}", style="bold")
    phase = turn["phase"]
    if phase == "start":
        out.append(" chooses a start city.")
    elif phase == "goods":
        out.append(f" uncovered a {turn['uncovered_good']}: keep it or exchange.")
    elif phase == "place":
        placing = turn["placing"]
        out.append(f" places the {placing['marker']} from {placing['hex']}.")
    else:
        out.append(
            f", action {turn['action']} of {turn['actions_per_turn']}, "
            f"{turn['steps_taken']} of 2 steps taken."
        )
    return out


def render(state: AfricaState, seat: int | None) -> RenderableType:
    """Everything ``seat`` may see, for the terminal."""
    view = state.view(seat)
    data = state.data
    title = "Africa" + (" (provisional board)" if data.provisional else "")
    return Group(
        Panel(board_text(state, view), title=title, expand=False),
        legend(data),
        players_table(state, view),
        status(state, view),
    )
