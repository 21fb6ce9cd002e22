"""Africana's actions: a fixed int space and its text notation.

A turn is a chain of small decisions. First the action of the turn (``draw``, ``buy``,
``move``); then, inside B) and C), single steps ending in ``done``; then any discards the card
limits demand. Every int means the same thing in every position, so the notation is a plain
lookup table and records stay readable:

==========================  ===============================================================
``draw`` ``buy`` ``move``   choose the action of the turn (Africana, Gameplay)
``turn forward|back``       turn one page of your hemisphere's book (B)
``buy N7``                  buy the adventure card N7 showing on top of a half of the book (B)
``go Cairo: grey``          step to Cairo paying a grey travel card (C); the payment may also
                            be ``grey assistant``, ``joker``, ``grey recoloured`` or
                            ``grey assistant recoloured`` (5 silver)
``join A3``                 put a company marker on expedition A3 (C)
``finish A3``/``finish N7`` end a joined expedition or an own adventure here (C)
``done``                    end the buy or move action
``discard grey``            discard down to the hand limit (also ``grey assistant``, ``joker``)
``discard N7``              discard an unfinished adventure above the limit of 3
==========================  ===============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from terra.core.errors import IllegalAction
from terra.games.africana.components import Components

# Kinds of action (the first column of the table).
DRAW, BUY, MOVE, DONE, TURN_FORWARD, TURN_BACK = range(6)
BUY_CARD, STEP, JOIN, FINISH_EXPEDITION, FINISH_ADVENTURE, DISCARD, DROP = range(6, 13)

NOTATION_HELP = (
    "draw | buy | move | done | turn forward | turn back | buy N7 | go Cairo: grey "
    "(or: grey assistant, joker, grey recoloured) | join A3 | finish A3 | finish N7 | "
    "discard grey | discard N7"
)


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Every action of one data set: kind and arguments by int, notation both ways.

    Hand slots: ``0..C-1`` travel cards by colour, ``C..2C-1`` assistants by colour, ``2C`` the
    joker. A step's payment is a hand slot (``0..2C``) or ``2C+1+slot`` for a recoloured travel
    or assistant card.
    """

    size: int
    kind: tuple[int, ...]
    arg: tuple[int, ...]
    pay: tuple[int, ...]
    text: tuple[str, ...]
    lookup: dict[str, int]
    buy_base: int
    step_base: int
    pay_codes: int
    join_base: int
    finish_expedition_base: int
    finish_adventure_base: int
    discard_base: int
    drop_base: int
    hand_slots: int
    joker: int


def _fold(text: str) -> str:
    """Notation compared without case and with single spaces."""
    return " ".join(text.lower().replace(",", " ").split())


def slot_name(data: Components, slot: int) -> str:
    """A hand slot in words: ``grey``, ``grey assistant`` or ``joker``."""
    colours = len(data.colours)
    if slot == 2 * colours:
        return "joker"
    if slot >= colours:
        return f"{data.colours[slot - colours]} assistant"
    return data.colours[slot]


def payment_name(data: Components, pay: int) -> str:
    """A step's payment in words (a hand slot, possibly ``recoloured``)."""
    slots = 2 * len(data.colours) + 1
    if pay < slots:
        return slot_name(data, pay)
    return f"{slot_name(data, pay - slots)} recoloured"


@cache
def action_table(data: Components) -> ActionTable:
    """The action table of ``data`` (built once per data set)."""
    colours = len(data.colours)
    slots = 2 * colours + 1
    pay_codes = slots + 2 * colours  # every slot, then every non-joker slot recoloured
    kind: list[int] = []
    arg: list[int] = []
    pay: list[int] = []
    text: list[str] = []

    def add(k: int, a: int, p: int, t: str) -> None:
        kind.append(k)
        arg.append(a)
        pay.append(p)
        text.append(t)

    add(DRAW, 0, 0, "draw")
    add(BUY, 0, 0, "buy")
    add(MOVE, 0, 0, "move")
    add(DONE, 0, 0, "done")
    add(TURN_FORWARD, 1, 0, "turn forward")
    add(TURN_BACK, 0, 0, "turn back")
    buy_base = len(kind)
    for card, ident in enumerate(data.adventure_ids):
        add(BUY_CARD, card, 0, f"buy {ident}")
    step_base = len(kind)
    for loc, name in enumerate(data.location_names):
        for code in range(pay_codes):
            add(STEP, loc, code, f"go {name}: {payment_name(data, code)}")
    join_base = len(kind)
    for card, ident in enumerate(data.expedition_ids):
        add(JOIN, card, 0, f"join {ident}")
    finish_expedition_base = len(kind)
    for card, ident in enumerate(data.expedition_ids):
        add(FINISH_EXPEDITION, card, 0, f"finish {ident}")
    finish_adventure_base = len(kind)
    for card, ident in enumerate(data.adventure_ids):
        add(FINISH_ADVENTURE, card, 0, f"finish {ident}")
    discard_base = len(kind)
    for slot in range(slots):
        add(DISCARD, slot, 0, f"discard {slot_name(data, slot)}")
    drop_base = len(kind)
    for card, ident in enumerate(data.adventure_ids):
        add(DROP, card, 0, f"discard {ident}")

    lookup = {_fold(t): a for a, t in enumerate(text)}
    return ActionTable(
        size=len(kind),
        kind=tuple(kind),
        arg=tuple(arg),
        pay=tuple(pay),
        text=tuple(text),
        lookup=lookup,
        buy_base=buy_base,
        step_base=step_base,
        pay_codes=pay_codes,
        join_base=join_base,
        finish_expedition_base=finish_expedition_base,
        finish_adventure_base=finish_adventure_base,
        discard_base=discard_base,
        drop_base=drop_base,
        hand_slots=slots,
        joker=2 * colours,
    )


_GO = re.compile(r"^(?:go|step|move)(?: to)? (?P<where>.+?) ?(?::|with|paying) ?(?P<pay>.+)$")


def parse(data: Components, text: str) -> int:
    """The action ``text`` names, accepting small variations (case, 'recolored', 'go to')."""
    table = action_table(data)
    folded = _fold(text).replace("recolored", "recoloured")
    found = table.lookup.get(folded)
    if found is not None:
        return found
    match = _GO.match(folded)
    if match:
        loc = data.location(match["where"])
        if loc < 0:
            raise IllegalAction(f"there is no location called {match['where']!r} on the board")
        canonical = f"go {data.location_names[loc]}: {match['pay']}"
        found = table.lookup.get(_fold(canonical))
        if found is not None:
            return found
        raise IllegalAction(
            f"cannot pay with {match['pay']!r}: name a colour ({', '.join(data.colours)}), "
            "optionally followed by 'assistant' and/or 'recoloured', or 'joker'"
        )
    raise IllegalAction(f"{text.strip()!r} is not an Africana action; try: {NOTATION_HELP}")
