"""Long seeded games: no card, arrow, chip or voucher is created or lost, and every game ends.

Random games with 2-6 players and every variant, and a few greedy games, checked after every
action (the cheap invariants) and at every turn's end.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from terra.games.expedition import ExpeditionState, routes
from terra.games.expedition.actions import ARROWS, EXPEDITIONS
from terra.games.expedition.bots import greedy_action
from terra.games.expedition.marking import chip_limit
from terra.games.expedition.vouchers import VOUCHERS_PER_TURN
from tests.games.expedition import table

MAX_ACTIONS = 20_000  # far above any real game (about 300 actions)
Chooser = Callable[[ExpeditionState], int]


def check(state: ExpeditionState) -> None:
    data = state.data
    cards = (
        state.deck + state.public + state.drawn
        + [c for h in state.hand for c in h] + [c for laid in state.laid for c in laid]
    )  # fmt: skip
    assert sorted(cards) == list(range(data.num_sites)), "cards conserved"
    for colour in range(EXPEDITIONS):
        arrows = state.arrows[colour]
        assert len(arrows) + state.arrows_left(colour) == ARROWS, "arrows conserved"
        lines = [a >> routes.SHIFT_LINE for a in arrows]
        assert len(set(lines)) == len(lines), "one colour never twice along a line"
        assert [n for n, used in enumerate(state.used[colour]) if used] == sorted(lines)
        assert state.route[colour] == routes.route_of(state, colour)
        here = data.start
        for arrow in arrows:
            line, origin, target = routes.unpack(arrow)
            assert data.lines[line] in ((origin, target), (target, origin))
            assert origin == here or state.route[colour] >> origin & 1, "no gaps"
            here = target
    taken = [sum(used[line] for used in state.used) for line in range(len(data.lines))]
    assert list(state.taken) == taken, "every line knows how many colours run along it"
    assert 0 <= state.spent <= VOUCHERS_PER_TURN, "at most two vouchers a turn"
    assert min(state.vouchers) >= 0
    for p in range(state.num_players):
        on_board = sum(owner == p for owner in state.chip)
        assert state.chips_placed[p] == on_board + state.chips_back[p], "chips conserved"
        assert state.chips_placed[p] <= chip_limit(state)
    for site, owner in enumerate(state.chip):
        assert owner < 0 or site in state.hand[owner]
    for end in state.end:  # nobody holds the card of a site an expedition stands on
        assert not any(end in hand for hand in state.hand) or state.drawn


def random_chooser(seed: int) -> Chooser:
    """A player choosing uniformly among the legal actions, seeded."""
    rng = random.Random(seed)

    def choose(state: ExpeditionState) -> int:
        return rng.choice(state.legal_actions())

    return choose


def play(state: ExpeditionState, choose: Chooser) -> int:
    actions = 0
    while not state.is_over:
        assert actions < MAX_ACTIONS, "the game does not end"
        legal_now = state.legal_actions()
        assert legal_now, "a seat to act always has an action"
        state.apply(choose(state))
        actions += 1
        check(state)
    assert not routes.can_continue(state, loop_limit=False) or state.winner >= 0
    return actions


OPTIONS = [{}, {"variant_a": True}, {"variant_b": True}, {"variant_a": True, "variant_b": True}]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", range(len(OPTIONS)))
def test_random_games_keep_every_invariant_and_end(players: int, variant: int) -> None:
    for seed in range(6):
        state = table.new(players, seed * 7 + variant, **OPTIONS[variant])
        play(state, random_chooser(seed))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_games_keep_every_invariant_and_end(players: int) -> None:
    for seed in range(3):
        state = table.new(players, seed)
        rng = random.Random(seed)

        def greedy(state: ExpeditionState, rng: random.Random = rng) -> int:
            return greedy_action(state, rng)

        play(state, greedy)


def test_random_games_on_the_small_map_end() -> None:
    for seed in range(30):
        state = table.new(2 + seed % 3, seed, data=table.LOOPS, variant_a=seed % 2 == 0)
        play(state, random_chooser(seed))
