"""``terra play`` at a terminal: full screen by default and lines when asked or piped."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from terra.cli import play as play_module
from terra.cli.main import app
from terra.cli.session import Session

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
