"""Africana (Michael Schacht, 2012).

Rulebook: ``shared/rules/africana-rules-nl-en.txt`` (English), ``africana-rules-de.txt``.
"""

from terra.games.africana.game import Africana
from terra.games.africana.state import AfricanaState

GAME = Africana()

__all__ = ["GAME", "Africana", "AfricanaState"]
