"""Every board target can be hit by a finger (WCAG 2.2, 2.5.8 "Target Size (Minimum)"), at
desktop and phone width, at positions along a greedy game: a target is at least 24 by 24 CSS
pixels, or a circle of 24 px drawn on its centre meets no other target and no other small
target's circle (the criterion's spacing exception)."""

from __future__ import annotations

import math
from typing import Any

import pytest

import terra
from terra.ai.bots import make_bot
from tests.web.board_page import BoardPage
from tests.web.test_boards import BOARDS, as_json, layout_of, moves_of

MINIMUM = 24.0  # CSS px
# Moves of the greedy game after which the board is drawn for the seat to act.
MOMENTS = (0, 6, 30, 90, 200)

# Each target's box on screen (CSS px), with its action text.
TARGET_BOXES = """() => [...document.querySelectorAll("svg .target")].map((node) => {
  const box = node.getBoundingClientRect();
  return [node.getAttribute("data-action"), box.left, box.top, box.right, box.bottom];
})"""


def _box_meets_circle(box: list[float], cx: float, cy: float, r: float) -> bool:
    nx = min(max(cx, box[0]), box[2])
    ny = min(max(cy, box[1]), box[3])
    return math.hypot(nx - cx, ny - cy) < r - 0.01


def too_small(boxes: list[list[Any]]) -> list[str]:
    """The targets that fail 2.5.8: under 24x24 and not spaced (WCAG's spacing exception)."""
    small = [b for b in boxes if b[3] - b[1] < MINIMUM - 0.01 or b[4] - b[2] < MINIMUM - 0.01]
    centres = {id(b): ((b[1] + b[3]) / 2, (b[2] + b[4]) / 2) for b in small}
    failing = []
    r = MINIMUM / 2
    for box in small:
        cx, cy = centres[id(box)]
        for other in boxes:
            if other is box:
                continue
            if _box_meets_circle([float(v) for v in other[1:]], cx, cy, r):
                failing.append(f"{box[0]!r} ({box[3] - box[1]:.0f}x{box[4] - box[2]:.0f} px)")
                break
            if id(other) in centres:
                ox, oy = centres[id(other)]
                if math.hypot(ox - cx, oy - cy) < 2 * r - 0.01:
                    failing.append(f"{box[0]!r} ({box[3] - box[1]:.0f}x{box[4] - box[2]:.0f} px)")
                    break
    return failing


def _check(page: BoardPage, game_id: str, width: str) -> None:
    state = terra.game(game_id).new(players=3 if game_id != "africana" else 2, seed=21)
    page.load(game_id, layout_of(state))
    bot = make_bot("greedy", 21)
    played = 0
    failures: list[str] = []
    for moment in MOMENTS:
        while played < moment and not state.is_over:
            state.apply(bot.choose(state))
            played += 1
        if state.is_over:
            break
        seat = state.current_player
        page.show(as_json(state.view(seat)), moves_of(state), seat)
        boxes = page.page.evaluate(TARGET_BOXES)
        failing = too_small(boxes)
        if failing:
            failures.append(f"after {played} moves: {', '.join(failing[:6])} ({len(failing)})")
    assert not failures, f"{game_id} at {width}: targets too small to hit: " + "; ".join(failures)


@pytest.mark.parametrize("game_id", BOARDS)
def test_every_target_is_big_enough_on_a_desktop(game_id: str, board_page: BoardPage) -> None:
    _check(board_page, game_id, "1280 px")


@pytest.mark.parametrize("game_id", BOARDS)
def test_every_target_is_big_enough_on_a_phone(game_id: str, phone_page: BoardPage) -> None:
    _check(phone_page, game_id, "390 px")
