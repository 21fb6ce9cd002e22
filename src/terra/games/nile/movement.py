"""Source of the Nile 9.0-9.52 Movement: a turn in Africa up to the end of its movement (8.3
steps 1-3).

The activity level (9.12), movement with its costs and restrictions (9.1-9.43), canoes at
cataracts and over the falls (9.2-9.28), the retreat from a new hex (9.44-9.46), the mode of
travel (9.5); getting lost (12, by :mod:`terra.games.nile.lost`), mapping what an explorer
enters (10, by :mod:`terra.games.nile.mapping`), the discovery counters (23.1) and the meeting
with a tribe that follows (13, by :mod:`terra.games.nile.natives`). The moves ``activity``,
``move``, ``travel``, ``retreat`` and ``stay``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, allowed, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import (
    disasters,
    discoveries,
    europe,
    logistics,
    mapping,
    natives,
    offers,
    upkeep,
)
from terra.games.nile.chance import draw, roll
from terra.games.nile.explorer import Explorer
from terra.games.nile.joint import carry_partners
from terra.games.nile.loads import RULE_CAPABILITY, RULE_WATER, fit
from terra.games.nile.lost import RULE_LOST, gets_lost
from terra.games.nile.phases import MOVING, RETREAT, RULE_RETREAT
from terra.games.nile.rivers import travel
from terra.games.nile.specialties import owed_turn
from terra.games.nile.terms import (
    BLANK,
    BY_CANOE,
    CAMELS,
    CANOES,
    CLOSED,
    DESERT,
    FOOT,
    GOOD_IDS,
    HORSES,
    JUNGLE_SWAMP,
    ON_FOOT,
    OPEN,
    SWAMP,
)
from terra.games.nile.territory import EXPLORED, flow_between, side_bit, side_towards

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_ACTIVITY = "Source of the Nile, 9.12 Activity Level"
RULE_MOVE = "Source of the Nile, 9.0 Movement"
RULE_MP = "Source of the Nile, 9.41 Movement Restrictions (movement points)"
RULE_TERRAIN = "Source of the Nile, 9.43 Movement Restrictions Chart"
RULE_CANOES = "Source of the Nile, 9.2 Canoe Expeditions"
RULE_CANOE_SWAMP = "Source of the Nile, 9.21 Canoe Expeditions (swamp)"
RULE_MODE = "Source of the Nile, 9.5 Changing the Mode of Travel"

SWAMPS = frozenset({SWAMP, JUNGLE_SWAMP})
WHO_IS_RESTRICTED = ("people on foot", "horses", "camels", "canoes")
ANIMALS_RESTRICTED = (HORSES, CAMELS)  # ridden or led


def choose_activity(state: NileState, activity: int) -> None:
    """8.3 step 1, 9.12: the activity level sets the movement allowance; then, away from the
    ports and Cape Colony, the disaster draw (8.3 step 2, 11)."""
    explorer = state.explorer(state.player)
    turn = state.turn
    turn.activity = activity
    turn.allowance = logistics.movement_allowance(
        explorer.party, explorer.mode, activity, state.data.tables, explorer_works=explorer.carries
    )
    state.emit("activity", player=state.player, activity=activity, allowance=turn.allowance)
    state.phase = MOVING
    board = state.data.board
    if board.port_of[explorer.hex] < 0 and not board.cape_colony[explorer.hex]:
        disasters.draw_disaster(state)


# --- movement (9) ------------------------------------------------------------------------


def crosses_cataract(state: NileState, here: int, there: int) -> bool:
    """9.27: the river between two hexes has a cataract on the hexside crossed (a cataract
    stands where its hex's river leaves it, 10.52)."""
    territory = state.territory
    board = state.data.board
    side = side_towards(board, here, there)
    if territory.cataract[here] and territory.river_out[here] & side_bit(side):
        return True
    back = side_towards(board, there, here)
    return bool(territory.cataract[there] and territory.river_out[there] & side_bit(back))


def swamp_by_canoe(state: NileState, explorer: Explorer, here: int, target: int) -> bool:
    """9.21: a canoe expedition entering swamp, not along the coast."""
    return (
        explorer.mode == BY_CANOE
        and state.territory.terrain[target] in SWAMPS
        and target not in state.data.board.along_coast[here]
    )


def step_cost(state: NileState, explorer: Explorer, target: int) -> int:
    """9.15-9.16, 9.21, 9.27: movement points to enter ``target`` from the explorer's hex (a
    swamp not yet mapped is charged when it is, :func:`swamp_found_by_canoe`)."""
    tables = state.data.tables
    here = explorer.hex
    if swamp_by_canoe(state, explorer, here, target):
        cost = tables.canoe_swamp_cost  # 9.21, whether published or explored
    elif state.published[target] or explorer.known[target]:
        cost = tables.known_cost
    else:
        cost = tables.unknown_cost
    if explorer.mode == BY_CANOE and crosses_cataract(state, here, target):
        cost += logistics.portage_points(explorer.party, tables, explorer_works=explorer.carries)
    return cost


def travellers(explorer: Explorer) -> list[int]:
    """Who the Movement Restrictions Chart restricts for this expedition (9.43)."""
    party = explorer.party
    if explorer.mode == BY_CANOE:
        return [CANOES]
    found = [ON_FOOT] if explorer.mode == FOOT else []
    if party.horses:
        found.append(HORSES)
    if party.camels:
        found.append(CAMELS)
    return found


def along_water(state: NileState, here: int, there: int) -> bool:
    """5.432: following a river, or along the coast."""
    board = state.data.board
    return (
        bool(flow_between(state.territory, board, here, there)) or there in board.along_coast[here]
    )


def terrain_refuses(
    state: NileState, explorer: Explorer, here: int, target: int
) -> tuple[int, int] | None:
    """9.43, 5.426-5.427, 5.432: who of this expedition may not enter ``target``'s terrain from
    ``here``, and that terrain (``None`` if all may, and while the terrain is unknown, 9.44)."""
    terrain = state.territory.terrain[target]
    if terrain == BLANK:
        return None
    tables = state.data.tables
    for traveller in travellers(explorer):
        access = tables.access[traveller][terrain]
        if access == CLOSED or (access != OPEN and not along_water(state, here, target)):
            return traveller, terrain
    return None


def needs_water(state: NileState, here: int, target: int) -> bool:
    """5.4442: entering a desert hex not along a river takes water for everyone."""
    if state.territory.terrain[target] != DESERT:
        return False
    return not flow_between(state.territory, state.data.board, here, target)


def drifting(state: NileState, explorer: Explorer) -> bool:
    """9.26: canoes without a bearer each only drift one hex downstream a turn."""
    return explorer.mode == BY_CANOE and logistics.drifts_only(
        explorer.party, explorer_works=explorer.carries
    )


def move(state: NileState, direction: int) -> None:
    """9: enter the neighbouring hex; 12: first see whether the expedition gets lost."""
    explorer = state.explorer(state.player)
    board = state.data.board
    turn = state.turn
    here = explorer.hex
    target = board.neighbours[here][direction - 1]
    drift = drifting(state, explorer)
    cost = 0 if drift else step_cost(state, explorer, target)
    unknown = not state.published[target] and not explorer.known[target]
    if unknown and gets_lost(state, explorer, target):
        return
    turn.spent += cost
    if drift:
        turn.stopped = True
    turn.came_from = here
    turn.moved = True
    explorer.hex = target
    if explorer.leads:
        carry_partners(state, explorer)
    new_to_him = explorer.visit(target)
    if board.port_distance[target] >= state.data.tables.awards.interview_distance:
        explorer.far = True  # 24.6
    state.emit("moved", player=state.player, hex=target, cost=cost)
    travel(state, explorer, target)
    if explorer.mode == BY_CANOE and new_to_him and falls(state, explorer, here, target):
        return  # the explorer went over with his canoe (21.3): the turn is over
    if state.territory.terrain[target] == BLANK:
        found = mapping.map_terrain(
            state.writable_territory(),
            state.data,
            target,
            lambda: draw(state),
            lambda: roll(state),
            seat=state.player,
            dice=state.game_two,
        )
        turn.mapped.append(target)
        state.emit("terrain-mapped", player=state.player, hex=target, terrain=found.terrain)
        if not drift and swamp_by_canoe(state, explorer, here, target):
            swamp_found_by_canoe(state)
        state.phase = RETREAT  # 9.44-9.45, 10.291: retreat before anything else
        return
    enter(state)


def swamp_found_by_canoe(state: NileState) -> None:
    """9.21: the unexplored hex a canoe expedition tried proves to be swamp: the attempt costs
    the swamp's movement points instead of an unexplored hex's (9.16). With fewer left the
    expedition spends them all and cannot enter (9.14, 9.41): it must go back (decision
    N110)."""
    turn = state.turn
    tables = state.data.tables
    extra = tables.canoe_swamp_cost - tables.unknown_cost
    left = turn.allowance - turn.spent
    if extra <= left:
        turn.spent += extra
        return
    turn.spent += max(0, left)
    turn.unaffordable = True
    state.emit("swamp-too-costly", player=state.player, cost=tables.canoe_swamp_cost)


def falls(state: NileState, explorer: Explorer, here: int, target: int) -> bool:
    """9.28, 10.52: canoes going down over the cataract of the unpublished hex ``here`` (it
    stands where the river leaves that hex) into ``target``, below the falls, new to the
    explorer: some may go over the falls (decision N111). True if the explorer died so."""
    territory = state.territory
    board = state.data.board
    if state.published[here] or not territory.cataract[here]:
        return False
    if flow_between(territory, board, here, target) <= 0:
        return False
    if not territory.river_out[here] & side_bit(side_towards(board, here, target)):
        return False
    loss = logistics.over_the_falls(explorer.party, state.data.tables, lambda: roll(state))
    state.emit("over-the-falls", player=state.player, lost=_lost(loss))
    if loss.explorer:
        europe.explorer_dies(state, "went over the falls")
    return loss.explorer


def _lost(loss: logistics.Loss) -> dict[str, int]:
    return {GOOD_IDS[good]: count for good, count in sorted(loss.lost.items())}


def retreat(state: NileState) -> None:
    """9.44-9.46, 10.291-10.293: back to the hex left; the movement points stay spent and the
    hex stays partly explored."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    explorer.hex = state.turn.came_from
    if explorer.leads:
        carry_partners(state, explorer)
    state.turn.unaffordable = False
    state.emit("retreated", player=state.player, hex=hex_)
    state.phase = MOVING


def stay(state: NileState) -> None:
    """9.45: the explorer stays in the hex he has just mapped; its mapping is completed."""
    enter(state)


def enter(state: NileState) -> None:
    """10.1-10.5, 10.294: complete the mapping of the hex; 10.41: look for natives in any
    unpublished hex without a tribe; 13.1: meet its tribe; 23.1: look at a discovery counter
    if the natives do not send him back."""
    explorer = state.explorer(state.player)
    hex_ = explorer.hex
    territory = state.territory
    data = state.data
    state.phase = MOVING
    if territory.stage[hex_] != EXPLORED:
        territory = state.writable_territory()
        found = mapping.complete_exploration(
            territory, data, hex_, lambda: draw(state), lambda: roll(state), dice=state.game_two
        )
        river = found.river
        spectacular = found.spectacular
        state.emit(
            "hex-mapped",
            player=state.player,
            hex=hex_,
            terrain=territory.terrain[hex_],
            river=bool(territory.river_in[hex_] or territory.river_out[hex_]),
            oasis=bool(river and river.oasis),
            cataract=bool(river and river.cataract),
            tribe=territory.tribe[hex_],
            peak=spectacular.peak,
            waterfall=spectacular.waterfall,
            lake_miles=spectacular.lake_miles,
        )
        if hex_ not in state.turn.mapped:
            state.turn.mapped.append(hex_)
    elif not state.published[hex_] and not territory.tribe[hex_]:
        territory = state.writable_territory()
        found_natives = mapping.discover_natives(
            territory, data, hex_, lambda: draw(state), lambda: roll(state), dice=state.game_two
        )
        if found_natives:
            state.emit("natives-found", player=state.player, hex=hex_, tribe=territory.tribe[hex_])
    if not natives.meet_tribe(state, hex_):
        discoveries.stays_in(state, explorer, hex_)  # else once the natives let him stay


def change_mode(state: NileState, mode: int) -> None:
    """9.5-9.52: the slower allowance applies; an explorer who has already spent it stops."""
    explorer = state.explorer(state.player)
    turn = state.turn
    explorer.mode = mode
    state.emit("mode-changed", player=state.player, mode=mode)
    if turn.activity < 0:
        return  # outfitting, or before the turn's activity level: nothing to adapt
    tables = state.data.tables
    turn.allowance = logistics.allowance_after_mode_change(
        explorer.party, mode, turn.activity, turn.allowance, tables, explorer_works=explorer.carries
    )
    if logistics.must_stop_after_mode_change(turn.spent, turn.allowance):
        turn.stopped = True


def end_movement(state: NileState) -> None:
    """8.3 step 3c: a tribe in the hex where the explorer spends his whole move; then the end
    of the turn (8.3 steps 4-5)."""
    explorer = state.explorer(state.player)
    if not state.turn.moved and not state.turn.met_staying:
        state.turn.met_staying = True
        if natives.meet_tribe(state, explorer.hex, staying=True):
            return
    upkeep.end_of_turn(state)


# --- the moves ---------------------------------------------------------------------------------


ACTIVITY = Move(
    name="activity",
    rule="Source of the Nile, 9.12",
    notation=act.write_activity,
    offer=offers.always(act.ACTIVITY),
    explain=allowed,  # 9.12: any of the three levels
    effect=choose_activity,
)


def explain_move(state: NileState, direction: int) -> IllegalAction | None:
    """9.1-9.43, 5.4442, 6.55: movement points, the map, the terrain, water and loads."""
    explorer = state.explorers[state.player]
    turn = state.turn
    board = state.data.board
    if explorer.owes_this_hex:
        return owed_turn(explorer)
    if turn.lost:
        return refusal("lost", "the expedition is lost for the rest of the turn", RULE_LOST)
    if turn.stopped:
        return refusal("stopped", "the expedition can move no further this turn", RULE_MODE)
    here = explorer.hex
    target = board.neighbours[here][direction - 1]
    by_sea = explorer.mode == BY_CANOE and target in board.along_coast[here]
    if target < 0 or (target not in board.overland[here] and not by_sea):
        side = act.DIRECTION_NAMES[direction - 1]
        return refusal("no_land", "there is no land to the {direction}", RULE_MOVE, direction=side)
    travels, excess = fit(state, explorer.mode)
    if excess:
        return refusal(
            "overloaded",
            "the expedition carries {excess} more than it can",
            RULE_CAPABILITY,
            excess=excess,
        )
    if not travels:
        return refusal(
            "mode_unfit",
            "not every member can travel this way; change the mode of travel",
            RULE_MODE,
        )
    return _step_refused(state, explorer, here, target)


def _step_refused(
    state: NileState, explorer: Explorer, here: int, target: int
) -> IllegalAction | None:
    """9.2-9.43, 5.4442: the cataract, the movement points, the terrain and the water of a step
    the expedition could otherwise take."""
    tables = state.data.tables
    turn = state.turn
    drifts = drifting(state, explorer)
    portage = explorer.mode == BY_CANOE and crosses_cataract(state, here, target)
    lifts = logistics.can_portage(explorer.party, tables, explorer_works=explorer.carries)
    if portage and not drifts and not lifts:  # 9.27
        return refusal(
            "too_few_to_portage", "too few bearers to carry a canoe round the cataract", RULE_CANOES
        )
    cost = 0 if drifts else step_cost(state, explorer, target)
    left = turn.allowance - turn.spent
    if cost > left:
        return refusal(
            "too_few_points",
            "entering costs {cost} movement points; {left} left",
            RULE_MP,
            cost=cost,
            left=left,
        )
    barred = terrain_refuses(state, explorer, here, target)
    if barred:
        who, terrain = barred
        return refusal(
            "terrain_barred",
            "{who} cannot enter {terrain} there",
            RULE_TERRAIN,
            who=WHO_IS_RESTRICTED[who],
            terrain=tables.terrain_names[terrain],
        )
    if needs_water(state, here, target) and not logistics.can_enter_desert(explorer.party, tables):
        water = logistics.water_needed(explorer.party, tables)
        return refusal(
            "desert_needs_water", "entering the desert needs {water} water", RULE_WATER, water=water
        )
    if drifts and flow_between(state.territory, state.data.board, here, target) <= 0:
        return refusal(
            "drift_downstream", "canoes without a bearer each only drift downstream", RULE_CANOES
        )
    return None


def _steps_left(state: NileState) -> Iterable[int]:
    """40.41: no move while the explorer owes his hex a full turn; 9.14, 12.2: nor once lost,
    stopped or out of movement points; 9.5, 6.55: nor while not everyone can travel in the
    mode or the load is too much; 9.0: only towards land (or along the coast by canoe), and
    9.2-9.43, 5.4442: each step as :func:`_step_refused` allows. The checks of
    :func:`explain_move`, each made once for every direction."""
    turn = state.turn
    explorer = state.explorers[state.player]
    if (
        explorer.owes_this_hex
        or turn.lost
        or turn.stopped
        or (turn.spent >= turn.allowance and not drifting(state, explorer))
    ):
        return ()
    travels, excess = fit(state, explorer.mode)
    if not travels or excess:
        return ()
    board = state.data.board
    here = explorer.hex
    overland = board.overland[here]
    by_sea = board.along_coast[here] if explorer.mode == BY_CANOE else ()
    base = state.tables.base[act.MOVE]
    return [  # the directions in compass order, as the actions are
        base + side
        for side, target in enumerate(board.neighbours[here])
        if target >= 0
        and (target in overland or target in by_sea)
        and _step_refused(state, explorer, here, target) is None
    ]


MOVE = Move(
    name="move",
    rule="Source of the Nile, 9.0-9.43",
    notation=act.write_move,
    offer=offers.exact(_steps_left),
    explain=explain_move,
    effect=move,
)


def explain_travel(state: NileState, mode: int) -> IllegalAction | None:
    """9.5, 5.423, 5.434: everyone mounted, or everyone in canoes."""
    explorer = state.explorers[state.player]
    if mode == explorer.mode:
        return refusal("same_mode", "the expedition already travels so", RULE_MODE)
    if not fit(state, mode)[0]:
        how = act.MODE_WORDS[mode]
        return refusal("mode_unfit_for", "not every member can travel {mode}", RULE_MODE, mode=how)
    return None


def _other_modes(state: NileState) -> Iterable[int]:
    """9.5, 5.423, 5.434, 6.55: another mode, and one everyone can travel in."""
    explorer = state.explorers[state.player]
    base = state.tables.base[act.MODE]
    return [
        base + mode
        for mode in range(len(act.MODE_WORDS))
        if mode != explorer.mode
        and logistics.everyone_aboard(explorer.party, mode)
        and fit(state, mode)[0]
    ]


TRAVEL = Move(
    name="travel",
    rule="Source of the Nile, 9.5",
    notation=act.write_travel,
    offer=offers.exact(_other_modes),
    explain=explain_travel,
    effect=change_mode,
)


RETREAT_BACK = Move(
    name="retreat",
    rule="Source of the Nile, 9.44-9.46",
    notation=fixed("retreat"),
    offer=offers.always(act.RETREAT),
    explain=allowed,  # 9.45: a retreat is always allowed
    effect=retreat,
)


def explain_stay(state: NileState) -> IllegalAction | None:
    """9.44: only where the expedition may be; 9.21, 9.41: and could pay to enter."""
    explorer = state.explorers[state.player]
    if state.turn.unaffordable:
        cost = state.data.tables.canoe_swamp_cost
        return refusal(
            "swamp_too_costly",
            "entering swamp by canoe costs {cost} movement points, more than were left: retreat",
            RULE_CANOE_SWAMP,
            cost=cost,
        )
    barred = terrain_refuses(state, explorer, state.turn.came_from, explorer.hex)
    if not barred:
        return None
    who, terrain = barred
    fields = {"who": WHO_IS_RESTRICTED[who], "terrain": state.data.tables.terrain_names[terrain]}
    if who in ANIMALS_RESTRICTED:  # no mode takes them in (N112)
        return refusal(
            "terrain_barred_animals",
            "{who} cannot enter {terrain} there: retreat, or leave them (9.6) and change the mode "
            "of travel",
            RULE_RETREAT,
            **fields,
        )
    return refusal(
        "terrain_barred_retreat",
        "{who} cannot enter {terrain} there: retreat, or change the mode of travel",
        RULE_RETREAT,
        **fields,
    )


STAY = Move(
    name="stay",
    rule="Source of the Nile, 9.44",
    notation=fixed("stay"),
    offer=checked(offers.every(act.STAY), explain_stay),
    explain=explain_stay,
    effect=stay,
)
