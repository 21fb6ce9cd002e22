"""One game between named bots, from a seed: the unit every simulation is made of.

The runner knows games only through the core contract, so any registered game and any bot
from :func:`terra.ai.bot_names` can be played. A game that raises is reported in its result,
never propagated: one broken game must not end a run of thousands.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from terra.ai.bots import Bot, make_bot
from terra.core.errors import TerraError
from terra.core.game import Game
from terra.core.record import Record
from terra.core.registry import game as find_game
from terra.core.rng import Rng, new_seed
from terra.core.state import GameState

# The most characters of an exception's message kept in a result's error.
_MESSAGE_LIMIT = 300

# Mixed into the game seed so that the bots' randomness is not the game's own sequence.
_BOT_SEED_SALT = 0x5EED_B075


@dataclass(frozen=True)
class GameResult:
    """What one simulated game produced. ``error`` is ``None`` for a finished game.

    ``turns`` counts the runs of consecutive decisions by one seat (a seat that acts again
    right after itself is still in its turn): the length of a game in turns, for any game.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    seconds: float
    turns: int = 0
    error: str | None = None
    record: Record | None = None
    # Per seat: decisions among two or more legal actions, the seconds its bot spent on
    # them, and the longest of them (what a search bot's time budget must bound).
    decisions: tuple[int, ...] = ()
    thinking: tuple[float, ...] = ()
    slowest: tuple[float, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the game ran to its end without an error."""
        return self.error is None

    def without_record(self) -> GameResult:
        """The same result without its record (records are large; summaries keep few)."""
        return replace(self, record=None)


def lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: ``bots`` cycled to ``players`` seats.

    >>> lineup(["greedy", "random"], 3)
    ('greedy', 'random', 'greedy')
    """
    if not bots:
        raise TerraError("name at least one bot")
    if len(bots) > players:
        raise TerraError(f"{len(bots)} bots given for {players} seats; give at most one per seat")
    return tuple(bots[seat % len(bots)] for seat in range(players))


def rotated(seats: Sequence[str], shift: int) -> tuple[str, ...]:
    """``seats`` with every bot moved ``shift`` seats on (the last ones wrap to seat 0).

    >>> rotated(("a", "b", "c"), 1)
    ('c', 'a', 'b')
    """
    n = len(seats)
    return tuple(seats[(seat - shift) % n] for seat in range(n))


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``seed``, whatever plays the other
    seats: ``terra play`` and ``terra simulate`` seed their bots with it, so the same game
    between the same bots plays the same in both."""
    rng = Rng(seed ^ _BOT_SEED_SALT)
    for _ in range(seat):
        new_seed(rng)
    return new_seed(rng)


def bot_seeds(seed: int, players: int) -> list[int]:
    """The seed of each seat's bot in the game seeded ``seed`` (fixed by the seed alone)."""
    return [bot_seed(seed, seat) for seat in range(players)]


def check_setup(
    game_id: str, players: int, bots: Sequence[str], options: Mapping[str, Any] | None
) -> Game[Any]:
    """The game, after checking that these players, bots and options can start it.

    Raises :class:`TerraError` saying what is wrong, so that bad input is reported once
    instead of as one failed game per seed.
    """
    game = find_game(game_id)
    game.new(players, 0, dict(options or {}))  # the game says which player counts it takes
    seats = lineup(bots, players)
    for name in set(seats):
        make_bot(name, 0)
    return game


def _describe(error: BaseException, actions: int) -> str:
    """One line naming the exception, where it was raised and how far the game had got."""
    where = ""
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        where = f" at {Path(last.filename).name}:{last.lineno}"
    text = str(error)
    if len(text) > _MESSAGE_LIMIT:  # a report names the failure; it does not echo megabytes
        text = f"{text[:_MESSAGE_LIMIT]}... ({len(text):,} characters)"
    return f"{type(error).__name__}: {text}{where} (after {actions} actions)"


def _safe_record(state: GameState | None, meta: dict[str, Any]) -> Record | None:
    """The record of a game that failed, when one can still be made (to reproduce the bug)."""
    if state is None:
        return None
    try:
        return state.record(meta)
    except Exception:
        return None


def play_game(
    game_id: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    index: int = 0,
    max_actions: int | None = None,
) -> GameResult:
    """Play one game of ``game_id`` between ``bots`` (one name per seat) from ``seed``.

    Each seat's bot gets its own seed derived from ``seed``, so the result depends on the
    seed and the bots alone. Every action is checked with ``GameState.play``: a bot that
    picks an illegal action fails its game instead of corrupting it. ``seconds`` is the time
    spent choosing and applying actions. Never raises: an error is returned in the result.

    A game still going after ``max_actions`` actions (default: the game's ``length_cap``, far
    beyond every game seen) is stopped and reported as unfinished: nothing in some rules ends
    a game whose players all stall (Africana's draw and discard), and a run must not hang.
    """
    seats = tuple(bots)
    meta: dict[str, Any] = {"bots": list(seats)}
    state: GameState | None = None
    tally = _Tally()
    try:
        if len(seats) != players:
            raise TerraError(f"{len(seats)} bots given for {players} seats")
        found = find_game(game_id)
        state = found.new(players, seed, dict(options or {}))
        limit = found.length_cap if max_actions is None else max_actions
        seeds = bot_seeds(seed, players)
        agents = [make_bot(name, bot_seed) for name, bot_seed in zip(seats, seeds, strict=True)]
        _play_out(state, agents, limit, tally)
        seconds = time.perf_counter() - tally.started
        return GameResult(
            index=index,
            seed=seed,
            bots=seats,
            scores=tuple(state.scores()),
            winners=tuple(state.winners()),
            actions=tally.actions,
            seconds=seconds,
            turns=tally.turns,
            record=state.record(meta),
            decisions=tuple(tally.decisions),
            thinking=tuple(tally.thinking),
            slowest=tuple(tally.slowest),
        )
    except Exception as error:
        return GameResult(
            index=index,
            seed=seed,
            bots=seats,
            scores=(),
            winners=(),
            actions=tally.actions,
            seconds=time.perf_counter() - tally.started,
            turns=tally.turns,
            error=_describe(error, tally.actions),
            record=_safe_record(state, meta),
        )


class _Tally:
    """What a game's loop counts as it goes: the actions and turns played, and each seat's
    decisions among two or more actions, the seconds its bot spent on them and the longest."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.actions = 0
        self.turns = 0
        self.decisions: list[int] = []
        self.thinking: list[float] = []
        self.slowest: list[float] = []


def _play_out(state: GameState, agents: Sequence[Bot], limit: int, tally: _Tally) -> None:
    """Play ``state`` to its end, each seat's move chosen by its agent and checked, counting
    into ``tally`` from now on; raises :class:`TerraError` once ``limit`` actions are played
    and the game goes on."""
    players = state.num_players
    decisions = tally.decisions = [0] * players
    thinking = tally.thinking = [0.0] * players
    slowest = tally.slowest = [0.0] * players
    clock = time.perf_counter
    tally.started = clock()
    last_seat: int | None = None
    while not state.is_over:
        if tally.actions >= limit:
            raise TerraError(f"unfinished: the game did not end within {limit:,} actions")
        seat = state.current_player
        assert seat is not None
        if seat != last_seat:
            tally.turns += 1
            last_seat = seat
        asked = clock()
        action = agents[seat].choose(state)
        if len(state.legal_actions()) > 1:
            took = clock() - asked
            decisions[seat] += 1
            thinking[seat] += took
            slowest[seat] = max(slowest[seat], took)
        state.play(action, seat)
        tally.actions += 1
