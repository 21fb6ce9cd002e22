"""Records: the persistence and replay format everywhere (files, tests, later the server).

A record holds only public inputs (game id, options, player count, seed, action strings) and
the result they led to. Replaying it must reproduce the game exactly
(:func:`terra.core.registry.replay`).

A game that continues another (the next game of a campaign, where the game's rules allow one)
holds the record of the game it continues whole, in ``continues``: one file replays the whole
campaign, its first game first.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from terra.core.errors import RecordError, quote

RECORD_FORMAT = 1
# Far beyond any game played (a long Source of the Nile game's record is about 100 KB); a
# file bigger than this is not read at all.
MAX_RECORD_BYTES = 16 * 1024 * 1024
# The most games one campaign's record may chain (a record and the records it continues): far
# beyond a campaign played to the end, and a bound on the work a file can ask of a replay.
MAX_CAMPAIGN_GAMES = 64


@dataclass(frozen=True)
class Record:
    """Seed + actions = the whole game."""

    game: str
    players: int
    seed: int
    actions: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)
    format: int = RECORD_FORMAT
    data_digest: str | None = None  # the fingerprint of the data played with (None: unknown)
    continues: Record | None = None  # the record of the game this one continues (a campaign)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; keys in a fixed order so files diff well."""
        out = {
            "format": self.format,
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
            "result": None if self.result is None else dict(self.result),
            "meta": dict(self.meta),
        }
        if self.data_digest is not None:
            out["data_digest"] = self.data_digest
        if self.continues is not None:
            out["continues"] = self.continues.to_dict()
        return out

    def campaign(self) -> tuple[Record, ...]:
        """The games of the campaign up to this one, the first first (just this record when
        it continues no game)."""
        chain = [self]
        while chain[-1].continues is not None:
            chain.append(chain[-1].continues)
        return tuple(reversed(chain))

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record, saying exactly what is wrong with a malformed one
        (:class:`RecordError`); a record it continues is read the same way, at most
        :data:`MAX_CAMPAIGN_GAMES` games in all."""
        chain = [data]
        while isinstance(chain[-1], dict) and chain[-1].get("continues") is not None:
            if len(chain) == MAX_CAMPAIGN_GAMES:
                raise RecordError(
                    f"a campaign's record chains at most {MAX_CAMPAIGN_GAMES} games; this one "
                    "chains more"
                )
            chain.append(chain[-1]["continues"])
        record = None
        for depth in range(len(chain) - 1, -1, -1):  # the first game first
            try:
                record = cls._one(chain[depth], record)
            except RecordError as error:
                if depth == 0:
                    raise
                raise RecordError(
                    f"the game it continues (game {len(chain) - depth} of the "
                    f"campaign, field 'continues'): {error}"
                ) from None
        assert record is not None
        return record

    @classmethod
    def _one(cls, data: Any, continues: Record | None) -> Record:
        """One game's record read from ``data``, continuing ``continues``."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        unknown = sorted(str(key) for key in data if key not in _FIELDS)
        if unknown:
            raise RecordError(f"a record has no field {quote(unknown[0])}")
        fmt = data.get("format")
        if type(fmt) is not int or fmt != RECORD_FORMAT:
            raise RecordError(
                f"record format {quote(fmt)} is not supported (expected {RECORD_FORMAT})"
            )
        for key, kind in _REQUIRED:
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, kind):
                raise RecordError(f"record field {key!r} is missing or has the wrong type")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise RecordError("record field 'actions' must be a list of action strings")
        meta = data.get("meta")
        if meta is not None and not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be an object")
        digest = data.get("data_digest")
        if digest is not None and not isinstance(digest, str):
            raise RecordError("record field 'data_digest' must be text")
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            actions=tuple(data["actions"]),
            options=data["options"],
            result=_result(data.get("result")),
            meta=meta or {},
            format=fmt,
            data_digest=digest,
            continues=continues,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse JSON text into a record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not a JSON record: {error}") from None
        except RecursionError:
            raise RecordError("not a record: nested too deeply") from None
        except ValueError as error:  # a number past the interpreter's limit of digits
            raise RecordError(f"not a JSON record: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file: a regular file of at most :data:`MAX_RECORD_BYTES` (a FIFO, a
        device or a directory is refused before anything is read from it)."""
        try:
            # Non-blocking: opening a FIFO with no writer must not wait for one.
            descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror}") from None
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            raise RecordError(f"{path} is not a regular file (a record is a JSON file)")
        with os.fdopen(descriptor, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{path} is too big for a record (over {MAX_RECORD_BYTES // 2**20} MiB)"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file (a record is UTF-8 JSON)") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")


_REQUIRED: tuple[tuple[str, type], ...] = (
    ("game", str),
    ("players", int),
    ("seed", int),
    ("actions", list),
    ("options", dict),
)
_FIELDS = {
    "format",
    "result",
    "meta",
    "data_digest",
    "continues",
    *(key for key, _ in _REQUIRED),
}


def _result(result: Any) -> dict[str, list[int]] | None:
    """A record's ``result``: ``null``, or both the scores and the winners as lists of ints."""
    if result is None:
        return None
    if not isinstance(result, dict) or set(result) != {"scores", "winners"}:
        raise RecordError(
            "record field 'result' must be null or an object of 'scores' and 'winners'"
        )
    for key in ("scores", "winners"):
        value = result[key]
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise RecordError(f"record field 'result.{key}' must be a list of whole numbers")
    return {"scores": list(result["scores"]), "winners": list(result["winners"])}
