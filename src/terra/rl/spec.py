"""The parts an observation is built from: small encoders, each turning one part of a view
(``state.view(seat)``, plain JSON) into a fixed number of floats, with a name for each.

A game's encoding (``terra.rl.specs``) is a tree of these parts that mirrors its view. Every
part writes exactly ``len(part.names(prefix))`` floats for any value, so an observation has one
length for a game, its player count and its options. A missing value (a key the view leaves
out, ``None``, a list shorter than declared) writes zeros.

Seats are written relative to the observing seat: the player list is rotated so that the
observer comes first, and a seat number ``s`` becomes ``(s - seat) mod players``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Out = list[float]
OTHER = "<other>"


class EncodingError(ValueError):
    """A view holds something its game's encoding does not declare."""


class Part(Protocol):
    """One part of an observation."""

    def names(self, prefix: str) -> list[str]:
        """A name for each float this part writes."""
        ...

    def write(self, value: Any, seat: int, out: Out) -> None:
        """Append this part's floats for ``value`` (as ``seat`` sees it) to ``out``."""
        ...


def _fixed(value: Any, length: int) -> list[Any]:
    """A list of at most ``length`` items (a longer one would lose part of the view)."""
    items = list(value or ())
    if len(items) > length:
        raise EncodingError(f"a list of {len(items)} items where {length} are declared")
    return items


def _number(value: Any) -> float:
    if value is None:
        return 0.0
    if isinstance(value, bool | int | float):
        return float(value)
    raise EncodingError(f"expected a number, got {type(value).__name__}")


@dataclass(frozen=True)
class Num:
    """An int, float or bool as one float (``None``: 0)."""

    def names(self, prefix: str) -> list[str]:
        return [prefix]

    def write(self, value: Any, seat: int, out: Out) -> None:
        out.append(_number(value))


@dataclass(frozen=True)
class Vector:
    """A list of numbers of a fixed length, as they are (shorter lists padded with 0, longer
    ones refused)."""

    length: int

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}[{i}]" for i in range(self.length)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        items = _fixed(value, self.length)
        start = len(out)
        try:
            out.extend(map(float, items))
        except TypeError:  # a None among the numbers (a price not set): read one by one
            del out[start:]
            out.extend(_number(x) for x in items)
        out.extend([0.0] * (self.length - len(items)))


@dataclass(frozen=True)
class Present:
    """1 where the value is anything but ``None`` (a pending encounter, a proposal)."""

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}?"]

    def write(self, value: Any, seat: int, out: Out) -> None:
        out.append(0.0 if value is None else 1.0)


@dataclass(frozen=True)
class Length:
    """The length of a list (hidden pages count too: their number is public)."""

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}#"]

    def write(self, value: Any, seat: int, out: Out) -> None:
        out.append(float(len(value or ())))


@dataclass(frozen=True)
class Total:
    """The sum of a dict's values or a list's numbers (keys that vary: points by source)."""

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}+"]

    def write(self, value: Any, seat: int, out: Out) -> None:
        values = value.values() if isinstance(value, Mapping) else (value or ())
        out.append(sum(_number(x) for x in values))


@dataclass(frozen=True)
class OneHot:
    """A categorical value as one-hot over ``vocab`` plus a last slot for anything else
    (``None`` writes zeros; the tests check that the last slot stays cold)."""

    vocab: tuple[Hashable, ...]
    index: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {v: i for i, v in enumerate(self.vocab)})

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}={v}" for v in (*self.vocab, OTHER)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        hot = [0.0] * (len(self.vocab) + 1)
        if value is not None:
            hot[self.index.get(value, len(self.vocab))] = 1.0
        out.extend(hot)


@dataclass(frozen=True)
class Counts:
    """A list as counts over ``vocab`` (a multi-hot where items differ), each item read
    through ``key``; items outside the vocabulary count in a last slot, and ``None`` (a face
    down item) not at all."""

    vocab: tuple[Hashable, ...]
    key: Callable[[Any], Hashable] = field(default=lambda item: item, compare=False)
    index: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {v: i for i, v in enumerate(self.vocab)})

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}:{v}" for v in (*self.vocab, OTHER)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        counts = [0.0] * (len(self.vocab) + 1)
        for item in value or ():
            if item is not None:
                counts[self.index.get(self.key(item), len(self.vocab))] += 1.0
        out.extend(counts)


@dataclass(frozen=True)
class Seat:
    """A seat number as one-hot relative to the observer (``None``: zeros)."""

    players: int

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}=+{i}" for i in range(self.players)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        hot = [0.0] * self.players
        if value is not None:
            hot[(int(value) - seat) % self.players] = 1.0
        out.extend(hot)


@dataclass(frozen=True)
class Seats:
    """A list of seat numbers as counts relative to the observer."""

    players: int

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}:+{i}" for i in range(self.players)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        counts = [0.0] * self.players
        for item in value or ():
            counts[(int(item) - seat) % self.players] += 1.0
        out.extend(counts)


@dataclass(frozen=True)
class Many:
    """A list of records of any length: its length and the sum of some numeric fields."""

    fields: tuple[str, ...] = ()

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}#", *(f"{prefix}[].{name}+" for name in self.fields)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        items = list(value or ())
        out.append(float(len(items)))
        out.extend(sum(_number(item.get(name)) for item in items) for name in self.fields)


@dataclass(frozen=True)
class Record:
    """A dict: its declared keys in order (other keys are not encoded; see docs/rl.md)."""

    parts: Mapping[str, Part]

    def names(self, prefix: str) -> list[str]:
        dot = f"{prefix}." if prefix else ""
        return [name for key, part in self.parts.items() for name in part.names(dot + key)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        get = value.get if isinstance(value, Mapping) else (lambda key: None)
        for key, part in self.parts.items():
            part.write(get(key), seat, out)


@dataclass(frozen=True)
class Maybe:
    """A value that may be ``None``: a presence flag, then the value's part."""

    part: Part

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}?", *self.part.names(prefix)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        out.append(0.0 if value is None else 1.0)
        self.part.write(value, seat, out)


@dataclass(frozen=True)
class Each:
    """A list of a fixed length (a board's hexes, the expedition spaces), item by item
    (shorter lists padded with zeros, longer ones refused)."""

    part: Part
    length: int

    def names(self, prefix: str) -> list[str]:
        return [name for i in range(self.length) for name in self.part.names(f"{prefix}[{i}]")]

    def write(self, value: Any, seat: int, out: Out) -> None:
        items = _fixed(value, self.length)
        items += [None] * (self.length - len(items))
        for item in items:
            self.part.write(item, seat, out)


@dataclass(frozen=True)
class Players:
    """The per-seat list, rotated so that the observing seat comes first."""

    part: Part
    players: int

    def names(self, prefix: str) -> list[str]:
        parts = (self.part.names(f"{prefix}[+{i}]") for i in range(self.players))
        return [name for names in parts for name in names]

    def write(self, value: Any, seat: int, out: Out) -> None:
        items = _fixed(value, self.players)
        items += [None] * (self.players - len(items))
        for i in range(self.players):
            self.part.write(items[(seat + i) % self.players], seat, out)


@dataclass(frozen=True)
class Both:
    """Several parts of the same value, one after another."""

    parts: tuple[Part, ...]

    def names(self, prefix: str) -> list[str]:
        return [name for part in self.parts for name in part.names(prefix)]

    def write(self, value: Any, seat: int, out: Out) -> None:
        for part in self.parts:
            part.write(value, seat, out)


def nums(keys: Iterable[str]) -> Record:
    """A dict of numbers with the given keys (colours, goods, deck letters)."""
    return Record({key: Num() for key in keys})


def numbers_like(template: Mapping[str, Any]) -> Record:
    """A dict encoded after a template of it: numbers and bools as they are, lists by their
    length, dicts in the same way (an explorer's party, a score's parts)."""
    parts: dict[str, Part] = {}
    for key, value in template.items():
        if isinstance(value, Mapping):
            parts[key] = numbers_like(value)
        elif isinstance(value, list):
            parts[key] = Length()
        elif isinstance(value, bool | int | float) or value is None:
            parts[key] = Num()
        else:
            raise EncodingError(f"no number-like encoding for {key!r}")
    return Record(parts)


def vocabulary(items: Sequence[Hashable]) -> tuple[Hashable, ...]:
    """The items as a vocabulary: in order, each once."""
    return tuple(dict.fromkeys(items))
