"""The lobby's API, the client's pages, and each game's board module."""

from __future__ import annotations

from pathlib import Path

import pytest

import terra
from tests.server.tables import create, serving


def test_the_games_are_listed_with_players_options_and_bots(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [g.id for g in terra.games()]
    africa = next(g for g in listed if g["id"] == "africa")
    assert (africa["min_players"], africa["max_players"]) == (2, 5)
    assert {o["name"]: o["default"] for o in africa["options"]} == {
        "two_player": True,
        "simple": False,
    }
    assert all(g["bots"] == ["greedy", "ismcts:1s", "mcts:1s", "random"] for g in listed)


def test_a_search_bot_takes_any_level_it_accepts(tmp_path: Path) -> None:
    """The lobby offers the search bots at a second a move; other levels may be asked for."""
    with serving(tmp_path) as (client, _):
        created = create(client, "expedition", [None, "ismcts:20"])
        summary = client.get(f"/api/matches/{created['id']}").json()
    assert [s["bot"] for s in summary["seats"]] == [None, "ismcts:20"]


def test_a_new_match_gives_a_link_per_person_and_one_for_spectators(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, "greedy", None])
        summary = client.get(f"/api/matches/{created['id']}").json()
    invites = [s["invite"] for s in created["seats"]]
    assert invites[1] is None and all("#seat=" in invites[s] for s in (0, 2))
    assert invites[0] != invites[2]
    assert created["spectate"].endswith(f"/match/{created['id']}")
    assert summary["players"] == 3 and summary["over"] is False
    assert [s["bot"] for s in summary["seats"]] == [None, "greedy", None]
    assert "token" not in str(summary)
    assert store.info(created["id"]).players == 3


def test_the_pages_and_modules_are_served(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        lobby = client.get("/")
        page = client.get("/match/anything")
        module = client.get("/static/match.js")
    assert lobby.status_code == 200 and "/static/lobby.js" in lobby.text
    assert page.status_code == 200 and "/static/match.js" in page.text
    assert module.headers["content-type"].startswith(("text/javascript", "application/javascript"))


PAGES = {
    "/": "lobby.js",
    "/match/m": "match.js",
    "/match/m/replay": "replay.js",
    "/learn/africa": "learn.js",
}


@pytest.mark.parametrize(("path", "script"), PAGES.items())
def test_each_page_has_the_shared_head_and_header_and_its_own_script(
    tmp_path: Path, path: str, script: str
) -> None:
    with serving(tmp_path) as (client, _):
        page = client.get(path)
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    html = page.text
    assert html.startswith('<!doctype html>\n<html lang="en">')
    assert html.count('<script type="module"') == 1
    assert f'<script type="module" src="/static/{script}"></script>' in html
    assert html.count('<link rel="stylesheet" href="/static/style.css">') == 1
    assert ('href="/static/board.css"' in html) is (path != "/")
    assert html.count('<span id="language-switch"></span>') == 1
    assert html.rstrip().endswith("</body>\n</html>")


def test_a_page_asked_for_again_with_its_etag_is_not_sent_again(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        first = client.get("/match/m")
        tag = first.headers["etag"]
        again = client.get("/match/m", headers={"if-none-match": tag})
        weak = client.get("/match/m", headers={"if-none-match": f'"other", W/{tag}'})
        changed = client.get("/match/m", headers={"if-none-match": '"other"'})
        other_page = client.get("/match/m/replay").headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    assert weak.status_code == 304
    assert changed.status_code == 200 and changed.text == first.text
    assert other_page != tag


def test_a_game_without_a_board_module_has_none_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fifth game may come before its board: the page then falls back to the move list."""
    game = terra.game("expedition")
    monkeypatch.setattr(type(game), "web_board", lambda self: None)
    with serving(tmp_path) as (client, _):
        response = client.get("/boards/expedition.js")
        listed = {g["id"]: g["board"] for g in client.get("/api/games").json()["games"]}
    assert response.status_code == 404
    assert "no board module yet" in response.json()["error"]
    assert listed["expedition"] is False


def test_a_game_board_module_is_served_as_javascript(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "board.js"
    module.write_text("export function draw(container, view, ctx) {}\n")
    game = terra.game("expedition")
    monkeypatch.setattr(type(game), "web_board", lambda self: module)
    with serving(tmp_path) as (client, _):
        response = client.get("/boards/expedition.js")
        listed = {g["id"]: g["board"] for g in client.get("/api/games").json()["games"]}
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/javascript")
    assert response.text == module.read_text()
    assert listed["expedition"] is True


def test_the_board_layout_of_a_match(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africana", [None, None], seed=1)
        layout = client.get(f"/api/matches/{created['id']}/layout").json()
    state, _ = store.state(created["id"])
    assert layout == terra.game("africana").board_layout(state)
