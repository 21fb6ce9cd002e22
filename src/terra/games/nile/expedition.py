"""Source of the Nile 9.6 Altering the Expedition: at any time of his turn an explorer discharges
healthy people, releases animals and discards items (decision N160), the move ``leave``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.party import at_hand, discharge
from terra.games.nile.runs import emit_run
from terra.games.nile.terms import GOOD_IDS, PEOPLE

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


RULE_ALTER = "Source of the Nile, 9.6 Altering the Expedition"
RULE_LEAVE = "Source of the Nile, 9.6"


def leave(state: NileState, good: int, amount: int) -> None:
    """9.6: discharge healthy people, release animals, discard items (decision N160)."""
    discharge(state.explorer(state.player).party, good, amount)
    emit_run(state, "left", ("amount",), player=state.player, good=good, amount=amount, sick=0)


def explain_leave(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """9.6: whatever the expedition has; of people, the healthy (decision N160)."""
    party = state.explorers[state.player].party
    have = at_hand(party)[good]
    if have >= amount:
        return None
    if good not in PEOPLE:
        return refusal("has_only", "the expedition has {count}", RULE_LEAVE, count=have)
    person = GOOD_IDS[good]
    people = person if have == 1 else f"{person}s"
    if at_hand(party, sick=True)[good]:
        if not have:
            return refusal(
                "no_healthy_some_sick",
                "the expedition has no healthy {person}; "
                "a sick one leaves by 'leave 1 sick {person}' (19.4)",
                RULE_LEAVE,
                person=person,
            )
        return refusal(
            "few_healthy_some_sick",
            "the expedition has {count} healthy {people}; "
            "a sick one leaves by 'leave 1 sick {person}' (19.4)",
            RULE_LEAVE,
            count=have,
            people=people,
            person=person,
        )
    if not have:
        return refusal(
            "no_healthy", "the expedition has no healthy {person}", RULE_LEAVE, person=person
        )
    return refusal(
        "few_healthy",
        "the expedition has {count} healthy {people}",
        RULE_LEAVE,
        count=have,
        people=people,
    )


def goods_at_hand(kind: int, *, sick: bool = False) -> offers.Candidates:
    """9.6, 17.1, 19.4: only what the expedition has enough of (of people, the healthy, or the
    sick with ``sick``)."""

    def candidates(state: NileState) -> Iterable[int]:
        held = at_hand(state.explorers[state.player].party, sick=sick)
        found: list[int] = []
        for good, choices in state.tables.goods_amount[kind]:
            have = held[good]
            if have:
                for action, amount in choices:  # the amounts rise
                    if amount > have:
                        break
                    found.append(action)
        return found

    return candidates


LEAVE = Move(
    name="leave",
    rule="Source of the Nile, 9.6",
    notation=act.write_leave,
    offer=offers.exact(goods_at_hand(act.LEAVE)),
    explain=explain_leave,
    effect=leave,
)
