"""Africa (Reiner Knizia, 2001).

Rulebook: ``shared/rules/africa-knizia-rules-en.txt`` (English translation).
"""

from terra.games.africa.game import Africa
from terra.games.africa.state import AfricaState

GAME = Africa()

__all__ = ["GAME", "Africa", "AfricaState"]
