"""The browser tests' screenshots survive a stalled capture: the compositor is woken and the
capture is tried once more."""

from __future__ import annotations

from pathlib import Path

import pytest

import terra
from tests.web import board_page as module
from tests.web.board_page import BoardPage


def test_a_stalled_capture_is_woken_and_retried(
    board_page: BoardPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first try that cannot finish in time (1 ms) leads to one wake and a second try, which
    saves the picture."""
    state = terra.game("africana").new(players=2, seed=1)
    board_page.load("africana", state.game.board_layout(state))
    board_page.show(state.view(0), [], 0)
    wakes: list[object] = []
    real_wake = module.wake_compositor

    def counted_wake(page: object) -> None:
        wakes.append(page)
        real_wake(board_page.page)

    monkeypatch.setattr(module, "FIRST_TRY", 1)
    monkeypatch.setattr(module, "wake_compositor", counted_wake)
    path = module.whole_page_screenshot(board_page.page, tmp_path / "board.png")
    assert wakes == [board_page.page]
    assert path.read_bytes().startswith(b"\x89PNG")
    assert board_page.page.viewport_size == {"width": 1280, "height": 900}


def test_a_capture_in_time_is_not_retried(
    board_page: BoardPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = terra.game("africana").new(players=2, seed=1)
    board_page.load("africana", state.game.board_layout(state))
    board_page.show(state.view(0), [], 0)
    wakes: list[object] = []
    monkeypatch.setattr(module, "wake_compositor", wakes.append)
    path = module.whole_page_screenshot(board_page.page, tmp_path / "board.png")
    assert wakes == []
    assert path.stat().st_size > 1000
