"""Expedition (Wolfgang Kramer, 1996).

Rulebook: ``shared/rules/expedition-kramer-rules-en.txt`` (English translation of the Queen
Games 1996 edition). The world map shipped here is the project's own provisional design.
"""

from terra.games.expedition.game import Expedition
from terra.games.expedition.state import ExpeditionState

GAME = Expedition()

__all__ = ["GAME", "Expedition", "ExpeditionState"]
