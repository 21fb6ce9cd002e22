"""Reading a game's component data: TOML files validated by pydantic models.

Every game keeps its boards, cards and tables in ``data/*.toml`` inside its package, each file
with a ``[meta]`` table saying whether it is ``provisional`` and where its facts come from
(``provenance``). The ``data`` option points at a user's own directory of the same files. This
module holds what every game's loader shares: reading the files with sane limits, validation
with errors that name the file and the entry, the digest that tells data sets apart, and the
checks on ids and names; the models and the cross-checks are the game's.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Generic, Protocol, Self, TypeVar, overload

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from terra.core.errors import DataError, NotationError, quote

# The ``data`` option's value for the data shipped with the game.
DEFAULT_DATA = "default"

# Sane limits: no printed game comes near them, and a typo or a hostile file cannot make the
# engine build tables that fill the memory.
MAX_FILE_BYTES = 1_000_000
MAX_COUNT = 1_000  # any count in a data file (cards of a colour, markers of a kind)
MAX_ENTRIES = 1_000  # entries in any one table of a data file
MAX_PROBLEMS = 3  # validation problems quoted in one error

Name = Annotated[str, Field(min_length=1, max_length=60)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


class StrictModel(BaseModel):
    """A data file's table: unknown keys are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Meta(StrictModel):
    """Every data file's ``[meta]`` table."""

    provisional: bool
    provenance: Annotated[str, Field(min_length=1, max_length=4_000)]


class ComponentData(Protocol):
    """What the core needs of any game's loaded data."""

    @property
    def provisional(self) -> bool: ...

    @property
    def provenance(self) -> str: ...

    @property
    def digest(self) -> str: ...


@dataclass(frozen=True, eq=False)
class LoadedData:
    """What every game's built component data (and each part a game builds on its own)
    begins with, as :class:`ComponentData` asks: whether it is the project's provisional
    design, where its facts come from, and the digest of its files' text (records carry it)."""

    provisional: bool
    provenance: str
    digest: str


class Length:
    """A count in component data that is the length of one of its tuples, declared where the
    tuple's class counts it: ``num_hexes = Length("hex_ids")`` reads ``len(data.hex_ids)``.

    >>> @dataclass(frozen=True)
    ... class Board:
    ...     hex_ids: tuple[str, ...]
    ...     num_hexes = Length("hex_ids")
    >>> Board(("A1", "A2")).num_hexes
    2
    """

    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field

    @overload
    def __get__(self, data: None, owner: type) -> Self: ...

    @overload
    def __get__(self, data: object, owner: type | None = None) -> int: ...

    def __get__(self, data: object | None, owner: type | None = None) -> Self | int:
        if data is None:
            return self
        return len(getattr(data, self.field))


Model = TypeVar("Model", bound=BaseModel)
Built = TypeVar("Built")


def data_directory(package: str, path: str | None) -> str:
    """The directory to read: ``path`` resolved, or the game package's own ``data/``."""
    if path is None or path == DEFAULT_DATA:
        return str(files(package) / "data")
    return absolute_data_path(path)


def absolute_data_path(path: str) -> str:
    """A user's data directory as an absolute path (records replay from anywhere)."""
    return str(Path(path).expanduser().resolve())


def read_data_file(directory: str, name: str) -> str:
    """The text of ``directory/name``; a :class:`DataError` saying why it cannot be read."""
    path = Path(directory) / name
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes; this is no data file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(f"{path}: not UTF-8 text (byte {error.start})") from None


def parse_data_file(model: type[Model], text: str, where: str | Path) -> Model:
    """``text`` as TOML validated by ``model``; a :class:`DataError` naming file and entry."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{where}: not valid TOML: {error}") from None
    except RecursionError:
        raise DataError(f"{where}: tables or arrays are nested too deeply") from None
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        found = error.errors()
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in found[:MAX_PROBLEMS]
        )
        more = f" (and {len(found) - MAX_PROBLEMS} more)" if len(found) > MAX_PROBLEMS else ""
        raise DataError(f"{where}: {problems}{more}") from None
    except RecursionError:
        raise DataError(f"{where}: tables or arrays are nested too deeply") from None


@dataclass(frozen=True)
class DataFiles:
    """A game's data files, read and validated: ``model(name, Model)`` gives each one."""

    directory: str
    models: Mapping[str, BaseModel]
    digest: str

    def model(self, name: str, kind: type[Model]) -> Model:
        """The validated contents of file ``name``."""
        found = self.models[name]
        assert isinstance(found, kind)
        return found

    def where(self, name: str) -> str:
        """The path of file ``name``, for error messages."""
        return f"{self.directory}/{name}"

    @property
    def provisional(self) -> bool:
        """Whether any of the files is a provisional design."""
        return any(_meta(m).provisional for m in self.models.values())

    @property
    def provenance(self) -> str:
        """Where the facts of each file come from, one line per file."""
        return "\n".join(
            f"{name.removesuffix('.toml')}: {_meta(model).provenance.strip()}"
            for name, model in self.models.items()
        )


def _meta(model: BaseModel) -> Meta:
    meta = getattr(model, "meta", None)
    assert isinstance(meta, Meta), "every data file model has a [meta] table"
    return meta


def read_data(directory: str, models: Mapping[str, type[BaseModel]]) -> DataFiles:
    """Read and validate each file of ``models`` (file name to model) from ``directory``;
    their digest covers every file's text."""
    texts = {name: read_data_file(directory, name) for name in models}
    parsed = {
        name: parse_data_file(model, texts[name], Path(directory) / name)
        for name, model in models.items()
    }
    for name, model in parsed.items():
        _check_names(model, Path(directory) / name)
    return DataFiles(directory, parsed, digest(*texts.values()))


def _check_names(model: BaseModel, where: Path) -> None:
    """In every table of entries with a ``name``, no two names may read the same."""
    for table, value in model:
        if not isinstance(value, list) or not value or not hasattr(value[0], "name"):
            continue
        seen: dict[str, str] = {}
        for entry in value:
            key = fold_name(entry.name)
            if key in seen:
                raise DataError(
                    f"{where}: {table} {quote(seen[key])} and {quote(entry.name)} read the same; "
                    "every name in a table must differ by more than case and spacing"
                )
            seen[key] = entry.name


class DataLoader(Generic[Built]):
    """One game's loader: its data files, their models, and the function that cross-checks
    them and builds the game's tables. Each directory is read once per process.

    ``load(path)`` gives the built data of directory ``path`` (``None`` or ``"default"``: the
    data shipped in the game package's ``data/``).
    """

    def __init__(
        self,
        package: str,
        models: Mapping[str, type[BaseModel]],
        build: Callable[[DataFiles], Built],
    ) -> None:
        self.package = package
        self.models = dict(models)
        self._build = build
        self._shipped = ""  # the package's own data directory, once found
        self._loaded: dict[str, tuple[tuple[tuple[int, int, int], ...], Built]] = {}

    def load(self, path: str | None = None) -> Built:
        """The built data of directory ``path`` (see the class); read again when a file has
        changed since."""
        if path is None or path == DEFAULT_DATA:
            directory = self._shipped or data_directory(self.package, None)
            self._shipped = directory
        else:
            directory = data_directory(self.package, path)
        stamp = _stamp(directory, self.models)
        found = self._loaded.get(directory)
        if found is None or found[0] != stamp:
            found = self._loaded[directory] = (
                stamp,
                self._build(read_data(directory, self.models)),
            )
        return found[1]


def _stamp(directory: str, names: Iterable[str]) -> tuple[tuple[int, int, int], ...]:
    """What tells whether the files changed: each one's inode, size and modification time."""
    stamps = []
    for name in names:
        try:
            info = os.stat(Path(directory) / name)
        except OSError:
            return ()  # read_data says why
        stamps.append((info.st_ino, info.st_size, info.st_mtime_ns))
    return tuple(stamps)


def digest(*texts: str) -> str:
    """A short fingerprint of data files' contents (records of user data can be told apart)."""
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]


def fold_name(text: str) -> str:
    """A name as lookups compare it: without case, spaces, hyphens or underscores.

    >>> fold_name("Cape Town") == fold_name("cape-town") == fold_name("CAPE_TOWN")
    True
    """
    return "".join(text.lower().replace("_", " ").replace("-", " ").split())


def distances(neighbours: Sequence[Iterable[int]], source: int) -> tuple[int, ...]:
    """Fewest steps from ``source`` to every place of a map whose places are ints, each with
    its ``neighbours`` (-1: unreachable).

    >>> distances([[1], [0, 2], [1], []], 0)
    (0, 1, 2, -1)
    """
    dist = [-1] * len(neighbours)
    dist[source] = 0
    frontier = [source]
    for here in frontier:
        for there in neighbours[here]:
            if dist[there] < 0:
                dist[there] = dist[here] + 1
                frontier.append(there)
    return tuple(dist)


def unique_index(ids: Sequence[str], what: str, where: str | Path) -> dict[str, int]:
    """Each id's position; a :class:`DataError` if an id appears twice."""
    index: dict[str, int] = {}
    for i, ident in enumerate(ids):
        if ident in index:
            raise DataError(f"{where}: {what} id {quote(ident)} appears twice")
        index[ident] = i
    return index


class Names:
    """Lookup of one kind of thing (locations, sites, hexes) by its ids and names.

    Every id and name, as ``fold`` reads it, must name one thing only: otherwise two actions
    would read the same and a record could not be replayed. A name that is not found raises
    :class:`NotationError` with the nearest names as suggestions, after ``hint`` (how the
    things are written, if given).

    >>> places = Names("location", ["TRI", "CAI"], ["Tripoli", "Cairo"], where="board.toml")
    >>> places.find("cairo"), places.find("tri")
    (1, 0)
    >>> places.find("Tripolis")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    terra.core.errors.NotationError: there is no location ... Tripoli?
    """

    def __init__(
        self,
        what: str,
        ids: Sequence[str],
        names: Sequence[str],
        *,
        where: str | Path,
        fold: Callable[[str], str] = fold_name,
        on: str = "the board",
        hint: str = "",
    ) -> None:
        self.what = what
        self.on = on
        self.hint = hint
        self.names = tuple(names)
        self._fold = fold
        table: dict[str, int] = {}
        owner: dict[str, str] = {}
        for i, (ident, name) in enumerate(zip(ids, names, strict=True)):
            for text in dict.fromkeys((ident, name)):
                key = self._fold(text)
                if key in table and table[key] != i:
                    raise DataError(
                        f"{where}: {what}s {quote(owner[key])} and {quote(text)} read the same "
                        f"({quote(key)}); every id and name must name one {what} only"
                    )
                table[key] = i
                owner[key] = text
        self._table = table

    def get(self, text: str) -> int:
        """The index named by ``text`` (id or name); -1 if none."""
        return self._table.get(self._fold(text), -1)

    def find(self, text: str) -> int:
        """The index named by ``text``; :class:`NotationError` with suggestions if none."""
        found = self._table.get(self._fold(text), -1)
        if found >= 0:
            return found
        raise NotationError(
            f"there is no {self.what} called {quote(text)} on {self.on}{self.hint}"
            f"{self.suggest(text)}"
        )

    def suggest(self, text: str) -> str:
        """``"; did you mean X?"`` for the names nearest to ``text``, or ``""``."""
        folded = {self._fold(name): name for name in self.names}
        close = difflib.get_close_matches(self._fold(text), folded, n=3, cutoff=0.6)
        if not close:
            return ""
        return "; did you mean " + " or ".join(folded[c] for c in close) + "?"
