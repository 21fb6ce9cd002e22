"""Which actions are legal now, and why any other one is not.

``legal_actions`` is the single source of truth: ``play`` checks against it and bots choose from
it. ``explain`` is only called for an action that is not in it, to tell the player why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.africa import actions as act
from terra.games.africa import rules as r
from terra.games.africa.components import ANIMAL, NOMAD

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState


def legal_actions(state: AfricaState) -> list[int]:
    """Every action the current player may take now."""
    phase = state.phase
    if phase == r.TURN:
        return _turn(state)
    if phase == r.PLACING:
        return _placing(state)
    if phase == r.GOODS_CHOICE:
        return _goods(state)
    if phase == r.START:
        base = state.tables.start_base
        taken = state.loc
        return [base + c for c, hex_ in enumerate(state.data.cities) if hex_ not in taken]
    return []


def _turn(state: AfricaState) -> list[int]:
    player = state.player
    here = state.loc[player]
    down = state.down
    tables = state.tables
    neighbours = state.data.neighbours[here]
    out = [act.PASS]
    if state.camps[player] and state.marker[here] < 0 and state.camp[here] < 0:
        out.append(act.RESEARCH)
        out.append(act.RESOURCES)
    if state.round == 0 and state.steps == 0:
        opened = state._open
        if opened is None:
            base = tables.jump_base
            opened = state._open = [base + h for h, d in enumerate(down) if not d]
        out.extend(opened)
        for h in state.loc:  # every researcher stands on an open space: not a jump target
            out.remove(tables.jump_base + h)
    go = tables.go_base if state.steps < r.STEPS else -1
    uncover = tables.uncover_base
    loc = state.loc
    marker = state.marker
    moves = []
    cache = state._movable
    if cache is None:
        cache = state._movable = {}
    for n in (here, *neighbours):
        if down[n]:
            out.append(uncover + n)
            continue
        if go >= 0 and n != here and n not in loc:
            out.append(go + n)
        if marker[n] >= 0:
            found = cache.get(n)
            if found is None:
                found = movable(state, n)
            if found:
                moves.append(tables.move_base + n)
    out.extend(moves)
    return out


def movable(state: AfricaState, hex_: int) -> bool:
    """Africa, 2. Moving Animals / 3. Moving Nomads: a face-up animal or nomad lies on
    ``hex_`` and some empty space would border more of its kind (or more empty spaces).

    Cached until the board changes (``state._movable`` is reset by the rules that change it)."""
    cache = state._movable
    if cache is None:
        cache = state._movable = {}
    found = cache.get(hex_)
    if found is None:
        kind = state.marker[hex_]
        found = cache[hex_] = (
            kind >= 0
            and not state.down[hex_]
            and state.data.category[kind] in (ANIMAL, NOMAD)
            and bool(destinations(state, hex_, stay=False, first=True))
        )
    return found


def destinations(state: AfricaState, origin: int, stay: bool, first: bool = False) -> list[int]:
    """Where the animal or nomad on ``origin`` may go: every empty space that borders more of
    its kind (animals) or more empty spaces (nomads) than ``origin`` does, and ``origin`` itself
    when ``stay`` (a marker just uncovered may stay). With ``first``, stop at the first one."""
    kind = state.marker[origin]
    data = state.data
    marker = state.marker
    camp = state.camp
    neighbours = data.neighbours
    out = [origin] if stay else []
    if data.category[kind] == NOMAD:

        def value(h: int) -> int:
            return sum(1 for n in neighbours[h] if (marker[n] < 0 or n == origin) and camp[n] < 0)
    else:
        down = state.down

        def value(h: int) -> int:
            return sum(
                1 for n in neighbours[h] if marker[n] == kind and n != origin and not down[n]
            )

    before = value(origin)
    empty = state._empty
    if empty is None:
        empty = state._empty = [h for h in range(data.num_hexes) if marker[h] < 0 and camp[h] < 0]
    for h in empty:
        if value(h) > before:
            out.append(h)
            if first:
                break
    return out


def _placing(state: AfricaState) -> list[int]:
    base = state.tables.place_base
    return [base + h for h in destinations(state, state.pending, stay=not state.moving)]


def exchanges(state: AfricaState) -> list[tuple[int, int]]:
    """Africa, Uncovering Goods: the (seat, good index) pairs the player may take: all goods of
    one other kind from one other player, for as many of the kind just uncovered."""
    data = state.data
    player = state.player
    given = state.pending
    have = state.hand[player][given]
    out = []
    for other in range(state.num_players):
        if other == player:
            continue
        theirs = state.hand[other]
        for index, kind in enumerate(data.goods):
            if kind != given and 0 < theirs[kind] <= have:
                out.append((other, index))
    return out


def _goods(state: AfricaState) -> list[int]:
    base = state.tables.exchange_base
    goods = state.tables.num_goods
    return [act.KEEP] + [base + seat * goods + index for seat, index in exchanges(state)]


# --- explanations -----------------------------------------------------------------------------

_PHASE_DOING = {
    r.START: "first choose a start city for your researcher ('start <city>')",
    r.TURN: "it is your turn: jump, go, an action (uncover, move, camp ...) or pass",
    r.GOODS_CHOICE: "you uncovered a good: 'keep' it or 'exchange <good> with <colour>'",
    r.PLACING: "place the animal or nomad first ('place <hex>')",
}
_PHASE_RULE = {
    r.START: r.RULE_SETUP,
    r.TURN: r.RULE_TURN,
    r.GOODS_CHOICE: r.RULE_GOODS,
    r.PLACING: r.RULE_ANIMALS,
}
_KIND_PHASE = {
    act.PASS: r.TURN,
    act.KEEP: r.GOODS_CHOICE,
    act.RESEARCH: r.TURN,
    act.RESOURCES: r.TURN,
    act.START: r.START,
    act.JUMP: r.TURN,
    act.GO: r.TURN,
    act.UNCOVER: r.TURN,
    act.MOVE: r.TURN,
    act.PLACE: r.PLACING,
    act.EXCHANGE: r.GOODS_CHOICE,
}


def explain(state: AfricaState, action: int) -> IllegalAction:
    """Why ``action`` is not legal now, with the rule that says so."""
    tables = state.tables
    if not 0 <= action < tables.size:
        return IllegalAction(f"there is no action number {action} (0-{tables.size - 1})")
    if state.phase == r.OVER:
        return IllegalAction("the game is over", r.RULE_END)
    kind = tables.kind[action]
    text = tables.text[action]
    if _KIND_PHASE[kind] != state.phase:
        rule = _PHASE_RULE[state.phase]
        if state.phase == r.PLACING and state.moving:
            rule = _move_rule(state, state.pending)
        return IllegalAction(f"cannot {text!r} now: {_PHASE_DOING[state.phase]}", rule)
    arg = tables.arg[action]
    data = state.data
    if kind == act.START:
        return IllegalAction(
            f"another researcher is already in {data.city_names[arg]}", r.RULE_SETUP
        )
    if kind in (act.RESEARCH, act.RESOURCES):
        return _explain_camp(state, kind)
    if kind == act.JUMP:
        return _explain_jump(state, arg)
    if kind == act.GO:
        return _explain_go(state, arg)
    if kind == act.UNCOVER:
        return _explain_uncover(state, arg)
    if kind == act.MOVE:
        return _explain_move(state, arg)
    if kind == act.PLACE:
        return _explain_place(state, arg)
    if kind == act.EXCHANGE:
        return _explain_exchange(state, arg)
    return IllegalAction(f"cannot {text!r} now", _PHASE_RULE[state.phase])


def _where(state: AfricaState) -> str:
    return state.data.hex_name(state.loc[state.player])


def _occupant(state: AfricaState, hex_: int) -> int:
    for p, h in enumerate(state.loc):
        if h == hex_ and p != state.player:
            return p
    return -1


def _explain_camp(state: AfricaState, kind: int) -> IllegalAction:
    rule = r.RULE_RESEARCH if kind == act.RESEARCH else r.RULE_RESOURCES
    here = state.loc[state.player]
    if not state.camps[state.player]:
        return IllegalAction("you have no base camp left to establish", rule)
    what = "a base camp" if state.camp[here] >= 0 else "a marker"
    return IllegalAction(
        f"a base camp goes on an empty space; {_where(state)} holds {what}", r.RULE_EMPTY
    )


def _explain_jump(state: AfricaState, hex_: int) -> IllegalAction:
    name = state.data.hex_name(hex_)
    if state.round or state.steps:
        return IllegalAction(
            "you have already begun a turn of moves and actions (B); moving anywhere (A) is "
            "a whole turn",
            r.RULE_TURN,
        )
    return _blocked(state, hex_, name, r.RULE_ANYWHERE, "your researcher is already there")


def _blocked(state: AfricaState, hex_: int, name: str, rule: str, same: str) -> IllegalAction:
    if hex_ == state.loc[state.player]:
        return IllegalAction(f"{same} ({name})", rule)
    if state.down[hex_]:
        return IllegalAction(f"{name} holds a face-down marker; researchers may not go there", rule)
    other = _occupant(state, hex_)
    return IllegalAction(f"the {r.colour(other)} researcher is on {name}", rule)


def _explain_go(state: AfricaState, hex_: int) -> IllegalAction:
    name = state.data.hex_name(hex_)
    if state.steps >= r.STEPS:
        return IllegalAction(
            f"you have moved {r.STEPS} spaces before this action already", r.RULE_MOVE
        )
    here = state.loc[state.player]
    if hex_ != here and hex_ not in state.data.neighbours[here]:
        return IllegalAction(
            f"{name} does not border {_where(state)}; go one step at a time", r.RULE_MOVE
        )
    return _blocked(state, hex_, name, r.RULE_MOVE, "you are there already")


def _explain_uncover(state: AfricaState, hex_: int) -> IllegalAction:
    name = state.data.hex_name(hex_)
    if not state.down[hex_]:
        return IllegalAction(f"there is no face-down marker on {name}", r.RULE_UNCOVER)
    return IllegalAction(
        f"{name} does not border your researcher's space ({_where(state)})", r.RULE_UNCOVER
    )


def _move_rule(state: AfricaState, hex_: int) -> str:
    kind = state.marker[hex_]
    if kind >= 0 and state.data.category[kind] == NOMAD:
        return r.RULE_MOVE_NOMAD
    return r.RULE_MOVE_ANIMAL


def _explain_move(state: AfricaState, hex_: int) -> IllegalAction:
    data = state.data
    name = data.hex_name(hex_)
    kind = state.marker[hex_]
    rule = _move_rule(state, hex_)
    if kind < 0 or state.down[hex_] or data.category[kind] not in (ANIMAL, NOMAD):
        return IllegalAction(f"there is no face-up animal or nomad on {name}", rule)
    here = state.loc[state.player]
    if hex_ != here and hex_ not in data.neighbours[here]:
        return IllegalAction(
            f"the {data.type_names[kind]} on {name} is neither on nor next to your researcher",
            rule,
        )
    what = "animals of its kind" if data.category[kind] == ANIMAL else "empty spaces"
    return IllegalAction(
        f"no empty space borders more {what} than {name} does; the "
        f"{data.type_names[kind]} has nowhere better to go",
        rule,
    )


def _explain_place(state: AfricaState, hex_: int) -> IllegalAction:
    data = state.data
    origin = state.pending
    kind = state.marker[origin]
    name = data.hex_name(hex_)
    nomad = data.category[kind] == NOMAD
    if state.moving:
        rule = r.RULE_MOVE_NOMAD if nomad else r.RULE_MOVE_ANIMAL
    else:
        rule = r.RULE_NOMADS if nomad else r.RULE_ANIMALS
    if hex_ == origin:
        return IllegalAction(f"a moved {data.type_names[kind]} must leave {name}", rule)
    if not r.is_empty(state, hex_):
        what = "a base camp" if state.camp[hex_] >= 0 else "a marker"
        return IllegalAction(f"{name} is not empty: it holds {what}", r.RULE_EMPTY)
    there = r.herd_value(state, kind, hex_, origin)
    before = r.herd_value(state, kind, origin, origin)
    what = "empty spaces" if nomad else f"{data.type_names[kind]}s"
    return IllegalAction(
        f"{name} borders {there} {what}, {data.hex_name(origin)} {before}; the new space "
        "must border more",
        rule,
    )


def _explain_exchange(state: AfricaState, arg: int) -> IllegalAction:
    data = state.data
    other, index = divmod(arg, state.tables.num_goods)
    kind = data.goods[index]
    given = state.pending
    good = data.type_names[kind]
    if other >= state.num_players:
        return IllegalAction(f"no one plays {act.PLAYER_COLOURS[other]}", r.RULE_GOODS)
    if other == state.player:
        return IllegalAction("you cannot exchange goods with yourself", r.RULE_GOODS)
    if kind == given:
        return IllegalAction(
            f"you uncovered a {good}; exchanging {good}s for {good}s changes nothing",
            r.RULE_GOODS,
        )
    theirs = state.hand[other][kind]
    if not theirs:
        return IllegalAction(f"{r.colour(other)} has no {good}", r.RULE_GOODS)
    return IllegalAction(
        f"taking {r.colour(other)}'s {theirs} {good} needs {theirs} "
        f"{data.type_names[given]} to give; you have {state.hand[state.player][given]}",
        r.RULE_GOODS,
    )
