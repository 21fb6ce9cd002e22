"""``terra play``: a person at the terminal against bots (scripted keyboard, captured screen)."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import terra
from terra.ai.bots import RandomBot, make_bot
from terra.cli.main import app
from terra.cli.messages import INTERRUPTED
from terra.cli.session import Session
from terra.core import GameState, Record
from terra.games.africana import AfricanaState

runner = CliRunner()


class Keyboard:
    """Scripted input: the given lines in order, then end of input (EOFError)."""

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def screen() -> tuple[Console, io.StringIO]:
    """A console writing plain text (no terminal, so no colour codes) into a buffer."""
    out = io.StringIO()
    return Console(file=out, width=100, highlight=False, emoji=False), out


def session(
    state: GameState,
    read: Callable[[str], str],
    people: tuple[int, ...] = (0,),
    record: Path | None = None,
    bots: str = "random",
) -> tuple[Session, io.StringIO]:
    console, out = screen()
    players = {s: make_bot(bots, s) for s in range(state.num_players) if s not in people}
    return Session(state, people, players, console=console, read=read, record=record), out


def near_the_end(players: int = 3, seed: int = 11) -> AfricanaState:
    """A seeded game advanced by random moves until the expedition pile is empty and seat 0 is
    to choose its action: the end is near but not yet triggered."""
    state = terra.game("africana").new(players, seed)
    assert isinstance(state, AfricanaState)
    rng = random.Random(seed)
    while state.pile or state.current_player != 0 or state.phase_name != "choose":
        state.apply(rng.choice(state.legal_actions()))
    assert not state.ending
    return state


def last_round(seat: int) -> AfricanaState:
    """A seeded 3-player game in its last round (the end is triggered), ``seat`` to act."""
    start = near_the_end()
    for attempt in range(100):
        state = start.clone()
        rng = random.Random(attempt)
        while not state.ending:
            state.apply(rng.choice(state.legal_actions()))
        if state.current_player == seat:
            return state
    raise AssertionError("no random continuation reaches the last round at that seat")


def play(*args: str, keys: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", "africana", "--bots", "random", *args], input=keys)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


class TestFullGame:
    def test_a_person_typing_legal_moves_plays_to_the_end(self, tmp_path: Path) -> None:
        state = near_the_end()
        rng = random.Random(5)
        turns = 0

        def person(prompt: str) -> str:
            nonlocal turns
            turns += 1
            assert turns < 2000, "the game does not end"
            moves = state.legal_action_strs()
            if turns % 2:
                return str(rng.randrange(len(moves)) + 1)
            return rng.choice(moves).upper()

        path = tmp_path / "game.json"
        table, out = session(state, person, record=path)
        assert table.play() == 0
        text = out.getvalue()
        assert state.is_over
        assert "Final scores" in text
        for category in ("expeditions", "collections", "travel cards", "total"):
            assert category in text
        won = state.winners()
        assert ("Winners (shared victory)" if len(won) > 1 else "Winner:") in text
        assert f"seat {won[0]} (" in text.rsplit("Final scores", 1)[1]
        assert "The game is over. Final scores:" in text
        replayed = terra.replay(Record.load(path))
        assert replayed.scores() == state.scores()
        assert Record.load(path).meta["seats"] == ["person", "random", "random"]

    def test_hot_seat_to_the_end(self) -> None:
        state = last_round(seat=1)
        rng = random.Random(2)

        def people(prompt: str) -> str:
            if prompt.startswith("Pass the keyboard"):
                return ""
            return rng.choice(state.legal_action_strs())

        table, out = session(state, people, people=(1, 2))
        assert table.play() == 0
        text = out.getvalue()
        assert " seat 1 (Blue) to play " in text and " seat 2 (Yellow) to play " in text
        assert "seat 1 (person)" in text and "seat 2 (person)" in text
        final_board = text.rsplit("Game over", 1)[1]
        assert "Your hand" not in final_board  # shown as a spectator sees it

    def test_bot_moves_are_shown_as_log_lines_at_the_next_turn(self) -> None:
        state = terra.game("africana").new(3, 4)
        table, out = session(state, Keyboard(["draw", "quit"]))
        table.play()
        second_screen = out.getvalue().split("Your moves")[1]
        assert "White draws 2 travel cards (" in second_screen
        assert "  Blue " in second_screen and "  Yellow " in second_screen


class TestLog:
    def test_the_log_is_read_through_state_log_alone(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A view need not carry the log (its cost must not grow with the game), and the whole
        log (``events``) is for nobody at the table."""
        view = AfricanaState.view

        def view_without_log(state: AfricanaState, seat: int | None) -> dict[str, Any]:
            return {key: value for key, value in view(state, seat).items() if key != "log"}

        def no_events(state: AfricanaState) -> list[dict[str, Any]]:
            raise AssertionError("the omniscient log was read")

        monkeypatch.setattr(AfricanaState, "view", view_without_log)
        monkeypatch.setattr(AfricanaState, "events", property(no_events))
        code, out, err = play("-p", "3", "--seed", "4", keys="draw\nlog\nquit\n")
        assert code == 0, err
        since_my_turn, whole_log = out.split("Your moves")[1], out.split("seat 0> ")[2]
        for text in (since_my_turn, whole_log):
            assert "White draws 2 travel cards (" in text
            assert "  Blue " in text and "  Yellow " in text


class TestBadInput:
    def test_garbage_is_explained_and_changes_nothing(self) -> None:
        state = terra.game("africana").new(3, 1)
        before = state.clone()
        table, out = session(state, Keyboard(["fly to the moon"]))
        table.play()
        assert "Not allowed: 'fly to the moon' is not an Africana action" in out.getvalue()
        assert state == before and state.history == []

    def test_a_step_before_choosing_to_move_names_the_rule(self) -> None:
        state = terra.game("africana").new(3, 1)
        before = state.clone()
        table, out = session(state, Keyboard(["go Cairo: grey"]))
        table.play()
        text = " ".join(out.getvalue().split())
        assert "Not allowed: cannot 'go Cairo: grey' now" in text
        assert "(Africana, Gameplay)" in text
        assert state == before

    def test_a_step_without_a_route_is_refused(self) -> None:
        state = terra.game("africana").new(3, 1)
        table, out = session(state, Keyboard(["move", "GO CAPE TOWN: JOKER"]))
        table.play()
        text = " ".join(out.getvalue().split())
        assert "no travel route leads from Napoli to Cape Town" in text
        assert "(Africana, C) Move explorer - Movement)" in text
        assert [state.action_str(a) for a in state.history] == ["move"]

    def test_a_number_out_of_range_is_refused(self) -> None:
        state = terra.game("africana").new(3, 1)
        table, out = session(state, Keyboard(["0", "4", "99"]))
        table.play()
        text = out.getvalue()
        assert text.count("choose a number from 1 to 3") == 3
        assert state.history == []

    def test_text_that_looks_like_a_number_keeps_the_game_going(self, tmp_path: Path) -> None:
        # "²" and "½" are digits to str.isdigit() but no number to int(); a number of over
        # 4,300 digits is refused by int(); "٣" is an Arabic-Indic 3, a move number.
        path = tmp_path / "game.json"
        huge = "1" + "7" * 5000
        keys = "".join(f"{line}\n" for line in ("²", "½", huge, "٣", "x" * 100_000, "quit"))
        code, out, err = play("-p", "2", "--seed", "1", "--record", str(path), keys=keys)
        assert code == 0, err
        assert "Traceback" not in out + err
        text = " ".join(out.split())
        assert "Not allowed: '²' is not an Africana action" in text
        assert "Not allowed: '½' is not an Africana action" in text
        assert "there is no move 1777" in text and "(5,001 characters)" in text
        assert "(100,000 characters) is not an Africana action" in text
        assert "x" * 200 not in out and "7" * 200 not in out
        record = Record.load(path)
        assert record.actions == ("move",)
        assert terra.replay(record).history == [2]

    def test_a_number_plays_that_move(self) -> None:
        state = terra.game("africana").new(3, 1)
        table, _ = session(state, Keyboard(["3", "quit"]))
        table.play()
        assert [state.action_str(a) for a in state.history] == ["move"]

    def test_commands(self) -> None:
        state = terra.game("africana").new(3, 1)
        keys = Keyboard(["", "help", "moves", "board", "draw", "log", "quit"])
        table, out = session(state, keys)
        assert table.play() == 0
        assert set(keys.prompts) == {"seat 0> "}
        text = out.getvalue()
        assert "Moves of the kinds open to you now: draw; buy; move" in text
        assert "quit" in text and "board" in text
        assert text.count("Your moves") == 4  # start, moves, board, next turn
        assert text.count("Expeditions") == 3  # start, board, next turn
        assert "Game stopped after" in text


class TestStopping:
    def test_end_of_input_stops_cleanly(self) -> None:
        code, out, err = play("--seed", "3", keys="")
        assert code == 0
        assert "Input ended: game stopped after 0 actions." in out
        assert "Traceback" not in out + err

    def test_ctrl_c_stops_cleanly(self) -> None:
        def interrupt(prompt: str) -> str:
            raise KeyboardInterrupt

        table, out = session(terra.game("africana").new(2, 1), interrupt)
        assert table.play() == INTERRUPTED
        assert "Interrupted: game stopped after 0 actions." in out.getvalue()

    def test_an_unexpected_error_stops_the_game_and_keeps_its_record(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        choose = RandomBot.choose
        calls = 0

        def breaks_on_its_third_move(bot: RandomBot, state: GameState) -> int:
            nonlocal calls
            calls += 1
            if calls == 3:
                raise RuntimeError("the bot fell over")
            return choose(bot, state)

        monkeypatch.setattr(RandomBot, "choose", breaks_on_its_third_move)
        path = tmp_path / "game.json"
        keys = "1\n" * 20
        code, out, err = play("-p", "2", "--seed", "4", "--record", str(path), keys=keys)
        assert code == 1
        assert "Traceback" not in out + err
        assert err.count("\n") == 1
        assert err.startswith("terra play: error: the game stopped on an unexpected error")
        assert "RuntimeError: the bot fell over at test_play.py:" in err
        assert f"Record written to {path}" in " ".join(out.split())
        record = Record.load(path)
        assert len(record.actions) >= 2 and record.result is None
        assert len(terra.replay(record).history) == len(record.actions)

    def test_ctrl_c_in_the_middle_of_an_action_waits_for_its_end(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        apply = AfricanaState.apply
        applied = 0

        def interrupted_on_the_third_action(state: AfricanaState, action: int) -> None:
            nonlocal applied
            applied += 1
            if applied == 3:
                os.kill(os.getpid(), signal.SIGINT)
            apply(state, action)

        monkeypatch.setattr(AfricanaState, "apply", interrupted_on_the_third_action)
        state = terra.game("africana").new(2, 6)
        path = tmp_path / "game.json"
        table, out = session(state, Keyboard(["1"] * 5), record=path)
        assert table.play() == INTERRUPTED
        assert "Interrupted: game stopped after 3 actions." in out.getvalue()
        monkeypatch.undo()
        assert terra.replay(Record.load(path)) == state

    def test_a_record_that_cannot_be_written_at_the_end_goes_to_a_temporary_file(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
        folder = tmp_path / "games"
        folder.mkdir()
        keys = Keyboard(["draw", "quit"])

        def folder_removed_during_the_game(prompt: str) -> str:
            if folder.exists():  # the record saved at the start with it
                shutil.rmtree(folder)
            return keys(prompt)

        state = terra.game("africana").new(2, 3)
        console, _ = screen()
        errors, err = screen()
        table = Session(
            state,
            (0,),
            {1: make_bot("random", 1)},
            console=console,
            errors=errors,
            read=folder_removed_during_the_game,
            record=folder / "game.json",
        )
        assert table.play() == 1
        message = " ".join(err.getvalue().split())
        # Said once while it played (saving as it goes), and at the end:
        assert message.startswith("terra play: error: cannot save the game as it goes")
        assert f"terra play: error: cannot write the record {folder}" in message
        (rescued,) = tmp_path.glob("terra-record-*.json")
        assert f"it is in {rescued} instead" in message
        assert Record.load(rescued).actions[0] == "draw"

    def test_a_closed_output_stops_the_game_and_keeps_its_record(self, tmp_path: Path) -> None:
        """``terra play ... | head -1``: the screen cannot be written, the record still is."""
        path = tmp_path / "game.json"
        command = "from terra.cli.main import main; main()"
        args = ["play", "africana", "--seed", "1", "--record", str(path)]
        run = subprocess.Popen(
            [sys.executable, "-c", command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert run.stdout is not None and run.stdin is not None
        run.stdout.readline()
        run.stdout.close()  # the reader goes away
        _, err = run.communicate("draw\n" * 50, timeout=60)
        assert run.returncode == 1
        assert err.startswith("terra play: error: the output was closed: game stopped after ")
        assert err.count("\n") == 1
        assert len(terra.replay(Record.load(path)).history) == len(Record.load(path).actions)

    def test_a_second_ctrl_c_while_the_game_stops_still_gets_the_record_written(
        self, tmp_path: Path
    ) -> None:
        class ImpatientScreen(io.StringIO):
            """Ctrl-C again while "Interrupted: ..." is being written."""

            def write(self, text: str) -> int:
                if "Interrupted" in text:
                    os.kill(os.getpid(), signal.SIGINT)
                return super().write(text)

        def first_ctrl_c(prompt: str) -> str:
            os.kill(os.getpid(), signal.SIGINT)
            return "draw"

        path = tmp_path / "game.json"
        console = Console(file=ImpatientScreen(), width=100)
        state = terra.game("africana").new(2, 1)
        bots = {1: make_bot("random", 1)}
        table = Session(state, (0,), bots, console=console, read=first_ctrl_c, record=path)
        assert table.play() == INTERRUPTED
        assert Record.load(path).actions == ()

    def test_quit_writes_a_record_that_replays(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        code, out, _ = play("--seed", "8", "--record", str(path), keys="move\ndone\ndraw\nquit\n")
        assert code == 0
        assert f"Record written to {path}" in " ".join(out.split())
        record = Record.load(path)
        assert record.actions[:2] == ("move", "done")
        assert record.result is None
        replayed = terra.replay(record)
        assert [replayed.action_str(a) for a in replayed.history] == list(record.actions)

    def test_the_same_seed_gives_the_same_game(self, tmp_path: Path) -> None:
        records = []
        for name in ("a.json", "b.json"):
            play("--seed", "21", "--record", str(tmp_path / name), keys="draw\ndraw\nquit\n")
            records.append(json.loads((tmp_path / name).read_text()))
        assert records[0] == records[1]

    def test_hot_seat_hands_the_keyboard_over(self) -> None:
        code, out, _ = play(
            "--players", "2", "--seats", "0,1", "--seed", "2", keys="\ndraw\n\ndraw\n\nquit\n"
        )
        assert code == 0
        assert "Pass the keyboard to seat 0" in out and "Pass the keyboard to seat 1" in out
        assert "Game stopped after 2 actions." in out


class TestBotsAsInSimulate:
    def test_the_bots_play_as_they_do_in_terra_simulate(self, tmp_path: Path) -> None:
        """Seat 0 makes the moves terra simulate's bot made; the bots in seats 1 and 2 then
        answer as they did there, because both commands seed a seat's bot alike."""
        args = ["simulate", "africana", "-p", "3", "-n", "1", "--seed", "5", "--bots", "random"]
        result = runner.invoke(app, [*args, "--record-dir", str(tmp_path / "sim"), "--json"])
        assert result.exit_code == 0, result.output
        (simulated,) = (tmp_path / "sim").glob("*.json")
        actions = Record.load(simulated).actions
        state = terra.game("africana").new(3, 5)
        keys = []
        for text in actions[:80]:
            if state.current_player == 0:
                keys.append(text)
            state.play(text)
        path = tmp_path / "played.json"
        code, _, err = play(
            "-p", "3", "--seed", "5", "--record", str(path), keys="\n".join([*keys, "quit"])
        )
        assert code == 0, err
        played = Record.load(path).actions
        assert len(played) >= 80
        assert played == actions[: len(played)]


class TestLanguage:
    def test_the_log_reads_in_the_language_asked_for(self) -> None:
        """Issue 11: ``--language de`` words the log in German, ``nl`` in Dutch."""
        moves = "draw\nquit"
        code, out, err = play("-p", "2", "--seed", "3", "--language", "de", keys=moves)
        assert code == 0, err
        assert "Weiß zieht 2 Reisekarten" in out and "draws" not in out
        code, out, err = play("-p", "2", "--seed", "3", "--language", "nl", keys=moves)
        assert code == 0, err
        assert "Wit trekt 2 reiskaarten" in out


class TestBadOptions:
    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--players", "7"], "error: Africana is for 2-4 players, not 7"),
            (["--players", "0"], "error: Africana is for 2-4 players, not 0"),
            (["--seats", "3"], "there is no seat 3 in a 3-player game"),
            (["--seats", "0,x"], "'x' is not a seat number"),
            (["--seats", "1,1"], "seat 1 is listed twice"),
            (["--seats", ""], "name at least one seat"),
            (["--bots", "clever"], "no bot called 'clever'"),
            (["--bots", ","], "name at least one bot"),
            (["--data", "/nonexistent/terra"], "is not a directory"),
            (["--record", "/nonexistent/dir/game.json"], "does not exist"),
            (["--language", "fr"], "--lang: no language 'fr' (known: en, de, nl)"),
        ],
    )
    def test_exit_2_with_one_line(self, args: list[str], message: str) -> None:
        code, out, err = play(*args)
        assert code == 2
        assert message in err
        assert err.count("\n") == 1 and err.startswith("terra play: error: ")
        assert out == ""

    def test_a_record_path_that_cannot_be_written_is_refused_before_the_game(
        self, tmp_path: Path
    ) -> None:
        (tmp_path / "notes.txt").write_text("not a folder", encoding="utf-8")
        cases = [
            (tmp_path, "is a directory; give the name of a file"),
            (tmp_path / "notes.txt" / "game.json", "notes.txt is not a directory"),
            (tmp_path / ("x" * 300 + ".json"), "File name too long"),
        ]
        if Path("/proc/1").is_dir():  # refused even to root
            cases.append((Path("/proc/1/game.json"), "cannot write /proc/1/game.json"))
        for path, message in cases:
            code, out, err = play("--record", str(path), keys="1\n")
            assert code == 2, path
            assert message in err
            assert err.count("\n") == 1 and err.startswith("terra play: error: --record: ")
            assert out == ""
            assert len(err) < 400
        assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]

    @pytest.mark.parametrize(
        "args",
        [
            ["--seats", "0," + "x" * 100_000],
            ["--bots", "x" * 100_000],
            ["-o", "x" * 100_000 + "=1"],
            ["--record", "/" + "x" * 100_000],
        ],
    )
    def test_a_long_bad_value_is_quoted_as_a_short_prefix(self, args: list[str]) -> None:
        code, out, err = play(*args)
        assert code == 2
        assert err.startswith("terra play: error: ") and err.count("\n") == 1
        assert "xxxxxxxxxx" in err and "characters)" in err
        assert len(err) < 600
        assert out == ""

    def test_unknown_game(self) -> None:
        result = runner.invoke(app, ["play", "monopoly"])
        assert result.exit_code == 2
        assert "no game 'monopoly'" in result.stderr

    def test_unreadable_data(self, tmp_path: Path) -> None:
        shipped = files("terra.games.africana") / "data" / "cards.toml"
        (tmp_path / "cards.toml").write_text(shipped.read_text("utf-8"), encoding="utf-8")
        (tmp_path / "board.toml").write_text("this is = not [ toml", encoding="utf-8")
        code, _, err = play("--data", str(tmp_path))
        assert code == 2
        assert "board.toml: not valid TOML" in err and err.count("\n") == 1


class TestUndoAndResume:
    """``undo`` by the browser's rule, the game saved as it goes, ``--resume``."""

    def test_undo_takes_back_the_move_and_the_bots_answer(self) -> None:
        state = terra.game("africa").new(2, 4)
        first = state.legal_action_strs()[0]
        table, out = session(state, Keyboard([first, "undo", "undo", "quit"]), bots="greedy")
        table.play()
        text = " ".join(out.getvalue().split())
        assert "Took back 2 actions." in text  # the person's and the bot's answer
        assert "Not allowed: you have made no move yet" in text  # the second undo
        assert table.state.history == []

    def test_undo_never_goes_back_past_a_card_drawn(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        code, out, err = play(
            "-p", "2", "--seed", "8", "--record", str(path), keys="move\ndone\ndraw\nundo\nquit\n"
        )
        assert code == 0, err
        text = " ".join(out.split())
        assert "an undo never goes back past that" in text
        assert Record.load(path).actions[:3] == ("move", "done", "draw")

    def test_the_game_is_saved_as_it_goes_and_resumed_where_it_stopped(
        self, tmp_path: Path
    ) -> None:
        path = tmp_path / "game.json"
        keys = iter(["move", "done", "quit"])
        saved: list[tuple[str, ...]] = []  # the record on disk at each prompt

        def person(prompt: str) -> str:
            saved.append(Record.load(path).actions if path.exists() else ())
            return next(keys)

        state = terra.game("africana").new(2, 8)
        table, _ = session(state, person, record=path)
        table.play()
        assert saved[0] == ()
        assert saved[1] == ("move",)  # saved before the next prompt
        assert saved[2][0:2] == ("move", "done")  # and the bots' moves after it
        stopped = Record.load(path)
        code, _, err = play("--resume", str(path), keys="draw\nquit\n")
        assert code == 0, err
        resumed = Record.load(path)
        assert resumed.actions[: len(stopped.actions)] == stopped.actions
        assert resumed.actions[len(stopped.actions)] == "draw"
        assert resumed.meta["seats"] == stopped.meta["seats"]

    @pytest.mark.parametrize(
        ("content", "words"),
        [
            ("not json", "--resume:"),
            (
                '{"game": "atlantis", "players": 2, "seed": 1, "actions": [], "options": {}}',
                "--resume:",
            ),
        ],
    )
    def test_a_record_that_cannot_be_resumed_is_refused_in_one_line(
        self, tmp_path: Path, content: str, words: str
    ) -> None:
        path = tmp_path / "game.json"
        path.write_text(content)
        code, out, err = play("--resume", str(path))
        assert code == 2
        assert err.startswith("terra play: error: " + words) and err.count("\n") == 1
        assert "Traceback" not in out + err

    def test_a_finished_game_is_not_resumed(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        state = terra.game("africana").new(2, 3)
        rng = random.Random(3)
        while not state.is_over:
            state.play(rng.choice(state.legal_actions()))
        state.record().save(path)
        code, _, err = play("--resume", str(path))
        assert code == 2 and "is over; watch it with terra replay" in err
