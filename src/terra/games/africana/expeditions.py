"""Africana, C) Move explorer - Joining Expeditions and Ending An Expedition: a company
marker on a displayed expedition that starts where the explorer stands, with the space's
joining bonus at once; at its destination, the expedition's reward for the one who ends it,
and every marker on it back to its company."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.africana.actions import every_expedition, expedition_card
from terra.games.africana.drawing import draw_into_hand, replace_empty_draw_pile
from terra.games.africana.movement import away_from
from terra.games.africana.rulebook import RULE_END_EXPEDITION, RULE_JOIN

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

MARKERS = 4  # Game Setup: 4 company markers each


def expeditions_here(state: AfricanaState, out: list[int]) -> None:
    """Africana, Joining Expeditions and Ending An Expedition: space by space, left to right,
    ending each joined expedition whose destination the explorer stands on, or joining each
    one starting there while a marker is free. The ``join`` and ``finish expedition`` moves,
    listed together."""
    player = state.player
    here = state.loc[player]
    data = state.data
    tables = state.tables
    bit = 1 << player
    joined = state.joined
    for space, card in enumerate(state.spaces):
        if card < 0:
            continue
        if joined[space] & bit:
            if data.expedition_target[card] == here:
                out.append(tables.finish_expedition_base + card)
        elif data.expedition_start[card] == here and state.markers[player] < MARKERS:
            out.append(tables.join_base + card)


def _not_out(state: AfricanaState, card: int, rule: str) -> IllegalAction | None:
    """Africana, Joining Expeditions and Ending An Expedition: only an expedition on an
    expedition space is joined or ended."""
    if card in state.spaces:
        return None
    return refusal(
        "expedition_not_out",
        "expedition {card} is not on an expedition space",
        rule,
        card=state.data.expedition_ids[card],
    )


# --- Joining Expeditions -----------------------------------------------------------------------


def explain_join_expedition(state: AfricanaState, card: int) -> IllegalAction | None:
    """Africana, C) Joining Expeditions: a displayed expedition starting where the explorer
    stands, not joined yet, with a company marker to spare."""
    not_out = _not_out(state, card, RULE_JOIN)
    if not_out is not None:
        return not_out
    data = state.data
    ident = data.expedition_ids[card]
    player = state.player
    if state.joined[state.spaces.index(card)] >> player & 1:
        return refusal(
            "already_joined", "you have already joined expedition {card}", RULE_JOIN, card=ident
        )
    away = away_from(state, data.expedition_start[card])
    if away is not None:
        return refusal(
            "expedition_starts_elsewhere",
            "expedition {card} starts in {place}; your explorer is in {here}",
            RULE_JOIN,
            card=ident,
            **away,
        )
    if state.markers[player] >= MARKERS:
        return refusal(
            "markers_used_up",
            "all {markers} of your company markers are on expeditions already",
            RULE_JOIN,
            markers=MARKERS,
        )
    return None


def join_expedition(state: AfricanaState, card: int) -> None:
    """Africana, Joining Expeditions: place a marker and take the space's bonus at once."""
    player = state.player
    space = state.spaces.index(card)
    state.joined[space] |= 1 << player
    state.markers[player] += 1
    data = state.data
    silver = data.bonus_silver[space]
    state.silver[player] += silver
    drawn = draw_into_hand(state, player, data.bonus_cards[space])
    state.emit(
        "join",
        player=player,
        expedition=data.expedition_ids[card],
        space=space + 1,
        silver=silver,
        count=len(drawn),
        cards=drawn,
    )
    replace_empty_draw_pile(state)


JOIN_EXPEDITION = Move(
    name="join",
    rule=RULE_JOIN,
    notation=every_expedition("join"),
    offer=expeditions_here,  # listed with the expeditions to end, space by space
    explain=explain_join_expedition,
    effect=join_expedition,
    place=expedition_card,
)


# --- Ending An Expedition ----------------------------------------------------------------------


def explain_end_expedition(state: AfricanaState, card: int) -> IllegalAction | None:
    """Africana, C) Ending An Expedition: a displayed expedition the player has joined, at its
    destination."""
    not_out = _not_out(state, card, RULE_END_EXPEDITION)
    if not_out is not None:
        return not_out
    data = state.data
    ident = data.expedition_ids[card]
    player = state.player
    if not state.joined[state.spaces.index(card)] >> player & 1:
        return refusal(
            "not_joined", "you have not joined expedition {card}", RULE_END_EXPEDITION, card=ident
        )
    away = away_from(state, data.expedition_target[card])
    if away is None:
        return None
    return refusal(
        "expedition_ends_elsewhere",
        "expedition {card} ends in {place}; your explorer is in {here}",
        RULE_END_EXPEDITION,
        card=ident,
        **away,
    )


def end_expedition(state: AfricanaState, card: int) -> None:
    """Africana, Ending An Expedition: take the silver and the card; every marker goes home."""
    player = state.player
    space = state.spaces.index(card)
    data = state.data
    silver = data.expedition_silver[card]
    state.silver[player] += silver
    state.won_expeditions[player] += (card,)
    members = state.joined[space]
    for seat in range(state.num_players):
        if members >> seat & 1:
            state.markers[seat] -= 1
    state.joined[space] = 0
    state.spaces[space] = -1
    state.emit("end_expedition", player=player, expedition=data.expedition_ids[card], silver=silver)


END_EXPEDITION = Move(
    name="finish expedition",
    rule=RULE_END_EXPEDITION,
    notation=every_expedition("finish"),
    offer=expeditions_here,
    explain=explain_end_expedition,
    effect=end_expedition,
    place=expedition_card,
)
