"""Source of the Nile's bots: its heuristic player (the ``greedy`` bot,
terra.games.nile.bots.greedy), and the evaluator its searches lean on (:class:`NileEvaluator`): the
greedy explorer with a port, an escape and a specialty of the search's own, and the moves a search
leaves to it.

Everything here reads only what the seat to act may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from terra.core.evaluator import Evaluator, Horizon, SearchSettings
from terra.games.nile import actions as act
from terra.games.nile.bots.greedy import greedy_action, specialties_scored
from terra.games.nile.bots.meeting import escape_in_order
from terra.games.nile.bots.prospects import estimate, solitaire_value
from terra.games.nile.offers import find_action
from terra.games.nile.phases import CAPTIVITY, COUNTERS, ESCAPE, OUTFIT, PUBLISHING, SPECIALTY
from terra.games.nile.state import NileState
from terra.games.nile.terms import ASKARI, BEARER, CAMEL, CANOE, GUIDE, HORSE

if TYPE_CHECKING:
    from terra.games.nile.components import Components


# The port the search's explorer sails for wherever greedy would sail (4.5, 26.2): greedy's
# port prospects count the hexes near a port, not what expeditions find there, and on the
# shipped map no port did as well as this one. A map without it: greedy's.
FAVOURED_PORT = "Kilwa"


# Who escapes with the search's explorer after a defeat (15.21-15.23): a bearer first, who
# brings his share of the load (the rations to get home on), then askaris.
SEARCH_ESCAPE_ORDER = (BEARER, ASKARI, GUIDE, HORSE, CAMEL, CANOE)


def search_favourite(state: NileState, rng: random.Random) -> int:
    """The search's favourite move (``NileEvaluator.favourite_action``): greedy's, but a voyage
    goes to :data:`FAVOURED_PORT` wherever that is legal too, the members who escape after a
    defeat are chosen in :data:`SEARCH_ESCAPE_ORDER`, and the specialty is the one with the best
    prospects (4.6, 21.33), where greedy draws among the near-best. Only the port changes of a
    voyage: whether and when to sail stay greedy's."""
    if state.phase == ESCAPE:
        return escape_in_order(state, state.legal_actions(), SEARCH_ESCAPE_ORDER)
    if state.phase == SPECIALTY:
        return _best_specialty(state, state.legal_actions())
    action = greedy_action(state, rng)
    table = state.tables
    if table.kind[action] != act.SAIL:
        return action
    port = _favoured_port(state.data)
    if port < 0 or table.args[action] == (port,):
        return action
    favoured = find_action(state, act.SAIL, port)
    return favoured if state.is_legal(favoured) else action


@cache
def _favoured_port(data: Components) -> int:
    """The index of :data:`FAVOURED_PORT` on ``data``'s board, or -1."""
    names = data.board.port_names
    return names.index(FAVOURED_PORT) if FAVOURED_PORT in names else -1


# Free moves that neither advance nor end a turn (9.6, 17, 18.5, 5.4441, 5.52): a search weighs
# them only where the greedy explorer makes one (``search_actions``).
BOOKKEEPING = frozenset(
    (
        act.LEAVE,
        act.CACHE,
        act.DIG,
        act.SHOOT,
        act.TAKE_WATER,
        act.CARRY,
        act.REST,
        act.DROP_FIND,
        act.CACHE_FIND,
        act.LEAVE_SICK,
    )
)


# Phases whose choices a search leaves to its favourite move (``search_actions``).
UNSEARCHED = frozenset((OUTFIT, COUNTERS, SPECIALTY, PUBLISHING))


def search_actions(state: NileState) -> tuple[int, ...]:
    """The legal actions a search weighs: all but the bookkeeping moves, and retiring (21.2)
    only in captivity: elsewhere it is death by choice, and weighing it leaves a search
    nothing else to weigh beside the one move left. None where nothing else is left; none
    while outfitting, where greedy buys to one plan for the whole expedition, not one purchase
    at a time; none for the set-up's counters and a specialty (4.4, 4.6, 21.33), whose worth
    the turn's end, where a search judges, shows nothing of; and none while a publication is
    chosen part by part (22.2), a plan greedy makes as a whole, nor the parts to begin one
    with in Europe: beside ``publish`` it weighs only the favourite's first part. The favourite
    move is then played without a search."""
    if state.phase in UNSEARCHED:
        return ()
    kind = state.tables.kind
    captive = state.phase == CAPTIVITY
    return tuple(
        a
        for a in state.legal_actions()
        if kind[a] not in BOOKKEEPING
        and kind[a] != act.PUBLISH_PART
        and (captive or kind[a] != act.RETIRE)
    )


def _best_specialty(state: NileState, legal: Sequence[int]) -> int:
    """4.6: the specialty with the best prospects (the first of equals)."""
    return max(specialties_scored(state, legal), key=lambda scored: scored[0])[1]


class NileEvaluator(Evaluator[NileState]):
    """Source of the Nile's bots: the greedy explorer, and a search that leans on its own
    favourite (:func:`search_favourite`) and plays its rollouts with greedy."""

    # The explorers' turns hardly touch one another: a search judges its move as the seat's
    # own turn ends, where the rivals' turns would add only their own luck, at several times
    # the cost.
    settings = SearchSettings(evaluation_scale=10.0, horizon=Horizon.OWN_TURN)

    def greedy_action(self, state: NileState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def favourite_action(self, state: NileState, rng: random.Random) -> int:
        """Greedy's move with the search's own port, escape and specialty; the ``greedy`` bot
        stays the baseline the search is measured against."""
        return search_favourite(state, rng)

    def estimate(self, state: NileState, seat: int) -> float:
        return estimate(state, seat)

    def search_actions(self, state: NileState) -> tuple[int, ...]:
        return search_actions(state)

    def rollout_action(self, state: NileState, rng: random.Random) -> int:
        """Greedy itself: a random explorer soon starves or dies, which tells a search
        nothing about the position."""
        return greedy_action(state, rng)

    def evaluate(self, state: NileState) -> list[float]:
        """7.0 alone against the game: how near the estimate stands to the target; with
        rivals, the default's share of the victory."""
        if state.num_players == 1 and not state.is_over:
            return [solitaire_value(state, self.settings.evaluation_scale)]
        return super().evaluate(state)


EVALUATOR = NileEvaluator()
