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

from terra.core.actions import ActionSpace, ActionSpaceBuilder
from terra.core.errors import NotationError, quote
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
class ActionTable(ActionSpace):
    """Every action of one data set; ``args`` are ``(arg, pay)`` as the rules take them.

    Hand slots: ``0..C-1`` travel cards by colour, ``C..2C-1`` assistants by colour, ``2C`` the
    joker. A step's payment is a hand slot (``0..2C``) or ``2C+1+slot`` for a recoloured travel
    or assistant card.
    """

    arg: tuple[int, ...]
    pay: tuple[int, ...]
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
    actions = ActionSpaceBuilder("Africana")
    add = actions.add

    add(DRAW, "draw", 0, 0)
    add(BUY, "buy", 0, 0)
    add(MOVE, "move", 0, 0)
    add(DONE, "done", 0, 0)
    add(TURN_FORWARD, "turn forward", 1, 0)
    add(TURN_BACK, "turn back", 0, 0)
    buy_base = len(actions)
    for card, ident in enumerate(data.adventure_ids):
        add(BUY_CARD, f"buy {ident}", card, 0)
    step_base = len(actions)
    for loc, name in enumerate(data.location_names):
        for code in range(pay_codes):
            add(STEP, f"go {name}: {payment_name(data, code)}", loc, code)
    join_base = len(actions)
    for card, ident in enumerate(data.expedition_ids):
        add(JOIN, f"join {ident}", card, 0)
    finish_expedition_base = len(actions)
    for card, ident in enumerate(data.expedition_ids):
        add(FINISH_EXPEDITION, f"finish {ident}", card, 0)
    finish_adventure_base = len(actions)
    for card, ident in enumerate(data.adventure_ids):
        add(FINISH_ADVENTURE, f"finish {ident}", card, 0)
    discard_base = len(actions)
    for slot in range(slots):
        add(DISCARD, f"discard {slot_name(data, slot)}", slot, 0)
    drop_base = len(actions)
    for card, ident in enumerate(data.adventure_ids):
        add(DROP, f"discard {ident}", card, 0)

    fields = actions.fields()
    return ActionTable(
        **fields,
        arg=tuple(arg for arg, _ in fields["args"]),
        pay=tuple(pay for _, pay in fields["args"]),
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


_GO = re.compile(r"^(?:go|step|move)(?: to)? (?P<where>.+?)(?: ?(?::|with|paying) ?(?P<pay>.+))?$")


def parse(data: Components, text: str) -> int:
    """The action ``text`` names where it is not the notation itself (``go to Cairo with
    grey``, ``recolored``); -1 when it is no action. A misspelt place or payment is a
    :class:`NotationError` that says what is wrong and suggests the nearest names."""
    table = action_table(data)
    folded = " ".join(text.lower().replace("recolored", "recoloured").split())
    found = table.find(folded)
    if found >= 0:
        return found
    match = _GO.match(folded)
    if not match:
        return -1
    name = data.location_names[data.locations.find(match["where"].rstrip(" :"))]
    if match["pay"] is None:
        raise NotationError(
            f"say which card pays for the step: 'go {name}: <card>', the card being a colour "
            "(optionally followed by 'assistant' and/or 'recoloured') or 'joker'"
        )
    found = table.find(f"go {name}: {match['pay']}")
    if found >= 0:
        return found
    colours = ", ".join(data.colours)
    raise NotationError(
        f"cannot pay with {quote(match['pay'])}: name a colour ({colours}), optionally followed "
        "by 'assistant' and/or 'recoloured', or 'joker'"
    )
