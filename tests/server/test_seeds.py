"""Who may choose a match's seed, and who is told it (docs/web.md, "Security").

The seed decides every deal and every draw: whoever knows it can replay the match offline and
know every hidden card. So the server draws it for a match of several people and keeps it to
the end; a chosen seed is taken only where it hides nothing from another person, and is then
shown to everyone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import terra
from terra.core.record import Record
from terra.store import MatchStore
from tests.server.tables import connect, create, receive, serving, token


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, MatchStore]]:
    with serving(tmp_path) as served:
        yield served


def post(client: TestClient, **body: Any) -> Any:
    return client.post("/api/matches", json=body)


def every_page(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    """The first update of every seat's page and of a spectator's."""
    updates = []
    for seat in [s["seat"] for s in created["seats"] if s["invite"]] + [None]:
        key = None if seat is None else token(created, seat)
        with connect(client, created["id"], key) as page:
            updates.append(receive(page))
    return updates


class TestAMatchOfSeveralPeople:
    def test_a_chosen_seed_is_refused(self, server: tuple[TestClient, MatchStore]) -> None:
        response = post(server[0], game="africana", players=2, seed=4)
        assert response.status_code == 400
        assert "a chosen seed would tell its chooser every hidden card" in response.json()["error"]

    def test_the_server_draws_the_seed_and_tells_nobody(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, store = server
        created = [post(client, game="africana", players=2).json() for _ in range(3)]
        seeds = {store.info(c["id"]).seed for c in created}
        assert len(seeds) == 3
        for match in created:
            assert "seed" not in match
            assert "seed" not in client.get(f"/api/matches/{match['id']}").json()
            for update in every_page(client, match):
                assert "seed" not in update
            record = client.get(f"/api/matches/{match['id']}/record")
            assert record.status_code == 409
            assert "seed" not in record.text

    def test_hotseat_is_true_or_false(self, server: tuple[TestClient, MatchStore]) -> None:
        response = post(server[0], game="africa", players=2, hotseat="yes")
        assert response.status_code == 400
        assert "'hotseat' is true or false" in response.json()["error"]


class TestASeedThatHidesNothing:
    @pytest.mark.parametrize(
        ("seats", "hotseat"),
        [
            ([{}, {}], True),  # every person's seat in the creator's browser
            ([{}, {"bot": "greedy"}], False),  # a practice game against a bot
            ([{"bot": "random"}, {"bot": "random"}], False),  # bots alone
        ],
    )
    def test_is_taken_and_shown_to_every_page(
        self, server: tuple[TestClient, MatchStore], seats: list[dict[str, str]], hotseat: bool
    ) -> None:
        client, store = server
        response = post(
            client, game="expedition", players=2, seed=123, seats=seats, hotseat=hotseat
        )
        assert response.status_code == 201, response.text
        created = response.json()
        assert created["seed"] == 123 and store.info(created["id"]).seed == 123
        assert client.get(f"/api/matches/{created['id']}").json()["seed"] == 123
        for update in every_page(client, created):
            assert update["seed"] == 123


class TestTheEnd:
    def test_a_finished_match_shows_its_seed_and_gives_its_record(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        """Bots alone, with a seed the server drew: kept while they play, shown at the end."""
        client, store = server
        created = create(client, "expedition", ["random", "random"])
        seed = store.info(created["id"]).seed
        summary = client.get(f"/api/matches/{created['id']}").json()
        while not summary["over"]:
            assert "seed" not in summary
            with connect(client, created["id"]) as page:
                summary = receive(page)  # an update, as the spectator's page is shown
                assert "seed" not in summary or summary["over"]
            summary = client.get(f"/api/matches/{created['id']}").json()
        assert summary["seed"] == seed
        record = Record.from_dict(client.get(f"/api/matches/{created['id']}/record").json())
        assert record.seed == seed
        assert terra.replay(record).scores() == summary["result"]["scores"]
