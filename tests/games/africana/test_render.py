"""Africana in the terminal: the board shows exactly one seat's view; the log reads as English."""

from __future__ import annotations

import inspect
import io
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console

import terra
from terra.games.africana import (
    AfricanaState,
    adventures,
    buying,
    drawing,
    end_of_turn,
    expeditions,
    gameplay,
    movement,
)
from terra.games.africana.render import catalog, describe, render
from terra.games.africana.textmap import map_grid
from tests.pointing import shown_at_places

WIDTH = 100


def text_of(state: AfricanaState, seat: int | None, width: int = WIDTH) -> str:
    """The board as plain text (a console that is not a terminal draws no colour)."""
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, emoji=False).print(render(state, seat))
    return out.getvalue()


def new_game(players: int, seed: int) -> AfricanaState:
    state = terra.game("africana").new(players, seed)
    assert isinstance(state, AfricanaState)
    return state


def advanced(
    seed: int,
    players: int = 3,
    until: Callable[[AfricanaState], bool] = lambda s: len(s.history) >= 1500,
) -> AfricanaState:
    """A seeded game advanced by random moves until ``until`` holds."""
    state = new_game(players, seed)
    rng = random.Random(seed)
    while not until(state) and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def finished() -> list[AfricanaState]:
    """A few complete random games (2, 3 and 4 players)."""
    return [advanced(seed, players, lambda s: False) for seed, players in ((1, 2), (2, 3), (3, 4))]


class TestHiddenInformation:
    @pytest.mark.parametrize("seed", [3, 8])
    def test_the_board_is_the_same_in_every_state_the_seat_cannot_tell_apart(
        self, seed: int
    ) -> None:
        """Other hands, the draw pile, the expedition pile and unseen pages are reshuffled in a
        sample; a board that showed any of them would change (Views are the security
        boundary)."""
        state = advanced(seed)
        board = text_of(state, 0)
        rng = random.Random(seed)
        for _ in range(5):
            sample = state.sample_hidden(0, rng)
            assert sample.hand[1] != state.hand[1] or sample.deck != state.deck
            assert text_of(sample, 0) == board

    def test_only_the_own_hand_is_shown_by_colour(self) -> None:
        state = advanced(4)
        assert sum(state.hand[0][:5]) and sum(state.hand[1][:5])
        mine = text_of(state, 0)
        assert mine.count("Your hand:") == 1
        colours = state.data.colours
        held = ", ".join(f"{c} {n}" for c, n in zip(colours, state.hand[0][:5], strict=True) if n)
        assert f"Your hand: {held}" in mine
        assert "Your hand" not in text_of(state, None)

    def test_unseen_pages_show_as_question_marks(self) -> None:
        state = new_game(3, 1)
        board = text_of(state, 0)
        assert "below: " + " ".join(["?"] * 14) in board
        top = state.data.adventure_ids[state.right[0][-1]]
        assert f"{top} → " in board


class TestBoard:
    def test_the_map_names_every_location_and_the_equator(self) -> None:
        state = new_game(4, 2)
        board = text_of(state, 0)
        assert "equator" in board
        for name in state.data.location_names:
            assert name in board or name[:4] in board

    def test_every_explorer_is_on_the_map(self) -> None:
        state = new_game(4, 2)
        board = text_of(state, 0)
        map_part = board.split("explorers")[0]
        assert re.search(r"Napoli g W\b", map_part)  # Italy starts in Napoli (Game Setup)
        assert re.search(r"Cape Town o B\b", map_part)
        for initial in "WBYR":
            assert re.search(rf"\b{initial}\b", map_part)

    def test_the_map_keeps_north_and_south_of_the_equator(self) -> None:
        data = new_game(2, 1).data
        grid = map_grid(data)
        for (_, row), hemisphere in zip(grid.points, data.hemisphere, strict=True):
            assert (row < grid.equator) if hemisphere == 0 else (row > grid.equator)

    @pytest.mark.parametrize("players", [2, 4])
    def test_fits_80_columns_without_colour(self, players: int) -> None:
        state = advanced(6, players)
        board = text_of(state, 0, width=80)
        assert "\x1b[" not in board
        assert max(len(line) for line in board.splitlines()) <= 80

    def test_every_company_with_its_score(self) -> None:
        state = advanced(7, 4)
        board = text_of(state, 2)
        for seat, company in enumerate(("Italy", "France", "Germany", "England")):
            row = next(line for line in board.splitlines() if f" {company} ({seat})" in line)
            assert row.rstrip().endswith(str(state.scores()[seat]))
        assert "Germany (2) you" in board

    def test_a_buy_action_shows_the_page_cost(self) -> None:
        state = new_game(3, 1)
        state.play("buy")
        state.play("turn forward")
        assert "pages turned 1, the next page costs 1 silver" in text_of(state, 0)

    def test_a_move_action_shows_the_cards_played(self) -> None:
        state = new_game(3, 1)
        state.play("move")
        assert "Played this action: nothing yet" in text_of(state, 0)
        state.play("go Cairo: joker")
        assert "Played this action: joker 1" in text_of(state, 0)

    def test_every_location_is_pointed_at_where_it_is_drawn(self) -> None:
        """The places map (what a click on the full screen finds) puts each location on its
        point and its label: its name (or the first four letters of it), its travel symbols and
        the explorers standing there (Italy starts in Napoli, Game Setup)."""
        state = new_game(4, 2)
        data = state.data
        shown = shown_at_places(state, 0)
        assert set(data.location_ids) <= set(shown)  # and the cards in sight
        for loc, place in enumerate(data.location_ids):
            drawn = " ".join(text for _, _, text in shown[place])
            assert "●" in drawn and data.location_names[loc][:4] in drawn
        assert re.search(r"Napoli g W\b", " ".join(t for _, _, t in shown["napoli"]))

    def test_the_cards_in_sight_and_the_own_hand_are_pointed_at(self) -> None:
        """The expeditions on display, the top adventure cards and the own hand's slots are
        the places of the moves made with them (join, buy, discard)."""
        state = new_game(3, 1)
        view = state.view(0)
        shown = {
            p: " ".join(t for _, _, t in lines) for p, lines in shown_at_places(state, 0).items()
        }
        for space in view["expeditions"]:
            assert shown[space["expedition"]].startswith(space["expedition"] + " ")
        for book in view["books"].values():
            top = book["turned"][0] if book["turned"] else None
            assert top is None or shown[top].startswith(f"{top} → ")
        for colour, count in view["players"][0]["hand"].items():
            assert (colour in shown) == (count > 0)
            assert count == 0 or shown[colour] == f"{colour} {count}"

    def test_the_end(self, finished: list[AfricanaState]) -> None:
        state = finished[0]
        assert "game over:" in text_of(state, None)


class TestDescribe:
    def test_every_event_key_of_the_rules_has_a_template(self) -> None:
        chapters = (gameplay, drawing, buying, movement, expeditions, adventures, end_of_turn)
        source = "".join(inspect.getsource(chapter) for chapter in chapters)
        logged = set(re.findall(r'emit\(\s*"(\w+)"', source))
        assert len(logged) == 16
        assert logged <= set(catalog()["event"])

    def test_every_event_of_random_games_reads_as_a_sentence(
        self, finished: list[AfricanaState]
    ) -> None:
        seen = set()
        for state in finished:
            for seat in (None, 0):
                for event in state.log(seat):
                    seen.add(event["key"])
                    sentence = describe(event)
                    assert event["key"] in catalog()["event"]
                    assert "{" not in sentence and "_" not in sentence, sentence
                    assert sentence.endswith("."), sentence
        assert {"draw", "step", "join", "end_expedition", "refill", "game_over"} <= seen

    def test_ids_become_names(self) -> None:
        event = {
            "key": "step",
            "args": {
                "player": 1,
                "origin": "cape_town",
                "destination": "port_natal",
                "payment": "grey recoloured",
            },
        }
        assert describe(event) == (
            "Blue travels from Cape Town to Port Natal (grey card recoloured for 5 silver)."
        )

    def test_cards_drawn_by_others_stay_hidden(self) -> None:
        state = new_game(3, 1)
        state.play("draw")
        mine, theirs = state.log(0)[-1], state.log(1)[-1]
        assert describe(mine).startswith("White draws 2 travel cards (")
        assert describe(theirs) == "White draws 2 travel cards."

    @pytest.mark.parametrize(
        ("event", "sentence"),
        [
            (
                {
                    "key": "join",
                    "args": {"player": 2, "expedition": "A3", "space": 3, "silver": 2, "count": 0},
                },
                "Yellow joins expedition A3 on space 3 and receives 2 silver.",
            ),
            (
                {
                    "key": "end_adventure",
                    "args": {"player": 3, "adventure": "S4", "assistant": "orange"},
                },
                "Red completes adventure S4 and gains one orange assistant.",
            ),
            (
                {
                    "key": "turn_page",
                    "args": {"player": 0, "book": "south", "direction": "back", "cost": 1},
                },
                "White turns a page of the south book back (1 silver).",
            ),
            (
                {"key": "discard", "args": {"player": 0, "card": "joker"}},
                "White discards one joker.",
            ),
            (
                {"key": "game_over", "args": {"scores": [12, 30]}},
                "The game is over. Final scores: White 12, Blue 30.",
            ),
        ],
    )
    def test_sentences(self, event: dict[str, object], sentence: str) -> None:
        assert describe(event) == sentence

    def test_the_game_hook_delegates(self) -> None:
        event = {"key": "refill", "args": {"space": 2, "expedition": "B7"}}
        game = terra.game("africana")
        assert game.describe_event(game.new(2, seed=1), event) == (
            "Expedition B7 is laid out on space 2."
        )
