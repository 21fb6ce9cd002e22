"""bench/playouts.py: a game's options reach the playouts, and a wrong one is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "playouts.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), "--seconds", "0.1", "--rounds", "1", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_an_option_is_played_and_named() -> None:
    """Game II of the Nile, every player count, named with its option."""
    done = run("--games", "nile", "--option", "game=2", "--json")
    assert done.returncode == 0, done.stderr
    measures = json.loads(done.stdout)["terra"]
    assert [m["players"] for m in measures] == [1, 2, 3, 4, 5, 6]
    assert {m["name"] for m in measures} == {"nile game=2"}
    assert all(m["actions"] > 0 for m in measures)


def test_an_option_a_game_lacks_is_refused() -> None:
    done = run("--games", "africa", "--option", "game=2")
    assert done.returncode == 2
    assert "has no option 'game'" in done.stderr
