"""Every game's log in every language (issue 11, "Languages").

Each game words its log from ``locale/<language>.toml``. A translation has exactly the keys of
the English catalog and, in each message, exactly its placeholders; and every entry of whole
seeded games reads in German and Dutch with every placeholder filled.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from typing import Any

import pytest

import terra
from terra.ai.bots import make_bot
from terra.core.state import GameState

GAMES = [game.id for game in terra.games()]
LANGUAGES = ("de", "nl")
# A placeholder left in a sentence: a catalog named a field the renderer does not fill.
UNFILLED = re.compile(r"\{[a-z_]+\}")
# Source of the Nile's own shorter game (decision N100), as in tests/web.
OPTIONS: dict[str, dict[str, Any]] = {"nile": {"turn_limit": 30}}
# Tables a translation has and English has not: the refusals' templates, whose English is in the
# code (tests/test_refusal_words.py compares them with it), and the words of the notation.
NOT_IN_ENGLISH = ("meta", "refusal", "word")


def load(game: str, language: str) -> dict[str, Any]:
    text = (files(f"terra.games.{game}") / "locale" / f"{language}.toml").read_text("utf-8")
    return tomllib.loads(text)


def leaves(table: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every message of a catalog by its path; a [singular, plural] pair is two messages."""
    if isinstance(table, dict):
        for key, value in table.items():
            yield from leaves(value, (*path, key))
    elif isinstance(table, list):
        for index, value in enumerate(table):
            yield from leaves(value, (*path, str(index)))
    else:
        yield path, table


def placeholders(message: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
class TestCatalogs:
    def test_a_translation_has_the_keys_of_english(self, game: str, language: str) -> None:
        english = {path for path, _ in leaves(load(game, "en")) if path[0] not in NOT_IN_ENGLISH}
        other = {path for path, _ in leaves(load(game, language)) if path[0] not in NOT_IN_ENGLISH}
        assert sorted(english - other) == [], "missing in the translation"
        assert sorted(other - english) == [], "not in the English catalog"

    def test_a_translation_keeps_every_placeholder(self, game: str, language: str) -> None:
        english = dict(leaves(load(game, "en")))
        for path, message in leaves(load(game, language)):
            if path[0] in NOT_IN_ENGLISH:
                continue
            assert isinstance(message, str) and message.strip(), path
            assert placeholders(message) == placeholders(english[path]), path

    def test_the_catalog_says_its_language(self, game: str, language: str) -> None:
        assert load(game, language)["meta"]["language"] == language


@cache
def finished_game(game: str, seed: int) -> GameState:
    """A whole game between greedy players."""
    state = terra.game(game).new(players=2, seed=seed, options=OPTIONS.get(game, {}))
    bots = [make_bot("greedy", seed=seed * 10 + seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_of_whole_games_reads_in_every_language(game: str) -> None:
    """Each seat's log and the spectator's, of two seeded games, in English, German, Dutch."""
    describe = terra.game(game).describe_event
    for seed in (1, 2):
        state = finished_game(game, seed)
        for seat in (None, 0, 1):
            for event in state.log(seat):
                english = describe(state, event)
                for language in LANGUAGES:
                    text = describe(state, event, language)
                    assert text.strip() and not UNFILLED.search(text), (language, event, text)
                    if event["key"] not in ("game_over", "game-over", "game_end"):
                        assert text != english or not re.search("[a-z]{4}", english), text


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_language_reads_as_english(game: str) -> None:
    state = finished_game(game, 1)
    event = state.log(None)[-1]
    describe = terra.game(game).describe_event
    assert describe(state, event, "fr") == describe(state, event) == describe(state, event, "..")
