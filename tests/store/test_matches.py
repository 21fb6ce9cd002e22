"""The store: matches, tokens kept only as hashes, moves appended in order, and states that
are rebuilt from the database whatever the cache holds."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

import terra
from terra.core.errors import IllegalAction
from terra.store import MatchStore, SeatInfo, StaleMove, UnknownMatch, open_engine
from terra.store.database import DatabaseError
from terra.store.models import Base
from terra.store.notices import Notice

PEOPLE = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bo", None)]


@pytest.fixture
def stores(database_url: str) -> Iterator[list[MatchStore]]:
    """Two stores on one database, as two server processes hold them."""
    both = [MatchStore(open_engine(database_url)) for _ in range(2)]
    yield both
    for store in both:
        store.engine.dispose()


def dump(store: MatchStore) -> str:
    """Every value of every table, as text."""
    with store.engine.connect() as connection:
        return "\n".join(
            repr(tuple(row))
            for table in Base.metadata.sorted_tables
            for row in connection.execute(table.select())
        )


def new_match(store: MatchStore, seed: int = 3) -> tuple[str, dict[int, str]]:
    return store.create_match(terra.game("africana").new(2, seed=seed), PEOPLE)


def legal(store: MatchStore, match_id: str) -> str:
    state, _ = store.state(match_id)
    return state.legal_action_strs()[0]


class TestTokens:
    def test_each_person_gets_a_token_that_finds_their_seat(self, store: MatchStore) -> None:
        match_id, tokens = new_match(store)
        assert {store.seat_of(match_id, t) for t in tokens.values()} == {0, 1}
        assert store.seat_of(match_id, tokens[0] + "x") is None
        assert store.seat_of("no-such-match", tokens[0]) is None

    def test_the_database_holds_no_token_only_its_hash(self, store: MatchStore) -> None:
        match_id, tokens = new_match(store)
        everything = dump(store)
        assert match_id in everything
        assert not any(token in everything for token in tokens.values())

    def test_a_bot_seat_has_no_token(self, store: MatchStore) -> None:
        seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "random bot", "random")]
        match_id, tokens = store.create_match(terra.game("africa").new(2, seed=1), seats)
        assert set(tokens) == {0}
        assert [s.bot for s in store.info(match_id).seats] == [None, "random"]


class TestAppending:
    def test_moves_are_numbered_in_order_and_the_record_replays(self, store: MatchStore) -> None:
        match_id, _ = new_match(store)
        for seen in range(30):
            state, moves = store.state(match_id)
            assert moves == seen
            store.append_move(match_id, seen, legal(store, match_id), state.current_player)
        record = store.record(match_id)
        assert len(record.actions) == 30
        assert terra.replay(record) == store.state(match_id)[0]

    def test_a_stale_move_is_refused_and_stores_nothing(self, store: MatchStore) -> None:
        match_id, _ = new_match(store)
        store.append_move(match_id, 0, legal(store, match_id), 0)
        with pytest.raises(StaleMove, match="moved on: you saw 0 moves, it has 1"):
            store.append_move(match_id, 0, legal(store, match_id), None)
        assert store.info(match_id).moves == 1

    def test_an_illegal_move_is_refused_with_its_rule_and_stores_nothing(
        self, store: MatchStore
    ) -> None:
        match_id, _ = new_match(store)
        with pytest.raises(IllegalAction, match="seat 0's turn, not seat 1's"):
            store.append_move(match_id, 0, legal(store, match_id), 1)
        with pytest.raises(IllegalAction, match="is not an Africana action"):
            store.append_move(match_id, 0, "fly to the moon", 0)
        assert store.info(match_id).moves == 0
        assert store.actions(match_id) == []

    def test_an_unknown_match_is_named(self, store: MatchStore) -> None:
        with pytest.raises(UnknownMatch, match="no match 'nope'"):
            store.append_move("nope", 0, "x", None)

    def test_of_many_writers_at_one_position_exactly_one_wins(self, store: MatchStore) -> None:
        match_id, _ = new_match(store)
        action = legal(store, match_id)
        outcomes: list[str] = []

        def write() -> None:
            try:
                store.append_move(match_id, 0, action, 0)
                outcomes.append("stored")
            except StaleMove:
                outcomes.append("stale")

        threads = [threading.Thread(target=write) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["stale"] * 7 + ["stored"]
        assert store.actions(match_id) == [action]

    def test_of_writers_in_two_processes_exactly_one_wins_each_move(
        self, stores: list[MatchStore]
    ) -> None:
        """Two stores (two server processes) race for every move of a match: each move is
        stored once, in order, and the record replays."""
        match_id, _ = new_match(stores[0])
        wins = [0, 0]
        barrier = threading.Barrier(2)

        def race(side: int) -> None:
            store = stores[side]
            for _ in range(20):
                barrier.wait()
                state, seen = store.state(match_id)
                try:
                    store.append_move(match_id, seen, state.legal_action_strs()[0], None)
                    wins[side] += 1
                except StaleMove:
                    pass
                barrier.wait()

        threads = [threading.Thread(target=race, args=(side,)) for side in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        record = stores[1].record(match_id)
        assert len(record.actions) == sum(wins)
        assert 20 <= sum(wins) <= 40
        assert terra.replay(record) == stores[0].state(match_id)[0]


class TestTheDatabaseIsTheTruth:
    def test_another_process_store_rebuilds_the_same_state(self, stores: list[MatchStore]) -> None:
        first, second = stores  # the second migrated again, which changed nothing
        match_id, _ = new_match(first)
        for seen in range(12):
            first.append_move(match_id, seen, legal(first, match_id), None)
        assert second.state(match_id) == first.state(match_id)

    def test_a_cache_behind_the_database_is_not_used(self, stores: list[MatchStore]) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        second.state(match_id)  # cached at 0 moves
        first.append_move(match_id, 0, legal(first, match_id), None)
        state, moves = second.state(match_id)
        assert moves == 1 and len(state.history) == 1
        second.append_move(match_id, 1, state.legal_action_strs()[0], None)
        assert len(first.actions(match_id)) == 2

    def test_a_cache_behind_is_brought_up_to_date_with_the_moves_since(
        self, stores: list[MatchStore]
    ) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        for seen in range(5):
            first.append_move(match_id, seen, legal(first, match_id), None)
        behind, _ = second.state(match_id)  # cached at 5 moves
        for seen in range(5, 9):
            first.append_move(match_id, seen, legal(first, match_id), None)
        state, moves = second.state(match_id, 9)
        assert moves == 9 and state == first.state(match_id)[0]
        assert len(behind.history) == 5  # the shared state it had handed out did not change
        # Asked for an older count than it holds, the store answers with the newer truth.
        assert second.state(match_id, 7) == (state, 9)

    def test_a_move_on_a_cache_behind_is_checked_against_the_moves_since(
        self, stores: list[MatchStore]
    ) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        for seen in range(2):
            first.append_move(match_id, seen, legal(first, match_id), None)
        second.state(match_id)  # cached at 2 moves
        for seen in range(2, 4):
            first.append_move(match_id, seen, legal(first, match_id), None)
        state, _ = first.state(match_id)
        mover = state.current_player
        assert mover is not None
        wrong = 1 - mover
        with pytest.raises(IllegalAction, match=f"seat {mover}'s turn, not seat {wrong}'s"):
            second.append_move(match_id, 4, state.legal_action_strs()[0], wrong)
        second.append_move(match_id, 4, state.legal_action_strs()[0], mover)
        record = first.record(match_id)
        assert len(record.actions) == 5
        assert terra.replay(record) == second.state(match_id)[0]

    def test_a_move_heard_of_is_played_on_the_cached_state_before_it(
        self, stores: list[MatchStore]
    ) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        first.append_move(match_id, 0, legal(first, match_id), None)
        before, _ = second.state(match_id)  # cached at 1 move
        moved = first.append_move(match_id, 1, legal(first, match_id), None)
        after = second.follow(Notice(match_id, 2, action=moved.action))
        assert after == moved.state and second.state(match_id, 2) == (after, 2)
        assert len(before.history) == 1  # the shared state it had handed out did not change
        assert second.follow(Notice(match_id, 2, action=moved.action)) is after  # heard again
        first.append_move(match_id, 2, legal(first, match_id), None)
        third = first.append_move(match_id, 3, legal(first, match_id), None)
        # A notice it cannot follow (moves missed, a move that does not play): the database says.
        assert second.follow(Notice(match_id, 4, action=third.action)) is None
        assert second.follow(Notice(match_id, 3, action="no such move")) is None
        assert second.follow(Notice(match_id, 3)) is None
        assert second.state(match_id, 4) == (third.state, 4)

    def test_moves_taken_back_and_played_again_are_not_followed_on_the_old_state(
        self, stores: list[MatchStore]
    ) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        for seen in range(3):
            first.append_move(match_id, seen, legal(first, match_id), None)
        old, _ = second.state(match_id)  # cached at 3 moves
        first.take_back(match_id, 3, 2)
        assert second.follow(Notice(match_id, 2, back=True)) is None  # forgets its 3 moves
        options = first.state(match_id)[0].legal_action_strs()
        other = next(a for a in options if a != old.record().actions[-1])
        again = first.append_move(match_id, 2, other, None)
        assert second.follow(Notice(match_id, 3, action=again.action)) is None
        assert second.state(match_id, 3) == (again.state, 3)

    def test_sqlite_runs_in_wal_mode(self, tmp_path: Path) -> None:
        store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'wal.sqlite3'}"))
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"


class TestTakingBack:
    def test_moves_taken_back_leave_the_earlier_match_in_every_process(
        self, stores: list[MatchStore]
    ) -> None:
        first, second = stores
        match_id, _ = new_match(first)
        for seen in range(6):
            first.append_move(match_id, seen, legal(first, match_id), None)
        kept = first.actions(match_id)[:2]
        second.state(match_id)  # cached at 6 moves in the other process
        state, moves = first.take_back(match_id, 6, 2)
        assert moves == 2 and first.actions(match_id) == kept
        assert len(state.history) == 2 and first.info(match_id).moves == 2
        # the other process asks the database, which now holds fewer moves than its cache
        assert second.state(match_id) == (state, 2)
        first.append_move(match_id, 2, legal(first, match_id), None)
        assert second.state(match_id)[1] == 3

    def test_a_stale_take_back_changes_nothing(self, store: MatchStore) -> None:
        match_id, _ = new_match(store)
        for seen in range(3):
            store.append_move(match_id, seen, legal(store, match_id), None)
        before = dump(store)
        with pytest.raises(StaleMove):
            store.take_back(match_id, 2, 1)
        assert dump(store) == before


class TestOpening:
    def test_a_url_that_is_no_url_is_a_clear_error(self) -> None:
        with pytest.raises(DatabaseError, match="'nope' is not a database URL"):
            open_engine("nope")

    def test_a_file_that_cannot_be_created_is_a_clear_error(self, tmp_path: Path) -> None:
        with pytest.raises(DatabaseError, match="cannot open database"):
            open_engine(f"sqlite:///{tmp_path / 'missing' / 'folder' / 'x.db'}")
