"""Every game's guide (how to play, the moves in a sentence, the options in words) in every
language: complete, consistent between languages, and in the project's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from terra.core.game import DATA_OPTION, LANGUAGES
from terra.core.guide import SECTIONS, Guide
from terra.core.registry import game, games

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"
# A run of this many words found in a rulebook is copied text, not the project's own words.
COPIED_WORDS = 9

IDS = [g.id for g in games()]


def _kinds(game_id: str) -> set[str]:
    g = game(game_id)
    state = g.new(g.min_players if g.min_players > 1 else 2, 1)
    return {state.action_data(action)["kind"] for action in range(state.num_actions)}


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_guide_tells_every_section_move_and_option(game_id: str, language: str) -> None:
    g = game(game_id)
    guide = g.guide(language)
    assert guide.language == language
    assert [s.id for s in guide.section][: len(SECTIONS)] == list(SECTIONS)
    assert set(guide.moves) == _kinds(game_id)
    assert set(guide.labels) == _kinds(game_id)
    if language == "en":
        assert all(label == kind for kind, label in guide.labels.items())
    shown = {o.name for o in g.options if o.name != DATA_OPTION.name}
    assert set(guide.options) == shown
    for section in guide.section:
        assert section.text or section.items or section.picture, section.id
        if section.picture is not None:
            players = section.picture.players
            assert g.min_players <= players <= g.max_players
            g.resolve_options(section.picture.options)


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_languages_tell_the_same_things(game_id: str, language: str) -> None:
    """The same sections, citations and pictures in every language: a translation, not
    another guide."""
    english, other = game(game_id).guide("en"), game(game_id).guide(language)

    def outline(guide: Guide) -> list[tuple[str, tuple[str, ...], object, int]]:
        return [
            (
                s.id,
                s.rules,
                s.picture and (s.picture.players, s.picture.moves, s.picture.options),
                len(s.items),
            )
            for s in guide.section
        ]

    assert outline(other) == outline(english)
    assert set(other.moves) == set(english.moves)
    assert set(other.options) == set(english.options)
    assert other.title != english.title


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zäöüßéèëïóáàçñ0-9]+", text.lower())


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks are not beside this checkout")
@pytest.mark.parametrize("game_id", IDS)
def test_a_guide_is_in_the_projects_own_words(game_id: str) -> None:
    """No run of nine words of any guide stands in a rulebook."""
    runs: set[tuple[str, ...]] = set()
    for rulebook in RULES.glob("*.txt"):
        words = _words(rulebook.read_text("utf-8", errors="replace"))
        starts = range(len(words) - COPIED_WORDS + 1)
        runs.update(tuple(words[i : i + COPIED_WORDS]) for i in starts)
    for language in LANGUAGES:
        guide = game(game_id).guide(language)
        texts = [guide.summary, *guide.moves.values()]
        texts += [o.help for o in guide.options.values()]
        for section in guide.section:
            texts += [*section.text, *section.items]
        for text in texts:
            words = _words(text)
            copied = [
                " ".join(words[i : i + COPIED_WORDS])
                for i in range(len(words) - COPIED_WORDS + 1)
                if tuple(words[i : i + COPIED_WORDS]) in runs
            ]
            assert not copied, f"{game_id} {language}: copied from a rulebook: {copied[0]!r}"
