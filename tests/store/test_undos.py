"""An undo asked for, kept with its match (docs/web.md, "Undo"): answered once whichever
process answers, closed by a refusal or the last agreement, lapsed by a move."""

from __future__ import annotations

import pytest

import terra
from terra.core.undo import CannotUndo
from terra.store import MatchStore, SeatInfo, StaleMove
from terra.store.undos import AGREED, ASKED, REFUSED, TAKEN, Undos, heard, said

PEOPLE = [SeatInfo(n, name, None) for n, name in enumerate(("Ann", "Bo", "Cy"))]


def _one_move(store: MatchStore) -> str:
    """A three-person Africa match after its first move."""
    match_id, _ = store.create_match(terra.game("africa").new(3, seed=4), PEOPLE)
    state, _ = store.state(match_id)
    store.append_move(match_id, 0, state.legal_action_strs()[0], None)
    return match_id


def test_every_agreement_is_needed_and_the_last_one_closes_the_request(
    store: MatchStore,
) -> None:
    match_id = _one_move(store)
    undos = Undos(store.engine)
    asked = undos.ask(match_id, 1, 0, frozenset({1, 2}))
    assert undos.pending(match_id) == asked
    with pytest.raises(CannotUndo, match="waiting for an answer already"):
        undos.ask(match_id, 1, 0, frozenset({1, 2}))
    with pytest.raises(CannotUndo, match="not yours to answer"):
        undos.answer(match_id, 1, 0, True)
    after, done = undos.answer(match_id, 1, 1, True)
    assert not done and after.agreed == {1}
    assert undos.pending(match_id) == after  # another process reads the same request
    after, done = undos.answer(match_id, 1, 2, True)
    assert done and undos.pending(match_id) is None
    with pytest.raises(CannotUndo, match="no undo is waiting"):
        undos.answer(match_id, 1, 2, True)


def test_a_refusal_closes_it_and_a_move_lets_it_lapse(store: MatchStore) -> None:
    match_id = _one_move(store)
    undos = Undos(store.engine)
    first = undos.ask(match_id, 1, 0, frozenset({1, 2}))
    undos.answer(match_id, 1, 2, False)
    assert undos.pending(match_id) is None
    second = undos.ask(match_id, 1, 0, frozenset({1, 2}))
    assert second.serial == first.serial + 1
    state, moves = store.state(match_id)
    store.append_move(match_id, moves, state.legal_action_strs()[0], None)
    assert undos.pending(match_id) is None  # asked at a position the match has left
    with pytest.raises(StaleMove):
        undos.ask(match_id, 1, 0, frozenset({1, 2}))


def test_what_is_announced_is_read_back_whole() -> None:
    for serial, what, seat in [(1, ASKED, 0), (7, AGREED, 5), (300, REFUSED, 2), (2, TAKEN, 1)]:
        assert heard(said(serial, what, seat)) == (serial, what, seat)
    numbers = {said(s, w, p) for s in range(5) for w in range(4) for p in range(6)}
    assert len(numbers) == 5 * 4 * 6  # no two events of a match share a number
