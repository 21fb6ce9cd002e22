"""The simulation runner: one game, many games, determinism, rotation, records, errors."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import terra
from terra.ai.bots import BOTS, RandomBot
from terra.core.errors import TerraError
from terra.core.state import GameState
from terra.sim import (
    GameResult,
    bot_seeds,
    lineup,
    play_game,
    record_name,
    resolve_workers,
    rotated,
    run_games,
)

GAME = "africana"


def outcome(result: GameResult) -> tuple[object, ...]:
    """Everything in a result except the timing, which no seed can fix."""
    return (
        result.index,
        result.seed,
        result.bots,
        result.scores,
        result.winners,
        result.actions,
        result.error,
    )


class FailingBot:
    """Plays randomly, but raises in games with an odd seed after a few moves."""

    name = "failing"

    def __init__(self, seed: int = 0) -> None:
        self.random = RandomBot(seed)
        self.moves = 0

    def choose(self, state: GameState) -> int:
        self.moves += 1
        if state.seed % 2 == 1 and self.moves > 3:
            raise RuntimeError("the bot fell over")
        return self.random.choose(state)


class IllegalBot:
    """Always picks an action outside the legal ones."""

    name = "illegal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> int:
        legal = set(state.legal_actions())
        return next(a for a in range(state.num_actions) if a not in legal)


@pytest.fixture
def named_random_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random bots under the names alpha, beta and gamma, to tell seats apart."""
    for name in ("alpha", "beta", "gamma"):
        monkeypatch.setitem(BOTS, name, RandomBot)


class TestPlayGame:
    def test_a_finished_game_reports_its_result_and_record(self) -> None:
        result = play_game(GAME, 2, ["random", "random"], seed=11)
        assert result.ok
        assert result.error is None
        assert result.record is not None
        assert result.actions == len(result.record.actions) > 0
        state = terra.replay(result.record)
        assert list(result.scores) == state.scores()
        assert list(result.winners) == state.winners()
        assert result.record.meta["bots"] == ["random", "random"]
        assert result.seconds > 0

    def test_same_seed_same_game(self) -> None:
        first = play_game(GAME, 3, ["random"] * 3, seed=5)
        second = play_game(GAME, 3, ["random"] * 3, seed=5)
        assert outcome(first) == outcome(second)
        assert first.record is not None and second.record is not None
        assert first.record.actions == second.record.actions

    def test_other_seed_other_game(self) -> None:
        first = play_game(GAME, 2, ["random"] * 2, seed=1)
        second = play_game(GAME, 2, ["random"] * 2, seed=2)
        assert first.record is not None and second.record is not None
        assert first.record.actions != second.record.actions

    def test_a_bot_that_raises_fails_the_game_without_raising(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(BOTS, "failing", FailingBot)
        result = play_game(GAME, 2, ["failing", "random"], seed=1)
        assert not result.ok
        assert result.error is not None
        assert "RuntimeError: the bot fell over" in result.error
        assert result.scores == () and result.winners == ()
        # The partial record still replays, so the failure can be reproduced.
        assert result.record is not None
        assert not terra.replay(result.record).is_over

    def test_a_huge_error_message_is_cut_short(self, monkeypatch: pytest.MonkeyPatch) -> None:
        class LoudBot(RandomBot):
            name = "loud"

            def choose(self, state: GameState) -> int:
                raise RuntimeError("x" * 1_000_000)

        monkeypatch.setitem(BOTS, "loud", LoudBot)
        result = play_game(GAME, 2, ["loud", "random"], seed=1)
        assert result.error is not None
        assert result.error.startswith("RuntimeError: xxx")
        assert "(1,000,000 characters)" in result.error
        assert len(result.error) < 500

    def test_an_illegal_action_fails_the_game(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(BOTS, "illegal", IllegalBot)
        result = play_game(GAME, 2, ["illegal", "illegal"], seed=0)
        assert result.error is not None
        assert "IllegalAction" in result.error
        assert result.actions == 0

    def test_a_game_that_does_not_end_is_cut_off(self) -> None:
        result = play_game(GAME, 2, ["random", "random"], seed=0, max_actions=10)
        assert result.error is not None
        assert "unfinished: the game did not end within 10 actions" in result.error
        assert result.actions == 10

    def test_by_default_a_game_is_cut_off_at_its_length_cap(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        # Stalling players can go on for ever in some games (Africana): a run must not hang.
        monkeypatch.setattr(type(terra.game(GAME)), "length_cap", 12)
        result = play_game(GAME, 2, ["random", "random"], seed=0)
        assert result.error is not None
        assert "did not end within 12 actions" in result.error
        assert result.actions == 12

    def test_bot_seeds_depend_on_the_seed_and_differ_by_seat(self) -> None:
        assert bot_seeds(7, 4) == bot_seeds(7, 4)
        assert bot_seeds(7, 4) != bot_seeds(8, 4)
        assert len(set(bot_seeds(7, 4))) == 4


class TestLineup:
    def test_bots_are_cycled_over_the_seats(self) -> None:
        assert lineup(["a", "b"], 4) == ("a", "b", "a", "b")
        assert lineup(["a", "b"], 3) == ("a", "b", "a")
        assert lineup(["a"], 2) == ("a", "a")

    def test_more_bots_than_seats_is_refused(self) -> None:
        with pytest.raises(TerraError, match="3 bots given for 2 seats"):
            lineup(["a", "b", "c"], 2)

    def test_rotation_moves_every_bot_one_seat_on(self) -> None:
        assert rotated(("a", "b", "c"), 0) == ("a", "b", "c")
        assert rotated(("a", "b", "c"), 1) == ("c", "a", "b")
        assert rotated(("a", "b", "c"), 3) == ("a", "b", "c")


class TestRunGames:
    def test_game_i_uses_seed_s_plus_i(self) -> None:
        summary = run_games(GAME, 2, ["random"], 3, seed=40, keep_results=True)
        assert [r.seed for r in summary.results] == [40, 41, 42]
        assert [r.index for r in summary.results] == [0, 1, 2]
        single = play_game(GAME, 2, ["random", "random"], seed=41, index=1)
        assert outcome(summary.results[1]) == outcome(single)

    def test_same_seed_same_results(self) -> None:
        first = run_games(GAME, 2, ["random"], 3, seed=3, keep_results=True)
        second = run_games(GAME, 2, ["random"], 3, seed=3, keep_results=True)
        assert list(map(outcome, first.results)) == list(map(outcome, second.results))

    def test_worker_count_does_not_change_results(self) -> None:
        alone = run_games(GAME, 3, ["random"], 4, seed=9, workers=1, rotate=True, keep_results=True)
        pooled = run_games(
            GAME, 3, ["random"], 4, seed=9, workers=2, rotate=True, keep_results=True
        )
        assert pooled.workers == 2
        assert list(map(outcome, alone.results)) == list(map(outcome, pooled.results))
        figures = ("seat_wins", "mean_scores", "bot_wins", "actions", "completed")
        assert {k: alone.to_dict()[k] for k in figures} == {k: pooled.to_dict()[k] for k in figures}

    @pytest.mark.usefixtures("named_random_bots")
    def test_rotation_shifts_the_bots_one_seat_each_game(self) -> None:
        summary = run_games(GAME, 3, ["alpha", "beta", "gamma"], 4, rotate=True, keep_results=True)
        assert [r.bots for r in summary.results] == [
            ("alpha", "beta", "gamma"),
            ("gamma", "alpha", "beta"),
            ("beta", "gamma", "alpha"),
            ("alpha", "beta", "gamma"),
        ]

    @pytest.mark.usefixtures("named_random_bots")
    def test_without_rotation_every_game_has_the_same_seats(self) -> None:
        summary = run_games(GAME, 2, ["alpha", "beta"], 3, keep_results=True)
        assert {r.bots for r in summary.results} == {("alpha", "beta")}

    @pytest.mark.usefixtures("named_random_bots")
    def test_short_bot_lists_are_cycled(self) -> None:
        summary = run_games(GAME, 4, ["alpha", "beta"], 1, keep_results=True)
        assert summary.results[0].bots == ("alpha", "beta", "alpha", "beta")
        assert summary.bots == ("alpha", "beta", "alpha", "beta")

    @pytest.mark.usefixtures("named_random_bots")
    def test_wins_are_credited_to_the_bot_in_the_winning_seat(self) -> None:
        summary = run_games(GAME, 2, ["alpha", "beta"], 4, seed=1, rotate=True, keep_results=True)
        expected = {"alpha": 0.0, "beta": 0.0}
        for result in summary.results:
            for seat in result.winners:
                expected[result.bots[seat]] += 1 / len(result.winners)
        assert summary.bot_wins == expected
        assert sum(summary.bot_wins.values()) == pytest.approx(summary.completed)

    def test_one_record_file_per_game_and_each_replays(self, tmp_path: Path) -> None:
        folder = tmp_path / "records"
        summary = run_games(GAME, 2, ["random"], 3, seed=20, record_dir=folder, keep_results=True)
        files = sorted(folder.iterdir())
        assert [f.name for f in files] == [record_name(GAME, 2, s) for s in (20, 21, 22)]
        for path, result in zip(files, summary.results, strict=True):
            record = terra.Record.load(path)
            state = terra.replay(record)
            assert record.seed == result.seed
            assert state.scores() == list(result.scores)
            assert state.winners() == list(result.winners)

    def test_records_are_dropped_from_results_unless_kept(self) -> None:
        assert run_games(GAME, 2, ["random"], 1, keep_results=True).results[0].record is None
        assert run_games(GAME, 2, ["random"], 1, keep_records=True).results[0].record is not None

    def test_failing_games_are_counted_not_raised(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(BOTS, "failing", FailingBot)
        summary = run_games(GAME, 2, ["failing", "random"], 4, seed=0, keep_results=True)
        assert summary.games == 4
        assert summary.errors == 2
        assert summary.completed == 2
        assert [r.ok for r in summary.results] == [True, False, True, False]
        assert len(summary.error_messages) == 2
        assert summary.error_messages[0].startswith("seed 1: RuntimeError: the bot fell over")
        assert sum(summary.seat_wins) == pytest.approx(2)
        assert summary.actions == sum(r.actions for r in summary.results if r.ok)

    def test_only_the_figures_are_kept_unless_the_results_are_asked_for(self) -> None:
        kept = run_games(GAME, 2, ["random"], 3, seed=4, keep_results=True)
        figures = run_games(GAME, 2, ["random"], 3, seed=4)
        assert figures.results == ()
        assert len(kept.results) == 3
        without_timings = {"seconds", "us_per_action"}
        assert {k: v for k, v in figures.to_dict().items() if k not in without_timings} == {
            k: v for k, v in kept.to_dict().items() if k not in without_timings
        }

    @pytest.mark.parametrize("workers", [1, 2])
    def test_games_are_made_as_they_are_played_not_all_at_once(self, workers: int) -> None:
        """A run of 10**15 games starts at once: the games are made a few at a time."""

        class EnoughGamesError(Exception):
            pass

        def stop_after_three(done: int, total: int, result: GameResult) -> None:
            if done == 3:
                raise EnoughGamesError

        started = time.perf_counter()
        with pytest.raises(EnoughGamesError):
            run_games(
                GAME,
                2,
                ["random"],
                10**15,
                workers=workers,
                progress=stop_after_three,
                max_actions=10,  # short games: only their number matters here
            )
        assert time.perf_counter() - started < 30

    def test_progress_is_reported_after_every_game_in_order(self) -> None:
        calls: list[tuple[int, int, int]] = []
        run_games(GAME, 2, ["random"], 3, progress=lambda d, t, r: calls.append((d, t, r.index)))
        assert calls == [(1, 3, 0), (2, 3, 1), (3, 3, 2)]

    @pytest.mark.parametrize(
        ("game", "players", "bots", "games", "message"),
        [
            ("chess", 2, ["random"], 1, "no game 'chess'"),
            (GAME, 5, ["random"], 1, "2-4 players"),
            (GAME, 2, ["nobody"], 1, "no bot called 'nobody'"),
            (GAME, 2, ["random"], 0, "at least 1"),
            (GAME, 2, ["random"] * 3, 1, "3 bots given for 2 seats"),
        ],
    )
    def test_bad_input_is_refused_before_any_game(
        self, game: str, players: int, bots: list[str], games: int, message: str
    ) -> None:
        with pytest.raises(TerraError, match=message):
            run_games(game, players, bots, games)

    def test_bad_options_are_refused(self, tmp_path: Path) -> None:
        with pytest.raises(TerraError, match="cannot read"):
            run_games(GAME, 2, ["random"], 1, options={"data": str(tmp_path / "missing")})

    def test_a_record_dir_that_cannot_be_written_is_refused(self, tmp_path: Path) -> None:
        (tmp_path / "file").write_text("", encoding="utf-8")
        with pytest.raises(TerraError, match="cannot create record directory"):
            run_games(GAME, 2, ["random"], 1, record_dir=tmp_path / "file" / "records")
        if Path("/proc/1").is_dir():  # no one may write there, not even root
            with pytest.raises(TerraError, match="cannot write in record directory /proc/1"):
                run_games(GAME, 2, ["random"], 1, record_dir="/proc/1")
        run_games(GAME, 2, ["random"], 1, record_dir=tmp_path, max_actions=10)
        assert sorted(p.name for p in tmp_path.iterdir()) == [record_name(GAME, 2, 0), "file"]

    def test_workers_zero_means_one_per_cpu(self) -> None:
        assert resolve_workers(0) >= 1
        assert resolve_workers(3) == 3
        with pytest.raises(TerraError, match="workers"):
            resolve_workers(-1)
