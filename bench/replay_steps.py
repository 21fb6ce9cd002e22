"""The replay of finished matches: what a step costs the server and how big it is.

Run ``python bench/replay_steps.py [--games nile] [--steps 200] [--json]``. Each golden record
of ``tests/golden/`` (or those of the games named) is stored as a finished match in a new
SQLite file; then, through :class:`terra.server.replay.Replays` as the server uses it, it
times the first step (the match rebuilt from its record, with its checkpoints), ``--steps``
steps chosen at random (a jump: at most one checkpoint's moves), and as many next steps
(one move each). It reports milliseconds per step of each kind and the mean size of one
step's JSON without its log (``since`` = the step's whole log, as a page stepping through
sends), and with the whole log from the start.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import terra
from terra.core.record import Record
from terra.server.replay import Replays
from terra.store import MatchStore, open_engine
from terra.store.matches import SeatInfo

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"


def store_finished(store: MatchStore, record: Record) -> str:
    """The record as a finished match of ``store``; its id."""
    state = terra.game(record.game).new(record.players, record.seed, dict(record.options))
    seats = [SeatInfo(s, f"Player {s + 1}", None) for s in range(record.players)]
    match_id, _ = store.create_match(state, seats)
    for moves, text in enumerate(record.actions):
        store.append_move(match_id, moves, text, None)
    return match_id


def measure(store: MatchStore, record: Record, name: str, steps: int) -> dict[str, Any]:
    match_id = store_finished(store, record)
    replays = Replays(store)
    total = len(record.actions)
    rng = random.Random(1)
    started = time.perf_counter()
    replays.update(match_id, 0)
    first = time.perf_counter() - started
    jumps, nexts, sizes, whole = [], [], [], []
    for _ in range(steps):
        step = rng.randrange(total)
        started = time.perf_counter()
        message = replays.update(match_id, step, since=10**6)
        jumps.append(time.perf_counter() - started)
        sizes.append(len(json.dumps(message, separators=(",", ":"))))
        started = time.perf_counter()
        replays.update(match_id, step + 1, since=10**6)
        nexts.append(time.perf_counter() - started)
    for step in (total // 2, total):
        message = replays.update(match_id, step)
        whole.append(len(json.dumps(message, separators=(",", ":"))))
    return {
        "record": name,
        "moves": total,
        "first_ms": round(first * 1000, 1),
        "jump_ms": round(statistics.mean(jumps) * 1000, 2),
        "next_ms": round(statistics.mean(nexts) * 1000, 2),
        "step_bytes": round(statistics.mean(sizes)),
        "with_log_bytes_half_end": whole,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", help="only the records of these games")
    parser.add_argument("--steps", type=int, default=200, help="random steps per record")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        store = MatchStore(open_engine(f"sqlite:///{Path(folder) / 'replays.sqlite3'}"))
        for path in sorted(GOLDEN.glob("*.json")):
            record = Record.from_dict(json.loads(path.read_text()))
            if args.games and record.game not in args.games:
                continue
            rows.append(measure(store, record, path.stem, args.steps))
    if args.json:
        print(json.dumps({"replay_steps": rows}))
        return
    print(f"{'record':58} {'moves':>5} {'first ms':>8} {'jump ms':>7} {'next ms':>7} {'bytes':>6}")
    for row in rows:
        print(
            f"{row['record']:58} {row['moves']:5} {row['first_ms']:8} {row['jump_ms']:7} "
            f"{row['next_ms']:7} {row['step_bytes']:6}"
        )


if __name__ == "__main__":
    main()
