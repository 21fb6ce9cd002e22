"""Africa's rules, one function per rule, named and ordered as in the rulebook.

Every function here trusts that the action is legal (``legal_actions`` decides that, and
``explain`` says why something is not); they only carry the rule out. Sections cited are those
of the English rulebook (translated by Craig S. Berg, Sr.).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from terra.games.africa import actions as act
from terra.games.africa import scoring
from terra.games.africa.components import ANIMAL, GOLD, GOODS, JEWELS, MONUMENT, NOMAD

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

# Phases.
START, TURN, GOODS_CHOICE, PLACING, OVER = range(5)
PHASE_NAMES = ("start", "turn", "goods", "place", "over")

STEPS = 2  # B. Researchers move: up to two spaces before each action
ROUNDS = 2  # Game Play: B. twice (move, then act)
SIMPLE_ROUNDS = 1  # Simple Game Variant: one move and one action
CAMPS_EACH = 2  # Game Setup: each player receives two base camps
SUPPLY = 10  # Game Setup: 10 base camps in the supply
SUPPLY_TWO = 8  # Special Variant for 2 Players
LAST_MONUMENT_TWO = 9  # Special Variant for 2 Players: the game ends at the ninth

RULE_SETUP = "Africa, Game Setup"
RULE_TURN = "Africa, Game Play"
RULE_ANYWHERE = "Africa, A. Move a Researcher Anywhere"
RULE_MOVE = "Africa, B. Researchers move"
RULE_UNCOVER = "Africa, Actions - 1. Uncover a marker"
RULE_TREASURE = "Africa, Actions - Uncovering Gold and Jewels"
RULE_GOODS = "Africa, Actions - Uncovering Goods"
RULE_ANIMALS = "Africa, Actions - Uncovering Animals"
RULE_NOMADS = "Africa, Actions - Uncovering Nomads"
RULE_MONUMENTS = "Africa, Actions - Uncovering Monuments"
RULE_MOVE_ANIMAL = "Africa, Actions - 2. Moving Animals"
RULE_MOVE_NOMAD = "Africa, Actions - 3. Moving Nomads"
RULE_RESEARCH = "Africa, Actions - 4. Establish a Base Camp and Perform Research"
RULE_RESOURCES = "Africa, Actions - 5. Establish a Base Camp and Use Natural Resources"
RULE_EMPTY = "Africa, General Rules - Empty and Occupied Spaces"
RULE_SEQUENCE = "Africa, General Rules - The Sequence of Actions"
RULE_END = "Africa, Game End and Scoring"
RULE_TWO = "Africa, Special Variant for 2 Players"
RULE_SIMPLE = "Africa, Simple Game Variant"


def board_changed(state: AfricaState) -> None:
    """Forget what was cached about the board: a marker or a camp came or went."""
    state._movable = None
    state._empty = None
    state._around = None
    state._herds = None


def colour(seat: int) -> str:
    return act.PLAYER_COLOURS[seat]


def set_up(state: AfricaState) -> None:
    """Africa, Game Setup: markers shuffled face down, one on every hex but the start cities;
    the supply of base camps (8 with the 2-player variant); two camps and 0 points each."""
    data = state.data
    players = state.num_players
    pool = [t for t in range(data.num_types) for _ in range(data.count[t])]
    state.rng.shuffle(pool)
    state.marker = [-1] * data.num_hexes
    state.down = [0] * data.num_hexes
    taken = 0
    for hex_ in range(data.num_hexes):
        if data.city_of[hex_] < 0:
            state.marker[hex_] = pool[taken]
            state.down[hex_] = 1
            taken += 1
    state.camp = [-1] * data.num_hexes
    two = players == 2 and bool(state.options.get("two_player", True))
    state.supply = SUPPLY_TWO if two else SUPPLY
    state.last_monument = LAST_MONUMENT_TWO if two else data.monuments
    state.rounds = SIMPLE_ROUNDS if state.options.get("simple") else ROUNDS
    state.camps = [CAMPS_EACH] * players
    state.loc = [-1] * players
    state.hand = [[0] * data.num_types for _ in range(players)]
    state.track = [0] * players
    state.bonus = -1
    state.found = 0
    state.phase = START
    state.player = 0
    state.turn = 0
    state.round = 0
    state.steps = 0
    state.pending = -1
    state.moving = 0


# --- Game Setup: start cities -------------------------------------------------------------


def choose_start(state: AfricaState, city: int) -> None:
    """Africa, Game Setup: in turn order each player puts a researcher in a start city that
    has no researcher yet; then the start player begins."""
    player = state.player
    state.loc[player] = state.data.cities[city]
    state.emit("start", player=player, city=state.data.city_names[city])
    if player + 1 < state.num_players:
        state.player = player + 1
    else:
        state.player = 0
        state.phase = TURN


# --- A. and B.: moving the researcher ----------------------------------------------------------


def jump(state: AfricaState, hex_: int) -> None:
    """Africa, A. Move a Researcher Anywhere: to any space without a face-down marker or
    another researcher; that is the whole turn."""
    player = state.player
    origin = state.loc[player]
    state.loc[player] = hex_
    names = state.data.hex_names
    state.emit("jump", player=player, origin=names[origin], destination=names[hex_])
    end_turn(state)


def step(state: AfricaState, hex_: int) -> None:
    """Africa, B. Researchers move: one step to a neighbouring space (two before each action),
    never onto a face-down marker or another researcher."""
    player = state.player
    origin = state.loc[player]
    state.loc[player] = hex_
    state.steps += 1
    names = state.data.hex_names
    state.emit("go", player=player, origin=names[origin], destination=names[hex_])


def pass_action(state: AfricaState, _arg: int) -> None:
    """Africa, General Rules - The Sequence of Actions: a player may perform no action."""
    state.emit("pass", player=state.player)
    end_action(state)


def end_action(state: AfricaState) -> None:
    """Africa, Game Play: B. is done twice (once in the Simple Game Variant); then the turn
    passes clockwise."""
    state.phase = TURN
    state.pending = -1
    state.moving = 0
    state.round += 1
    state.steps = 0
    if state.round >= state.rounds:
        end_turn(state)


def end_turn(state: AfricaState) -> None:
    """Africa, Game Play: play proceeds clockwise."""
    state.turn += 1
    state.round = 0
    state.steps = 0
    state.phase = TURN
    state.player = (state.player + 1) % state.num_players


def _open_up(state: AfricaState, hex_: int) -> None:
    """A marker turned face up: its space joins the cached jump targets (``legal``), in order.
    A new list, for clones share the old one."""
    opened = state._open
    if opened is not None:
        opened = opened.copy()
        insort(opened, state.tables.jump_base + hex_)
        state._open = opened


# --- 1. Uncover a marker ---------------------------------------------------------------------


def uncover(state: AfricaState, hex_: int) -> None:
    """Africa, Actions - 1. Uncover a marker: turn over the marker of a neighbouring space;
    its kind decides what happens."""
    data = state.data
    player = state.player
    kind = state.marker[hex_]
    state.down[hex_] = 0
    board_changed(state)
    _open_up(state, hex_)
    category = data.category[kind]
    name = data.hex_name(hex_)
    if category in (GOLD, JEWELS):
        points = data.value[kind]
        state.track[player] += points
        state.emit("uncover", player=player, hex=name, marker=data.type_names[kind], points=points)
        end_action(state)
    elif category == GOODS:
        uncover_goods(state, hex_, kind)
    elif category == MONUMENT:
        uncover_monument(state, hex_, kind)
    else:
        state.emit("uncover", player=player, hex=name, marker=data.type_names[kind])
        state.phase = PLACING
        state.pending = hex_
        state.moving = 0


def uncover_goods(state: AfricaState, hex_: int, kind: int) -> None:
    """Africa, Actions - Uncovering Goods: the player takes the marker off the board (the space
    becomes empty), then keeps it or exchanges."""
    player = state.player
    state.marker[hex_] = -1
    state.hand[player][kind] += 1
    data = state.data
    state.emit("uncover", player=player, hex=data.hex_name(hex_), marker=data.type_names[kind])
    state.phase = GOODS_CHOICE
    state.pending = kind


def keep(state: AfricaState, _arg: int) -> None:
    """Africa, Actions - Uncovering Goods: the player keeps the good face up."""
    state.emit("keep", player=state.player, good=state.data.type_names[state.pending])
    end_action(state)


def exchange(state: AfricaState, arg: int) -> None:
    """Africa, Actions - Uncovering Goods: take all of one kind of goods from another player,
    who cannot refuse, and give as many goods of the kind just uncovered."""
    goods = state.tables.num_goods
    other, index = divmod(arg, goods)
    data = state.data
    took = data.goods[index]
    gave = state.pending
    player = state.player
    count = state.hand[other][took]
    mine = state.hand[player]
    theirs = state.hand[other]
    theirs[took] = 0
    mine[took] += count
    mine[gave] -= count
    theirs[gave] += count
    state.emit(
        "exchange",
        player=player,
        other=other,
        count=count,
        gave=data.type_names[gave],
        took=data.type_names[took],
    )
    end_action(state)


def animal_count(state: AfricaState, kind: int, hex_: int, origin: int) -> int:
    """Face-up animals of ``kind`` bordering ``hex_``, not counting the one on ``origin``
    (the marker being placed)."""
    marker = state.marker
    down = state.down
    return sum(
        1 for n in state.data.neighbours[hex_] if marker[n] == kind and not down[n] and n != origin
    )


def empty_count(state: AfricaState, hex_: int, origin: int) -> int:
    """Africa, General Rules - Empty and Occupied Spaces: empty spaces bordering ``hex_``. A
    space is empty without a marker or a base camp (a researcher does not count); ``origin``
    counts as empty, as the nomad being placed leaves it."""
    marker = state.marker
    camp = state.camp
    return sum(
        1 for n in state.data.neighbours[hex_] if (marker[n] < 0 or n == origin) and camp[n] < 0
    )


def is_empty(state: AfricaState, hex_: int) -> bool:
    """Africa, General Rules - Empty and Occupied Spaces: no marker and no base camp."""
    return state.marker[hex_] < 0 and state.camp[hex_] < 0


def herd_value(state: AfricaState, kind: int, hex_: int, origin: int) -> int:
    """What the animal or nomad of ``kind`` lying on ``origin`` finds on ``hex_``: same-kind
    animals (Africa, Uncovering Animals) or empty spaces (Uncovering Nomads) bordering it."""
    if state.data.category[kind] == NOMAD:
        return empty_count(state, hex_, origin)
    return animal_count(state, kind, hex_, origin)


def place(state: AfricaState, hex_: int) -> None:
    """Africa, Uncovering Animals / Uncovering Nomads / 2. Moving Animals / 3. Moving Nomads.

    An uncovered animal scores 1 plus the same animals bordering its final space, an
    uncovered nomad the empty spaces bordering it; a face-up one that is moved scores the
    improvement only."""
    origin = state.pending
    kind = state.marker[origin]
    data = state.data
    after = herd_value(state, kind, hex_, origin)
    if state.moving:
        points = after - herd_value(state, kind, origin, origin)
    else:
        points = after + (1 if data.category[kind] == ANIMAL else 0)
    if hex_ != origin:
        state.marker[origin] = -1
        state.marker[hex_] = kind
        board_changed(state)
    player = state.player
    state.track[player] += points
    state.emit(
        "place",
        player=player,
        marker=data.type_names[kind],
        origin=data.hex_name(origin),
        destination=data.hex_name(hex_),
        points=points,
        moved=bool(state.moving),
    )
    end_action(state)


def uncover_monument(state: AfricaState, hex_: int, kind: int) -> None:
    """Africa, Actions - Uncovering Monuments: the marker stays; the player takes a base camp
    from the supply (none if it is empty). Game End: the last monument ends the game."""
    player = state.player
    camp = state.supply > 0
    if camp:
        state.supply -= 1
        state.camps[player] += 1
    state.found += 1
    data = state.data
    state.emit(
        "uncover",
        player=player,
        hex=data.hex_name(hex_),
        marker=data.type_names[kind],
        camp=camp,
        found=state.found,
        last=state.last_monument,
    )
    if state.found >= state.last_monument:
        end_game(state)
    else:
        end_action(state)


# --- 2. and 3. Moving animals and nomads -------------------------------------------------------


def lift(state: AfricaState, hex_: int) -> None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: pick the face-up animal or nomad
    on or next to the researcher; ``place`` puts it down."""
    state.phase = PLACING
    state.pending = hex_
    state.moving = 1
    data = state.data
    state.emit(
        "lift",
        player=state.player,
        hex=data.hex_name(hex_),
        marker=data.type_names[state.marker[hex_]],
    )


# --- 4. and 5. Base camps --------------------------------------------------------------------


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


def research(state: AfricaState, _arg: int) -> None:
    """Africa, Actions - 4. Establish a Base Camp and Perform Research: a camp on the
    researcher's empty space scores the face-up animals, nomads and monuments around it."""
    player = state.player
    hex_ = state.loc[player]
    state.camps[player] -= 1
    state.camp[hex_] = player
    board_changed(state)
    points = research_points(state, hex_)
    state.track[player] += points
    state.emit(
        "camp", player=player, hex=state.data.hex_name(hex_), purpose="research", points=points
    )
    end_action(state)


def resources(state: AfricaState, _arg: int) -> None:
    """Africa, Actions - 5. Establish a Base Camp and Use Natural Resources: a camp on the
    researcher's empty space; the player takes every face-up gold and jewel marker around it."""
    player = state.player
    hex_ = state.loc[player]
    state.camps[player] -= 1
    state.camp[hex_] = player
    board_changed(state)
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


# --- Game End and Scoring ------------------------------------------------------------------------


def end_game(state: AfricaState) -> None:
    """Africa, Game End and Scoring: the game ends at once when the last monument is uncovered;
    its finder gets the +3 bonus. Goods, gold and jewels are scored (scoring.py)."""
    state.bonus = state.player
    state.phase = OVER
    state.pending = -1
    totals = scoring.final_scores(state)
    state.emit("game_end", player=state.player, bonus=scoring.BONUS, scores=totals)


# The rule of each kind of action (terra.games.africa.actions).
APPLY = {
    act.PASS: pass_action,
    act.KEEP: keep,
    act.RESEARCH: research,
    act.RESOURCES: resources,
    act.START: choose_start,
    act.JUMP: jump,
    act.GO: step,
    act.UNCOVER: uncover,
    act.MOVE: lift,
    act.PLACE: place,
    act.EXCHANGE: exchange,
}
