"""A refusal tells a seat nothing it cannot see, in every registered game.

A seat may send any action, legal or not, and read the refusal: its reason and its rule, and in
German and Dutch the words its catalog key and fields make (the same key and fields, the same
words in every language). If a
refusal depended on something hidden from that seat (a face-down marker, a card in another
hand, the order of a deck), one refused move per guess would read the hidden part without
changing anything. So at every decision of seeded games, for every seat and every action in the
game's space, and for text that names no action, the refusal is the same on redeals of what
that seat cannot see (``sample_hidden``) as on the real state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import terra
from terra.core import IllegalAction
from terra.core.state import GameState

DECISIONS = 150  # per game: several turns of every kind of decision a game starts with
REDEALS = 2  # redeals per seat and decision
# Text a seat may type that names no action: the refusal suggests legal actions by name.
TYPED = ("zzz", "done please", "move", "go nowhere", "pass 99")

Refusal = tuple[str, str | None, str | None, tuple[tuple[str, str | int], ...]] | None


def configurations() -> list[tuple[str, int, str]]:
    """Every game at its smallest and largest player count, played randomly and by greedy
    players (who reach the later phases that random players seldom do)."""
    out = []
    for game in terra.games():
        for players in sorted({game.min_players, game.max_players}):
            out.append((game.id, players, "random"))
        out.append((game.id, max(2, game.min_players), "greedy"))
    return out


def decisions(game_id: str, players: int, policy: str) -> Iterator[GameState]:
    """The first :data:`DECISIONS` decisions of a seeded game; with ``greedy``, seat 0 plays
    greedy and the others at random."""
    game = terra.game(game_id)
    state = game.new(players, 5)
    rng = random.Random(5)
    for _ in range(DECISIONS):
        if state.is_over:
            return
        yield state
        if policy == "greedy" and state.current_player == 0:
            state.apply(game.evaluator().greedy_action(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def refusal(state: GameState, seat: int, action: int | str) -> Refusal:
    """What ``seat`` is told when it sends ``action``, as the server tells it: the reason and
    the rule of the refusal with the key and fields its translations are made from, or
    ``None`` where the move would be played. Nothing is played:
    another seat's move is refused before anything changes, and the seat to act has its
    move judged by ``explain_illegal``, as ``play`` judges it."""
    try:
        if seat != state.current_player:
            state.play(action, seat=seat)  # refused: it is not this seat's turn
        if isinstance(action, str):
            action = state.parse_action(action)
        error = state.explain_illegal(action)
    except IllegalAction as refused:
        error = refused
    if error is None:
        return None
    return (error.reason, error.rule, error.key, tuple(sorted(error.fields.items())))


def sendable(state: GameState) -> list[int | str]:
    """Every action in the game's space, and text that names none."""
    return [*range(state.num_actions), *TYPED]


def every_refusal(state: GameState, seat: int) -> list[Refusal]:
    """The refusal of everything a seat may send."""
    return [refusal(state, seat, sent) for sent in sendable(state)]


@pytest.mark.parametrize(
    ("game_id", "players", "policy"),
    configurations(),
    ids=str,
)
def test_no_refusal_depends_on_what_its_seat_cannot_see(
    game_id: str, players: int, policy: str
) -> None:
    """Core contract (docs/contract.md, "Hidden information"): every refusal a seat can
    provoke reads only what its view shows."""
    rng = random.Random(17)
    checked = 0
    for state in decisions(game_id, players, policy):
        for seat in range(players):
            real = every_refusal(state, seat)
            for _ in range(REDEALS):
                redealt = every_refusal(state.sample_hidden(seat, rng), seat)
                if redealt != real:
                    sent, told, other = next(
                        (state.action_str(sent) if isinstance(sent, int) else sent, r, s)
                        for sent, r, s in zip(sendable(state), real, redealt, strict=True)
                        if r != s
                    )
                    pytest.fail(
                        f"seat {seat} is refused {sent!r} with {told} in the real game and "
                        f"with {other} after a redeal of what it cannot see"
                    )
            checked += 1
    assert checked >= players * 20
