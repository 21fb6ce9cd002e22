"""Places on a board drawn for the terminal: a game's display marks the characters that show a
place (a hex, a city) with the place's name, as :meth:`~terra.core.moves.Rulebook.place` names
it; :func:`drawn_places` reads back where each marked character lands once the board is drawn,
so a screen can tell which place a click points at without knowing the game's layout.
:class:`Folded` draws a board's words at the width of a pane narrower than its pictures.

A mark is a ``rich`` style's ``meta``: it changes nothing of how the board looks, and the places
are found where the drawing put them (inside a panel, under lines that wrapped), never where a
second copy of the layout thinks they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

# The key of a style's ``meta`` that holds the place a character shows.
PLACE_KEY = "place"

Cell = tuple[int, int]  # row, column of the drawn board


def place_style(place: str, style: str | Style = "") -> Style:
    """``style`` marked as showing ``place``.

    >>> place_style("C5", "bold").meta
    {'place': 'C5'}
    """
    base = Style.parse(style) if isinstance(style, str) else style
    return base + Style(meta={PLACE_KEY: place})


class Folded:
    """``board`` with its words folded at ``prose`` columns, its pictures drawn whole.

    A board made of parts (a ``rich`` ``Group``) is drawn part by part: a part that can be
    folded to ``prose`` columns is, and a picture (a text that must not wrap, such as a map,
    or a part that cannot be drawn that narrow) takes the whole width. A pane narrower than the
    board then shows its words whole and scrolls sideways only over its pictures.

    >>> board = Group(Text("the words of a heading"), Text("#" * 30, no_wrap=True))
    >>> Console(width=30, color_system=None).print(Folded(board, 12))
    the words of
    a heading
    ##############################
    """

    def __init__(self, board: RenderableType, prose: int) -> None:
        self.board = board
        self.prose = prose

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        parts = self.board.renderables if isinstance(self.board, Group) else [self.board]
        for part in parts:
            width = options.max_width
            if not self.picture(console, options, part):
                width = min(width, self.prose)
            for line in console.render_lines(part, options.update_width(width), pad=False):
                yield from line
                yield Segment.line()

    def picture(self, console: Console, options: ConsoleOptions, part: RenderableType) -> bool:
        """Whether ``part`` is drawn at the whole width: a text that does not wrap, or a part
        whose narrowest drawing is wider than :attr:`prose`."""
        if isinstance(part, Text) and part.no_wrap:
            return True
        return Measurement.get(console, options, part).minimum > self.prose


def drawn_places(board: RenderableType, width: int) -> Mapping[Cell, str]:
    """Each cell (row, column, from the top left of the whole drawing) of ``board`` drawn
    ``width`` columns wide that shows a marked place, with the place's name.

    >>> from rich.text import Text
    >>> text = Text("at ")
    >>> _ = text.append("Cairo", place_style("cai"))
    >>> sorted(drawn_places(text, 80).items())[:2]
    [((0, 3), 'cai'), ((0, 4), 'cai')]
    """
    console = Console(width=width, color_system=None, force_terminal=False, legacy_windows=False)
    places: dict[Cell, str] = {}
    for row, line in enumerate(console.render_lines(board, pad=False, new_lines=False)):
        column = 0
        for segment in line:
            length = segment.cell_length
            place = segment.style.meta.get(PLACE_KEY) if segment.style else None
            if isinstance(place, str):
                for x in range(column, column + length):
                    places[row, x] = place
            column += length
    return places


def place_near(places: Mapping[Cell, str], cell: Cell, reach: int = 2) -> str | None:
    """The place drawn at ``cell``, else the nearest within ``reach`` rows or twice as many
    columns (a terminal's cells are about twice as tall as wide), else ``None``.

    >>> place_near({(3, 5): "cai"}, (3, 8))
    'cai'
    >>> place_near({(3, 5): "cai", (4, 9): "alx"}, (4, 6))
    'cai'
    >>> place_near({(3, 5): "cai"}, (6, 5)) is None
    True
    """
    row, column = cell
    found = [
        (4 * dy * dy + dx * dx, abs(dy), dx, places[row + dy, column + dx])
        for dy in range(-reach, reach + 1)
        for dx in range(-2 * reach, 2 * reach + 1)
        if (row + dy, column + dx) in places and 4 * dy * dy + dx * dx <= 4 * reach * reach
    ]
    return min(found)[3] if found else None
