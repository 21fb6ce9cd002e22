"""Expedition in the terminal: the map as one seat sees it, and the log in plain English.

``render(state, seat, scale)`` draws only what ``state.view(seat)`` holds, with names, places
and distances from the map. The map itself (:mod:`terra.games.expedition.terminal_map`) shows
every point by its name or a key of three letters listed under it, and every line between
them; the lists below name the seat's own research destinations and the public missions with
the same keys. ``describe(event)`` turns one log entry into a sentence from ``locale/en.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.core.catalogs import Entry, EventLog
from terra.core.terminal import place_style
from terra.games.expedition.components import Components, load_components
from terra.games.expedition.state import ExpeditionState
from terra.games.expedition.terminal_map import (
    COLOUR_STYLES,
    DEFAULT_SCALE,
    SCALE_SIZES,
    SCALES,
    key_list,
    legend,
    point_keys,
    world_map,
)

__all__ = ["SCALES", "catalog", "describe", "render"]

RECENT = 10  # log entries shown


# --- the log -----------------------------------------------------------------------------


def _wording(entry: Entry[Components]) -> None:
    """An entry's words: ids become the names in the component data, and players are named
    by the players' names where given (the game gives its seats no colour)."""
    messages, args, names, fields = entry.messages, entry.args, entry.names, entry.fields
    data = entry.data
    part = messages["part"]

    def name(ident: Any) -> str:
        point = data.point(str(ident))
        return data.point_names[point] if point >= 0 else str(ident)

    def player(seat: Any) -> str:
        if names is not None and 0 <= int(seat) < len(names):
            return names[int(seat)]
        return str(part["player"]).format(number=int(seat) + 1)

    if "player" in args:
        fields["player"] = player(args["player"])
    for field in ("card", "origin", "target"):
        if field in args:
            fields[field] = name(args[field])
    for field in ("cards", "drawn", "back"):
        if field in args:
            fields[field] = str(part["list"]).join(name(c) for c in args[field]) or part["nothing"]
    if "colour" in args:
        fields["colour"] = str(messages["colour"].get(args["colour"], args["colour"]))
    if entry.key == "lay_down":
        fields["chip"] = part["chip"] if args.get("chip") else ""
    if entry.key == "game_over":
        fields["scores"] = str(part["list"]).join(
            str(part["score"]).format(player=player(p), points=points)
            for p, points in enumerate(args.get("scores", []))
        )
        fields["winners"] = str(part["list"]).join(player(p) for p in args.get("winners", []))


# One log entry (``{key, args}``) as a sentence: ``describe(event, data, language, names)``;
# an entry that misses a private argument reads by its ``[hidden]`` template.
describe: EventLog[Components] = EventLog(
    "terra.games.expedition",
    _wording,
    load_components,
    private=ExpeditionState.private_args,
)
catalog = describe.catalog


# --- the board ---------------------------------------------------------------------------


def _names(data: Components, ids: list[str]) -> str:
    return ", ".join(data.point_names[data.point(i)] for i in ids) or "-"


def _lines(count: int) -> str:
    return "1 line" if count == 1 else f"{count} lines"


def _keyed(
    data: Components, view: Mapping[str, Any], ids: list[str], keys: Sequence[str] | None,
    chips: Iterable[str] = (),
) -> str:  # fmt: skip
    """``Persepolis [Per] (4 lines)`` for each site: its name, its key on the map (where the
    map shows keys) and the fewest lines from the nearest expedition end (every expedition
    stands at the start before its first arrow)."""
    ends = [data.point(e["end"]) for e in view["expeditions"]]
    marked = set(chips)
    parts = []
    for ident in ids:
        point = data.point(ident)
        near = _lines(min(data.distance[end][point] for end in ends))
        chip = ", your chip" if ident in marked else ""
        key = f" [{keys[point]}]" if keys is not None else ""
        parts.append(f"{data.point_names[point]}{key} ({near}{chip})")
    return ", ".join(parts) or "-"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _deck(data: Components, deck: Mapping[str, Any], seat: int | None) -> Text:
    """The deck's size, the cards everybody saw going under it at setup and the places of the
    deck cards the seat knows (a spectator: what everybody knows), counted from the top."""
    known = {ident: depth for depth, ident in deck["known_places"]}
    text = Text("Research deck: ", style="bold")
    text.append(f"{deck['size']} cards.")
    rejected = deck["rejected_at_setup"]
    if rejected:
        text.append(" Seen going under it at setup (place from the top): ")
        text.append(
            ", ".join(
                f"{data.point_names[data.point(ident)]} "
                + (_ordinal(known[ident] + 1) if ident in known else "drawn since")
                for ident in rejected
            )
            + "."
        )
    others = sorted((depth, ident) for ident, depth in known.items() if ident not in rejected)
    if others:
        text.append(f" {'You also know' if seat is not None else 'Also known'}: ")
        text.append(
            ", ".join(
                f"{data.point_names[data.point(ident)]} {_ordinal(depth + 1)}"
                for depth, ident in others
            )
            + "."
        )
    return text


VARIANT_NOTES = {
    "variant_a": "Variant A: any number of chips; a loop's extra arrow leaves from the loop",
    "variant_b": "Variant B: whoever first takes back all their chips wins",
}


def _head(state: ExpeditionState, view: Mapping[str, Any]) -> Text:
    """Whose turn it is and what is due, or the winners; the variants in play."""
    turn = view["turn"]
    head = Text()
    if state.is_over:
        winners = ", ".join(f"Player {p + 1}" for p in view["winners"])
        head.append(f"Game over. Winner: {winners}", style="bold")
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
    for option, note in VARIANT_NOTES.items():
        if state.options.get(option):
            head.append("\n" + note, style="dim")
    return head


def _expedition_table(view: Mapping[str, Any], data: Components) -> Table:
    """One row per expedition, its colour marked as showing it (the place of a removal)."""
    expeditions = Table(box=box.SIMPLE, title="Expeditions")
    for column in ("colour", "end", "arrows left", "last points"):
        expeditions.add_column(column)
    for entry in view["expeditions"]:
        trail = [a[1] for a in entry["arrows"][-5:]]
        colour = entry["colour"]
        expeditions.add_row(
            Text(
                f"{colour} ({colour[0].upper()})", style=place_style(colour, COLOUR_STYLES[colour])
            ),
            data.point_names[data.point(entry["end"])] if entry["arrows"] else "(not started)",
            str(entry["arrows_left"]),
            _names(data, trail) if trail else "-",
        )
    return expeditions


def _player_table(view: Mapping[str, Any], data: Components) -> Table:
    """One row per player; the score (Variant B: the lines from the expeditions to the
    player's chips, its tie-break, as chips taken back decide)."""
    seat = view["seat"]
    variant_b = any("lines_to_chips" in entry["score"] for entry in view["players"])
    players = Table(box=box.SIMPLE, title="Players")
    for column in ("player", "cards", "vouchers", "chips back/placed", "marked", "laid down",
                   "lines to chips" if variant_b else "score"):  # fmt: skip
        players.add_column(column)
    for entry in view["players"]:
        name = f"Player {entry['seat'] + 1}" + (" (you)" if entry["seat"] == seat else "")
        score = entry["score"]
        players.add_row(
            name,
            str(entry["cards_in_hand"]),
            str(entry["vouchers"]),
            f"{entry['chips_back']}/{entry['chips_placed']}",
            _names(data, entry["marked"]),
            _names(data, entry["laid_down"]),
            str(score["lines_to_chips"] if variant_b else score["total"]),
        )
    return players


def _missions(
    data: Components, view: Mapping[str, Any], seat: int | None, keys: Sequence[str] | None
) -> list[RenderableType]:
    """The public missions, and the seat's own cards (and those it drew to keep one of)."""
    missions = Text("Public missions (lines from the nearest end): ", style="bold")
    missions.append(_keyed(data, view, view["public_missions"], keys))
    parts: list[RenderableType] = [missions]
    if seat is not None:
        own = view["players"][seat]
        hand = Text("Your research cards (lines from the nearest end): ", style="bold")
        hand.append(_keyed(data, view, own["hand"], keys, own["chips_on_board"]))
        parts.append(hand)
        if "drawn" in view["turn"]:
            drew = Text("You drew: ", style="bold")
            drew.append(_keyed(data, view, view["turn"]["drawn"], keys) + " - keep one")
            parts.append(drew)
    return parts


def render(state: ExpeditionState, seat: int | None, scale: str = DEFAULT_SCALE) -> RenderableType:
    """Everything ``seat`` may see, drawn for the terminal: the turn, the public missions and
    the seat's own cards, the map at ``scale`` (one of :data:`SCALES`) with its legend and
    keys, the expeditions, the players, the deck and the latest events."""
    view = state.view(seat)
    data = state.data
    keyed = not SCALE_SIZES[scale].full_names
    keys = point_keys(data) if keyed else None
    parts: list[RenderableType] = [
        _head(state, view),
        *_missions(data, view, seat, keys),
        world_map(view, data, scale),
        legend(view),
    ]
    if keyed:
        parts.append(key_list(data))
    parts += [
        _expedition_table(view, data),
        _player_table(view, data),
        _deck(data, view["deck"], seat),
    ]
    log = Text()
    for event in state.log(seat, state.log_size - RECENT):
        log.append(describe(event, data) + "\n")
    parts.append(Panel(log, title="Recent events", box=box.ROUNDED))
    return Group(*parts)
