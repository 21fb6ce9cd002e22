"""Africana, Game Setup."""

from __future__ import annotations

import pytest

from tests.clones import assert_clone_shares_nothing
from tests.games.africana import table
from tests.walks import random_actions

COMPANIES = [
    ("Italy", "white", "napoli", 2),
    ("France", "blue", "cape_town", 2),
    ("Germany", "yellow", "lagos", 3),
    ("England", "red", "jidda", 4),
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_companies_are_dealt_in_seat_order_with_start_and_money(players: int) -> None:
    """Game Setup: the start player is Italy, then France, Germany, England clockwise; each
    explorer starts on its company's location with its starting money."""
    state = table.new(players, seed=3)
    seen = [
        (p["company"], p["colour"], p["location"], p["silver"]) for p in state.view(None)["players"]
    ]
    assert seen == COMPANIES[:players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_holds_one_joker_one_travel_card_and_four_markers(players: int) -> None:
    """Game Setup: 1 joker and 1 face-down travel card per player; 4 company markers."""
    state = table.new(players, seed=5)
    for p in state.view(None)["players"]:
        assert p["jokers"] == 1
        assert p["travel_cards"] == 1
        assert p["hand_size"] == 2
        assert p["markers_free"] == 4
        assert sum(p["assistants"].values()) == 0
    assert state.view(None)["travel_deck"] == 60 - players


@pytest.mark.parametrize(("players", "removed"), [(4, 4), (3, 7), (2, 10)])
def test_c_cards_removed_unseen_by_player_count(players: int, removed: int) -> None:
    """Game Setup: 4, 7 or 10 C cards leave the game unseen at 4, 3 or 2 players; the pile is
    C below B below A, and the 5 spaces are filled with A cards."""
    state = table.new(players, seed=11)
    data = state.data
    decks = [sum(d == letter for d in data.expedition_deck) for letter in range(3)]
    view = state.view(None)
    assert view["expeditions_removed"] == removed
    assert view["expedition_pile"] == {
        "A": decks[0] - 5,
        "B": decks[1],
        "C": decks[2] - removed,
    }
    shown = [space["expedition"] for space in view["expeditions"]]
    assert all(ident is not None and ident.startswith("A") for ident in shown)
    letters = [data.expedition_deck[c] for c in state.pile]
    assert letters == sorted(letters, reverse=True), "C at the bottom, A on top"


def test_expedition_spaces_are_filled_left_to_right_from_the_top_of_the_pile() -> None:
    """Game Setup: the top 5 cards go face up onto the spaces, left to right."""
    state = table.new(2, seed=7)
    replay = table.new(2, seed=7)
    pile_before_deal = replay.pile + list(reversed(replay.spaces))
    assert pile_before_deal[-5:] == list(reversed(state.spaces))


def test_books_hold_their_fifteen_cards_on_one_half_with_the_top_card_showing() -> None:
    """Game Setup: white-bordered cards (southern targets) on the north book, brown-bordered
    (northern targets) on the south book, all on one half of each book."""
    state = table.new(2, seed=1)
    data = state.data
    books = state.view(None)["books"]
    for book, name in enumerate(("north", "south")):
        assert books[name]["turned"] == []
        unturned = books[name]["unturned"]
        assert len(unturned) == 15
        assert unturned[0] is not None
        assert all(card is None for card in unturned[1:])
        for card in state.right[book]:
            assert data.adventure_book[card] == book
            assert data.hemisphere[data.adventure_target[card]] != book


def test_assistant_cards_wait_face_up_in_the_supply() -> None:
    """Game Setup: the 10 assistant cards, 2 per colour, in a face-up display."""
    state = table.new(3, seed=2)
    assert state.view(None)["assistant_supply"] == dict.fromkeys(state.data.colours, 2)


def test_the_start_player_begins_by_choosing_an_action() -> None:
    """Gameplay: the start player chooses exactly one of A) draw, B) buy, C) move."""
    state = table.new(4, seed=9)
    assert state.current_player == 0
    assert state.legal_action_strs() == ["draw", "buy", "move"]


def test_a_seed_fixes_every_card_and_different_seeds_differ() -> None:
    """Chance comes from the seeded generator inside the state (architecture)."""
    assert table.new(3, seed=42) == table.new(3, seed=42)
    assert table.new(3, seed=42) != table.new(3, seed=43)


def test_a_clone_copies_every_hand_pile_book_and_purse() -> None:
    """Game Setup: the hands, the travel draw pile, the expedition pile, both halves of the
    books, the adventures before each player and the silver are lists of the state, and a
    clone shares none of them (the contract suite checks every game's lists; these must be
    among them)."""
    state = table.new(4, 3)
    random_actions(state, 2000, seed=3)
    copied = assert_clone_shares_nothing(state)
    assert {"hand", "deck", "pile", "left", "right", "adventures", "silver"} <= set(copied)
