"""Expedition's actions: a fixed int space and its text notation.

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
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from terra.core.errors import IllegalAction
from terra.games.expedition.components import Components

COLOURS = ("red", "blue", "yellow")

# Kinds of action.
DONE, PASS, BUY_ARROW, REMOVE, MARK, EXCHANGE, KEEP, ARROW = range(8)

NOTATION_HELP = (
    "mark Marib | pass | red Stockholm > Moscow (colours red, blue, yellow) | voucher arrow | "
    "voucher remove red | voucher exchange Marib | keep Angkor | done"
)


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Every action of one map: kind and arguments by int, notation both ways.

    ``arg`` is a colour (remove, arrow) or a site (mark, exchange, keep); an arrow also has its
    ``origin``, ``target`` and ``line``. ``exits[p]`` lists for point ``p`` the triples
    ``(neighbour, line, code)`` whose arrow of colour ``c`` is ``arrow_base + c * per_colour +
    code``.
    """

    size: int
    kind: tuple[int, ...]
    arg: tuple[int, ...]
    origin: tuple[int, ...]
    target: tuple[int, ...]
    line: tuple[int, ...]
    text: tuple[str, ...]
    lookup: dict[str, int]
    remove_base: int
    mark_base: int
    exchange_base: int
    keep_base: int
    arrow_base: int
    per_colour: int
    exits: tuple[tuple[tuple[int, int, int], ...], ...]


def fold_text(text: str) -> str:
    """Notation compared without case and with single spaces."""
    return " ".join(text.lower().replace(",", " ").split())


@cache
def action_table(data: Components) -> ActionTable:
    """The action table of ``data`` (built once per map)."""
    names = data.point_names
    kind: list[int] = []
    arg: list[int] = []
    origin: list[int] = []
    target: list[int] = []
    line_of: list[int] = []
    text: list[str] = []

    def add(k: int, a: int, t: str, *, src: int = -1, dst: int = -1, line: int = -1) -> None:
        kind.append(k)
        arg.append(a)
        origin.append(src)
        target.append(dst)
        line_of.append(line)
        text.append(t)

    add(DONE, 0, "done")
    add(PASS, 0, "pass")
    add(BUY_ARROW, 0, "voucher arrow")
    remove_base = len(kind)
    for colour, name in enumerate(COLOURS):
        add(REMOVE, colour, f"voucher remove {name}")
    mark_base = len(kind)
    for site in range(data.num_sites):
        add(MARK, site, f"mark {names[site]}")
    exchange_base = len(kind)
    for site in range(data.num_sites):
        add(EXCHANGE, site, f"voucher exchange {names[site]}")
    keep_base = len(kind)
    for site in range(data.num_sites):
        add(KEEP, site, f"keep {names[site]}")
    arrow_base = len(kind)
    per_colour = 2 * len(data.lines)
    for colour, name in enumerate(COLOURS):
        for line, (a, b) in enumerate(data.lines):
            add(ARROW, colour, f"{name} {names[a]} > {names[b]}", src=a, dst=b, line=line)
            add(ARROW, colour, f"{name} {names[b]} > {names[a]}", src=b, dst=a, line=line)
    exits = tuple(
        tuple(
            (there, line, 2 * line + (0 if data.lines[line][0] == here else 1))
            for there, line in zip(data.neighbours[here], data.line_to[here], strict=True)
        )
        for here in range(data.num_points)
    )
    lookup = {fold_text(t): a for a, t in enumerate(text)}
    return ActionTable(
        size=len(kind),
        kind=tuple(kind),
        arg=tuple(arg),
        origin=tuple(origin),
        target=tuple(target),
        line=tuple(line_of),
        text=tuple(text),
        lookup=lookup,
        remove_base=remove_base,
        mark_base=mark_base,
        exchange_base=exchange_base,
        keep_base=keep_base,
        arrow_base=arrow_base,
        per_colour=per_colour,
        exits=exits,
    )


def arrow(table: ActionTable, colour: int, code: int) -> int:
    """The arrow action of ``colour`` along exit ``code`` (see :class:`ActionTable`)."""
    return table.arrow_base + colour * table.per_colour + code


_ARROW = re.compile(r"^(?P<colour>red|blue|yellow):? (?P<src>.+?)(?: ?-?> ?| to )(?P<dst>.+)$")
_SITE = re.compile(r"^(?P<verb>mark|keep|(?:voucher )?exchange) (?P<site>.+)$")


def _point(data: Components, name: str) -> int:
    point = data.point(name)
    if point < 0:
        raise IllegalAction(f"there is no point called {name!r} on the map")
    return point


def parse(data: Components, text: str) -> int:
    """The action ``text`` names; ids work as well as names, and ``->`` or ``to`` as ``>``."""
    table = action_table(data)
    folded = fold_text(text)
    found = table.lookup.get(folded)
    if found is not None:
        return found
    match = _ARROW.match(folded)
    if match:
        src = _point(data, match["src"])
        dst = _point(data, match["dst"])
        line = data.line_between(src, dst)
        if line < 0:
            raise IllegalAction(
                f"no line joins {data.point_names[src]} and {data.point_names[dst]}",
                "Expedition, Building Rules",
            )
        colour = COLOURS.index(match["colour"])
        code = 2 * line + (0 if data.lines[line][0] == src else 1)
        return arrow(table, colour, code)
    match = _SITE.match(folded)
    if match:
        site = _point(data, match["site"])
        if site >= data.num_sites:
            raise IllegalAction(f"{data.point_names[site]} is not a research site; it has no card")
        verb = match["verb"]
        base = {"mark": table.mark_base, "keep": table.keep_base}.get(verb, table.exchange_base)
        return base + site
    raise IllegalAction(f"{text.strip()!r} is not an Expedition action; try: {NOTATION_HELP}")
