"""The worker pool behind the bots: first come first served, one call per match at a time, and
a call past its deadline cut without touching the other workers."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import Future, wait

import pytest

from terra.server.workers import OverrunError, WorkerError, WorkerPool

WAIT = 60.0  # seconds a call may take before the test gives up
HANG = 3600.0  # a call that never ends in a test's time


def nap(seconds: float) -> int:
    """In a worker: sleep, then say which process slept."""
    time.sleep(seconds)
    return os.getpid()


def finished_in_order(futures: dict[str, Future[int]]) -> list[str]:
    order: list[str] = []

    def note(name: str) -> Callable[[Future[int]], None]:
        return lambda _: order.append(name)

    for name, future in futures.items():
        future.add_done_callback(note(name))
    wait(futures.values(), WAIT)
    return order


def test_calls_are_served_first_come_first_served_across_matches() -> None:
    """The worker that knows match a does not take a's second call before b's first."""
    pool = WorkerPool(1, nap)
    try:
        calls = {
            "a1": pool.submit("a", (0.2,), WAIT),
            "b1": pool.submit("b", (0,), WAIT),
            "a2": pool.submit("a", (0,), WAIT),
        }
        assert finished_in_order(calls) == ["a1", "b1", "a2"]
    finally:
        pool.close()


def test_a_call_past_its_deadline_is_cut_and_the_other_workers_are_untouched() -> None:
    pool = WorkerPool(2, nap)
    try:
        # Two calls at once (both sent before either is awaited): both workers start. Awaited
        # one by one, the second call could go to the first worker, free again, and the second
        # worker would never start: then no cut worker could be seen replaced.
        calls = [pool.submit(match, (0.2,), WAIT) for match in ("a", "b")]
        both = {call.result(WAIT) for call in calls}
        assert len(both) == 2
        assert sorted(both) == sorted(pool.pids())
        with pytest.raises(OverrunError):
            pool.submit("c", (HANG,), 0.5).result(WAIT)
        deadline = time.monotonic() + WAIT
        while len(after := set(pool.pids())) < 2:  # the cut worker is replaced
            assert time.monotonic() < deadline, "no worker replaced the one cut"
            time.sleep(0.05)
        assert len(after & both) == 1  # one killed, the other still the same process
        assert {pool.submit(m, (0,), WAIT).result(WAIT) for m in ("a", "b", "c")} <= after
    finally:
        pool.close()


def test_a_replacement_that_fails_to_start_is_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker cut at its deadline whose new process does not start (a machine too busy to
    start one in time) tries again after a pause, without waiting for the next call."""
    from terra.server import workers

    monkeypatch.setattr(workers, "RESTART_PAUSE", 0.05)
    real = workers._Worker._started
    failures = {"left": 0}

    def flaky(self: workers._Worker) -> object:
        if failures["left"]:
            failures["left"] -= 1
            raise WorkerError("a worker process did not start within 60s")
        return real(self)

    monkeypatch.setattr(workers._Worker, "_started", flaky)
    pool = WorkerPool(1, nap)
    try:
        first = pool.submit("a", (0,), WAIT).result(WAIT)
        failures["left"] = 2
        with pytest.raises(OverrunError):
            pool.submit("a", (HANG,), 0.3).result(WAIT)
        deadline = time.monotonic() + WAIT
        while not pool.pids():
            assert time.monotonic() < deadline, "the worker was not replaced"
            time.sleep(0.05)
        assert failures["left"] == 0 and pool.pids() != [first]
    finally:
        pool.close()


def test_a_match_that_hangs_holds_up_no_other() -> None:
    """Its next call waits for it; the other matches' calls go to the other worker."""
    pool = WorkerPool(2, nap)
    try:
        hanging = pool.submit("a", (HANG,), WAIT)
        after_it = pool.submit("a", (0,), WAIT)
        others = [pool.submit(match, (0,), WAIT) for match in ("b", "c", "b", "d")]
        for other in others:
            other.result(WAIT)
        assert not hanging.done() and not after_it.done()
    finally:
        pool.close()
    # Closing cuts the call under way and fails the one waiting.
    for call in (hanging, after_it):
        with pytest.raises(WorkerError, match="closed"):
            call.result(WAIT)
    assert pool.pids() == []
