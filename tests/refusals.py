"""Checks shared by every game's bad-input tests: a refused action changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from terra.core import IllegalAction
from terra.core.state import GameState


def refused(state: GameState, action: Any, seat: int | None = None) -> IllegalAction:
    """Play ``action``, expect :class:`IllegalAction`, and check that nothing changed.

    Nothing means the position (``==``), the history, the log and every seat's view.
    """
    before = state.clone()
    history = state.history
    events = state.events
    views = [state.view(s) for s in [None, *range(state.num_players)]]
    with pytest.raises(IllegalAction) as caught:
        state.play(action, seat)
    assert state == before
    assert state.history == history
    assert state.events == events
    assert [state.view(s) for s in [None, *range(state.num_players)]] == views
    error = caught.value
    assert error.reason
    assert str(error).startswith(error.reason)
    return error


def refused_by_rule(state: GameState, action: Any, rule: str, *says: str) -> IllegalAction:
    """As :func:`refused`, and the error cites ``rule`` and its reason contains ``says``."""
    error = refused(state, action)
    assert error.rule == rule, error
    for words in says:
        assert words in error.reason, error
    return error


def explanation(state: GameState, action: int) -> IllegalAction:
    """Why ``action`` is illegal now, as ``explain_illegal`` says (it must say something)."""
    error = state.explain_illegal(action)
    assert error is not None, f"{state.action_str(action)!r} is legal"
    return error
