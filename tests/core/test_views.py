"""What a seat may know, in every registered game: views, the log and samples.

A view is the security boundary: what the server sends a seat is built from ``view(seat)`` and
``log(seat)`` only. Which parts of a position are hidden is each game's own knowledge, so the
suite asks the game through its contract: ``sample_hidden(seat)`` redeals whatever that seat
cannot see. What the seat can see may not change (its view, a spectator's view, its legal moves
when it is to act), what it cannot see may, and the generator is reseeded, so that a sample
cannot read the future. Each game's own tests check the hidden parts by name (the face-down
markers of Africa, the hands and piles of Africana, the missions of Expedition).

Positions are those of whole seeded games, random and greedy, with every variant
(``tests.walks.judged_positions``).
"""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import terra
from terra.core.state import GameState
from tests.walks import judged_positions

GAMES = [game.id for game in terra.games()]
SAMPLES = 3  # redeals compared per position and seat
PLAYED_SAMPLES = 10  # samples per game played on to their end


def seats(state: GameState) -> list[int | None]:
    """Every seat, and a spectator."""
    return [None, *range(state.num_players)]


def evenly(positions: tuple[GameState, ...], count: int) -> tuple[GameState, ...]:
    return positions[:: max(1, len(positions) // count)]


def board(state: GameState, seat: int | None) -> str:
    """The board ``terra play`` draws for ``seat``, as plain text."""
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, emoji=False)
    console.print(state.game.render_terminal(state, seat))
    return out.getvalue()


@pytest.mark.parametrize("game_id", GAMES)
class TestViews:
    def test_views_are_json_and_leave_the_log_to_log(self, game_id: str) -> None:
        """A view is the position only: its cost must not grow with the length of the game.
        The seat to act, and no other, finds its legal moves in it."""
        for state in evenly(judged_positions(game_id), 80):
            current = state.current_player
            for seat in seats(state):
                view = state.view(seat)
                assert json.loads(json.dumps(view)) == view
                assert view["game"] == game_id and view["seat"] == seat
                assert "log" not in view
                if seat is not None and seat == current:
                    assert view["legal_actions"] == state.legal_action_strs()
                else:
                    assert "legal_actions" not in view, seat

    def test_the_log_shows_private_arguments_only_to_their_player(self, game_id: str) -> None:
        """Every entry reaches every seat and spectators, in order; the arguments the game
        declares private (``private_args``: the cards a player drew face down, say) reach only
        the entry's player."""
        hidden = 0
        for state in evenly(judged_positions(game_id), 12):
            private = type(state).private_args
            truth = state.events
            for seat in seats(state):
                log = state.log(seat)
                assert len(log) == len(truth) == state.log_size
                for shown, real in zip(log, truth, strict=True):
                    assert shown["key"] == real["key"]
                    args = real["args"]
                    secret = private.get(real["key"], ())
                    if secret and args.get("player") != seat:
                        public = {k: v for k, v in args.items() if k not in secret}
                        hidden += public != args
                        assert shown["args"] == public, (seat, real)
                    else:
                        assert shown["args"] == args, (seat, real)
        assert hidden or not type(judged_positions(game_id)[0]).private_args

    def test_the_terminal_board_shows_only_what_its_seat_may_know(self, game_id: str) -> None:
        """``terra play`` draws a seat's board from the position: a redeal of what that seat
        cannot see leaves its board as it was, and a spectator's board too."""
        for index, state in enumerate(evenly(judged_positions(game_id), 2)):
            for seat in seats(state):
                try:
                    drawn = board(state, seat)
                except NotImplementedError:
                    pytest.skip(f"{game_id} has no terminal display")
                sample = state.sample_hidden(seat or 0, random.Random(index))
                assert board(sample, seat) == drawn, (index, seat)

    def test_the_places_pointed_at_show_only_what_its_seat_may_know(self, game_id: str) -> None:
        """Where ``terra play --screen`` finds the places a click points at (each terminal
        scale): a redeal of what that seat cannot see leaves them where they were."""
        game = terra.game(game_id)
        for index, state in enumerate(evenly(judged_positions(game_id), 2)):
            for seat in seats(state):
                sample = state.sample_hidden(seat or 0, random.Random(index))
                for scale in game.terminal_scales() or (None,):
                    places = game.terminal_places(state, seat, scale, width=200)
                    assert places or game.display_module is None
                    assert game.terminal_places(sample, seat, scale, width=200) == places

    def test_every_place_a_move_is_at_can_be_pointed_at(self, game_id: str) -> None:
        """Each place the legal moves are at (a hex, a location, a card in sight) is drawn on
        the board of the seat to move, where a click on the full screen finds it."""
        game = terra.game(game_id)
        for state in evenly(judged_positions(game_id), 12):
            seat = state.current_player
            if seat is None:
                continue
            places = set(game.terminal_places(state, seat).values())
            at = {state.place_of(a) for a in state.legal_actions()}
            assert at - {None} <= places, (state.legal_action_strs(), seat)
            assert all(
                state.place_of(a) == state.action_data(a)["place"] for a in state.legal_actions()
            )


@pytest.mark.parametrize("game_id", GAMES)
class TestSamples:
    def test_a_sample_looks_the_same_to_its_seat_and_to_a_spectator(self, game_id: str) -> None:
        """Whatever ``sample_hidden(seat)`` redeals, neither that seat nor a spectator (who
        knows less) can tell: nothing it redeals is in their views; the seat to act keeps its
        legal moves; each sample has a generator of its own."""
        for index, state in enumerate(evenly(judged_positions(game_id), 120)):
            spectator = state.view(None)
            for seat in range(state.num_players):
                view = state.view(seat)
                generators = set()
                for k in range(SAMPLES):
                    sample = state.sample_hidden(seat, random.Random(index * 10 + k))
                    assert sample.view(seat) == view, (index, seat, k)
                    assert sample.view(None) == spectator, (index, seat, k)
                    if seat == state.current_player:
                        assert sample.legal_actions() == state.legal_actions()
                    generators.add(sample.rng.state)
                assert len(generators) == SAMPLES
                assert state.rng.state not in generators

    def test_a_redeal_changes_what_its_seat_cannot_see(self, game_id: str) -> None:
        """Information is imperfect in every game (``facts``): somewhere a redeal changes the
        position itself, not only its generator."""
        state = judged_positions(game_id)[0]
        assert terra.game(game_id).facts(state.num_players).information == "imperfect"
        changed = 0
        for index, state in enumerate(judged_positions(game_id)[::3]):
            for seat in range(state.num_players):
                sample = state.sample_hidden(seat, random.Random(index))
                sample.rng = state.rng.clone()
                changed += sample != state
        assert changed

    def test_a_sample_is_a_full_state_that_plays_to_the_end(self, game_id: str) -> None:
        """A redeal is a legal position of the same game: checked random play from it reaches
        the end, with a result."""
        for index, state in enumerate(evenly(judged_positions(game_id), PLAYED_SAMPLES)):
            players = state.num_players
            sample = state.sample_hidden(index % players, random.Random(index))
            rng = random.Random(index)
            while not sample.is_over:
                sample.play(rng.choice(sample.legal_actions()))
            assert len(sample.scores()) == len(sample.returns()) == players
            if players > 1:
                assert sample.winners(), index

    def test_a_sample_offers_the_actions_of_its_own_position(self, game_id: str) -> None:
        """A sample for another seat may redeal what the seat to act holds: its legal actions
        must be those of the redealt position, even where the real state's were asked for
        first (as a bot or the server does), and each of them must apply."""
        checked = 0
        for state in evenly(judged_positions(game_id), 60):
            if state.is_over:
                continue
            real = state.clone()
            real.legal_actions()
            for seat in range(state.num_players):
                if seat == state.current_player:
                    continue
                sample = real.sample_hidden(seat, random.Random(seat))
                fresh = sample.clone()
                fresh._forget_legal()
                assert sample.legal_actions() == fresh.legal_actions()
                for action in sample.legal_actions():
                    sample.clone().apply(action)
                    checked += 1
        assert checked or terra.game(game_id).max_players == 1

    def test_sampling_leaves_the_real_game_alone(self, game_id: str) -> None:
        for state in evenly(judged_positions(game_id), 10):
            before = state.clone()
            views = [state.view(seat) for seat in seats(state)]
            for seat in range(state.num_players):
                state.sample_hidden(seat, random.Random(seat))
            assert state == before
            assert state.history == before.history and state.events == before.events
            assert [state.view(seat) for seat in seats(state)] == views
