"""Tournaments: every combination of bots at a table (or one bot against the field), seats
rotated, played over worker processes or a Ray cluster, then rated (:mod:`terra.sim.stats`).

The games are numbered in rounds: each round plays every table once in each rotation of its
seats, so a tournament stopped early has still played every table alike. Game ``i`` is
played from seed ``seed + i`` with the bots of its seats fixed by ``i`` alone, so the same
seed gives the same results on any number of workers or on a cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

from terra.ai.bots import make_bot
from terra.core.errors import TerraError, quote
from terra.core.registry import game as find_game
from terra.sim.batch import play_games
from terra.sim.match import GameResult, rotated
from terra.sim.stats import Figures, analyze

Progress = Callable[[int, int, GameResult], None]
"""Called after each game, in game order, with (games done, games in all, that result)."""

# More tables than this is a typing mistake, not a tournament (12 bots at 6 seats: 924).
MAX_TABLES = 1000


@dataclass(frozen=True)
class Schedule:
    """Which bots sit where in every game of a tournament.

    ``tables`` are the groups of bots that meet, each in the seat order of its first game;
    each plays ``games_per_table`` games, turning its bots one seat on from game to game.
    With one bot (a balance run) that bot plays every seat of the one table.
    """

    players: int
    tables: tuple[tuple[str, ...], ...]
    games_per_table: int
    gauntlet: str | None = None

    @property
    def games(self) -> int:
        return len(self.tables) * self.games_per_table

    @property
    def bots(self) -> tuple[str, ...]:
        """Every bot in the tournament, in order of first appearance."""
        return tuple(dict.fromkeys(bot for table in self.tables for bot in table))

    def table_of(self, index: int) -> int:
        """The table that plays game ``index``."""
        return index % (len(self.tables) * self.players) // self.players

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game ``index``.

        >>> Schedule(2, (("a", "b"), ("a", "c"), ("b", "c")), 4).lineup(3)
        ('c', 'a')
        """
        return rotated(self.tables[self.table_of(index)], index % self.players)


def schedule(
    bots: Sequence[str], players: int, games: int, gauntlet: str | None = None
) -> Schedule:
    """The schedule of a tournament of ``bots`` at tables of ``players`` seats, ``games``
    games per table; raises :class:`TerraError` saying what is wrong with the request.

    More bots than seats: every combination of bots meets (a round robin), or with
    ``gauntlet`` that bot meets every combination of the others; a gauntlet with fewer others
    than the other seats meets every combination with repeats (a field of one bot fills
    them). ``games`` must be a whole number of rotations of the seats, so that every bot sits
    in every seat equally often.

    >>> schedule(["random", "greedy", "mcts:50"], 2, 2).tables
    (('random', 'greedy'), ('random', 'mcts:50'), ('greedy', 'mcts:50'))
    >>> schedule(["random", "greedy", "mcts:50"], 2, 2, gauntlet="mcts:50").tables
    (('mcts:50', 'random'), ('mcts:50', 'greedy'))
    >>> schedule(["greedy"], 4, 4, gauntlet="mcts:50").tables
    (('mcts:50', 'greedy', 'greedy', 'greedy'),)
    """
    names = list(bots)
    if not names:
        raise TerraError("--bots needs at least one bot name")
    for name in names:
        if names.count(name) > 1:
            raise TerraError(f"bot {quote(name)} is named twice in --bots; name each bot once")
    for name in {*names, *([gauntlet] if gauntlet else [])}:
        make_bot(name, 0)  # an unknown bot or a bad level is refused here, with its reason
    if players < 1:
        raise TerraError(f"a table needs at least 1 seat, not {players}")
    if games < 1:
        raise TerraError(f"the number of games per table must be at least 1, not {games}")
    if players < 2 and (gauntlet is not None or len(names) > 1):
        raise TerraError(
            f"at tables of {players} seat the bots never meet; give --players 2 or more, or "
            "one bot for a game alone"
        )
    if gauntlet is not None:
        field = [name for name in names if name != gauntlet]
        if not field:
            raise TerraError(
                f"a gauntlet needs at least one other bot in --bots to play against "
                f"{quote(gauntlet)}"
            )
        # Fewer others than seats: they fill the seats with repeats (one search bot against
        # three greedy players is ``--gauntlet ismcts:1s --bots greedy -p 4``).
        meet = combinations if len(field) >= players - 1 else combinations_with_replacement
        tables = tuple((gauntlet, *others) for others in meet(field, players - 1))
    elif len(names) == 1:
        return Schedule(players, ((names[0],) * players,), games)
    elif len(names) < players:
        raise TerraError(
            f"{players} seats need {players} different bots in --bots (or one bot for every "
            f"seat), not {len(names)}"
        )
    else:
        count = comb(len(names), players)
        if count > MAX_TABLES:
            raise TerraError(
                f"{len(names)} bots at {players} seats make {count:,} tables; at most "
                f"{MAX_TABLES:,} (use --gauntlet, or fewer bots)"
            )
        tables = tuple(combinations(names, players))
    if games % players:
        lower = games - games % players
        upper = lower + players
        hint = f"{lower} or {upper}" if lower else f"{upper}"
        raise TerraError(
            f"--games {games} cannot rotate {players} seats evenly: give a multiple of "
            f"{players} (e.g. {hint}), so that every bot sits in every seat equally often"
        )
    return Schedule(players, tables, games, gauntlet)


@dataclass(frozen=True)
class Tournament:
    """A finished (or stopped) tournament: what was asked, each game's result, the figures."""

    game: str
    schedule: Schedule
    seed: int
    options: dict[str, Any]
    results: tuple[GameResult, ...]
    figures: Figures
    seconds: float
    workers: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the request, the figures and the run's timing (no per-game results)."""
        sched = self.schedule
        return {
            "game": self.game,
            "players": sched.players,
            "bots": list(sched.bots),
            "gauntlet": sched.gauntlet,
            "tables": [list(table) for table in sched.tables],
            "games_per_table": sched.games_per_table,
            "seed": self.seed,
            "options": self.options,
            "provisional_data": find_game(self.game).provisional_data(self.options),
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            **self.figures.to_dict(),
        }


def run_tournament(
    game: str,
    plan: Schedule,
    seed: int = 0,
    *,
    workers: int = 0,
    ray: str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    max_actions: int | None = None,
) -> Tournament:
    """Play every game of ``plan`` and rate the bots.

    Bad input (unknown game, a player count or option the game refuses) raises
    :class:`TerraError` before any game starts; a game that fails is counted as an error and
    left out of the figures.
    """
    checked = dict(options or {})
    find_game(game).new(plan.players, 0, checked)  # the game says what it refuses
    started = time.perf_counter()
    run = play_games(
        game,
        plan.players,
        plan.lineup,
        plan.games,
        seed,
        workers=workers,
        ray=ray,
        options=checked,
        max_actions=max_actions,
    )
    results: list[GameResult] = []
    with closing(run.results) as finished:
        for result in finished:
            results.append(result.without_record())
            if progress is not None:
                progress(len(results), plan.games, result)
    return Tournament(
        game=game,
        schedule=plan,
        seed=seed,
        options=checked,
        results=tuple(results),
        figures=analyze(results, plan.players, plan.bots),
        seconds=time.perf_counter() - started,
        workers=run.workers,
    )
