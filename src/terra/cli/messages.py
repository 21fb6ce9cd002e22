"""Messages for a person: one line, and never more than a short prefix of what was typed.

Whatever a person gives the command (a typed move, an option value, a record file's
actions) may come back inside an error message, from this package or from the engine. Every
message the command prints passes through :func:`shorten`, so a five-megabyte action in a
record is quoted as its first few dozen characters, not echoed whole.
"""

from __future__ import annotations

import re

from terra.core.errors import QUOTE_LIMIT

USAGE_ERROR = 2
"""The exit code of bad input (click's code for bad usage): scripts can tell it from a failed
run."""

FAILED = 1
"""The exit code of a run that failed: a game or a bot raised, or a file could not be written."""

INTERRUPTED = 130
"""The exit code of a run stopped by Ctrl-C."""

PATH_LIMIT = 200
"""The most characters of a file name a message shows (the shell passes megabytes)."""

MESSAGE_LIMIT = 1000
"""The most characters of a whole message (a list of legal moves can be long; a record's
action should never make it longer)."""

# A Python repr of a string, as messages quote inputs with ``{text!r}``: opening quote not
# after a letter (so "Napoli's" starts no quotation), escapes allowed inside, closing quote
# not before a letter.
_QUOTED = re.compile(r"""(?<!\w)(?:'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*")(?!\w)""")

_LONG_WORD = re.compile(rf"\S{{{PATH_LIMIT + 1},}}")


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text``, or its first ``limit`` characters and how long it was.

    >>> clip("short")
    'short'
    >>> clip("x" * 50, 5)
    'xxxxx... (50 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def _shorten_quotation(match: re.Match[str]) -> str:
    quoted = match.group()
    if len(quoted) <= QUOTE_LIMIT + 2:
        return quoted
    inner = quoted[1:-1]
    return f"{quoted[0]}{inner[:QUOTE_LIMIT]}{quoted[0]}... ({len(inner):,} characters)"


def _shorten_word(match: re.Match[str]) -> str:
    return clip(match.group(), PATH_LIMIT)


def shorten(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` on one line, with every long quotation cut to a prefix, every word longer
    than any file name (a path, unquoted) cut too, and the whole cut to ``limit`` characters.

    >>> shorten("action 4 ('" + "x" * 100 + "') does not replay").replace("x" * 60, "x...x")
    "action 4 ('x...x'... (100 characters)) does not replay"
    """
    line = " ".join(message.split())
    if len(line) > QUOTE_LIMIT:
        line = _QUOTED.sub(_shorten_quotation, line)
    if len(line) > PATH_LIMIT:
        line = _LONG_WORD.sub(_shorten_word, line)
    return clip(line, limit)
