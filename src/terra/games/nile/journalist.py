"""Source of the Nile 24.1-24.63 The Journalist: every battle is news for each journalist in
Africa, its value his who publishes it first (24.2-24.5), and the interviews of explorers far
from the ports (24.6-24.63), with the move ``interview``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, checked
from terra.games.nile import actions as act
from terra.games.nile.components.tables import Tables
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.terms import JOURNALIST, Specialty

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def journalist_battle_award(
    tables: Tables,
    specialty: Specialty,
    won: bool,
    *,
    in_africa: bool,
    own_battle: bool,
    battled_before: bool,
) -> int:
    """Source of the Nile 24.2-24.4: a journalist in Africa earns 1 v.p. for a battle won and 2
    for one lost; for his own battles, once per tribe (decision N49)."""
    if specialty != JOURNALIST or not in_africa or (own_battle and battled_before):
        return 0
    return tables.awards.battle_won if won else tables.awards.battle_lost


def may_interview(
    tables: Tables,
    *,
    specialty: Specialty,
    journalist: int,
    subject: int,
    journalist_hex: int,
    subject_hex: int,
    subject_reach: int,
    interviewed: frozenset[int],
) -> bool:
    """Source of the Nile 24.6-24.63: a journalist in Africa may interview, once per game,
    another explorer in his hex whose current expedition has been 4 or more hexes from a port.

    Explorers are the caller's ids; a hex of -1 is Europe; ``subject_reach`` is the farthest
    distance from a port the subject's current expedition has reached; ``interviewed`` the
    explorers this journalist has interviewed. The award is ``tables.awards.interview``.
    """
    return (
        specialty == JOURNALIST
        and journalist != subject
        and journalist_hex >= 0
        and journalist_hex == subject_hex
        and subject_reach >= tables.awards.interview_distance
        and subject not in interviewed
    )


def journalist_award(state: NileState, won: bool) -> None:
    """24.2-24.5: every battle is news for each journalist in Africa (his own battles once per
    tribe); the first to publish it takes its value."""
    encounter = state.encounter
    assert encounter is not None
    state.battles += 1
    for seat in range(state.num_players):
        journalist = state.explorers[seat]
        own = seat == state.player
        award = journalist_battle_award(
            state.data.tables,
            journalist.specialty,
            won,
            in_africa=journalist.status == IN_AFRICA,
            own_battle=own,
            battled_before=own and encounter.tribe in journalist.battled,
        )
        if award:
            state.explorer(seat).news.append((state.battles, award))
    if encounter.tribe:
        state.explorer(state.player).battled.add(encounter.tribe)


def can_interview(state: NileState, seat: int) -> bool:
    """24.6-24.63: another explorer in the journalist's hex, once per game."""
    explorer = state.explorer(state.player)
    subject = state.explorer(seat)
    tables = state.data.tables
    interviewed = frozenset(p for p in range(state.num_players) if explorer.interviewed >> p & 1)
    return may_interview(
        tables,
        specialty=explorer.specialty,
        journalist=state.player,
        subject=seat,
        journalist_hex=explorer.hex if explorer.status == IN_AFRICA else -1,
        subject_hex=subject.hex if subject.status == IN_AFRICA else -1,
        subject_reach=tables.awards.interview_distance if subject.far else 0,
        interviewed=interviewed,
    )


def interview(state: NileState, seat: int) -> None:
    """24.6: the journalist interviews another explorer in his hex: 3 v.p. when published."""
    explorer = state.explorer(state.player)
    explorer.interviewed |= 1 << seat
    explorer.awards += state.data.tables.awards.interview
    state.emit("interview", player=state.player, subject=seat)


def explain_interview(state: NileState, seat: int) -> IllegalAction | None:
    """24.6-24.63: a journalist and another explorer who has been far from the ports."""
    if seat >= state.num_players or not can_interview(state, seat):
        return refusal(
            "cannot_interview",
            "only a journalist may interview, once, another explorer in his hex whose "
            "expedition has been four hexes or more from a port",
            "Source of the Nile, 24.6",
        )
    return None


def _journalist(state: NileState) -> Iterable[int]:
    """24.1: only a journalist interviews, and only other seats of this game."""
    if state.explorers[state.player].specialty != JOURNALIST:
        return ()
    base = state.tables.base[act.INTERVIEW]
    return range(base, base + state.num_players)


INTERVIEW = Move(
    name="interview",
    rule="Source of the Nile, 24.6-24.63",
    notation=act.write_interview,
    offer=checked(_journalist, explain_interview),
    explain=explain_interview,
    effect=interview,
)
