"""Africa, A. Move a Researcher Anywhere; Africa, B. Researchers move.

A turn begins with the choice: one jump anywhere (A), which is the whole turn; or before each
of the two actions (B) up to two steps, each to a neighbouring space. Never onto a face-down
marker or another researcher.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.africa.actions import colour, every_hex, on_hex
from terra.games.africa.game_play import end_turn
from terra.games.africa.herds import may_move, movable
from terra.games.africa.rulebook import RULE_ANYWHERE, RULE_MOVE, RULE_TURN
from terra.games.africa.spaces import occupant

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

STEPS = 2  # B. Researchers move: up to two spaces before each action


def blocked(state: AfricaState, hex_: int, rule: str) -> IllegalAction | None:
    """Africa, A. and B.: never onto a face-down marker or another researcher."""
    name = state.data.hex_name(hex_)
    if state.down[hex_]:
        return refusal(
            "face_down_in_the_way",
            "{place} holds a face-down marker; researchers may not go there",
            rule,
            place=name,
        )
    other = occupant(state, hex_)
    if other >= 0:
        return refusal(
            "researcher_in_the_way",
            "the {colour} researcher is on {place}",
            rule,
            colour=colour(other),
            place=name,
        )
    return None


# --- A. Move a Researcher Anywhere --------------------------------------------------------------


def jumps(state: AfricaState, out: list[int]) -> None:
    """Africa, A. Move a Researcher Anywhere: at the start of a turn, every space without a
    face-down marker or a researcher."""
    if state.round or state.steps:
        return
    opened = state._open
    base = state.tables.jump_base
    if opened is None:
        opened = state._open = [base + h for h, d in enumerate(state.down) if not d]
    # every researcher stands on an open space, which is no jump target: cut them out, the
    # last first so that the places of the others stay put
    first = len(out)
    out += opened
    for h in sorted(state.loc, reverse=True):
        del out[first + bisect_left(opened, base + h)]


def open_up(state: AfricaState, hex_: int) -> None:
    """A marker turned face up: its space joins the cached jump targets, in order. A new list,
    for clones share the old one."""
    opened = state._open
    if opened is not None:
        opened = opened.copy()
        insort(opened, state.tables.jump_base + hex_)
        state._open = opened


def explain_jump(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, A. Move a Researcher Anywhere: the whole turn, to any other space without a
    face-down marker or another researcher (docs/rules-decisions.md)."""
    if state.round or state.steps:
        return refusal(
            "turn_begun",
            "you have already begun a turn of moves and actions (B); moving anywhere (A) is "
            "a whole turn",
            RULE_TURN,
        )
    if hex_ == state.loc[state.player]:
        return refusal(
            "jump_in_place",
            "your researcher is already there ({place})",
            RULE_ANYWHERE,
            place=state.data.hex_name(hex_),
        )
    return blocked(state, hex_, RULE_ANYWHERE)


def jump(state: AfricaState, hex_: int) -> None:
    """Africa, A. Move a Researcher Anywhere: to any space without a face-down marker or
    another researcher; that is the whole turn."""
    player = state.player
    origin = state.loc[player]
    state.loc[player] = hex_
    names = state.data.hex_names
    state.emit("jump", player=player, origin=names[origin], destination=names[hex_])
    end_turn(state)


JUMP = Move(
    name="jump",
    rule=RULE_ANYWHERE,
    notation=every_hex("jump"),
    offer=jumps,
    explain=explain_jump,
    effect=jump,
    place=on_hex,
)


# --- B. Researchers move ----------------------------------------------------------------------


def around(state: AfricaState, out: list[int]) -> None:
    """Africa, B. Move a Researcher and Execute Actions: what the researcher may do around
    itself, space by space in the order of the board: a step onto each open space without a
    researcher (two before each action), uncovering each face-down marker (1.); then lifting
    each face-up animal or nomad on or next to it that has somewhere better to go (2. and 3.),
    its own space first. The ``go``, ``uncover`` and ``move`` moves, listed together."""
    here = state.loc[state.player]
    down = state.down
    loc = state.loc
    marker = state.marker
    tables = state.tables
    go = tables.go_base if state.steps < STEPS else -1
    uncover = tables.uncover_base
    move = tables.move_base
    # The researcher's own space holds no face-down marker and is no step: only the animal
    # or nomad on it may be moved. Then the spaces around, with movable's cache read here.
    moves = [move + here] if marker[here] >= 0 and movable(state, here) else []
    cache = state._movable
    if cache is None:
        cache = state._movable = {}
    for n in state.data.neighbours[here]:
        if down[n]:
            out.append(uncover + n)
            continue
        if go >= 0 and n not in loc:
            out.append(go + n)
        if marker[n] >= 0:
            found = cache.get(n)
            if found is None:
                found = cache[n] = may_move(state, n)
            if found:
                moves.append(move + n)
    out += moves


def explain_go(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, B. Researchers move: up to two steps before each action, each to a neighbouring
    space without a face-down marker or another researcher."""
    if state.steps >= STEPS:
        return refusal(
            "steps_used",
            "you have moved {steps} spaces before this action already",
            RULE_MOVE,
            steps=STEPS,
        )
    here = state.loc[state.player]
    name = state.data.hex_name(hex_)
    if hex_ == here:
        return refusal("step_in_place", "you are there already ({place})", RULE_MOVE, place=name)
    if hex_ not in state.data.neighbours[here]:
        return refusal(
            "step_too_far",
            "{place} does not border {here}; go one step at a time",
            RULE_MOVE,
            place=name,
            here=state.data.hex_name(here),
        )
    return blocked(state, hex_, RULE_MOVE)


def step(state: AfricaState, hex_: int) -> None:
    """Africa, B. Researchers move: one step to a neighbouring space (two before each action),
    never onto a face-down marker or another researcher."""
    player = state.player
    origin = state.loc[player]
    state.loc[player] = hex_
    state.steps += 1
    names = state.data.hex_names
    state.emit("go", player=player, origin=names[origin], destination=names[hex_])


GO = Move(
    name="go",
    rule=RULE_MOVE,
    notation=every_hex("go"),
    offer=around,  # listed with the uncoverings and the animals to move around the researcher
    explain=explain_go,
    effect=step,
    place=on_hex,
)
