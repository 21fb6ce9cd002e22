"""Write the golden records: a handful of seeded games between bots, for every game.

Each game is played by ``terra.sim.play_game`` from its seed and saved as
``tests/golden/<game>-<players>p-<bots>-seed<seed>.json``. ``tests/golden/test_golden.py``
replays every file with ``terra.replay`` and checks that the files still equal what this script
produces, so any change of behaviour (rules, setup, the RNG, the notation or a greedy bot) is
noticed.

When such a change is deliberate, regenerate the files and commit them with it::

    python tests/golden/make_golden.py              # every game, from the repository root
    python tests/golden/make_golden.py africa       # one game
    git diff --stat tests/golden                    # review: which games changed

Only greedy games and greedy-against-random games are kept: they are a few hundred actions
long, where random-against-random games can take thousands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from terra.core import Record
from terra.sim import play_game

GOLDEN_DIR = Path(__file__).resolve().parent

# (players, one bot per seat, seed[, options]), by game
Game = tuple[int, tuple[str, ...], int] | tuple[int, tuple[str, ...], int, dict[str, Any]]
GAMES: dict[str, tuple[Game, ...]] = {
    "africana": (
        (2, ("greedy", "greedy"), 1),
        (2, ("greedy", "random"), 2),
        (2, ("random", "greedy"), 3),
        (3, ("greedy", "greedy", "greedy"), 4),
        (3, ("greedy", "random", "greedy"), 5),
        (4, ("greedy", "greedy", "greedy", "greedy"), 6),
        (4, ("random", "greedy", "greedy", "random"), 7),
    ),
    "africa": (
        (2, ("greedy", "greedy"), 1),
        (2, ("greedy", "random"), 2),
        (3, ("random", "greedy", "greedy"), 3),
        (4, ("greedy", "greedy", "random", "greedy"), 4),
        (5, ("greedy",) * 5, 5),
        (3, ("greedy", "greedy", "greedy"), 6, {"simple": True}),
        (2, ("greedy", "greedy"), 7, {"two_player": False}),
    ),
    "expedition": (
        (2, ("greedy", "greedy"), 1),
        (2, ("greedy", "random"), 2),
        (3, ("random", "greedy", "greedy"), 3),
        (4, ("greedy", "random", "greedy", "random"), 4),
        (6, ("greedy",) * 6, 5),
        (3, ("greedy", "greedy", "random"), 6, {"variant_a": True}),
        (2, ("greedy", "greedy"), 7, {"variant_a": True, "variant_b": True}),
    ),
    "nile": (
        (1, ("greedy",), 1),
        (2, ("greedy", "greedy"), 1),
        (2, ("greedy", "random"), 2),
        (3, ("random", "greedy", "greedy"), 3),
        (4, ("greedy", "greedy", "random", "greedy"), 4),
        (6, ("greedy",) * 6, 5),
        (2, ("greedy", "greedy"), 6, {"victory_points": 40}),
        (3, ("greedy", "greedy", "random"), 7, {"game": 2}),
    ),
}


def file_name(
    game: str, players: int, bots: tuple[str, ...], seed: int, options: dict[str, Any]
) -> str:
    variants = "".join(f"-{_option_tag(name, value)}" for name, value in sorted(options.items()))
    return f"{game}-{players}p-{'-'.join(bots)}-seed{seed}{variants}.json"


def _option_tag(name: str, value: Any) -> str:
    if value is True:
        return name
    if value is False:
        return f"no_{name}"
    return f"{name}={value}"


def golden_records(game: str) -> dict[str, Record]:
    """Every golden record of ``game`` by file name, played afresh."""
    records = {}
    for players, bots, seed, *rest in GAMES[game]:
        options: dict[str, Any] = rest[0] if rest else {}
        name = file_name(game, players, bots, seed, options)
        result = play_game(game, players, bots, seed, options=options)
        if result.error is not None or result.record is None:
            raise RuntimeError(f"{name}: {result.error}")
        records[name] = result.record
    return records


def golden_files(game: str) -> list[Path]:
    """The golden files of ``game`` on disk."""
    return sorted(GOLDEN_DIR.glob(f"{game}-[0-9]*p-*.json"))


def golden_text(record: Record) -> str:
    """A record file's exact contents (as ``Record.save`` writes them)."""
    return record.to_json() + "\n"


def write_files(directory: Path, texts: dict[str, str], existing: list[Path]) -> None:
    """Make ``directory`` hold exactly ``texts`` (by file name) of the files ``existing``
    stands for, saying what changed."""
    directory.mkdir(exist_ok=True)
    for stale in existing:
        if stale.name not in texts:
            stale.unlink()
            print(f"removed {stale.name}")
    for name, text in texts.items():
        path = directory / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        print(f"{'unchanged' if old == text else 'written':>9} {name}")


def write(game: str) -> None:
    texts = {name: golden_text(record) for name, record in golden_records(game).items()}
    write_files(GOLDEN_DIR, texts, golden_files(game))


def main(argv: list[str]) -> int:
    unknown = [game for game in argv if game not in GAMES]
    if unknown:
        print(f"no golden games for {unknown[0]!r}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    for game in argv or list(GAMES):
        write(game)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
