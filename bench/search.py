"""Search bots: iterations per second at mid-game, and strength against ``greedy``.

``python bench/search.py speed [GAME ...] [--seconds 3]`` times IS-MCTS (and plain MCTS) from
the middle of a seeded greedy game of each game with 2 players, on one core (processor time),
and prints iterations per second.

``python bench/search.py strength GAME [--players 2] [--games 40] [--first 0] [--iterations 200]
[--workers 1] [--option NAME=VALUE]`` plays one ``ismcts`` against ``greedy`` in every other
seat, seats rotated (game i, seeded 1000 + i, puts the search bot in seat i mod players), and
prints its win rate with its standard error, its mean time per decision and its share of each
game. Two settings played on the same games (``--first``) compare game by game: ``--against
FILE`` reads an earlier run's output and adds the mean difference over the games both played,
with its standard error. ``--exploration``, ``--turns``, ``--within-turn``, ``--widening``,
``--bias``, ``--paired`` (common worlds at the root) and ``--depth`` (levels of the tree; 1 is
flat Monte Carlo) tune the search. Timings depend on the machine and its load: this prints, it
never asserts.

``python bench/search.py calibrate GAME [--players 2] [--games 40] [--workers 1]`` plays
greedy self-play games (game i seeded 50,000 + i) and, from every seat's ``estimate`` at each
change of the seat to act, fits the evaluation's scale that best predicts the winners for each
power of the part of the game left (a half, as ``Evaluator.evaluate`` narrows it, or 1): the
mean log-likelihood of the outcomes, and the same for the game's own ``evaluation_scale``.

``python bench/search.py deviations GAME [--players 2] [--games 40] [--every 4]
[--rollouts 20] [--iterations 200] [--workers 1]`` judges the search's departures from the
move it leans on (``Evaluator.favourite_action``) one decision at a time, with far less luck than
whole games: game i (seeded 70,000 + i) puts the favourite in seat i mod players against
greedy, runs the search at every ``--every``-th decision of that seat with a choice, and where
it picks another move it plays ``--rollouts`` pairs of continuations to the end (the seat's
favourite against greedy), one after each move, each pair in one world sampled for the seat.
It prints how often the search departs and the mean gain in the seat's share of the victory
per departure and per game, with their standard errors, in all and by the game's phase.

``python bench/search.py policy GAME [--players 2] [--games 40] [--workers 1]`` measures the
heuristic a search leans on (``Evaluator.favourite_action``) without any search: on each deal (deal
i seeded 90,000 + i) it plays it in every seat in turn against ``greedy`` in the others, and
prints its share of the victory with its standard error (a fair share is 1 / players; a game
whose favourite is its greedy move gets exactly that).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import terra
from terra.ai import make_bot
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.ai.mcts import search_known
from terra.ai.tree import Settings
from terra.core.evaluator import Horizon, Worlds, part_left, win_shares
from terra.core.registry import games as registered_games
from terra.core.state import GameState
from terra.sim import bot_seeds
from terra.sim.stats import Estimate

MIDDLE_SEED = 5
FIRST_SEED = 1000  # strength game i is seeded FIRST_SEED + i
CALIBRATION_SEED = 50_000  # calibration game i is seeded CALIBRATION_SEED + i
DEVIATION_SEED = 70_000  # deviations game i is seeded DEVIATION_SEED + i
POLICY_SEED = 90_000  # policy deal i is seeded POLICY_SEED + i
# Actions after which a strength game counts as stalled (lost by the search bot): greedy games
# take a few hundred; players who only draw and discard would go on for ever.
STALLED = 20_000


def middle(game_id: str, players: int = 2, options: dict[str, str] | None = None) -> GameState:
    """The middle of a seeded greedy game with ``options``: the first decision after half of
    its actions that a search bot searches (a choice, and one its game's evaluator weighs:
    ``Evaluator.search_actions``; the others it leaves to its favourite move unsearched)."""
    game = terra.game(game_id)
    bots = [make_bot("greedy", s) for s in bot_seeds(MIDDLE_SEED, players)]
    whole = game.new(players, MIDDLE_SEED, options)
    while not whole.is_over:
        whole.apply(bots[whole.current_player or 0].choose(whole))
    history = whole.history
    half = len(history) // 2
    state = game.new(players, MIDDLE_SEED, options)
    for action in history[:half]:
        state.apply(action)
    evaluator = game.evaluator()
    later = iter(history[half:])
    while len(state.legal_actions()) < 2 or not evaluator.search_actions(state):
        state.apply(next(later))
    return state


def iterations_per_second(state: GameState, kind: str, seconds: float) -> float:
    """Iterations of one search from ``state`` per second of processor time."""
    budget = Budget(seconds=seconds)
    started = time.process_time()
    if kind == "ismcts":
        done = IsmctsBot(1, budget).search(state).iterations
    else:
        world = state.sample_hidden(state.current_player or 0, random.Random(1))
        done = search_known(world, budget, random.Random(1)).iterations
    return done / (time.process_time() - started)


@dataclass(frozen=True)
class Game:
    """One strength game's outcome for the search bot."""

    won: float  # its share of the victory
    decisions: int
    seconds: float  # wall-clock time spent in its decisions
    cpu_seconds: float  # processor time spent in its decisions: one core's, however busy
    actions: int  # the game's length, every seat's actions

    @property
    def ms_per_decision(self) -> float:
        return 1e3 * self.seconds / max(self.decisions, 1)

    @property
    def cpu_ms_per_decision(self) -> float:
        return 1e3 * self.cpu_seconds / max(self.decisions, 1)


def play(args: tuple[str, int, int, int, Settings, dict[str, str]]) -> Game:
    """Game ``index`` with ``options``: the search bot in seat ``index mod players``, greedy
    elsewhere."""
    game_id, players, index, iterations, settings, options = args
    game = terra.game(game_id)
    seed = FIRST_SEED + index
    seats = bot_seeds(seed, players)
    searcher = index % players
    bots: list[Any] = [make_bot("greedy", s) for s in seats]
    bots[searcher] = IsmctsBot(seats[searcher], Budget(iterations=iterations), settings)
    state = game.new(players, seed, options)
    decisions, spent, cpu = 0, 0.0, 0.0
    while not state.is_over and state.actions_taken < STALLED:
        seat = state.current_player or 0
        started, cpu_started = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state)
        if seat == searcher:
            spent += time.perf_counter() - started
            cpu += time.process_time() - cpu_started
            decisions += 1
        state.apply(action)
    if not state.is_over:  # a stalled game is lost, and shows in the mean time per decision
        return Game(0.0, decisions, spent, cpu, state.actions_taken)
    return Game(state.victory_shares()[searcher], decisions, spent, cpu, state.actions_taken)


def search_settings(args: argparse.Namespace) -> Settings:
    """The search's settings from the command line (the game's where it gives none).

    ``--turns 0`` is the horizon of the seat's own turn; other turns roll out beyond it, within
    the game's horizon or across turns where the game's stops at its own turn.
    ``--within-turn`` keeps the tree within the turn, ``--no-within-turn`` lets it grow across
    turns; ``--paired`` plays on common worlds.
    """
    turns, within = args.turns, args.within_turn
    horizon = None
    if turns == 0:
        horizon, turns = Horizon.OWN_TURN, None
    elif within is not None:
        horizon = Horizon.WITHIN_TURN if within else Horizon.ACROSS_TURNS
    elif turns is not None:
        own = terra.game(args.game[0]).evaluator().settings.horizon
        horizon = Horizon.ACROSS_TURNS if own is Horizon.OWN_TURN else None
    return Settings(
        exploration=args.exploration,
        horizon=horizon,
        rollout_turns=turns,
        widening=args.widening,
        greedy_bias=args.bias,
        depth=args.depth,
        worlds=None if args.paired is None else Worlds.COMMON if args.paired else Worlds.FRESH,
    )


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """The game options given with ``--option NAME=VALUE``."""
    return dict(option.partition("=")[::2] for option in args.option)


def run_heading(args: argparse.Namespace, settings: Settings, games: int) -> dict[str, Any]:
    """What a run played: the game, the players, the games, and the search's settings as
    played (the game's own where the command line gave none)."""
    played = settings.over(terra.game(args.game[0]).evaluator().settings)
    own_turn = played.horizon is Horizon.OWN_TURN
    options = game_options(args)
    return {
        "game": args.game[0],
        **({"options": options} if options else {}),
        "players": args.players,
        "games": games,
        "iterations": args.iterations,
        "settings": {
            "exploration": settings.exploration,
            "turns": 0 if own_turn else played.rollout_turns,
            "within_turn": played.horizon is not Horizon.ACROSS_TURNS,
            "widening": settings.widening,
            "greedy_bias": played.greedy_bias,
            "depth": settings.depth,
            "paired": played.worlds is Worlds.COMMON,
        },
    }


def strength(args: argparse.Namespace) -> dict[str, Any]:
    settings = search_settings(args)
    first = args.first
    options = game_options(args)
    jobs = [
        (args.game[0], args.players, i, args.iterations, settings, options)
        for i in range(first, first + args.games)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(play, job): job[2] for job in jobs}
        for future in as_completed(futures):
            # A line a game as it ends, so that a long run shows how it goes.
            index, result = futures[future], future.result()
            print(
                f"game {index} (seat {index % args.players}): won {result.won:g}, "
                f"{result.actions} actions, {result.decisions} decisions at "
                f"{result.ms_per_decision:.0f} ms "
                f"({result.cpu_ms_per_decision:.0f} ms processor time)",
                file=sys.stderr,
                flush=True,
            )
        results = [future.result() for future in futures]  # in the order of the games
    wins = [r.won for r in results]
    rate = Estimate.of(wins)
    decisions = sum(r.decisions for r in results)
    return {
        **run_heading(args, settings, rate.n),
        "win_rate": round(rate.mean or 0.0, 4),
        "standard_error": round(rate.se or 0.0, 4),
        "fair_share": round(1 / args.players, 4),
        "decisions": decisions,
        "mean_ms_per_decision": round(1e3 * sum(r.seconds for r in results) / decisions, 2),
        "mean_cpu_ms_per_decision": round(1e3 * sum(r.cpu_seconds for r in results) / decisions, 2),
        "max_cpu_ms_per_game": round(max(r.cpu_ms_per_decision for r in results), 2),
        "first": first,
        "won": wins,
    }


# A record of calibration: every seat's estimate, the part of the game left, and every seat's
# share of the victory in the end.
Record = tuple[list[float], float, list[float]]
SCALES = [2 ** (k / 4) for k in range(0, 29)]  # 1 to 128 points, four to a doubling
EVALUATED_POWER = (
    0.5  # ``Evaluator.evaluate`` narrows its scale as the square root of the part left
)
POWERS = (EVALUATED_POWER, 1.0)


def self_play_records(args: tuple[str, int, int]) -> list[Record]:
    """Greedy self-play game ``index``: a record at every change of the seat to act (where
    a search's rollouts stop and its evaluation judges)."""
    game_id, players, index = args
    game = terra.game(game_id)
    evaluator = game.evaluator()
    seed = CALIBRATION_SEED + index
    bots = [make_bot("greedy", s) for s in bot_seeds(seed, players)]
    state = game.new(players, seed)
    taken: list[tuple[list[float], float]] = []
    mover = None
    while not state.is_over and state.actions_taken < STALLED:
        seat = state.current_player or 0
        if seat != mover:
            mover = seat
            estimates = [evaluator.estimate(state, s) for s in range(players)]
            taken.append((estimates, part_left(evaluator.progress(state))))
        state.apply(bots[seat].choose(state))
    if not state.is_over:
        return []
    final = state.victory_shares()
    return [(estimates, left, final) for estimates, left in taken]


def log_likelihood(records: list[Record], scale: float, power: float) -> float:
    """The mean log-probability that the evaluation's win shares give the actual outcome."""
    total = 0.0
    for estimates, left, final in records:
        predicted = win_shares(estimates, scale * left**power)
        total += sum(f * math.log(max(p, 1e-12)) for f, p in zip(final, predicted, strict=True))
    return total / len(records)


def calibrate(args: argparse.Namespace) -> dict[str, Any]:
    """The evaluation's scale, for each power of the part left, that best predicts the
    winners of greedy self-play from the estimates at every change of the seat to act."""
    game_id = args.game[0]
    game = terra.game(game_id)
    jobs = [(game_id, args.players, i) for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        records = [r for rs in pool.map(self_play_records, jobs, chunksize=8) for r in rs]
    fits = []
    for power in POWERS:
        value, scale = max((log_likelihood(records, k, power), k) for k in SCALES)
        fits.append({"power": power, "scale": round(scale, 2), "log_likelihood": round(value, 4)})
    scale, power = game.evaluator().settings.evaluation_scale, EVALUATED_POWER
    return {
        "game": game_id,
        "players": args.players,
        "games": args.games,
        "records": len(records),
        "game's": {
            "scale": scale,
            "power": power,
            "log_likelihood": round(log_likelihood(records, scale, power), 4),
        },
        "no_lead_counts": round(math.log(1 / args.players), 4),
        "fits": fits,
    }


def finish(state: GameState, seat: int, seed: int) -> float:
    """``seat``'s share of the victory after it plays its favourite move
    (``Evaluator.favourite_action``) and greedy every other seat to the end (nothing if it
    stalls)."""
    evaluator = state.game.evaluator()
    rng = random.Random(seed)
    bots = [make_bot("greedy", s) for s in bot_seeds(seed, state.num_players)]
    while not state.is_over and state.actions_taken < STALLED:
        player = state.current_player or 0
        if player == seat:
            state.apply(evaluator.favourite_action(state, rng))
        else:
            state.apply(bots[player].choose(state))
    return state.victory_shares()[seat] if state.is_over else 0.0


@dataclass(frozen=True)
class Departure:
    """One decision searched: its phase, and the search's gain over the favourite move in the
    seat's share of the victory (None where the search kept to the favourite)."""

    phase: str
    gain: float | None


def departures(args: tuple[str, int, int, int, Settings, int, int]) -> list[Departure]:
    """Game ``index``: its seat ``index mod players`` plays its favourite move, greedy the
    others. At every ``every``-th decision of that seat with a choice, the search's gain over
    the favourite: the mean over ``rollouts`` continuations (as :func:`finish`) after each
    move, each pair played in one world sampled for the seat (the same deal and chance for
    both moves)."""
    game_id, players, index, iterations, settings, every, rollouts = args
    game: Any = terra.game(game_id)  # its states' phase_name is the game's own
    evaluator = game.evaluator()
    seed = DEVIATION_SEED + index
    seat = index % players
    greedy = [make_bot("greedy", s) for s in bot_seeds(seed, players)]
    rng = random.Random(seed)
    state = game.new(players, seed)
    found: list[Departure] = []
    chosen = 0
    while not state.is_over and state.actions_taken < STALLED:
        player = state.current_player or 0
        if player != seat:
            state.apply(greedy[player].choose(state))
            continue
        move = evaluator.favourite_action(state, rng)
        if len(state.legal_actions()) > 1 and evaluator.search_actions(state):
            chosen += 1
            if chosen % every == 0:
                decision_seed = seed * 7919 + chosen  # the search's and its continuations'
                searcher = IsmctsBot(decision_seed, Budget(iterations=iterations), settings)
                other = searcher.choose(state)
                gain = None
                if other != move:
                    gain = 0.0
                    pairs = random.Random(decision_seed)
                    for _ in range(rollouts):
                        world = state.sample_hidden(seat, pairs)
                        mine, theirs = world.clone(), world.clone()
                        mine.apply(other)
                        theirs.apply(move)
                        continuation = pairs.getrandbits(32)
                        gain += finish(mine, seat, continuation)
                        gain -= finish(theirs, seat, continuation)
                    gain /= rollouts
                found.append(Departure(state.phase_name, gain))
        state.apply(move)
    return found


def departure_figures(games: list[list[Departure]]) -> dict[str, Any]:
    """How often the search departed in ``games`` (each game's decisions searched), and its
    mean gain per departure and per game, each with its standard error."""
    gains = [d.gain for game in games for d in game if d.gain is not None]
    per_game = [sum(d.gain for d in game if d.gain is not None) for game in games]
    return {
        "decisions_searched": sum(len(game) for game in games),
        "departures": len(gains),
        "gain_per_departure": Estimate.of(gains).to_dict(),
        "gain_per_game": Estimate.of(per_game).to_dict(),
    }


def deviations(args: argparse.Namespace) -> dict[str, Any]:
    """How often the search departs from its favourite move in games of its favourite against
    greedy, and what a departure gains in the seat's share of the victory, in all and by the
    phase of the game (``phase_name``)."""
    settings = search_settings(args)
    jobs = [
        (args.game[0], args.players, i, args.iterations, settings, args.every, args.rollouts)
        for i in range(args.games)
    ]
    games: list[list[Departure]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for index, game in enumerate(pool.map(departures, jobs)):
            departed = [d.gain for d in game if d.gain is not None]
            print(  # a line a game, so that a long run shows how it goes
                f"game {index}: {len(game)} decisions searched, {len(departed)} departures "
                f"gaining {sum(departed):+.2f} in all",
                file=sys.stderr,
                flush=True,
            )
            games.append(game)
    phases = sorted({d.phase for game in games for d in game})
    return {
        **run_heading(args, settings, args.games),
        "rollouts": args.rollouts,
        **departure_figures(games),
        "by_phase": {
            phase: departure_figures([[d for d in game if d.phase == phase] for game in games])
            for phase in phases
        },
    }


def favourite_share(args: tuple[str, int, int, int]) -> float:
    """The share of the victory of ``Evaluator.favourite_action`` in ``seat`` of policy deal
    ``index``, every other seat played by greedy (nothing if the game stalls)."""
    game_id, players, index, seat = args
    seed = POLICY_SEED + index
    return finish(terra.game(game_id).new(players, seed), seat, seed)


def policy(args: argparse.Namespace) -> dict[str, Any]:
    """The search's favourite heuristic against greedy, in every seat of each deal."""
    jobs = [
        (args.game[0], args.players, i, seat)
        for i in range(args.games)
        for seat in range(args.players)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        won = list(pool.map(favourite_share, jobs, chunksize=8))
    share = Estimate.of(won)
    return {
        "game": args.game[0],
        "players": args.players,
        "deals": args.games,
        "games": len(won),
        "share": share.to_dict(),
        "fair_share": round(1 / args.players, 4),
    }


def shares(run: dict[str, Any]) -> dict[int, float]:
    """The search bot's share of each game of a strength run's output, by game index."""
    return {i: float(won) for i, won in enumerate(run["won"], run["first"])}


def paired(run: dict[str, Any], earlier: dict[int, float]) -> dict[str, Any]:
    """``run``'s shares minus an earlier run's (:func:`shares`) over the games both played,
    with its standard error: the same deals, so only the settings differ."""
    mine = shares(run)
    both = sorted(mine.keys() & earlier.keys())
    difference = Estimate.of([mine[i] - earlier[i] for i in both])
    return {
        "games": difference.n,
        "difference": round(difference.mean or 0.0, 4),
        "standard_error": round(difference.se or 0.0, 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "strength", "calibrate", "deviations", "policy"))
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="speed: seconds per search")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", "-n", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="strength: index of the first game")
    parser.add_argument("--against", help="strength: an earlier run's JSON output, to compare")
    parser.add_argument("--iterations", type=int, default=200, help="per decision")
    parser.add_argument("--workers", "-w", type=int, default=1)
    parser.add_argument("--exploration", type=float, default=Settings.exploration)
    parser.add_argument(
        "--turns", type=int, default=None, help="rollout turns; 0: the seat's own turn (the game's)"
    )
    parser.add_argument(
        "--within-turn",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="tree only within the searching seat's turn (the game's)",
    )
    parser.add_argument("--widening", type=float, default=Settings.widening)
    parser.add_argument(
        "--every", type=int, default=4, help="deviations: search every k-th decision"
    )
    parser.add_argument("--rollouts", type=int, default=20, help="deviations: continuations a move")
    parser.add_argument(
        "--bias", type=float, default=None, help="towards the favourite at the root (the game's)"
    )
    parser.add_argument(
        "--paired",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="common worlds at the root (the game's)",
    )
    parser.add_argument("--depth", type=int, default=None, help="levels of the tree (no limit)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="speed, strength: a game option, repeatable (--option game=2)",
    )
    args = parser.parse_args(argv)
    if args.what != "speed" and len(args.game) != 1:
        print(f"search: {args.what} takes one game id", file=sys.stderr)
        return 2
    try:  # every game named, and the player count, before any game is played
        chosen = [terra.game(g) for g in args.game] or registered_games()
        if args.what != "speed":
            chosen[0].new(args.players, FIRST_SEED)
    except terra.TerraError as error:
        print(f"search: {error}", file=sys.stderr)
        return 2
    counts = (args.games, args.every, args.rollouts, args.workers, args.iterations)
    if min(*counts, 1 if args.depth is None else args.depth) < 1:
        print(
            "search: --games, --every, --rollouts, --workers, --iterations and --depth are at "
            "least 1",
            file=sys.stderr,
        )
        return 2
    measures = {"calibrate": calibrate, "deviations": deviations, "policy": policy}
    if args.what in measures:
        print(json.dumps(measures[args.what](args)))
        return 0
    if args.what == "strength":
        earlier = None
        if args.against:  # read before the games are played: a bad file fails at once
            try:
                with open(args.against, encoding="utf-8") as file:
                    earlier = shares(json.load(file))
            except (OSError, ValueError, KeyError, TypeError) as error:
                print(
                    f"search: --against {args.against}: not an earlier strength run's output "
                    f"({type(error).__name__}: {error})",
                    file=sys.stderr,
                )
                return 2
        run = strength(args)
        if earlier is not None:
            run["against"] = paired(run, earlier)
        print(json.dumps(run))
        return 0
    options = game_options(args)
    for game in chosen:
        try:
            state = middle(game.id, 2, options)
        except terra.TerraError as error:
            print(f"search: {error}", file=sys.stderr)
            return 2
        figures = {
            kind: round(iterations_per_second(state, kind, args.seconds))
            for kind in ("ismcts", "mcts")
        }
        named = {"game": game.id, **({"options": options} if options else {})}
        print(json.dumps({**named, "players": 2, "iterations_per_second": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
