"""Africana, Scoring: victory points with a full breakdown per player."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from terra.games.africana.components import Components

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

# Additional victory points (Africana, Scoring; summary on the game board):
# (size, identical?) -> points for every such collection of artifacts.
COLLECTIONS = (
    (3, True, 12),
    (2, True, 6),
    (4, False, 10),
    (2, False, 2),
)
ASSISTANT_PENALTY = ((3, -10), (2, -5))  # at least this many assistant adventures -> points
SILVER_PER_POINT = 10
TRAVEL_CARDS_PER_POINT = 2

CATEGORIES = (
    "expeditions",
    "artifacts",
    "collections",
    "assistants",
    "silver",
    "travel_cards",
    "unfinished_artifacts",
)

Collection = tuple[int, ...]  # the artifact types of one scored collection


@cache
def best_collections(counts: tuple[int, ...]) -> tuple[int, tuple[Collection, ...]]:
    """Africana, Scoring: the most collection points ``counts`` of each artifact type can make.

    Each artifact belongs to one collection at most, and the player gets the partition that is
    best for them. Returns the points and the collections (tuples of artifact types).

    >>> best_collections((2, 0, 0, 0, 0))
    (6, ((0, 0),))
    >>> best_collections((1, 1, 1, 1, 1))[0]
    10
    """
    best: tuple[int, tuple[Collection, ...]] = (0, ())
    present = [t for t, n in enumerate(counts) if n]
    for size, identical, points in COLLECTIONS:
        groups = (
            [(t,) * size for t in present if counts[t] >= size]
            if identical
            else list(combinations(present, size))
        )
        for group in groups:
            rest = list(counts)
            for t in group:
                rest[t] -= 1
            more, chosen = best_collections(tuple(rest))
            if points + more > best[0]:
                best = (points + more, (group, *chosen))
    return best


def artifact_counts(data: Components, cards: Sequence[int]) -> tuple[int, ...]:
    """How many finished artifacts of each type ``cards`` hold."""
    counts = [0] * len(data.artifacts)
    for card in cards:
        kind = data.adventure_artifact[card]
        if kind >= 0:
            counts[kind] += 1
    return tuple(counts)


def assistant_penalty(finished_assistants: int) -> int:
    """Africana, Scoring: 2 assistant adventures cost 5 points, 3 or more cost 10."""
    for at_least, points in ASSISTANT_PENALTY:
        if finished_assistants >= at_least:
            return points
    return 0


def breakdown(state: AfricanaState, player: int) -> dict[str, int]:
    """Every scoring category of one player, and the ``total``."""
    data = state.data
    won = state.won_adventures[player]
    hand = state.hand[player]
    colours = len(data.colours)
    travel_cards = sum(hand[:colours])  # cards played this action are on the table, not held
    parts = {
        "expeditions": sum(data.expedition_points[c] for c in state.won_expeditions[player]),
        "artifacts": sum(data.adventure_points[c] for c in won),
        "collections": best_collections(artifact_counts(data, won))[0],
        "assistants": assistant_penalty(sum(data.adventure_assistant[c] >= 0 for c in won)),
        "silver": state.silver[player] // SILVER_PER_POINT,
        "travel_cards": travel_cards // TRAVEL_CARDS_PER_POINT,
        "unfinished_artifacts": sum(
            data.adventure_artifact[c] >= 0 for c in state.adventures[player]
        ),
    }
    parts["total"] = sum(parts.values())
    return parts


def winners(state: AfricanaState) -> list[int]:
    """Africana, Scoring: most points; ties go to the most silver; then the victory is shared."""
    totals = state.scores()
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    richest = max(state.silver[p] for p in tied)
    return [p for p in tied if state.silver[p] == richest]


def score_bounds(data: Components) -> tuple[int, int]:
    """Bounds on any player's score with ``data`` (for search and learning, not tight).

    Silver enters the game only with the companies, the joining bonuses (one per expedition
    card and player), finished expeditions and artifact adventures, so it is bounded too.
    """
    artifacts = tuple(
        sum(data.adventure_artifact[c] == kind for c in range(len(data.adventure_ids)))
        for kind in range(len(data.artifacts))
    )
    silver = (
        max(company.silver for company in data.companies)
        + sum(data.expedition_silver)
        + len(data.expedition_ids) * max(data.bonus_silver)
        + sum(data.adventure_silver)
    )
    best = (
        sum(data.expedition_points)
        + sum(data.adventure_points)
        + best_collections(artifacts)[0]
        + silver // SILVER_PER_POINT
        + len(data.colours) * data.cards_per_colour // TRAVEL_CARDS_PER_POINT
        + sum(artifacts)
    )
    return min(points for _, points in ASSISTANT_PENALTY), best
