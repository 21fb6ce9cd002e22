"""Place names on every board, as the browser draws them: no name covers another, and on a
phone no two targets of Expedition's arrows cover each other."""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

import pytest

import terra
from tests.web.board_page import BoardPage
from tests.web.test_boards import BOARDS, as_json, layout_of, moves_of

# The boxes on screen (CSS pixels) of the elements a selector finds, each with a name.
BOXES = """([selector, naming]) => [...document.querySelectorAll(selector)].map((node) => {
  const box = node.getBoundingClientRect();
  const name = naming ? node.closest(`[${naming}]`).getAttribute(naming) : node.textContent;
  return [name, box.left, box.top, box.right, box.bottom];
})"""
ARROW_COLOURS = {"red", "blue", "yellow"}
# Every name drawn bold, as Expedition draws the names of missions: the widest they can be.
ALL_BOLD = """() => document.querySelectorAll("svg text.label")
  .forEach((node) => node.setAttribute("font-weight", "bold"))"""
# Where the names of places are, and the marks of places they must leave clear, per game.
NAMES = "svg text.label"
MARKS = {
    "expedition": ("svg g.point > .hit", "data-place"),
    "nile": ("svg g.ports > rect", "data-port"),
}


def _overlap(a: list[float], b: list[float], slack: float) -> bool:
    """Whether boxes ``[x0, y0, x1, y1]`` share more than ``slack`` units each way."""
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def _circles_meet(a: list[Any], b: list[Any]) -> bool:
    """Whether the circles drawn in boxes ``[name, x0, y0, x1, y1]`` overlap (more than a
    rounding)."""
    ax0, ay0, ax1, ay1 = (float(v) for v in a[1:])
    bx0, by0, bx1, by1 = (float(v) for v in b[1:])
    apart = math.hypot((ax0 + ax1 - bx0 - bx1) / 2, (ay0 + ay1 - by0 - by1) / 2)
    return apart < (ax1 - ax0) / 2 + (bx1 - bx0) / 2 - 0.1


@pytest.mark.parametrize("game_id", BOARDS)
def test_no_place_name_covers_another(game_id: str, board_page: BoardPage) -> None:
    state = terra.game(game_id).new(players=2, seed=3)
    board_page.load(game_id, layout_of(state))
    board_page.show(as_json(state.view(None)), [], None)
    board_page.page.evaluate(ALL_BOLD)
    names = board_page.page.evaluate(BOXES, [NAMES, ""])
    crowded = [(a[0], b[0]) for a, b in combinations(names, 2) if _overlap(a[1:], b[1:], slack=0.5)]
    assert not crowded, f"{game_id}: names that cover each other: {crowded}"


@pytest.mark.parametrize("game_id", sorted(MARKS))
def test_no_place_name_covers_a_place(game_id: str, board_page: BoardPage) -> None:
    state = terra.game(game_id).new(players=2, seed=3)
    board_page.load(game_id, layout_of(state))
    board_page.show(as_json(state.view(None)), [], None)
    board_page.page.evaluate(ALL_BOLD)
    names = board_page.page.evaluate(BOXES, [NAMES, ""])
    marks = board_page.page.evaluate(BOXES, list(MARKS[game_id]))
    covered = [
        (name[0], mark[0])
        for name in names
        for mark in marks
        if _overlap(name[1:], mark[1:], slack=0.5)
    ]
    assert not covered, f"{game_id}: names that cover a place: {covered}"


def test_arrow_targets_do_not_cover_each_other_on_a_phone(phone_page: BoardPage) -> None:
    """Expedition's arrows are chosen by dots on the lines; on a phone no dot may lie on
    another, so each one can be tapped."""
    state = terra.game("expedition").new(players=2, seed=9)
    phone_page.load("expedition", layout_of(state))
    rng = random.Random(9)
    seen = 0
    while not state.is_over and seen < 6:
        moves = moves_of(state)
        if sum(move["text"].split()[0] in ARROW_COLOURS for move in moves) > 3:
            seat = state.current_player
            phone_page.show(as_json(state.view(seat)), moves, seat)
            dots = phone_page.page.evaluate(BOXES, ["svg .arrow-choice", "data-action"])
            stacked = [(a[0], b[0]) for a, b in combinations(dots, 2) if _circles_meet(a, b)]
            assert not stacked, f"arrow targets on top of each other: {stacked}"
            seen += 1
        for _ in range(rng.randrange(1, 12)):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
    assert seen == 6
