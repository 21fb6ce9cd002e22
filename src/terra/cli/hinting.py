"""``hint`` in words: the search's best moves (:func:`terra.ai.hints.hints`), each said as
good as the best, nearly as good, weaker or poor by how much less than the best it is expected
to bring, its figures kept beside the words."""

from __future__ import annotations

from collections.abc import Sequence

from terra.ai.hints import Hint, hints
from terra.cli.language import Speech, legal_moves
from terra.core import GameState
from terra.core.errors import marked

# A move's expected result runs from -1 (a sure loss) to +1 (a sure win). The word for a move
# is the first whose limit its shortfall from the best move's expected result stays within:
# the search's estimates differ by a few hundredths from one run to the next, so a move that
# close is as good as the best.
VERDICTS: tuple[tuple[float, str], ...] = (
    (0.02, marked("best")),
    (0.06, marked("nearly as good")),
    (0.2, marked("weaker")),
)
POOR = marked("poor")


def verdict(shortfall: float) -> str:
    """The word (English, a message of the catalogs) for a move expected to bring
    ``shortfall`` less than the best.

    >>> verdict(0.0), verdict(0.05), verdict(0.1), verdict(0.5)
    ('best', 'nearly as good', 'weaker', 'poor')
    """
    for limit, word in VERDICTS:
        if shortfall <= limit:
            return word
    return POOR


def ranked(found: Sequence[Hint]) -> list[tuple[Hint, str]]:
    """``found`` best first by expected result (the larger share of the search first where
    they are equal), each with its word."""
    if not found:
        return []
    best = max(hint.value for hint in found)
    order = sorted(found, key=lambda hint: (-hint.value, -hint.share))
    return [(hint, verdict(best - hint.value)) for hint in order]


def hint_lines(state: GameState, speech: Speech) -> list[str]:
    """The hint for the seat to act in ``state``, a line per move, in ``speech``'s language:
    the move as it reads there, its word, its expected result in brackets, its share of the
    search and where it leaves the seat by the game's evaluation."""
    labels = {move.action: move.label for move in legal_moves(state, speech.language)}
    t = speech.t
    lines = []
    for number, (hint, word) in enumerate(ranked(hints(state)), start=1):
        said = t(
            "{move}: {verdict} (expected {value})",
            move=labels.get(hint.action, hint.text),
            verdict=word,
            value=f"{hint.value:+.2f}",
        )
        why = t(
            "chosen in {share}% of the search; afterwards you stand at about {points} points "
            "({change} this turn)",
            share=round(hint.share * 100),
            points=f"{hint.points:.1f}",
            change=f"{hint.change:+.1f}",
        )
        if hint.rival is not None:
            why += t(", the best rival at {rival}", rival=f"{hint.rival:.1f}")
        lines.append(f"{number}. {said}; {why}")
    return lines
