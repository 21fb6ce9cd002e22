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


def assert_legality_agrees(state: GameState) -> None:
    """The rules' two statements of legality judge every action of ``state`` alike: the
    explanation is None exactly for the legal actions, and otherwise gives a reason and cites
    a section of the game's own rulebook. ``is_legal`` (asked before the legal actions are
    listed) agrees too."""
    unlisted = state.clone()
    unlisted._forget_legal()
    legal = set(state.legal_actions())
    title = state.game.title
    for action in range(state.num_actions):
        error = state.explain_illegal(action)
        text = state.action_str(action)
        assert unlisted.is_legal(action) == (action in legal), text
        if action in legal:
            assert error is None, f"{text!r} is legal, but: {error}"
        else:
            assert error is not None, f"{text!r} is not legal, but nothing says why"
            assert error.reason, text
            assert (error.rule or "").startswith(f"{title}, "), (text, error)
