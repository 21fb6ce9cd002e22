"""What the browser's teaching costs the server: a hint (the search's three best moves with
their reasons, ``terra.ai.hints``) and the check of an undo (``terra.core.undo``), per game,
at positions of seeded random games where seat 0 is to move.

    python bench/teaching.py                 # every game, 20 positions each
    python bench/teaching.py --positions 50 --games nile

Figures are processor time of this process (other programs slow the clock, much less this).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import terra
from terra.ai.hints import hints
from terra.core.record import Record
from terra.core.undo import CannotUndo, undo_point


def positions(game_id: str, count: int) -> list[tuple[terra.GameState, tuple[str, ...]]]:
    """Positions of two-player random games where seat 0 is to move, with their moves."""
    found = []
    for seed in range(count):
        game = terra.game(game_id)
        state = game.new(2, seed)
        rng = random.Random(seed)
        actions: list[str] = []
        for _ in range(rng.randrange(10, 80)):
            if state.is_over:
                break
            text = rng.choice(state.legal_action_strs())
            actions.append(text)
            state.play(text)
        while not state.is_over and state.current_player != 0:
            text = rng.choice(state.legal_action_strs())
            actions.append(text)
            state.play(text)
        if not state.is_over:
            found.append((state, tuple(actions)))
    return found


def measure(game_id: str, count: int) -> dict[str, float]:
    hint_times, undo_times = [], []
    allowed = 0
    for seed, (state, actions) in enumerate(positions(game_id, count)):
        start = time.process_time()
        hints(state)
        hint_times.append(time.process_time() - start)
        record = Record(game=game_id, players=2, seed=seed, options={}, actions=actions)
        start = time.process_time()
        try:
            undo_point(record, 0)
            allowed += 1
        except CannotUndo:
            pass
        undo_times.append(time.process_time() - start)
    return {
        "positions": len(hint_times),
        "hint_median_s": statistics.median(hint_times),
        "hint_max_s": max(hint_times),
        "undo_median_ms": 1000 * statistics.median(undo_times),
        "undo_max_ms": 1000 * max(undo_times),
        "undo_allowed": allowed / len(undo_times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--games", nargs="*", default=[g.id for g in terra.games()])
    args = parser.parse_args()
    print("| game | positions | hint, median (max) | undo check, median (max) | undo allowed |")
    print("|---|---|---|---|---|")
    for game_id in args.games:
        m = measure(game_id, args.positions)
        print(
            f"| {terra.game(game_id).title} | {m['positions']} "
            f"| {m['hint_median_s']:.2f} s ({m['hint_max_s']:.2f} s) "
            f"| {m['undo_median_ms']:.0f} ms ({m['undo_max_ms']:.0f} ms) "
            f"| {m['undo_allowed']:.0%} |"
        )


if __name__ == "__main__":
    main()
