"""Live play under load: simulated pages playing random legal moves against ``terra serve``.

Run ``python bench/server.py [--matches 50] [--seconds 10] [--game africana]
[--database sqlite|postgresql|URL] [--processes N] [--serve-arg=ARG ...] [--json]``. It starts
``terra serve`` on a free port (``--processes`` of them, on PostgreSQL) with a new SQLite file
or, with ``--database postgresql``, a new database on a throwaway PostgreSQL server of its own
(its default durability: fsync and synchronous commit on); a ``postgresql://`` URL names an
existing empty database instead. Each ``--serve-arg`` is passed to every ``terra serve``
verbatim, after the bench's own options (so it may raise a limit of the server). It times the
start until the lobby page answers, creates ``--matches`` matches of two people and opens both
seats' pages of each over loopback WebSockets; with several processes, the two seats of a match
are served by two different processes, so every move reaches the other seat through
PostgreSQL's LISTEN/NOTIFY. Every match then plays random
legal moves as fast as the server acknowledges them (the mover's own update is the
acknowledgement), all matches at once, for ``--seconds``. It reports moves per second
acknowledged (and checks that the database holds every one of them), the p50/p99 latency from
sending a move to its acknowledgement, and the servers' memory per active match (their
resident memory with the matches under way, less their memory before any match, divided by
the matches). The servers' processor time per move is given too (and the database server's,
for a throwaway PostgreSQL): unlike the wall-clock figures it hardly depends on what else the
machine runs. Every report starts with the command line that made it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from terra.store import MatchStore, open_engine
from terra.store.throwaway import Cluster, free_port

# The throwaway server as PostgreSQL ships: every commit waits for the disk.
DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}


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


def serve_command(port: int, url: str, serve_args: list[str]) -> list[str]:
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
    command += ["--port", str(port), "--database", url, "--no-open"]
    command += ["--message-rate", "10000"]  # simulated pages move far faster than people
    return command + serve_args  # last, so that they may override the bench's own


def start_servers(
    url: str, count: int, serve_args: list[str]
) -> tuple[list[subprocess.Popen[bytes]], list[str], float]:
    """``count`` ``terra serve`` processes on ``url``, their addresses, and the seconds until
    the last one's lobby page answered."""
    started = time.perf_counter()
    processes, bases = [], []
    for _ in range(count):
        port = free_port()
        command = serve_command(port, url, serve_args)
        processes.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
        bases.append(f"http://127.0.0.1:{port}")
    for process, base in zip(processes, bases, strict=True):
        while True:
            if process.poll() is not None:
                raise SystemExit(f"terra serve stopped (exit code {process.returncode})")
            try:
                if httpx.get(f"{base}/", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.01)
    return processes, bases, time.perf_counter() - started


def postgres_pids(cluster: Cluster) -> list[int]:
    """The PostgreSQL server's processes: its postmaster and the postmaster's children."""
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    pids = [postmaster]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == postmaster:
            pids.append(int(stat.parent.name))
    return pids


def total_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except OSError:  # a backend that has ended since
            continue
    return total


async def receive(page: ClientConnection) -> dict[str, Any]:
    while True:
        # orjson: the simulated pages share the machine with the server, and the standard
        # library's parsing of their updates took a third of their processor time.
        message: dict[str, Any] = orjson.loads(await page.recv())
        if message["type"] == "update":
            return message
        raise RuntimeError(f"the server refused a move: {message}")


async def play_match(
    bases: list[str], created: dict[str, Any], seed: int, until: float, latencies: list[float]
) -> int:
    """Play random moves in one match until ``until``; returns the moves acknowledged. Seat
    ``s`` of match ``seed`` has its page on server ``(seed + s) % len(bases)``."""
    rng = random.Random(seed)
    tokens = [s["invite"].rpartition("token=")[2] for s in created["seats"]]
    pages = []
    for seat, token in enumerate(tokens):
        ws = bases[(seed + seat) % len(bases)].replace("http", "ws")
        pages.append(await connect(f"{ws}/ws/{created['id']}?token={token}"))
    acknowledged = 0
    try:
        updates = [await receive(p) for p in pages]
        while time.perf_counter() < until and not updates[0]["over"]:
            mover = updates[0]["to_move"]
            text = rng.choice(updates[mover]["legal"])["text"]
            message = {"type": "move", "action": text, "moves": updates[0]["moves"]}
            sent = time.perf_counter()
            await pages[mover].send(json.dumps(message))
            updates[mover] = await receive(pages[mover])
            latencies.append(time.perf_counter() - sent)
            updates[1 - mover] = await receive(pages[1 - mover])
            acknowledged += 1
    finally:
        for page in pages:
            await page.close()
    return acknowledged


async def run_clients(
    bases: list[str], matches: list[dict[str, Any]], seconds: float, pids: list[int]
) -> tuple[int, float, list[float], int]:
    latencies: list[float] = []
    started = time.perf_counter()
    until = started + seconds
    tasks = [
        asyncio.create_task(play_match(bases, m, seed, until, latencies))
        for seed, m in enumerate(matches)
    ]
    await asyncio.sleep(min(1.0, seconds / 2))
    rss_under_load = sum(rss_kib(pid) for pid in pids)
    moves = sum(await asyncio.gather(*tasks))
    return moves, time.perf_counter() - started, latencies, rss_under_load


def bench(args: argparse.Namespace, url: str, cluster: Cluster | None) -> dict[str, Any]:
    """Run the servers on ``url`` and the simulated pages; the report."""
    processes, bases, first_page = start_servers(url, args.processes, args.serve_arg)
    pids = [p.pid for p in processes]
    database_pids = postgres_pids(cluster) if cluster is not None else []
    try:
        rss_idle = sum(rss_kib(pid) for pid in pids)
        matches = [
            httpx.post(
                f"{bases[i % len(bases)]}/api/matches",
                json={"game": args.game, "players": 2, "seed": i},
            ).json()
            for i in range(args.matches)
        ]
        cpu_before = total_cpu(pids)
        database_before = total_cpu(database_pids)
        moves, elapsed, latencies, rss_busy = asyncio.run(
            run_clients(bases, matches, args.seconds, pids)
        )
        server_cpu = total_cpu(pids) - cpu_before
        # Backends opened during the run are counted whole; ones that ended are lost.
        database_cpu = total_cpu(postgres_pids(cluster)) - database_before if cluster else 0.0
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait()
    store = MatchStore(open_engine(url))
    persisted = sum(store.info(m["id"]).moves for m in matches)
    store.engine.dispose()
    if persisted != moves:
        raise SystemExit(f"the database holds {persisted} moves, {moves} were acknowledged")
    quantiles = statistics.quantiles(latencies, n=100)
    report: dict[str, Any] = {
        "command": shlex.join(sys.orig_argv),
        "database": url.partition(":")[0],
        "processes": args.processes,
        "game": args.game,
        "matches": args.matches,
        "seconds": round(elapsed, 2),
        "moves_acknowledged": moves,
        "moves_persisted": persisted,
        "moves_per_second": round(moves / elapsed, 1),
        "latency_ms_p50": round(quantiles[49] * 1000, 2),
        "latency_ms_p99": round(quantiles[98] * 1000, 2),
        # Robust to other load on the machine, unlike the wall-clock figures.
        "server_cpu_us_per_move": round(server_cpu / max(moves, 1) * 1e6),
        "memory_kib_per_match": round((rss_busy - rss_idle) / args.matches, 1),
        "first_page_seconds": round(first_page, 3),
    }
    if cluster is not None:
        report["database_cpu_us_per_move"] = round(database_cpu / max(moves, 1) * 1e6)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="africana")
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
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes is at least 1")
    if args.database == "sqlite":
        if args.processes != 1:
            parser.error("SQLite serves one process; use --database postgresql for more")
        with tempfile.TemporaryDirectory() as folder:
            report = bench(args, f"sqlite:///{Path(folder) / 'bench.sqlite3'}", None)
    elif args.database == "postgresql":
        cluster = Cluster.start(DURABLE)
        try:
            report = bench(args, cluster.create_database("bench"), cluster)
        finally:
            cluster.stop()
    elif args.database.startswith("postgresql://"):
        report = bench(args, args.database, None)
    else:
        parser.error("--database is sqlite, postgresql or a postgresql:// URL")
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
