"""The greedy bot: it beats random play, it only plays legal actions, and it does not cheat.

Greedy must act on what its seat may know (Africa, Game Setup: the markers lie face down):
redealing the face-down markers must not change its choice.
"""

from __future__ import annotations

import random
from functools import cache

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.games.africa import AfricaState
from terra.sim import run_games
from tests.games.africa import table

GAME = terra.game("africa")
REDEALS = 3


def greedy(state: AfricaState, k: int) -> int:
    return GAME.greedy_action(state, random.Random(k))


@cache
def decisions() -> tuple[AfricaState, ...]:
    """Positions where greedy is to act: every 5th decision of greedy-against-random games
    with 2-5 players, including start cities, goods and placements."""
    found: list[AfricaState] = []
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 3)):
        state = table.new(players, seed)
        bots: list[Bot] = [GreedyBot(seed), *(RandomBot(seed + s) for s in range(1, players))]
        count = 0
        while not state.is_over:
            seat = state.player
            if seat == 0:
                count += 1
                if count % 5 == 0 or state.phase_name in ("start", "goods"):
                    found.append(state.clone())
            state.play(bots[seat].choose(state))
    return tuple(found)


def test_the_decisions_cover_every_phase() -> None:
    assert {state.phase_name for state in decisions()} == {"start", "turn", "goods", "place"}


def test_greedy_only_chooses_legal_actions() -> None:
    for state in decisions():
        assert greedy(state, 0) in state.legal_actions(), state


def test_greedy_does_not_look_at_face_down_markers() -> None:
    """Its choice is the same in every state its seat cannot tell from the real one."""
    for index, state in enumerate(decisions()):
        seat = state.player
        for j in range(REDEALS):
            redealt = state.sample_hidden(seat, random.Random(index * 100 + j))
            assert greedy(redealt, j) == greedy(state, j), (state, j)


def test_greedy_leaves_the_state_alone() -> None:
    for state in decisions()[::4]:
        before = state.clone()
        greedy(state, 0)
        assert state == before


def test_greedy_beats_random_in_at_least_80_percent_of_two_player_games() -> None:
    """40 seeded games, seats rotated every game so each bot starts half of them (the full
    measurement, 200 games, is in the report)."""
    summary = run_games("africa", 2, ["greedy", "random"], 40, seed=0, workers=1, rotate=True)
    assert summary.errors == 0, summary.error_messages
    assert summary.completed == 40
    assert summary.bot_wins["greedy"] >= 0.8 * 40, summary.to_dict()
