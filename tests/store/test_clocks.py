"""The tables' clocks in the database (docs/web.md, "Clocks"): a bank charged the time its
person took, a deadline for the person to move only, a bot standing in once it passes or the
person leaves, once whichever process sees it first, and the seat taken back."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

import terra
from terra.store import MatchStore, SeatInfo
from terra.store import clocks as clock_module
from terra.store.chat import ChatStore
from terra.store.clocks import GRACE, Clock, ClockError, Clocks
from terra.store.models import Match, now
from terra.store.rematch import Rematches

PEOPLE = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bo", None)]
BANK = Clock("bank", 600, 10)


class Frozen:
    """The store's clock, moved on by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.time = now()
        monkeypatch.setattr(clock_module, "now", lambda: self.time)

    def wait(self, seconds: float) -> None:
        self.time += timedelta(seconds=seconds)


def _started(store: MatchStore, clock: Clock, seats: list[SeatInfo] = PEOPLE) -> tuple[str, Clocks]:
    """A new Africana match of ``seats`` with ``clock``, its clock started."""
    state = terra.game("africana").new(2, seed=3)
    match_id, _ = store.create_match(state, seats, clock=clock, stand_in="random")
    clocks = Clocks(store.engine)
    assert clocks.moved(match_id, 0, None, state.current_player) is not None
    return match_id, clocks


def _move(store: MatchStore, clocks: Clocks, match_id: str) -> Any:
    """Play the first legal move, and time it as the server does."""
    state, moves = store.state(match_id)
    result = store.append_move(match_id, moves, state.legal_action_strs()[0], None)
    to_move = None if result.state.is_over else result.state.current_player
    return clocks.moved(match_id, result.moves, result.seat, to_move)


def _to_move(store: MatchStore, match_id: str) -> int:
    seat = store.state(match_id)[0].current_player
    assert seat is not None
    return seat


def _overdue(store: MatchStore, match_id: str, at: datetime | None = None) -> None:
    """Let the deadline pass, as if the person had waited it out: a second before ``at``, the
    time the clocks read (a frozen clock's time, however long the test has run; default now)."""
    deadline = (at or now()) - timedelta(seconds=1)
    with store.engine.begin() as connection:
        connection.execute(update(Match).where(Match.id == match_id).values(deadline=deadline))


class TestAClock:
    @pytest.mark.parametrize(
        ("given", "words"),
        [
            ("fast", "a clock is an object"),
            ({"kind": "hourglass", "seconds": 60}, "'move' (time per decision) or 'bank'"),
            ({"kind": "move", "seconds": 5}, "from 10 to 1,209,600"),
            ({"kind": "move", "seconds": 60.5}, "a whole number"),
            ({"kind": "move", "seconds": True}, "a whole number"),
            ({"kind": "bank", "seconds": 30}, "from 60 to 28,800"),
            ({"kind": "move", "seconds": 60, "increment": 5}, "only a bank clock"),
            ({"kind": "bank", "seconds": 600, "increment": -1}, "'increment' is a whole number"),
            ({"kind": "move", "seconds": 60, "colour": "red"}, "not 'colour'"),
        ],
    )
    def test_a_clock_out_of_the_limits_is_refused_saying_which(
        self, given: Any, words: str
    ) -> None:
        with pytest.raises(ClockError, match=words.replace("(", r"\(").replace(")", r"\)")):
            Clock.parse(given)

    def test_a_clock_in_the_limits_is_kept_as_asked(self) -> None:
        assert Clock.parse({"kind": "move", "seconds": 86_400}) == Clock("move", 86_400, 0)
        assert Clock.parse({"kind": "bank", "seconds": 600, "increment": 10}) == BANK
        assert Clock.parse({"kind": "move", "seconds": 86_400}).turn_based
        assert not BANK.turn_based


class TestTheTimeOfADecision:
    def test_a_bank_is_charged_the_time_taken_and_given_its_increment(
        self, store: MatchStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        frozen = Frozen(monkeypatch)
        match_id, clocks = _started(store, BANK)
        first = _to_move(store, match_id)
        frozen.wait(100)
        timing = _move(store, clocks, match_id)
        assert timing.banks[first] == pytest.approx(600 - 100 + 10)
        second = _to_move(store, match_id)
        if second != first:  # the other person's time starts now, from their full bank
            assert timing.seat == second
            assert timing.deadline == frozen.time + timedelta(seconds=600)

    def test_a_clock_per_decision_gives_each_decision_the_same_time(
        self, store: MatchStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        frozen = Frozen(monkeypatch)
        match_id, clocks = _started(store, Clock("move", 60))
        frozen.wait(50)
        timing = _move(store, clocks, match_id)
        assert timing.banks is None
        assert timing.deadline == frozen.time + timedelta(seconds=60)

    def test_no_deadline_runs_while_a_bot_is_to_move(self, store: MatchStore) -> None:
        seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bot", "random")]
        match_id, clocks = _started(store, Clock("move", 60), seats)
        state, moves = store.state(match_id)
        timing = clocks.moved(match_id, moves, None, 1)
        assert timing is not None and timing.deadline is None and timing.seat is None
        assert clocks.overdue(now() + timedelta(days=30)) == []
        assert state.current_player is not None

    def test_a_clock_for_a_move_the_match_has_gone_past_changes_nothing(
        self, store: MatchStore
    ) -> None:
        match_id, clocks = _started(store, BANK)
        before = clocks.timing(match_id, 0)
        assert clocks.moved(match_id, 5, 0, 1) is None  # the match has no move 5
        assert clocks.timing(match_id, 0) == before

    def test_a_match_without_a_clock_has_no_timing(self, store: MatchStore) -> None:
        state = terra.game("africana").new(2, seed=3)
        match_id, _ = store.create_match(state, PEOPLE)
        clocks = Clocks(store.engine)
        assert clocks.moved(match_id, 0, None, 0) is None
        assert clocks.timing(match_id, 0) is None


class TestStandingIn:
    def test_a_person_out_of_time_is_stood_in_for_once_and_the_chat_says_so(
        self, store: MatchStore
    ) -> None:
        match_id, clocks = _started(store, BANK)
        seat = _to_move(store, match_id)
        moves = store.info(match_id).moves
        assert clocks.time_out(match_id, moves, seat) is None  # time is left
        _overdue(store, match_id)
        assert clocks.overdue() == [match_id]
        change = clocks.time_out(match_id, moves, seat)
        assert change is not None and change.seat == seat
        assert clocks.time_out(match_id, moves, seat) is None  # a second process: nothing
        info = store.info(match_id)
        assert info.seats[seat].stand_in == "random" and info.seats[seat].plays == "random"
        assert info.seats[1 - seat].plays is None
        assert clocks.overdue(now() + timedelta(days=30)) == []  # the stand-in is not timed
        said = ChatStore(store.engine).line(match_id, change.notice)
        assert said is not None and said.notice == "time" and said.seat == seat

    def test_a_deadline_passed_after_a_move_stands_nobody_in(self, store: MatchStore) -> None:
        match_id, clocks = _started(store, BANK)
        seat = _to_move(store, match_id)
        _overdue(store, match_id)
        _move(store, clocks, match_id)  # the move came first: its clock starts afresh
        assert clocks.time_out(match_id, 0, seat) is None
        assert store.info(match_id).seats[seat].stand_in is None

    def test_a_person_who_leaves_is_stood_in_for_and_takes_the_seat_back_with_time(
        self, store: MatchStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        frozen = Frozen(monkeypatch)
        match_id, clocks = _started(store, BANK)
        seat = _to_move(store, match_id)
        moves = store.info(match_id).moves
        _overdue(store, match_id, frozen.time)
        assert clocks.time_out(match_id, moves, seat) is not None
        assert clocks.leave(match_id, seat) is None  # a bot plays it already
        assert clocks.come_back(match_id, 1 - seat, seat) is None  # no bot plays that one
        back = clocks.come_back(match_id, seat, seat)
        assert back is not None
        timing = clocks.timing(match_id, seat)
        assert timing is not None and timing.banks is not None
        assert timing.banks[seat] == GRACE  # an empty bank is topped up
        assert timing.deadline == frozen.time + timedelta(seconds=GRACE)
        assert store.info(match_id).seats[seat].stand_in is None
        left = clocks.leave(match_id, 1 - seat)
        assert left is not None and store.info(match_id).seats[1 - seat].stand_in == "random"
        notices = [s.notice for s in ChatStore(store.engine).recent(match_id, 10)]
        assert notices == ["time", "back", "left"]

    def test_a_bot_seat_cannot_be_left(self, store: MatchStore) -> None:
        seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bot", "random")]
        match_id, clocks = _started(store, Clock("move", 60), seats)
        assert clocks.leave(match_id, 1) is None
        assert store.info(match_id).seats[1].stand_in is None


def test_a_rematch_keeps_the_clock_and_stand_in(store: MatchStore) -> None:
    seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bot", "random")]
    match_id, _ = _started(store, BANK, seats)
    with store.engine.begin() as connection:
        connection.execute(update(Match).where(Match.id == match_id).values(status="over"))
    made, _ = Rematches(store.engine).ask(match_id, 0, "a-token")
    assert made.match is not None
    info = store.info(made.match)
    assert info.clock == BANK and info.stand_in == "random"
    assert isinstance(info.created, datetime)
