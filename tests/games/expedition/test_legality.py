"""Legality is stated twice, and both statements agree.

``legal_actions()`` generates the legal actions; ``explain_illegal()`` checks one action against
the conditions of its rule (Marking Research Destinations, Building Rules, Loops, Travel
Vouchers, Gameplay). The contract suite compares them in whole games on the world map, random
ones and greedy ones with every variant (``tests/core``); here they are compared in a random
game with both variants, and at every decision of games on the small loops map, where loops and
removals are frequent.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from terra.games.expedition import ExpeditionState
from terra.games.expedition.bots import greedy_action
from tests.games.expedition import table
from tests.refusals import assert_legality_agrees

EVERY = 9  # on the world map, every 9th decision (and every one with a loop, a draw or a
# green arrow pending) is checked: each check explains about 1,500 actions

GAMES: list[tuple[int, int, dict[str, Any], str]] = [
    (4, 13, {"variant_a": True, "variant_b": True}, "random"),
    (2, 15, {"data": table.LOOPS}, "random"),
    (3, 16, {"data": table.LOOPS, "variant_a": True}, "random"),
    (2, 17, {"data": table.LOOPS}, "greedy"),
]


@cache
def positions(index: int) -> tuple[ExpeditionState, ...]:
    players, seed, options, bot = GAMES[index]
    state = table.new(players, seed, **options)
    rng = random.Random(seed)
    small = "data" in options
    found = []
    count = 0
    while not state.is_over:
        count += 1
        if small or count % EVERY == 0 or state.loop >= 0 or state.drawn or state.may:
            found.append(state.clone())
        if bot == "random":
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(greedy_action(state, rng))
    found.append(state)
    return tuple(found)


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_action_is_legal_or_explained_by_its_rule_never_both(index: int) -> None:
    """Expedition, every rule: an action is legal exactly when its rule's explanation finds
    nothing against it, and an illegal one is explained with a reason and its rulebook
    section."""
    checked = 0
    for state in positions(index):
        assert_legality_agrees(state)
        checked += 1
    assert checked > 20


def test_the_positions_cover_loops_exchanges_and_green_arrows() -> None:
    found = [state for index in range(len(GAMES)) for state in positions(index)]
    assert any(state.loop >= 0 for state in found)
    assert any(state.drawn for state in found)
    assert any(state.may for state in found)
    assert any(state.looped for state in found)
