"""Expedition, Variants A and B (decisions 8 and 9 say which rule belongs to which)."""

from __future__ import annotations

import random

import terra
from terra.games.expedition import rulebook as r
from terra.games.expedition import scoring
from tests.games.expedition import table
from tests.refusals import explanation


def test_the_variants_are_boolean_options() -> None:
    names = {o.name: o for o in terra.game("expedition").options}
    assert names["variant_a"].kind is bool and names["variant_a"].default is False
    assert names["variant_b"].kind is bool and names["variant_b"].default is False


def test_variant_a_players_place_as_many_chips_as_they_like_and_pass() -> None:
    """Expedition, Variant A: each places as many chips as they like, in turn; whoever wants no
    more passes."""
    state = table.new(2, 0, variant_a=True)
    assert "pass" in state.legal_action_strs()
    state.play("pass")
    assert state.player == 1
    for _ in range(6):
        assert state.player == 1
        state.play(state.legal_actions()[0])
    assert state.chips_placed == [0, 6]
    state.play("pass")
    assert state.phase_name == "playing"


def test_variant_a_chips_score_as_in_the_basic_game() -> None:
    """Expedition, Variant A: each chip taken back +1, each left on the board -1."""
    state = table.new(2, 0, variant_a=True)
    for _ in range(3):
        state.play(state.legal_actions()[0])
    state.play("pass")
    state.play("pass")
    assert state.score_breakdown()[0]["chips_on_board"] == -2
    assert state.score_breakdown()[1]["chips_on_board"] == -1


def test_the_basic_game_has_no_pass_while_chips_are_due() -> None:
    """Expedition, Marking Research Destinations: four chips each in the basic game."""
    state = table.new(2, 0)
    assert "pass" not in state.legal_action_strs()
    assert explanation(state, 1).rule == r.RULE_CHIPS


def test_variant_b_the_first_to_take_back_all_chips_wins_at_once() -> None:
    """Expedition, Variant B: the player who first collects all of their chips wins."""
    state = table.new(2, 0, variant_b=True, variant_a=True)
    state.play(state.legal_actions()[0])  # seat 0 marks one destination
    state.play("pass")
    state.play("pass")
    site = next(c for c in range(state.data.num_sites) if state.chip[c] == 0)
    table.walk(state, "red", table.path(state, "Stockholm", table.name(state, site)))
    assert state.is_over
    assert state.winners() == [0]


def test_variant_b_otherwise_most_chips_then_fewest_lines_to_the_chips_left() -> None:
    """Expedition, Variant B: without such a player, most chips taken back wins; then fewest
    moves to the missions still marked; then a draw."""
    for seed in range(30):
        state = table.new(3, seed, variant_b=True)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.scores() == state.chips_back
        if state.winner >= 0:
            assert state.winners() == [state.winner]
            continue
        most = max(state.chips_back)
        tied = [p for p in range(3) if state.chips_back[p] == most]
        lines = {p: state.score_breakdown()[p]["lines_to_chips"] for p in tied}
        assert state.winners() == [p for p in tied if lines[p] == min(lines.values())]


def test_variant_b_scores_and_the_breakdown_total_are_the_chips_taken_back() -> None:
    """Expedition, Variant B: whoever collects all their chips wins, otherwise the most chips,
    so the score is the chips taken back, in scores() and in the breakdown's total alike; the
    tie-break, the fewest lines to the chips left, has its own key (decision 9)."""
    for seed in range(4):
        state = table.new(3, seed, variant_b=True)
        rng = random.Random(seed)
        while True:
            breakdown = state.score_breakdown()
            assert [parts["total"] for parts in breakdown] == state.scores() == state.chips_back
            for p, parts in enumerate(breakdown):
                assert parts["lines_to_chips"] == scoring.lines_to_chips(state, p)
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
