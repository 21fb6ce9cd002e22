"""Africana's greedy bot: what its planner makes of a draw, and that a full hand does not keep
it drawing. The contract suite checks what every game's greedy player must do (tests/core/
test_greedy.py: legal moves only, no peeking, the state left alone, random play beaten).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.games.africana import AfricanaState
from terra.games.africana.end_of_turn import HAND_LIMIT
from terra.games.africana.planner import DRAW_BONUS, Planner
from tests.games.africana import table

GAME = terra.game("africana")


def greedy(state: AfricanaState, k: int) -> int:
    return GAME.evaluator().greedy_action(state, random.Random(k))


@cache
def decisions() -> tuple[AfricanaState, ...]:
    """Positions where greedy is to act: every 7th decision of greedy-against-random games with
    2-4 players, every 401st position of random games (odd corners: full hands, assistants,
    the last round), a seat that must discard a card and one that must drop an adventure."""
    found: list[AfricanaState] = []
    for players, seed in ((2, 0), (2, 1), (3, 2), (4, 3)):
        state = table.new(players, seed)
        bots: list[Bot] = [GreedyBot(seed), *(RandomBot(seed + s) for s in range(1, players))]
        count = 0
        while not state.is_over:
            seat = state.player
            if seat == 0:
                count += 1
                if count % 7 == 0:
                    found.append(state.clone())
            state.play(bots[seat].choose(state))

    for players, seed in ((2, 4), (4, 5)):
        state = table.new(players, seed)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            count += 1
            if count % 401 == 0:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))

    discarding = table.new(3, 5)
    table.set_hand(discarding, 0, {"grey": 3, "violet": 1, "joker": 1})
    discarding.play("draw")
    dropping = table.new(2, 5)
    table.give_adventures(dropping, 0, [dropping.data.adventure_ids[c] for c in range(4)])
    table.play(dropping, "move", "done")
    found += [discarding, dropping]
    return tuple(found)


def test_the_decisions_cover_every_phase() -> None:
    phases = {state.phase_name for state in decisions()}
    assert phases == {"choose", "buy", "move", "discard", "drop"}


def test_greedy_drops_an_adventure_legally_and_without_peeking() -> None:
    """Check Card Limits: the suite's games never leave greedy with four unfinished adventures;
    here its choice is legal and the same in every state its seat cannot tell from this one."""
    state = decisions()[-1]
    assert state.phase_name == "drop"
    chosen = greedy(state, 0)
    assert chosen in state.legal_actions()
    for j in range(3):
        assert greedy(state.sample_hidden(state.player, random.Random(j)), 0) == chosen


def test_a_draw_is_worth_a_bonus_only_for_the_cards_there_is_room_for() -> None:
    """With a full hand a draw only swaps two cards. A bonus for it made greedy, with a move
    worth a little less than the bonus, draw and discard for ever beside a rival who passed
    (seed 63 against ``ismcts:200``): nothing in the rules ends such a game."""
    state = table.new(2, 5)
    seat = state.player
    table.set_hand(state, seat, {"grey": 2, "violet": 2, "joker": 1})
    full = Planner(state, seat)
    assert full.draw_value() == pytest.approx(full.stay_value())
    table.set_hand(state, seat, {"grey": 1, "joker": 1})
    room = Planner(state, seat)
    kept = 2 * room.values.card  # two more cards in hand, each worth a kept card
    assert room.draw_value() == pytest.approx(room.stay_value() + kept + 2 * DRAW_BONUS)


def test_with_a_full_hand_greedy_moves_rather_than_draws_when_a_move_gains() -> None:
    checked = 0
    for state in decisions():
        seat = state.player
        if state.phase_name != "choose" or sum(state.hand[seat]) < HAND_LIMIT:
            continue  # a full hand counts the joker and the assistants too
        planner = Planner(state, seat)
        if planner.best_move()[0] > planner.stay_value():
            checked += 1
            assert state.action_str(greedy(state, 0)) != "draw", state
    assert checked > 0
