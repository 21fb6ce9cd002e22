"""Africa, Game Setup; Africa, Special Variant for 2 Players; Africa, Simple Game Variant.

The markers shuffled face down, the supply of base camps and each player's two, and the start
cities; the two variants change the supply, the monument that ends the game and the actions per
turn, as the options choose them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, Writer
from terra.games.africa.actions import colour
from terra.games.africa.components import Components
from terra.games.africa.game_play import ROUNDS, SIMPLE_ROUNDS
from terra.games.africa.rulebook import RULE_SETUP, Phase
from terra.games.africa.spaces import board_changed, occupant

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

CAMPS_EACH = 2  # Game Setup: each player receives two base camps
SUPPLY = 10  # Game Setup: 10 base camps in the supply
SUPPLY_TWO = 8  # Special Variant for 2 Players
LAST_MONUMENT_TWO = 9  # Special Variant for 2 Players: the game ends at the ninth


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
    state.phase = Phase.START
    state.player = 0
    state.turn = 0
    state.round = 0
    state.steps = 0
    state.pending = -1
    state.moving = 0
    board_changed(state)
    state._open = None


# --- The start cities -------------------------------------------------------------------------


def write_start(data: Components, out: Writer) -> None:
    """``start Cairo``: a start city by name (or by its hex id), the city its argument."""
    for city, name in enumerate(data.city_names):
        action = out.add(f"start {name}", city)
        out.alias(f"start {data.hex_ids[data.cities[city]]}", action)


def start_city_hex(data: Components, city: int) -> str:
    """The place of ``start <city>``: the city's hex id, as the view and the board name it."""
    return data.hex_ids[data.cities[city]]


def start_cities(state: AfricaState, out: list[int]) -> None:
    """Africa, Game Setup: a start city that has no researcher yet."""
    base = state.tables.start_base
    taken = state.loc
    out += [base + c for c, hex_ in enumerate(state.data.cities) if hex_ not in taken]


def explain_start(state: AfricaState, city: int) -> IllegalAction | None:
    """Africa, Game Setup: each player picks a start city without another player's
    researcher."""
    data = state.data
    other = occupant(state, data.cities[city])
    if other < 0:
        return None
    free = [name for c, name in enumerate(data.city_names) if data.cities[c] not in state.loc]
    return refusal(
        "start_taken",
        "the {colour} researcher is already in {city}; free start cities: {free}",
        RULE_SETUP,
        colour=colour(other),
        city=data.city_names[city],
        free=", ".join(free),
    )


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
        state.phase = Phase.TURN


START_CITY = Move(
    name="start",
    rule=RULE_SETUP,
    notation=write_start,
    offer=start_cities,
    explain=explain_start,
    effect=choose_start,
    place=start_city_hex,
)
