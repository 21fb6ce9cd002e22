"""Where each seat of a finished game placed: what ``terra tournament`` and the server's ratings
(docs/web.md, "Ratings") feed openskill, so that both treat ties alike."""

from __future__ import annotations

from collections.abc import Sequence


def finishing_places(scores: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place (1 = first): the winners share first place; the others follow by
    score, equal scores sharing a place, and the next place skips as many as shared it.

    >>> finishing_places([30, 40, 30, 10], [1])
    (2, 1, 2, 4)
    >>> finishing_places([25, 25, 10], [0, 1])
    (1, 1, 3)
    >>> finishing_places([20, 20], [1])  # a tie broken by the rules, not by the score
    (2, 1)
    """
    won = set(winners)

    def ahead(other: int, seat: int) -> bool:
        if other in won:
            return seat not in won
        return seat not in won and scores[other] > scores[seat]

    seats = range(len(scores))
    return tuple(1 + sum(ahead(other, seat) for other in seats) for seat in seats)
