"""How long a search bot thinks: a number of iterations or a time per decision.

A level is written after the bot's name: ``ismcts:2000`` (iterations: the same seed and
position always give the same decision), ``ismcts:1s`` or ``ismcts:250ms`` (time: as strong as
the machine allows, but not reproducible).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from terra.core.errors import TerraError, quote

# Far beyond any sensible thinking time or count; a typo with extra zeros is refused.
MOST_ITERATIONS = 10_000_000
MOST_SECONDS = 3600.0

_LEVEL = re.compile(r"^(?P<number>\d+(?:\.\d+)?)(?P<unit>s|ms)?$")


@dataclass(frozen=True)
class Budget:
    """Iterations (``seconds`` is ``None``) or seconds (``iterations`` is ``None``) a
    decision may take."""

    iterations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        if self.seconds is None:
            return str(self.iterations)
        return f"{self.seconds:g}s"

    def deadline(self) -> float:
        """The ``time.perf_counter()`` at which a search started now must stop (inf: none)."""
        if self.seconds is None:
            return float("inf")
        return time.perf_counter() + self.seconds

    def most_iterations(self) -> int:
        """The iterations a search may run (time budgets are stopped by their deadline)."""
        return MOST_ITERATIONS if self.iterations is None else self.iterations


def parse_budget(text: str, bot: str) -> Budget:
    """The budget a level names: ``2000`` iterations, ``1s``, ``0.5s`` or ``250ms``.

    >>> parse_budget("2000", "ismcts")
    Budget(iterations=2000, seconds=None)
    >>> parse_budget("250ms", "ismcts")
    Budget(iterations=None, seconds=0.25)
    >>> parse_budget("abc", "ismcts")
    Traceback (most recent call last):
    terra.core.errors.TerraError: bot level 'abc' of ismcts is neither a number of iterations \
(ismcts:2000) nor a time (ismcts:1s, ismcts:250ms)
    """
    found = _LEVEL.match(text.strip().lower()) if len(text) <= 40 else None
    if found is None:
        raise TerraError(
            f"bot level {quote(text)} of {bot} is neither a number of iterations ({bot}:2000) "
            f"nor a time ({bot}:1s, {bot}:250ms)"
        )
    number, unit = float(found["number"]), found["unit"]
    if unit is None:
        if "." in found["number"]:
            raise TerraError(f"bot level {quote(text)} of {bot}: iterations are a whole number")
        if not 1 <= number <= MOST_ITERATIONS:
            raise TerraError(
                f"bot level {quote(text)} of {bot}: iterations must be 1 to {MOST_ITERATIONS:,}"
            )
        return Budget(iterations=int(number))
    seconds = number / 1000 if unit == "ms" else number
    if not 0.001 <= seconds <= MOST_SECONDS:
        raise TerraError(
            f"bot level {quote(text)} of {bot}: a time must be 1ms to {MOST_SECONDS:g}s"
        )
    return Budget(seconds=seconds)
