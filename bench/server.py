"""Live play under load: simulated pages playing random legal moves against ``terra serve``.

Run ``python bench/server.py [--matches 50] [--seconds 10] [--game africana] [--json]``. It
starts ``terra serve`` on a free port with a new SQLite file, times the start until the lobby
page answers, creates ``--matches`` matches of two people and opens both seats' pages of each
over loopback WebSockets. Every match then plays random legal moves as fast as the server
acknowledges them (the mover's own update is the acknowledgement), all matches at once, for
``--seconds``. It reports moves per second acknowledged (and checks that the database holds
every one of them), the p50/p99 latency from sending a move to its acknowledgement, and the
server's memory per active match (its resident memory with the matches under way, less its
memory before any match, divided by the matches). The server's processor time per move is
given too: unlike the wall-clock figures it hardly depends on what else the machine runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from terra.store import MatchStore, open_engine


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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


def start_server(database: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    """``terra serve``, its address, and the seconds until its lobby page answered."""
    port = free_port()
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
    command += ["--port", str(port), "--database", f"sqlite:///{database}", "--no-open"]
    command += ["--message-rate", "10000"]  # simulated pages move far faster than people
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    while True:
        if process.poll() is not None:
            raise RuntimeError("terra serve stopped")
        try:
            if httpx.get(f"{base}/", timeout=1.0).status_code == 200:
                return process, base, time.perf_counter() - started
        except httpx.HTTPError:
            time.sleep(0.01)


async def receive(page: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await page.recv())
        if message["type"] == "update":
            return message
        raise RuntimeError(f"the server refused a move: {message}")


async def play_match(
    base: str, created: dict[str, Any], seed: int, until: float, latencies: list[float]
) -> int:
    """Play random moves in one match until ``until``; returns the moves acknowledged."""
    rng = random.Random(seed)
    tokens = [s["invite"].rpartition("token=")[2] for s in created["seats"]]
    ws = base.replace("http", "ws")
    pages = [await connect(f"{ws}/ws/{created['id']}?token={t}") for t in tokens]
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
    base: str, matches: list[dict[str, Any]], seconds: float, pid: int
) -> tuple[int, float, list[float], int]:
    latencies: list[float] = []
    started = time.perf_counter()
    until = started + seconds
    tasks = [
        asyncio.create_task(play_match(base, m, seed, until, latencies))
        for seed, m in enumerate(matches)
    ]
    await asyncio.sleep(min(1.0, seconds / 2))
    rss_under_load = rss_kib(pid)
    moves = sum(await asyncio.gather(*tasks))
    return moves, time.perf_counter() - started, latencies, rss_under_load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="africana")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        process, base, first_page = start_server(database)
        try:
            rss_idle = rss_kib(process.pid)
            matches = [
                httpx.post(
                    f"{base}/api/matches", json={"game": args.game, "players": 2, "seed": i}
                ).json()
                for i in range(args.matches)
            ]
            cpu_before = cpu_seconds(process.pid)
            moves, elapsed, latencies, rss_busy = asyncio.run(
                run_clients(base, matches, args.seconds, process.pid)
            )
            server_cpu = cpu_seconds(process.pid) - cpu_before
        finally:
            process.terminate()
            process.wait()
        store = MatchStore(open_engine(f"sqlite:///{database}"))
        persisted = sum(store.info(m["id"]).moves for m in matches)
    quantiles = statistics.quantiles(latencies, n=100)
    report = {
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
    if persisted != moves:
        raise SystemExit(f"the database holds {persisted} moves, {moves} were acknowledged")
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
