"""Checks shared by every game's clone tests: a clone shares no mutable part with its original."""

from __future__ import annotations

import copy
from typing import Any

from terra.core.state import GameState


def mutable_parts(state: GameState) -> list[str]:
    """The game's own fields (not the core's) that hold a list, a set or a bytearray."""
    names = [
        name
        for cls in type(state).__mro__
        if issubclass(cls, GameState) and cls is not GameState
        for name in getattr(cls, "__slots__", ())
    ]
    return [
        name
        for name in names
        if not name.startswith("_")
        and isinstance(getattr(state, name, None), list | set | bytearray)
    ]


def scribble(value: list[Any] | set[Any] | bytearray) -> None:
    """Change ``value`` and every list inside it."""
    if isinstance(value, set):
        value.add(-7)
        return
    if isinstance(value, bytearray):
        value.append(7)
        return
    for inner in value:
        if isinstance(inner, list):
            inner.append(-7)
    value.append(-7)


def assert_clone_shares_nothing(state: GameState) -> list[str]:
    """Change every mutable part of a clone of ``state`` (and every list inside them), and
    check that ``state`` stays as it was; returns the names of the parts changed."""
    names = mutable_parts(state)
    before = {name: copy.deepcopy(getattr(state, name)) for name in names}
    twin = state.clone()
    for name in names:
        scribble(getattr(twin, name))
    for name in names:
        assert getattr(state, name) == before[name], name
    return names
