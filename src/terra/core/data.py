"""Reading a game's component data: TOML files validated by pydantic models.

Every game keeps its boards, cards and tables in ``data/*.toml`` inside its package, each file
with a ``[meta]`` table saying whether it is ``provisional`` and where its facts come from
(``provenance``). The ``data`` option points at a user's own directory of the same files. This
module holds what every game's loader shares; the models and the cross-checks are the game's.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Annotated, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from terra.core.errors import DataError

# The ``data`` option's value for the data shipped with the game.
DEFAULT_DATA = "default"

Name = Annotated[str, Field(min_length=1)]


class StrictModel(BaseModel):
    """A data file's table: unknown keys are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(StrictModel):
    """Every data file's ``[meta]`` table."""

    provisional: bool
    provenance: Name


Model = TypeVar("Model", bound=BaseModel)


def data_directory(package: str, path: str | None) -> str:
    """The directory to read: ``path`` resolved, or the game package's own ``data/``."""
    if path is None or path == DEFAULT_DATA:
        return str(files(package) / "data")
    return str(Path(path).expanduser().resolve())


def read_data_file(directory: str, name: str) -> str:
    """The text of ``directory/name``; a :class:`DataError` saying why it cannot be read."""
    path = Path(directory) / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror}") from None


def parse_data_file(model: type[Model], text: str, where: str | Path) -> Model:
    """``text`` as TOML validated by ``model``; a :class:`DataError` naming file and entry."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{where}: not valid TOML: {error}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise DataError(f"{where}: {problems}") from None


def digest(*texts: str) -> str:
    """A short fingerprint of data files' contents (records of user data can be told apart)."""
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]


def fold_name(text: str) -> str:
    """A name as lookups compare it: without case, spaces, hyphens or underscores."""
    return "".join(text.lower().replace("_", " ").replace("-", " ").split())


def unique_index(ids: Sequence[str], what: str, where: str | Path) -> dict[str, int]:
    """Each id's position; a :class:`DataError` if an id appears twice."""
    index: dict[str, int] = {}
    for i, ident in enumerate(ids):
        if ident in index:
            raise DataError(f"{where}: {what} id {ident!r} appears twice")
        index[ident] = i
    return index
