"""Tournament figures checked against small cases worked out by hand: places and ties, win
rates and their standard errors, seat balance, head to head, lengths, ratings."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from terra.core.places import finishing_places
from terra.sim import GameResult
from terra.sim.stats import Estimate, analyze, head_to_head, rate


def result(
    index: int,
    bots: tuple[str, ...],
    scores: tuple[int, ...] = (),
    winners: tuple[int, ...] = (),
    *,
    actions: int = 100,
    turns: int = 10,
    error: str | None = None,
) -> GameResult:
    return GameResult(
        index=index,
        seed=100 + index,
        bots=bots,
        scores=scores,
        winners=winners,
        actions=actions,
        seconds=0.01,
        turns=turns,
        error=error,
    )


# a wins game 0, shares game 1 with b, wins game 2 from seat 1; game 3 failed.
GAMES = [
    result(0, ("a", "b"), (30, 20), (0,), actions=100, turns=10),
    result(1, ("b", "a"), (25, 25), (0, 1), actions=300, turns=30),
    result(2, ("b", "a"), (10, 40), (1,), actions=200, turns=20),
    result(3, ("a", "b"), error="RuntimeError: boom"),
]


class TestPlaces:
    def test_winners_first_then_by_score(self) -> None:
        assert finishing_places([30, 40, 30, 10], [1]) == (2, 1, 2, 4)

    def test_a_shared_victory_shares_first_place_and_skips_second(self) -> None:
        assert finishing_places([25, 25, 10], [0, 1]) == (1, 1, 3)

    def test_a_tie_broken_by_the_rules_puts_the_winner_first(self) -> None:
        assert finishing_places([20, 20, 20], [2]) == (2, 2, 1)


class TestEstimate:
    def test_mean_and_standard_error_of_win_shares(self) -> None:
        # mean 0.625; squared deviations 0.140625, 0.390625, 0.015625, 0.140625 sum to
        # 0.6875; sample variance 0.6875 / 3; SE = sqrt(0.6875 / 3 / 4)
        estimate = Estimate.of([1, 0, 0.5, 1])
        assert estimate.mean == pytest.approx(0.625)
        assert estimate.se == pytest.approx(math.sqrt(0.6875 / 12))

    def test_one_value_has_no_standard_error_and_none_no_mean(self) -> None:
        assert Estimate.of([1.0]).se is None
        assert Estimate.of([]).mean is None


class TestAnalyze:
    figures = analyze(GAMES, 2, ["a", "b"])

    def test_failed_games_are_counted_and_left_out(self) -> None:
        assert (self.figures.games, self.figures.completed, self.figures.errors) == (4, 3, 1)
        assert self.figures.error_messages == ("seed 103: RuntimeError: boom",)
        assert self.figures.shared_wins == 1

    def test_win_rates_by_bot_split_shared_victories(self) -> None:
        a, b = self.figures.bots
        assert (a.bot, a.wins, b.wins) == ("a", 2.5, 0.5)
        # a's shares 1, 0.5, 1: mean 5/6, deviations 1/6, -1/3, 1/6, sample variance 1/12
        assert a.win_rate.mean == pytest.approx(5 / 6)
        assert a.win_rate.se == pytest.approx(math.sqrt(1 / 12 / 3))
        assert b.win_rate.mean == pytest.approx(1 / 6)
        assert a.mean_place == 1.0
        assert b.mean_place == pytest.approx(5 / 3)

    def test_seat_balance_against_the_fair_share(self) -> None:
        seat0, seat1 = self.figures.seats
        # seat 0's shares 1, 0.5, 0: mean 1/2, sample variance 1/4, SE sqrt(1/12)
        assert (seat0.wins, seat1.wins) == (1.5, 1.5)
        assert seat0.win_rate.mean == pytest.approx(0.5)
        assert seat0.win_rate.se == pytest.approx(math.sqrt(1 / 12))
        assert seat0.fair == seat1.fair == 0.5
        assert seat0.scores["mean"] == pytest.approx(65 / 3, abs=1e-4)  # 30, 25, 10

    def test_score_distribution_per_bot(self) -> None:
        scores = self.figures.bots[0].scores  # a scored 30, 25 and 40
        assert (scores["n"], scores["min"], scores["median"], scores["max"]) == (3, 25, 30, 40)
        assert scores["mean"] == pytest.approx(95 / 3, abs=1e-4)

    def test_game_lengths_in_actions_turns_and_turns_per_player(self) -> None:
        lengths = self.figures.lengths
        assert lengths["actions"]["mean"] == 200
        assert lengths["turns"]["median"] == 20
        assert lengths["turns_per_player"]["mean"] == 10

    def test_head_to_head_counts_a_shared_place_as_half(self) -> None:
        assert self.figures.head_to_head["a"]["b"] == pytest.approx(2.5 / 3)
        assert self.figures.head_to_head["b"]["a"] == pytest.approx(0.5 / 3)

    def test_json_form_is_rounded_and_complete(self) -> None:
        data = self.figures.to_dict()
        assert data["by_bot"]["a"]["win_rate"] == pytest.approx(0.8333)
        assert [seat["seat"] for seat in data["by_seat"]] == [0, 1]
        assert data["ratings"][0]["bot"] == "a"


class TestHeadToHead:
    def test_only_pairs_that_met_appear(self) -> None:
        games = [result(0, ("a", "b"), (3, 1), (0,)), result(1, ("c", "a"), (2, 5), (1,))]
        table = head_to_head(games, ["a", "b", "c"])
        assert table == {"a": {"b": 1.0, "c": 1.0}, "b": {"a": 0.0}, "c": {"a": 0.0}}


class TestRatings:
    SIGMA = 25 / 3
    BETA = 25 / 6

    def test_one_two_seat_game_moves_both_ratings_by_the_plackett_luce_step(self) -> None:
        # Worked by hand: c = sqrt(2 sigma^2 + 2 beta^2); both win with probability 1/2, so
        # the winner gains sigma^2 / c * 1/2 and the loser loses as much; each variance
        # shrinks by the factor 1 - (sigma / c) * (sigma^2 / c^2) * 1/4.
        c = math.sqrt(2 * self.SIGMA**2 + 2 * self.BETA**2)
        step = self.SIGMA**2 / c / 2
        shrink = 1 - (self.SIGMA / c) * (self.SIGMA**2 / c**2) / 4
        winner, loser = rate([result(0, ("b", "a"), (10, 5), (0,))], ["a", "b"])
        assert (winner.bot, loser.bot) == ("b", "a")
        assert winner.mu == pytest.approx(25 + step)
        assert loser.mu == pytest.approx(25 - step)
        assert winner.sigma == pytest.approx(math.sqrt(self.SIGMA**2 * shrink))
        assert winner.low == pytest.approx(winner.mu - 2 * winner.sigma)
        assert winner.high == pytest.approx(winner.mu + 2 * winner.sigma)

    def test_a_shared_victory_moves_neither_rating(self) -> None:
        a, b = rate([result(0, ("a", "b"), (5, 5), (0, 1))], ["a", "b"])
        assert a.mu == pytest.approx(25) and b.mu == pytest.approx(25)
        assert a.sigma < self.SIGMA

    def test_whole_finishing_orders_rank_three_bots(self) -> None:
        games = []
        for i in range(9):
            seats = [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")][i % 3]
            scores = tuple({"a": 30, "b": 20, "c": 10}[bot] for bot in seats)
            games.append(result(i, seats, scores, (seats.index("a"),)))
        ratings = rate(games, ["c", "b", "a"])
        assert [r.bot for r in ratings] == ["a", "b", "c"]
        assert ratings[0].low > ratings[2].high

    def test_a_bot_in_several_seats_moves_by_the_mean_of_their_updates(self) -> None:
        # A gauntlet against three copies of one bot: "b" second, third and fourth.
        model = PlackettLuce(tau=0)
        seats = [[model.rating(name=n)] for n in "abbb"]
        updates = [r for (r,) in model.rate(seats, ranks=[1, 2, 3, 4])]
        a, b = rate([result(0, ("a", "b", "b", "b"), (9, 7, 5, 3), (0,))], ["a", "b"])
        assert a.mu == pytest.approx(updates[0].mu)
        assert b.mu == pytest.approx(sum(u.mu for u in updates[1:]) / 3)
        assert b.sigma == pytest.approx(sum(u.sigma for u in updates[1:]) / 3)
        assert a.mu > 25 > b.mu

    def test_the_order_of_the_games_does_not_decide_who_is_rated_higher(self) -> None:
        # "a" wins 60 of the first 100 games and 38 of the last 100: 98 of 200. Rated in game
        # order, "b", who won its games late, came out 8 points ahead.
        games = []
        for i in range(200):
            seats = ("a", "b") if i % 2 == 0 else ("b", "a")
            a_won = i % 5 < 3 if i < 100 else (i - 100) % 50 < 19
            winner = seats.index("a" if a_won else "b")
            scores = tuple(10 if seat == winner else 5 for seat in range(2))
            games.append(result(i, seats, scores, (winner,)))
        b, a = rate(games, ["a", "b"])
        assert (b.bot, a.bot) == ("b", "a")
        assert b.mu - a.mu < 1.0
        assert abs((b.mu - 25) + (a.mu - 25)) < 1e-9  # two bots, one game each time
        assert rate(list(reversed(games)), ["a", "b"]) == rate(games, ["a", "b"])

    def test_a_game_alone_moves_no_rating(self) -> None:
        a, b = rate([result(0, ("a",), (5,), (0,))], ["a", "b"])
        assert a.mu == b.mu == 25

    def test_one_bot_in_every_seat_has_nothing_to_rate(self) -> None:
        assert rate([result(0, ("a", "a"), (5, 3), (0,))], ["a"]) == []

    def test_failed_games_do_not_move_ratings(self) -> None:
        failed = result(0, ("a", "b"), error="boom")
        assert [(r.mu, r.sigma) for r in rate([failed], ["a", "b"])] == [
            (25.0, self.SIGMA),
            (25.0, self.SIGMA),
        ]
