"""Source of the Nile (Avalon Hill, 1979), Game I and Game II.

Rulebook: ``shared/rules/source-of-the-nile-rules-en.txt``. The engine is being built in
steps and the game is not registered yet (this package exposes no ``GAME``). So far:

- the component data, the project's own provisional design (the printed board, tables and
  cards are not public): :mod:`~terra.games.nile.board` (the mapboard),
  :mod:`~terra.games.nile.tables` (the Game I tables), :mod:`~terra.games.nile.events` (the 108
  Event cards), loaded together by :mod:`~terra.games.nile.components`;
- the rules as pure functions over that data, with dice and cards passed in:
  :mod:`~terra.games.nile.party` and :mod:`~terra.games.nile.logistics` (the expedition:
  outfitting, portage, movement allowance, losses, hunting, sickness),
  :mod:`~terra.games.nile.natives` and :mod:`~terra.games.nile.caches` (natives, disasters'
  dice, the journalist, caches).
"""
