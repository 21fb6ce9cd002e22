"""Expedition in the terminal: the map as one seat sees it, and the log in plain English.

``render(state, seat)`` draws only what ``state.view(seat)`` holds, with names, places and
distances from the map. ``world_map`` plots every point by longitude and latitude and marks
what matters with keys that the lines under the map repeat: the seat's own research
destinations (``a``, ``c``, ...), the public missions (``A``, ``C``, ...), the chips (the
number of the player), the routes (``r``, ``b``, ``y``) and the ends (``R``, ``B``, ``Y``) of
the expeditions. Every mark is its own character, so the map reads without colours too.
``describe(event)`` turns one log entry into a sentence from ``locale/en.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from terra.core.catalogs import fill, log_catalog
from terra.games.expedition.components import GREEN, RED, START, Components, load_components
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
RECENT = 10  # log entries shown

# The map: a longitude/latitude grid in a frame, the edge stations' numbers outside it.
MAP_WIDTH = 92  # columns inside the frame; 96 in all
MAP_HEIGHT = 25  # rows inside the frame
NORTH, SOUTH = 78.0, -50.0  # the latitudes of the top and the bottom row
# Keys use letters that mean nothing else on the map: b, r, y mark routes and B, R, Y their
# ends, o a site, and i, l look like 1. Own destinations get small letters, public missions
# capitals.
OWN_KEYS = "acdefghjkmnpqstuvwxz"
PUBLIC_KEYS = "ACDEFGHJKLMNPQSTUVWXZ"
NO_KEY = "?"  # more cards than keys: not with 12 cards in a hand
SITE_MARK, GREEN_MARK, RED_MARK, START_MARK = "o", "+", "$", "@"
SHARED_MARK = "*"  # a point on the routes of several expeditions
ROUTE_LINE = "."  # the lines between the points of a route
OWN_STYLE = "bold reverse"
OWN_CHIP_STYLE = "bold reverse underline"
PUBLIC_STYLE = "bold underline"
CHIP_STYLE = "bold cyan"
FRAME_STYLE = "dim"
EDGE_TITLE = "-- numbers 1-3 beside the frame: edge stations, one point on both edges "
# Where a point goes when another point took its cell: the nearest free cell, sideways first.
NUDGES = ((0, 0), (1, 0), (-1, 0), (2, 0), (-2, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1),
          (-1, -1))  # fmt: skip

Cell = tuple[int, int]  # column and row inside the frame


# --- the log -----------------------------------------------------------------------------


def catalog(language: str = "en") -> dict[str, Any]:
    """The message catalog of ``language`` (``locale/<language>.toml``), loaded once; English
    for a language without a catalog."""
    return log_catalog("terra.games.expedition", language)


def describe(
    event: Mapping[str, Any],
    data: Components | None = None,
    language: str = "en",
    names: Sequence[str] | None = None,
) -> str:
    """One log entry (``{key, args}``) as a sentence; ids become the names in ``data``, and
    players are named by ``names`` where given (the game gives its seats no colour)."""
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
        if names is not None and 0 <= int(seat) < len(names):
            return names[int(seat)]
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
    if "colour" in args:
        fields["colour"] = str(messages["colour"].get(args["colour"], args["colour"]))
    if key == "lay_down":
        fields["chip"] = part["chip"] if args.get("chip") else ""
    if key == "game_over":
        fields["scores"] = str(part["list"]).join(
            str(part["score"]).format(player=player(p), points=points)
            for p, points in enumerate(args.get("scores", []))
        )
        fields["winners"] = str(part["list"]).join(player(p) for p in args.get("winners", []))
    return fill(template, fields)


# --- the map -----------------------------------------------------------------------------


def _column(lon: float) -> int:
    return round((lon + 180) / 360 * (MAP_WIDTH - 1))


def _row(lat: float) -> int:
    lat = max(SOUTH, min(NORTH, lat))
    return round((NORTH - lat) / (NORTH - SOUTH) * (MAP_HEIGHT - 1))


@cache
def layout(data: Components) -> tuple[tuple[Cell, ...], ...]:
    """The cells of every point: an edge station on both edges, any other point in one cell,
    moved to the nearest free cell if another point took its own."""
    taken: set[Cell] = set()
    cells: list[tuple[Cell, ...]] = [()] * data.num_points
    edge = [p for p in range(data.num_points) if data.wrap[p]]
    rest = [p for p in range(data.num_points) if not data.wrap[p] and p != data.start]
    for point in [data.start, *edge, *rest]:
        x, y = _column(data.lon[point]), _row(data.lat[point])
        if data.wrap[point]:
            cells[point] = ((0, y), (MAP_WIDTH - 1, y))
        else:
            for dx, dy in NUDGES:
                cell = (x + dx, y + dy)
                if cell not in taken and 0 <= cell[0] < MAP_WIDTH and 0 <= cell[1] < MAP_HEIGHT:
                    x, y = cell
                    break
            cells[point] = ((x, y),)
        taken.update(cells[point])
    return tuple(cells)


@cache
def continent_labels(data: Components) -> tuple[tuple[str, str, Cell], ...]:
    """Each continent's name, its style and the cell it starts at: as near to the middle of
    the continent's sites as it fits without touching a point or another name."""
    cells = layout(data)
    blocked = {(x + dx, y) for point in cells for x, y in point for dx in (-1, 0, 1)}
    found: list[tuple[str, str, Cell]] = []
    for continent, name in enumerate(data.continent_names):
        sites = [cells[p][0] for p in range(data.num_sites) if data.continent[p] == continent]
        if not sites:
            continue
        label = name.upper()
        middle_x = round(sum(x for x, _ in sites) / len(sites)) - len(label) // 2
        middle_y = round(sum(y for _, y in sites) / len(sites))
        best: tuple[int, Cell] | None = None
        for y in range(max(0, middle_y - 5), min(MAP_HEIGHT, middle_y + 6)):
            for x in range(max(1, middle_x - 20), min(MAP_WIDTH - len(label), middle_x + 21)):
                if any((x + i, y) in blocked for i in range(-1, len(label) + 1)):
                    continue
                cost = 4 * (y - middle_y) ** 2 + (x - middle_x) ** 2  # rows are twice as tall
                if best is None or cost < best[0]:
                    best = (cost, (x, y))
        if best is not None:
            x, y = best[1]
            blocked.update((x + i, y) for i in range(-1, len(label) + 1))
            style = CONTINENT_STYLES.get(data.continent_colours[continent], "") + " dim"
            found.append((label, style.strip(), (x, y)))
    return tuple(found)


def _between(a: Cell, b: Cell) -> Iterable[Cell]:
    """The cells strictly between two cells, on a straight line."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    for i in range(1, steps):
        yield (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))


def _nearest_pair(a: tuple[Cell, ...], b: tuple[Cell, ...]) -> tuple[Cell, Cell]:
    """The two cells, one of each point, closest together (an edge station has two)."""
    return min(((p, q) for p in a for q in b), key=lambda pq: abs(pq[0][0] - pq[1][0]))


def place_keys(view: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The keys of the seat's own destinations (its hand, then the cards it drew) and of the
    public missions, by site id, as the map and the lists below it show them."""
    seat = view["seat"]
    own_cards: list[str] = []
    if seat is not None:
        own_cards = view["players"][seat]["hand"] + view["turn"].get("drawn", [])
    own = {c: OWN_KEYS[i] if i < len(OWN_KEYS) else NO_KEY for i, c in enumerate(own_cards)}
    public = {
        c: PUBLIC_KEYS[i] if i < len(PUBLIC_KEYS) else NO_KEY
        for i, c in enumerate(view["public_missions"])
    }
    return own, public


def _base_mark(data: Components, point: int) -> tuple[str, str]:
    kind = data.kind[point]
    if kind == GREEN:
        return GREEN_MARK, "green"
    if kind == RED:
        return RED_MARK, "red"
    if kind == START:
        return START_MARK, "bold white"
    return SITE_MARK, CONTINENT_STYLES.get(data.continent_colours[data.continent[point]], "")


def world_map(view: Mapping[str, Any], data: Components) -> Group:
    """The map as the seat of ``view`` sees it, in a frame, with a legend line below. On a
    terminal narrower than the map its right side is cut off rather than wrapped.

    Drawn in layers, each over the one before: the lines the expeditions took, the continent
    names, the points (``o`` sites in their continent's colour, ``+`` green and ``$`` red
    stations, ``@`` the start), the points on a route (``r``, ``b``, ``y``; ``*`` on several),
    the chips (the player's number), the public missions, the seat's own destinations and the
    ends of the expeditions (``R``, ``B``, ``Y``). Edge stations show on both edges, their
    numbers outside the frame."""
    seat = view["seat"]
    cells = layout(data)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * MAP_WIDTH for _ in range(MAP_HEIGHT)]

    def put(ident: str | int, char: str, style: str) -> None:
        point = ident if isinstance(ident, int) else data.point(ident)
        for x, y in cells[point]:
            grid[y][x] = (char, style)

    visited: dict[str, set[str]] = {}
    for entry in view["expeditions"]:
        colour = entry["colour"]
        for origin, target in entry["arrows"]:
            a, b = _nearest_pair(cells[data.point(origin)], cells[data.point(target)])
            for x, y in _between(a, b):
                grid[y][x] = (ROUTE_LINE, colour)
            visited.setdefault(origin, set()).add(colour)
            visited.setdefault(target, set()).add(colour)
    for label, style, (x, y) in continent_labels(data):
        for i, char in enumerate(label):
            grid[y][x + i] = (char, style)
    for point in range(data.num_points):
        put(point, *_base_mark(data, point))
    for ident, colours in visited.items():
        if data.point(ident) != data.start:
            if len(colours) == 1:
                colour = next(iter(colours))
                put(ident, colour[0], COLOUR_STYLES[colour])
            else:
                put(ident, SHARED_MARK, "bold")
    for entry in view["players"]:
        if entry["seat"] != seat:
            for ident in entry["chips_on_board"]:
                put(ident, str(entry["seat"] + 1), CHIP_STYLE)
    own, public = place_keys(view)
    for ident, key in public.items():
        put(ident, key, PUBLIC_STYLE)
    own_chips = set(view["players"][seat]["chips_on_board"]) if seat is not None else set()
    for ident, key in own.items():
        put(ident, key, OWN_CHIP_STYLE if ident in own_chips else OWN_STYLE)
    for entry in view["expeditions"]:
        if entry["arrows"]:
            colour = entry["colour"]
            put(entry["end"], colour[0].upper(), COLOUR_STYLES[colour] + " reverse")

    edges = {cells[p][0][1]: str(data.wrap[p]) for p in range(data.num_points) if data.wrap[p]}
    title = EDGE_TITLE if edges else ""
    text = Text(" +" + title + "-" * (MAP_WIDTH - len(title)) + "+\n", style=FRAME_STYLE)
    for y, row in enumerate(grid):
        number = edges.get(y, " ")
        text.append(number, style="bold red")
        text.append("|", style=FRAME_STYLE)
        for char, style in row:
            text.append(char, style=style)
        text.append("|", style=FRAME_STYLE)
        text.append(number + "\n", style="bold red")
    text.append(" +" + "-" * MAP_WIDTH + "+", style=FRAME_STYLE)
    text.no_wrap = True
    text.overflow = "crop"
    shared = any(cell[0] == SHARED_MARK for row in grid for cell in row)
    return Group(text, legend(view, shared))


def legend(view: Mapping[str, Any], shared: bool = True) -> Text:
    """One line naming every mark of the map, each drawn as on the map; ``*`` only when the
    map shows a point on several routes (``shared``), ``a`` (own destinations) only for a
    seat."""
    seat = view["seat"]
    other = next((e["seat"] for e in view["players"] if e["seat"] != seat), 0) + 1
    routes = [(c[0], COLOUR_STYLES[c]) for c in COLOUR_STYLES]
    ends = [(c[0].upper(), COLOUR_STYLES[c] + " reverse") for c in COLOUR_STYLES]
    items: list[tuple[list[tuple[str, str]], str]] = [
        ([(SITE_MARK, "")], "site"),
        ([(GREEN_MARK, "green")], "green"),
        ([(RED_MARK, "red")], "red"),
        ([(START_MARK, "bold white")], "start"),
        (routes, "route"),
        (ends, "end"),
    ]
    if shared:
        items.append(([(SHARED_MARK, "bold")], "shared"))
    if seat is not None:
        items.append(([(OWN_KEYS[0], OWN_STYLE)], "yours"))
    items.append(([(PUBLIC_KEYS[0], PUBLIC_STYLE)], "public"))
    items.append(([(str(other), CHIP_STYLE)], f"chip of P{other}"))
    text = Text()
    for i, (marks, meaning) in enumerate(items):
        text.append("  " if i else "")
        for j, (mark, style) in enumerate(marks):
            text.append("," if j else "", style=FRAME_STYLE)
            text.append(mark, style=style)
        text.append("=" + meaning, style=FRAME_STYLE)
    return text


# --- the board ---------------------------------------------------------------------------


def _names(data: Components, ids: list[str]) -> str:
    return ", ".join(data.point_names[data.point(i)] for i in ids) or "-"


def _lines(count: int) -> str:
    return "1 line" if count == 1 else f"{count} lines"


def _keyed(
    data: Components, view: Mapping[str, Any], keys: Mapping[str, str], ids: list[str],
    chips: Iterable[str] = (),
) -> str:  # fmt: skip
    """``a Persepolis (4 lines)`` for each site: its key, its name and the fewest lines from
    the nearest expedition end (every expedition stands at the start before its first arrow)."""
    ends = [data.point(e["end"]) for e in view["expeditions"]]
    marked = set(chips)
    parts = []
    for ident in ids:
        point = data.point(ident)
        near = _lines(min(data.distance[end][point] for end in ends))
        chip = ", your chip" if ident in marked else ""
        parts.append(f"{keys.get(ident, NO_KEY)} {data.point_names[point]} ({near}{chip})")
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
    expeditions = Table(box=box.SIMPLE, title="Expeditions")
    for column in ("colour", "end", "arrows left", "last points"):
        expeditions.add_column(column)
    for entry in view["expeditions"]:
        trail = [a[1] for a in entry["arrows"][-5:]]
        colour = entry["colour"]
        expeditions.add_row(
            Text(f"{colour} ({colour[0].upper()})", style=COLOUR_STYLES[colour]),
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


def render(state: ExpeditionState, seat: int | None) -> RenderableType:
    """Everything ``seat`` may see, drawn for the terminal: the turn, the map and its legend,
    the expeditions, the players, the public missions, the seat's own cards, the deck and the
    latest events."""
    view = state.view(seat)
    data = state.data
    turn = view["turn"]
    parts: list[RenderableType] = [
        _head(state, view),
        world_map(view, data),
        _expedition_table(view, data),
        _player_table(view, data),
    ]
    own_keys, public_keys = place_keys(view)
    missions = Text("Public missions (key, lines from the nearest end): ", style="bold")
    missions.append(_keyed(data, view, public_keys, view["public_missions"]))
    parts.append(missions)
    if seat is not None:
        own = view["players"][seat]
        hand = Text("Your research cards (key, lines from the nearest end): ", style="bold")
        hand.append(_keyed(data, view, own_keys, own["hand"], own["chips_on_board"]))
        parts.append(hand)
        if "drawn" in turn:
            drew = Text("You drew: ", style="bold")
            drew.append(_keyed(data, view, own_keys, turn["drawn"]) + " - keep one")
            parts.append(drew)
    parts.append(_deck(data, view["deck"], seat))
    log = Text()
    for event in state.log(seat, state.log_size - RECENT):
        log.append(describe(event, data) + "\n")
    parts.append(Panel(log, title="Recent events", box=box.ROUNDED))
    return Group(*parts)
