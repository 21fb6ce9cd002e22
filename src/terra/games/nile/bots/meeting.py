"""Source of the Nile's heuristic player in a meeting with natives (13-16; Game II 34-41): the
policy, the gifts offered, who escapes a defeat, the prisoners' fate, a captive's patience, and
the die a missionary or doctor keeps (40.51). Part of the ``greedy`` bot
(:mod:`~.greedy`).

Natives are met with gifts (policy 5, Parley with Gifts, or Avoid when the gifts are gone; in
Game II Peaceful Passage, since a higher policy makes hostility less likely), chiefs are offered
enough gifts to make friends likely, prisoners are released (16.422), and a captive tries to
escape until he has sat out many turns, when he retires (21.2).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from terra.games.nile import actions as act
from terra.games.nile.offers import find_action
from terra.games.nile.phases import CAPTIVITY, ESCAPE, MISSION, NEGOTIATE, POLICY, SPOILS, Phase
from terra.games.nile.terms import ASKARI, BEARER, CAMEL, CANOE, GUIDE, HORSE, MISSIONARY

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

PARLEY_WITH_GIFTS = 5  # policy numbers (13.3; see the [[policy]] tables)
PEACEFUL_PASSAGE = 4
AVOID = 2
GIFTS_FOR_PARLEY = 5  # fewer gifts than this: avoid the natives instead
GIFT_RESERVE = 5  # gifts kept back when negotiating, for the next tribe
ESCAPE_ORDER = (ASKARI, GUIDE, BEARER, HORSE, CAMEL, CANOE)  # who escapes with him (15.21)
CAPTIVE_PATIENCE = 12  # rounds in captivity before retiring (21.2)


def _choose_policy(state: NileState, legal: list[int], rng: random.Random) -> int:
    """13.3: parley with gifts while there are gifts to give, else try to avoid them. Game II
    (34.2): a higher policy makes hostility less likely, so Peaceful Passage instead of Avoid."""
    party = state.explorers[state.player].party
    fallback = PEACEFUL_PASSAGE if state.game_two else AVOID
    policy = PARLEY_WITH_GIFTS if party.gifts >= GIFTS_FOR_PARLEY else fallback
    action = find_action(state, act.POLICY, policy - 1)
    return action if action in legal else legal[0]


def _choose_offer(state: NileState, legal: list[int], rng: random.Random) -> int:
    """14.2-14.3: the biggest usual offer the gifts allow, keeping a few for the next tribe."""
    table = state.tables
    gifts = state.explorers[state.player].party.gifts
    columns = state.data.tables.negotiation_gifts
    affordable = [
        column
        for column, needed in enumerate(columns)
        if needed <= max(gifts - GIFT_RESERVE, min(gifts, columns[1])) and needed <= 25
    ]
    column = max(affordable, default=0)
    encounter = state.encounter
    if state.game_two and encounter is not None:  # 38.2: only a double one should insult
        enough = [c for c in affordable if 2 * columns[c] >= encounter.size]
        column = min(enough, default=column)
    action = table.base[act.OFFER] + column
    return action if action in legal else find_action(state, act.OFFER_ALL)


# 40.52: the better line of each table for the die kept (poison is a risk; death and
# sickness the worst).
MISSION_ORDER = (6, 3, 2, 5, 4, 1)
DOCTOR_ORDER = (6, 5, 4, 3, 2, 1)


def _choose_die(state: NileState, legal: list[int], rng: random.Random) -> int:
    """40.51: keep the die whose line of his table is best."""
    order = MISSION_ORDER if state.explorers[state.player].specialty == MISSIONARY else DOCTOR_ORDER
    for die in order:
        action = find_action(state, act.KEEP_DIE, die)
        if action in legal:
            return action
    return legal[0]


def _choose_escape(state: NileState, legal: list[int], rng: random.Random) -> int:
    """15.21: askaris first (they fight and hunt), then a guide, then bearers."""
    return escape_in_order(state, legal, ESCAPE_ORDER)


def escape_in_order(state: NileState, legal: Sequence[int], order: tuple[int, ...]) -> int:
    """15.21: the first member in ``order`` left to escape with; done when none is."""
    for good in order:
        action = find_action(state, act.ESCAPE, good)
        if action in legal:
            return action
    return find_action(state, act.DONE)


def _choose_spoils(state: NileState, legal: list[int], rng: random.Random) -> int:
    """16.42: releasing the prisoners earns a point (16.422)."""
    return find_action(state, act.RELEASE)


def _choose_captivity(state: NileState, legal: list[int], rng: random.Random) -> int:
    """15.3, 21.2: try to escape; retire only after many turns in captivity."""
    explorer = state.explorers[state.player]
    if explorer.captured >= 0 and state.round - explorer.captured > CAPTIVE_PATIENCE:
        return find_action(state, act.RETIRE)
    return find_action(state, act.DONE)


Chooser = Callable[["NileState", list[int], random.Random], int]

MEETING_CHOOSERS: dict[Phase, Chooser] = {
    POLICY: _choose_policy,
    MISSION: _choose_die,
    NEGOTIATE: _choose_offer,
    ESCAPE: _choose_escape,
    SPOILS: _choose_spoils,
    CAPTIVITY: _choose_captivity,
}
