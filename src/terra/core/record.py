"""Records: the persistence and replay format everywhere (files, tests, later the server).

A record holds only public inputs (game id, options, player count, seed, action strings) and
the result they led to. Replaying it must reproduce the game exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from terra.core.errors import IllegalAction, ReplayError, TerraError
from terra.core.registry import game as find_game

if TYPE_CHECKING:
    from terra.core.state import GameState

RECORD_FORMAT = 1


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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; keys in a fixed order so files diff well."""
        return {
            "format": self.format,
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
            "result": None if self.result is None else dict(self.result),
            "meta": dict(self.meta),
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record, saying exactly what is wrong with a malformed one."""
        if not isinstance(data, dict):
            raise TerraError("a record is a JSON object")
        fmt = data.get("format")
        if fmt != RECORD_FORMAT:
            raise TerraError(f"record format {fmt!r} is not supported (expected {RECORD_FORMAT})")
        checks: tuple[tuple[str, type | tuple[type, ...]], ...] = (
            ("game", str),
            ("players", int),
            ("seed", int),
            ("actions", list),
            ("options", dict),
        )
        for key, kind in checks:
            if not isinstance(data.get(key), kind):
                raise TerraError(f"record field {key!r} is missing or has the wrong type")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise TerraError("record field 'actions' must be a list of action strings")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise TerraError("record field 'result' must be an object or null")
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            actions=tuple(data["actions"]),
            options=data["options"],
            result=result,
            meta=data.get("meta") or {},
            format=fmt,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse JSON text into a record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TerraError(f"not a JSON record: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise TerraError(f"cannot read {path}: {error.strerror}") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")


def replay(record: Record) -> GameState:
    """Rebuild the game of ``record``, checking every action and the recorded result.

    Raises :class:`ReplayError` naming the first action that is illegal or the first part of
    the result that differs.
    """
    state = find_game(record.game).new(record.players, record.seed, dict(record.options))
    for index, text in enumerate(record.actions):
        try:
            state.play(text)
        except IllegalAction as error:
            raise ReplayError(f"action {index + 1} ({text!r}) does not replay: {error}") from None
    if record.result is not None:
        if not state.is_over:
            raise ReplayError(
                f"the record has a result but the game is not over after {len(record.actions)} "
                "actions"
            )
        expected = {"scores": state.scores(), "winners": state.winners()}
        for key, value in expected.items():
            if key in record.result and list(record.result[key]) != value:
                raise ReplayError(
                    f"result mismatch: recorded {key} {list(record.result[key])}, "
                    f"replay gives {value}"
                )
    return state
