"""Source of the Nile (Avalon Hill, 1979), Game I and Game II.

Rulebook: ``shared/rules/source-of-the-nile-rules-en.txt``. Game I is played (Game II is to
come, as ``-o game=2``, as changes inside the chapters below). The package follows the
rulebook: each chapter module declares the moves of its sections (:mod:`terra.core.moves`) and
names the sections it holds in its docstring.

- the chapters: :mod:`~.setup` (4), :mod:`~.outfitting` (5, 26), :mod:`~.sequence` (7, 8.1)
  and :mod:`~.turns` (8.3, ``done``), :mod:`~.upkeep` (8.3 steps 4-5), :mod:`~.movement`
  (9, 12), :mod:`~.expedition` (9.6), :mod:`~.mapping` and :mod:`~.mapping_rivers` (10),
  :mod:`~.disasters` (11), :mod:`~.natives` (13), :mod:`~.negotiation` (14), :mod:`~.defeat`
  (15), :mod:`~.victory` (16), :mod:`~.caches` (17), :mod:`~.hunting` (18), :mod:`~.sickness`
  (19), :mod:`~.discoveries` (20, 23), :mod:`~.europe` (21), :mod:`~.publishing` (22),
  :mod:`~.journalist` (24), :mod:`~.rivers` (25);
- what they share: :mod:`~.phases` (the decisions of the game), :mod:`~.rulebook` (the moves in
  the order of the action space, bound to the state), :mod:`~.state` with :mod:`~.records`,
  :mod:`~.explorer`, :mod:`~.party` and :mod:`~.territory` (the position), :mod:`~.actions` (the
  notation), :mod:`~.offers` and :mod:`~.loads` (what the legal actions read), :mod:`~.chance`
  (dice and deck), :mod:`~.meeting` (a meeting with natives under way), :mod:`~.logistics`
  (the expedition's numbers), :mod:`~.terms` and :mod:`~.view`;
- the component data, the project's own provisional design (the printed board, tables and
  cards are not public), in :mod:`~.components`; the displays in :mod:`~.display`; the bots in
  :mod:`~.bots`.
"""

from terra.games.nile.game import Nile
from terra.games.nile.rulebook import RULEBOOK  # binds NileState to its rulebook
from terra.games.nile.state import NileState

GAME = Nile()

__all__ = ["GAME", "RULEBOOK", "Nile", "NileState"]
