"""The greedy bot: it beats random play, it only plays legal actions, and it does not cheat.

Greedy must act on what its seat may know (Expedition, Research Missions: missions are secret
until laid down, except marked ones; the deck is face down): redealing everything hidden from
its seat must not change its choice.
"""

from __future__ import annotations

import random
from functools import cache

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.games.expedition import ExpeditionState
from terra.sim import run_games
from tests.games.expedition import table

GAME = terra.game("expedition")
REDEALS = 3


def greedy(state: ExpeditionState, k: int) -> int:
    return GAME.evaluator().greedy_action(state, random.Random(k))


@cache
def decisions() -> tuple[ExpeditionState, ...]:
    """Positions where greedy is to act: every 5th decision of greedy-against-random games with
    2-4 players and both variants, with exchanges and loops among them."""
    found: list[ExpeditionState] = []
    for players, seed, options in (
        (2, 0, {}), (3, 1, {"variant_a": True}), (4, 2, {"variant_b": True}), (2, 3, {}),
    ):  # fmt: skip
        state = table.new(players, seed, **options)
        bots: list[Bot] = [GreedyBot(seed), *(RandomBot(seed + s) for s in range(1, players))]
        count = 0
        while not state.is_over:
            seat = state.player
            if seat == 0:
                count += 1
                if count % 5 == 0 or state.drawn or state.loop >= 0 or state.phase == 0:
                    found.append(state.clone())
            state.play(bots[seat].choose(state))
    return tuple(found)


def test_the_decisions_cover_marking_exchanges_and_loops() -> None:
    found = decisions()
    assert any(s.phase_name == "marking" for s in found)
    assert any(s.drawn for s in found)


def test_greedy_only_chooses_legal_actions() -> None:
    for state in decisions():
        assert greedy(state, 0) in state.legal_actions(), state


def test_greedy_does_not_look_at_hidden_cards() -> None:
    """Its choice is the same in every state its seat cannot tell from the real one."""
    for index, state in enumerate(decisions()):
        seat = state.player
        for j in range(REDEALS):
            redealt = state.sample_hidden(seat, random.Random(index * 100 + j))
            assert greedy(redealt, 0) == greedy(state, 0), (state, j)


def test_greedy_leaves_the_state_alone() -> None:
    for state in decisions()[::4]:
        before = state.clone()
        greedy(state, 0)
        assert state == before


def test_greedy_beats_random_in_at_least_80_percent_of_two_player_games() -> None:
    """40 seeded games, seats rotated every game (the full 200 are in the report)."""
    summary = run_games("expedition", 2, ["greedy", "random"], 40, seed=0, workers=1, rotate=True)
    assert summary.errors == 0, summary.error_messages
    assert summary.bot_wins["greedy"] >= 0.8 * 40, summary.to_dict()


def test_greedy_beats_random_with_both_variants() -> None:
    options = {"variant_a": True, "variant_b": True}
    summary = run_games(
        "expedition", 2, ["greedy", "random"], 30, seed=0, rotate=True, options=options
    )
    assert summary.bot_wins["greedy"] >= 0.8 * 30, summary.to_dict()
