"""Chunks gathered in order while every worker stays busy (terra.sim.inorder), on a simulated
pool whose chunks take as long as the sum of their tasks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from terra.sim.inorder import MAX_CHUNK, chunks, in_order


class Pool:
    """Every chunk sent runs at once, finishing ``sum(chunk)`` time units after it was sent."""

    def __init__(self) -> None:
        self.clock = 0
        self.sent: list[Sequence[int]] = []
        self.ends: list[int] = []
        self.sent_at: list[int] = []
        self.cancelled: list[int] = []
        self.most_running = 0

    def submit(self, chunk: Sequence[int]) -> int:
        self.sent.append(chunk)
        self.ends.append(self.clock + sum(chunk))
        self.sent_at.append(self.clock)
        running = sum(end > self.clock for end in self.ends)
        self.most_running = max(self.most_running, running)
        return len(self.sent) - 1

    def wait_any(self, handles: list[int]) -> list[int]:
        assert handles, "waiting on nothing"
        self.clock = max(self.clock, min(self.ends[h] for h in handles))
        return [h for h in handles if self.ends[h] <= self.clock]

    def results(self, handle: int) -> list[int]:
        assert self.ends[handle] <= self.clock, "read before it finished"
        return list(self.sent[handle])

    def cancel(self, handle: int) -> None:
        self.cancelled.append(handle)


def run(pool: Pool, tasks: list[int], in_flight: int) -> list[int]:
    split = iter([[task] for task in tasks])
    return list(in_order(split, in_flight, pool.submit, pool.wait_any, pool.results, pool.cancel))


def test_results_come_in_order_whatever_order_the_chunks_finish_in() -> None:
    tasks = [5, 1, 4, 1, 3, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]
    assert run(Pool(), tasks, in_flight=3) == tasks


def test_a_long_chunk_at_the_head_leaves_no_worker_idle() -> None:
    """While the first chunk runs for 100 units, the other worker plays every other chunk; it
    used to wait for the first to finish before it was sent another."""
    pool = Pool()
    tasks = [100] + [1] * 20
    assert run(pool, tasks, in_flight=2) == tasks
    assert len(pool.sent) == 21
    assert max(pool.sent_at) < 100  # all sent before the long chunk ended
    assert pool.clock == 100  # done when the long chunk is


def test_no_more_than_in_flight_chunks_run_at_once() -> None:
    pool = Pool()
    run(pool, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], in_flight=4)
    assert pool.most_running == 4


def test_stopping_early_cancels_the_chunks_sent_and_not_read() -> None:
    pool = Pool()
    split = iter([[t] for t in [50, 1, 1, 1, 1, 1]])
    results = in_order(split, 3, pool.submit, pool.wait_any, pool.results, pool.cancel)
    assert next(results) == 50
    results.close()
    assert len(pool.sent) > 1
    assert pool.cancelled == list(range(1, len(pool.sent)))  # all but the one read


def test_an_error_in_a_chunk_reaches_the_reader_and_cancels_the_rest() -> None:
    pool = Pool()

    def failing(handle: int) -> list[int]:
        if handle == 1:
            raise ValueError("chunk 1 failed")
        return pool.results(handle)

    split = iter([[t] for t in [1, 2, 3, 4]])
    results = in_order(split, 2, pool.submit, pool.wait_any, failing, pool.cancel)
    assert next(results) == 1
    with pytest.raises(ValueError, match="chunk 1 failed"):
        next(results)
    assert pool.cancelled == [2, 3]  # the chunks sent after it


@pytest.mark.parametrize(("count", "workers"), [(1, 1), (7, 2), (200, 2), (10_000, 8)])
def test_chunks_cover_the_tasks_in_order_and_shrink_to_one_at_the_end(
    count: int, workers: int
) -> None:
    made = list(chunks(range(count), count, workers))
    assert [task for chunk in made for task in chunk] == list(range(count))
    sizes = [len(chunk) for chunk in made]
    assert max(sizes) <= MAX_CHUNK
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-1] == 1
