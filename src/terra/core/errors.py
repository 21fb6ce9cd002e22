"""Exceptions shared by every game.

Every error a user can cause says what is wrong and, where a rule is involved, which rule.
"""

from __future__ import annotations


class TerraError(Exception):
    """Base class of every error Terra Incognita raises on purpose."""


class IllegalAction(TerraError, ValueError):  # noqa: N818 - the contract's name for it
    """An action that the rules do not allow now, or text that is not an action at all.

    ``reason`` says what is wrong in words a player understands; ``rule`` names the game and
    the rulebook section that forbids it (or ``None`` for plain notation errors).
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class UnknownGame(TerraError, KeyError):  # noqa: N818 - reads well at the call site
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(TerraError, ValueError):
    """An option passed to ``Game.new`` is unknown or has a bad value."""


class DataError(TerraError, ValueError):
    """A component data file is missing, malformed or inconsistent."""


class ReplayError(TerraError):
    """A record does not replay: an illegal action, or a result that differs."""
