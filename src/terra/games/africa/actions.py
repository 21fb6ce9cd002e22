"""Africa's notation: how actions are written and read, beside the table the core builds.

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

Each move writes its own actions where it is declared (``Move.notation``), in the order of
:data:`terra.games.africa.rules.RULEBOOK`; this module holds what they share: the players'
colours, hexes written by id or start city name, the table's named parts, and the readings of
text that is not the notation itself. A start city may be named instead of its hex id:
``go Cairo`` is ``go A11``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from terra.core.actions import ActionSpace, fold_notation
from terra.core.errors import NotationError, quote
from terra.core.moves import Notation, Writer
from terra.games.africa.components import Components

# Researchers come in five colours (Africa, Contents); seat 0 plays the first.
PLAYER_COLOURS = ("red", "blue", "yellow", "green", "white")
MAX_PLAYERS = len(PLAYER_COLOURS)

# The four actions written without a hex or a seat: the first four of the action space, as
# the rulebook orders its moves (``action_table`` checks it).
PASS, KEEP, RESEARCH, RESOURCES = range(4)

NOTATION_HELP = (
    "start Cairo | jump E7 (A: anywhere, ends the turn) | go E7 (B: one step, two per action) | "
    "uncover E7 | keep | exchange kettle with blue | move E7 then place F8 (animals, nomads) | "
    "camp research | camp resources | pass (no action). Hexes by id (row letter, column) or "
    "start city name."
)


def colour(seat: int) -> str:
    """A seat's colour, as the rules and refusals name the player."""
    return PLAYER_COLOURS[seat]


def every_hex(verb: str) -> Notation:
    """The notation of a move made to or on one hex: ``verb E7``, one action per hex in the
    order of the board, written with a start city's name where there is one and read with its
    hex id too; the argument is the hex."""

    def write(data: Components, out: Writer) -> None:
        for hex_ in range(data.num_hexes):
            action = out.add(f"{verb} {data.hex_name(hex_)}", hex_)
            out.alias(f"{verb} {data.hex_ids[hex_]}", action)

    return write


def on_hex(data: Components, hex_: int) -> str:
    """The place of a move made to or on ``hex_``: the hex's id, as the view and the board
    name it."""
    return data.hex_ids[hex_]


@dataclass(frozen=True, eq=False)
class ActionTable(ActionSpace):
    """Every action of one data set, with the first action of each move made on a hex, a city
    or another player's goods (``base + argument`` is the action)."""

    start_base: int
    jump_base: int
    go_base: int
    uncover_base: int
    move_base: int
    place_base: int
    exchange_base: int
    num_goods: int


def action_table(
    fields: dict[str, Any], moves: Mapping[str, range], data: Components
) -> ActionTable:
    """Africa's table, from the actions the moves wrote (``moves``: each move's actions)."""
    single = (moves["pass"], moves["keep"], moves["camp research"], moves["camp resources"])
    assert [r.start for r in single] == [PASS, KEEP, RESEARCH, RESOURCES]
    return ActionTable(
        **fields,
        start_base=moves["start"].start,
        jump_base=moves["jump"].start,
        go_base=moves["go"].start,
        uncover_base=moves["uncover"].start,
        move_base=moves["move"].start,
        place_base=moves["place"].start,
        exchange_base=moves["exchange"].start,
        num_goods=len(data.goods),
    )


_VERB = re.compile(r"^(?P<verb>start|jump|go|uncover|move|place)(?: to)? (?P<where>.+)$")
_EXCHANGE = re.compile(r"^exchange (?P<good>.+?) (?:with|from) (?P<colour>\S+)$")


def parse(data: Components, table: ActionTable, text: str) -> int:
    """The action of ``table`` that ``text`` names where it is not the notation itself (``go to
    E7``, ``exchange kettle from blue``); -1 when it is no action. A misspelt hex, city, good or
    colour is a :class:`NotationError` that says what is wrong and suggests the nearest names."""
    folded = fold_notation(text)
    match = _VERB.match(folded)
    if match:
        where = match["where"]
        hex_ = data.hexes.find(where)
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
