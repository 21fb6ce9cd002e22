"""The language of ``terra play``: ``--lang en|de|nl``, else the environment's (``LC_ALL``,
``LC_MESSAGES`` or ``LANG``, as POSIX orders them; English for any other).

It words everything the way the browser does, from what the browser shares: the interface's
catalogs (:mod:`terra.core.interface`) for the screens' own words, each game's log catalogs
for its log and refusals, and each game's guide (``labels``) and ``[word]`` table for its moves
as a button reads them. A move may be typed in that language too: its words (or the first
letters of each) pick it out among the legal moves.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from terra.cli.messages import clip
from terra.core import GameState, IllegalAction
from terra.core.errors import TerraError, Worded
from terra.core.game import LANGUAGES
from terra.core.guide import GuideError
from terra.core.interface import SOURCE_LANGUAGE, say

# The environment's settings of the language of messages, the strongest first (POSIX).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
# Signs around the words of a move that typing may leave out ("go Cairo: grey").
PUNCTUATION = ":,;.()"


class LanguageError(TerraError):
    """A language ``terra play`` does not speak."""


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``de_DE.UTF-8``: ``de``); English where it
    asks for none or for one not spoken here (``C``, ``fr_FR``)."""
    found = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = found.get(name, "")
        if value:
            primary = value.partition(".")[0].partition("@")[0]
            primary = primary.replace("-", "_").partition("_")[0].lower()
            return primary if primary in LANGUAGES else SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def choose_language(asked: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang``'s language (any case), or the environment's when none is asked for."""
    if asked is None:
        return environment_language(environ)
    if asked.strip().lower() not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise LanguageError(f"--lang: no language {clip(asked, 20)!r} (known: {known})")
    return asked.strip().lower()


class Speech:
    """The interface's words in one language: ``t("English {field}", field=...)`` says a
    message of the catalogs shared with the browser (the English where it has none)."""

    def __init__(self, language: str = SOURCE_LANGUAGE) -> None:
        self.language = language

    def t(self, template: str, /, **fields: str | int) -> str:
        """``template``, a message of the interface's catalogs, in this language, filled."""
        return say(self.language, template, fields)

    def worded(self, error: Worded) -> str:
        """An error that the catalogs can say (an undo refused), in this language."""
        return say(self.language, error.template, error.fields)

    def refusal(self, state: GameState, error: IllegalAction) -> str:
        """A game's refusal's reason in this language (the game's log catalogs)."""
        return state.game.refusal_text(error, self.language)


@dataclass(frozen=True)
class Move:
    """A legal move: its action, its notation and how a button reads it in the language."""

    action: int
    text: str
    label: str


def legal_moves(state: GameState, language: str) -> list[Move]:
    """The legal moves of ``state``, each with its label in ``language`` as the browser's
    buttons read it (:meth:`terra.core.guide.Guide.label`); English reads the notation."""
    actions = state.legal_actions()
    if language == SOURCE_LANGUAGE:
        return [Move(a, state.action_str(a), state.action_str(a)) for a in actions]
    try:
        guide = state.game.guide(language)
    except GuideError:
        guide = None
    words = state.game.move_words(language)
    moves = []
    for action in actions:
        text = state.action_str(action)
        data = state.action_data(action)
        label = guide.label(data["kind"], text, not data["args"], words) if guide else text
        moves.append(Move(action, text, label))
    return moves


def _words(text: str) -> list[str]:
    """The words of a move as they are compared: any case, without signs around them."""
    found = (word.strip(PUNCTUATION) for word in text.casefold().split())
    return [word for word in found if word]


def moves_named(typed: str, moves: Sequence[Move]) -> list[Move]:
    """The moves that ``typed`` names in words: the one it spells whole (its notation or its
    label); else each whose notation or label has, for every word typed, a word beginning
    with it ("ziehen" for "Reisekarten ziehen")."""
    wanted = _words(typed)
    if not wanted:
        return []
    for move in moves:
        if wanted in (_words(move.text), _words(move.label)):
            return [move]
    named = []
    for move in moves:
        for said in (_words(move.text), _words(move.label)):
            if all(any(word.startswith(w) for word in said) for w in wanted):
                named.append(move)
                break
    return named
