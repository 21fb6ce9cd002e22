"""One declaration of a class's fields, from which its ``clone`` and ``_key`` are made.

A position is cloned thousands of times a second in search, so its ``clone`` must be as fast as
one written out by hand; and its ``_key`` must name every field that defines the position. Both
used to be written out in full, field by field, beside the class's ``__slots__``. Now a class
declares its fields once, in ``FIELDS`` (name: how a clone gets it), sets ``__slots__`` from it,
and :class:`Fielded` writes the two methods for it when the class is created: straight-line code
with one line per field, as by hand, compiled once per class::

    class Sheet(Fielded):
        FIELDS: ClassVar[Fields] = {"money": SAME, "cards": COPY, "_cache": ASIDE}
        __slots__ = tuple(FIELDS)

A subclass declares only its own fields: its clone copies those of its bases too. A class that
writes its own ``clone`` or ``_key`` keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, NamedTuple, Self


class Field(NamedTuple):
    """How a clone gets one field, and whether the field is part of what ``_key`` compares."""

    # The clone's value, as Python source in which ``{0}`` stands for the original's field
    # (``self.name``); the clone's line is ``other.name = <copy>``.
    copy: str
    key: bool = True


SAME = Field("{0}")  # an int, a tuple, an enum member: or shared, the rules replace it whole
COPY = Field("{0}.copy()")  # a list, a bytearray, a set or a dict of immutable items
COPY_EACH = Field("[item.copy() for item in {0}]")  # a list of such
CLONE = Field("{0}.clone()")  # an object with its own ``clone``
CLONE_OR_NONE = Field("None if {0} is None else {0}.clone()")


def aside(field: Field) -> Field:
    """``field``, copied as it says but no part of the position ``_key`` compares: a cache, or
    what other fields already determine."""
    return field._replace(key=False)


ASIDE = aside(SAME)  # shared by the clone and no part of the position (a cache, the game)


def reset(value: object) -> Field:
    """A field that a clone does not inherit: it starts at ``value`` (a cache of one search
    step, say). No part of the position."""
    return Field(repr(value), key=False)


def disown(value: object) -> Field:
    """The flag of a copy-on-write field shared by a clone: both the clone and the original
    are set to ``value`` (neither owns the shared object any more). No part of the position."""
    return Field("{0} = " + repr(value), key=False)


Fields = Mapping[str, Field]


class Fielded:
    """A class whose fields are declared in ``FIELDS`` (see the module): its ``clone``, its
    ``_key`` and equality by ``_key`` are made from the declaration."""

    __slots__ = ()

    FIELDS: ClassVar[Fields] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = all_fields(cls)
        if "clone" not in cls.__dict__:
            cls.clone = _compile(cls, "clone", _clone_source(fields))  # type: ignore[method-assign]
        if "_key" not in cls.__dict__:
            cls._key = _compile(cls, "_key", _key_source(fields))  # type: ignore[method-assign]

    def clone(self) -> Self:
        """A copy that shares no mutable part with this one (made from ``FIELDS``)."""
        raise NotImplementedError

    def _key(self) -> tuple[Any, ...]:
        """Every field that defines the object (made from ``FIELDS``)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable


def all_fields(cls: type) -> dict[str, Field]:
    """The fields ``cls`` and its bases declare, the bases' first."""
    fields: dict[str, Field] = {}
    for klass in reversed(cls.__mro__):
        fields.update(klass.__dict__.get("FIELDS", {}))
    return fields


def copier(fields: Fields) -> Callable[[Any, Any], None]:
    """A function ``copy(self, other)`` that sets ``fields`` of ``other`` as a clone of ``self``
    gets them (for a ``clone`` written by hand)."""
    lines = ["def copy(self, other):", *_copy_lines(fields), "    return None"]
    return _compile(None, "copy", lines)  # type: ignore[no-any-return]


def _copy_lines(fields: Fields) -> list[str]:
    return [
        f"    other.{name} = {field.copy.format('self.' + name)}" for name, field in fields.items()
    ]


def _clone_source(fields: Fields) -> list[str]:
    return ["def clone(self):", "    other = new(cls)", *_copy_lines(fields), "    return other"]


def _key_source(fields: Fields) -> list[str]:
    names = [f"self.{name}" for name, field in fields.items() if field.key]
    return ["def _key(self):", f"    return ({', '.join(names)}{',' if len(names) == 1 else ''})"]


def _compile(cls: type | None, name: str, lines: list[str]) -> Any:
    """The function ``lines`` define, compiled once (with ``cls`` and ``new`` at hand)."""
    owner = "" if cls is None else cls.__qualname__ + "."
    namespace: dict[str, Any] = {"cls": cls, "new": None if cls is None else cls.__new__}
    exec(compile("\n".join(lines), f"<{owner}{name} from FIELDS>", "exec"), namespace)
    function = namespace[name]
    function.__qualname__ = owner + name
    if cls is not None:
        function.__module__ = cls.__module__
    return function
