"""The search bots, for every registered game: legal moves, reproducible decisions, no use of
hidden information; and a win found where one exists."""

from __future__ import annotations

import random

import pytest

import terra
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.ai.mcts import MctsBot, search_known
from terra.ai.tree import Node, Search, Settings
from terra.core.evaluator import Horizon, Worlds
from terra.core.state import GameState
from terra.games.africa import AfricaState
from terra.games.africa.bots import SEARCH, Planner
from terra.games.nile import actions as act
from tests.ai.positions import decisions, player_counts, weighed
from tests.games.africa import table

CASES = [(game.id, players) for game in terra.games() for players in player_counts(game)]
FEW = Budget(iterations=60)


@pytest.mark.parametrize(("game_id", "players"), CASES)
class TestEveryGame:
    def test_the_bots_only_choose_legal_actions(self, game_id: str, players: int) -> None:
        for index, state in enumerate(decisions(game_id, players)):
            for bot in (IsmctsBot(index, FEW), MctsBot(index, FEW)):
                assert bot.choose(state) in state.legal_actions(), (bot.name, state)

    def test_an_iteration_budget_decides_the_same_for_the_same_seed(
        self, game_id: str, players: int
    ) -> None:
        for index, state in enumerate(decisions(game_id, players)):
            for kind in (IsmctsBot, MctsBot):
                first = kind(index, FEW).analyse(state)
                again = kind(index, FEW).analyse(state.clone())
                assert first == again, (kind.kind, state)

    def test_ismcts_decides_the_same_whatever_is_hidden_from_its_seat(
        self, game_id: str, players: int
    ) -> None:
        """A state redealt from the seat's knowledge is the real one as far as the seat can
        tell: a search seeded alike must find exactly the same figures in both."""
        for index, state in enumerate(decisions(game_id, players)):
            seat = state.current_player
            assert seat is not None
            redealt = state.sample_hidden(seat, random.Random(index + 77))
            real = IsmctsBot(5, FEW).analyse(state)
            assert IsmctsBot(5, FEW).analyse(redealt) == real, state

    def test_the_search_leaves_the_state_alone(self, game_id: str, players: int) -> None:
        state = decisions(game_id, players)[-1]
        before = state.clone()
        IsmctsBot(1, FEW).choose(state)
        MctsBot(1, FEW).choose(state)
        assert state == before
        assert state.history == before.history

    def test_a_time_budget_returns_a_legal_action(self, game_id: str, players: int) -> None:
        state = decisions(game_id, players)[0]
        assert IsmctsBot(2, Budget(seconds=0.02)).choose(state) in state.legal_actions()


def last_monument_race() -> AfricaState:
    """Africa, 2 players: seat 0 leads by a point beside the last monument, the only marker
    still face down; seat 1 stands beside it too. Uncovering it ends the game at once with the
    +3 bonus (Game End and Scoring): a win for whoever does it first."""
    state = table.started(2, 0)
    table.clear(state, "C5", "E5")
    table.place(state, 0, "C5")
    table.place(state, 1, "E5")
    table.put(state, "D5", "monument", face_up=False)
    d5 = table.hx(state, "D5")
    table.clear(state, *(state.data.hex_ids[h] for h, d in enumerate(state.down) if d and h != d5))
    state.found = state.last_monument - 1
    state.track[0], state.track[1] = 11, 10
    table.to_turn(state, 0)
    return state


@pytest.mark.parametrize("bot", [IsmctsBot, MctsBot])
def test_the_search_takes_a_win_that_is_there(bot: type[IsmctsBot] | type[MctsBot]) -> None:
    state = last_monument_race()
    assert "uncover D5" in state.legal_action_strs()
    searcher = bot(3, Budget(iterations=300))
    while not state.is_over and state.current_player == 0:
        state.play(searcher.choose(state))
    assert state.is_over and state.winners() == [0]


def test_the_other_seat_sees_the_same_race_as_its_own_win() -> None:
    """Seat 1 to play in the same race: plain MCTS values it as won, and wins it."""
    state = last_monument_race()
    table.to_turn(state, 1)
    choices = search_known(state, Budget(iterations=300), random.Random(1), Settings()).choices(
        state.legal_actions()
    )
    assert choices[0].value > 0.9
    state.play(choices[0].action)
    while not state.is_over and state.current_player == 1:
        state.play(MctsBot(1, Budget(iterations=100)).choose(state))
    assert state.is_over and state.winners() == [1]


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_below_the_root_a_known_position_keeps_one_continuation(game_id: str) -> None:
    """Progressive widening stops at the root: an inner node grows only the rollout policy's
    action, so a compound turn is judged by its continuation, not averaged with random play
    (tree.Settings.inner_widening_power)."""
    state = weighed(game_id, 2)
    search = search_known(state, Budget(iterations=300), random.Random(3), Settings())
    assert len(search.root.children) > 1  # the root still weighs several actions
    inner = [search.root.children[a] for a in search.root.children]
    widest = 0
    while inner:
        node = inner.pop()
        widest = max(widest, len(node.children))
        inner.extend(node.children.values())
    assert widest == 1


def _movers(search: Search[GameState], root: GameState) -> set[int]:
    """The seats that choose at some node of ``search``'s tree, replayed from ``root`` (a known
    position: its clones repeat every chance event, so every path is legal in them)."""
    movers: set[int] = set()
    stack = [(search.root, root)]
    while stack:
        node, state = stack.pop()
        if not node.children:  # a leaf, perhaps the game's end
            continue
        mover = state.current_player
        assert mover is not None
        movers.add(mover)
        for action, child in node.children.items():
            after = state.clone()
            after.apply(action)
            stack.append((child, after))
    return movers


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_a_tree_within_the_turn_holds_only_the_searching_seats_moves(game_id: str) -> None:
    """Horizon.WITHIN_TURN: the tree stops where another seat is to act, and the rollout
    plays on from there; across turns the tree grows into the rivals' turns."""
    state = weighed(game_id, 2)
    seat = state.current_player
    within = search_known(
        state, Budget(iterations=300), random.Random(3), Settings(horizon=Horizon.WITHIN_TURN)
    )
    assert _movers(within, state) == {seat}
    across = search_known(
        state,
        Budget(iterations=300),
        random.Random(3),
        Settings(horizon=Horizon.ACROSS_TURNS, rollout_turns=1),
    )
    assert len(_movers(across, state)) > 1


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_the_search_plays_its_own_turns_by_its_policy_and_its_rivals_by_theirs(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Evaluator.rollout_action chooses for the searching seat, Evaluator.rival_action for every
    other, in the rollouts and at the tree's new nodes alike."""
    state = weighed(game_id, 2)
    seat = state.current_player
    assert seat is not None
    evaluator = state.game.evaluator()
    asked: dict[str, set[int | None]] = {"rollout_action": set(), "rival_action": set()}
    for hook, seats in asked.items():

        def spy(s: GameState, rng: random.Random, seats: set[int | None] = seats) -> int:
            seats.add(s.current_player)
            return rng.choice(s.legal_actions())  # not the game's: its default calls the other

        monkeypatch.setattr(evaluator, hook, spy)
    settings = Settings(horizon=Horizon.ACROSS_TURNS, rollout_turns=1)
    search_known(state, Budget(iterations=100), random.Random(4), settings)
    assert asked["rollout_action"] == {seat}
    assert asked["rival_action"] == {1 - seat}


def _no_rival(state: GameState, rng: random.Random) -> int:
    """A rival's policy for a search that must play no rival's move."""
    raise AssertionError("a rival moved")


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_with_no_turns_to_roll_out_a_leaf_is_judged_as_the_seats_own_turn_ends(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Horizon.OWN_TURN: no rival moves in the tree or the rollouts, and every leaf is judged
    where the seat's turn has just passed to another (or the game is over)."""
    state = weighed(game_id, 2)
    seat = state.current_player
    evaluator = state.game.evaluator()
    judged: list[int | None] = []
    evaluate = evaluator.evaluate

    def spy(s: GameState) -> list[float]:
        judged.append(s.current_player)
        return evaluate(s)

    monkeypatch.setattr(evaluator, "evaluate", spy)
    monkeypatch.setattr(evaluator, "rival_action", _no_rival)
    search = search_known(
        state, Budget(iterations=100), random.Random(5), Settings(horizon=Horizon.OWN_TURN)
    )
    assert _movers(search, state) == {seat}
    assert len(judged) == 100 and seat not in judged


def test_africanas_search_keeps_its_tree_within_the_turn() -> None:
    """Africana's turns are long chains of small decisions (see terra.core.evaluator.Horizon)."""
    assert terra.game("africana").evaluator().settings.horizon is Horizon.WITHIN_TURN
    state = decisions("africana", 2)[-1]
    search = search_known(state, Budget(iterations=200), random.Random(1))
    assert _movers(search, state) == {state.current_player}


def test_the_niles_search_judges_its_move_as_its_own_turn_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Nile's explorers hardly touch one another's turns: its search plays no rival's."""
    evaluator = terra.game("nile").evaluator()
    assert evaluator.settings.horizon is Horizon.OWN_TURN

    monkeypatch.setattr(evaluator, "rival_action", _no_rival)
    state = weighed("nile", 4)
    search = search_known(state, Budget(iterations=100), random.Random(2))
    assert _movers(search, state) == {state.current_player}


def test_the_root_weighs_the_games_search_actions_and_its_greedy_move() -> None:
    """Evaluator.search_actions: the Nile's free bookkeeping moves (leave, cache, dig up, take
    water...) are weighed only where the greedy explorer makes one."""
    evaluator = terra.game("nile").evaluator()
    bookkeeping = 0
    for state in decisions("nile", 2):
        weighed = set(evaluator.search_actions(state))
        search = search_known(state, Budget(iterations=200), random.Random(3), Settings())
        tried = set(search.root.children)
        assert tried <= weighed | {search.favourite}
        assert search.favourite in tried
        if search.favourite not in weighed:  # greedy's own bookkeeping move is still weighed
            bookkeeping += 1
        if len(weighed) < len(state.legal_actions()) and len(weighed) > 1:
            assert len(tried) > 1
    assert bookkeeping > 0  # the positions include such a move


def test_without_the_games_choice_the_root_weighs_every_legal_action() -> None:
    """A game that leaves nothing out (the default hook) has every legal action weighed at the
    root."""
    state = decisions("expedition", 2)[-1]
    assert state.game.evaluator().search_actions(state) == state.legal_actions()
    search = search_known(state, Budget(iterations=2000), random.Random(3), Settings())
    assert search.weighed is None
    assert set(search.root.children) <= set(state.legal_actions())


def test_the_niles_search_ends_its_turn_instead_of_shuffling_its_baggage() -> None:
    """A search that weighed every free move picked among near-ties by the noise of its
    samples: from this turn, with these seeds, it dropped askaris and gifts, buried rations and
    dug them up, and once made 60 moves without ending the turn."""
    game = terra.game("nile")
    start = game.new(2, 1001)
    rng = random.Random(1)
    while len(start.history) < 147:  # the greedy explorer's game, mid-way through a turn
        start.apply(game.evaluator().greedy_action(start, rng))
    seat = start.current_player
    kind = start.tables.kind
    for seed in range(2):
        state = start.clone()
        bot = IsmctsBot(seed, Budget(iterations=40))
        for _ in range(20):
            if state.current_player != seat:
                break
            action = bot.choose(state)
            assert kind[action] not in (act.LEAVE, act.CACHE, act.DIG), state.action_str(action)
            state.apply(action)
        assert state.current_player != seat, "the turn did not end in 20 decisions"


def test_the_bias_towards_the_greedy_move_is_the_games_unless_the_settings_say() -> None:
    """Settings.greedy_bias None takes the evaluator's (Expedition keeps the weaker bias its
    strength was measured with); a number overrides it."""
    for game_id in ("nile", "expedition"):
        state = weighed(game_id, 2)
        own = state.game.evaluator().settings.greedy_bias
        assert Search(state, state.clone, random.Random(0), Settings()).greedy_bias == own
        assert (
            Search(state, state.clone, random.Random(0), Settings(greedy_bias=0.0)).greedy_bias == 0
        )
    bias = {g: terra.game(g).evaluator().settings.greedy_bias for g in ("expedition", "africana")}
    assert bias["expedition"] < bias["africana"]


def test_the_root_leans_towards_the_games_favourite_move() -> None:
    """Evaluator.favourite_action, not the greedy bot's move, is the root's favourite (Africa
    leans on a heuristic of its own for search); a game that names none leans on its greedy
    move."""
    for game_id in ("africa", "expedition"):
        asked = 0
        evaluator = terra.game(game_id).evaluator()
        for index, state in enumerate(decisions(game_id, 2)[::3]):
            search = search_known(state, Budget(iterations=30), random.Random(index), Settings())
            if search.favourite >= 0:
                asked += 1
                assert search.favourite == evaluator.favourite_action(state, random.Random(0))
            if game_id == "expedition":
                assert evaluator.favourite_action(
                    state, random.Random(0)
                ) == evaluator.greedy_action(state, random.Random(0))
        assert asked > 0, game_id


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_common_worlds_give_every_root_actions_kth_visit_the_kth_world(game_id: str) -> None:
    """Worlds.COMMON: a world is sampled only for a root action's visit beyond any before
    it, so the worlds number as many as the most visits of one action, not the iterations."""
    state = weighed(game_id, 2)
    seat = state.current_player
    assert seat is not None
    rng = random.Random(4)
    sampled: list[GameState] = []

    def world() -> GameState:
        sampled.append(state.sample_hidden(seat, rng))
        return sampled[-1].clone()

    search = Search(state, world, rng, Settings(worlds=Worlds.COMMON))
    search.run(Budget(iterations=200))
    most = max(child.visits for child in search.root.children.values())
    assert len(search.root.children) > 1
    assert len(sampled) == most < search.iterations == 200


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_common_worlds_decide_the_same_whatever_is_hidden_from_the_seat(game_id: str) -> None:
    """The root's action is chosen in the real position: it must read there only what the
    seat may know, like every world (test_ismcts_decides_the_same_whatever_is_hidden...)."""
    paired = Settings(worlds=Worlds.COMMON)
    for index, state in enumerate(decisions(game_id, 2)):
        seat = state.current_player
        assert seat is not None
        redealt = state.sample_hidden(seat, random.Random(index + 77))
        real = IsmctsBot(5, FEW, paired).analyse(state)
        assert IsmctsBot(5, FEW, paired).analyse(redealt) == real, state


def test_common_worlds_are_the_games_unless_the_settings_say() -> None:
    """Worlds.COMMON: Africa compares its root's actions on common deals (its rollouts are
    decided by the face-down markers); the other games sample a world every iteration."""
    for game_id, worlds in (("africa", Worlds.COMMON), ("expedition", Worlds.FRESH)):
        state = weighed(game_id, 2)
        assert terra.game(game_id).evaluator().settings.worlds is worlds
        assert Search(state, state.clone, random.Random(0), Settings()).played.worlds is worlds
        fresh = Search(state, state.clone, random.Random(0), Settings(worlds=Worlds.FRESH))
        assert fresh.played.worlds is Worlds.FRESH


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_a_tree_one_level_deep_holds_only_the_roots_actions(game_id: str) -> None:
    """Settings.depth 1 is flat Monte Carlo: every move after the root's is the rollout
    policy's, in each iteration's world."""
    state = weighed(game_id, 2)
    search = search_known(state, Budget(iterations=100), random.Random(3), Settings(depth=1))
    assert len(search.root.children) > 1
    assert all(not child.children for child in search.root.children.values())


def test_africas_root_weighs_the_heuristics_best_jumps_and_every_other_action() -> None:
    """About a hundred spaces are open to a jump (Africa, A. Move a Researcher Anywhere): the
    search weighs the four whose best action its heuristic ranks highest, and every step
    and action (B.) besides."""
    game = terra.game("africa")
    turn_starts = 0
    for seed in range(3):
        state = game.new(2, seed)
        assert isinstance(state, AfricaState)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 120:
            base = state.tables.jump_base
            jumps = {a for a in state.legal_actions() if base <= a < base + state.data.num_hexes}
            weighed = game.evaluator().search_actions(state)
            kept = {a for a in weighed if a in jumps}
            assert set(weighed) - kept == set(state.legal_actions()) - jumps
            if jumps:
                assert len(kept) <= 4
                turn_starts += len(jumps) > 4
                planner = Planner(state, SEARCH)
                values = {a: planner.best_at(a - base, with_camps=False)[0] for a in jumps}
                left_out = [values[a] for a in jumps - kept]
                lowest_kept = min((values[a] for a in kept), default=SEARCH.jump_below)
                assert lowest_kept >= max(left_out, default=0.0)
            state.apply(game.evaluator().greedy_action(state, rng))
    assert turn_starts > 10


def test_with_common_worlds_an_action_is_judged_against_the_favourite_on_the_same_worlds() -> None:
    """Worlds.COMMON: an action visited k times is judged by its mean less the favourite's
    over the favourite's first k visits (the same k worlds), plus the favourite's whole mean.
    Here the favourite did well in worlds 0-1 and badly in 2-3: an action that scored 0.5 in
    worlds 0-1 did worse than the favourite there, and one that scored 0.1 over all four
    did better."""
    state = decisions("africa", 2)[-1]
    search = Search(
        state,
        state.clone,
        random.Random(0),
        Settings(worlds=Worlds.COMMON, exploration=0.0, greedy_bias=0.0),
    )
    favourite, early, steady = state.legal_actions()[:3]
    search.favourite = favourite
    root = search.root
    for action, visits, total in ((favourite, 4, 0.0), (early, 2, 1.0), (steady, 4, 0.4)):
        child = root.children[action] = Node()
        child.visits, child.total, child.available = visits, total, 4
    root.visits = 10
    search.favourite_sums = [0.0, 1.0, 2.0, 1.0, 0.0]
    search.weighed, search.weighed_asked = frozenset((favourite, early, steady)), True
    assert search._choose(root, state) == (steady, False)
    unpaired = Search(
        state,
        state.clone,
        random.Random(0),
        Settings(worlds=Worlds.FRESH, exploration=0.0, greedy_bias=0.0),
    )
    unpaired.root, unpaired.favourite = root, favourite
    unpaired.weighed, unpaired.weighed_asked = search.weighed, True
    assert unpaired._choose(root, state) == (early, False)


def test_the_favourites_returns_are_summed_world_by_world() -> None:
    """The sums behind the paired judgement: one per visit of the favourite, in the order of
    the worlds, ending at its total."""
    state = decisions("africa", 2)[-1]
    search = IsmctsBot(3, Budget(iterations=150)).search(state)
    assert search.paired
    best = search.root.children[search.favourite]
    assert len(search.favourite_sums) == best.visits + 1
    assert search.favourite_sums[-1] == pytest.approx(best.total)
