"""The core contract, checked for every registered game through its public API only.

A game added under ``terra.games`` is picked up here without any change: these tests are the
promise the upper layers (bots, simulation, the command line, the server) rely on. Each game is
walked with seeded random actions, and at every step the contract is checked: legality, the
notation, checked play leaving the state untouched, clones and the log. The files beside this
one check the rest of the contract for every game the same way: ``test_replays.py`` (records,
replays, clones), ``test_views.py`` (views, the log as each seat reads it, samples),
``test_greedy.py`` (the greedy player), ``test_bad_input.py`` (bad input, fuzzed) and
``test_refusals_hide.py`` (a refusal tells nothing hidden).
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import terra
from terra.core import IllegalAction, TerraError
from terra.core.actions import fold_notation
from terra.core.game import Game
from terra.core.state import GameState
from tests.refusals import assert_legality_agrees
from tests.walks import judged_positions

GAMES = [game.id for game in terra.games()]
STEPS = 250  # random actions per walk: enough to reach every phase of a turn, several turns


def configurations() -> list[tuple[str, int]]:
    """Every game at its smallest and largest player count."""
    out = []
    for game in terra.games():
        for players in sorted({game.min_players, game.max_players}):
            out.append((game.id, players))
    return out


def snapshot(state: GameState) -> str:
    """Everything a spectator and every seat can see, plus the history: equal iff unchanged."""
    views = [state.view(seat) for seat in [None, *range(state.num_players)]]
    return json.dumps([views, state.history, state.events], sort_keys=True)


def walk(game_id: str, players: int, seed: int, steps: int = STEPS) -> list[GameState]:
    """The positions of a seeded random walk (the first ``steps`` actions of a game)."""
    state = terra.game(game_id).new(players, seed)
    rng = random.Random(seed)
    positions = [state.clone()]
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


@pytest.fixture(scope="module", params=configurations(), ids=lambda c: f"{c[0]}-{c[1]}p")
def positions(request: pytest.FixtureRequest) -> list[GameState]:
    game_id, players = request.param
    return walk(game_id, players, seed=11)


class TestIdentity:
    @pytest.mark.parametrize("game_id", GAMES)
    def test_info_is_json_and_complete(self, game_id: str) -> None:
        game = terra.game(game_id)
        assert isinstance(game, Game)
        info = json.loads(json.dumps(game.info()))
        assert info["id"] == game_id
        assert 1 <= info["min_players"] <= info["max_players"]
        assert isinstance(info["provisional_data"], bool)
        assert "data" in info["options"]
        assert game.notation_help()

    @pytest.mark.parametrize("game_id", GAMES)
    def test_the_facts_search_and_learning_need(self, game_id: str) -> None:
        """Declared, not guessed: action count, length bound, score and return ranges."""
        game = terra.game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            facts = game.facts(players)
            assert json.loads(json.dumps(facts.to_dict())) == facts.to_dict()
            state = game.new(players, 1)
            assert facts.num_actions == state.num_actions
            assert facts.max_length is None or facts.max_length <= facts.length_cap
            assert facts.length_cap > 0
            low, high = facts.scores
            assert low < high and low <= min(state.scores()) and max(state.scores()) <= high
            assert facts.returns == (-1.0, 1.0) and facts.zero_sum

    @pytest.mark.parametrize("game_id", GAMES)
    def test_every_action_has_a_rule_and_a_notation_of_its_own(self, game_id: str) -> None:
        """One dispatch: every kind of action in the table has its rule; no two actions read
        the same, so every record replays to the same actions."""
        game = terra.game(game_id)
        state = game.new(game.min_players, 1)
        assert set(state.tables.kind) <= set(type(state).RULES)
        folded = {fold_notation(text) for text in state.tables.text}
        assert len(folded) == state.num_actions == len(state.tables.args)

    @pytest.mark.parametrize("game_id", GAMES)
    def test_every_action_reads_back_from_its_notation(self, game_id: str) -> None:
        """Every action of the space, legal now or not, in any case and spacing."""
        game = terra.game(game_id)
        state = game.new(game.min_players, 1)
        for action in range(state.num_actions):
            text = state.action_str(action)
            assert text == text.strip() and text
            assert state.parse_action(text) == action
            assert state.parse_action(f"  {text.upper()}  ") == action
            assert state.parse_action(text.lower()) == action

    @pytest.mark.parametrize("game_id", GAMES)
    def test_a_player_count_outside_the_range_is_refused(self, game_id: str) -> None:
        game = terra.game(game_id)
        for players in (game.min_players - 1, game.max_players + 1):
            with pytest.raises(TerraError, match=f"is for {game.min_players}-"):
                game.new(players, 1)

    @pytest.mark.parametrize("game_id", GAMES)
    def test_an_unknown_option_is_refused(self, game_id: str) -> None:
        game = terra.game(game_id)
        with pytest.raises(TerraError, match="has no option 'colour_blind'"):
            game.new(game.min_players, 1, {"colour_blind": True})

    @pytest.mark.parametrize("game_id", GAMES)
    def test_the_same_seed_gives_the_same_game(self, game_id: str) -> None:
        game = terra.game(game_id)
        first = walk(game_id, game.min_players, seed=5, steps=60)[-1]
        second = walk(game_id, game.min_players, seed=5, steps=60)[-1]
        assert snapshot(first) == snapshot(second)


class TestLegality:
    def test_legal_actions_exist_until_the_end(self, positions: list[GameState]) -> None:
        for state in positions:
            legal = state.legal_actions()
            assert bool(legal) != state.is_over
            assert (state.current_player is None) == state.is_over
            assert len(set(legal)) == len(legal)
            assert len(set(state.legal_action_strs())) == len(legal)
            assert all(0 <= a < state.num_actions for a in legal)

    def test_the_notation_reads_back(self, positions: list[GameState]) -> None:
        for state in positions:
            for action in state.legal_actions():
                text = state.action_str(action)
                assert text == text.strip() and text
                assert state.parse_action(text) == action
                assert state.parse_action(text.upper()) == action

    def test_unknown_notation_is_refused_with_a_reason(self, positions: list[GameState]) -> None:
        state = positions[len(positions) // 2].clone()
        if state.is_over:
            return
        before = snapshot(state)
        with pytest.raises(IllegalAction) as caught:
            state.play("fly to the moon")
        assert caught.value.reason
        assert snapshot(state) == before

    def test_every_illegal_action_is_explained_and_changes_nothing(
        self, positions: list[GameState]
    ) -> None:
        rng = random.Random(3)
        for state in positions[::10]:
            if state.is_over:
                continue
            legal = set(state.legal_actions())
            illegal = [a for a in range(state.num_actions) if a not in legal]
            before = snapshot(state)
            for action in rng.sample(illegal, min(8, len(illegal))):
                with pytest.raises(IllegalAction) as caught:
                    state.play(action)
                assert caught.value.reason, f"no reason for {state.action_str(action)!r}"
                assert caught.value.rule, f"no rule for {state.action_str(action)!r}"
                assert snapshot(state) == before

    def test_the_explanations_agree_with_the_legal_actions(
        self, positions: list[GameState]
    ) -> None:
        """Legality is stated twice, once by the generator and once by the explanations of
        the rules; at every decision they must find exactly the same actions."""
        for state in positions:
            assert_legality_agrees(state)

    @pytest.mark.parametrize("game_id", GAMES)
    def test_the_explanations_agree_in_whole_games(self, game_id: str) -> None:
        """The same, at positions of whole random and greedy games with every variant: every
        decision they offer, their ends, and positions evenly spaced between."""
        for state in judged_positions(game_id):
            assert_legality_agrees(state)

    def test_checked_play_equals_unchecked_apply(self, positions: list[GameState]) -> None:
        rng = random.Random(4)
        for state in positions[::7]:
            if state.is_over:
                continue
            action = rng.choice(state.legal_actions())
            checked, unchecked = state.clone(), state.clone()
            checked.play(state.action_str(action), seat=state.current_player)
            unchecked.apply(action)
            assert snapshot(checked) == snapshot(unchecked)


class TestClone:
    def test_a_clone_is_independent(self, positions: list[GameState]) -> None:
        rng = random.Random(5)
        for state in positions[::10]:
            if state.is_over:
                continue
            before = snapshot(state)
            copy = state.clone()
            for _ in range(20):
                if copy.is_over:
                    break
                copy.apply(rng.choice(copy.legal_actions()))
            assert snapshot(state) == before

    def test_the_actions_taken_are_counted_in_clones_and_samples(
        self, positions: list[GameState]
    ) -> None:
        rng = random.Random(6)
        for state in positions[::10]:
            assert state.actions_taken == len(state.history)
            if state.is_over:
                continue
            seat = state.current_player if state.current_player is not None else 0
            for copy in (state.clone(), state.sample_hidden(seat, rng)):
                copy.apply(rng.choice(copy.legal_actions()))
                assert copy.actions_taken == len(copy.history) == state.actions_taken + 1
            assert state.actions_taken == len(state.history)


class TestLog:
    def test_the_log_since_an_entry_is_its_tail(self, positions: list[GameState]) -> None:
        for state in positions[::9]:
            size = state.log_size
            assert len(state.events) == size
            for seat in [None, *range(state.num_players)]:
                whole = state.log(seat)
                assert len(whole) == size
                for since in (0, size // 2, max(0, size - 1), size, size + 3):
                    assert state.log(seat, since) == whole[since:]

    def test_the_log_grows_only_at_its_end(self, positions: list[GameState]) -> None:
        """Entries are only added, except that the newest may be amended (a run of like events
        condensed into it, GameState.amend): a page that has every entry but the newest has
        them as they stay, and is sent the newest again when it was amended."""
        for earlier, later in itertools.pairwise(positions):
            size = earlier.log_size
            assert later.events[: size - 1] == earlier.events[: size - 1]
            if size and later.events[size - 1] != earlier.events[size - 1]:
                assert later.log_amended(size - 1)

    def test_describe_event_words_every_entry(self, positions: list[GameState]) -> None:
        state = positions[-1]
        for seat in [None, *range(state.num_players)]:
            for event in state.log(seat):
                text = state.game.describe_event(state, event)
                assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_end_with_a_result(game_id: str) -> None:
    """Every game ends, whatever the players do, with scores, winners and zero-sum returns."""
    game = terra.game(game_id)
    for players in sorted({game.min_players, game.max_players}):
        state = game.new(players, 23)
        rng = random.Random(23)
        for _ in range(200_000):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over, f"{game_id} {players}p did not end in 200,000 actions"
        facts = game.facts(players)
        assert len(state.history) <= facts.length_cap
        low, high = facts.scores
        assert all(low <= score <= high for score in state.scores())
        if players > 1:
            assert state.winners()
            assert sum(state.returns()) == pytest.approx(0.0)
        else:  # solitaire: won against the game, or lost
            assert state.returns() == [1.0 if state.winners() else -1.0]
        breakdown: list[dict[str, Any]] = state.score_breakdown()
        assert [b["total"] for b in breakdown] == state.scores()
        assert terra.replay(state.record()).scores() == state.scores()
