"""Write the golden records: a handful of seeded Africana games between bots.

Each game is played by ``terra.sim.play_game`` from its seed and saved as
``tests/golden/africana-<players>p-<bots>-seed<seed>.json``. The tests replay every file with
``terra.replay`` and check that the files still equal what this script produces, so any change
of behaviour (rules, setup, the RNG, the notation or the greedy bot) is noticed.

When such a change is deliberate, regenerate the files and commit them with it::

    python tests/golden/make_golden.py          # from the repository root
    git diff --stat tests/golden                # review: which games changed

Only greedy games and greedy-against-random games are kept: they are a few hundred actions
long, where random-against-random games take thousands.
"""

from __future__ import annotations

import sys
from pathlib import Path

from terra.core import Record
from terra.sim import play_game

GOLDEN_DIR = Path(__file__).resolve().parent
GAME = "africana"

# (players, one bot per seat, seed)
GAMES: tuple[tuple[int, tuple[str, ...], int], ...] = (
    (2, ("greedy", "greedy"), 1),
    (2, ("greedy", "random"), 2),
    (2, ("random", "greedy"), 3),
    (3, ("greedy", "greedy", "greedy"), 4),
    (3, ("greedy", "random", "greedy"), 5),
    (4, ("greedy", "greedy", "greedy", "greedy"), 6),
    (4, ("random", "greedy", "greedy", "random"), 7),
)


def file_name(players: int, bots: tuple[str, ...], seed: int) -> str:
    return f"{GAME}-{players}p-{'-'.join(bots)}-seed{seed}.json"


def golden_records() -> dict[str, Record]:
    """Every golden record by file name, played afresh."""
    records = {}
    for players, bots, seed in GAMES:
        result = play_game(GAME, players, bots, seed)
        if result.error is not None or result.record is None:
            raise RuntimeError(f"{file_name(players, bots, seed)}: {result.error}")
        records[file_name(players, bots, seed)] = result.record
    return records


def golden_text(record: Record) -> str:
    """A record file's exact contents (as ``Record.save`` writes them)."""
    return record.to_json() + "\n"


def main() -> int:
    records = golden_records()
    for stale in sorted(GOLDEN_DIR.glob(f"{GAME}-*.json")):
        if stale.name not in records:
            stale.unlink()
            print(f"removed {stale.name}")
    for name, record in records.items():
        path = GOLDEN_DIR / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(golden_text(record), encoding="utf-8")
        status = "unchanged" if old == golden_text(record) else "written"
        print(f"{status:>9} {name} ({len(record.actions)} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
