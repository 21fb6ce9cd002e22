"""Africa's actions: a fixed int space and its text notation.

A turn is a chain of small decisions. At the start of the game each seat picks a start city.
A turn is either A) one ``jump`` anywhere, or B) two rounds (one in the simple game) of: up to
two ``go`` steps, then one action or ``pass``. An uncovered good asks ``keep`` or ``exchange``;
an uncovered or lifted animal or nomad asks where to ``place`` it. Every int means the same
thing in every position (for a given data set), so records stay readable:

===============================  ==============================================================
``start Cairo``                  put your researcher in a free start city (Game Setup)
``jump E7``                      A) move your researcher anywhere; the turn ends
``go E7``                        B) step to a neighbouring hex (two steps at most per action)
``uncover E7``                   1. turn over the marker on a neighbouring hex
``keep``                         keep the good you uncovered
``exchange kettle with blue``    give goods of the kind you uncovered, take all of blue's kettles
``move E7``                      2./3. lift the face-up animal or nomad on or next to you ...
``place F8``                     ... and put it down (also where an uncovered one goes)
``camp research``                4. establish a base camp and research
``camp resources``               5. establish a base camp and take the gold and jewels around it
``pass``                         no action this time (B); your moves so far stand
===============================  ==============================================================

A start city may be named instead of its hex id: ``go Cairo`` is ``go A11``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from terra.core.data import fold_name
from terra.core.errors import IllegalAction
from terra.games.africa.components import Components

# Researchers come in five colours (Africa, Contents); seat 0 plays the first.
PLAYER_COLOURS = ("red", "blue", "yellow", "green", "white")
MAX_PLAYERS = len(PLAYER_COLOURS)

# Kinds of action.
PASS, KEEP, RESEARCH, RESOURCES, START, JUMP, GO, UNCOVER, MOVE, PLACE, EXCHANGE = range(11)

NOTATION_HELP = (
    "start Cairo | jump E7 (A: anywhere, ends the turn) | go E7 (B: one step, two per action) | "
    "uncover E7 | keep | exchange kettle with blue | move E7 then place F8 (animals, nomads) | "
    "camp research | camp resources | pass (no action). Hexes by id (row letter, column) or "
    "start city name."
)

_HEX_VERBS = {"jump": JUMP, "go": GO, "uncover": UNCOVER, "move": MOVE, "place": PLACE}


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Every action of one data set: kind and argument by int, notation both ways."""

    size: int
    kind: tuple[int, ...]
    arg: tuple[int, ...]  # the hex, the city, or seat * goods + good for an exchange
    text: tuple[str, ...]
    lookup: dict[str, int]
    start_base: int
    jump_base: int
    go_base: int
    uncover_base: int
    move_base: int
    place_base: int
    exchange_base: int
    num_goods: int


def _fold(text: str) -> str:
    """Notation compared without case and with single spaces."""
    return " ".join(text.lower().replace(",", " ").replace(":", " ").split())


@cache
def action_table(data: Components) -> ActionTable:
    """The action table of ``data`` (built once per data set)."""
    kind: list[int] = []
    arg: list[int] = []
    text: list[str] = []
    aliases: dict[str, int] = {}

    def add(k: int, a: int, t: str) -> None:
        kind.append(k)
        arg.append(a)
        text.append(t)

    add(PASS, 0, "pass")
    add(KEEP, 0, "keep")
    add(RESEARCH, 0, "camp research")
    add(RESOURCES, 0, "camp resources")
    start_base = len(kind)
    for city, name in enumerate(data.city_names):
        add(START, city, f"start {name}")
        aliases[_fold(f"start {data.hex_ids[data.cities[city]]}")] = start_base + city
    bases = {}
    for verb, k in _HEX_VERBS.items():
        bases[k] = len(kind)
        for hex_ in range(data.num_hexes):
            add(k, hex_, f"{verb} {data.hex_name(hex_)}")
            aliases[_fold(f"{verb} {data.hex_ids[hex_]}")] = len(kind) - 1
    exchange_base = len(kind)
    goods = len(data.goods)
    for seat, colour in enumerate(PLAYER_COLOURS):
        for good, t in enumerate(data.goods):
            add(EXCHANGE, seat * goods + good, f"exchange {data.type_names[t]} with {colour}")

    lookup = {_fold(t): a for a, t in enumerate(text)}
    for alias, a in aliases.items():
        lookup.setdefault(alias, a)
    return ActionTable(
        size=len(kind),
        kind=tuple(kind),
        arg=tuple(arg),
        text=tuple(text),
        lookup=lookup,
        start_base=start_base,
        jump_base=bases[JUMP],
        go_base=bases[GO],
        uncover_base=bases[UNCOVER],
        move_base=bases[MOVE],
        place_base=bases[PLACE],
        exchange_base=exchange_base,
        num_goods=goods,
    )


_VERB = re.compile(r"^(?P<verb>start|jump|go|uncover|move|place)(?: to)? (?P<where>.+)$")
_EXCHANGE = re.compile(r"^exchange (?P<good>.+?) (?:with|from) (?P<colour>\S+)$")


def parse(data: Components, text: str) -> int:
    """The action ``text`` names, accepting small variations (case, city names, 'go to')."""
    table = action_table(data)
    folded = _fold(text)
    found = table.lookup.get(folded)
    if found is not None:
        return found
    match = _VERB.match(folded)
    if match:
        where = match["where"]
        hex_ = data.hex(where)
        if hex_ < 0:
            raise IllegalAction(
                f"there is no hex called {where!r} on the board (a hex is a row letter and a "
                "column, like E7, or a start city's name)"
            )
        if match["verb"] == "start":
            if data.city_of[hex_] >= 0:
                return table.start_base + data.city_of[hex_]
            cities = ", ".join(data.city_names)
            raise IllegalAction(f"{where!r} is not a start city; the start cities are {cities}")
        return table.lookup[_fold(f"{match['verb']} {data.hex_ids[hex_]}")]
    match = _EXCHANGE.match(folded)
    if match:
        found = table.lookup.get(f"exchange {match['good']} with {match['colour']}")
        if found is not None:
            return found
        goods = [data.type_names[t] for t in data.goods]
        if fold_name(match["good"]) not in map(fold_name, goods):
            raise IllegalAction(
                f"{match['good']!r} is not a kind of goods; the goods are {', '.join(goods)}"
            )
        raise IllegalAction(
            f"{match['colour']!r} is not a player colour; the colours are "
            f"{', '.join(PLAYER_COLOURS)}"
        )
    raise IllegalAction(f"{text.strip()!r} is not an Africa action; try: {NOTATION_HELP}")
