"""Golden playthroughs: seeded random games, step by step, with what every seat sees.

Unlike the golden records (games between bots, which change when a bot is tuned), these pin
the rules alone: the actions are drawn by ``random.Random(seed)`` from the legal ones, and each
step writes the actor, the action, how many actions were legal (with a fingerprint of them),
and what changed in each seat's view. A change of the rules, of a view or of the notation then
shows as a readable diff of a text file.

Every registered game gets playthroughs without any code of its own: at its smallest and its
largest player count, and once more with each yes/no option turned the other way.

    python -m tests.golden.playthroughs             # regenerate every file
    python -m tests.golden.playthroughs africa      # one game
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import terra
from terra.core.state import GameState
from tests.golden.make_golden import write_files

PLAYTHROUGH_DIR = Path(__file__).resolve().parent / "playthroughs"
STEPS = 120  # steps written in full; the game is then played to its end and its result written


def configurations(game_id: str) -> list[tuple[int, int, dict[str, Any]]]:
    """(players, seed, options) of every playthrough of ``game_id``."""
    game = terra.game(game_id)
    found: list[tuple[int, int, dict[str, Any]]] = [
        (game.min_players, 1, {}),
        (game.max_players, 2, {}),
    ]
    for seed, option in enumerate((o for o in game.options if o.kind is bool), start=3):
        found.append((game.min_players, seed, {option.name: not option.default}))
    return found


def file_name(game_id: str, players: int, seed: int, options: dict[str, Any]) -> str:
    tags = "".join(f"-{name}={str(value).lower()}" for name, value in sorted(options.items()))
    return f"{game_id}-{players}p-seed{seed}{tags}.txt"


def flatten(value: Any, prefix: str = "") -> dict[str, str]:
    """A view as ``path: value`` lines: objects and lists of objects open up, lists of plain
    values stay on one line."""
    out: dict[str, str] = {}
    if isinstance(value, dict):
        if not value:
            out[prefix] = "{}"
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        for index, item in enumerate(value):
            out.update(flatten(item, f"{prefix}.{index}"))
    else:
        out[prefix] = json.dumps(value, ensure_ascii=False)
    return out


def seat_name(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


def views(state: GameState) -> dict[int | None, dict[str, str]]:
    """Every seat's and the spectator's view, flattened; the legal moves are written apart."""
    out = {}
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        view.pop("legal_actions", None)
        out[seat] = flatten(view)
    return out


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    lines = []
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key, "-"), after.get(key, "-")
        if old != new:
            lines.append(f"{key}: {old} -> {new}")
    return lines


def legal_line(state: GameState) -> str:
    """How many actions are legal, and a fingerprint of which."""
    texts = "\n".join(sorted(state.legal_action_strs()))
    return f"legal {len(state.legal_actions())} [{hashlib.sha256(texts.encode()).hexdigest()[:8]}]"


def playthrough(game_id: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """The text of one playthrough."""
    game = terra.game(game_id)
    state = game.new(players, seed, options)
    rng = random.Random(seed)
    lines = [
        f"# {game.title}, {players} players, seed {seed}, options {json.dumps(options)}: random",
        f"# actions drawn by random.Random({seed}); {STEPS} steps in full, then the result.",
        "",
        "spectator sees at the start:",
    ]
    seen = views(state)
    lines += [f"  {key} = {value}" for key, value in seen[None].items()]
    for seat in range(players):
        lines.append(f"{seat_name(seat)} sees besides:")
        lines += [f"  {line}" for line in changes(seen[None], seen[seat])]
    step = 0
    while not state.is_over and step < STEPS:
        step += 1
        actor = state.current_player
        lines.append("")
        lines.append(f"{step}. {seat_name(actor)}: {legal_line(state)}")
        action = rng.choice(state.legal_actions())
        lines.append(f"   plays {state.action_str(action)}")
        state.apply(action)
        now = views(state)
        found = {viewer: changes(seen[viewer], view) for viewer, view in now.items()}
        shared = set.intersection(*(set(changed) for changed in found.values()))
        lines += [f"   all: {line}" for line in sorted(shared)]
        for viewer, changed in found.items():
            lines += [f"   {seat_name(viewer)}: {line}" for line in changed if line not in shared]
        seen = now
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    lines.append("")
    lines.append(f"the end after {len(state.history)} actions")
    for seat, parts in enumerate(state.score_breakdown()):
        lines.append(f"  {seat_name(seat)}: {json.dumps(parts)}")
    lines.append(f"  winners {state.winners()}")
    return "\n".join(lines) + "\n"


def playthroughs(game_id: str) -> dict[str, str]:
    """Every playthrough of ``game_id`` by file name, played afresh."""
    return {
        file_name(game_id, players, seed, options): playthrough(game_id, players, seed, options)
        for players, seed, options in configurations(game_id)
    }


def playthrough_files(game_id: str) -> list[Path]:
    return sorted(PLAYTHROUGH_DIR.glob(f"{game_id}-[0-9]*p-seed*.txt"))


def write(game_id: str) -> None:
    write_files(PLAYTHROUGH_DIR, playthroughs(game_id), playthrough_files(game_id))


def main(argv: list[str]) -> int:
    known = [game.id for game in terra.games()]
    unknown = [name for name in argv if name not in known]
    if unknown:
        print(f"no game {unknown[0]!r}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    for game_id in argv or known:
        write(game_id)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
