"""What each seat may know in Africa, and states it cannot tell apart.

Hidden from every seat alike: which marker lies under each face-down marker (Africa, Game
Setup: the markers are shuffled face down). Everything else is public: face-up markers, camps,
researchers, the goods, gold and jewels in front of each player (kept face up), the scores.
How many markers of each type are still face down follows from the public counts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from terra.games.africa import scoring
from terra.games.africa.actions import PLAYER_COLOURS
from terra.games.africa.components import GOLD, JEWELS
from terra.games.africa.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

FACE_DOWN = "?"


def unseen_counts(state: AfricaState) -> list[int]:
    """How many markers of each type lie face down (public: all counts minus what is seen)."""
    counts = list(state.data.count)
    marker = state.marker
    for h, d in enumerate(state.down):
        if not d and marker[h] >= 0:
            counts[marker[h]] -= 1
    for hand in state.hand:
        for t, n in enumerate(hand):
            counts[t] -= n
    return counts


def view(state: AfricaState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON-ready data (``None``: a spectator)."""
    data = state.data
    names = data.type_names
    board = []
    for h in range(data.num_hexes):
        kind = state.marker[h]
        camp = state.camp[h]
        board.append(
            {
                "hex": data.hex_ids[h],
                "city": data.city_names[data.city_of[h]] if data.city_of[h] >= 0 else None,
                "marker": None if kind < 0 else FACE_DOWN if state.down[h] else names[kind],
                "camp": None if camp < 0 else camp,
            }
        )
    players = []
    for p in range(state.num_players):
        hand = state.hand[p]
        where = state.loc[p]
        players.append(
            {
                "seat": p,
                "colour": PLAYER_COLOURS[p],
                "researcher": None if where < 0 else data.hex_ids[where],
                "camps": state.camps[p],
                "goods": {names[t]: hand[t] for t in data.goods},
                "gold": scoring.treasure(data, hand, GOLD),
                "jewels": scoring.treasure(data, hand, JEWELS),
                "markers": {names[t]: n for t, n in enumerate(hand) if n},
                "score": scoring.breakdown(state, p),
            }
        )
    current = state.current_player
    turn: dict[str, Any] = {
        "number": state.turn + 1,
        "player": current,
        "phase": state.phase.label,
        "action": state.round + 1,
        "actions_per_turn": state.rounds,
        "steps_taken": state.steps,
    }
    if state.phase == Phase.PLACE:
        turn["placing"] = {
            "hex": data.hex_ids[state.pending],
            "marker": names[state.marker[state.pending]],
            "moved": bool(state.moving),
        }
    if state.phase == Phase.GOODS:
        turn["uncovered_good"] = names[state.pending]
    return {
        "board": board,
        "players": players,
        "turn": turn,
        "supply_camps": state.supply,
        "monuments_found": state.found,
        "last_monument": state.last_monument,
        "bonus": None if state.bonus < 0 else state.bonus,
        "face_down": {names[t]: n for t, n in enumerate(unseen_counts(state))},
    }


def redeal(state: AfricaState, sample: AfricaState, seat: int, rng: random.Random) -> None:
    """Make ``sample`` (a clone of ``state``) a state ``seat`` cannot tell from it: the
    face-down markers redealt among the face-down hexes (every seat knows the same of them)."""
    hidden = [h for h, d in enumerate(state.down) if d]
    kinds = [state.marker[h] for h in hidden]
    rng.shuffle(kinds)
    for h, kind in zip(hidden, kinds, strict=True):
        sample.marker[h] = kind
