"""``terra play`` at a terminal: full screen by default and lines when asked or piped; the
language of the screens, moves and log, and of moves typed; hints in words; every game saved
as it goes unless asked not to."""

from __future__ import annotations

import io
import random
import re
from datetime import datetime
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import terra
from terra.ai.bots import make_bot
from terra.ai.hints import Hint
from terra.cli import play as play_module
from terra.cli.hinting import hint_lines, ranked
from terra.cli.language import Move, Speech, choose_language, environment_language, moves_named
from terra.cli.main import app
from terra.cli.session import Session
from terra.core import Record
from tests.cli.test_play import near_the_end

runner = CliRunner()


class TestFullScreenOrLines:
    """Full screen when input and output are a terminal, else (or with ``--plain``) lines."""

    @pytest.fixture
    def shown(self, monkeypatch: pytest.MonkeyPatch) -> list[str]:
        """How each game was played: ``screen`` or ``lines``, the terminal faked present."""
        ways: list[str] = []

        def full_screen(session: Session, errors: object) -> int:
            ways.append("screen")
            return 0

        def lines(session: Session) -> int:
            ways.append("lines")
            return 0

        monkeypatch.setattr(play_module, "_full_screen", full_screen)
        monkeypatch.setattr(Session, "play", lines)
        return ways

    @pytest.mark.parametrize(
        ("terminal", "args", "way"),
        [
            (True, [], "screen"),
            (True, ["--plain"], "lines"),
            (True, ["--screen"], "screen"),
            (False, [], "lines"),
            (False, ["--screen"], "screen"),
        ],
    )
    def test_the_way_of_playing(
        self,
        monkeypatch: pytest.MonkeyPatch,
        shown: list[str],
        terminal: bool,
        args: list[str],
        way: str,
    ) -> None:
        monkeypatch.setattr(play_module, "at_a_terminal", lambda: terminal)
        result = runner.invoke(app, ["play", "africana", "--seed", "1", *args])
        assert result.exit_code == 0, result.output
        assert shown == [way]

    def test_a_pipe_is_no_terminal(self, shown: list[str]) -> None:
        """The test runner's input and output are buffers, as a pipe's would be."""
        result = runner.invoke(app, ["play", "africana", "--seed", "1"], input="quit\n")
        assert result.exit_code == 0, result.output
        assert shown == ["lines"]


def play(*args: str, keys: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", "africana", "--bots", "random", *args], input=keys)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


class TestLanguages:
    """``--lang``: the screens' words, the moves, the log, and moves typed, in one language."""

    def test_a_move_typed_in_german_is_played(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        keys = "ziehen\nquit\n"
        code, out, err = play(
            "--lang", "de", "-p", "2", "--seed", "3", "--record", str(path), keys=keys
        )
        assert code == 0, err
        assert Record.load(path).actions[0] == "draw"
        text = " ".join(out.split())
        assert "Weiß zieht 2 Reisekarten" in text  # the log
        assert "Reisekarten ziehen" in text  # the moves as the browser's buttons read them
        assert "Deine Züge" in text  # the screens' own words
        assert "Your moves" not in text

    def test_german_words_that_name_several_moves_are_asked_about(self) -> None:
        code, out, err = play("--lang", "de", "-p", "2", "--seed", "3", keys="beginnen\nquit\n")
        assert code == 0, err
        text = " ".join(out.split())
        assert "Nicht erlaubt: 'beginnen'" in text
        assert "Kauf-Aktion beginnen" in text and "Bewegen-Aktion beginnen" in text
        assert "Spiel angehalten nach 0 Aktionen" in text

    def test_the_notation_is_understood_in_every_language(self, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        code, _, err = play(
            "--lang", "nl", "--seed", "3", "--record", str(path), keys="draw\nquit\n"
        )
        assert code == 0, err
        assert Record.load(path).actions[0] == "draw"

    def test_a_refusal_is_said_in_the_language(self) -> None:
        code, out, err = play("--lang", "de", "-p", "2", "--seed", "3", keys="fly\nquit\n")
        assert code == 0, err
        assert "Nicht erlaubt: " in out

    def test_the_environment_picks_dutch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("LANG", "nl_NL.UTF-8")
        code, out, err = play("-p", "2", "--seed", "3", keys="draw\nquit\n")
        assert code == 0, err
        text = " ".join(out.split())
        assert "Wit trekt 2 reiskaarten" in text
        assert "Jouw zetten" in text or "Je zetten" in text

    def test_the_end_of_the_game_in_german(self, tmp_path: Path) -> None:
        state = near_the_end(players=2)
        out = io.StringIO()
        rng = random.Random(1)
        table = Session(
            state,
            (0,),
            {1: make_bot("random", 1)},
            console=Console(file=out, width=200),
            read=lambda _: rng.choice(table.state.legal_action_strs()),
            language="de",
        )
        assert table.play() == 0
        text = out.getvalue()
        assert "Spiel zu Ende" in text and "Endwertung" in text
        assert "Gewonnen hat: " in text or "Gewonnen haben (gemeinsamer Sieg): " in text

    def test_help_and_prompt_in_dutch(self) -> None:
        code, out, err = play("--lang", "nl", "-p", "2", "--seed", "3", keys="help\nquit\n")
        assert code == 0, err
        text = " ".join(out.split())
        assert "plaats 0> " in out and "deze hulp" in text
        assert "Zetten van de soorten die nu voor je openstaan: reiskaarten trekken" in text

    def test_language_is_the_old_name_of_lang(self) -> None:
        code, out, err = play("--language", "de", "-p", "2", "--seed", "3", keys="draw\nquit\n")
        assert code == 0, err
        assert "Weiß zieht 2 Reisekarten" in out

    @pytest.mark.parametrize("asked", ["fr", "english", "x" * 1000])
    def test_an_unknown_language_is_refused_naming_those_spoken(self, asked: str) -> None:
        code, out, err = play("--lang", asked)
        assert code == 2 and out == ""
        assert err.startswith("terra play: error: --lang: no language ")
        assert "(known: en, de, nl)" in err and err.count("\n") == 1 and len(err) < 200

    @pytest.mark.parametrize(
        ("environment", "language"),
        [
            ({"LANG": "de_DE.UTF-8"}, "de"),
            ({"LANG": "nl_BE"}, "nl"),
            ({"LANG": "fr_FR.UTF-8"}, "en"),
            ({"LANG": "C"}, "en"),
            ({}, "en"),
            ({"LANG": "de_DE.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
            ({"LANG": "nl_NL", "LC_MESSAGES": "de_AT.UTF-8@euro"}, "de"),
            ({"LC_ALL": "", "LANG": "de_CH"}, "de"),
        ],
    )
    def test_the_language_of_the_environment(
        self, environment: dict[str, str], language: str
    ) -> None:
        assert environment_language(environment) == language
        assert choose_language(None, environment) == language
        assert choose_language("NL", environment) == "nl"


class TestMovesNamed:
    MOVES = (
        Move(0, "draw", "Reisekarten ziehen"),
        Move(1, "buy", "Kauf-Aktion beginnen"),
        Move(2, "move", "Bewegen-Aktion beginnen"),
        Move(3, "go Cairo: grey", "reisen nach Kairo: Anthrazit"),
    )

    @pytest.mark.parametrize(
        ("typed", "named"),
        [
            ("Reisekarten ziehen", [0]),
            ("ziehen", [0]),
            ("zie", [0]),
            ("KAUF-Aktion", [1]),
            ("beginnen", [1, 2]),
            ("reisen nach kairo anthrazit", [3]),
            ("go cairo grey", [3]),
            ("kairo", [3]),
            ("fliegen", []),
            ("", []),
            (": ,", []),
        ],
    )
    def test_words_name_the_moves_they_begin_words_of(self, typed: str, named: list[int]) -> None:
        assert [move.action for move in moves_named(typed, self.MOVES)] == named


class TestHintsInWords:
    @staticmethod
    def hint(text: str, value: float, share: float = 0.3) -> Hint:
        return Hint(0, text, share, value, 1.0, 0.5, None)

    def test_each_move_gets_a_word_by_how_much_less_than_the_best_it_brings(self) -> None:
        found = [
            self.hint("weak", 0.15),
            self.hint("best", 0.3, share=0.1),
            self.hint("poor", -0.5),
            self.hint("close", 0.26),
            self.hint("also best", 0.29),
        ]
        said = [(hint.text, word) for hint, word in ranked(found)]
        assert said == [
            ("best", "best"),
            ("also best", "best"),
            ("close", "nearly as good"),
            ("weak", "weaker"),
            ("poor", "poor"),
        ]

    def test_hint_says_the_words_in_order_with_the_figures(self) -> None:
        state = terra.game("africa").new(2, 4)
        console_out = io.StringIO()
        console = Console(file=console_out, width=200)
        keys = iter(["hint", "quit"])
        table = Session(
            state, (0,), {1: make_bot("random", 1)}, console=console, read=lambda _: next(keys)
        )
        table.play()
        lines = [
            line
            for line in console_out.getvalue().splitlines()
            if line[:3] in ("1. ", "2. ", "3. ")
        ]
        assert lines, console_out.getvalue()
        assert ": best (expected " in lines[0]
        words = [
            re.search(r": (best|nearly as good|weaker|poor) \(expected [+-]\d\.\d\d\)", line)
            for line in lines
        ]
        assert all(words), lines
        order = ["best", "nearly as good", "weaker", "poor"]
        ranks = [order.index(found[1]) for found in words if found]
        assert ranks == sorted(ranks)
        assert all("% of the search" in line for line in lines)

    def test_hint_in_german(self) -> None:
        speech = Speech("de")
        state = terra.game("africana").new(2, 3)
        lines = hint_lines(state, speech)
        assert lines and "beste" in lines[0].casefold()


class TestSavedAsItGoes:
    """Without ``--record`` a game is saved in the user's data folder; ``--no-save`` not."""

    @staticmethod
    def saved(data_home: Path) -> list[Path]:
        return sorted((data_home / "terra-incognita" / "games").glob("*.json"))

    def test_a_game_is_saved_in_the_data_folder_and_said_where(self, data_home: Path) -> None:
        code, out, err = play("-p", "2", "--seed", "3", keys="draw\nquit\n")
        assert code == 0, err
        (path,) = self.saved(data_home)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{6}-africana\.json", path.name)
        assert Record.load(path).actions[0] == "draw"
        lines = " ".join(out.split())
        start = f"Saved as it goes: {path}; go on with: terra play --resume {path}"
        assert lines.startswith(start)
        assert f"Record written to {path}" in lines
        assert lines.endswith(f"Go on with it later: terra play --resume {path}")
        code, out, err = play("--resume", str(path), keys="quit\n")
        assert code == 0, err
        assert self.saved(data_home) == [path]  # the resumed game saved where it was

    def test_two_games_in_the_same_second_get_a_file_each(
        self, data_home: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        when = datetime(2026, 11, 29, 7, 15, 3)
        first = play_module.saved_games_path("nile", when)
        first.write_text("{}", encoding="utf-8")
        second = play_module.saved_games_path("nile", when)
        assert (first.name, second.name) == (
            "2026-11-29-071503-nile.json",
            "2026-11-29-071503-nile-2.json",
        )

    def test_no_save_writes_nothing(self, data_home: Path) -> None:
        code, out, err = play("-p", "2", "--seed", "3", "--no-save", keys="draw\nquit\n")
        assert code == 0, err
        assert not (data_home / "terra-incognita").exists()
        assert "Saved as it goes" not in out and "Record written" not in out

    def test_a_finished_game_says_where_its_record_is(self, data_home: Path) -> None:
        state = near_the_end(players=2)
        path = play_module.saved_games_path("africana")
        console_out = io.StringIO()
        bots = {seat: make_bot("random", seat) for seat in (0, 1)}
        del bots[0]
        rng = random.Random(1)
        table = Session(
            state,
            (0,),
            bots,
            console=Console(file=console_out, width=300),
            read=lambda _: rng.choice(table.state.legal_action_strs()),
            record=path,
        )
        assert table.play() == 0
        text = console_out.getvalue()
        assert f"Record written to {path}" in text and "Go on with it later" not in text
        assert terra.replay(Record.load(path)).is_over

    def test_a_game_resumed_with_no_save_leaves_its_record_as_it_was(self, data_home: Path) -> None:
        code, _, err = play("-p", "2", "--seed", "3", keys="draw\nquit\n")
        assert code == 0, err
        (path,) = self.saved(data_home)
        before = path.read_text(encoding="utf-8")
        code, out, err = play("--resume", str(path), "--no-save", keys="draw\nquit\n")
        assert code == 0, err
        assert "Game stopped after" in out and "Saved as it goes" not in out
        assert path.read_text(encoding="utf-8") == before

    def test_no_save_and_record_together_are_refused(self, tmp_path: Path) -> None:
        code, out, err = play("--no-save", "--record", str(tmp_path / "game.json"))
        assert code == 2 and out == ""
        assert "--no-save: a game with --record is saved" in err

    def test_a_data_folder_that_cannot_be_made_is_said(
        self, data_home: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        blocked = data_home / "a-file"
        blocked.write_text("not a folder", encoding="utf-8")
        monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
        code, out, err = play("-p", "2", keys="quit\n")
        assert code == 2 and out == ""
        assert err.startswith("terra play: error: cannot make the folder ")
        assert "--no-save" in err and err.count("\n") == 1
        assert blocked.read_text(encoding="utf-8") == "not a folder"
