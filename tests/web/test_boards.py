"""Every game's browser board, in a real browser: whole games played by clicks on the board.

Python keeps the game; the board draws seat 0's view, and seat 0 plays by clicking one of the
board's targets (chosen at random, seeded) whenever there is one, except that now and then
(``LIST_SHARE``) it picks from the whole legal list instead, as a player uses the page's list
for "done": without it a player clicking only the board could buy and leave goods for ever.
A pick from the list that the board also marks is clicked on the board too. Seat 1 is the
random bot. At every decision of seat 0 each target must name a legal action, and a click
must hand exactly that action to ``ctx.play``.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import terra
from terra.ai.bots import make_bot
from terra.core.state import GameState
from terra.server.protocol import legal_moves
from tests.web.board_page import BoardPage

GAMES = [game.id for game in terra.games()]
BOARDS = [game.id for game in terra.games() if game.web_board() is not None]
# Decisions of seat 0 at which the board is photographed, besides the end of the game.
SNAPSHOTS = (1, 12, 60, 240)
# The least share of seat 0's decisions made on the board, in each game (see the report of
# each run: python -m pytest tests/web -s -k whole_game).
CLICK_SHARE = 0.5
LIST_SHARE = 0.2
# Actions into a game between greedy players at which its board is drawn and photographed.
GREEDY_SNAPSHOTS = (60, 200, 600, 1200, 1800)
# Source of the Nile's own option for a shorter game (decision N100): its default of 200
# rounds makes some 2,500 decisions of seat 0 between random players.
OPTIONS: dict[str, dict[str, Any]] = {"nile": {"turn_limit": 30}}


def as_json(data: Any) -> Any:
    """``data`` as the page receives it: through JSON."""
    return json.loads(json.dumps(data))


def moves_of(state: GameState) -> list[dict[str, Any]]:
    """The legal moves as the page receives them: as data, through JSON."""
    moves: list[dict[str, Any]] = as_json(legal_moves(state))
    return moves


def texts_of(moves: list[dict[str, Any]]) -> list[str]:
    return [move["text"] for move in moves]


def layout_of(state: GameState) -> dict[str, Any]:
    layout: dict[str, Any] = as_json(state.game.board_layout(state))
    return layout


def test_every_game_ships_a_board() -> None:
    """Issue 11: a board for every game, which the server serves at /boards/<id>.js."""
    assert BOARDS == GAMES


@pytest.mark.parametrize("game_id", BOARDS)
def test_layout_holds_nothing_hidden(game_id: str, tmp_path: Path) -> None:
    """The layout depends on the component data alone: a game dealt from another seed, at
    another player count, further on and with its own copy of the data files (so nothing is
    shared with the first) gets the same one."""
    game = terra.game(game_id)
    shipped = resources.files(f"terra.games.{game_id}") / "data"
    copied = tmp_path / "data"
    copied.mkdir()
    for item in shipped.iterdir():
        if item.name.endswith(".toml"):
            (copied / item.name).write_bytes(item.read_bytes())
    first = game.new(players=2, seed=1)
    other = game.new(players=game.max_players, seed=99, options={"data": str(copied)})
    assert other.data is not first.data
    rng = random.Random(3)
    for _ in range(200):
        if other.is_over:
            break
        other.apply(rng.choice(other.legal_actions()))
    layout = layout_of(first)
    assert layout, f"{game_id} has no board layout"
    assert layout == layout_of(other)


# Every board, and Source of the Nile's Game II on its board (27.0-41.0).
CLICKED = [(game_id, game_id, OPTIONS.get(game_id, {})) for game_id in BOARDS]
CLICKED.append(("nile-game2", "nile", {"game": 2, "turns": 20}))


@pytest.mark.parametrize(("label", "game_id", "options"), CLICKED, ids=[c[0] for c in CLICKED])
def test_whole_game_by_clicks(
    label: str, game_id: str, options: dict[str, Any], board_page: BoardPage
) -> None:
    """A whole two-player game; seat 0 clicks the board, seat 1 is the random bot."""
    seed = 11
    state = terra.game(game_id).new(players=2, seed=seed, options=options)
    board_page.load(game_id, layout_of(state))
    bot = make_bot("random", seed)
    rng = random.Random(seed)
    decisions = clicks = 0
    while not state.is_over:
        if state.current_player != 0:
            state.apply(bot.choose(state))
            continue
        moves = moves_of(state)
        legal = texts_of(moves)
        targets = board_page.show(as_json(state.view(0)), moves, 0)
        decisions += 1
        stray = sorted(set(targets) - set(legal))
        assert not stray, f"targets for moves that are not legal: {stray}"
        if decisions in SNAPSHOTS:
            board_page.screenshot(f"{label}-{decisions:04d}")
        choice, picked = -1, ""
        if targets and rng.random() >= LIST_SHARE:
            choice = rng.randrange(len(targets))
        else:
            picked = rng.choice(legal)
            choice = targets.index(picked) if picked in targets else -1
        if choice >= 0:
            played = board_page.click(choice)
            assert played == [targets[choice]]
            state.play(played[0], seat=0)
            clicks += 1
        else:
            state.play(picked, seat=0)
    board_page.show(as_json(state.view(0)), [], 0)
    board_page.screenshot(f"{label}-end")
    if options.get("game") == 2:  # 30.0: the board says how Game II is won, not a target
        words = board_page.page.inner_text("body")
        assert "most VP after turn 20" in words and "VP to win" not in words
    share = clicks / decisions
    print(f"{label}: {clicks} of {decisions} decisions of seat 0 made on the board ({share:.0%})")
    assert share >= CLICK_SHARE


@pytest.mark.parametrize("game_id", BOARDS)
def test_spectator_and_waiting_seat_get_no_targets(game_id: str, board_page: BoardPage) -> None:
    """Nothing is clickable for a spectator or for a seat whose turn it is not."""
    state = terra.game(game_id).new(players=2, seed=5)
    board_page.load(game_id, layout_of(state))
    waiting = 1 - (state.current_player or 0)
    assert board_page.show(as_json(state.view(None)), [], None) == []
    assert board_page.show(as_json(state.view(waiting)), [], waiting) == []


@pytest.mark.parametrize("game_id", BOARDS)
def test_fits_a_phone(game_id: str, phone_page: BoardPage) -> None:
    """At 390 px wide the board needs no horizontal scrolling, early and late in a game."""
    state = terra.game(game_id).new(players=2, seed=7)
    phone_page.load(game_id, layout_of(state))
    rng = random.Random(7)
    for moment in range(3):
        seat = state.current_player or 0
        phone_page.show(as_json(state.view(seat)), moves_of(state), seat)
        assert phone_page.fits_width(), f"{game_id} scrolls sideways at moment {moment}"
        phone_page.screenshot(f"{game_id}-phone-{moment}")
        for _ in range(150):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", BOARDS)
def test_positions_of_greedy_play(game_id: str, board_page: BoardPage) -> None:
    """Positions that random play seldom reaches (Source of the Nile's explored interior, a
    full Africana book): the greedy players' game, drawn for each seat along the way, marks
    only legal moves; photographed for a person to look at."""
    state = terra.game(game_id).new(players=2, seed=21)
    board_page.load(game_id, layout_of(state))
    bots = [make_bot("greedy", 21), make_bot("greedy", 22)]
    for step in range(1, 1801):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        if step in GREEDY_SNAPSHOTS:
            moves = moves_of(state)
            targets = board_page.show(as_json(state.view(seat)), moves, seat)
            assert set(targets) <= set(texts_of(moves))
            board_page.screenshot(f"{game_id}-greedy-{step:04d}")
        state.apply(bots[seat].choose(state))
