"""Source of the Nile: the rule each kind of action carries out (the state's ``RULES``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from terra.core.actions import Rule
from terra.games.nile import actions as act
from terra.games.nile import encounters, journey, rules, scoring, upkeep

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def _done(state: NileState) -> None:
    """End outfitting (5.3), the move (8.3 step 3), a captive's turn (15.3), or the choice of
    what to publish (22.1-22.2)."""
    if state.phase == rules.OUTFIT:
        rules.finish_outfitting(state)
    elif state.phase == rules.PUBLISHING:
        scoring.publish_chosen(state)
    elif state.phase == rules.CAPTIVITY:
        encounters.attempt_escape(state)
    elif state.phase == rules.ESCAPE:
        encounters.finish_escape(state)
    else:
        journey.end_movement(state)


APPLY: Mapping[int, Rule] = {
    act.DONE: _done,
    act.COUNTER: rules.place_counter,
    act.SAIL: rules.choose_port,
    act.SPECIALTY: rules.choose_specialty,
    act.BUY: rules.buy,
    act.ACTIVITY: journey.choose_activity,
    act.MOVE: journey.move,
    act.MODE: journey.change_mode,
    act.RETREAT: journey.retreat,
    act.STAY: journey.stay,
    act.POLICY: encounters.choose_policy,
    act.OFFER: encounters.offer_gifts,
    act.OFFER_ALL: encounters.offer_everything,
    act.TRADE: encounters.trade,
    act.ESCAPE: encounters.escape_with,
    act.RELEASE: encounters.release_prisoners,
    act.KEEP: encounters.keep_prisoners,
    act.LOOT: encounters.loot,
    act.LEAVE: upkeep.leave,
    act.CACHE: upkeep.cache,
    act.DIG: upkeep.dig_up_cache,
    act.SHOOT: upkeep.shoot,
    act.TAKE_WATER: upkeep.take_water,
    act.EUROPE: rules.sail_for_europe,
    act.PUBLISH: scoring.publish,
    act.PUBLISH_FINDS: scoring.publish_all_but_hexes,
    act.COLLECT: rules.collect_donations,
    act.INTERVIEW: encounters.interview,
    act.RETIRE: upkeep.retire,
    act.CARRY: journey.carry_loads,
    act.DROP_FIND: upkeep.leave_find,
    act.REST: journey.stop_carrying,
    act.CACHE_FIND: upkeep.cache_find,
    act.LEAVE_SICK: upkeep.leave_sick,
    act.PUBLISH_PART: scoring.choose_part,
}
