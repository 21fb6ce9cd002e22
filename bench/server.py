"""Live play under load: simulated pages playing random legal moves against ``terra serve``.

Run ``python bench/server.py [--matches 50] [--seconds 10 | --moves N [--milestones 10000,50000]]
[--spectators K] [--game africana] [--database sqlite|postgresql|URL] [--processes N]
[--serve-arg=ARG ...] [--json]``. It starts ``terra serve`` on a free port (``--processes`` of
them, on PostgreSQL) with a new SQLite file or, with ``--database postgresql``, a new database
on a throwaway PostgreSQL server of its own (its default durability: fsync and synchronous
commit on); a ``postgresql://`` URL names an existing empty database instead. Each
``--serve-arg`` is passed to every ``terra serve`` verbatim, after the bench's own options (so
it may raise a limit of the server). It times the start until the lobby page answers, creates
``--matches`` matches of two people and opens both seats' pages of each, and ``--spectators``
spectators' pages of each, over loopback WebSockets; with several processes, the two seats of
a match are served by two different processes, so every move reaches the other seat through
PostgreSQL's LISTEN/NOTIFY. Every match then plays random legal moves as fast as the server
acknowledges them (the mover's own update is the acknowledgement), or ``--think`` seconds after
each update, all matches at once, for
``--seconds`` or until ``--moves`` moves have been acknowledged in all; a match that ends is
replaced by a new one (with its spectators), so the load is continuous.

It reports moves per second acknowledged (and checks that the database holds every one of
them), the p50/p99 latency from sending a move to its acknowledgement, the servers' memory per
active match (their resident memory with the matches under way, less their memory before any
match, divided by the matches), and the servers' processor time per move (and the database
server's, for a throwaway PostgreSQL): unlike the wall-clock figures it hardly depends on what
else the machine runs. A process of its own times ``GET /api/games`` a few times a second
throughout (p50/p99/max): a server whose event loop is held up answers late. With spectators
it reports the updates they read and how many the server closed (by close code). At each of
``--milestones`` of a ``--moves`` run it records the moves so far, the wall time, the server's
resident memory and its child processes' (bot workers), the SQLite file's size and its
write-ahead log's, and the server's processor time per move since the milestone before: the
long run shows whether memory and the log stay flat under continuous load. Every report
starts with the command line that made it.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
import orjson

from server_pages import Budget, Lobby, Table, Tally, close_table, keep_playing
from terra.store import MatchStore, open_engine
from terra.store.throwaway import Cluster, free_port

# The throwaway server as PostgreSQL ships: every commit waits for the disk.
DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}
DEFAULT_MILESTONES = "10000,50000"
# Seconds between two timings of the lobby's API: a few a second.
LOBBY_INTERVAL = 0.25
# The server's memory with the matches under way is read this long after the start.
MEMORY_SAMPLE_AFTER = 1.0


# --- processes, as Linux shows them -------------------------------------------------------


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc")


def cpu_seconds(pid: int) -> float:
    """The processor time process ``pid`` has used (Linux): user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(parents: list[int]) -> list[int]:
    """Every process started by one of ``parents``, or by those, and so on."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, IndexError, ValueError):  # a process that has ended since
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found: list[int] = []
    waiting = list(parents)
    while waiting:
        kids = children.get(waiting.pop(), [])
        found += kids
        waiting += kids
    return found


def total_rss(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            total += rss_kib(pid)
        except OSError:  # a process that has ended since
            continue
    return total


def total_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except OSError:  # a backend that has ended since
            continue
    return total


def postgres_pids(cluster: Cluster | None) -> list[int]:
    """The PostgreSQL server's processes: its postmaster and the postmaster's children."""
    if cluster is None:
        return []
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    return [postmaster, *descendants([postmaster])]


def file_kib(path: Path) -> int:
    """The size of ``path``, 0 if there is none."""
    try:
        return round(path.stat().st_size / 1024)
    except FileNotFoundError:
        return 0


# --- the servers --------------------------------------------------------------------------


@dataclass
class Servers:
    """The ``terra serve`` processes under test, and their SQLite file if they use one."""

    processes: list[subprocess.Popen[bytes]]
    bases: list[str]  # their addresses
    command: list[str]  # the first one's command line
    database_file: Path | None

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def rss_kib(self) -> int:
        return total_rss(self.pids)

    def children_rss_kib(self) -> int:
        """The resident memory of the processes the servers started (bot workers)."""
        return total_rss(descendants(self.pids))

    def cpu_seconds(self) -> float:
        return total_cpu(self.pids)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait()


def serve_command(port: int, url: str, serve_args: list[str]) -> list[str]:
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
    command += ["--port", str(port), "--database", url, "--no-open"]
    command += ["--message-rate", "10000"]  # simulated pages move far faster than people
    return command + serve_args  # last, so that they may override the bench's own


def start_servers(
    url: str, count: int, serve_args: list[str], database_file: Path | None
) -> tuple[Servers, float]:
    """``count`` ``terra serve`` processes on ``url``, and the seconds until the last one's
    lobby page answered."""
    started = time.perf_counter()
    commands = [serve_command(free_port(), url, serve_args) for _ in range(count)]
    processes = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    bases = [f"http://127.0.0.1:{c[c.index('--port') + 1]}" for c in commands]
    servers = Servers(processes, bases, commands[0], database_file)
    try:
        for process, base in zip(processes, bases, strict=True):
            wait_for_lobby(process, base)
    except BaseException:
        servers.stop()
        raise
    return servers, time.perf_counter() - started


def wait_for_lobby(process: subprocess.Popen[bytes], base: str) -> None:
    while True:
        if process.poll() is not None:
            raise SystemExit(f"terra serve stopped (exit code {process.returncode})")
        try:
            if httpx.get(f"{base}/", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.01)


# --- the lobby's answer time --------------------------------------------------------------


def time_lobby(base: str, stop: Event, results: Connection) -> None:
    """Time ``GET /api/games`` every :data:`LOBBY_INTERVAL` seconds until ``stop`` is set,
    then send the list of (when, seconds taken). Runs in a process of its own."""
    samples: list[tuple[float, float]] = []
    with httpx.Client(timeout=60.0) as client:
        client.get(f"{base}/api/games").raise_for_status()  # the connection, opened untimed
        results.send("ready")
        while not stop.wait(LOBBY_INTERVAL):
            # perf_counter is CLOCK_MONOTONIC on Linux: the same clock in every process.
            sent = time.perf_counter()
            client.get(f"{base}/api/games").raise_for_status()
            samples.append((sent, time.perf_counter() - sent))
    results.send(samples)


class LobbyProbe:
    """Times the lobby's API from a process of its own, so that a busy bench client does not
    count as a slow server."""

    def __init__(self, base: str) -> None:
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._results, child_end = context.Pipe(duplex=False)
        self._process = context.Process(
            target=time_lobby, args=(base, self._stop, child_end), daemon=True
        )

    def __enter__(self) -> LobbyProbe:
        self._process.start()
        if self._results.recv() != "ready":
            raise RuntimeError("the lobby probe did not start")
        return self

    def samples(self, start: float, end: float) -> list[float]:
        """Stop; the seconds each request took that was sent between ``start`` and ``end``."""
        self._stop.set()
        timed: list[tuple[float, float]] = self._results.recv()
        return [seconds for sent, seconds in timed if start <= sent <= end]

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._process.join(timeout=5)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join()


# --- the run ------------------------------------------------------------------------------


@dataclass
class Milestones:
    """The long run's record: at each of ``targets`` moves acknowledged, what the servers
    hold and what the moves since the milestone before cost."""

    servers: Servers
    targets: list[int]  # ascending
    started: float  # perf_counter at the start of the clock
    last: tuple[int, float]  # moves and the servers' processor time at the milestone before
    rows: list[dict[str, Any]] = field(default_factory=list)

    def reached(self, moves: int) -> None:
        if not self.targets or moves < self.targets[0]:
            return
        self.targets.pop(0)
        cpu = self.servers.cpu_seconds()
        moves_before, cpu_before = self.last
        self.last = moves, cpu
        database = self.servers.database_file
        self.rows.append(
            {
                "moves": moves,
                "seconds": round(time.perf_counter() - self.started, 1),
                "server_rss_kib": self.servers.rss_kib(),
                "children_rss_kib": self.servers.children_rss_kib(),
                "database_kib": None if database is None else file_kib(database),
                "wal_kib": None if database is None else file_kib(Path(f"{database}-wal")),
                "server_cpu_us_per_move": round((cpu - cpu_before) / (moves - moves_before) * 1e6),
            }
        )


@dataclass
class Run:
    """What one run measured."""

    tally: Tally
    started: float
    ended: float
    server_cpu: float  # seconds, all servers
    database_cpu: float  # seconds, a throwaway PostgreSQL's processes
    client_cpu: float  # seconds, this process: the simulated pages
    rss_busy: int  # KiB, all servers, with the matches under way
    milestones: list[dict[str, Any]]


async def drive(
    args: argparse.Namespace, servers: Servers, cluster: Cluster | None, targets: list[int]
) -> Run:
    """Open the matches' pages, then play until the budget is spent. The clock starts once
    every page has read its first update, and stops before any is closed."""
    tally = Tally()
    async with httpx.AsyncClient(timeout=60.0) as client:
        lobby = Lobby(
            client,
            servers.bases,
            args.game,
            args.spectators,
            patches=args.patches,
            clock=args.clock,
        )
        tables = [await lobby.open_table(tally) for _ in range(args.matches)]
        cpu_before = servers.cpu_seconds()
        database_before = total_cpu(postgres_pids(cluster))
        client_before = time.process_time()
        started = time.perf_counter()
        budget = Budget(args.moves, started + args.seconds, think=args.think)
        milestones = Milestones(servers, targets, started, (0, cpu_before))
        tally.on_acknowledged = milestones.reached
        tasks = [asyncio.create_task(keep_playing(lobby, t, budget, tally)) for t in tables]
        await asyncio.wait(tasks, timeout=min(MEMORY_SAMPLE_AFTER, args.seconds / 2))
        rss_busy = servers.rss_kib()
        last_tables: list[Table] = await asyncio.gather(*tasks)
        ended = time.perf_counter()
        client_cpu = time.process_time() - client_before
        server_cpu = servers.cpu_seconds() - cpu_before
        # Backends opened during the run are counted whole; ones that ended are lost.
        database_cpu = total_cpu(postgres_pids(cluster)) - database_before
        await asyncio.gather(*(close_table(t) for t in last_tables))
    return Run(
        tally, started, ended, server_cpu, database_cpu, client_cpu, rss_busy, milestones.rows
    )


def persisted_moves(url: str, match_ids: list[str]) -> int:
    store = MatchStore(open_engine(url))
    try:
        return sum(store.info(m).moves for m in match_ids)
    finally:
        store.engine.dispose()


def bench(
    args: argparse.Namespace, url: str, database_file: Path | None, cluster: Cluster | None
) -> dict[str, Any]:
    """Run the servers on ``url`` and the simulated pages; the report."""
    servers, first_page = start_servers(url, args.processes, args.serve_arg, database_file)
    try:
        rss_idle = servers.rss_kib()
        with LobbyProbe(servers.bases[0]) as probe:
            run = asyncio.run(drive(args, servers, cluster, milestones_of(args)))
            lobby = probe.samples(run.started, run.ended)
    finally:
        servers.stop()
    moves = run.tally.acknowledged
    persisted = persisted_moves(url, run.tally.match_ids)
    if persisted != moves:
        raise SystemExit(f"the database holds {persisted} moves, {moves} were acknowledged")
    return report_of(
        args,
        run,
        servers=servers,
        first_page=first_page,
        rss_idle=rss_idle,
        persisted=persisted,
        lobby=lobby,
    )


# --- the report ---------------------------------------------------------------------------


def percentiles_ms(samples: list[float]) -> tuple[float | None, float | None]:
    """The p50 and p99 of ``samples`` (seconds) in milliseconds; ``None`` for too few."""
    if len(samples) < 2:
        return None, None
    # Inclusive: with a few samples, as of the lobby, the p99 lies within them, not beyond.
    quantiles = statistics.quantiles(samples, n=100, method="inclusive")
    return round(quantiles[49] * 1000, 2), round(quantiles[98] * 1000, 2)


def source_commit() -> str | None:
    """The commit of the code measured, ``-dirty`` when it has changes not committed."""
    try:
        described = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return described.stdout.strip()


def report_of(
    args: argparse.Namespace,
    run: Run,
    *,
    servers: Servers,
    first_page: float,
    rss_idle: int,
    persisted: int,
    lobby: list[float],
) -> dict[str, Any]:
    tally = run.tally
    moves = tally.acknowledged
    elapsed = run.ended - run.started
    latency_p50, latency_p99 = percentiles_ms(tally.latencies)
    lobby_p50, lobby_p99 = percentiles_ms(lobby)
    report: dict[str, Any] = {
        "command": shlex.join(sys.orig_argv),
        "serve_command": shlex.join(servers.command),
        "commit": source_commit(),
        "database": "sqlite" if args.database == "sqlite" else "postgresql",
        "processes": args.processes,
        "game": args.game,
        "matches": args.matches,
        "matches_created": len(tally.match_ids),
        "seconds": round(elapsed, 2),
        "moves_acknowledged": moves,
        "moves_persisted": persisted,
        "moves_per_second": round(moves / elapsed, 1),
        "latency_ms_p50": latency_p50,
        "latency_ms_p99": latency_p99,
        # Robust to other load on the machine, unlike the wall-clock figures.
        "server_cpu_us_per_move": round(run.server_cpu / max(moves, 1) * 1e6),
        # The pages share the machine with the server: near a core of their own, they set the pace.
        "client_cpu_us_per_move": round(run.client_cpu / max(moves, 1) * 1e6),
        "memory_kib_per_match": round((run.rss_busy - rss_idle) / args.matches, 1),
        "first_page_seconds": round(first_page, 3),
        "lobby_requests": len(lobby),
        "lobby_ms_p50": lobby_p50,
        "lobby_ms_p99": lobby_p99,
        "lobby_ms_max": round(max(lobby) * 1000, 2) if lobby else None,
        "patches": args.patches,
        "clock": args.clock,
        "bytes_per_seat_update": round(tally.seat_bytes / max(tally.seat_updates, 1)),
    }
    if args.database == "postgresql":
        report["database_cpu_us_per_move"] = round(run.database_cpu / max(moves, 1) * 1e6)
    if args.spectators:
        report["spectators_per_match"] = args.spectators
        report["spectator_updates"] = tally.spectator_updates
        report["spectators_refused"] = tally.spectators_refused
        closed = sorted(tally.spectators_closed.items())
        report["spectators_closed"] = {str(code): pages for code, pages in closed}
    if args.moves is not None:
        report["milestones"] = run.milestones
    return report


def print_text(report: dict[str, Any]) -> None:
    for key, value in report.items():
        if key != "milestones":
            print(f"{key:>24}: {value}")
    rows = report.get("milestones")
    if rows:
        print("milestones:")
        columns = list(rows[0])
        cells = [[str(row[c]) if row[c] is not None else "-" for c in columns] for row in rows]
        widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
        for line in [columns, *cells]:
            print("  " + "  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=True)))


# --- the command line ---------------------------------------------------------------------


def milestones_of(args: argparse.Namespace) -> list[int]:
    """The milestones of a ``--moves`` run that it reaches, ascending."""
    if args.moves is None:
        return []
    return sorted({m for m in args.milestones if m <= args.moves})


def counts(text: str) -> list[int]:
    """``10000,50000`` as numbers."""
    try:
        numbers = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not numbers separated by commas") from None
    if any(n < 1 for n in numbers):
        raise argparse.ArgumentTypeError("milestones are counts of moves, at least 1")
    return numbers


def clock_of(text: str) -> dict[str, Any]:
    """``move:60`` or ``bank:900:10`` as the API's clock."""
    kind, _, rest = text.partition(":")
    seconds, _, increment = rest.partition(":")
    if kind not in ("move", "bank") or not seconds.isdigit() or not (increment or "0").isdigit():
        raise argparse.ArgumentTypeError("a clock is move:SECONDS or bank:SECONDS:INCREMENT")
    clock: dict[str, Any] = {"kind": kind, "seconds": int(seconds)}
    if increment:
        clock["increment"] = int(increment)
    return clock


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50, help="matches under way at once")
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--seconds", type=float, default=10.0, help="length of the run")
    length.add_argument("--moves", type=int, help="run until this many moves are acknowledged")
    parser.add_argument(
        "--milestones",
        type=counts,
        help=f"with --moves: moves at which to record the server's memory and files "
        f"(default {DEFAULT_MILESTONES})",
    )
    parser.add_argument("--spectators", type=int, default=0, help="spectators' pages per match")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a page waits after its update before moving (default 0: as fast as the "
        "server answers, when latency is about matches / moves a second)",
    )
    parser.add_argument("--game", default="africana")
    parser.add_argument(
        "--patches",
        action="store_true",
        help="pages apply patches (?patch=1): each update carries the changes to the view",
    )
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite, postgresql (a throwaway server) or a postgresql:// URL of an empty database",
    )
    parser.add_argument("--processes", type=int, default=1, help="servers (PostgreSQL only)")
    parser.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="passed to terra serve verbatim, after the bench's own options (repeatable; "
        "write --serve-arg=--option=value for an option)",
    )
    parser.add_argument(
        "--clock",
        type=clock_of,
        help="each match's clock: move:SECONDS, or bank:SECONDS:INCREMENT (docs/web.md, Clocks)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.processes < 1 or args.matches < 1 or args.spectators < 0 or args.think < 0:
        parser.error(
            "--processes and --matches are at least 1, --spectators and --think at least 0"
        )
    if args.moves is not None and args.moves < 1:
        parser.error("--moves is at least 1")
    if args.milestones is not None and args.moves is None:
        parser.error("--milestones needs --moves")
    if args.milestones is None:
        args.milestones = counts(DEFAULT_MILESTONES)
    if args.database == "sqlite" and args.processes != 1:
        parser.error("SQLite serves one process; use --database postgresql for more")
    if args.database not in ("sqlite", "postgresql") and not args.database.startswith(
        "postgresql://"
    ):
        parser.error("--database is sqlite, postgresql or a postgresql:// URL")
    return args


def main() -> None:
    args = parse_args()
    if args.database == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            database_file = Path(folder) / "bench.sqlite3"
            report = bench(args, f"sqlite:///{database_file}", database_file, None)
    elif args.database == "postgresql":
        cluster = Cluster.start(DURABLE)
        try:
            report = bench(args, cluster.create_database("bench"), None, cluster)
        finally:
            cluster.stop()
    else:
        report = bench(args, args.database, None, None)
    if args.json:
        print(orjson.dumps(report).decode())
    else:
        print_text(report)


if __name__ == "__main__":
    main()
