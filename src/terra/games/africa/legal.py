"""Which actions are legal now, and why any other one is not: the rules stated twice.

``legal_actions`` lists what the current player may do (``play`` checks against it and bots
choose from it); it is written for speed, with caches that live until the board changes.
``explain`` judges one action on its own, from the rule's conditions and the rules' own
counts (``rules.is_empty``, ``rules.herd_value``), and answers ``None`` when it is legal or the
:class:`IllegalAction` saying what is wrong, what the player could do instead and which rule
says so. The two are written independently, rule by rule in the order of the rulebook, and the
contract suite checks at every decision of seeded games that they agree.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.africa import actions as act
from terra.games.africa import rules as r
from terra.games.africa.components import ANIMAL, NOMAD

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

Explainer = Callable[["AfricaState", int], IllegalAction | None]


def legal_actions(state: AfricaState) -> list[int]:
    """Every action the current player may take now."""
    phase = state.phase
    if phase == r.TURN:
        return turn_actions(state)
    if phase == r.PLACING:
        return place_actions(state)
    if phase == r.GOODS_CHOICE:
        return goods_actions(state)
    if phase == r.START:
        return start_actions(state)
    return []


def explain(state: AfricaState, action: int) -> IllegalAction | None:
    """``None`` if ``action`` is legal now; otherwise why not, with the rule that says so."""
    tables = state.tables
    phase = state.phase
    kind = tables.kind[action]
    if _KIND_PHASE[kind] != phase:
        rule = _PHASE_RULE[phase]
        if phase == r.PLACING and state.moving:
            rule = _move_rule(state, state.pending)
        return IllegalAction(f"cannot {tables.text[action]!r} now: {_PHASE_DOING[phase]}", rule)
    return _EXPLAIN[kind](state, tables.arg[action])


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


def _where(state: AfricaState) -> str:
    return state.data.hex_name(state.loc[state.player])


def _occupant(state: AfricaState, hex_: int) -> int:
    """The other seat whose researcher stands on ``hex_``, or -1."""
    for p, h in enumerate(state.loc):
        if h == hex_ and p != state.player:
            return p
    return -1


# --- Game Setup: start cities -----------------------------------------------------------------


def start_actions(state: AfricaState) -> list[int]:
    """Africa, Game Setup: a start city that has no researcher yet."""
    base = state.tables.start_base
    taken = state.loc
    return [base + c for c, hex_ in enumerate(state.data.cities) if hex_ not in taken]


def explain_start(state: AfricaState, city: int) -> IllegalAction | None:
    """Africa, Game Setup: each player picks a start city without another player's
    researcher."""
    data = state.data
    other = _occupant(state, data.cities[city])
    if other < 0:
        return None
    free = [name for c, name in enumerate(data.city_names) if data.cities[c] not in state.loc]
    return IllegalAction(
        f"the {r.colour(other)} researcher is already in {data.city_names[city]}; "
        f"free start cities: {', '.join(free)}",
        r.RULE_SETUP,
    )


# --- Game Play: A. move anywhere, or B. twice move and act ------------------------------------


def turn_actions(state: AfricaState) -> list[int]:
    """Africa, Game Play: at the start of a turn a jump anywhere (A); before each action (B) up
    to two steps; the actions 1-5 around the researcher; or no action."""
    player = state.player
    here = state.loc[player]
    down = state.down
    tables = state.tables
    out = [act.PASS]
    if state.camps[player] and state.marker[here] < 0 and state.camp[here] < 0:
        out.append(act.RESEARCH)
        out.append(act.RESOURCES)
    if state.round == 0 and state.steps == 0:
        opened = state._open
        if opened is None:
            base = tables.jump_base
            opened = state._open = [base + h for h, d in enumerate(down) if not d]
        # every researcher stands on an open space, which is no jump target: cut them out,
        # the last first so that the places of the others stay put
        first = len(out)
        out += opened
        base = tables.jump_base
        for h in sorted(state.loc, reverse=True):
            del out[first + bisect_left(opened, base + h)]
    go = tables.go_base if state.steps < r.STEPS else -1
    uncover = tables.uncover_base
    move = tables.move_base
    loc = state.loc
    marker = state.marker
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
                found = cache[n] = _may_move(state, n)
            if found:
                moves.append(move + n)
    out += moves
    return out


def explain_pass(_state: AfricaState, _arg: int) -> IllegalAction | None:
    """Africa, General Rules - The Sequence of Actions: a player can also perform no action."""
    return None


def _blocked(state: AfricaState, hex_: int, rule: str, same: str) -> IllegalAction | None:
    """Africa, A. and B.: never onto a face-down marker or another researcher; ``same`` says
    why the researcher's own space is no move either."""
    name = state.data.hex_name(hex_)
    if hex_ == state.loc[state.player]:
        return IllegalAction(f"{same} ({name})", rule)
    if state.down[hex_]:
        return IllegalAction(f"{name} holds a face-down marker; researchers may not go there", rule)
    other = _occupant(state, hex_)
    if other >= 0:
        return IllegalAction(f"the {r.colour(other)} researcher is on {name}", rule)
    return None


def explain_jump(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, A. Move a Researcher Anywhere: the whole turn, to any other space without a
    face-down marker or another researcher (docs/rules-decisions.md)."""
    if state.round or state.steps:
        return IllegalAction(
            "you have already begun a turn of moves and actions (B); moving anywhere (A) is "
            "a whole turn",
            r.RULE_TURN,
        )
    return _blocked(state, hex_, r.RULE_ANYWHERE, "your researcher is already there")


def explain_go(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, B. Researchers move: up to two steps before each action, each to a neighbouring
    space without a face-down marker or another researcher."""
    if state.steps >= r.STEPS:
        return IllegalAction(
            f"you have moved {r.STEPS} spaces before this action already", r.RULE_MOVE
        )
    here = state.loc[state.player]
    if hex_ != here and hex_ not in state.data.neighbours[here]:
        return IllegalAction(
            f"{state.data.hex_name(hex_)} does not border {_where(state)}; go one step at a time",
            r.RULE_MOVE,
        )
    return _blocked(state, hex_, r.RULE_MOVE, "you are there already")


# --- Actions - 1. Uncover a marker ------------------------------------------------------------


def explain_uncover(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Actions - 1. Uncover a marker: a face-down marker on a space next to one's own
    researcher."""
    name = state.data.hex_name(hex_)
    if not state.down[hex_]:
        return IllegalAction(f"there is no face-down marker on {name}", r.RULE_UNCOVER)
    if hex_ not in state.data.neighbours[state.loc[state.player]]:
        return IllegalAction(
            f"{name} does not border your researcher's space ({_where(state)})", r.RULE_UNCOVER
        )
    return None


def goods_actions(state: AfricaState) -> list[int]:
    """Africa, Uncovering Goods: keep the good, or one of the exchanges."""
    base = state.tables.exchange_base
    goods = state.tables.num_goods
    return [act.KEEP] + [base + seat * goods + index for seat, index in exchanges(state)]


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


def explain_keep(_state: AfricaState, _arg: int) -> IllegalAction | None:
    """Africa, Uncovering Goods: the player may always keep the good."""
    return None


def explain_exchange(state: AfricaState, arg: int) -> IllegalAction | None:
    """Africa, Uncovering Goods: all goods of one other kind from one other player, who holds
    some, for as many goods of the kind just uncovered (docs/rules-decisions.md)."""
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
    have = state.hand[state.player][given]
    if theirs > have:
        return IllegalAction(
            f"taking {r.colour(other)}'s {theirs} {good} needs {theirs} "
            f"{data.type_names[given]} to give; you have {have}",
            r.RULE_GOODS,
        )
    return None


# --- Uncovering Animals and Nomads, 2. Moving Animals, 3. Moving Nomads -----------------------


def movable(state: AfricaState, hex_: int) -> bool:
    """Africa, 2. Moving Animals / 3. Moving Nomads: a face-up animal or nomad lies on
    ``hex_`` and some empty space would border more of its kind (or more empty spaces).

    Cached until the board changes (``state._movable`` is reset by the rules that change it)."""
    cache = state._movable
    if cache is None:
        cache = state._movable = {}
    found = cache.get(hex_)
    if found is None:
        found = cache[hex_] = _may_move(state, hex_)
    return found


def _may_move(state: AfricaState, hex_: int) -> bool:
    """:func:`movable`, computed afresh."""
    kind = state.marker[hex_]
    if kind < 0 or state.down[hex_]:
        return False
    category = state.data.category[kind]
    if category == NOMAD:
        return _nomad_may_move(state, hex_)
    if category == ANIMAL:
        return _animal_may_move(state, hex_, kind)
    return False


def _nomad_may_move(state: AfricaState, origin: int) -> bool:
    """Some empty space borders more empty spaces than ``origin`` (which counts as empty for
    its neighbours, as the nomad leaves it): decided from the most any empty space borders."""
    _, around, most = _empty_spaces(state)
    before = around[origin]
    if most != before:
        return most > before
    marker = state.marker
    camp = state.camp
    for h in state.data.neighbours[origin]:
        if around[h] == before and marker[h] < 0 and camp[h] < 0:
            return True
    return False


def _animal_may_move(state: AfricaState, origin: int, kind: int) -> bool:
    """Some empty space borders more animals of ``kind`` than ``origin`` does, not counting
    the one that moves: decided from the most any empty space borders."""
    kin, most = _kin(state, kind)
    before = _kin_around(state, origin, kind)
    if most - 1 > before:
        return True
    if most <= before:
        return False
    beside = state.data.neighbours[origin]
    for h, count in kin.items():  # noqa: SIM110 - a plain loop: no generator on this hot path
        if count == most and h not in beside:
            return True
    return False


def destinations(state: AfricaState, origin: int, stay: bool) -> list[int]:
    """Where the animal or nomad on ``origin`` may go: every empty space that borders more of
    its kind (animals) or more empty spaces (nomads) than ``origin`` does, in the order of the
    hexes, and ``origin`` itself first when ``stay`` (a marker just uncovered may stay)."""
    kind = state.marker[origin]
    beside = state.data.neighbours[origin]
    out = [origin] if stay else []
    if state.data.category[kind] == NOMAD:
        # The nomad's own space counts as empty for the spaces around it, as it leaves.
        empty, around, _ = _empty_spaces(state)
        before = around[origin]
        out += [h for h in empty if around[h] + (h in beside) > before]
    else:
        # The animal that moves does not count for the spaces around its own.
        kin, _ = _kin(state, kind)
        before = _kin_around(state, origin, kind)
        out += sorted(h for h, count in kin.items() if count - (h in beside) > before)
    return out


def _empty_spaces(state: AfricaState) -> tuple[list[int], list[int], int]:
    """Africa, General Rules - Empty and Occupied Spaces: the empty spaces, how many empty
    spaces border each space, and the most that any empty space borders (cached until the
    board changes)."""
    empty = state._empty
    found = state._around
    if empty is None or found is None:
        marker = state.marker
        camp = state.camp
        empty = state._empty = [h for h, m in enumerate(marker) if m < 0 and camp[h] < 0]
        around = [0] * len(marker)
        neighbours = state.data.neighbours
        for h in empty:
            for n in neighbours[h]:
                around[n] += 1
        found = state._around = (around, max((around[h] for h in empty), default=-1))
    return empty, found[0], found[1]


def _kin(state: AfricaState, kind: int) -> tuple[dict[int, int], int]:
    """For animals of ``kind``: each empty space next to a face-up one, with how many it
    borders, and the most any empty space borders (cached until the board changes)."""
    herds = state._herds
    if herds is None:
        herds = state._herds = {}
    found = herds.get(kind)
    if found is None:
        marker = state.marker
        down = state.down
        camp = state.camp
        neighbours = state.data.neighbours
        kin: dict[int, int] = {}
        at = -1
        for _ in range(marker.count(kind)):  # the list's own search, in C
            at = marker.index(kind, at + 1)
            if down[at]:
                continue
            for h in neighbours[at]:
                if marker[h] < 0 and camp[h] < 0:
                    kin[h] = kin.get(h, 0) + 1
        found = herds[kind] = (kin, max(kin.values(), default=0))
    return found


def _kin_around(state: AfricaState, hex_: int, kind: int) -> int:
    """Face-up animals of ``kind`` bordering ``hex_``."""
    marker = state.marker
    down = state.down
    count = 0
    for n in state.data.neighbours[hex_]:
        if marker[n] == kind and not down[n]:
            count += 1
    return count


def place_actions(state: AfricaState) -> list[int]:
    """Africa, Uncovering Animals / Nomads, 2. and 3.: where the marker may be put down."""
    base = state.tables.place_base
    return [base + h for h in destinations(state, state.pending, stay=not state.moving)]


def _move_rule(state: AfricaState, hex_: int) -> str:
    """The section that a move of the marker on ``hex_`` falls under: nomads' where a face-up
    nomad lies there, animals' otherwise. A face-down marker is read as nothing at all, so a
    refusal tells no seat what lies under it."""
    kind = state.marker[hex_]
    if kind >= 0 and not state.down[hex_] and state.data.category[kind] == NOMAD:
        return r.RULE_MOVE_NOMAD
    return r.RULE_MOVE_ANIMAL


def _improves(state: AfricaState, origin: int, hex_: int) -> bool:
    """Africa, Uncovering Animals / Nomads, 2. and 3.: ``hex_`` is an empty space bordering more
    of the kind of the marker on ``origin`` (more empty spaces for a nomad) than ``origin``."""
    kind = state.marker[origin]
    return r.is_empty(state, hex_) and r.herd_value(state, kind, hex_, origin) > r.herd_value(
        state, kind, origin, origin
    )


def explain_move(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: a face-up animal or nomad on or
    next to one's own researcher, with an empty space somewhere that borders more of its kind
    (more empty spaces for a nomad)."""
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
    if any(_improves(state, hex_, h) for h in range(data.num_hexes)):
        return None
    what = "animals of its kind" if data.category[kind] == ANIMAL else "empty spaces"
    return IllegalAction(
        f"no empty space borders more {what} than {name} does; the "
        f"{data.type_names[kind]} has nowhere better to go",
        rule,
    )


def explain_place(state: AfricaState, hex_: int) -> IllegalAction | None:
    """Africa, Uncovering Animals / Nomads: leave the marker, or put it on an empty space that
    borders more of its kind (more empty spaces for a nomad); 2. and 3.: a moved one must go to
    such a space (docs/rules-decisions.md)."""
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
        if not state.moving:
            return None
        return IllegalAction(f"a moved {data.type_names[kind]} must leave {name}", rule)
    if not r.is_empty(state, hex_):
        what = "a base camp" if state.camp[hex_] >= 0 else "a marker"
        return IllegalAction(f"{name} is not empty: it holds {what}", r.RULE_EMPTY)
    if _improves(state, origin, hex_):
        return None
    there = r.herd_value(state, kind, hex_, origin)
    before = r.herd_value(state, kind, origin, origin)
    what = "empty spaces" if nomad else f"{data.type_names[kind]}s"
    return IllegalAction(
        f"{name} borders {there} {what}, {data.hex_name(origin)} {before}; the new space "
        "must border more",
        rule,
    )


# --- Actions - 4. and 5. Establish a Base Camp ------------------------------------------------


def explain_camp(state: AfricaState, kind: int) -> IllegalAction | None:
    """Africa, Actions - 4. and 5.: one of the player's own base camps, on the researcher's
    space if it is empty (General Rules - Empty and Occupied Spaces)."""
    rule = r.RULE_RESEARCH if kind == act.RESEARCH else r.RULE_RESOURCES
    here = state.loc[state.player]
    if not state.camps[state.player]:
        return IllegalAction("you have no base camp left to establish", rule)
    if r.is_empty(state, here):
        return None
    what = "a base camp" if state.camp[here] >= 0 else "a marker"
    return IllegalAction(
        f"a base camp goes on an empty space; {_where(state)} holds {what}", r.RULE_EMPTY
    )


def _explain_research(state: AfricaState, _arg: int) -> IllegalAction | None:
    return explain_camp(state, act.RESEARCH)


def _explain_resources(state: AfricaState, _arg: int) -> IllegalAction | None:
    return explain_camp(state, act.RESOURCES)


_EXPLAIN: dict[int, Explainer] = {
    act.PASS: explain_pass,
    act.KEEP: explain_keep,
    act.RESEARCH: _explain_research,
    act.RESOURCES: _explain_resources,
    act.START: explain_start,
    act.JUMP: explain_jump,
    act.GO: explain_go,
    act.UNCOVER: explain_uncover,
    act.MOVE: explain_move,
    act.PLACE: explain_place,
    act.EXCHANGE: explain_exchange,
}
