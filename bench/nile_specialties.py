"""Source of the Nile: can every specialty win? One seat is made to take a specialty, the
greedy explorer plays every seat, and the win rate of that seat is set against 1/n.

    python bench/nile_specialties.py --players 4 --games 40 --workers 2
    python bench/nile_specialties.py --players 2 --games 100 --json

The seat that takes the specialty turns round the table from game to game; the others choose
as the greedy explorer does (4.6). This is the measurement behind the Victory Point Chart's
values by specialty in the shipped provisional tables (``data/tables.toml``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import terra
from terra.ai.bots import make_bot
from terra.games.nile.terms import SPECIALTY_IDS


def play(players: int, specialty: str, seed: int, options: dict[str, Any]) -> tuple[bool, int]:
    """One game: whether the seat made to take ``specialty`` won, and its published points."""
    game = terra.game("nile")
    state = game.new(players, seed, options)
    seat = seed % players
    bots = [make_bot("greedy", seed * 8 + s) for s in range(players)]
    chosen = state.parse_action(f"specialty {specialty}")
    while not state.is_over:
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        if player == seat and chosen in legal:
            state.apply(chosen)
        else:
            state.apply(bots[player].choose(state))
    return seat in state.winners(), state.scores()[seat]


def measure(
    players: int,
    games: int,
    seed: int,
    workers: int,
    options: dict[str, Any],
    *,
    specialties: tuple[str, ...] = SPECIALTY_IDS,
) -> dict[str, Any]:
    """Win rate, its standard error and the mean score of a seat by its specialty."""
    tasks = [
        (players, specialty, seed + index, options)
        for specialty in specialties
        for index in range(games)
    ]
    with ProcessPoolExecutor(max(1, workers)) as pool:
        results = list(pool.map(_play, tasks, chunksize=4))
    fair = 1 / players
    found: dict[str, Any] = {"players": players, "games": games, "fair": fair, "by": {}}
    for specialty in specialties:
        mine = [r for t, r in zip(tasks, results, strict=True) if t[1] == specialty]
        wins = sum(won for won, _ in mine)
        rate = wins / len(mine)
        found["by"][specialty] = {
            "win_rate": round(rate, 3),
            "se": round(math.sqrt(max(rate * (1 - rate), fair * (1 - fair)) / len(mine)), 3),
            "mean_score": round(sum(score for _, score in mine) / len(mine), 1),
        }
    return found


def _play(task: tuple[int, str, int, dict[str, Any]]) -> tuple[bool, int]:
    return play(*task)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="games per specialty")
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(1 << 30))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--data", default=None, help="directory with your own data files")
    parser.add_argument(
        "--specialty", action="append", choices=SPECIALTY_IDS, help="only these (repeatable)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = {"data": args.data} if args.data else {}
    specialties = tuple(args.specialty or SPECIALTY_IDS)
    found = measure(
        args.players, args.games, args.seed, args.workers, options, specialties=specialties
    )
    found["seed"] = args.seed
    if args.json:
        print(json.dumps(found))
        return
    print(
        f"{args.players} players, {args.games} games per specialty, seed {args.seed} "
        f"(fair share {found['fair']:.3f})"
    )
    for specialty, row in found["by"].items():
        print(
            f"  {specialty:<12} wins {row['win_rate']:.3f} ± {row['se']:.3f}   "
            f"mean score {row['mean_score']}"
        )


if __name__ == "__main__":
    main()
