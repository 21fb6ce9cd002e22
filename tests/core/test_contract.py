"""The core contract as every game gets it: ``returns()`` and the checks of ``play()``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import pytest

import terra
from terra.core import IllegalAction, TerraError
from terra.core.actions import ActionSpace, ActionSpaceBuilder, Rule
from terra.core.state import GameState


def _end(state: Decided) -> None:
    state._over = True


def _one_action() -> dict[str, Any]:
    builder = ActionSpaceBuilder("Test")
    builder.add(0, "end")
    return builder.fields()


class Decided(GameState):
    """A stand-in state whose winners are set by hand: ``returns()`` in isolation."""

    __slots__ = ("_over", "_winners")
    RULES: ClassVar[Mapping[int, Rule]] = {0: _end}
    TABLE = ActionSpace(**_one_action())

    def __init__(self, players: int, winners: list[int], over: bool = True) -> None:
        game = terra.game("africana")
        self._init_base(
            game=game,
            players=players,
            seed=0,
            options={},
            data=game.load_data(),
            tables=self.TABLE,
        )
        self._winners = winners
        self._over = over

    @property
    def current_player(self) -> int | None:
        return None if self._over else 0

    @property
    def is_over(self) -> bool:
        return self._over

    def _find_legal_actions(self) -> list[int]:
        return [] if self._over else [0]

    def _explain(self, action: int) -> IllegalAction | None:
        return None

    def clone(self) -> Self:
        other = type(self)(self.num_players, self._winners, self._over)
        self._copy_base(other)
        return other

    def scores(self) -> list[int]:
        return [int(seat in self._winners) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        return self._winners

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _redeal(self, sample: Self, seat: int, rng: random.Random) -> None:
        pass

    def _key(self) -> tuple[Any, ...]:
        return (self._over, tuple(self._winners))


def random_game(players: int, seed: int) -> GameState:
    state = terra.game("africana").new(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def finished_games() -> list[GameState]:
    return [random_game(players, seed) for players in (2, 3, 4) for seed in range(3)]


class TestReturns:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_a_sole_winner_gets_one_and_the_others_share_minus_one(self, players: int) -> None:
        returns = Decided(players, [1]).returns()
        assert returns[1] == pytest.approx(1.0)
        for seat in range(players):
            if seat != 1:
                assert returns[seat] == pytest.approx(-1.0 / (players - 1))

    def test_a_two_player_shared_win_is_a_draw(self) -> None:
        assert Decided(2, [0, 1]).returns() == pytest.approx([0.0, 0.0])

    def test_a_shared_win_is_split(self) -> None:
        """Africana, Scoring: "If there is still a tie, then there are multiple winners"."""
        assert Decided(3, [0, 2]).returns() == pytest.approx([0.25, -0.5, 0.25])
        assert Decided(4, [1, 2]).returns() == pytest.approx([-1 / 3, 1 / 3, 1 / 3, -1 / 3])

    def test_everybody_winning_is_all_zeros(self) -> None:
        assert Decided(4, [0, 1, 2, 3]).returns() == pytest.approx([0.0] * 4)

    @pytest.mark.parametrize(
        ("players", "winners"), [(2, [0]), (3, [2]), (3, [0, 1]), (4, [3]), (4, [0, 1, 3])]
    )
    def test_returns_are_zero_sum(self, players: int, winners: list[int]) -> None:
        assert sum(Decided(players, winners).returns()) == pytest.approx(0.0)

    def test_all_zeros_before_the_end(self) -> None:
        assert Decided(3, [0], over=False).returns() == [0.0, 0.0, 0.0]
        assert Decided(3, [0], over=False).victory_shares() == [0.0, 0.0, 0.0]

    def test_the_victory_is_split_among_its_winners(self) -> None:
        assert Decided(4, [1, 2]).victory_shares() == [0.0, 0.5, 0.5, 0.0]
        assert Decided(2, [0]).victory_shares() == [1.0, 0.0]

    def test_all_zeros_in_a_fresh_game(self) -> None:
        for players in (2, 3, 4):
            assert terra.game("africana").new(players, 1).returns() == [0.0] * players

    def test_finished_games_give_zero_sum_returns_to_their_winners(
        self, finished_games: list[GameState]
    ) -> None:
        for state in finished_games:
            returns = state.returns()
            winners = state.winners()
            n = state.num_players
            assert sum(returns) == pytest.approx(0.0)
            losers = [seat for seat in range(n) if seat not in winners]
            assert all(returns[w] > returns[loser] for w in winners for loser in losers)
            if len(winners) == 1:
                expected = [1.0 if seat in winners else -1.0 / (n - 1) for seat in range(n)]
                assert returns == pytest.approx(expected)


class TestFinishedGame:
    def test_nobody_is_to_act_and_nothing_is_legal(self, finished_games: list[GameState]) -> None:
        for state in finished_games:
            assert state.is_over
            assert state.current_player is None
            assert state.legal_actions() == ()
            assert state.legal_action_strs() == []

    def test_scores_and_winners(self, finished_games: list[GameState]) -> None:
        """Africana, Scoring: the most points wins; ties go to the most silver."""
        for state in finished_games:
            scores = state.scores()
            assert len(scores) == state.num_players
            assert state.winners()
            assert all(scores[w] == max(scores) for w in state.winners())

    def test_play_after_the_end_is_refused(self, finished_games: list[GameState]) -> None:
        """Africana, Game End: no more turns once the last round is over."""
        state = finished_games[0].clone()
        for action in ("draw", 0, "done"):
            with pytest.raises(IllegalAction, match="the game is over") as caught:
                state.play(action)
            assert caught.value.rule == "Africana, Game End"
        assert state == finished_games[0]


class TestPlay:
    def test_play_takes_an_int_or_its_notation(self) -> None:
        state = terra.game("africana").new(2, 3)
        assert state.play("move") == state.parse_action("move")
        assert state.play(state.parse_action("done"), seat=0) == state.parse_action("done")
        assert [state.action_str(a) for a in state.history] == ["move", "done"]
        assert state.current_player == 1

    def test_a_seat_out_of_turn_is_refused(self) -> None:
        """Africana, Gameplay: players take turns clockwise from the start player."""
        state = terra.game("africana").new(3, 3)
        before = state.clone()
        for seat in (1, 2):
            with pytest.raises(IllegalAction, match=f"it is seat 0's turn, not seat {seat}'s"):
                state.play("draw", seat=seat)
        assert state == before
        assert state.history == []

    @pytest.mark.parametrize("action", [1.0, None, True, False, [0], b"draw", ("draw",)])
    def test_an_action_is_an_int_or_a_string(self, action: Any) -> None:
        state = terra.game("africana").new(2, 3)
        before = state.clone()
        with pytest.raises(IllegalAction, match="an action is an int or its notation, not"):
            state.play(action)
        assert state == before
        assert state.history == []

    @pytest.mark.parametrize("action", [-1, 10**6])
    def test_an_int_outside_the_action_space(self, action: int) -> None:
        state = terra.game("africana").new(2, 3)
        with pytest.raises(IllegalAction, match=f"there is no action number {action}"):
            state.play(action)
        assert state.history == []

    def test_illegal_action_is_a_terra_error_and_a_value_error(self) -> None:
        assert issubclass(IllegalAction, TerraError)
        assert issubclass(IllegalAction, ValueError)
        error = IllegalAction("Lagos needs a violet card", "Africana, Movement")
        assert str(error) == "Lagos needs a violet card (Africana, Movement)"
        assert (error.reason, error.rule) == ("Lagos needs a violet card", "Africana, Movement")
        assert str(IllegalAction("no such action")) == "no such action"

    def test_the_legal_actions_in_notation(self) -> None:
        """Africana, Gameplay: a turn starts by choosing one of three actions."""
        state = terra.game("africana").new(2, 3)
        assert state.legal_action_strs() == ["draw", "buy", "move"]
        assert tuple(state.parse_action(t) for t in state.legal_action_strs()) == (
            state.legal_actions()
        )


class Secretive(Decided):
    """A stand-in whose ``draw`` events hide the cards from everyone but the drawer."""

    __slots__ = ()
    private_args = {"draw": ("cards",)}  # noqa: RUF012 - a test double


class TestLog:
    def make(self) -> Secretive:
        state = Secretive(3, [0], over=False)
        state.emit("start", player=0)
        state.emit("draw", player=1, cards=["red", "blue"], count=2)
        state.emit("pass", player=2)
        return state

    def test_events_are_oldest_first_and_omniscient(self) -> None:
        state = self.make()
        assert state.log_size == 3
        assert [e["key"] for e in state.events] == ["start", "draw", "pass"]
        assert state.events[1]["args"] == {"player": 1, "cards": ["red", "blue"], "count": 2}

    def test_private_arguments_reach_only_their_player(self) -> None:
        state = self.make()
        assert state.log(1)[1]["args"]["cards"] == ["red", "blue"]
        for seat in (None, 0, 2):
            assert state.log(seat)[1]["args"] == {"player": 1, "count": 2}

    def test_the_log_since_an_entry(self) -> None:
        state = self.make()
        assert [e["key"] for e in state.log(0, since=2)] == ["pass"]
        assert state.log(0, since=3) == []
        assert state.log(0, since=9) == []

    def test_a_clone_shares_the_past_but_not_the_future(self) -> None:
        state = self.make()
        copy = state.clone()
        copy.emit("pass", player=0)
        assert (state.log_size, copy.log_size) == (3, 4)
        assert [e["key"] for e in state.events] == ["start", "draw", "pass"]

    def test_a_sample_knows_the_log_only_as_its_seat_read_it(self) -> None:
        state = self.make()
        for seat in (0, 2):
            sample = state.sample_hidden(seat, random.Random(1))
            assert sample.events == state.log(seat)
            assert "cards" not in sample.log(1)[1]["args"]
        drawer = state.sample_hidden(1, random.Random(1))
        assert drawer.events == state.events == drawer.log(1)
        assert "cards" not in drawer.log(0)[1]["args"]

    def test_what_a_sample_logs_itself_it_knows_in_full(self) -> None:
        sample = self.make().sample_hidden(0, random.Random(1))
        sample.emit("draw", player=2, cards=["grey"], count=1)
        assert sample.events[-1]["args"]["cards"] == ["grey"]
        assert "cards" not in sample.log(0)[-1]["args"]
        assert sample.log(2)[-1]["args"]["cards"] == ["grey"]

    def test_a_sample_of_a_sample_of_another_seat_reads_no_private_part(self) -> None:
        first = self.make().sample_hidden(1, random.Random(1))
        second = first.sample_hidden(0, random.Random(2))
        assert all("cards" not in e["args"] for e in second.events)
        assert second.log_size == 3

    def test_sampling_costs_nothing_in_the_length_of_the_log(self) -> None:
        """The sample keeps the real game's log chain and reads it as its seat would."""
        state = self.make()
        sample = state.sample_hidden(0, random.Random(1))
        assert sample._log is state._log
