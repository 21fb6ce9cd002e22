"""Africa's bots in positions a player would recognise: where greedy starts, how it leaves the
last markers, and where the heuristic the search leans on departs from greedy.

What every game's greedy player must do (legal moves only, the state left alone, no peeking at
face-down markers, beating random play) is checked for every game by tests/core/test_greedy.py.
"""

from __future__ import annotations

import random
from functools import cache

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.games.africa import AfricaState
from terra.games.africa import bots as africa_bots
from tests.games.africa import table

GAME = terra.game("africa")


def greedy(state: AfricaState, k: int) -> int:
    return GAME.evaluator().greedy_action(state, random.Random(k))


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


def steps(state: AfricaState, origin: int) -> list[int]:
    """Steps from ``origin`` to every hex of the board."""
    out = {origin: 0}
    frontier = [origin]
    for h in frontier:
        for n in state.data.neighbours[h]:
            if n not in out:
                out[n] = out[h] + 1
                frontier.append(n)
    return [out[h] for h in range(state.data.num_hexes)]


def test_greedy_starts_as_far_as_it_can_from_the_researchers_already_placed() -> None:
    for players in range(2, 6):
        state = table.new(players, players)
        while state.phase_name == "start":
            placed = [steps(state, h) for h in state.loc if h >= 0]
            base = state.tables.start_base
            apart = {
                a - base: min((d[state.data.cities[a - base]] for d in placed), default=0)
                for a in state.legal_actions()
            }
            choice = greedy(state, 0) - base
            assert apart[choice] == max(apart.values()), (players, state.loc)
            state.play(base + choice)
        assert len(set(state.loc)) == players


def two_markers_left(loser_at: str) -> AfricaState:
    """Only the last monument and a nomad are face down, on H7 and H8; seat 0 is far behind
    and stands at ``loser_at``, the leader (seat 1) far away on B5."""
    state = table.started(2)
    table.put(state, "H7", "monument", face_up=False)
    table.put(state, "H8", "nomad", face_up=False)
    keep = {table.hx(state, "H7"), table.hx(state, "H8")}
    table.clear(
        state,
        *(state.data.hex_ids[h] for h, m in enumerate(state.marker) if m >= 0 and h not in keep),
    )
    state.found = state.last_monument - 1
    state.track[1] = 30
    table.place(state, 0, loser_at)
    table.place(state, 1, "B5")
    table.to_turn(state, 0)
    return state


def test_greedy_moves_away_from_the_last_markers_it_will_not_uncover() -> None:
    """Losing if it ends the game, greedy does not uncover; but rather than block the last
    markers for ever, it moves anywhere to a space that borders none."""
    state = two_markers_left("H6")
    action = greedy(state, 0)
    text = state.action_str(action)
    assert text.startswith("jump "), text
    state.play(action)
    assert not any(state.down[n] for n in state.data.neighbours[state.loc[0]])


def test_greedy_players_end_a_game_whose_last_marker_they_surround() -> None:
    """The last monument lies on L5, whose only neighbours are L6 and K6; the two players who
    would lose stand there. They step aside and the leader ends the game."""
    state = table.started(3)
    table.put(state, "L5", "monument", face_up=False)
    keep = table.hx(state, "L5")
    table.clear(
        state, *(state.data.hex_ids[h] for h, m in enumerate(state.marker) if m >= 0 and h != keep)
    )
    assert table.neighbours(state, "L5") == ["L6", "K6"]
    state.found = state.last_monument - 1
    state.track[2] = 30
    table.place(state, 0, "L6")
    table.place(state, 1, "K6")
    table.place(state, 2, "B5")
    table.to_turn(state, 0)
    for _ in range(100):
        if state.is_over:
            break
        state.play(greedy(state, 0))
    assert state.is_over
    assert state.winners() == [2]


def two_animals_beside(seat_at: str) -> AfricaState:
    """Seat 0 stands on the empty ``seat_at`` with a face-up lion and zebra beside it and
    nothing else on the board: a research camp there scores 2 points, and no other action
    scores anything."""
    state = table.started(2)
    first, second = table.neighbours(state, seat_at)[:2]
    table.put(state, first, "lion")
    table.put(state, second, "zebra")
    keep = {table.hx(state, first), table.hx(state, second)}
    table.clear(
        state,
        *(state.data.hex_ids[h] for h, m in enumerate(state.marker) if m >= 0 and h not in keep),
    )
    table.place(state, 0, seat_at)
    table.place(state, 1, "B5")
    table.to_turn(state, 0)
    return state


def test_the_search_leans_on_a_heuristic_that_keeps_its_camps_for_bigger_catches() -> None:
    """Greedy builds a research camp for 2 points (a camp kept is worth 1.5 to it); the
    heuristic the search leans on (``bots.SEARCH``: a camp kept is worth 2.2) keeps it.
    Greedy itself stays the baseline the search is measured against."""
    state = two_animals_beside("F5")
    assert GAME.evaluator().greedy_action(state, random.Random(0)) == state.parse_action(
        "camp research"
    )
    assert africa_bots.Weights() == africa_bots.GREEDY
    favourite = GAME.evaluator().favourite_action(state, random.Random(0))
    assert favourite == GAME.evaluator().rollout_action(state, random.Random(0))
    assert favourite == state.parse_action("pass")


def gold_beside_the_last_monument(players: int) -> AfricaState:
    """Seat 0, ten points behind seat 1, stands beside the only three face-down markers, the
    last monument among them (Africa, Game End: uncovering it ends the game), with nothing else
    to do nearby. The heuristic reckons what a face-down marker may be from the public counts
    (which here still hold the markers set aside), so uncovering one is mostly a catch and now
    and then the end of a game it would lose."""
    state = table.started(players)
    here = "F5"
    beside = table.neighbours(state, here)[:3]
    for where, name in zip(beside, ("gold 2", "gold 2", "monument"), strict=True):
        table.put(state, where, name, face_up=False)
    keep = {table.hx(state, where) for where in beside}
    table.clear(
        state,
        here,
        *(state.data.hex_ids[h] for h, m in enumerate(state.marker) if m >= 0 and h not in keep),
    )
    for seat in range(players):
        table.place(state, seat, here if seat == 0 else f"B{1 + 2 * seat}")
    state.found = state.last_monument - 1
    state.track[1] = 10
    table.to_turn(state, 0)
    return state


def test_with_several_rivals_the_search_heuristic_risks_ending_a_game_it_trails() -> None:
    """With 3-5 players the heuristic the search leans on weighs ending the game at ±5 points
    (``bots.search_weights``; bench/RESULTS.md), so the likely catch outweighs the chance
    of ending a game it would lose; with 2 players (and greedy with any number) it
    weighs the end at ±30 and will not touch the markers."""
    for players in (2, 3, 4, 5):
        state = gold_beside_the_last_monument(players)
        favourite = state.action_str(GAME.evaluator().favourite_action(state, random.Random(0)))
        assert not state.action_str(greedy(state, 0)).startswith("uncover")
        if players == 2:
            assert africa_bots.search_weights(players) == africa_bots.SEARCH
            assert not favourite.startswith("uncover"), favourite
        else:
            assert africa_bots.search_weights(players).end_swing == 5.0
            assert favourite.startswith("uncover"), (players, favourite)


def test_the_search_heuristic_differs_from_greedy_only_where_its_weights_do() -> None:
    """With greedy's weights the search's heuristic is greedy; with its own it departs from
    greedy at some decisions, not at most."""
    same = [
        africa_bots.greedy_action(state, random.Random(0), africa_bots.GREEDY) == greedy(state, 0)
        for state in decisions()
    ]
    assert all(same)
    departs = sum(
        GAME.evaluator().favourite_action(state, random.Random(0)) != greedy(state, 0)
        for state in decisions()
    )
    assert 0 < departs < len(decisions()) / 2


def test_with_several_rivals_the_search_expects_them_to_play_the_plain_heuristic() -> None:
    """With 3-5 players its rollouts play a rival's turns with greedy's weights
    (``AfricaEvaluator.rival_action``), its own with the search's: beside the last monument,
    ten points behind, the search's heuristic uncovers, and it expects a rival there to step
    aside as greedy does. With 2 players it expects its rival to play as it does itself."""
    for players in (3, 4, 5):
        state = gold_beside_the_last_monument(players)
        rival = GAME.evaluator().rival_action(state, random.Random(0))
        assert rival == greedy(state, 0)
        assert rival != GAME.evaluator().rollout_action(state, random.Random(0))
    for state in decisions():
        expected = (
            GAME.evaluator().favourite_action(state, random.Random(0))
            if state.num_players == 2
            else greedy(state, 0)
        )
        assert GAME.evaluator().rival_action(state, random.Random(0)) == expected
