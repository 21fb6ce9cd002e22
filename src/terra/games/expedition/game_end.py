"""Expedition, Game End: the game ends at once when no more arrows can be played.

Whether an arrow can still be played changes only with the arrows on the board and the arrows
a turn owes, so only the moves that change them (placing, buying and removing an arrow, and
the start of play) end with :func:`check_game_end`; exchanging a card or ending a turn changes
neither (the next player could place an arrow exactly when this one could, bar the limit of one
loop a turn, which the end check leaves aside). Variant B ends the game too, when a player has
taken back every chip (:mod:`~terra.games.expedition.missions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.expedition import routes, scoring
from terra.games.expedition.actions import colour_name
from terra.games.expedition.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

# Read once: on Python 3.11 an enum member is looked up through the enum class's
# ``__getattr__`` hook, several times slower than a module's name, and every arrow ends here.
_PLAYING = Phase.PLAYING
_LOOP_ARROW = Phase.LOOP_ARROW


def check_game_end(state: ExpeditionState) -> None:
    """Expedition, Game End: the game ends at once when no more arrows can be played, that is
    when the player whose turn comes next could continue no expedition. The limit of one loop
    per expedition a turn ends with the turn, so it does not end the game: what it alone keeps
    the player to act from placing (the loop arrow, the arrows still owed, a green station's
    arrow) lapses instead."""
    phase = state.phase
    if phase is _LOOP_ARROW:
        if routes.can_place_loop_arrow(state):
            return
        state.emit("loop_blocked", player=state.player, colour=colour_name(state.loop))
        state.loop = -1
        state.loop_from = 0
        state.phase = _PLAYING
    elif phase is not _PLAYING:
        return
    if not routes.can_continue(state, loop_limit=False):
        end_game(state)
    elif state.looped and (state.must or state.may) and not routes.can_continue(state):
        state.emit("arrows_blocked", player=state.player)
        state.must = 0
        state.may = 0


def end_game(state: ExpeditionState) -> None:
    """Expedition, Game End: the result is final."""
    state.phase = Phase.OVER
    state.loop = -1
    state.emit("game_over", scores=scoring.scores(state), winners=scoring.winners(state))
