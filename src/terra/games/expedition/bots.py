"""Expedition's bots: its heuristic player (the ``greedy`` bot), which its searches lean on and
play their rollouts with (:class:`ExpeditionEvaluator`).

The heuristic player values a position by what it may know: its own research cards (each is
worth 2 points once laid down instead of -1 in hand, 4 with its chip on it), the public
missions, and the marked destinations of the others (what they stand to gain). A goal ``d``
lines from the nearest expedition end counts ``DECAY ** d`` of its worth. Each arrow is judged
by what it reaches now and by how it moves its expedition's end towards or away from the goals;
travel vouchers buy arrows that reach a goal at once and exchange cards far from every
expedition.

It never simulates an action on a copy of the state: that would lay down other players' hidden
cards or draw hidden cards, and its choice would depend on what its seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from terra.core.evaluator import Evaluator, SearchSettings
from terra.games.expedition import actions as act
from terra.games.expedition import routes, scoring
from terra.games.expedition.components import GREEN, RED
from terra.games.expedition.rulebook import Phase
from terra.games.expedition.state import ExpeditionState

DECAY = 0.6
OWN_CARD = 2.0  # laid down (+1) instead of held (-1)
OWN_CHIP = 2.0  # a chip taken back (+1) instead of left on the board (-1)
PUBLIC = 1.0
OTHERS = 0.6  # share of the others' known gains counted against a move
GREEN_VALUE = 0.8
RED_VALUE = 0.6
STUCK = 0.5  # an expedition end with no free line left
BUY_ABOVE = 1.2  # a voucher buys an arrow worth at least this much
EXCHANGE_FROM = 6  # a card at least this many lines from every end is worth exchanging
CHIP_UP_TO = 5  # Variant A: mark destinations at most this far from the start
PROSPECTS = 0.5  # share of the goals' discounted worth a position's estimate counts

_MARKING = Phase.MARKING  # read once: an enum member's lookup is slow (Python 3.11)


def _goals(state: ExpeditionState, me: int) -> dict[int, float]:
    """Every site someone cares about, with its worth to ``me`` (negative: others gain)."""
    goals: dict[int, float] = {}
    for card in state.hand[me]:
        goals[card] = OWN_CARD + (OWN_CHIP if state.chip[card] == me else 0.0)
    for card in state.public:
        goals[card] = goals.get(card, 0.0) + PUBLIC
    for site, owner in enumerate(state.chip):
        if owner >= 0 and owner != me:
            goals[site] = goals.get(site, 0.0) - OTHERS * (OWN_CARD + OWN_CHIP)
    return goals


def _potential(state: ExpeditionState, goals: dict[int, float], ends: list[int]) -> float:
    distance = state.data.distance
    total = 0.0
    for site, worth in goals.items():
        nearest = min(distance[end][site] for end in ends)
        total += worth * DECAY**nearest
    return total


def _arrow_value(
    state: ExpeditionState, goals: dict[int, float], base: float, action: int, ends: list[int]
) -> float:
    table = state.tables
    colour = table.arg[action]
    target = table.target[action]
    data = state.data
    value = goals.get(target, 0.0)
    kind = data.kind[target]
    if kind == GREEN:
        value += GREEN_VALUE
    elif kind == RED:
        value += RED_VALUE
    moved = ends[:]
    moved[colour] = target
    value += _potential(state, goals, moved) - base
    used = state.used[colour]
    placed = table.line[action]
    if all(used[line] or line == placed for line in data.line_to[target]):
        value -= STUCK
    return value


def estimate(state: ExpeditionState, seat: int) -> float:
    """The running score of ``seat`` and part of what its goals are worth, discounted by how
    far the expeditions' ends are from them (a search's leaf value)."""
    score = float(scoring.breakdown(state, seat)["total"])
    if state.is_over:
        return score
    return score + PROSPECTS * _potential(state, _goals(state, seat), state.end)


def greedy_action(state: ExpeditionState, rng: random.Random) -> int:
    """The heuristic's choice for the seat to act (reads only what that seat may know)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    table = state.tables
    me = state.player
    if state.phase is _MARKING:
        return _mark(state, legal)
    goals = _goals(state, me)
    ends = state.end[:]
    if state.drawn:
        return _keep(state, legal, ends)
    base = _potential(state, goals, ends)
    best_arrow, best_value = -1, float("-inf")
    for action in legal:
        if table.kind[action] == act.ARROW:
            value = _arrow_value(state, goals, base, action, ends) + rng.random() * 1e-6
            if value > best_value:
                best_arrow, best_value = action, value
    if best_arrow >= 0 and (state.must or state.loop >= 0 or best_value > 0):
        return best_arrow
    if act.BUY_ARROW in legal and _worth_buying(state, goals, base, ends):
        return act.BUY_ARROW
    exchange = _exchange(state, legal, ends)
    if exchange >= 0:
        return exchange
    if act.DONE in legal:
        return act.DONE
    return best_arrow if best_arrow >= 0 else legal[0]


def _worth_buying(
    state: ExpeditionState, goals: dict[int, float], base: float, ends: list[int]
) -> bool:
    """A voucher buys an arrow only if some arrow now is worth a good deal."""
    best = float("-inf")
    for colour in range(act.EXPEDITIONS):
        for action in routes.continuations(state, colour):
            best = max(best, _arrow_value(state, goals, base, action, ends))
    return best >= BUY_ABOVE


def _exchange(state: ExpeditionState, legal: Sequence[int], ends: list[int]) -> int:
    """Exchange the unmarked card farthest from every expedition, if it is far enough."""
    table = state.tables
    distance = state.data.distance
    best, far = -1, EXCHANGE_FROM - 1
    for action in legal:
        if table.kind[action] == act.EXCHANGE:
            card = table.arg[action]
            nearest = min(distance[end][card] for end in ends)
            if nearest > far:
                best, far = action, nearest
    return best


def _keep(state: ExpeditionState, legal: Sequence[int], ends: list[int]) -> int:
    distance = state.data.distance
    table = state.tables
    return min(legal, key=lambda a: (min(distance[end][table.arg[a]] for end in ends), a))


def _mark(state: ExpeditionState, legal: Sequence[int]) -> int:
    """Mark the destination nearest the start; in Variant A stop when none is near."""
    table = state.tables
    distance = state.data.distance[state.data.start]
    marks = [a for a in legal if table.kind[a] == act.MARK]
    if not marks:
        return legal[0]
    best = min(marks, key=lambda a: (distance[table.arg[a]], a))
    if act.PASS in legal and distance[table.arg[best]] > CHIP_UP_TO:
        return act.PASS
    return best


class ExpeditionEvaluator(Evaluator[ExpeditionState]):
    """Expedition's bots: the heuristic player, and a search whose rollouts it plays."""

    # The weak bias towards the greedy move that the search's strength was measured with
    # (bench/RESULTS.md).
    settings = SearchSettings(evaluation_scale=3.0, greedy_bias=0.5)

    def greedy_action(self, state: ExpeditionState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def estimate(self, state: ExpeditionState, seat: int) -> float:
        return estimate(state, seat)

    def rollout_action(self, state: ExpeditionState, rng: random.Random) -> int:
        """Greedy itself: cheap enough (a few hundredths of a millisecond a decision)."""
        return greedy_action(state, rng)


EVALUATOR = ExpeditionEvaluator()
