"""Exceptions shared by every game.

Every error a user can cause says what is wrong and, where a rule is involved, which rule. A
message quotes what the user gave only through :func:`quote`, so that no input, however long,
turns into a message of the same size.
"""

from __future__ import annotations

from typing import Any

# How much of a user's input a message quotes.
QUOTE_LIMIT = 60


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as ``repr`` shows it, cut to about ``limit`` characters.

    >>> quote("go Tripoli: grey")
    "'go Tripoli: grey'"
    >>> quote("a" * 100, limit=10)
    "'aaaaaaaaa…' (100 characters)"
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: limit - 1]!r}"[:-1] + f"…' ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 4 * limit:  # too long to print at all
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class TerraError(Exception):
    """Base class of every error Terra Incognita raises on purpose."""


def marked(text: str) -> str:
    """``text`` itself: marks English words that a page says in its own language (a field
    of a :class:`Worded` error) for the extraction of the web catalogs (``docs/web.md``,
    "Languages")."""
    return text


class Worded(TerraError):  # noqa: N818 - a kind of error, named for what it adds
    """An error that a page says in its own language: ``template``, English text with
    ``{name}`` placeholders, is a message of the web catalogs; ``fields`` fill it (a str field
    that is a message too, made with :func:`marked`, is translated as well).

    >>> str(Worded("you saw {seen} moves", seen=3))
    'you saw 3 moves'
    """

    def __init__(self, template: str, /, **fields: str | int) -> None:
        self.template = template
        self.fields = fields
        super().__init__(template.format_map({k: str(v) for k, v in fields.items()}))


class IllegalAction(TerraError, ValueError):  # noqa: N818 - the contract's name for it
    """An action that the rules do not allow now.

    ``reason`` says what is wrong in words a player understands; ``rule`` names the game and
    the rulebook section that forbids it (or ``None`` where no rule is involved). A refusal
    made by :func:`refusal` also keeps its catalog ``key`` and the ``fields`` its template was
    filled with, so that it can be said in another language
    (:func:`terra.core.catalogs.refusal_text`).
    """

    def __init__(
        self,
        reason: str,
        rule: str | None = None,
        *,
        key: str | None = None,
        fields: dict[str, str | int] | None = None,
    ) -> None:
        self.reason = reason
        self.rule = rule
        self.key = key
        self.fields: dict[str, str | int] = dict(fields or {})
        super().__init__(f"{reason} ({rule})" if rule else reason)


def refusal(
    key: str, template: str, rule: str | None = None, /, **fields: str | int
) -> IllegalAction:
    """A refusal worded in English by ``template`` (``{name}`` placeholders filled from
    ``fields``), and in another language by the ``[refusal]`` entry ``key`` of the game's
    catalog ``locale/<language>.toml``, its word-valued fields translated by the catalog's
    ``[word]`` table. ``rule`` cites the rule that refuses.

    >>> problem = refusal("empty", "{place} is empty", "Race, Play", place="Cairo")
    >>> problem.reason, problem.key, problem.fields
    ('Cairo is empty', 'empty', {'place': 'Cairo'})
    """
    reason = template.format_map({name: str(value) for name, value in fields.items()})
    return IllegalAction(reason, rule, key=key, fields=fields)


class NotYourTurn(IllegalAction):
    """An action by a seat whose turn it is not: ``seat`` tried, ``current`` is to act."""

    def __init__(self, seat: int, current: int | None, rule: str | None = None) -> None:
        super().__init__(f"it is seat {current}'s turn, not seat {seat}'s", rule)
        self.seat = seat
        self.current = current


class NotationError(IllegalAction):
    """Text that names no action at all (a misspelt place, an unknown verb).

    A kind of :class:`IllegalAction`, so a caller that plays what a person typed catches both.
    """


class UnknownGame(TerraError, KeyError):  # noqa: N818 - reads well at the call site
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(TerraError, ValueError):
    """An argument of ``Game.new`` (players, seed, an option) is unknown or has a bad value."""


class CampaignError(OptionError):
    """A game that cannot continue the one given: another game, other data, or a game whose
    rules know no campaign (the message says which rule)."""


class SeatError(TerraError, ValueError):
    """A seat that is not a seat of this game (views and samples are per seat)."""


class DataError(TerraError, ValueError):
    """A component data file is missing, malformed or inconsistent."""


class RecordError(TerraError, ValueError):
    """A record that is not a well-formed record (a missing field, a wrong type)."""


class ReplayError(TerraError):
    """A well-formed record that does not replay: an illegal action, or a different result."""
