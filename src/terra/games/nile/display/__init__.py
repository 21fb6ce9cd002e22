"""Source of the Nile shown to people: the log's wording (:mod:`~.log`), the terminal board
(:mod:`~.render`, with the map drawn by :mod:`~.mapboard`), and the blank mapboard the browser
board draws on (:mod:`~.layout`). What the game's hooks read (``render``, ``describe``,
``seat_words``) is here.
"""

from terra.games.nile.display.log import describe, seat_words
from terra.games.nile.display.mapboard import SCALES
from terra.games.nile.display.render import render

__all__ = ["SCALES", "describe", "render", "seat_words"]
