"""What the ratings cost the server: rating a match as it ends, rating a backlog at start, and
a game's leaderboard.

Run ``python bench/ratings.py [--players 200] [--matches 2000] [--postgres] [--json]``. A new
database (a SQLite file, or with ``--postgres`` a throwaway PostgreSQL server) is given
``--players`` players and ``--matches`` finished Expedition matches of two to four seats, each
seating one to all of its seats with players drawn at random (the others greedy or search
bots) and finished with random scores. Then every match is rated as a server's start rates its
backlog (:meth:`~terra.store.ratings.Ratings.unrated`, then one transaction per match); it
reports milliseconds per match, and the milliseconds a leaderboard of the most rated game and
one player's ratings take (the median of 50 asks).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from sqlalchemy import update

import terra
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.models import Match
from terra.store.players import PlayerInfo, Players
from terra.store.ratings import Ratings
from terra.store.throwaway import Cluster

BOTS = ("greedy", "ismcts:1s", "ismcts:200")


def fill(store: MatchStore, players: int, matches: int, seed: int) -> list[PlayerInfo]:
    """``players`` players and ``matches`` finished matches of theirs in ``store``."""
    rng = random.Random(seed)
    known = [Players(store.engine).create(f"Player {n}")[0] for n in range(players)]
    start = terra.game("expedition").new(2, seed=1)
    for _ in range(matches):
        size = rng.randint(2, 4)
        people = rng.sample(known, rng.randint(1, size))
        seats = [
            SeatInfo(n, people[n].name, None, people[n].id)
            if n < len(people)
            else SeatInfo(n, "bot", rng.choice(BOTS))
            for n in range(size)
        ]
        state = terra.game("expedition").new(size, seed=rng.getrandbits(32)) if size > 2 else start
        match_id, _ = store.create_match(state, seats)
        scores = [rng.randint(0, 30) for _ in range(size)]
        best = max(scores)
        result = {"scores": scores, "winners": [n for n, s in enumerate(scores) if s == best]}
        with store.engine.begin() as connection:
            connection.execute(
                update(Match).where(Match.id == match_id).values(status="over", result=result)
            )
    return known


def median_ms(ask: Callable[[], Any], times: int = 50) -> float:
    taken = []
    for _ in range(times):
        started = time.perf_counter()
        ask()
        taken.append(time.perf_counter() - started)
    return 1000 * statistics.median(taken)


def measure(url: str, players: int, matches: int) -> dict[str, Any]:
    store = MatchStore(open_engine(url))
    try:
        known = fill(store, players, matches, seed=7)
        ratings = Ratings(store.engine)
        started = time.perf_counter()
        backlog = ratings.unrated()
        rated = sum(ratings.rate(match_id) for match_id in backlog)
        taken = time.perf_counter() - started
        assert rated == matches and ratings.unrated() == []
        return {
            "database": store.engine.dialect.name,
            "players": players,
            "matches": matches,
            "ms_per_match": round(1000 * taken / matches, 2),
            "leaderboard_ms": round(median_ms(lambda: ratings.leaderboard("expedition")), 2),
            "one_player_ms": round(median_ms(lambda: ratings.of_player(known[0].id)), 2),
            "listed": len(ratings.leaderboard("expedition")),
        }
    finally:
        store.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    with ExitStack() as stack:
        if arguments.postgres:
            cluster = Cluster.start()
            stack.callback(cluster.stop)
            url = cluster.create_database("bench_ratings")
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            url = f"sqlite:///{folder / 'ratings.sqlite3'}"
        found = measure(url, arguments.players, arguments.matches)
    if arguments.json:
        print(json.dumps(found))
        return
    for name, value in found.items():
        print(f"{name:>14}: {value}")


if __name__ == "__main__":
    main()
