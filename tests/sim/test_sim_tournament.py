"""Tournaments: who meets whom, seats rotated evenly, the same results on any worker count,
and requests that cannot make a fair tournament refused with their reason."""

from __future__ import annotations

from collections import Counter

import pytest

from terra.core.errors import TerraError
from terra.sim.tournament import Schedule, run_tournament, schedule

# Cheap, distinct bots: four names for tables of up to four seats.
BOTS = ["random", "greedy", "mcts:1", "ismcts:1"]


def seats_held(plan: Schedule) -> Counter[tuple[str, int]]:
    """How often each bot sits in each seat over the whole schedule."""
    return Counter(
        (bot, seat) for i in range(plan.games) for seat, bot in enumerate(plan.lineup(i))
    )


class TestSchedule:
    def test_round_robin_meets_every_combination_of_bots(self) -> None:
        plan = schedule(BOTS, 3, 6)
        assert len(plan.tables) == 4  # 4 choose 3
        assert {frozenset(table) for table in plan.tables} == {
            frozenset(BOTS) - {left_out} for left_out in BOTS
        }
        assert plan.games == 24

    def test_every_bot_sits_in_every_seat_equally_often(self) -> None:
        plan = schedule(BOTS, 3, 6)
        held = seats_held(plan)
        # each bot is at 3 of the 4 tables, 6 games each, 2 in each seat
        assert set(held.values()) == {6}
        assert len(held) == len(BOTS) * 3

    def test_every_table_plays_its_rotations_in_every_round(self) -> None:
        plan = schedule(BOTS[:3], 2, 4)
        first_round = [plan.lineup(i) for i in range(6)]
        assert first_round == [
            ("random", "greedy"),
            ("greedy", "random"),
            ("random", "mcts:1"),
            ("mcts:1", "random"),
            ("greedy", "mcts:1"),
            ("mcts:1", "greedy"),
        ]
        assert [plan.lineup(i) for i in range(6, 12)] == first_round

    def test_gauntlet_puts_one_bot_against_every_combination_of_the_field(self) -> None:
        plan = schedule(BOTS, 3, 3, gauntlet="ismcts:1")
        assert plan.tables == (
            ("ismcts:1", "random", "greedy"),
            ("ismcts:1", "random", "mcts:1"),
            ("ismcts:1", "greedy", "mcts:1"),
        )
        held = seats_held(plan)
        assert [held["ismcts:1", seat] for seat in range(3)] == [3, 3, 3]

    def test_the_gauntlet_bot_need_not_be_in_the_field(self) -> None:
        plan = schedule(["random", "greedy"], 2, 2, gauntlet="mcts:1")
        assert plan.tables == (("mcts:1", "random"), ("mcts:1", "greedy"))

    def test_a_gauntlet_against_one_bot_fills_the_other_seats_with_it(self) -> None:
        # Issue 12's four-player measure: one search bot against three greedy players.
        plan = schedule(["greedy"], 4, 8, gauntlet="ismcts:1")
        assert plan.tables == (("ismcts:1", "greedy", "greedy", "greedy"),)
        held = seats_held(plan)
        assert [held["ismcts:1", seat] for seat in range(4)] == [2, 2, 2, 2]

    def test_a_small_field_meets_the_gauntlet_in_every_mix(self) -> None:
        plan = schedule(["random", "greedy"], 4, 4, gauntlet="mcts:1")
        assert plan.tables == (
            ("mcts:1", "random", "random", "random"),
            ("mcts:1", "random", "random", "greedy"),
            ("mcts:1", "random", "greedy", "greedy"),
            ("mcts:1", "greedy", "greedy", "greedy"),
        )

    def test_one_bot_plays_every_seat(self) -> None:
        plan = schedule(["greedy"], 3, 5)
        assert plan.tables == (("greedy", "greedy", "greedy"),)
        assert plan.games == 5

    @pytest.mark.parametrize(
        ("bots", "players", "games", "gauntlet", "message"),
        [
            ([], 2, 2, None, "at least one bot"),
            (["random", "random"], 2, 2, None, "'random' is named twice"),
            (["random", "wizard"], 2, 2, None, "no bot called 'wizard'"),
            (["random", "mcts:zero"], 2, 2, None, "bot level 'zero' of mcts"),
            (["random", "greedy"], 3, 3, None, "3 seats need 3 different bots"),
            (["random", "greedy"], 2, 3, None, "give a multiple of 2 (e.g. 2 or 4)"),
            (["random", "greedy"], 2, 1, None, "give a multiple of 2 (e.g. 2)"),
            (["random", "greedy"], 2, 0, None, "at least 1"),
            (["greedy"], 3, 3, "greedy", "needs at least one other bot"),
            (["random", "greedy"], 1, 1, None, "the bots never meet"),
            (["random"], 0, 1, None, "at least 1 seat, not 0"),
            (["random", "greedy"], 2, 2, "wizard", "no bot called 'wizard'"),
        ],
    )
    def test_bad_requests_are_refused_with_their_reason(
        self,
        bots: list[str],
        players: int,
        games: int,
        gauntlet: str | None,
        message: str,
    ) -> None:
        with pytest.raises(TerraError, match=message.replace("(", r"\(").replace(")", r"\)")):
            schedule(bots, players, games, gauntlet)

    def test_too_many_tables_are_refused(self) -> None:
        bots = ["random", "greedy", *(f"mcts:{n}" for n in range(1, 15))]
        with pytest.raises(TerraError, match="make 4,368 tables"):
            schedule(bots, 5, 5)


class TestRun:
    def test_game_i_is_seeded_seed_plus_i_with_the_scheduled_bots(self) -> None:
        plan = schedule(["random", "greedy"], 2, 4)
        tournament = run_tournament("expedition", plan, 50, workers=1)
        assert [r.seed for r in tournament.results] == [50, 51, 52, 53]
        assert [r.bots for r in tournament.results] == [plan.lineup(i) for i in range(4)]
        assert all(r.ok and r.record is None for r in tournament.results)
        assert tournament.figures.completed == 4

    def test_same_seed_same_figures_on_any_number_of_workers(self) -> None:
        plan = schedule(["random", "greedy", "mcts:1"], 2, 2)
        one = run_tournament("expedition", plan, 7, workers=1).to_dict()
        two = run_tournament("expedition", plan, 7, workers=2).to_dict()
        for report in (one, two):
            del report["seconds"], report["workers"], report["thinking"]
        assert one == two

    def test_another_seed_plays_other_games(self) -> None:
        plan = schedule(["random", "greedy"], 2, 2)
        a = run_tournament("expedition", plan, 1, workers=1)
        b = run_tournament("expedition", plan, 2, workers=1)
        assert [r.scores for r in a.results] != [r.scores for r in b.results]

    def test_the_json_names_what_was_played(self) -> None:
        plan = schedule(["random", "greedy"], 2, 2)
        report = run_tournament("expedition", plan, 3, workers=1).to_dict()
        assert report["game"] == "expedition"
        assert report["tables"] == [["random", "greedy"]]
        assert (report["games"], report["games_per_table"], report["seed"]) == (2, 2, 3)
        assert {r["bot"] for r in report["ratings"]} == {"random", "greedy"}
        assert sum(seat["wins"] for seat in report["by_seat"]) == pytest.approx(2)

    def test_game_and_options_are_checked_before_any_game(self) -> None:
        plan = schedule(["random", "greedy"], 2, 2)
        with pytest.raises(TerraError, match="no game 'chess'"):
            run_tournament("chess", plan)
        with pytest.raises(TerraError, match="no option 'colour'"):
            run_tournament("expedition", plan, options={"colour": "red"})
        with pytest.raises(TerraError, match="2-4 players"):
            run_tournament("africana", schedule(["greedy"], 5, 5))

    def test_progress_is_reported_after_every_game(self) -> None:
        seen: list[tuple[int, int]] = []
        plan = schedule(["random", "greedy"], 2, 4)
        run_tournament(
            "expedition",
            plan,
            workers=1,
            progress=lambda done, total, _: seen.append((done, total)),
        )
        assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
