"""Africa's bots: its heuristic player (the ``greedy`` bot), and the evaluator that its searches
lean on (:class:`AfricaEvaluator`), the same player with weights of its own.

The heuristic player values everything in points. In a turn it looks at every space its
researcher can reach before the coming action and every action there: the expected points of
uncovering a marker (averaged over the markers still face down, which are public knowledge by
type), moving an animal or nomad, or a base camp (research points, or the gold and jewels it
would take, less what a camp kept for later is worth). It walks to the best one and takes it.
When nothing nearby is worth anything at the start of a turn, it moves anywhere (A) to the space
with the best prospects; with none anywhere, it moves away from face-down markers it will not
uncover, so that it never blocks the last ones for ever. Goods are kept or exchanged for the
best change of set values, animals and nomads placed where they score most. It starts in the
free city farthest from the researchers already placed.

It reads only what its seat may know: the board as seen (never what lies face down), the
public counts of face-down markers by type, and the markers in front of each player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from terra.core.evaluator import Evaluator, SearchSettings, Worlds
from terra.games.africa import actions as act
from terra.games.africa import scoring
from terra.games.africa.camps import research_points
from terra.games.africa.components import ANIMAL, GOLD, GOODS, JEWELS, MONUMENT, NOMAD
from terra.games.africa.herds import destinations, herd_value, movable
from terra.games.africa.movement import STEPS
from terra.games.africa.rulebook import Phase
from terra.games.africa.spaces import is_empty
from terra.games.africa.state import AfricaState
from terra.games.africa.uncovering import exchanges
from terra.games.africa.view import unseen_counts

if TYPE_CHECKING:
    from terra.games.africa.components import Components


@dataclass(frozen=True)
class Weights:
    """What the heuristic player makes of things, in points."""

    treasure: float = 1.6  # a nugget or stone in hand, towards the majorities
    camp: float = 1.5  # a base camp kept for later
    jump_below: float = 0.5  # move anywhere (A) when the best action nearby is worth less
    end_swing: float = 30.0  # ending the game: worth this much when winning it, its opposite if not
    best_by: float = 0.01  # preference for fewer steps among equal plans
    territory_decay: float = 0.8  # start cities: land d steps away counts this to the power d


# The ``greedy`` bot: the fixed baseline that the search bots are measured against.
GREEDY = Weights()
# The search's rollouts, its root's favourite move and the jumps it weighs, with 2 players: a
# camp kept for later valued higher, so that camps go on bigger catches (measured against
# GREEDY with ``python bench/search.py policy africa``; bench/RESULTS.md).
SEARCH = Weights(camp=2.2)
# The same with 3-5 players, where ending the game is worth a few points rather than everything:
# with several rivals the estimate of who would win is less sure, and a seat that fears ending
# it leaves the markers by the last monument to the others.
SEARCH_MANY = replace(SEARCH, end_swing=5.0)


def search_weights(players: int) -> Weights:
    """The weights of the heuristic a search leans on, for ``players`` seats."""
    return SEARCH if players == 2 else SEARCH_MANY


def rival_weights(players: int) -> Weights:
    """The weights a search expects its rivals to play by, for ``players`` seats: greedy's with
    3-5 players, so that a rival ends the game when it leads rather than as the search's
    favourite would; with 2 the search's own, with which its two-player strength was measured
    (bench/RESULTS.md)."""
    return SEARCH if players == 2 else GREEDY


class Planner:
    """Values of actions for the seat to act, computed once per decision."""

    def __init__(self, state: AfricaState, weights: Weights = GREEDY) -> None:
        self.state = state
        self.weights = weights
        self.data = state.data
        self.player = state.player
        self.unseen = unseen_counts(state)
        self.total_unseen = sum(self.unseen)
        self._best_anywhere: dict[int, int] = {}
        self._ev: dict[int, float] = {}
        self.end_value = self._end_value()

    # --- values ------------------------------------------------------------------------------

    def _end_value(self) -> float:
        """Points for ending the game now with the +3 bonus: winning it or losing it."""
        state = self.state
        parts = scoring.final_parts(state)
        totals = [state.track[p] + sum(parts[p].values()) for p in range(state.num_players)]
        totals[self.player] += scoring.BONUS
        mine = totals[self.player]
        best_other = max(t for p, t in enumerate(totals) if p != self.player)
        swing = self.weights.end_swing
        return swing if mine >= best_other else -swing

    def best_anywhere(self, kind: int) -> int:
        """Most same-kind animals (or empty spaces, for nomads) bordering any empty space."""
        found = self._best_anywhere.get(kind)
        if found is None:
            state = self.state
            found = max(
                (
                    herd_value(state, kind, h, -1)
                    for h in range(self.data.num_hexes)
                    if is_empty(state, h)
                ),
                default=0,
            )
            self._best_anywhere[kind] = found
        return found

    def marker_value(self, kind: int, hex_: int) -> float:
        """Points for uncovering a marker of ``kind`` on ``hex_``."""
        data = self.data
        category = data.category[kind]
        if category in (GOLD, JEWELS):
            return data.value[kind] * (1 + self.weights.treasure * 0.3)
        if category == GOODS:
            have = self.state.hand[self.player][kind]
            return scoring.set_points(have + 1) - scoring.set_points(have)
        if category == MONUMENT:
            value = self.weights.camp if self.state.supply > 0 else 0.0
            if self.state.found + 1 >= self.state.last_monument:
                value += self.end_value
            return value
        here = herd_value(self.state, kind, hex_, hex_)
        best = max(here, self.best_anywhere(kind))
        return best + (1 if category == ANIMAL else 0)

    def uncover_value(self, hex_: int) -> float:
        """Expected points of uncovering the face-down marker on ``hex_``."""
        found = self._ev.get(hex_)
        if found is None:
            total = self.total_unseen
            found = (
                sum(n * self.marker_value(t, hex_) for t, n in enumerate(self.unseen) if n) / total
                if total
                else 0.0
            )
            self._ev[hex_] = found
        return found

    def move_value(self, hex_: int) -> float:
        """Points of moving the face-up animal or nomad on ``hex_`` to its best space."""
        state = self.state
        if not movable(state, hex_):
            return 0.0
        kind = state.marker[hex_]
        before = herd_value(state, kind, hex_, hex_)
        return (
            max(herd_value(state, kind, h, hex_) for h in destinations(state, hex_, stay=False))
            - before
        )

    def camp_values(self, hex_: int) -> tuple[float, float]:
        """Research and natural-resources camp on ``hex_``, less the camp's worth."""
        state = self.state
        data = self.data
        research = research_points(state, hex_)
        treasure = 0
        for n in data.neighbours[hex_]:
            kind = state.marker[n]
            if kind >= 0 and not state.down[n] and data.category[kind] in (GOLD, JEWELS):
                treasure += data.value[kind]
        cost = self.weights.camp if state.found < state.last_monument - 2 else 0.3
        return research - cost, treasure * self.weights.treasure - cost

    def best_at(self, hex_: int, with_camps: bool) -> tuple[float, int]:
        """The best action with the researcher on ``hex_``: (value, action)."""
        state = self.state
        data = self.data
        tables = state.tables
        best = (0.0, act.PASS)
        for n in data.neighbours[hex_]:
            if state.down[n]:
                value = self.uncover_value(n)
                if value > best[0]:
                    best = (value, tables.uncover_base + n)
        for n in (hex_, *data.neighbours[hex_]):
            kind = state.marker[n]
            if kind >= 0 and not state.down[n] and data.category[kind] in (ANIMAL, NOMAD):
                value = self.move_value(n)
                if value > best[0]:
                    best = (value, tables.move_base + n)
        if with_camps and state.camps[self.player] and is_empty(state, hex_):
            research, resources = self.camp_values(hex_)
            if research > best[0]:
                best = (research, act.RESEARCH)
            if resources > best[0]:
                best = (resources, act.RESOURCES)
        return best

    # --- decisions ---------------------------------------------------------------------------

    def turn(self) -> int:
        """Walk to the best action within reach and take it; or move anywhere."""
        state = self.state
        here = state.loc[self.player]
        others = self.rivals()
        down = state.down
        first_step = {here: -1}
        frontier = [here]
        for _ in range(STEPS - state.steps):
            nxt = []
            for h in frontier:
                for n in self.data.neighbours[h]:
                    if n not in first_step and not down[n] and n not in others:
                        first_step[n] = n if first_step[h] < 0 else first_step[h]
                        nxt.append(n)
            frontier = nxt
        best_value, best_action, best_hex = 0.0, act.PASS, here
        for h, step in first_step.items():
            value, action = self.best_at(h, with_camps=True)
            value -= self.weights.best_by * (step >= 0)
            if value > best_value:
                best_value, best_action, best_hex = value, action, h
        if state.round == 0 and state.steps == 0 and best_value < self.weights.jump_below:
            jump = self.jump_target(others)
            if jump < 0 and best_value <= 0:
                jump = self.step_aside(others)
            if jump >= 0:
                return state.tables.jump_base + jump
        if best_hex != here:
            return state.tables.go_base + first_step[best_hex]
        return best_action

    def rivals(self) -> set[int]:
        """The spaces of the other researchers."""
        return {h for p, h in enumerate(self.state.loc) if p != self.player}

    def jump_target(self, others: set[int]) -> int:
        """The space with the best action for a turn from there (-1: none worth it)."""
        best = self.jump_targets(others, 1)
        return best[0] if best else -1

    def jump_targets(self, others: set[int], count: int) -> list[int]:
        """Up to ``count`` spaces with the best actions for a turn from there, best first:
        those worth more than ``Weights.jump_below``."""
        state = self.state
        below = self.weights.jump_below
        here = state.loc[self.player]
        found: list[tuple[float, int]] = []
        for h, d in enumerate(state.down):
            if d or h == here or h in others:
                continue
            value = self.best_at(h, with_camps=False)[0]
            if value > below:
                found.append((-value, h))
        found.sort()
        return [h for _, h in found[:count]]

    def step_aside(self, others: set[int]) -> int:
        """Where to move anywhere (A) so as not to stand beside face-down markers that this
        seat will not uncover (-1: stay). Without it, researchers that would lose by ending
        the game could block the last markers from the leader for ever."""
        state = self.state
        down = state.down
        neighbours = self.data.neighbours

        def blocked(h: int) -> int:
            return sum(down[n] for n in neighbours[h])

        here = state.loc[self.player]
        best_count, best_hex = blocked(here), -1
        for h, d in enumerate(down):
            if best_count == 0:
                break
            if d or h == here or h in others:
                continue
            count = blocked(h)
            if count < best_count:
                best_count, best_hex = count, h
        return best_hex

    def goods(self) -> int:
        """Keep, or the exchange that gains most on the other player."""
        state = self.state
        data = self.data
        given = state.pending
        mine = state.hand[self.player]
        weight = 1.0 / (state.num_players - 1)
        best = (0.0, act.KEEP)
        for other, index in exchanges(state):
            took = data.goods[index]
            theirs = state.hand[other]
            count = theirs[took]
            gain = (
                scoring.set_points(mine[took] + count)
                - scoring.set_points(mine[took])
                + scoring.set_points(mine[given] - count)
                - scoring.set_points(mine[given])
            )
            loss = (
                scoring.set_points(theirs[given] + count)
                - scoring.set_points(theirs[given])
                - scoring.set_points(count)
            )
            value = gain - weight * loss
            if value > best[0]:
                best = (value, state.tables.exchange_base + other * state.tables.num_goods + index)
        return best[1]

    def place(self) -> int:
        """The space where the animal or nomad scores most."""
        state = self.state
        origin = state.pending
        kind = state.marker[origin]
        options = destinations(state, origin, stay=not state.moving)
        best = max(options, key=lambda h: herd_value(state, kind, h, origin))
        return state.tables.place_base + best

    def start(self) -> int:
        """The free start city farthest from the researchers already placed (so as not to
        share its surroundings); among equals, the one with the largest territory: the land
        nearer to it than to those researchers (halved when equally near), nearer land
        counting more."""
        state = self.state
        data = self.data
        base = state.tables.start_base
        free = [a - base for a in state.legal_actions()]
        taken = [distances(data, h) for h in state.loc if h >= 0]
        best_value, best_city = (-1, -1.0), free[0]
        decay = self.weights.territory_decay
        for city in free:
            mine = distances(data, data.cities[city])
            territory = 0.0
            for h, d in enumerate(mine):
                nearest = min((theirs[h] for theirs in taken), default=d + 1)
                if d < nearest:
                    territory += decay**d
                elif d == nearest:
                    territory += decay**d / 2
            apart = min((theirs[data.cities[city]] for theirs in taken), default=0)
            if (apart, territory) > best_value:
                best_value, best_city = (apart, territory), city
        return base + best_city


def distances(data: Components, origin: int) -> list[int]:
    """Steps from ``origin`` to every hex across the board."""
    out = [-1] * data.num_hexes
    out[origin] = 0
    frontier = [origin]
    for h in frontier:
        for n in data.neighbours[h]:
            if out[n] < 0:
                out[n] = out[h] + 1
                frontier.append(n)
    return out


def estimate(state: AfricaState, seat: int) -> float:
    """The running score of ``seat``, the goods sets and treasure majorities it would score if
    the game ended now, and its base camps still to build (a search's leaf value)."""
    score = float(scoring.breakdown(state, seat)["total"])
    if state.is_over:
        return score
    final = scoring.final_parts(state)[seat]
    return score + sum(final.values()) + GREEDY.camp * state.camps[seat]


# Jumps a search weighs at the start of a turn: the best by the heuristic's reckoning.
JUMPS_WEIGHED = 4


def search_actions(state: AfricaState, jumps: int = JUMPS_WEIGHED) -> tuple[int, ...]:
    """The legal actions a search weighs: all but the jumps (A) to spaces whose best action
    the search's heuristic (``search_weights``) ranks below its ``jumps`` best (there are about
    a hundred)."""
    actions = state.legal_actions()
    if state.phase != Phase.TURN or state.round or state.steps:
        return actions
    planner = Planner(state, search_weights(state.num_players))
    base = state.tables.jump_base
    end = base + state.data.num_hexes
    kept = {base + h for h in planner.jump_targets(planner.rivals(), jumps)}
    return tuple(a for a in actions if not base <= a < end or a in kept)


def greedy_action(state: AfricaState, rng: random.Random, weights: Weights = GREEDY) -> int:
    """The heuristic player's choice for ``state.current_player`` with ``weights`` (``rng`` is
    not needed: the choice is deterministic, first of the best)."""
    del rng
    planner = Planner(state, weights)
    phase = state.phase
    if phase == Phase.TURN:
        return planner.turn()
    if phase == Phase.PLACE:
        return planner.place()
    if phase == Phase.GOODS:
        return planner.goods()
    return planner.start()


class AfricaEvaluator(Evaluator[AfricaState]):
    """Africa's bots: the heuristic player, and a search that plays its own turns with the
    search's weights (:func:`search_weights`) and expects its rivals to play
    :func:`rival_weights`."""

    # The face-down markers decide far more of a rollout than the move weighed: the search
    # compares its moves on common deals.
    settings = SearchSettings(evaluation_scale=8.0, worlds=Worlds.COMMON)

    def greedy_action(self, state: AfricaState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def estimate(self, state: AfricaState, seat: int) -> float:
        return estimate(state, seat)

    def progress(self, state: AfricaState) -> float:
        """The share of the game-ending monuments uncovered (Game End: the last monument,
        the 11th or with the 2-player variant the 9th, ends the game, and nothing else does:
        1 exactly when it is over)."""
        return state.found / state.last_monument

    def favourite_action(self, state: AfricaState, rng: random.Random) -> int:
        """The heuristic player with the search's weights for the number of seats."""
        return greedy_action(state, rng, search_weights(state.num_players))

    def search_actions(self, state: AfricaState) -> tuple[int, ...]:
        """Every legal action but the jumps the search's heuristic ranks low."""
        return search_actions(state)

    def rollout_action(self, state: AfricaState, rng: random.Random) -> int:
        """The search's favourite move: the heuristic is cheap enough (a tenth of a
        millisecond a decision on average)."""
        return self.favourite_action(state, rng)

    def rival_action(self, state: AfricaState, rng: random.Random) -> int:
        """The heuristic player with the weights the search expects of its rivals."""
        return greedy_action(state, rng, rival_weights(state.num_players))


EVALUATOR = AfricaEvaluator()
