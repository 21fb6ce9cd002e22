"""Players and open tables in the database, on SQLite and PostgreSQL: a name unique in any
case, only a key's hash kept, an open table waiting for its free seats and refusing moves
until they are taken or filled with bots."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import text

import terra
from terra.store import MatchStore, SeatInfo
from terra.store.matches import NotStarted
from terra.store.players import PlayerInfo, PlayerRefused, Players, hash_key


def open_table(store: MatchStore, host: str, bots: list[str | None]) -> str:
    seats = [SeatInfo(n, "Ann" if n == 0 else "", bot) for n, bot in enumerate(bots)]
    state = terra.game("expedition").new(len(bots), seed=3)
    match_id, tokens = store.create_match(state, seats, host=host)
    assert tokens == {}  # an open table's seats are held by identity, not by tokens
    return match_id


def test_a_name_is_unique_in_any_case_and_only_the_keys_hash_is_kept(store: MatchStore) -> None:
    players = Players(store.engine)
    ann, key = players.create("Ann")
    assert len(key) >= 43 and players.by_key(key) == ann
    assert players.by_key(key + "x") is None
    with pytest.raises(PlayerRefused, match="the name ANN is taken"):
        players.create("ANN")
    bo, _ = players.create("Bo")
    with pytest.raises(PlayerRefused, match="taken"):
        players.rename(bo.id, "aNN")
    assert players.rename(ann.id, "Anna") == type(ann)(ann.id, "Anna")
    assert players.by_key(key) == type(ann)(ann.id, "Anna")
    with store.engine.connect() as connection:
        kept = connection.execute(text("SELECT key_hash FROM players")).scalars().all()
    assert hash_key(key) in kept and key not in kept


def test_an_open_table_waits_until_full_and_refuses_moves_before(store: MatchStore) -> None:
    players = Players(store.engine)
    ann, _ = players.create("Ann")
    bo, _ = players.create("Bo")
    cy, _ = players.create("Cy")
    match_id = open_table(store, ann.id, [None, None, "random"])
    info = store.info(match_id)
    assert info.waiting and info.open_table and info.free(info.seats[1])
    [listed] = players.open_tables()
    assert listed.seats == (("Ann", None), (None, None), (None, "random"))
    state, moves = store.state(match_id)
    with pytest.raises(NotStarted, match="has not started"):
        store.append_move(match_id, moves, state.legal_action_strs()[0], None)
    with pytest.raises(PlayerRefused, match="you sit at this table already"):
        players.join(match_id, ann)
    assert players.join(match_id, bo) == (1, True)
    assert not store.info(match_id).waiting
    assert store.info(match_id).seats[1] == SeatInfo(1, "Bo", None, bo.id)
    assert players.open_tables() == []
    with pytest.raises(PlayerRefused, match="has started"):
        players.join(match_id, cy)
    assert store.append_move(match_id, moves, state.legal_action_strs()[0], None).moves == 1
    assert players.seat_of(match_id, bo.id) == 1 and players.seat_of(match_id, cy.id) is None
    assert [s.match_id for s in players.sittings(bo.id)] == [match_id]


def test_the_creator_alone_fills_the_free_seats_with_bots(store: MatchStore) -> None:
    players = Players(store.engine)
    ann, _ = players.create("Ann")
    bo, _ = players.create("Bo")
    match_id = open_table(store, ann.id, [None, None, None])
    assert players.join(match_id, bo) == (1, False)
    with pytest.raises(PlayerRefused, match="only the table's creator"):
        players.fill(match_id, bo.id, "random")
    assert players.fill(match_id, ann.id, "random") == [2]
    info = store.info(match_id)
    assert not info.waiting and info.seats[2] == SeatInfo(2, "random bot", "random")
    with pytest.raises(PlayerRefused, match="has started"):
        players.fill(match_id, ann.id, "random")


def test_a_private_table_is_not_joined(store: MatchStore) -> None:
    players = Players(store.engine)
    ann, _ = players.create("Ann")
    state = terra.game("expedition").new(2, seed=3)
    match_id, tokens = store.create_match(state, [SeatInfo(0, "A", None), SeatInfo(1, "B", None)])
    assert len(tokens) == 2 and not store.info(match_id).waiting
    with pytest.raises(PlayerRefused, match="private"):
        players.join(match_id, ann)
    assert players.open_tables() == []


def test_two_players_asking_for_the_last_seat_at_once_get_one_seat(store: MatchStore) -> None:
    players = Players(store.engine)
    ann, _ = players.create("Ann")
    askers = [players.create(name)[0] for name in ("Bo", "Cy", "Di", "Ed")]
    match_id = open_table(store, ann.id, [None, None])
    outcomes: list[object] = []
    start = threading.Barrier(len(askers))

    def ask(player: PlayerInfo) -> None:
        start.wait()
        try:
            outcomes.append(players.join(match_id, player))
        except PlayerRefused as problem:
            outcomes.append(problem.template)

    threads = [threading.Thread(target=ask, args=(p,)) for p in askers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(str, outcomes)) == sorted(
        ["(1, True)", *["this table has started: its seats are taken"] * 3]
    )
    assert not store.info(match_id).waiting
