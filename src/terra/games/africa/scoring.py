"""Africa, Game End and Scoring: the last monument ends the game; points during play, then
goods, gold and jewels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.africa.components import GOLD, JEWELS, Components
from terra.games.africa.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

# Game End and Scoring - Goods: points for 1 to 5 goods of one kind. More than 5 of a kind
# score as 5 (docs/rules-decisions.md); the shipped markers hold 5 of each kind.
SET_POINTS = (0, 1, 3, 5, 8, 12)
# Game End and Scoring - Gold and Jewels: most and second most.
PLACE_POINTS = (10, 6)
BONUS = 3  # Game End and Scoring: the "+3" bonus marker for the last monument

CATEGORIES = ("play", "bonus", "goods", "gold", "jewels")


def end_game(state: AfricaState) -> None:
    """Africa, Game End and Scoring: the game ends at once when the last monument is uncovered;
    its finder gets the +3 bonus. Goods, gold and jewels are scored."""
    state.bonus = state.player
    state.phase = Phase.OVER
    state.pending = -1
    totals = final_scores(state)
    state.emit("game_end", player=state.player, bonus=BONUS, scores=totals)


def set_points(count: int) -> int:
    """Africa, Game End and Scoring - Goods: 1, 3, 5, 8, 12 points for 1-5 of a kind."""
    return SET_POINTS[min(count, len(SET_POINTS) - 1)]


def goods_points(data: Components, hand: list[int]) -> int:
    """Africa, Game End and Scoring - Goods: each kind scored on its own."""
    return sum(set_points(hand[t]) for t in data.goods)


def treasure(data: Components, hand: list[int], category: int) -> int:
    """Nuggets (or stones) shown on the markers in ``hand``: not the number of markers."""
    return sum(n * data.value[t] for t, n in enumerate(hand) if n and data.category[t] == category)


def majority_points(amounts: list[int]) -> list[int]:
    """Africa, Game End and Scoring - Gold and Jewels: 10 for the most, 6 for the second
    most; tied players add the points of the places they take and share them, rounded down.
    A player with nothing takes no place (docs/rules-decisions.md)."""
    out = [0] * len(amounts)
    place = 0
    for amount in sorted({a for a in amounts if a > 0}, reverse=True):
        if place >= len(PLACE_POINTS):
            break
        tied = [p for p, a in enumerate(amounts) if a == amount]
        pot = sum(PLACE_POINTS[place : place + len(tied)])
        for p in tied:
            out[p] = pot // len(tied)
        place += len(tied)
    return out


def final_parts(state: AfricaState) -> list[dict[str, int]]:
    """The end-of-game categories of every seat (goods, gold, jewels)."""
    data = state.data
    gold = majority_points([treasure(data, hand, GOLD) for hand in state.hand])
    jewels = majority_points([treasure(data, hand, JEWELS) for hand in state.hand])
    return [
        {"goods": goods_points(data, hand), "gold": gold[p], "jewels": jewels[p]}
        for p, hand in enumerate(state.hand)
    ]


def breakdown(state: AfricaState, player: int) -> dict[str, int]:
    """Every scoring category of one player, and the ``total``. Before the end only the points
    scored during play count (the running score)."""
    parts = {
        "play": state.track[player],
        "bonus": BONUS if state.bonus == player else 0,
        "goods": 0,
        "gold": 0,
        "jewels": 0,
    }
    if state.is_over:
        parts.update(final_parts(state)[player])
    parts["total"] = sum(parts.values())
    return parts


def final_scores(state: AfricaState) -> list[int]:
    """Every seat's total (once the game is over)."""
    return [breakdown(state, p)["total"] for p in range(state.num_players)]


def winners(state: AfricaState) -> list[int]:
    """Africa, Game End and Scoring: the most points wins; a tie shares the victory
    (docs/rules-decisions.md)."""
    totals = final_scores(state)
    best = max(totals)
    return [p for p, t in enumerate(totals) if t == best]


def score_bounds(data: Components, actions: int) -> tuple[int, int]:
    """Bounds on any player's score in a game of at most ``actions`` actions (not tight).

    Scores never fall. During play one action scores at most the largest of: a gold or jewel
    marker's value, an animal (1 and its six neighbours), a nomad or a move (six bordering
    spaces), research (six neighbours); a player acts at most twice per turn, and the rules
    set no end to a game in which nobody uncovers the last monument, hence ``actions``. At the
    end come the goods sets, both majorities and the bonus.
    """
    per_action = max(7, *data.value)
    end = len(data.goods) * SET_POINTS[-1] + 2 * PLACE_POINTS[0] + BONUS
    return 0, per_action * actions + end
