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

from terra.core.actions import ActionSpace, ActionSpaceBuilder, fold_notation
from terra.core.errors import NotationError, quote
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
class ActionTable(ActionSpace):
    """Every action of one data set; ``args`` are ``(arg,)`` as the rules take them."""

    arg: tuple[int, ...]  # the hex, the city, or seat * goods + good for an exchange
    start_base: int
    jump_base: int
    go_base: int
    uncover_base: int
    move_base: int
    place_base: int
    exchange_base: int
    num_goods: int


@cache
def action_table(data: Components) -> ActionTable:
    """The action table of ``data`` (built once per data set)."""
    actions = ActionSpaceBuilder("Africa")
    add = actions.add
    add(PASS, "pass", 0)
    add(KEEP, "keep", 0)
    add(RESEARCH, "camp research", 0)
    add(RESOURCES, "camp resources", 0)
    start_base = len(actions)
    for city, name in enumerate(data.city_names):
        action = add(START, f"start {name}", city)
        actions.alias(f"start {data.hex_ids[data.cities[city]]}", action)
    bases = {}
    for verb, kind in _HEX_VERBS.items():
        bases[kind] = len(actions)
        for hex_ in range(data.num_hexes):
            action = add(kind, f"{verb} {data.hex_name(hex_)}", hex_)
            actions.alias(f"{verb} {data.hex_ids[hex_]}", action)
    exchange_base = len(actions)
    goods = len(data.goods)
    for seat, colour in enumerate(PLAYER_COLOURS):
        for good, t in enumerate(data.goods):
            add(EXCHANGE, f"exchange {data.type_names[t]} with {colour}", seat * goods + good)

    fields = actions.fields()
    return ActionTable(
        **fields,
        arg=tuple(args[0] for args in fields["args"]),
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
    """The action ``text`` names where it is not the notation itself (``go to E7``, ``exchange
    kettle from blue``); -1 when it is no action. A misspelt hex, city, good or colour is a
    :class:`NotationError` that says what is wrong and suggests the nearest names."""
    table = action_table(data)
    folded = fold_notation(text)
    match = _VERB.match(folded)
    if match:
        where = match["where"]
        hex_ = data.hexes.get(where)
        if hex_ < 0:
            raise NotationError(
                f"there is no hex called {quote(where)} on the board (a hex is a row letter and "
                f"a column, like E7, or a start city's name){data.hexes.suggest(where)}"
            )
        if match["verb"] == "start":
            if data.city_of[hex_] >= 0:
                return table.start_base + data.city_of[hex_]
            cities = ", ".join(data.city_names)
            raise NotationError(
                f"{quote(where)} is not a start city; the start cities are {cities}"
            )
        return table.find(f"{match['verb']} {data.hex_ids[hex_]}")
    match = _EXCHANGE.match(folded)
    if match:
        found = table.find(f"exchange {match['good']} with {match['colour']}")
        if found >= 0:
            return found
        good = data.types.get(match["good"])
        if good not in data.goods:
            goods = ", ".join(data.type_names[t] for t in data.goods)
            raise NotationError(
                f"{quote(match['good'])} is not a kind of goods; the goods are {goods}"
            )
        raise NotationError(
            f"{quote(match['colour'])} is not a player colour; the colours are "
            f"{', '.join(PLAYER_COLOURS)}"
        )
    return -1
