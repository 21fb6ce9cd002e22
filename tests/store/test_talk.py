"""A match's chat and its rematch in the database, on SQLite and PostgreSQL: messages kept in
order, the last ones read back; a rematch made once, when the last person asks, with a fresh
seed and each person's token derived from their own."""

from __future__ import annotations

import random
import threading

import pytest
from sqlalchemy import text

import terra
from terra.store import MatchStore, SeatInfo
from terra.store.chat import ChatStore
from terra.store.rematch import CannotRematch, Rematch, Rematches, rematch_token

SEATS = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bo", "random"), SeatInfo(2, "Cy", None)]


def finished(store: MatchStore) -> tuple[str, dict[int, str]]:
    match_id, tokens = store.create_match(terra.game("expedition").new(3, seed=9), SEATS)
    rng = random.Random(5)
    state, moves = store.state(match_id)
    while not state.is_over:
        played = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
        state, moves = played.state, played.moves
    return match_id, tokens


def test_chat_is_kept_in_order_and_the_last_are_read_back(store: MatchStore) -> None:
    match_id, _ = store.create_match(terra.game("africa").new(3, seed=1), SEATS)
    chat = ChatStore(store.engine)
    said = [chat.say(match_id, seat, f"words {n}") for n, seat in enumerate([0, None, 2, 0])]
    assert [s.id for s in said] == sorted(s.id for s in said)
    recent = chat.recent(match_id, 3)
    assert [(s.seat, s.text) for s in recent] == [(None, "words 1"), (2, "words 2"), (0, "words 3")]
    assert chat.line(match_id, said[1].id) == recent[0]
    assert chat.recent(store.create_match(terra.game("africa").new(3, seed=1), SEATS)[0], 9) == []


def test_a_rematch_is_made_once_when_every_person_asked(store: MatchStore) -> None:
    match_id, tokens = finished(store)
    rematches = Rematches(store.engine)
    assert rematches.of(match_id) == Rematch((), None)
    assert rematches.ask(match_id, 0, tokens[0]) == (Rematch((0,), None), True)
    assert rematches.ask(match_id, 0, tokens[0]) == (Rematch((0,), None), False)
    made, changed = rematches.ask(match_id, 2, tokens[2])
    assert changed and made.asked == (0, 2) and made.match is not None
    assert rematches.ask(match_id, 0, tokens[0]) == (made, False)  # not made twice
    old, new = store.info(match_id), store.info(made.match)
    assert new.seed != old.seed and new.moves == 0 and new.status == "active"
    assert new.seats == old.seats and (new.game, new.players) == (old.game, 3)
    for seat in (0, 2):
        assert store.seat_of(made.match, rematch_token(tokens[seat], match_id)) == seat
        assert store.seat_of(made.match, tokens[seat]) is None


def test_of_the_last_two_asking_at_once_one_match_is_made(store: MatchStore) -> None:
    match_id, tokens = finished(store)
    rematches = Rematches(store.engine)
    found: list[Rematch] = []
    barrier = threading.Barrier(2)

    def ask(seat: int) -> None:
        barrier.wait()
        found.append(rematches.ask(match_id, seat, tokens[seat])[0])

    threads = [threading.Thread(target=ask, args=(seat,)) for seat in (0, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = rematches.of(match_id).match
    assert made is not None and {r.match for r in found} == {None, made}  # the first, the last
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM matches")).scalar() == 2


def test_a_match_still_played_has_no_rematch(store: MatchStore) -> None:
    match_id, tokens = store.create_match(terra.game("africa").new(3, seed=1), SEATS)
    with pytest.raises(CannotRematch, match="a rematch is for a finished game"):
        Rematches(store.engine).ask(match_id, 0, tokens[0])
    assert Rematches(store.engine).of(match_id) == Rematch((), None)
