"""A bounded memo for heuristics: results kept by everything they were computed from.

A search meets the same positions, maps and hands again and again, so a game's heuristics
keep what they computed. The memo is emptied when it is full: memory stays bounded however
long a search runs, and what the search still needs it soon computes again (cheaper than
tracking which entries were used last on every lookup, the hot path).
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of at most ``most`` entries; look up with ``get``, store with :meth:`keep`."""

    __slots__ = ("most",)

    def __init__(self, most: int) -> None:
        super().__init__()
        if most < 1:
            raise ValueError(f"a memo keeps at least one entry, not {most}")
        self.most = most

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the memo first if it is full); return it."""
        if len(self) >= self.most and key not in self:
            self.clear()
        self[key] = value
        return value
