"""Africana's bots: its heuristic player (the ``greedy`` bot), and the evaluator that its searches
lean on (:class:`AfricanaEvaluator`).

The heuristic player compares three plans each turn: drawing two cards, buying the best
adventure it can see, and the best move action its planner finds (terra.games.africana.planner).
Inside an action it plans again at every decision. It reads only what its seat may know.
"""

from __future__ import annotations

import random

from terra.core.evaluator import Evaluator, Horizon, SearchSettings
from terra.games.africana import scoring
from terra.games.africana.actions import BUY, DONE, DRAW, MOVE, TURN_BACK, TURN_FORWARD
from terra.games.africana.buying import ADVENTURE_PRICE, page_cost
from terra.games.africana.end_of_turn import ADVENTURE_LIMIT
from terra.games.africana.planner import DECAY, Planner
from terra.games.africana.rulebook import Phase
from terra.games.africana.state import AfricanaState

ROLLOUT_STEPS = 2  # longest move considered in a search's rollouts, where speed comes first
PAGES_SEARCHED = 3  # pages the bot turns looking for a card before giving up


def estimate(state: AfricanaState, seat: int) -> float:
    """The running score of ``seat`` and what its planner makes of staying put: its kept cards,
    its silver and its goals discounted by distance (a search's leaf value)."""
    parts = scoring.breakdown(state, seat)
    if state.is_over:
        return float(parts["total"])
    planner = Planner(state, seat)
    # The planner values the cards in hand and the silver by what they will buy. The final
    # points would count the cards twice, and a coin is worth nothing there until the tenth:
    # the search would spend silver on page turns and recolouring as if it were free.
    held = parts["travel_cards"] + parts["silver"]
    return (
        parts["total"]
        - held
        + planner.values.silver * state.silver[seat]
        + planner.values.assistant * assistants_held(state, seat)
        + planner.stay_value()
        + planner.adventures_outlook()
    )


def assistants_held(state: AfricanaState, seat: int) -> int:
    """The assistants ``seat`` holds, those out on the table this action included. The planner
    credits an assistant adventure with an assistant's worth when it is finished; the estimate
    must go on counting the assistant it brought, or finishing one would look like a loss."""
    colours = len(state.data.colours)
    held = sum(state.hand[seat][colours : 2 * colours])
    if state.player == seat:
        held += sum(state.played[colours : 2 * colours])
    return held


def rollout_action(state: AfricanaState, rng: random.Random) -> int:
    """Greedy's choice with moves of at most ``ROLLOUT_STEPS`` steps, for a search's rollouts:
    the full route search costs a millisecond and more in busy positions (bench/bots.py), a
    search needs thousands of rollout moves a second."""
    return _choose(Planner(state, max_steps=ROLLOUT_STEPS), rng)


def greedy_action(state: AfricanaState, rng: random.Random) -> int:
    """The heuristic player's choice for the player to act."""
    return _choose(Planner(state), rng)


def _choose(planner: Planner, rng: random.Random) -> int:
    state = planner.state
    phase = state.phase
    if phase == Phase.CHOOSE:
        move, _ = planner.best_move()
        options = [
            (planner.draw_value(), DRAW),
            (planner.buy_value(), BUY),
            (move, MOVE),
        ]
        return max(options, key=lambda option: option[0])[1]
    if phase == Phase.MOVE:
        return planner.best_move()[1]
    if phase == Phase.BUY:
        return _buying(planner)
    if phase == Phase.DISCARD:
        return _discard(planner)
    if phase == Phase.DROP:
        return _drop(planner)
    return rng.choice(state.legal_actions())


def _buying(planner: Planner) -> int:
    state = planner.state
    me = planner.me
    legal = state.legal_actions()
    if len(state.adventures[me]) < ADVENTURE_LIMIT and state.silver[me] >= ADVENTURE_PRICE:
        scored = [(planner.card_gain(c), c) for c in planner.showing()]
        if scored:
            gain, card = max(scored)
            if gain > 0.3:
                return state.tables.buy_base + card
        cost = page_cost(state)
        if state.pages < PAGES_SEARCHED and state.silver[me] - cost >= ADVENTURE_PRICE:
            for turn in (TURN_FORWARD, TURN_BACK):
                if turn in legal:
                    return turn
    return DONE


def _discard(planner: Planner) -> int:
    """Throw away the travel card of the colour least needed around the goals."""
    state = planner.state
    data = planner.data
    hand = state.hand[planner.me]
    colours = len(data.colours)
    travel = [c for c in range(colours) if hand[c]]
    if not travel:
        slots = [s for s in range(len(hand)) if hand[s]]
        return state.tables.discard_base + slots[0]
    need = [0.0] * colours
    here = state.loc[planner.me]
    for goal in planner.goals:
        for there in data.neighbours[here] + (goal.where,):
            for colour in data.symbols[there]:
                need[colour] += goal.value / len(data.symbols[there])
    colour = min(travel, key=lambda c: (need[c] - hand[c], c))
    return state.tables.discard_base + colour


def _drop(planner: Planner) -> int:
    state = planner.state
    data = planner.data
    here = state.loc[planner.me]
    card = min(
        state.adventures[planner.me],
        key=lambda c: (
            planner.adventure_value(c) * DECAY ** data.distance[here][data.adventure_target[c]]
        ),
    )
    return state.tables.drop_base + card


class AfricanaEvaluator(Evaluator[AfricanaState]):
    """Africana's bots: the heuristic player, and a search that plays its rollouts with the
    heuristic's shorter moves."""

    # A turn is a chain of small decisions (move, step by step, join, finish): the tree holds
    # the searching seat's turn, and the rollouts play the next five turns in each world, to the
    # start of its third turn from now.
    settings = SearchSettings(evaluation_scale=5.0, horizon=Horizon.WITHIN_TURN, rollout_turns=5)

    def greedy_action(self, state: AfricanaState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def estimate(self, state: AfricanaState, seat: int) -> float:
        return estimate(state, seat)

    def progress(self, state: AfricanaState) -> float:
        """The share of the expedition pile used up (Game End: the game ends when the pile
        cannot refill the display)."""
        if state.ending:
            return 1.0
        first = len(state.data.expedition_deck) - len(state.removed) - len(state.spaces)
        return 1.0 - len(state.pile) / first if first > 0 else 0.0

    def rollout_action(self, state: AfricanaState, rng: random.Random) -> int:
        return rollout_action(state, rng)


EVALUATOR = AfricanaEvaluator()
