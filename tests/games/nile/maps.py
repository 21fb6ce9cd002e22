"""Small helpers for tests that set up a territory on the shipped board."""

from __future__ import annotations

from terra.games.nile.components import load_components
from terra.games.nile.terms import VELDT
from terra.games.nile.territory import EXPLORED, Territory, side_towards

BOARD = load_components().board


def near(hex_: int, *directions: int) -> int:
    """The hex reached from ``hex_`` by the steps ``directions``."""
    for direction in directions:
        hex_ = BOARD.neighbour(hex_, direction)
    return hex_


def side_of(a: int, b: int) -> int:
    """The side of ``a`` that faces its neighbour ``b``."""
    return side_towards(BOARD, a, b)


def explored(t: Territory, hex_: int, terrain: int = VELDT) -> None:
    """Mark a hex explored with ``terrain`` (a test position, as if mapped)."""
    t.terrain[hex_] = terrain
    t.stage[hex_] = EXPLORED
