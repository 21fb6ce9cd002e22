"""Expedition, Game End and Scoring."""

from __future__ import annotations

import random

from terra.games.expedition import ExpeditionState, routes
from tests.games.expedition import table


def finished(players: int, seed: int, **options: bool) -> ExpeditionState:
    state = table.new(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_game_ends_at_once_when_no_arrow_can_be_played() -> None:
    """Expedition, Game End: the game ends immediately when no more arrows can be played."""
    for seed in range(5):
        state = finished(2, seed)
        assert state.current_player is None and state.legal_actions() == ()
        assert not routes.can_continue(state)  # no expedition can go on
        assert state.events[-1]["key"] == "game_over"


def test_the_score_adds_missions_and_chips_back_and_subtracts_cards_and_chips_left() -> None:
    """Expedition, Scoring: +1 per fulfilled mission (own or public), +1 per chip taken back,
    -1 per card still in hand, -1 per own chip still on the board."""
    for seed in range(6):
        state = finished(3, seed)
        for p, parts in enumerate(state.score_breakdown()):
            assert parts["missions"] == len(state.laid[p])
            assert parts["chips_back"] == state.chips_back[p]
            assert parts["cards_in_hand"] == -len(state.hand[p])
            assert parts["chips_on_board"] == -sum(owner == p for owner in state.chip)
            assert parts["total"] == sum(v for k, v in parts.items() if k != "total")
            assert state.scores()[p] == parts["total"]


def test_most_points_wins_and_a_tie_is_a_shared_victory() -> None:
    """Expedition, Scoring: the player with most points wins (decision 10: a tie is shared)."""
    ties = 0
    for seed in range(40):
        state = finished(4, seed)
        best = max(state.scores())
        assert state.winners() == [p for p, s in enumerate(state.scores()) if s == best]
        ties += len(state.winners()) > 1
    assert ties > 0


def test_a_fresh_game_scores_minus_the_cards_in_hand_and_the_chips() -> None:
    """Expedition, Scoring: the running score counts what is still in hand as minus points."""
    state = table.playing(2, 0)
    assert state.scores() == [-16, -16]
