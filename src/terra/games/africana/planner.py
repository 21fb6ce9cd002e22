"""The planner of Africana's heuristic player (terra.games.africana.bots): what a seat's plans
are worth, in victory points.

It values the three plans of a turn: drawing two cards, buying the best adventure it can see,
and the best move action, found by a depth-first search over routes (one cheapest payment per
route) that ends joined expeditions, ends its adventures and joins expeditions wherever it
passes. Where a route stops, it values the cards the seat keeps and how close it stands to its
remaining goals.

It reads only what its seat may know: public table state, its own hand and the book pages the
table has seen (never the draw piles, the other hands or unseen pages).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from terra.core.data import MAX_ENTRIES
from terra.core.memo import Memo
from terra.games.africana import scoring
from terra.games.africana.actions import DONE
from terra.games.africana.buying import ADVENTURE_PRICE, book_of
from terra.games.africana.drawing import CARDS_DRAWN
from terra.games.africana.end_of_turn import ADVENTURE_LIMIT, HAND_LIMIT
from terra.games.africana.expeditions import MARKERS
from terra.games.africana.movement import RECOLOUR_PRICE

if TYPE_CHECKING:
    from terra.games.africana.actions import ActionTable
    from terra.games.africana.components import Components
    from terra.games.africana.state import AfricanaState

DECAY = 0.6  # a goal d steps away is worth DECAY ** d of its value now
ADVENTURE_DECAY = 0.85  # no one else can finish your adventure, so distance matters less
MAX_STEPS = 7  # longest move the route search considers
SHARED_RISK = 0.6  # chance left to finish an expedition that others have joined too
JOIN_SHARE = 0.5  # part of an expedition's reward credited when joining it
DRAW_BONUS = 0.2  # per drawn card kept: the chance it brings a colour the goals need
# DECAY ** d for every distance a map can hold (the route search asks at every stop).
DECAYED = tuple(DECAY**d for d in range(MAX_ENTRIES))
# What a goal is: joining an expedition, or ending an expedition or an own adventure.
JOIN, FINISH_EXPEDITION, FINISH_ADVENTURE = range(3)


@dataclass(slots=True)
class Values:
    """What a silver coin and a kept travel card are worth now, in victory points (never
    changed once made: planners share them, see :class:`Outlook`)."""

    silver: float
    card: float
    assistant: float
    future: float  # weight of goals not reached this turn (0 in the last round)


def _values(state: AfricanaState) -> Values:
    pile = len(state.pile)
    if state.ending:
        return Values(silver=0.1, card=0.5, assistant=0.0, future=0.0)
    late = pile < 2 * state.num_players
    return Values(
        silver=0.15 if late else 0.25,
        card=0.6,
        assistant=1.0 if late else 3.0,
        future=0.5 if late else 1.0,
    )


@dataclass(slots=True)
class Goal:
    """Something worth doing at a location: end an expedition or adventure, or join one
    (never changed once made: planners share them, see :class:`Outlook`)."""

    kind: int  # FINISH_EXPEDITION, FINISH_ADVENTURE or JOIN
    card: int
    where: int
    value: float
    action: int
    bit: int  # this goal's bit in a plan's set of goals done (its place in the goals)
    assistant: int = -1  # colour of the assistant gained, for FINISH_ADVENTURE
    bonus_silver: int = 0
    bonus_cards: int = 0
    join_bit: int = 0  # for FINISH_EXPEDITION of a not yet joined card: its join goal


@dataclass(slots=True)
class Outlook:
    """A seat's goals in a position, and what they are worth from where (shared by the
    planners of every position with the same goals: a search meets the same ones again and
    again, in its tree and rollouts)."""

    values: Values
    goals: list[Goal]
    # The goals at each location, in the order of ``goals`` (the route search asks at every
    # stop).
    goals_at: dict[int, list[Goal]]
    # Planner.potential() by (where, goals done, a marker free?): routes meet at the same stops.
    potentials: dict[tuple[int, int, bool], float]
    # Planner.best_move() by everything else it reads (see there): a move action is planned
    # once as it is chosen and again for its first step, from the same hand.
    moves: Memo[tuple[int, ...], tuple[float, int]]


# Where a route stands, as :meth:`Planner._search` carries it from stop to stop (see there):
# hand, travel, others, silver, markers_free, done, gained, first.
Route = tuple[list[int], int, int, int, int, int, float, int]

# Outlooks by what they depend on; emptied when full (what a search needs it soon meets again).
OUTLOOKS_KEPT = 4096
MOVES_KEPT = 4096  # best moves kept per outlook (the hands a long search meets are many)
_OUTLOOKS: Memo[tuple[object, ...], Outlook] = Memo(OUTLOOKS_KEPT)


@cache
def _routes_from(data: Components, tables: ActionTable) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each location, its neighbours, each with the action of stepping there paying with
    hand slot 0 (add the payment code)."""
    return tuple(
        tuple((there, tables.step_base + there * tables.pay_codes) for there in neighbours)
        for neighbours in data.neighbours
    )


class Planner:
    """The bot's picture of the position from its own seat."""

    __slots__ = (
        "_moves",
        "_potentials",
        "best",
        "colours",
        "data",
        "goals",
        "goals_at",
        "max_steps",
        "me",
        "routes",
        "state",
        "tables",
        "values",
    )

    def __init__(
        self, state: AfricanaState, seat: int | None = None, max_steps: int = MAX_STEPS
    ) -> None:
        self.state = state
        self.max_steps = max_steps
        self.data = state.data
        self.tables = state.tables
        me = self.me = state.player if seat is None else seat
        # Everything _values() and _goals() read.
        key = (
            state.data,
            me,
            state.ending,
            len(state.pile) < 2 * state.num_players,
            tuple(state.spaces),
            tuple(state.joined),
            state.adventures[me],
            state.won_adventures[me],
        )
        outlook = _OUTLOOKS.get(key)
        if outlook is None:
            self.values = _values(state)
            goals = self._goals()
            goals_at: dict[int, list[Goal]] = {}
            for goal in goals:
                goals_at.setdefault(goal.where, []).append(goal)
            outlook = _OUTLOOKS.keep(
                key, Outlook(self.values, goals, goals_at, {}, Memo(MOVES_KEPT))
            )
        self.values = outlook.values
        self.goals = outlook.goals
        self.goals_at = outlook.goals_at
        self._potentials = outlook.potentials
        self._moves = outlook.moves
        self.colours = len(self.data.colours)
        self.routes = _routes_from(self.data, self.tables)
        self.best: tuple[float, int] = (float("-inf"), DONE)

    # --- goals ----------------------------------------------------------------------------

    def expedition_reward(self, card: int) -> float:
        data = self.data
        return data.expedition_points[card] + self.values.silver * data.expedition_silver[card]

    def adventure_value(self, card: int, finished_extra: tuple[int, ...] = ()) -> float:
        """What finishing this own adventure adds to the final score."""
        data = self.data
        me = self.me
        won = self.state.won_adventures[me]
        colour = data.adventure_assistant[card]
        if colour >= 0:
            assistants = sum(data.adventure_assistant[c] >= 0 for c in won)
            penalty = scoring.assistant_penalty(assistants + 1) - scoring.assistant_penalty(
                assistants
            )
            return self.values.assistant + penalty
        before = scoring.best_collections(scoring.artifact_counts(data, [*won, *finished_extra]))
        after = scoring.best_collections(
            scoring.artifact_counts(data, [*won, *finished_extra, card])
        )
        return (
            data.adventure_points[card]
            + self.values.silver * data.adventure_silver[card]
            + after[0]
            - before[0]
            - 1  # an unfinished artifact adventure already scores 1
        )

    def _goals(self) -> list[Goal]:
        state = self.state
        data = self.data
        tables = self.tables
        me = self.me
        goals: list[Goal] = []
        for space, card in enumerate(state.spaces):
            if card < 0:
                continue
            members = state.joined[space]
            reward = self.expedition_reward(card)
            if members & ~(1 << me):
                reward *= SHARED_RISK
            target = data.expedition_target[card]
            join_bit = 0
            if not members >> me & 1:
                start = data.expedition_start[card]
                join_bit = 1 << len(goals)
                goals.append(
                    Goal(
                        JOIN,
                        card,
                        start,
                        JOIN_SHARE * reward * DECAY ** data.distance[start][target],
                        tables.join_base + card,
                        join_bit,
                        bonus_silver=data.bonus_silver[space],
                        bonus_cards=data.bonus_cards[space],
                    )
                )
            goals.append(
                Goal(
                    FINISH_EXPEDITION,
                    card,
                    target,
                    reward,
                    tables.finish_expedition_base + card,
                    1 << len(goals),
                    join_bit=join_bit,
                )
            )
        for card in state.adventures[me]:
            goals.append(
                Goal(
                    FINISH_ADVENTURE,
                    card,
                    data.adventure_target[card],
                    self.adventure_value(card),
                    tables.finish_adventure_base + card,
                    1 << len(goals),
                    assistant=data.adventure_assistant[card],
                )
            )
        return goals

    # --- evaluation -----------------------------------------------------------------------

    def hand_value(self, hand: list[int], extra_cards: int = 0) -> float:
        """Kept travel cards are worth ``card`` each, up to what the hand limit lets you keep."""
        colours = len(self.data.colours)
        travel = sum(hand[:colours]) + extra_cards
        others = sum(hand[colours:])
        keep = max(0, min(travel, HAND_LIMIT - others))
        return keep * self.values.card

    def potential(self, where: int, done: int, markers_free: int) -> float:
        """What the goals not yet done are worth from ``where``, discounted by distance."""
        key = (where, done, markers_free > 0)
        known = self._potentials.get(key)
        if known is not None:
            return known
        dist = self.data.distance[where]
        total = 0.0
        for goal in self.goals:
            if done & goal.bit:
                continue
            if goal.kind == FINISH_EXPEDITION and goal.join_bit and not done & goal.join_bit:
                continue  # the join goal stands for it
            if goal.kind == JOIN and not markers_free:
                continue
            total += goal.value * DECAYED[dist[goal.where]]
        value = self._potentials[key] = total * self.values.future
        return value

    # --- the move search ------------------------------------------------------------------

    def best_move(self) -> tuple[float, int]:
        """The value of the best move action from here, and its first action."""
        state = self.state
        me = self.me
        hand = list(state.hand[me])
        colours = self.colours
        # Jokers and assistants played in this action come back to the hand when it ends.
        others = sum(hand[colours:]) + sum(state.played[colours:])
        here = state.loc[me]
        silver = state.silver[me]
        markers_free = MARKERS - state.markers[me]
        key = (here, *hand, others, silver, markers_free, self.max_steps)
        known = self._moves.get(key)
        if known is not None:
            self.best = known
            return known
        self.best = (float("-inf"), DONE)
        self._search(here, hand, sum(hand[:colours]), others, silver, markers_free, 0, 0.0, 0, -1)
        return self._moves.keep(key, self.best)

    def _search(  # noqa: PLR0917 - positional: the bot's hottest call
        self,
        here: int,
        hand: list[int],
        travel: int,
        others: int,
        silver: int,
        markers_free: int,
        done: int,
        gained: float,
        depth: int,
        first: int,
    ) -> None:
        """Depth-first over the routes from ``here``; ``self.best`` keeps the best stop.

        ``hand`` holds the cards left to pay with; ``travel`` and ``others`` count the cards
        kept at the end: the travel cards in ``hand`` and those joining bonuses have added on
        the way (their colours are unknown until drawn, so they count as kept cards, not as
        fares), and the jokers and assistants, those played on the way included (they come
        back). ``first`` is the first action of the route (-1: none yet).
        """
        here_goals = self.goals_at.get(here)
        if here_goals is not None:
            hand, travel, others, silver, markers_free, done, gained, first = self._take(
                here_goals, (hand, travel, others, silver, markers_free, done, gained, first)
            )

        # Stop here: the hand_value() of the cards kept (jokers and assistants back) and the
        # potential() of the goals left, written out (the search asks at every stop).
        values = self.values
        kept = min(travel, HAND_LIMIT - others)
        stop = gained + (kept * values.card if kept > 0 else 0.0)
        future = self._potentials.get((here, done, markers_free > 0))
        stop += self.potential(here, done, markers_free) if future is None else future
        if stop > self.best[0]:
            self.best = (stop, DONE if first < 0 else first)
        if depth >= self.max_steps:
            return

        slots = self.tables.hand_slots
        colours = self.colours
        recolour_loss = values.silver * RECOLOUR_PRICE
        for there, step_action in self.routes[here]:
            pay = self._payment(there, hand, silver)
            if pay < 0:
                continue
            recoloured = pay >= slots
            slot = pay - slots if recoloured else pay
            next_hand = hand[:]
            next_hand[slot] -= 1
            # A travel card is spent; a joker or an assistant comes back (``others`` stays).
            self._search(
                there,
                next_hand,
                travel - 1 if slot < colours else travel,
                others,
                silver - RECOLOUR_PRICE if recoloured else silver,
                markers_free,
                done,
                gained - recolour_loss if recoloured else gained,
                depth + 1,
                step_action + pay if first < 0 else first,
            )

    def _take(self, here_goals: list[Goal], route: Route) -> Route:
        """Take everything worth taking where a route stops (the route as it is after): the
        finishes first (they free markers), then the joins."""
        hand, travel, others, silver, markers_free, done, gained, first = route
        for goal in here_goals:
            if done & goal.bit:
                continue
            if goal.kind == FINISH_EXPEDITION:
                if goal.join_bit and not done & goal.join_bit:
                    continue
                done |= goal.bit
                gained += goal.value
                markers_free += 1
                if goal.join_bit:
                    gained -= self.goal_by_bit(goal.join_bit).value  # credited on joining
                if first < 0:
                    first = goal.action
            elif goal.kind == FINISH_ADVENTURE:
                done |= goal.bit
                gained += goal.value
                if goal.assistant >= 0:
                    hand = hand[:]
                    hand[self.colours + goal.assistant] += 1
                    others += 1
                if first < 0:
                    first = goal.action
        coin = self.values.silver  # what a silver coin is worth
        for goal in here_goals:
            if goal.kind != JOIN or done & goal.bit or not markers_free:
                continue
            done |= goal.bit
            markers_free -= 1
            gained += goal.value + coin * goal.bonus_silver
            silver += goal.bonus_silver
            travel += goal.bonus_cards
            if first < 0:
                first = goal.action
        return hand, travel, others, silver, markers_free, done, gained, first

    def _payment(self, there: int, hand: list[int], silver: int) -> int:
        """The cheapest way to pay for a step: an assistant, the most plentiful fitting travel
        card, the joker, or else a recoloured card (-1: none). Spent travel cards cost their
        value through the smaller hand the search ends with."""
        colours = self.colours
        symbols = self.data.symbols[there]
        for colour in symbols:
            if hand[colours + colour]:
                return colours + colour
        # the most plentiful fitting colour, the first of the symbols on a tie
        best, most = -1, 0
        for colour in symbols:
            if hand[colour] > most:
                best, most = colour, hand[colour]
        if best >= 0:
            return best
        joker = self.tables.joker
        if hand[joker]:
            return joker
        if silver >= RECOLOUR_PRICE:
            # an assistant first (it comes back), else the most plentiful colour; the first
            # slot on a tie
            for first, last in ((colours, 2 * colours), (0, colours)):
                best, most = -1, 0
                for slot in range(first, last):
                    if hand[slot] > most:
                        best, most = slot, hand[slot]
                if best >= 0:
                    return self.tables.hand_slots + best
        return -1

    def goal_by_bit(self, bit: int) -> Goal:
        return self.goals[bit.bit_length() - 1]

    # --- the other actions ------------------------------------------------------------------

    def stay_value(self) -> float:
        state = self.state
        return self.hand_value(list(state.hand[self.me])) + self.potential(
            state.loc[self.me], 0, MARKERS - state.markers[self.me]
        )

    def adventures_outlook(self) -> float:
        """What the own adventures are worth beyond what :meth:`potential` credits them: no one
        else can finish them, so they are discounted as when buying them (:meth:`card_gain`),
        not as the expeditions others race for. A search's leaf values a bought adventure so."""
        here = self.data.distance[self.state.loc[self.me]]
        extra = 0.0
        for goal in self.goals:
            if goal.kind == FINISH_ADVENTURE:
                dist = here[goal.where]
                extra += goal.value * (ADVENTURE_DECAY ** max(0, dist - 2) - DECAYED[dist])
        return extra * self.values.future

    def draw_value(self) -> float:
        """Staying put with two more cards, and a small bonus for the colours they may bring.
        The bonus counts only the cards there is room for: with a full hand a draw just swaps
        two cards, and a bonus for it made a player with a marginal move draw and discard for
        ever (nothing in the rules ends such a game)."""
        hand = self.state.hand[self.me]
        room = max(0, HAND_LIMIT - sum(hand))
        return (
            self.hand_value(list(hand), CARDS_DRAWN)
            + self.potential(self.state.loc[self.me], 0, MARKERS - self.state.markers[self.me])
            + DRAW_BONUS * min(CARDS_DRAWN, room)
        )

    def card_gain(self, card: int) -> float:
        """What buying this adventure card adds, net of its price."""
        data = self.data
        state = self.state
        dist = data.distance[state.loc[self.me]][data.adventure_target[card]]
        chance = ADVENTURE_DECAY ** max(0, dist - 2) * self.values.future
        if data.adventure_assistant[card] >= 0:
            value = chance * self.adventure_value(card)
        else:
            value = 1 + chance * max(0.0, self.adventure_value(card))
        return value - self.values.silver * ADVENTURE_PRICE

    def showing(self) -> list[int]:
        state = self.state
        book = book_of(state)
        return [stack[-1] for stack in (state.left[book], state.right[book]) if stack]

    def buy_value(self) -> float:
        state = self.state
        me = self.me
        if state.silver[me] < ADVENTURE_PRICE or len(state.adventures[me]) >= ADVENTURE_LIMIT:
            return float("-inf")
        affordable = min(
            state.silver[me] // ADVENTURE_PRICE, ADVENTURE_LIMIT - len(state.adventures[me])
        )
        gains = sorted((self.card_gain(c) for c in self.showing()), reverse=True)
        total = sum(g for g in gains[:affordable] if g > 0)
        if total <= 0.3 and state.silver[me] >= ADVENTURE_PRICE + 2:
            total = 0.5  # worth a look at the next pages
        return self.stay_value() + total
