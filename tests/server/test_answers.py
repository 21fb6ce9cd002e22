"""A person's time to answer a proposal (docs/web.md, "Answers"): the pages count it down, and
when it runs out the server plays the game's refusal for them (GameState.lapse); an answer in
time stops the clock. Source of the Nile's joint expeditions (29.4) are the proposals here."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from terra.games.nile.actions import PLAYER_COLOURS
from terra.store import MatchStore
from tests.server.tables import FAST, connect, create, receive, serving, token


def _to_europe(store: MatchStore, match_id: str) -> tuple[int, int]:
    """The set-up of a two-person Game II played through the store up to the first turn in
    Europe: the seat to act there and the match's moves."""
    state, moves = store.state(match_id)
    while state.view(None)["phase"] != "europe":
        action = state.action_str(state.legal_actions()[0])
        store.append_move(match_id, moves, action, state.current_player)
        state, moves = store.state(match_id)
    seat = state.current_player
    assert seat is not None
    return seat, moves


def _next(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = receive(socket)
        if message["type"] == kind:
            return message


def _update_after(socket: Any, moves: int) -> dict[str, Any]:
    while True:
        message = _next(socket, "update")
        if message["moves"] > moves:
            return message


def test_a_proposal_not_answered_in_time_is_refused(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, answer_seconds=0.5)
    with serving(tmp_path, settings) as (client, store):
        created = create(client, "nile", [None, None], seed=1, options={"game": 2})
        match_id = created["id"]
        proposer, moves = _to_europe(store, match_id)
        other = 1 - proposer
        with (
            connect(client, match_id, token(created, proposer)) as me,
            connect(client, match_id, token(created, other)) as them,
        ):
            _next(me, "update")
            _next(them, "update")
            me.send_json(
                {"type": "move", "action": f"join {PLAYER_COLOURS[other]}", "moves": moves}
            )
            due = _next(them, "answer_by")
            assert due["seat"] == other and due["moves"] == moves + 1
            assert 0 <= due["seconds"] <= 1
            answered = _update_after(me, moves + 1)  # nobody answers: the server refuses
            assert answered["moves"] == moves + 2 and answered["to_move"] == proposer
            assert store.actions(match_id)[-1] == "refuse"


def test_an_answer_in_time_stops_the_clock(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, answer_seconds=60.0)
    with serving(tmp_path, settings) as (client, store):
        created = create(client, "nile", [None, None], seed=1, options={"game": 2})
        match_id = created["id"]
        proposer, moves = _to_europe(store, match_id)
        other = 1 - proposer
        with connect(client, match_id, token(created, other)) as them:
            _next(them, "update")
            with connect(client, match_id, token(created, proposer)) as me:
                _next(me, "update")
                me.send_json(
                    {"type": "move", "action": f"join {PLAYER_COLOURS[other]}", "moves": moves}
                )
                due = _next(them, "answer_by")
                assert 55 <= due["seconds"] <= 60
            with connect(client, match_id, token(created, proposer)) as again:
                late = _next(again, "answer_by")  # a page that opens is told the time left
                assert late["seat"] == other and late["seconds"] <= 60
            them.send_json({"type": "move", "action": "agree", "moves": moves + 1})
            assert _update_after(them, moves + 1)["moves"] == moves + 2
            assert store.actions(match_id)[-1] == "agree"
