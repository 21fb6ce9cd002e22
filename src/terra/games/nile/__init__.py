"""Source of the Nile (Avalon Hill, 1979), Game I and Game II.

Rulebook: ``shared/rules/source-of-the-nile-rules-en.txt``. The engine is being built in
steps and the game is not registered yet (this package exposes no ``GAME``). So far, the
component data as validated data, the project's own provisional design (the printed board,
tables and cards are not public): :mod:`terra.games.nile.board` (the mapboard),
:mod:`terra.games.nile.tables` (the Game I tables) and :mod:`terra.games.nile.events` (the 108
Event cards).
"""
