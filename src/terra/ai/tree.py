"""The search tree shared by ``mcts`` and ``ismcts``: UCT selection with availability counts,
progressive widening, truncated rollouts and the game's evaluation at the leaves.

A search knows a game's play only through the game's evaluator (``Game.evaluator()``, a
:class:`~terra.core.evaluator.Evaluator`): its rollout policies, its favourite move, the moves
it weighs, the value of a leaf, and the settings that suit the game (``Settings`` may override
them).

Nodes are keyed by action ints along the path from the root, so one tree serves every world a
search samples: a node stands for "these actions were taken", whatever was hidden. Each
child's statistics are those of the seat that chose it, so every seat in the tree plays for
itself (several players, no zero-sum assumption beyond the game's returns).

Below the root a node grows one child (``Settings.inner_widening_power``), so a chain that
runs past the searching seat's turn replays, in every world, the moves first chosen in another.
How far the tree grows, and where the rollouts stop to judge, is the search's
:class:`~terra.core.evaluator.Horizon`.

With :attr:`Worlds.COMMON <terra.core.evaluator.Worlds.COMMON>` the root compares its actions
on common worlds: the k-th visit of each plays in the k-th world sampled, and an action is
judged against the favourite move on the worlds both have played. The root's action is chosen
in the real position, which holds the same actions for the searching seat as every world it
samples.

The root weighs the actions the evaluator names (``Evaluator.search_actions``) and its
favourite move (``Evaluator.favourite_action``): free bookkeeping moves are near-ties with the
move that matters, and picking among near-ties by sampling noise can shuffle baggage for ever.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from terra.ai.budget import Budget
from terra.core.evaluator import Evaluator, Horizon, SearchSettings, Worlds
from terra.core.state import GameState

S = TypeVar("S", bound=GameState)

# A rollout stops here even within its turns (a policy that draws and discards for ever).
MOST_ROLLOUT_ACTIONS = 200

# A world for one iteration: a full state the searching seat cannot tell from the real one.
World = Callable[[], S]
# A policy: the move it plays for the seat to act in a state.
Policy = Callable[[S, random.Random], int]


@dataclass(frozen=True)
class Settings:
    """How a search spends its iterations (tuned with ``bench/search.py``). Where a field says
    None, the game's own setting (its evaluator's :class:`SearchSettings`) holds."""

    exploration: float = 0.3  # UCT's constant, for returns in [-1, 1]
    horizon: Horizon | None = None
    rollout_turns: int | None = None  # see SearchSettings.rollout_turns
    widening: float = 1.0  # a node with n visits may have widening * n ** widening_power
    widening_power: float = 0.5  # children tried (progressive widening) at the root
    # Below the root one child (another only where that one is not legal in a sampled world):
    # a compound turn is judged by its policy-played continuation. A second child would be a
    # uniformly random action, and the mean backup would then average an action that needs the
    # right follow-up (a route, a finish) with random play.
    inner_widening_power: float = 0.0
    # Progressive bias towards the favourite move at the root (see SearchSettings.greedy_bias).
    greedy_bias: float | None = None
    # Levels of the tree: 1 keeps only the root's children (flat Monte Carlo: every later move
    # played by the rollout policy in each iteration's world). None: no limit.
    depth: int | None = None
    worlds: Worlds | None = None

    def over(self, own: SearchSettings) -> SearchSettings:
        """The settings a search plays: the game's ``own``, with those these give instead."""
        return replace(
            own,
            horizon=own.horizon if self.horizon is None else self.horizon,
            rollout_turns=own.rollout_turns if self.rollout_turns is None else self.rollout_turns,
            greedy_bias=own.greedy_bias if self.greedy_bias is None else self.greedy_bias,
            worlds=own.worlds if self.worlds is None else self.worlds,
        )


class Node:
    """Statistics of one edge (the action that leads here) as its chooser sees them."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # returns summed for the seat that chose this action
        self.available = 0  # iterations in which this action was legal at its parent

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Choice:
    """One action at the root after a search: its share of visits and its mean return."""

    action: int
    visits: int
    share: float
    value: float


class Search(Generic[S]):
    """One decision's search from a root where ``seat`` is to act, knowing the game's play
    through ``evaluator`` (the root's game's own by default)."""

    def __init__(
        self,
        root: S,
        world: World[S],
        rng: random.Random,
        settings: Settings,
        evaluator: Evaluator[S] | None = None,
    ) -> None:
        self.world = world
        self.real = root
        self.worlds: list[S] = []  # sampled so far, for ``Worlds.COMMON``
        # The favourite's returns summed over its first k visits (worlds 0..k-1), for k = 0...
        self.favourite_sums = [0.0]
        self.rng = rng
        self.settings = settings
        self.evaluator: Evaluator[S] = root.game.evaluator() if evaluator is None else evaluator
        self.root = Node()
        self.iterations = 0
        seat = root.current_player
        assert seat is not None, "the game is over"
        self.seat = seat
        # Truncate where the game declares its length cap: a rollout must end.
        self.depth_left = max(0, root.game.length_cap - root.actions_taken)
        self.played = played = settings.over(self.evaluator.settings)
        self.rollout_turns = played.rollout_turns
        self.within_turn = played.horizon is not Horizon.ACROSS_TURNS
        self.own_turn_only = played.horizon is Horizon.OWN_TURN
        self.greedy_bias = played.greedy_bias
        self.paired = played.worlds is Worlds.COMMON
        self.favourite = -1  # the favourite move at the root, once asked for
        self.weighed: frozenset[int] | None = None  # the root's actions, if not all
        self.weighed_asked = False

    def run(self, budget: Budget) -> None:
        """Iterate until the budget is spent."""
        deadline = budget.deadline()
        most = budget.most_iterations()
        clock = time.perf_counter
        while self.iterations < most:
            self.iterate()
            if clock() >= deadline:
                break

    def iterate(self) -> None:
        """Sample a world, descend the tree, add a node, roll out, and back the value up."""
        evaluator = self.evaluator
        rng = self.rng
        node = self.root
        path: list[tuple[Node, int]] = []
        depth = 0
        limit = self.depth_left
        seat = self.seat
        within_turn = self.within_turn
        if self.settings.depth is not None:
            limit = min(limit, self.settings.depth)
        expanded = False
        if self.paired and limit > 0:
            # The seat's own actions are the same in every world: choose in the real position,
            # then play in the world of this visit's number.
            action, expanded = self._choose(node, self.real)
            node = node.children[action]
            state = self._world(node.visits)
            state.apply(action)
            path.append((node, seat))
            depth = 1
        else:
            state = self.world()
        while not expanded and not state.is_over and depth < limit:
            player = state.current_player
            assert player is not None
            if within_turn and player != seat:
                break  # the seat's turn is over: the rollout plays on in this world
            action, expanded = self._choose(node, state)
            state.apply(action)
            child = node.children[action]
            path.append((child, player))
            depth += 1
            node = child
        # A turn is a chain of small decisions: judging a position halfway through one would
        # weigh, say, cards just spent against goals not yet reached. And a seat looks better
        # just after its own turn than just before it, so every rollout stops as the searching
        # seat's turn begins, and leaves at any depth are judged alike; with the horizon of
        # its own turn, as that turn ends.
        turns = self.rollout_turns
        own_turn_only = self.own_turn_only
        mover = state.current_player
        most = min(self.depth_left - depth, MOST_ROLLOUT_ACTIONS)
        if own_turn_only and mover != seat:
            most = 0
        own, rival = evaluator.rollout_action, evaluator.rival_action
        while most > 0 and not state.is_over:
            state.apply((own if mover == seat else rival)(state, rng))
            most -= 1
            now = state.current_player
            if now != mover:
                mover = now
                turns -= 1
                if own_turn_only or (turns <= 0 and now == seat):
                    break
        values = evaluator.evaluate(state)
        for child, player in path:
            child.visits += 1
            child.total += values[player]
        if self.paired and path and path[0][0] is self.root.children.get(self.favourite):
            sums = self.favourite_sums
            sums.append(sums[-1] + values[seat])
        self.root.visits += 1
        self.iterations += 1

    def _choose(self, node: Node, state: S) -> tuple[int, bool]:
        """The action to take at ``node`` in ``state`` (not yet applied), and whether its child
        is new.

        Only the actions legal in this world compete (their availability counts rise); a new
        one is tried while the node has fewer children than progressive widening allows, the
        rollout policy's choice first, as a prior.
        """
        children = node.children
        settings = self.settings
        power = settings.widening_power if node is self.root else settings.inner_widening_power
        allowed = settings.widening * (node.visits + 1) ** power
        if len(children) == 1 and allowed <= 1:  # most nodes below the root
            # Its one child, if legal here, is taken without listing every legal action.
            (action,) = children
            if state.is_legal(action):
                children[action].available += 1
                return action, False
        legal = state.legal_actions()
        if node is self.root:
            legal = self._weighed(state, legal)
        present = [a for a in legal if a in children]
        if len(present) < len(legal) and len(present) < allowed:
            action = -1
            if node is self.root and self.greedy_bias > 0:
                action = self._favourite(state)
            if action in children or action not in legal:
                action = self._policy(state)(state, self.rng)
            if action in children or action not in legal:
                action = self.rng.choice([a for a in legal if a not in children])
            for a in present:
                children[a].available += 1
            child = children[action] = Node()
            child.available = 1
            return action, True
        best_action = present[0]
        best = -math.inf
        c = settings.exploration
        favourite = self.favourite if node is self.root else -1
        # With common worlds, an action is judged against the favourite on the worlds both
        # played: its mean less the favourite's over the same first visits, plus the
        # favourite's mean over all of its own.
        base = children.get(favourite) if self.paired else None
        sums = self.favourite_sums
        for a in present:
            child = children[a]
            child.available += 1
            visits = child.visits
            mean = child.total / visits
            if base is not None and a != favourite:
                shared = min(visits, len(sums) - 1)
                if shared:
                    mean += base.total / base.visits - sums[shared] / shared
            score = mean + c * math.sqrt(math.log(child.available) / visits)
            if a == favourite:
                score += self.greedy_bias / (child.visits + 1)
            if score > best:
                best, best_action = score, a
        return best_action, False

    def _policy(self, state: S) -> Policy[S]:
        """The rollout policy of the seat to act in ``state``: the searching seat's own
        (``Evaluator.rollout_action``) or what it expects of a rival
        (``Evaluator.rival_action``)."""
        evaluator = self.evaluator
        if state.current_player == self.seat:
            return evaluator.rollout_action
        return evaluator.rival_action

    def _world(self, index: int) -> S:
        """A copy of the ``index``-th world sampled (``Worlds.COMMON``)."""
        worlds = self.worlds
        while len(worlds) <= index:
            worlds.append(self.world())
        return worlds[index].clone()

    def _favourite(self, state: S) -> int:
        """The favourite move at the root, asked once. The seat's own heuristic reads only what
        the seat may know (the evaluator's contract), so asking it in a sampled world is asking
        it in the real one."""
        if self.favourite < 0:
            self.favourite = self.evaluator.favourite_action(state, self.rng)
        return self.favourite

    def _weighed(self, state: S, legal: tuple[int, ...]) -> tuple[int, ...]:
        """The root's legal actions that the search weighs: the evaluator's ``search_actions``
        and its favourite move, asked once (the searching seat's own actions are the same in
        every world it samples); every legal action where it leaves none out."""
        if not self.weighed_asked:
            self.weighed_asked = True
            chosen = self.evaluator.search_actions(state)
            if len(chosen) < len(legal):
                self.weighed = frozenset((*chosen, self._favourite(state)))
        weighed = self.weighed
        if weighed is None:
            return legal
        return tuple(a for a in legal if a in weighed) or legal

    def choices(self, legal: tuple[int, ...]) -> list[Choice]:
        """The root's actions that are legal in the real position, most visited first."""
        children = self.root.children
        total = sum(children[a].visits for a in legal if a in children) or 1
        found = [
            Choice(a, children[a].visits, children[a].visits / total, children[a].mean())
            for a in legal
            if a in children
        ]
        found.sort(key=lambda c: (-c.visits, -c.value, c.action))
        return found


DEFAULT_BUDGET = Budget(iterations=1000)


class SearchBot:
    """A bot that searches for the seat to act within ``budget`` per decision; subclasses
    say how a search starts (:meth:`search`). It knows a game's play through ``evaluator``,
    by default the game's own (``Game.evaluator()``)."""

    kind = ""

    def __init__(
        self,
        seed: int = 0,
        budget: Budget = DEFAULT_BUDGET,
        settings: Settings | None = None,
        evaluator: Evaluator[Any] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings or Settings()
        self.evaluator = evaluator
        self.name = f"{self.kind}:{budget}"

    def search(self, state: GameState) -> Search[GameState]:
        """The finished search from ``state`` (for hints: every root action's figures)."""
        raise NotImplementedError

    def analyse(self, state: GameState) -> list[Choice]:
        """The legal actions the search tried, most visited first."""
        return self.search(state).choices(state.legal_actions())

    def choose(self, state: GameState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        evaluator = state.game.evaluator() if self.evaluator is None else self.evaluator
        if not evaluator.search_actions(state):  # the game leaves it to its heuristic
            return evaluator.favourite_action(state, self.rng)
        return self.analyse(state)[0].action
