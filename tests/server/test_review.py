"""Reviewing a finished game (docs/web.md, "Review"): who made each move, and for one move
the search's favourites and the cost of the move played."""

from __future__ import annotations

from pathlib import Path

import terra
from terra.ai.hints import review
from terra.server.bots import BotPool, bot_seed
from tests.server.tables import create, serving
from tests.server.test_replay import _finish


def test_a_finished_games_moves_are_reviewed(tmp_path: Path, pool: BotPool) -> None:
    with serving(tmp_path, bots=pool) as (client, store):
        match_id = create(client, "expedition", [None, None], seed=3)["id"]
        assert client.get(f"/api/matches/{match_id}/review").status_code == 409  # not over
        moves = _finish(store, match_id, seed=3)
        record = store.record(match_id)
        movers = client.get(f"/api/matches/{match_id}/review").json()["movers"]
        step = moves // 2
        answer = client.get(f"/api/matches/{match_id}/review", params={"step": step}).json()
        too_far = client.get(f"/api/matches/{match_id}/review", params={"step": moves})
        unknown = client.get("/api/matches/no-such-match/review")
    assert len(movers) == moves and set(movers) == {0, 1}
    assert answer["seat"] == movers[step] and answer["played"] == record.actions[step]
    assert 1 <= len(answer["best"]) <= 3
    assert answer["cost"] is None or answer["cost"] >= 0
    # the same search as anywhere: the position before the move, seeded from the match
    state = terra.game("expedition").new(2, record.seed, dict(record.options))
    for text in record.actions[:step]:
        state.play(text)
    found = review(state, state.parse_action(record.actions[step]), seed=bot_seed(3, step))
    assert [h.text for h in found.best] == [h["text"] for h in answer["best"]]
    assert too_far.status_code == 400 and "'step'" in too_far.json()["error"]
    assert unknown.status_code == 404
