"""The browser tests' screenshots survive a stalled capture: the compositor is woken and the
capture is tried once more."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import terra
from tests.web import board_page as module
from tests.web.board_page import BoardPage
from tests.web.test_boards import as_json, layout_of

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture
def africana(board_page: BoardPage) -> BoardPage:
    """The harness page showing the first position of a two-player Africana game."""
    state = terra.game("africana").new(players=2, seed=1)
    board_page.load("africana", layout_of(state))
    board_page.show(as_json(state.view(0)), [], 0)
    return board_page


def test_a_stalled_capture_is_woken_and_retried(
    africana: BoardPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first try that cannot finish in time (1 ms) leads to one wake and a second try, which
    saves the picture."""
    wakes: list[Page] = []
    real_wake = module.wake_compositor

    def counted_wake(page: Page) -> None:
        wakes.append(page)
        real_wake(page)

    monkeypatch.setattr(module, "FIRST_TRY", 1)
    monkeypatch.setattr(module, "wake_compositor", counted_wake)
    path = module.whole_page_screenshot(africana.page, tmp_path / "board.png")
    assert wakes == [africana.page]
    assert path.read_bytes().startswith(b"\x89PNG")
    assert africana.page.viewport_size == {"width": 1280, "height": 900}


def test_a_capture_in_time_is_not_retried(
    africana: BoardPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wakes: list[Page] = []
    monkeypatch.setattr(module, "wake_compositor", wakes.append)
    path = module.whole_page_screenshot(africana.page, tmp_path / "board.png")
    assert wakes == []
    assert path.stat().st_size > 1000
