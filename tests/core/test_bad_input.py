"""Bad input through the API, for every registered game: a clear error, nothing changed.

Seats, seeds, options and actions of the wrong kind; input of any size; views and samples for
seats that do not exist; any number and any text, anywhere in a game (fuzzed). Every error is a
``TerraError`` that says what is wrong, quotes at most a short prefix of what it was given, and
leaves the state as it was. Each game's own tests check the wording and the rule of its own
refusals.
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terra
from terra.core import (
    IllegalAction,
    NotationError,
    OptionError,
    SeatError,
    TerraError,
    UnknownGame,
)
from terra.core.errors import QUOTE_LIMIT, quote
from terra.core.state import GameState
from tests.refusals import refused
from tests.walks import judged_positions, random_actions, two_seats

GAMES = [game.id for game in terra.games()]
LONGEST_MESSAGE = 2_000  # any message: the game's notation help is the longest part
FUZZ = settings(max_examples=200, deadline=None)  # per game


def started(game_id: str, seed: int = 3, steps: int = 30) -> GameState:
    """A two-seat game some random steps in (every game has had a few turns)."""
    game = terra.game(game_id)
    state = game.new(max(2, game.min_players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
class TestSeats:
    @pytest.mark.parametrize("seat", [-1, 99, 1.0, True, "0", None])
    def test_a_view_or_a_sample_is_for_a_seat_of_the_game(self, game_id: str, seat: Any) -> None:
        """Views are the security boundary: ``view(-1)`` must not be the last seat's."""
        state = started(game_id)
        if seat is not None:
            with pytest.raises(SeatError, match="a seat is 0 to 1 or None"):
                state.view(seat)
            with pytest.raises(SeatError, match="a seat is 0 to 1 or None"):
                state.log(seat)
        with pytest.raises(SeatError, match="a seat is 0 to 1, not"):
            state.sample_hidden(seat, random.Random(1))

    @pytest.mark.parametrize("seat", [1.0, True, -1, 7, "1"])
    def test_play_takes_a_seat_number_only(self, game_id: str, seat: Any) -> None:
        state = started(game_id)
        before = state.clone()
        with pytest.raises(SeatError):
            state.play(state.legal_actions()[0], seat)
        assert state == before and state.history == before.history

    def test_out_of_turn_play_cites_the_games_own_section(self, game_id: str) -> None:
        """Each game names its own sections: Africa's is "Game Play", not "Gameplay"."""
        state = started(game_id)
        game = state.game
        current = state.current_player
        assert current is not None
        other = (current + 1) % state.num_players
        error = refused(state, state.legal_actions()[0], other)
        assert error.rule == game.turn_rule
        assert error.reason == f"it is seat {current}'s turn, not seat {other}'s"
        assert game.turn_rule.startswith(f"{game.title}, ")
        assert game.end_rule.startswith(f"{game.title}, ")


@pytest.mark.parametrize("game_id", GAMES)
class TestActions:
    @pytest.mark.parametrize(
        "action", [None, 5.0, 2.0, 2.5, b"draw", ["draw"], {"draw": 1}, True, False]
    )
    def test_an_action_is_an_int_or_text(self, game_id: str, action: Any) -> None:
        state = started(game_id)
        error = refused(state, action)
        assert isinstance(error, NotationError)
        assert error.reason.startswith("an action is an int or its notation, not "), error
        with pytest.raises(NotationError, match="an action is written as text"):
            state.parse_action(action)

    def test_a_number_outside_the_action_space_is_no_action(self, game_id: str) -> None:
        """``action_str`` and ``parse_action`` are inverse: a number that is no action has no
        notation either (a negative number must not name an action counted from the end)."""
        state = started(game_id)
        size = state.num_actions
        for action in (-1, -2, -size, size, size + 1, 10**9):
            error = refused(state, action)
            assert error.reason == f"there is no action number {action} (0-{size - 1})"
            with pytest.raises(NotationError, match=f"there is no action number {action} "):
                state.action_str(action)

    def test_a_huge_text_is_refused_with_a_short_message(self, game_id: str) -> None:
        state = started(game_id)
        error = refused(state, "a" * 10**7)
        assert isinstance(error, NotationError)
        assert len(str(error)) < 200
        assert "10,000,000 characters" in str(error)

    def test_an_unknown_text_is_quoted_short_with_the_notation(self, game_id: str) -> None:
        state = started(game_id)
        error = refused(state, "fly to the moon " * 10)
        assert isinstance(error, NotationError)
        assert len(str(error)) < LONGEST_MESSAGE
        assert state.game.notation_help() in str(error)

    def test_a_huge_number_is_no_action(self, game_id: str) -> None:
        state = started(game_id)
        error = refused(state, 10**5000)
        assert "there is no action number" in str(error)
        assert len(str(error)) < 200

    def test_the_legal_actions_cannot_be_changed_by_their_caller(self, game_id: str) -> None:
        """``play()`` must not trust a list its caller can change."""
        state = started(game_id)
        legal = state.legal_actions()
        illegal = next(a for a in range(state.num_actions) if a not in legal)
        with pytest.raises((AttributeError, TypeError)):
            legal.append(illegal)  # type: ignore[attr-defined]
        refused(state, illegal)


@pytest.mark.parametrize("game_id", GAMES)
class TestNew:
    @pytest.mark.parametrize("seed", ["7", 1.5, True, b"1", "abc", math.nan, [1], None.__class__])
    def test_a_seed_is_a_whole_number(self, game_id: str, seed: Any) -> None:
        game = terra.game(game_id)
        with pytest.raises(OptionError, match="a seed is a whole number, not"):
            game.new(game.min_players, seed)

    def test_a_seed_folds_into_64_bits(self, game_id: str) -> None:
        game = terra.game(game_id)
        big = game.new(game.min_players, 2**64 + 5)
        assert big.seed == 5
        assert json.dumps(big.view(0)) == json.dumps(game.new(game.min_players, 5).view(0))
        assert game.new(game.min_players, -1).seed == 2**64 - 1

    @pytest.mark.parametrize("options", ["abc", ["data"], 3])
    def test_options_are_a_mapping(self, game_id: str, options: Any) -> None:
        game = terra.game(game_id)
        with pytest.raises(OptionError, match="options are a mapping of names to values"):
            game.new(game.min_players, 1, options)

    @pytest.mark.parametrize("players", [True, 2.0, "2", None])
    def test_a_player_count_is_a_whole_number(self, game_id: str, players: Any) -> None:
        game = terra.game(game_id)
        with pytest.raises(OptionError, match=f"is for {game.min_players}-"):
            game.new(players, 1)

    def test_an_unknown_option_name_is_quoted_short(self, game_id: str) -> None:
        game = terra.game(game_id)
        with pytest.raises(OptionError) as caught:
            game.new(game.min_players, 1, {"x" * 10**6: True})
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_refuses_everything(game_id: str) -> None:
    """Whatever is sent after the end, the game's own section on its end says why not."""
    game = terra.game(game_id)
    state = game.new(two_seats(game), 1)
    random_actions(state, 10**6, seed=1)
    assert state.is_over
    for action in range(state.num_actions):
        error = state.explain_illegal(action)
        assert error is not None and error.rule == game.end_rule, (action, error)
        assert "the game is over" in error.reason
    for sent in (0, state.num_actions - 1, state.action_str(0), "done", "fly to the moon"):
        error = refused(state, sent)
        assert error.rule == game.end_rule and "the game is over" in error.reason, sent


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_action_changes_nothing_anywhere_in_a_game(game_id: str) -> None:
    """At positions of whole games, every phase among them: refused actions leave the
    position, the history, the log and every view as they were."""
    positions = judged_positions(game_id)
    for index, state in enumerate(positions[:: max(1, len(positions) // 25)]):
        legal = set(state.legal_actions())
        illegal = [a for a in range(state.num_actions) if a not in legal]
        for action in random.Random(index).sample(illegal, 3):
            refused(state, action)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_any_number_is_played_if_legal_and_else_explained(
    game_id: str, data: st.DataObject
) -> None:
    """Fuzz: a legal number is played; any other gets a reason (and the game's own rule if it
    is an action), and changes nothing."""
    positions = judged_positions(game_id)
    state = positions[data.draw(st.integers(0, len(positions) - 1))].clone()
    size = state.num_actions
    action = data.draw(st.one_of(st.integers(-5, size + 5), st.integers()))
    if action in state.legal_actions():
        before = state.log_size
        state.play(action)
        assert state.history[-1] == action and state.log_size >= before
        return
    error = refused(state, action)
    if 0 <= action < size:
        assert error.rule is not None and error.rule.startswith(f"{state.game.title}, "), error


@cache
def notation_words(game_id: str) -> tuple[str, ...]:
    """The words of every action's notation, and its punctuation: text that nearly reads."""
    state = judged_positions(game_id)[0]
    words = {word for text in state.tables.text for word in text.split()}
    return tuple(sorted(words | {":", ">", "->", "-", "with", "to"}))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_any_text_is_read_as_an_action_or_refused(game_id: str, data: st.DataObject) -> None:
    """Fuzz: any text, and words of the game's notation in any order, is read as an action
    (whose notation reads back as the same action) or refused with a reason."""
    positions = judged_positions(game_id)
    state = positions[data.draw(st.integers(0, len(positions) - 1))]
    nearly = st.lists(st.sampled_from(notation_words(game_id)), max_size=6).map(" ".join)
    text = data.draw(st.one_of(st.text(max_size=40), nearly))
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        assert error.reason
        return
    assert 0 <= action < state.num_actions
    assert state.parse_action(state.action_str(action)) == action


def test_an_unknown_game_is_quoted_short() -> None:
    with pytest.raises(UnknownGame) as caught:
        terra.game("z" * 10**6)
    assert len(str(caught.value)) < 300
    with pytest.raises(UnknownGame):
        terra.game(None)  # type: ignore[arg-type]


def test_quote_keeps_short_input_whole_and_cuts_long_input() -> None:
    assert quote("go Cairo: grey") == "'go Cairo: grey'"
    cut = quote("é" * 1000)
    assert cut.startswith("'éé") and cut.endswith("…' (1,000 characters)")
    assert len(cut) < QUOTE_LIMIT + 40
    assert len(quote(list(range(10_000)))) <= QUOTE_LIMIT + 1


def test_every_refusal_is_a_terra_error() -> None:
    """A caller that catches TerraError catches every mistake of its user."""
    for kind in (IllegalAction, NotationError, OptionError, SeatError):
        assert issubclass(kind, TerraError)
    assert issubclass(NotationError, IllegalAction)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_typing_mistake_gets_the_nearest_legal_action(game_id: str) -> None:
    """Text that is no action, but nearly one of the legal actions, is answered with it."""
    state = started(game_id)
    meant = next(text for text in state.legal_action_strs() if len(text) >= 6)
    typed = meant[:2] + meant[3:]
    error = refused(state, typed)
    assert isinstance(error, NotationError)
    assert f"did you mean {meant!r}" in error.reason, error


@pytest.mark.parametrize(
    ("game_id", "typed", "says"),
    [
        (
            "africana",
            "go Tripolis: joker",
            "there is no location called 'tripolis' on the board; did you mean Tripoli?",
        ),
        ("africa", "go Kairo", "did you mean Cairo?"),
        (
            "expedition",
            "red Stockholm > Moskow",
            "there is no point called 'moskow' on the map; did you mean Moscow?",
        ),
    ],
)
def test_a_misspelt_name_gets_the_nearest_names(game_id: str, typed: str, says: str) -> None:
    """Names are read ignoring case and spacing; a misspelt one is answered with the nearest."""
    game = terra.game(game_id)
    state = game.new(game.min_players, 1)
    with pytest.raises(NotationError) as caught:
        state.parse_action(typed)
    assert says in caught.value.reason
