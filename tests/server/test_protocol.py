"""The seat to act is sent its legal moves as data: kind, arguments and place, so that a board
never reads the notation (docs/web.md, "Protocol")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import terra
from terra.server import protocol

GAMES = [game.id for game in terra.games()]


def _places_of(layout: dict[str, Any]) -> set[str]:
    """Every key and every string the board's layout holds: the names a board finds places by."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(str(key) for key in value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    walk(layout)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_moves_come_as_data(game_id: str) -> None:
    """Every legal move sent carries its int, its text, the name of its kind, its arguments
    and its place, the same as the state says, and survives JSON unchanged."""
    state = terra.game(game_id).new(players=2, seed=3)
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(150):
        if state.is_over:
            break
        seat = state.current_player
        update = protocol.update(state, 0, seat, 0)
        moves = update["legal"]
        assert [move["action"] for move in moves] == list(state.legal_actions())
        for move in moves:
            action = move["action"]
            assert set(move) == {"action", "text", "kind", "args", "place", "help", "rule", "label"}
            assert move["label"] == move["text"]  # English buttons read the notation
            assert move["text"] == state.action_str(action)
            assert move["args"] == list(state.tables.args[action])
            assert all(isinstance(arg, int) for arg in move["args"])
            assert isinstance(move["kind"], str) and move["kind"]
            assert move["place"] is None or isinstance(move["place"], str)
            assert move["rule"].startswith(state.game.title + ", ")
            assert move["help"] == state.game.guide("en").moves[move["kind"]]
            kinds.add(move["kind"])
        assert json.loads(protocol.encode(update))["legal"] == moves
        state.apply(rng.choice(state.legal_actions()))
    assert kinds


@pytest.mark.parametrize("game_id", ["africa", "expedition", "nile"])
def test_a_first_move_at_a_spot_names_it(game_id: str) -> None:
    """The first decision of these games is a spot on the map (a start city, a site to mark, a
    hex for a discovery counter): every move there has a place, a name the layout holds."""
    state = terra.game(game_id).new(players=2, seed=3)
    layout = state.game.board_layout(state)
    assert layout is not None
    names = _places_of(layout)
    moves = protocol.legal_moves(state)
    assert moves
    for move in moves:
        assert move["place"] in names, move


@pytest.mark.parametrize("language", ["de", "nl"])
def test_a_moves_help_is_in_the_pages_language(language: str) -> None:
    """Each offered move says what it does in the page's language, from the game's guide."""
    state = terra.game("africa").new(players=2, seed=3)
    seat = state.current_player
    english = protocol.update(state, 0, seat, 0)["legal"]
    other = protocol.update(state, 0, seat, 0, language)["legal"]
    assert [m["text"] for m in other] == [m["text"] for m in english]
    for move in other:
        assert move["help"] == state.game.guide(language).moves[move["kind"]]
        assert move["help"] != state.game.guide("en").moves[move["kind"]]


def test_a_spectator_and_a_waiting_seat_get_no_moves() -> None:
    state = terra.game("africana").new(players=2, seed=3)
    waiting = 1 - (state.current_player or 0)
    assert "legal" not in protocol.update(state, 0, None, 0)
    assert "legal" not in protocol.update(state, 0, waiting, 0)


@pytest.mark.parametrize(("game_id", "named"), [("africa", "Ann (Red)"), ("expedition", "Ann")])
def test_the_log_names_a_player_by_name_with_the_games_colour(game_id: str, named: str) -> None:
    """One name per person (issue 45): the name given, with the game's colour beside it where
    the game gives its seats one, and the seats' words sent along for the page's list."""
    state = terra.game(game_id).new(players=2, seed=3)
    rng = random.Random(3)
    while not any(e["args"].get("player") == 0 for e in state.log(0, 0)):
        state.apply(rng.choice(state.legal_actions()))
    update = protocol.update(state, 0, 0, 0, names=["Ann", "Bob"])
    texts = [
        t
        for e, t in zip(update["log"], update["log_text"], strict=True)
        if e["args"].get("player") == 0
    ]
    assert texts and all(named in text for text in texts)
    assert not any(named in t for t in protocol.update(state, 0, 0, 0)["log_text"])
    assert update["seat_words"] == state.game.seat_words(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_update_tells_a_seat_nothing_it_cannot_see(game_id: str) -> None:
    """A seat's whole update (view, log in words, names, seat words, its moves with their
    help, labels and rules) is the same when what it cannot see is redealt."""
    state = terra.game(game_id).new(players=2, seed=6)
    rng = random.Random(6)
    names = ["Ann", "Bob"]
    checked = 0
    for step in range(160):
        if state.is_over:
            break
        if step % 8 == 0:
            for seat in (0, 1):
                since = max(0, state.log_size - 3)
                told = protocol.update(state, step, seat, since, "de", names=names)
                for _ in range(2):
                    world = state.sample_hidden(seat, rng)
                    assert protocol.update(world, step, seat, since, "de", names=names) == told
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 4
