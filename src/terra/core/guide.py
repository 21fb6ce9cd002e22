"""How to play a game, in the project's own words: ``<game package>/guide/<language>.toml``.

A guide is what a newcomer reads before and while playing: a page of sections (the goal, the
components, a turn, the scoring, the variants), a sentence for each kind of move saying what it
does, and a label and help for each option. Each language has its own file; all of a game's
guides hold the same sections, moves and options (``tests/test_guides.py`` checks it), so a page
can switch language without losing its place.

Sections may ask for a picture: the game's own browser board drawing a position reached from
the start by ``moves`` moves of the greedy bot (seed 1, ``players`` seats), so that the pictures
always show what the game really looks like.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Annotated, Any

from pydantic import Field, ValidationError

from terra.core.catalogs import translate_words
from terra.core.data import StrictModel
from terra.core.errors import TerraError

# What every guide explains, in this order; a guide may add sections of its own after them.
SECTIONS = ("goal", "components", "setup", "turn", "scoring", "variants")

Text = Annotated[str, Field(min_length=1, max_length=2000)]


class Picture(StrictModel):
    """A position drawn by the game's board: ``moves`` greedy moves after the set-up."""

    players: Annotated[int, Field(ge=1, le=6)] = 3
    moves: Annotated[int, Field(ge=0, le=400)] = 0
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    caption: Text


class Section(StrictModel):
    """One part of the page: paragraphs, then a list, then a picture (each optional but one)."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    title: Text
    text: tuple[Text, ...] = ()
    items: tuple[Text, ...] = ()
    rules: tuple[Text, ...] = ()  # the rulebook's sections it tells of, as the rules cite them
    picture: Picture | None = None


class OptionWords(StrictModel):
    """An option as a person reads it in the lobby."""

    label: Annotated[str, Field(min_length=1, max_length=80)]
    help: Text


class Guide(StrictModel):
    """One game's guide in one language."""

    provisional: bool
    provenance: Text
    language: Annotated[str, Field(pattern=r"^[a-z]{2}$")]
    title: Text
    summary: Text
    players: Annotated[str, Field(min_length=1, max_length=40)]
    length: Annotated[str, Field(min_length=1, max_length=40)]
    section: tuple[Section, ...]
    moves: dict[str, Text]
    # Each kind of move's leading words as a button reads them (``camp research``: "Basislager
    # zum Forschen"); the rest of a move's notation follows them as it is written.
    labels: dict[str, Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=dict
    )
    options: dict[str, OptionWords] = Field(default_factory=dict)

    def label(
        self, kind: str, text: str, fixed: bool = False, words: Mapping[str, str] | None = None
    ) -> str:
        """A move's notation ``text`` as a button reads it in this guide's language, the
        game's ``words`` translated (:func:`terra.core.catalogs.translate_words`). A move
        written always the same (``fixed``) reads as its kind's label alone; another has the
        words it shares with its kind's name (``discard`` of ``discard card``) replaced by the
        label, or, sharing none (an arrow ``red Stockholm > Moscow``), the label before it.
        English reads the notation.

        >>> guide = Guide.model_construct(language="de", labels={"discard card": "abwerfen:"})
        >>> guide.label("discard card", "discard turquoise", words={"turquoise": "Türkis"})
        'abwerfen: Türkis'
        """
        label = self.labels.get(kind)
        if self.language == "en":
            return text
        if label is None:
            return translate_words(text, words or {})
        if fixed:
            return label
        named, written = kind.lower().split(), text.split()
        shared = 0
        while shared < min(len(named), len(written)) and named[shared] == written[shared].lower():
            shared += 1
        rest = translate_words(" ".join(written[shared:]), words or {})
        if not rest:
            return label
        joint = " " if shared == len(named) or label.endswith(":") else ": "
        return f"{label}{joint}{rest}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, as the browser's guide page reads it."""
        return self.model_dump()


class GuideError(TerraError):
    """A guide file that does not say what a guide must."""


@cache
def guide(package: str, language: str = "en") -> Guide:
    """The guide of the game in ``package`` in ``language`` (English for a language it has no
    guide in), loaded and checked once."""
    folder = files(package) / "guide"
    source = folder / f"{language}.toml"
    if not (language.isalpha() and source.is_file()):
        source = folder / "en.toml"
    if not source.is_file():
        raise GuideError(f"{package} has no guide (guide/en.toml)")
    try:
        loaded = Guide.model_validate(tomllib.loads(source.read_text("utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as problem:
        raise GuideError(f"{package}/guide/{source.name}: {problem}") from None
    ids = [section.id for section in loaded.section]
    missing = [name for name in SECTIONS if name not in ids]
    if missing or ids[: len(SECTIONS)] != list(SECTIONS) or len(set(ids)) != len(ids):
        raise GuideError(
            f"{package}/guide/{source.name}: sections must begin "
            f"{', '.join(SECTIONS)}, each once (missing: {', '.join(missing) or 'none'})"
        )
    return loaded
