"""Africana's notation: how actions are written and read, beside the table the core builds.

A turn is a chain of small decisions. First the action of the turn (``draw``, ``buy``,
``move``); then, inside B) and C), single steps ending in ``done``; then any discards the card
limits demand. Every int means the same thing in every position, so records stay readable:

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

Each move writes its own actions where it is declared (``Move.notation``), in the order of
:data:`terra.games.africana.rules.RULEBOOK`; this module holds what they share: hand slots
and payments in words, the table's named parts, and the readings of text that is not the
notation itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from terra.core.actions import ActionSpace
from terra.core.errors import NotationError, quote
from terra.core.moves import Notation, Writer
from terra.games.africana.components import Components

# The six actions written without an argument: the first of the action space, in the order
# the rulebook's moves are listed (``action_table`` checks it).
DRAW, BUY, MOVE, DONE, TURN_FORWARD, TURN_BACK = range(6)

NOTATION_HELP = (
    "draw | buy | move | done | turn forward | turn back | buy N7 | go Cairo: grey "
    "(or: grey assistant, joker, grey recoloured) | join A3 | finish A3 | finish N7 | "
    "discard grey | discard N7"
)


@dataclass(frozen=True, eq=False)
class ActionTable(ActionSpace):
    """Every action of one data set, with the first action of each move made on a card, a
    location or a hand slot (``base + argument`` is the action).

    Hand slots: ``0..C-1`` travel cards by colour, ``C..2C-1`` assistants by colour, ``2C`` the
    joker. A step's payment is a hand slot (``0..2C``) or ``2C+1+slot`` for a recoloured travel
    or assistant card; the step to a location paying ``pay`` is
    ``step_base + location * pay_codes + pay``.
    """

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


def hand_slots(data: Components) -> int:
    """How many kinds of card a hand holds: travel cards and assistants by colour, the joker."""
    return 2 * len(data.colours) + 1


def pay_codes(data: Components) -> int:
    """How many ways there are to pay for a step: every hand slot, then every slot but the
    joker's recoloured."""
    return hand_slots(data) + 2 * len(data.colours)


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
    slots = hand_slots(data)
    if pay < slots:
        return slot_name(data, pay)
    return f"{slot_name(data, pay - slots)} recoloured"


def fixed_with(text: str, *args: int) -> Notation:
    """The notation of a move that is one action, written ``text``, taken with ``args``."""

    def write(data: Components, out: Writer) -> None:
        out.add(text, *args)

    return write


def _every_card(verb: str, ids: Callable[[Components], Sequence[str]]) -> Notation:
    """The notation of a move made on one card of a kind: ``verb <id>``, one action per card
    of ``ids`` in the order of the data; the argument is the card."""

    def write(data: Components, out: Writer) -> None:
        for card, ident in enumerate(ids(data)):
            out.add(f"{verb} {ident}", card)

    return write


def every_adventure(verb: str) -> Notation:
    """The notation of a move made on one adventure card: ``verb N7``."""
    return _every_card(verb, lambda data: data.adventure_ids)


def every_expedition(verb: str) -> Notation:
    """The notation of a move made on one expedition card: ``verb A3``."""
    return _every_card(verb, lambda data: data.expedition_ids)


def adventure_card(data: Components, card: int) -> str:
    """The place a move made on an adventure card concerns: the card, by its id."""
    return data.adventure_ids[card]


def expedition_card(data: Components, card: int) -> str:
    """The place a move made on an expedition card concerns: the card, by its id."""
    return data.expedition_ids[card]


def action_table(
    fields: dict[str, Any], moves: Mapping[str, range], data: Components
) -> ActionTable:
    """Africana's table, from the actions the moves wrote (``moves``: each move's actions)."""
    single = ("draw", "buy", "move", "done", "turn forward", "turn back")
    assert [moves[name].start for name in single] == list(range(TURN_BACK + 1))
    return ActionTable(
        **fields,
        buy_base=moves["buy adventure"].start,
        step_base=moves["go"].start,
        pay_codes=pay_codes(data),
        join_base=moves["join"].start,
        finish_expedition_base=moves["finish expedition"].start,
        finish_adventure_base=moves["finish adventure"].start,
        discard_base=moves["discard card"].start,
        drop_base=moves["discard adventure"].start,
        hand_slots=hand_slots(data),
        joker=2 * len(data.colours),
    )


_GO = re.compile(r"^(?:go|step|move)(?: to)? (?P<where>.+?)(?: ?(?::|with|paying) ?(?P<pay>.+))?$")


def parse(table: ActionTable, data: Components, text: str) -> int:
    """The action ``text`` names where it is not the notation itself (``go to Cairo with
    grey``, ``recolored``); -1 when it is no action. A misspelt place or payment is a
    :class:`NotationError` that says what is wrong and suggests the nearest names."""
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
