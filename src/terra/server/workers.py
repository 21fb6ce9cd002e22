"""Worker processes that answer calls within a deadline, first come first served.

Each worker is a process of its own (spawned: a forked child of a threaded server can inherit
a held lock) with one pipe to the server, and a thread of the server that hands it calls. A
process starts when its worker is first handed a call. A call that overruns its deadline has
its process killed and replaced, the other workers untouched; a process that dies (killed,
out of memory) is replaced too, and its call goes first in line again. The pool never has
more processes than it was asked for.

Calls carry a key (the match): calls are served in the order they came, at most one per key
at a time, each on the worker that served its key last when that worker is free (it keeps
what it learnt of the key, :func:`terra.server.bots.choose_move`).

A worker process ends by itself when the server does: an idle one reads the end of its pipe,
a busy one notices that its parent is gone. A ``kill -9`` of the server leaves nothing.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from terra.core.registry import games as all_games

READY = "ready"
# A new worker loads every game before it is handed a call; a slow machine may take seconds.
STARTUP_SECONDS = 60.0
# After a replacement failed to start: the pause before the next try, doubling up to the most.
RESTART_PAUSE = 0.5
RESTART_PAUSE_MAX = 30.0
# Keys a worker is remembered to know, as many as choose_move keeps states.
REMEMBERED = 256
_PARENT_CHECK = 0.5  # seconds between a busy worker's looks at its parent

Function = Callable[..., Any]


class WorkerError(Exception):
    """A call the pool could not answer (the message says why)."""


class OverrunError(WorkerError):
    """A call that overran its deadline; its worker was killed and replaced."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no answer within {seconds:g}s")
        self.seconds = seconds


class CallError(WorkerError):
    """The function raised in the worker (the message names the exception)."""


def _leave_with(parent: int) -> None:
    """In a worker: end this process once the server that started it is gone."""
    while os.getppid() == parent:
        time.sleep(_PARENT_CHECK)
    os._exit(0)


def _work(connection: Connection, function: Function, parent: int) -> None:
    """A worker process: answer calls of ``function`` until the pipe ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us
    threading.Thread(target=_leave_with, args=(parent,), daemon=True).start()
    all_games()  # loaded now, not in the first call's deadline
    connection.send(READY)
    while True:
        try:
            args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (True, function(*args))
        except Exception as problem:  # told to the caller, the worker serves on
            answer = (False, f"{type(problem).__name__}: {problem}")
        try:
            connection.send(answer)
        except OSError:
            return


@dataclass
class _Call:
    key: str
    args: tuple[Any, ...]
    seconds: float
    future: Future[Any] = field(default_factory=Future)
    tries: int = 0


class _Worker:
    """One worker process and the server thread that hands it calls."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool
        self.process: BaseProcess | None = None
        self.connection: Connection | None = None
        self.keys: OrderedDict[str, None] = OrderedDict()  # most recently served last
        self.busy = False
        self._guard = threading.Lock()  # ``process`` changes while another thread may kill it
        self.thread = threading.Thread(target=self._serve, name="terra-bot-worker", daemon=True)

    def _serve(self) -> None:
        try:
            while (call := self.pool._next_call(self)) is not None:
                try:
                    self._answer(call)
                finally:
                    self.pool._done(self, call)
                if self.process is None:
                    self._replace()
        finally:
            self.stop()

    def _replace(self) -> None:
        """Start a process in place of one killed or dead under a call, trying again after a
        pause (doubling up to :data:`RESTART_PAUSE_MAX`) while none starts, until the pool
        closes or a call comes (which starts one itself)."""
        pause = RESTART_PAUSE
        while not self.pool.closing:
            try:
                self._started()
                return
            except WorkerError:
                if self.pool.wait_for_call(pause):
                    return
                pause = min(2 * pause, RESTART_PAUSE_MAX)

    def _answer(self, call: _Call) -> None:
        try:
            connection = self._started()
            connection.send(call.args)
            if not connection.poll(call.seconds):
                self.stop()
                call.future.set_exception(OverrunError(call.seconds))
                return
            ok, value = connection.recv()
        except (EOFError, OSError, WorkerError) as problem:
            # The process died (killed, out of memory) or did not start.
            self.stop()
            self.pool._retry(call, problem)
            return
        self.remember(call.key)
        if ok:
            call.future.set_result(value)
        else:
            call.future.set_exception(CallError(value))

    def _started(self) -> Connection:
        """This worker's pipe, once its process has started (again, if it had died)."""
        if self.connection is not None and self.process is not None and self.process.is_alive():
            return self.connection
        self.stop()
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        process = context.Process(
            target=_work,
            args=(there, self.pool.function, os.getpid()),
            name="terra-bot-worker",
            daemon=True,
        )
        process.start()
        there.close()  # the worker's end lives in the worker alone: its death ends the pipe
        with self._guard:
            self.process, self.connection = process, here
        if self.pool.closing:  # the pool closed while this process started
            self.stop()
            raise WorkerError("the worker pool is closed")
        try:
            if here.poll(STARTUP_SECONDS) and here.recv() == READY:
                return here
            problem = f"a worker process did not start within {STARTUP_SECONDS:g}s"
        except (EOFError, OSError):
            problem = "a worker process died as it started"
        self.stop()
        raise WorkerError(problem)

    def remember(self, key: str) -> None:
        with self.pool.lock:
            self.keys[key] = None
            self.keys.move_to_end(key)
            while len(self.keys) > REMEMBERED:
                self.keys.popitem(last=False)

    def pid(self) -> int | None:
        """The process's id while it runs."""
        with self._guard:
            running = self.process is not None and self.process.is_alive()
            return self.process.pid if running and self.process is not None else None

    def kill(self) -> None:
        """Kill the process (from any thread); its own thread collects it."""
        with self._guard:
            if self.process is not None:
                self.process.kill()

    def stop(self) -> None:
        """Kill and collect the process, close the pipe, and forget what it knew."""
        with self._guard:
            process, connection = self.process, self.connection
            self.process = self.connection = None
        if connection is not None:
            connection.close()
        if process is not None:
            process.kill()
            process.join()
            process.close()
        with self.pool.lock:
            self.keys.clear()


class WorkerPool:
    """``size`` worker processes that run ``function`` (a module-level function) for the
    calls :meth:`submit` hands them; the processes start when first needed."""

    def __init__(self, size: int, function: Function) -> None:
        if size < 1:
            raise ValueError(f"a worker pool has at least one worker, not {size}")
        self.function = function
        self.lock = threading.Condition()
        self.closing = False
        self._size = size
        self._workers: list[_Worker] = []
        self._waiting: deque[_Call] = deque()
        self._running: set[str] = set()

    def submit(self, key: str, args: tuple[Any, ...], seconds: float) -> Future[Any]:
        """``function(*args)`` in a worker, answered within ``seconds`` of reaching it, else
        :class:`OverrunError`; the future may be cancelled while the call waits."""
        call = _Call(key, args, seconds)
        with self.lock:
            if self.closing:
                raise WorkerError("the worker pool is closed")
            if not self._workers:
                self._workers = [_Worker(self) for _ in range(self._size)]
                for worker in self._workers:
                    worker.thread.start()
            self._waiting.append(call)
            self.lock.notify_all()
        return call.future

    def pids(self) -> list[int]:
        """The worker processes running now."""
        with self.lock:
            workers = list(self._workers)
        return [pid for pid in (w.pid() for w in workers) if pid is not None]

    def close(self) -> None:
        """Stop every worker process (a call under way is cut) and fail the waiting calls."""
        with self.lock:
            self.closing = True
            waiting, self._waiting = list(self._waiting), deque()
            self.lock.notify_all()
            workers = list(self._workers)
        for call in waiting:
            if call.tries or call.future.set_running_or_notify_cancel():
                call.future.set_exception(WorkerError("the worker pool is closed"))
        for worker in workers:
            worker.kill()
        for worker in workers:
            if worker.thread is not threading.current_thread():
                worker.thread.join()

    def _next_call(self, worker: _Worker) -> _Call | None:
        """The call ``worker`` serves next, waiting for one; None once the pool closes."""
        with self.lock:
            while not self.closing:
                call = self._take(worker)
                if call is not None:
                    worker.busy = True
                    self._running.add(call.key)
                    return call
                self.lock.wait()
        return None

    def wait_for_call(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a call to be submitted or the pool to close; whether
        either happened (the caller's own next call then starts its process)."""
        with self.lock:
            if self._waiting or self.closing:
                return True
            self.lock.wait(seconds)
            return bool(self._waiting) or self.closing

    def _take(self, worker: _Worker) -> _Call | None:
        """The first waiting call ``worker`` may serve: none of its key is under way, and no
        other free worker knows its key (that one serves it)."""
        for call in list(self._waiting):
            if call.key in self._running:
                continue
            if call.key not in worker.keys and any(
                not other.busy and call.key in other.keys for other in self._workers
            ):
                continue
            self._waiting.remove(call)
            if call.tries or call.future.set_running_or_notify_cancel():
                return call
        return None

    def _done(self, worker: _Worker, call: _Call) -> None:
        with self.lock:
            worker.busy = False
            self._running.discard(call.key)
            self.lock.notify_all()

    def _retry(self, call: _Call, problem: Exception) -> None:
        """A call whose process died under it (or did not start) goes first in line once;
        the second time, it fails."""
        with self.lock:
            call.tries += 1
            if call.tries < 2 and not self.closing:
                self._waiting.appendleft(call)
                return
        reason = (
            "the worker pool is closed" if self.closing else f"no worker answered ({problem!r})"
        )
        call.future.set_exception(WorkerError(reason))


__all__ = ["CallError", "OverrunError", "WorkerError", "WorkerPool"]
