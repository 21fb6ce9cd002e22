"""Expedition's notation: how actions are written and read, beside the table the core builds.

A turn is a chain of small decisions ending in ``done``. Every int means the same thing in
every position (for a given map), so the notation is a lookup table and records stay readable:

===============================  ==========================================================
``mark Marib``                   mark one of your research destinations with a chip (setup)
``pass``                         place no more chips (Variant A)
``red Stockholm > Moscow``       place a red arrow from Stockholm to Moscow (the colours are
                                 ``red``, ``blue`` and ``yellow``)
``voucher arrow``                pay a travel voucher for one more arrow
``voucher remove red``           pay a travel voucher to take back the last red arrow
``voucher exchange Marib``       pay a travel voucher to exchange your Marib card
``keep Angkor``                  keep one of the two cards drawn in an exchange
``done``                         end your turn
===============================  ==========================================================

Each move writes its own actions where it is declared (``Move.notation``), in the order of
:data:`terra.games.expedition.rules.RULEBOOK`; this module holds what they share: the
expeditions' colours, the kinds of move by number, the table's named parts, and the readings of
text that is not the notation itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from terra.core.actions import ActionSpace
from terra.core.errors import NotationError
from terra.core.moves import Notation, Writer
from terra.games.expedition.components import Components
from terra.games.expedition.rulebook import RULE_BUILD

COLOURS = ("red", "blue", "yellow")  # the three expeditions
EXPEDITIONS = len(COLOURS)
ARROWS = 45  # arrows per expedition colour

# The kinds of move, numbered in the order of the rulebook's moves (``action_table`` checks it).
DONE, PASS, BUY_ARROW, REMOVE, MARK, EXCHANGE, KEEP, ARROW = range(8)
_MOVES = ("done", "pass", "voucher arrow", "voucher remove", "mark", "voucher exchange", "keep")

NOTATION_HELP = (
    "mark Marib | pass | red Stockholm > Moscow (colours red, blue, yellow) | voucher arrow | "
    "voucher remove red | voucher exchange Marib | keep Angkor | done"
)


def colour_name(colour: int) -> str:
    """An expedition's colour, as the notation, the log and refusals name it."""
    return COLOURS[colour]


def every_site(verb: str) -> Notation:
    """The notation of a move made with one research card: ``verb Marib``, one action per site
    in the order of the map; the argument is the site (and its card)."""

    def write(data: Components, out: Writer) -> None:
        names = data.point_names
        for site in range(data.num_sites):
            out.add(f"{verb} {names[site]}", site)

    return write


def site_id(data: Components, site: int) -> str:
    """The place of a move made with one research card: its site's id, as views name it."""
    return data.point_ids[site]


@dataclass(frozen=True, eq=False)
class ActionTable(ActionSpace):
    """Every action of one map; ``args`` are what the rules take: an arrow's ``(colour,
    origin, target, line)``, a removal's colour, a site (mark, exchange, keep), or nothing.

    ``arg`` is a colour (remove, arrow) or a site (mark, exchange, keep); an arrow also has its
    ``origin``, ``target`` and ``line``. ``exits[p]`` lists for point ``p`` the triples
    ``(neighbour, line, code)`` whose arrow of colour ``c`` is ``arrow_base + c * per_colour +
    code``; ``arrow_exits[c][p]`` lists the same exits as ``(action, line, neighbour)``, the
    arrow action of colour ``c`` ready-made; ``around[p]`` is the bitmask of the neighbours.
    """

    arg: tuple[int, ...]
    origin: tuple[int, ...]
    target: tuple[int, ...]
    line: tuple[int, ...]
    remove_base: int
    mark_base: int
    exchange_base: int
    keep_base: int
    arrow_base: int
    per_colour: int
    exits: tuple[tuple[tuple[int, int, int], ...], ...]
    arrow_exits: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]
    around: tuple[int, ...]


def action_table(
    fields: dict[str, Any], moves: Mapping[str, range], data: Components
) -> ActionTable:
    """Expedition's table, from the actions the moves wrote (``moves``: each move's actions),
    with the ways out of every point ready for the rules that list arrows."""
    assert tuple(moves) == (*_MOVES, "arrow") and moves["done"].start == DONE
    arrow_base = moves["arrow"].start
    per_colour = 2 * len(data.lines)
    exits = tuple(
        tuple(
            (there, line, 2 * line + (0 if data.lines[line][0] == here else 1))
            for there, line in zip(data.neighbours[here], data.line_to[here], strict=True)
        )
        for here in range(data.num_points)
    )
    arrow_exits = tuple(
        tuple(
            tuple((arrow_base + colour * per_colour + code, line, there) for there, line, code in e)
            for e in exits
        )
        for colour in range(len(COLOURS))
    )
    around = tuple(sum(1 << there for there in data.neighbours[here]) for here in range(len(exits)))
    args = fields["args"]
    arrows = [a if len(a) == 4 else (-1, -1, -1, -1) for a in args]
    return ActionTable(
        **fields,
        arg=tuple(a[0] if a else 0 for a in args),
        origin=tuple(a[1] for a in arrows),
        target=tuple(a[2] for a in arrows),
        line=tuple(a[3] for a in arrows),
        remove_base=moves["voucher remove"].start,
        mark_base=moves["mark"].start,
        exchange_base=moves["voucher exchange"].start,
        keep_base=moves["keep"].start,
        arrow_base=arrow_base,
        per_colour=per_colour,
        exits=exits,
        arrow_exits=arrow_exits,
        around=around,
    )


def arrow(table: ActionTable, colour: int, code: int) -> int:
    """The arrow action of ``colour`` along exit ``code`` (see :class:`ActionTable`)."""
    return table.arrow_base + colour * table.per_colour + code


_ARROW = re.compile(r"^(?P<colour>red|blue|yellow):? (?P<src>.+?)(?: ?-?> ?| to )(?P<dst>.+)$")
_SITE = re.compile(r"^(?P<verb>mark|keep|(?:voucher )?exchange) (?P<site>.+)$")


class Position(Protocol):
    """What the notation reads of a position: its map and its table."""

    @property
    def data(self) -> Components: ...

    @property
    def tables(self) -> ActionTable: ...


def parse(state: Position, text: str) -> int:
    """The action ``text`` names where it is not the notation itself (ids for names, ``->`` or
    ``to`` for ``>``); -1 when it is no action. A misspelt point is a :class:`NotationError`
    with the nearest names."""
    data = state.data
    table = state.tables
    folded = " ".join(text.lower().replace(",", " ").split())
    match = _ARROW.match(folded)
    if match:
        src = data.points.find(match["src"])
        dst = data.points.find(match["dst"])
        line = data.line_between(src, dst)
        if line < 0:
            names = data.point_names
            raise NotationError(f"no line joins {names[src]} and {names[dst]}", RULE_BUILD)
        colour = COLOURS.index(match["colour"])
        code = 2 * line + (0 if data.lines[line][0] == src else 1)
        return arrow(table, colour, code)
    match = _SITE.match(folded)
    if match:
        site = data.points.find(match["site"])
        if site >= data.num_sites:
            raise NotationError(f"{data.point_names[site]} is not a research site; it has no card")
        verb = match["verb"]
        base = {"mark": table.mark_base, "keep": table.keep_base}.get(verb, table.exchange_base)
        return base + site
    return -1
