"""The replay of a finished match: any step, as a spectator saw it, and nothing before the end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from terra.server import replay
from terra.store import MatchStore
from tests.server.tables import Shadow, as_json, create, serving


def _finish(store: MatchStore, match_id: str, seed: int) -> int:
    """Play the match to its end at random; returns its number of moves."""
    rng = random.Random(seed)
    state, moves = store.state(match_id)
    while not state.is_over:
        played = store.append_move(
            match_id, moves, state.action_str(rng.choice(state.legal_actions())), None
        )
        state, moves = played.state, played.moves
    return moves


def _step(client: TestClient, match_id: str, step: int, since: int = 0) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/replay", params={"step": step, "since": since})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_every_step_is_the_spectators_view_and_log_of_that_moment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay, "CHECKPOINT_EVERY", 16)  # several checkpoints in a short game
    with serving(tmp_path) as (client, store):
        match_id = create(client, "expedition", [None, None], seed=4)["id"]
        steps = _finish(store, match_id, seed=4)
        actions = store.actions(match_id)
        rng = random.Random(1)
        asked = [0, steps, 1, 2, 17, 16, 15, 40, 3, *rng.sample(range(steps + 1), 12)]
        log: list[str] = []
        for step in asked:
            update = _step(client, match_id, step, since=len(log))
            state = Shadow(store, match_id).at(step)
            assert update["type"] == "replay" and update["moves"] == step
            assert update["steps"] == steps
            assert update["action"] == (actions[step - 1] if step else None)
            assert update["view"] == as_json(state.view(None))
            assert update["to_move"] == state.current_player
            assert update["over"] == (step == steps) == state.is_over
            assert "legal" not in update
            if update["since"] == len(log):
                log += update["log_text"]
            whole = [state.game.describe_event(state, e) for e in state.log(None, 0)]
            assert log[: update["log_size"]] == whole
        last = _step(client, match_id, steps)
        assert last["result"]["breakdown"] == store.state(match_id)[0].score_breakdown()


def test_a_match_being_played_has_no_replay_yet(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        match_id = create(client, "africana", [None, None])["id"]
        response = client.get(f"/api/matches/{match_id}/replay", params={"step": 0})
        page = client.get(f"/match/{match_id}/replay")
    assert response.status_code == 409
    assert "still being played" in response.json()["error"]
    assert page.status_code == 200 and "/static/replay.js" in page.text


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ("", 400, "'step' is missing"),
        ("?step=-1", 400, "'step' is a whole number"),
        ("?step=x", 400, "'step' is a whole number"),
        ("?step=99999", 400, "from 0 to"),
        ("?step=0&since=%C3%A9", 400, "'since' is a whole number"),
    ],
)
def test_a_bad_step_is_refused_saying_why(
    tmp_path: Path, query: str, status: int, says: str
) -> None:
    with serving(tmp_path) as (client, store):
        match_id = create(client, "expedition", [None, None], seed=2)["id"]
        _finish(store, match_id, seed=2)
        response = client.get(f"/api/matches/{match_id}/replay{query}")
    assert response.status_code == status
    assert says in response.json()["error"]


def test_an_unknown_match_has_no_replay(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        response = client.get("/api/matches/nothing/replay?step=0")
    assert response.status_code == 404 and "no match" in response.json()["error"]


def test_only_a_few_replays_are_kept(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        ids = [create(client, "expedition", [None, None], seed=s)["id"] for s in range(3)]
        for seed, match_id in enumerate(ids):
            _finish(store, match_id, seed)
    replays = replay.Replays(store, kept=2)
    for match_id in ids:
        replays.update(match_id, 5)
    assert list(replays._replays) == ids[1:]


@pytest.mark.parametrize(
    ("lang", "language"),
    [("de", "de"), ("nl", "nl"), ("de-AT", "de"), ("fr", "en"), ("", "en"), (None, "en")],
)
def test_the_log_is_worded_in_the_language_asked_for(
    tmp_path: Path, lang: str | None, language: str
) -> None:
    with serving(tmp_path) as (client, store):
        match_id = create(client, "africana", [None, None], seed=3)["id"]
        steps = _finish(store, match_id, seed=3)
        params: dict[str, Any] = {"step": steps, "since": 0}
        if lang is not None:
            params["lang"] = lang
        response = client.get(f"/api/matches/{match_id}/replay", params=params)
        later = client.get(
            f"/api/matches/{match_id}/replay", params={**params, "step": 1, "since": 0}
        )
    assert response.status_code == 200 and later.status_code == 200
    shadow = Shadow(store, match_id)
    names = shadow.names
    state = shadow.at(steps)
    entries = state.log(None, 0)
    assert response.json()["log_text"] == [
        state.game.describe_event(state, e, language, names) for e in entries
    ]
    english = [state.game.describe_event(state, e, "en", names) for e in entries]
    assert (response.json()["log_text"] == english) == (language == "en")
    # The same replay asked for in another step keeps the language asked for.
    first = Shadow(store, match_id).at(1)
    assert later.json()["log_text"] == [
        first.game.describe_event(first, e, language, names) for e in first.log(None, 0)
    ]
