"""Expedition, Game End and Scoring."""

from __future__ import annotations

import random

from terra.games.expedition import ExpeditionState, routes
from terra.games.expedition import rulebook as r
from tests.games.expedition import table
from tests.refusals import refused_by_rule


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
        assert not routes.can_continue(state, loop_limit=False)  # no expedition can go on
        assert state.events[-1]["key"] == "game_over"


def round_to_the_start() -> ExpeditionState:
    """On the small loops map the red expedition runs a long round that ends beside the start,
    on both lines of the start, so blue and yellow cannot begin."""
    state = table.playing(2, 0, data=table.LOOPS)
    table.walk(state, "red", ["S", "A", "H", "G", "F", "E", "C", "B", "N", "G1"])
    return state


def test_the_game_goes_on_while_the_next_player_could_place_an_arrow() -> None:
    """Expedition, Game End: "the game ends immediately however when no more arrows can be
    played". A player forms only one loop per expedition in a turn, so an expedition whose only
    free lines lead back onto its route after a loop this turn can still be continued by the
    next player: the game goes on, and arrows still owed this turn lapse (decisions 6, 11)."""
    state = round_to_the_start()
    table.arrow(state, "red", "G1", "S")  # a loop at the start
    table.arrow(state, "red", "C", "K")  # the loop arrow: K's other line leads back to E
    assert not state.is_over
    assert state.legal_action_strs()[-1] == "done"
    table.finish_turn(state)
    table.arrow(state, "red", "K", "E")  # the next player closes the next loop

    owed = round_to_the_start()
    owed.play("voucher arrow")
    table.arrow(owed, "red", "G1", "S")
    table.arrow(owed, "red", "C", "K")
    assert not owed.is_over
    assert owed.must == 0 and owed.events[-1]["key"] == "arrows_blocked"
    refused_by_rule(owed, "red K > E", r.RULE_TURN, "no arrow left")
    owed.play("done")
    table.arrow(owed, "red", "K", "E")


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
