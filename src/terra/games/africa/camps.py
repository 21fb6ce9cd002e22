"""Africa, Actions - 4. Establish a Base Camp and Perform Research;
Africa, Actions - 5. Establish a Base Camp and Use Natural Resources.

One of the player's own camps on the researcher's empty space, scoring the face-up animals,
nomads and monuments around it, or taking the gold and jewels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, fixed
from terra.games.africa.actions import RESEARCH, RESOURCES
from terra.games.africa.components import ANIMAL, GOLD, JEWELS, MONUMENT, NOMAD
from terra.games.africa.game_play import end_action
from terra.games.africa.rulebook import RULE_EMPTY, RULE_RESEARCH, RULE_RESOURCES
from terra.games.africa.spaces import board_changed, is_empty

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

_BOTH = (RESEARCH, RESOURCES)


def camp_sites(state: AfricaState, out: list[int]) -> None:
    """Africa, Actions - 4. and 5.: both kinds of camp, where the player has a camp left and
    the researcher's space is empty (the two moves, listed together)."""
    player = state.player
    here = state.loc[player]
    if state.camps[player] and state.marker[here] < 0 and state.camp[here] < 0:
        out += _BOTH


def explain_camp(state: AfricaState, rule: str) -> IllegalAction | None:
    """Africa, Actions - 4. and 5.: one of the player's own base camps, on the researcher's
    space if it is empty (General Rules - Empty and Occupied Spaces)."""
    here = state.loc[state.player]
    if not state.camps[state.player]:
        return refusal("no_camp_left", "you have no base camp left to establish", rule)
    if is_empty(state, here):
        return None
    what = "a base camp" if state.camp[here] >= 0 else "a marker"
    where = state.data.hex_name(here)
    return refusal(
        "camp_not_empty",
        "a base camp goes on an empty space; {place} holds {what}",
        RULE_EMPTY,
        place=where,
        what=what,
    )


def establish(state: AfricaState) -> int:
    """A base camp of the player's own on the researcher's space; returns the space."""
    player = state.player
    hex_ = state.loc[player]
    state.camps[player] -= 1
    state.camp[hex_] = player
    board_changed(state)
    return hex_


# --- 4. Perform Research --------------------------------------------------------------------------


def research_points(state: AfricaState, hex_: int) -> int:
    """Africa, Actions - 4. Perform Research: face-up animals, nomads and monuments bordering
    ``hex_`` (gold and jewels do not count)."""
    marker = state.marker
    down = state.down
    category = state.data.category
    return sum(
        1
        for n in state.data.neighbours[hex_]
        if marker[n] >= 0 and not down[n] and category[marker[n]] in (ANIMAL, NOMAD, MONUMENT)
    )


def explain_research(state: AfricaState) -> IllegalAction | None:
    """Africa, Actions - 4.: :func:`explain_camp`."""
    return explain_camp(state, RULE_RESEARCH)


def research(state: AfricaState) -> None:
    """Africa, Actions - 4. Establish a Base Camp and Perform Research: a camp on the
    researcher's empty space scores the face-up animals, nomads and monuments around it."""
    hex_ = establish(state)
    player = state.player
    points = research_points(state, hex_)
    state.track[player] += points
    state.emit(
        "camp", player=player, hex=state.data.hex_name(hex_), purpose="research", points=points
    )
    end_action(state)


CAMP_RESEARCH = Move(
    name="camp research",
    rule=RULE_RESEARCH,
    notation=fixed("camp research"),
    offer=camp_sites,
    explain=explain_research,
    effect=research,
)


# --- 5. Use Natural Resources ---------------------------------------------------------------------


def explain_resources(state: AfricaState) -> IllegalAction | None:
    """Africa, Actions - 5.: :func:`explain_camp`."""
    return explain_camp(state, RULE_RESOURCES)


def resources(state: AfricaState) -> None:
    """Africa, Actions - 5. Establish a Base Camp and Use Natural Resources: a camp on the
    researcher's empty space; the player takes every face-up gold and jewel marker around it."""
    hex_ = establish(state)
    player = state.player
    data = state.data
    marker = state.marker
    hand = state.hand[player]
    taken = []
    for n in data.neighbours[hex_]:
        kind = marker[n]
        if kind >= 0 and not state.down[n] and data.category[kind] in (GOLD, JEWELS):
            marker[n] = -1
            hand[kind] += 1
            taken.append(data.type_names[kind])
    state.emit("camp", player=player, hex=data.hex_name(hex_), purpose="resources", taken=taken)
    end_action(state)


CAMP_RESOURCES = Move(
    name="camp resources",
    rule=RULE_RESOURCES,
    notation=fixed("camp resources"),
    offer=camp_sites,  # listed with research: the same conditions
    explain=explain_resources,
    effect=resources,
)
