"""The interface in English, German and Dutch (issue 11, "Languages"; docs/web.md).

The web catalogs hold exactly the texts the pages and boards pass to ``t(...)``/``say(...)`` or
mark ``data-t``, as Babel extracts them with the repository's ``babel.cfg``; each page's log
comes in the language its socket asked for.
"""

from __future__ import annotations

import configparser
import re
import string
from importlib import resources
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import terra
from terra.server import i18n
from terra.web.extract import extract_html
from tests.server.tables import Shadow, connect, create, receive, serving, token

ROOT = Path(__file__).resolve().parents[2]
# The keywords of the command in babel.cfg and docs/web.md.
KEYWORDS = {
    "t": None,
    "say": (3,),
    "refuse": None,
    "marked": None,
    "CannotUndo": None,
    "StaleMove": None,
}
TRANSLATIONS = [language for language in i18n.LANGUAGES if language != i18n.SOURCE_LANGUAGE]


def extracted() -> set[str]:
    """Every message of the sources, as ``pybabel extract -F babel.cfg`` finds them."""
    config = configparser.RawConfigParser()
    config.read(ROOT / "babel.cfg", encoding="utf-8")
    method_map, options_map = [], {}
    for section in config.sections():
        method, pattern = (part.strip() for part in section.split(":", 1))
        method_map.append((pattern, method))
        options_map[pattern] = dict(config.items(section))
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=())
    return {str(message) for _, _, message, _, _ in found}


def catalog(language: str) -> Catalog:
    path = i18n.LOCALE / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_the_sources_have_texts_of_every_kind() -> None:
    """The extraction reaches the pages, the lobby, the match page and every board."""
    texts = extracted()
    assert {"New game", "Log", "Seat {seat}", "Your move.", "Language", "equator"} <= texts
    assert "Natives met at {hex}" in texts and "Public missions" in texts


# Every literal text handed to t(...) or say(ctx, key, ...), found by a plain scan of the
# scripts: a check on the extraction itself, which skips a call it cannot parse (one inside a
# template literal's ${...} with an object argument, say).
CALLS = re.compile(r'(?:(?<![\w.])t\(\s*|\bsay\(\s*ctx\s*,\s*"[^"]*"\s*,\s*)"((?:[^"\\]|\\.)*)"')
SCRIPTS = [
    *(ROOT / "src/terra/web/static").glob("*.js"),
    *(ROOT / "src/terra/games").glob("*/web/*.js"),
]


def test_the_extraction_finds_every_call_in_the_scripts() -> None:
    texts = extracted()
    for script in SCRIPTS:
        for found in CALLS.finditer(script.read_text("utf-8")):
            assert found[1] in texts, f"{script.name}: {found[1]!r} is not extracted"


@pytest.mark.parametrize("language", TRANSLATIONS)
class TestWebCatalogs:
    def test_it_holds_exactly_the_texts_of_the_sources(self, language: str) -> None:
        ids = {str(message.id) for message in catalog(language) if message.id}
        texts = extracted()
        assert sorted(texts - ids) == [], "run pybabel extract and update (docs/web.md)"
        assert sorted(ids - texts) == [], "no longer in the sources"

    def test_every_text_is_translated_and_keeps_its_placeholders(self, language: str) -> None:
        po = catalog(language)
        assert not po.fuzzy
        for message in po:
            if not message.id:
                continue
            assert isinstance(message.string, str) and message.string.strip(), message.id
            assert not message.fuzzy, message.id
            assert placeholders(message.string) == placeholders(str(message.id)), message.id


def test_the_html_extractor_reads_marked_elements_only() -> None:
    page = b'<p data-t>Hello <b>there</b></p>\n<p>Not me</p>\n<span\n data-t="">Two\n lines</span>'
    found = list(extract_html(BytesIO(page), {}, (), {}))
    assert found == [(1, None, "Hello there", []), (3, None, "Two lines", [])]


class TestTheServer:
    def test_it_lists_its_languages_each_with_its_own_name(self, tmp_path: Path) -> None:
        """The one list of languages (terra.core.game.LANGUAGES), for the pages' switch."""
        with serving(tmp_path) as (client, _):
            answer = client.get("/api/i18n")
        assert answer.status_code == 200
        assert answer.json() == {
            "source": "en",
            "languages": [
                {"code": "en", "name": "English"},
                {"code": "de", "name": "Deutsch"},
                {"code": "nl", "name": "Nederlands"},
            ],
        }
        assert [entry["code"] for entry in answer.json()["languages"]] == list(i18n.LANGUAGES)

    def test_it_serves_each_catalog(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, _):
            german = client.get("/api/i18n/de")
            assert german.status_code == 200
            assert german.json()["messages"]["New game"] == "Neues Spiel"
            assert client.get("/api/i18n/nl").json()["messages"]["Log"] == "Verslag"
            assert client.get("/api/i18n/en").json() == {"language": "en", "messages": {}}

    def test_an_unknown_language_is_refused_saying_which_exist(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, _):
            answer = client.get("/api/i18n/fr")
            assert answer.status_code == 404
            assert answer.json()["error"] == "no catalog for language 'fr' (known: en, de, nl)"

    @pytest.mark.parametrize(
        ("asked", "language"),
        [("de", "de"), ("nl-BE", "nl"), ("DE_at", "de"), ("fr", "en"), ("", "en"), (None, "en")],
    )
    def test_a_page_gets_the_log_in_its_language(
        self, tmp_path: Path, asked: str | None, language: str
    ) -> None:
        with serving(tmp_path) as (client, store):
            created = create(client, "africana", [None, None], seed=3)
            match_id = created["id"]
            shadow = Shadow(store, match_id)
            with connect(client, match_id, token(created, 0), asked) as page:
                update = receive(page)
                shadow.check(update, 0, language)
                page.send_json({"type": "move", "action": "draw", "moves": update["moves"]})
                update = receive(page)
                shadow.check(update, 0, language)
        assert update["log_text"], "the move was logged"
        words = " ".join(update["log_text"])
        expected = {"de": "zieht", "nl": "trekt", "en": "draws"}[language]
        assert expected in words


def test_the_pages_take_their_languages_from_the_server() -> None:
    """No script keeps a list of languages of its own: a language added to the server's list
    reaches the switch of every page."""
    for script in SCRIPTS:
        text = script.read_text("utf-8")
        for name in i18n.LANGUAGES.values():
            if name != "English":  # the switch's own until the server's list comes
                assert name not in text, (script.name, name)


def test_every_game_logs_in_every_page_language() -> None:
    """A page may ask for any of the server's languages, and every game words its log in it."""
    for game in terra.games():
        for language in i18n.LANGUAGES:
            package = resources.files(type(game).__module__.rpartition(".")[0])
            assert (package / "locale" / f"{language}.toml").is_file(), (game.id, language)


@pytest.mark.parametrize(
    ("language", "spectator", "out_of_turn", "stale"),
    [
        ("de", "Zuschauer können nicht ziehen", "Alice ist am Zug, nicht du", "schau noch einmal"),
        ("nl", "toeschouwers kunnen geen zet", "Alice is aan de beurt, niet jij", "kijk opnieuw"),
        ("en", "spectators cannot move", "it is Alice's turn, not yours", "look again"),
    ],
)
def test_the_server_refuses_in_the_page_language(
    tmp_path: Path, language: str, spectator: str, out_of_turn: str, stale: str
) -> None:
    """The server's own refusals (a spectator's move, a move out of turn, a stale move) read
    in the page's language, their fields filled."""
    with serving(tmp_path) as (client, _):
        created = client.post(
            "/api/matches",
            json={"game": "africana", "players": 2, "seats": [{"name": "Alice"}, {"name": "Bob"}]},
        ).json()
        match_id = created["id"]
        with connect(client, match_id, None, language) as page:
            moves = receive(page)["moves"]
            page.send_json({"type": "move", "action": "draw", "moves": moves})
            assert spectator in receive(page)["message"]
        with connect(client, match_id, token(created, 1), language) as page:
            moves = receive(page)["moves"]
            page.send_json({"type": "move", "action": "draw", "moves": moves})
            assert receive(page)["message"] == out_of_turn
        with connect(client, match_id, token(created, 0), language) as page:
            moves = receive(page)["moves"]
            page.send_json({"type": "move", "action": "draw", "moves": moves + 1})
            refused = receive(page)
            assert refused["stale"] and stale in refused["message"], refused
            assert "{" not in refused["message"]
