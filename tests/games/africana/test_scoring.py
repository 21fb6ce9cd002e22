"""Africana, Scoring."""

from __future__ import annotations

import pytest

from terra.games.africana import AfricanaState
from terra.games.africana.scoring import best_collections
from tests.games.africana import table

DRUM, MASK, STATUE, SHIELD, NECKLACE = range(5)


def scored(**won: list[str]) -> AfricanaState:
    state = table.new(2)
    table.give_won(state, 0, won.get("expeditions", []), won.get("adventures", []))
    return state


def test_cards_beneath_the_company_card_score_their_printed_points() -> None:
    """Scoring: each expedition card and each artifact adventure card scores its points."""
    state = scored(expeditions=["B2", "C3"], adventures=["N1"])
    data = state.data
    parts = state.score_breakdown()[0]
    exp = [table.expedition(state, e) for e in ("B2", "C3")]
    assert parts["expeditions"] == sum(data.expedition_points[c] for c in exp)
    assert parts["artifacts"] == data.adventure_points[table.adventure(state, "N1")]


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ((2, 0, 0, 0, 0), 6),  # 2 identical
        ((3, 0, 0, 0, 0), 12),  # 3 identical
        ((1, 1, 0, 0, 0), 2),  # 2 different
        ((1, 1, 1, 1, 0), 10),  # 4 different
        ((1, 0, 0, 0, 0), 0),
        ((4, 0, 0, 0, 0), 12),  # 3 + 1 or 2 + 2
        ((2, 2, 0, 0, 0), 12),  # two pairs beat two different pairs
        ((3, 1, 0, 0, 0), 12),  # the leftover mask has no partner
        ((1, 1, 1, 1, 1), 10),  # one artifact left over
        ((2, 1, 1, 1, 0), 10),  # 4 different (10) beats a pair + 2 different (8)
        ((2, 2, 1, 1, 0), 14),  # two pairs + 2 different (14) beat 4 different + 2 (12)
        ((3, 3, 1, 1, 0), 26),  # 12 + 12 + 2
        ((2, 2, 2, 2, 2), 30),  # five pairs
    ],
)
def test_collections_are_partitioned_in_the_players_favour(
    counts: tuple[int, ...], points: int
) -> None:
    """Scoring, additional points: 2 identical 6, 3 identical 12, 2 different 2, 4 different
    10; each artifact in one collection only; the best partition counts."""
    assert best_collections(counts)[0] == points


def test_each_artifact_is_part_of_one_collection_only() -> None:
    """Scoring: 'Each artifact can only be part of one collection.'"""
    points, groups = best_collections((3, 1, 1, 1, 0))
    used = [0] * 5
    for group in groups:
        for kind in group:
            used[kind] += 1
    assert all(u <= c for u, c in zip(used, (3, 1, 1, 1, 0), strict=True))
    # 4 different (10) and the two drums left as a pair (6) beat 3 drums (12) + 2 different
    assert points == 10 + 6
    assert sorted(groups) == sorted([(DRUM, MASK, STATUE, SHIELD), (DRUM, DRUM)])


def test_collections_are_scored_from_finished_artifacts() -> None:
    """Scoring: collections of artifacts beneath the company card."""
    state = scored(adventures=["N1", "S1"])  # two drums
    assert state.score_breakdown()[0]["collections"] == 6


@pytest.mark.parametrize(("assistants", "penalty"), [(0, 0), (1, 0), (2, -5), (3, -10), (4, -10)])
def test_assistant_adventures_beneath_the_company_card_cost_points(
    assistants: int, penalty: int
) -> None:
    """Scoring: 2 assistant adventure cards -5, 3 or more -10."""
    cards = ["N11", "N12", "N13", "S11"][:assistants]
    state = scored(adventures=cards)
    assert state.score_breakdown()[0]["assistants"] == penalty


def test_unfinished_assistant_adventures_neither_score_nor_count() -> None:
    """Scoring note: unfinished assistant adventures score nothing and do not count for the
    negative points."""
    state = scored(adventures=["N11", "N12"])
    table.give_adventures(state, 0, ["S11", "S12"])
    parts = state.score_breakdown()[0]
    assert parts["assistants"] == -5
    assert parts["unfinished_artifacts"] == 0


def test_silver_travel_cards_and_unfinished_artifacts() -> None:
    """Scoring, extra points: 1 per 10 silver; 1 per 2 travel cards in hand (not jokers or
    assistants); 1 per unfinished artifact adventure."""
    state = table.new(2)
    state.silver[0] = 29
    table.set_hand(state, 0, {"grey": 3, "orange": 2, "joker": 1, "grey assistant": 1})
    table.give_adventures(state, 0, ["N1", "N2", "N11"])
    parts = state.score_breakdown()[0]
    assert parts["silver"] == 2
    assert parts["travel_cards"] == 2
    assert parts["unfinished_artifacts"] == 2


def test_the_total_is_the_sum_of_the_parts() -> None:
    """Scoring: a player's score is every category added up."""
    state = scored(expeditions=["A1", "C2"], adventures=["N1", "S1", "N11", "N12"])
    state.silver[0] = 17
    for parts in state.score_breakdown():
        total = parts.pop("total")
        assert total == sum(parts.values())
    assert state.scores()[0] == state.score_breakdown()[0]["total"]


def finished_tie(silver: tuple[int, int]) -> AfricanaState:
    """Two players with equal points and the given silver, at the end of the game."""
    state = table.new(2)
    table.set_hand(state, 0, {})
    table.set_hand(state, 1, {})
    state.silver[:] = list(silver)
    table.end_game(state)
    return state


def test_the_most_points_win() -> None:
    """Scoring: the player with the most victory points is the winner."""
    state = finished_tie((0, 0))
    table.give_won(state, 1, ["C3"])
    assert state.winners() == [1]
    assert state.returns() == [-1.0, 1.0]


def test_a_tie_goes_to_the_most_silver() -> None:
    """Scoring: in a tie the tied player with the most silver wins (points equal here: 9 and
    5 silver both score 0)."""
    state = finished_tie((9, 5))
    assert state.scores()[0] == state.scores()[1]
    assert state.winners() == [0]


def test_a_tie_in_silver_too_is_a_shared_victory() -> None:
    """Scoring: if still tied, there are multiple winners."""
    state = finished_tie((4, 4))
    assert state.winners() == [0, 1]
    assert state.returns() == [0.0, 0.0]
