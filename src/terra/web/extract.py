"""A Babel extraction method for the pages' fixed texts: every element marked ``data-t``.

``i18n.js`` translates the text of such an element when the page loads, so its English text
is a message of the web catalogs like the texts the scripts pass to ``t(...)``. ``babel.cfg``
names this method for ``*.html``; ``docs/web.md`` ("Languages") shows the commands.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from typing import IO, Any

# Elements that never hold text of their own, so a data-t on them closes at once.
VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "source", "wbr"})


class _Marked(HTMLParser):
    """Collects the text of each ``data-t`` element with the line it starts on."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]] | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        marked = any(name == "data-t" for name, _ in attrs)
        self._open.append((tag, self.getpos()[0], []) if marked else None)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            entry = self._open.pop()
            if entry is not None:
                _, line, parts = entry
                text = " ".join("".join(parts).split())
                if text:
                    self.found.append((line, text))
            if entry is None or entry[0] == tag:
                return

    def handle_data(self, data: str) -> None:
        for entry in self._open:
            if entry is not None:
                entry[2].append(data)


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction interface: ``(line, funcname, message, comments)`` per marked text."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(str(options.get("encoding", "utf-8"))))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []
