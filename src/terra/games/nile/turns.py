"""Source of the Nile 8.0-8.3 Sequence of Play: ``done``, the end of the step at hand: of
outfitting (5.3), of the move (8.3 step 3), of a captive's turn (15.3), of the escape
(15.21), or of the choice of what to publish (22.1-22.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed
from terra.games.nile import actions as act
from terra.games.nile import defeat, movement, offers, outfitting, publishing
from terra.games.nile.loads import RULE_CAPABILITY, excess_to_leave
from terra.games.nile.phases import CAPTIVITY, ESCAPE, JOINT, OUTFIT, PUBLISHING
from terra.games.nile.sequence import end_turn

if TYPE_CHECKING:
    from collections.abc import Iterable

    from terra.games.nile.state import NileState


def done(state: NileState) -> None:
    """End outfitting (5.3), the move (8.3 step 3), a captive's turn (15.3), the escape
    (15.21), or the choice of what to publish (22.1-22.2)."""
    if state.phase == OUTFIT:
        outfitting.finish_outfitting(state)
    elif state.phase == PUBLISHING:
        publishing.publish_chosen(state)
    elif state.phase == CAPTIVITY:
        defeat.attempt_escape(state)
    elif state.phase == ESCAPE:
        defeat.finish_escape(state)
    elif state.phase == JOINT:  # 29.3: a partner stays with the expedition, which moves later
        end_turn(state)
    else:
        movement.end_movement(state)


def explain_done(state: NileState) -> IllegalAction | None:
    """6.55: an expedition never carries more than it can, but a sick explorer whom nobody can
    carry may end his turn where he lies (19.3, decision N159); 22.1: publishing what is
    chosen is always possible."""
    if state.phase in (CAPTIVITY, PUBLISHING, JOINT):
        return None
    excess = excess_to_leave(state)
    if excess:
        return refusal(
            "overloaded_at_end",
            "the expedition carries {excess} more than it can; leave or cache something",
            RULE_CAPABILITY,
            excess=excess,
        )
    return None


def _unburdened(state: NileState) -> Iterable[int]:
    """6.55: not while the expedition carries more than it can (a captive carries nothing, nor
    does an explorer in Europe)."""
    if state.phase not in (CAPTIVITY, PUBLISHING, JOINT) and excess_to_leave(state):
        return ()
    return offers.actions_of(state, act.DONE)


DONE = Move(
    name="done",
    rule="Source of the Nile, 8.3",
    notation=fixed("done"),
    offer=offers.exact(_unburdened),
    explain=explain_done,
    effect=done,
)
