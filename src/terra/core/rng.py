"""The random number generator that lives inside every game state.

A tiny SplitMix64 generator: its whole state is one integer, so cloning a game state copies it
for free, and its output is fixed by this file alone, so a record (seed + actions) replays
identically on every Python version forever (``random.Random`` promises neither).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SupportsRandBits(Protocol):
    """Anything that can hand out random bits: ``random.Random`` or :class:`Rng`."""

    def getrandbits(self, k: int, /) -> int: ...


class Rng:
    """SplitMix64 (Steele, Lea and Flood, 2014): fast, small, statistically sound for games."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    def next64(self) -> int:
        """The next 64 random bits as an int."""
        self._s = s = (self._s + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def getrandbits(self, k: int) -> int:
        """``k`` random bits (``k`` <= 64), as in ``random.Random``."""
        return self.next64() >> (64 - k) if k else 0

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self._s)

    @property
    def state(self) -> int:
        """The whole generator state (for equality checks and debugging)."""
        return self._s


def new_seed(source: SupportsRandBits) -> int:
    """A fresh 63-bit seed drawn from ``source`` (kept positive so it reads well in JSON)."""
    return source.getrandbits(63)
