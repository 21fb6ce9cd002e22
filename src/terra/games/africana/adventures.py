"""Africana, C) Move explorer - Ending An Adventure: at its destination, an own unfinished
adventure is finished; an artifact pays silver, an assistant joins the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.africana.actions import adventure_card, every_adventure
from terra.games.africana.end_of_turn import without
from terra.games.africana.movement import away_from
from terra.games.africana.rulebook import RULE_END_ADVENTURE

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState


def adventures_here(state: AfricanaState, out: list[int]) -> None:
    """Africana, Ending An Adventure: each of the player's unfinished adventures whose
    destination the explorer stands on."""
    here = state.loc[state.player]
    targets = state.data.adventure_target
    base = state.tables.finish_adventure_base
    for card in state.adventures[state.player]:
        if targets[card] == here:
            out.append(base + card)


def explain_end_adventure(state: AfricanaState, card: int) -> IllegalAction | None:
    """Africana, C) Ending An Adventure: one of the player's unfinished adventures, at its
    destination."""
    data = state.data
    ident = data.adventure_ids[card]
    player = state.player
    if card not in state.adventures[player]:
        return refusal(
            "adventure_not_yours",
            "adventure {card} is not one of your unfinished adventures",
            RULE_END_ADVENTURE,
            card=ident,
        )
    away = away_from(state, data.adventure_target[card])
    if away is None:
        return None
    return refusal(
        "adventure_ends_elsewhere",
        "adventure {card} ends in {place}; your explorer is in {here}",
        RULE_END_ADVENTURE,
        card=ident,
        **away,
    )


def end_adventure(state: AfricanaState, card: int) -> None:
    """Africana, Ending An Adventure: an artifact pays silver; an assistant joins your hand."""
    player = state.player
    data = state.data
    state.adventures[player] = without(state.adventures[player], card)
    state.won_adventures[player] += (card,)
    colour = data.adventure_assistant[card]
    if colour < 0:
        silver = data.adventure_silver[card]
        state.silver[player] += silver
        state.emit(
            "end_adventure", player=player, adventure=data.adventure_ids[card], silver=silver
        )
    else:
        state.supply[colour] -= 1
        state.hand[player][len(data.colours) + colour] += 1
        state.emit(
            "end_adventure",
            player=player,
            adventure=data.adventure_ids[card],
            assistant=data.colours[colour],
        )


END_ADVENTURE = Move(
    name="finish adventure",
    rule=RULE_END_ADVENTURE,
    notation=every_adventure("finish"),
    offer=adventures_here,
    explain=explain_end_adventure,
    effect=end_adventure,
    place=adventure_card,
)
