"""Chunks of games run on workers and gathered in game order, with every worker kept busy.

Local worker processes and a Ray cluster both run a run's tasks in chunks, and a run's results
come back in game order. A new chunk is sent whenever any chunk finishes, not only the oldest:
otherwise one long chunk at the head would leave the other workers idle until it ends (a
search bot's games differ in length by minutes). Chunks shrink as the run nears its end, so
that no worker is left with a long last chunk while the others wait.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
from itertools import islice
from typing import TypeVar

Task = TypeVar("Task")
Handle = TypeVar("Handle", bound=Hashable)
Result = TypeVar("Result")

# Games per chunk at most: enough to amortise sending them.
MAX_CHUNK = 16
# Chunks per worker at least, at any point of a run: enough to balance the load.
CHUNKS_PER_WORKER = 8
# Chunks sent and not finished per worker: enough to keep every worker busy, and no more, so
# that a long run holds few games and results in memory at any time.
AHEAD = 2


def chunks(tasks: Iterable[Task], count: int, workers: int) -> Iterator[list[Task]]:
    """``count`` tasks in chunks of at most :data:`MAX_CHUNK`, each about a
    ``CHUNKS_PER_WORKER * workers``-th of the tasks still to send, down to one task each at
    the end (guided scheduling)."""
    iterator = iter(tasks)
    left = count
    while left > 0:
        size = max(1, min(MAX_CHUNK, left // (workers * CHUNKS_PER_WORKER)))
        chunk = list(islice(iterator, size))
        if not chunk:
            return
        left -= len(chunk)
        yield chunk


def in_order(  # noqa: PLR0917 - the four operations of a pool, as a pool names them
    to_send: Iterator[Sequence[Task]],
    in_flight: int,
    submit: Callable[[Sequence[Task]], Handle],
    wait_any: Callable[[list[Handle]], Iterable[Handle]],
    results: Callable[[Handle], list[Result]],
    cancel: Callable[[Handle], object],
) -> Generator[Result, None, None]:
    """The results of every chunk in ``to_send``, in chunk order, with at most ``in_flight``
    chunks sent and not finished at any time.

    ``submit`` sends a chunk and returns its handle, ``wait_any`` blocks until at least one of
    the handles given has finished and returns those that have, ``results`` reads a finished
    chunk's results (raising its error) and ``cancel`` drops a chunk no longer wanted. Stopping
    early (the caller stops reading, or an error) cancels every chunk not yet read.
    """
    order: deque[Handle] = deque()  # sent and not yet read, in chunk order
    running: list[Handle] = []  # sent and not known to be finished
    finished: set[Handle] = set()  # known to be finished, not yet read

    def send(count: int) -> None:
        for chunk in islice(to_send, count):
            handle = submit(chunk)
            order.append(handle)
            running.append(handle)

    try:
        send(in_flight)
        while order:
            ready = set(wait_any(running))
            finished |= ready
            running[:] = [handle for handle in running if handle not in ready]
            send(len(ready))
            while order and order[0] in finished:
                head = order.popleft()
                finished.discard(head)
                yield from results(head)
    finally:
        for handle in order:
            cancel(handle)
