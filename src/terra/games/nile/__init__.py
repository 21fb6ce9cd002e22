"""Source of the Nile (Avalon Hill, 1979), Game I and Game II.

Rulebook: ``shared/rules/source-of-the-nile-rules-en.txt``. Game I is played (Game II is to
come, as ``-o game=2``):

- the component data, the project's own provisional design (the printed board, tables and
  cards are not public): :mod:`~terra.games.nile.board` (the mapboard),
  :mod:`~terra.games.nile.tables` (the Game I tables), :mod:`~terra.games.nile.events` (the 108
  Event cards), loaded together by :mod:`~terra.games.nile.components`;
- the rules as pure functions over that data, with dice and cards passed in:
  :mod:`~terra.games.nile.territory` and :mod:`~terra.games.nile.mapping` (the explored map and
  section 10), :mod:`~terra.games.nile.party` and :mod:`~terra.games.nile.logistics` (the
  expedition: outfitting, portage, movement allowance, losses, hunting, sickness),
  :mod:`~terra.games.nile.natives` and :mod:`~terra.games.nile.caches` (natives, disasters'
  dice, the journalist, caches);
- the game: :mod:`~terra.games.nile.state` (the position), :mod:`~terra.games.nile.rules`
  (set-up, the order of play, Europe), :mod:`~terra.games.nile.journey` (movement and mapping
  in a turn), :mod:`~terra.games.nile.encounters` (natives and disasters),
  :mod:`~terra.games.nile.upkeep` (the end of a turn, death), :mod:`~terra.games.nile.publishing`
  (publishing), :mod:`~terra.games.nile.legal` (legality, once per kind of action).
"""

from terra.games.nile.game import Nile
from terra.games.nile.rulebook import RULEBOOK  # binds NileState to its rulebook
from terra.games.nile.state import NileState

GAME = Nile()

__all__ = ["GAME", "RULEBOOK", "Nile", "NileState"]
