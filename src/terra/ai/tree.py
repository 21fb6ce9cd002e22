"""The search tree shared by ``mcts`` and ``ismcts``: UCT selection with availability counts,
progressive widening, truncated rollouts and the game's evaluation at the leaves.

Nodes are keyed by action ints along the path from the root, so one tree serves every world a
search samples: a node stands for "these actions were taken", whatever was hidden. Each
child's statistics are those of the seat that chose it, so every seat in the tree plays for
itself (several players, no zero-sum assumption beyond the game's returns).

Below the root a node grows one child (``Settings.inner_widening_power``), so a chain that
runs past the searching seat's turn replays, in every world, the moves first chosen in another:
rivals play for hands they do not hold, and a branch's value drifts as its chain grows deeper.
A game whose turns are long chains of small decisions (Africana) therefore keeps its tree
within the searching seat's turn (``Game.tree_within_turn``): the rest of each iteration is
played by the rollout policy in that iteration's world, and every leaf is judged at the same
horizon.

Where the hidden deal decides more of a rollout than the move weighed (Africa's face-down
markers), the root compares its actions on common worlds (``Game.paired_worlds``): the k-th
visit of each plays in the k-th world sampled, and an action is judged against the favourite
move on the worlds both have played. The root's action is chosen in the real position, which
holds the same actions for the searching seat as every world it samples.

The root weighs the actions the game names (``Game.search_actions``) and the game's
favourite move (``Game.favourite_action``, by default the greedy move): free bookkeeping
moves are near-ties with the move that matters, and picking among near-ties by sampling
noise can shuffle baggage for ever (the Nile).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from terra.ai.budget import Budget
from terra.core.state import GameState

# A rollout stops here even within its turns (a policy that draws and discards for ever).
MOST_ROLLOUT_ACTIONS = 200

# A world for one iteration: a full state the searching seat cannot tell from the real one.
World = Callable[[], GameState]


@dataclass(frozen=True)
class Settings:
    """How a search spends its iterations (tuned with ``bench/search.py``)."""

    exploration: float = 0.3  # UCT's constant, for returns in [-1, 1]
    # turns rolled out at least, then on to the searching seat's turn; 0: only the rest of the
    # searching seat's own turn, judged as it ends (None: the game's)
    rollout_turns: int | None = None
    # whether the tree holds only the searching seat's turn (None: the game's; always with
    # rollout_turns 0, so that every leaf is judged at the end of that turn)
    within_turn: bool | None = None
    widening: float = 1.0  # a node with n visits may have widening * n ** widening_power
    widening_power: float = 0.5  # children tried (progressive widening) at the root
    # Below the root one child (another only where that one is not legal in a sampled world):
    # a compound turn is judged by its policy-played continuation. A second child is a
    # uniformly random action, and the mean backup then averages an action that needs the
    # right follow-up (a route, a finish) with random play; at 0.1 that happened from the
    # second visit on, and Africana's search won 22.5% of 40 games against greedy, 45% at 0.
    inner_widening_power: float = 0.0
    # Progressive bias towards the game's favourite move at the root: a bonus of bias / (n + 1)
    # in return units for n visits. Its in-turn choices come from a deeper plan than any
    # rollout sees; the search overrules it only where its own figures clearly disagree.
    # None: the game's (``Game.greedy_bias``).
    greedy_bias: float | None = None
    # Levels of the tree: 1 keeps only the root's children (flat Monte Carlo: every later move
    # played by the rollout policy in each iteration's world). None: no limit.
    depth: int | None = None
    # Common worlds at the root: the k-th visit of every root action plays in the same k-th
    # sampled world, and an action visited k times is judged by its mean less the favourite's
    # over the same k worlds (plus the favourite's whole mean): actions compared on the same
    # deals, not on their luck. Where the rollouts are deterministic (Africa's), that difference
    # is what the actions do alone. None: the game's (``Game.paired_worlds``).
    paired: bool | None = None

    def of_game(self, game: Any) -> Played:
        """The settings left to the game, as a search of ``game`` plays them: the game's own
        where these say None."""
        turns, within, bias = self.rollout_turns, self.within_turn, self.greedy_bias
        paired = self.paired
        turns = game.rollout_turns if turns is None else turns
        return Played(
            turns,
            # A leaf judged as the seat's own turn ends has no tree beyond that turn either.
            turns == 0 or (game.tree_within_turn if within is None else within),
            game.greedy_bias if bias is None else bias,
            game.paired_worlds if paired is None else paired,
        )


class Played(NamedTuple):
    """The settings a game may decide (``Settings.of_game``)."""

    rollout_turns: int
    within_turn: bool
    greedy_bias: float
    paired: bool


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


class Search:
    """One decision's search from a root where ``seat`` is to act."""

    def __init__(
        self, root: GameState, world: World, rng: random.Random, settings: Settings
    ) -> None:
        self.world = world
        self.real = root
        self.worlds: list[GameState] = []  # sampled so far, for ``Settings.paired``
        # The favourite's returns summed over its first k visits (worlds 0..k-1), for k = 0...
        self.favourite_sums = [0.0]
        self.rng = rng
        self.settings = settings
        self.root = Node()
        self.iterations = 0
        seat = root.current_player
        assert seat is not None, "the game is over"
        self.seat = seat
        self.game: Any = root.game  # its hooks are typed for its own state class
        # Truncate where the game declares its length cap: a rollout must end.
        self.depth_left = max(0, self.game.length_cap - len(root.history))
        self.rollout_turns, self.within_turn, self.greedy_bias, self.paired = settings.of_game(
            self.game
        )
        self.favourite = -1  # the game's favourite move at the root, once asked for
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
        game = self.game
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
        # seat's turn begins, and leaves at any depth are judged alike.
        # With no turns to roll out, the leaf is judged as the seat's own turn ends instead:
        # where turns hardly touch one another (the Nile's explorers), the rivals' turns add
        # only their own luck to the value of the seat's move, and cost most of the time.
        turns = self.rollout_turns
        own_turn_only = turns == 0
        mover = state.current_player
        most = min(self.depth_left - depth, MOST_ROLLOUT_ACTIONS)
        if own_turn_only and mover != seat:
            most = 0
        own, rival = game.rollout_action, game.rival_action
        while most > 0 and not state.is_over:
            state.apply((own if mover == seat else rival)(state, rng))
            most -= 1
            now = state.current_player
            if now != mover:
                mover = now
                turns -= 1
                if own_turn_only or (turns <= 0 and now == seat):
                    break
        values = game.evaluate(state)
        for child, player in path:
            child.visits += 1
            child.total += values[player]
        if self.paired and path and path[0][0] is self.root.children.get(self.favourite):
            sums = self.favourite_sums
            sums.append(sums[-1] + values[seat])
        self.root.visits += 1
        self.iterations += 1

    def _choose(self, node: Node, state: GameState) -> tuple[int, bool]:
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

    def _policy(self, state: GameState) -> Callable[[GameState, random.Random], int]:
        """The rollout policy of the seat to act in ``state``: the searching seat's own
        (``Game.rollout_action``) or what it expects of a rival (``Game.rival_action``)."""
        game = self.game
        policy: Callable[[GameState, random.Random], int] = (
            game.rollout_action if state.current_player == self.seat else game.rival_action
        )
        return policy

    def _world(self, index: int) -> GameState:
        """A copy of the ``index``-th world sampled (``Settings.paired``)."""
        worlds = self.worlds
        while len(worlds) <= index:
            worlds.append(self.world())
        return worlds[index].clone()

    def _favourite(self, state: GameState) -> int:
        """The game's favourite move at the root, asked once. The seat's own heuristic reads only
        what the seat may know (its hook's contract), so asking it in a sampled world is asking
        it in the real one."""
        if self.favourite < 0:
            self.favourite = self.game.favourite_action(state, self.rng)
        return self.favourite

    def _weighed(self, state: GameState, legal: tuple[int, ...]) -> tuple[int, ...]:
        """The root's legal actions that the search weighs: the game's ``search_actions`` and
        its favourite move, asked once (the searching seat's own actions are the same in every
        world it samples); every legal action where the game leaves none out."""
        if not self.weighed_asked:
            self.weighed_asked = True
            chosen = self.game.search_actions(state)
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
    say how a search starts (:meth:`search`)."""

    kind = ""

    def __init__(
        self, seed: int = 0, budget: Budget = DEFAULT_BUDGET, settings: Settings | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings or Settings()
        self.name = f"{self.kind}:{budget}"

    def search(self, state: GameState) -> Search:
        """The finished search from ``state`` (for hints: every root action's figures)."""
        raise NotImplementedError

    def analyse(self, state: GameState) -> list[Choice]:
        """The legal actions the search tried, most visited first."""
        return self.search(state).choices(state.legal_actions())

    def choose(self, state: GameState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not state.game.search_actions(state):  # the game leaves it to its heuristic
            return state.game.favourite_action(state, self.rng)
        return self.analyse(state)[0].action
