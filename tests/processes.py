"""The processes a test run starts, found through ``/proc``, so that none outlives the run.

A process belongs to the run if it descends from the test process, or if its environment
carries the run's marker (:data:`MARKER`): a daemon that forks itself away to PID 1
(PostgreSQL's postmaster, Chromium's crash handler) is no descendant any more, but keeps the
environment it was started with.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterable
from pathlib import Path

MARKER = "TERRA_TEST_RUN"
PROC = Path("/proc")


def mark_this_run() -> str:
    """Give this process (and so every process it starts) a marker of its own."""
    value = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
    os.environ[MARKER] = value
    return value


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter and parent of ``pid``, or None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name in parentheses may hold spaces and parentheses of its own.
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def cpu_seconds(pid: int) -> float:
    """The processor time ``pid`` has used so far (0 once it is gone)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2 :].split()
    user, system = int(fields[11]), int(fields[12])  # utime and stime, in clock ticks
    return (user + system) / os.sysconf("SC_CLK_TCK")


def _pids() -> list[int]:
    return [int(entry.name) for entry in PROC.iterdir() if entry.name.isdigit()]


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def descendants(pid: int) -> set[int]:
    """Every running process below ``pid`` in the process tree."""
    children: dict[int, list[int]] = {}
    for child in _pids():
        stat = _stat(child)
        if stat is not None and stat[0] not in ("Z", "X"):
            children.setdefault(stat[1], []).append(child)
    found: set[int] = set()
    waiting = list(children.get(pid, []))
    while waiting:
        child = waiting.pop()
        if child not in found:
            found.add(child)
            waiting.extend(children.get(child, []))
    return found


def marked(value: str) -> set[int]:
    """Every running process whose environment carries ``MARKER=value``."""
    needle = f"\0{MARKER}={value}\0".encode()
    found = set()
    for pid in _pids():
        try:
            environment = b"\0" + (PROC / str(pid) / "environ").read_bytes()
        except OSError:
            continue
        if needle in environment and running(pid):
            found.add(pid)
    return found


def command_line(pid: int) -> str:
    """What ``pid`` runs, as ``ps`` shows it ("" once it is gone)."""
    try:
        words = (PROC / str(pid) / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return ""
    return " ".join(w.decode(errors="replace") for w in words if w)


def _own_resource_tracker(pid: int) -> bool:
    """Whether ``pid`` is this process's multiprocessing resource tracker: it ends when this
    process does (and lingers only while a leftover worker holds it open, which is found)."""
    stat = _stat(pid)
    return (
        stat is not None
        and stat[1] == os.getpid()
        and "multiprocessing.resource_tracker" in command_line(pid)
    )


def _ancestors() -> set[int]:
    found = set()
    pid = os.getpid()
    while pid > 1:
        found.add(pid)
        stat = _stat(pid)
        if stat is None:
            break
        pid = stat[1]
    return found


def leftovers(marker: str, grace: float = 10.0) -> list[str]:
    """The processes of this run still running after ``grace`` seconds, each as
    ``PID (parent PPID): command``; the run's marker finds those re-parented to PID 1."""
    mine = _ancestors()

    def still_running() -> set[int]:
        found = descendants(os.getpid()) | marked(marker)
        return {pid for pid in found - mine if not _own_resource_tracker(pid)}

    deadline = time.monotonic() + grace
    left = still_running()
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = still_running()
    return describe(left)


def describe(pids: Iterable[int]) -> list[str]:
    lines = []
    for pid in sorted(pids):
        stat = _stat(pid)
        if stat is not None:
            lines.append(f"{pid} (parent {stat[1]}): {command_line(pid)[:300]}")
    return lines


def wait_until_gone(pids: Iterable[int], timeout: float) -> set[int]:
    """Wait up to ``timeout`` seconds for ``pids`` to end; the ones still running."""
    deadline = time.monotonic() + timeout
    left = {pid for pid in pids if running(pid)}
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = {pid for pid in left if running(pid)}
    return left
