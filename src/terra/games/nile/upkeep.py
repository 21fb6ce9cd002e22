"""Source of the Nile 8.3 steps 4-5: the end of a turn in Africa.

Hunting, food and water, the sick and desertions (18, 19, 5.52; their numbers are
:mod:`terra.games.nile.hunting`'s and :mod:`terra.games.nile.sickness`'), the bonus draw (20),
and water taken where there is some (5.4441-5.4443), the move ``take``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import logistics, offers
from terra.games.nile.chance import Roll, roll
from terra.games.nile.components.tables import Tables
from terra.games.nile.discoveries import bonus_draw, oasis_known
from terra.games.nile.europe import explorer_dies
from terra.games.nile.explorer import IN_AFRICA, Explorer
from terra.games.nile.hunting import Feeding, feed, hunt, spoil_fresh
from terra.games.nile.loads import RULE_CAPABILITY, RULE_WATER, spare_capacity
from terra.games.nile.party import Party, gain, lose
from terra.games.nile.phases import OVER
from terra.games.nile.runs import emit_run
from terra.games.nile.sequence import end_turn
from terra.games.nile.sickness import Care, Drinking, care_for_sick, drink
from terra.games.nile.specialties import with_tribe
from terra.games.nile.terms import ASKARI, DESERT, DOCTOR, GOOD_IDS, Terrain

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_BONUS = "Source of the Nile, 20.0 Bonus Discoveries"
RULE_DEATH = "Source of the Nile, 21.3 Death and Retirement"


def end_of_turn(state: NileState, skip_upkeep: bool = False) -> None:
    """8.3 steps 4-5: upkeep, then the bonus draw; then the next seat's turn."""
    explorer = state.explorer(state.player)
    if not skip_upkeep and explorer.status == IN_AFRICA:
        if not turn_upkeep(state, explorer):
            return
        bonus_draw(state, explorer)
        if state.game_two and with_tribe(state, explorer):
            return  # 40.51: the turn waits for the die he keeps
    if state.phase != OVER:
        end_turn(state)


def turn_upkeep(state: NileState, explorer: Explorer) -> bool:
    """8.3 step 4, 18-19: hunt, eat and drink, care for the sick, desertions. False when the
    explorer died of it."""
    data = state.data
    board = data.board
    hex_ = explorer.hex
    territory = state.territory
    at_port = board.port_of[hex_] >= 0
    tribe = territory.tribe[hex_]
    report = upkeep(
        explorer.party,
        data.tables,
        lambda: roll(state),
        terrain=territory.terrain[hex_],
        activity=max(0, state.turn.activity),
        oasis_or_river=oasis_or_river(state, explorer, hex_),
        provided_for=board.cape_colony[hex_] or (tribe > 0 and tribe in explorer.friendly),
        explorer_is_doctor=explorer.specialty == DOCTOR,
        doctor_at_hand=at_port or board.cape_colony[hex_],
    )
    strays = logistics.release_strays(
        explorer.party, explorer.mode, data.tables, explorer_works=explorer.carries
    )
    state.emit(
        "upkeep",
        player=state.player,
        hunted=report.hunted,
        deserted={GOOD_IDS[g]: n for g, n in report.feeding.deserted.items()},
        thirsty={GOOD_IDS[g]: n for g, n in report.drinking.deserted.items()},
        recovered={GOOD_IDS[g]: n for g, n in report.care.recovered.items()},
        died={GOOD_IDS[g]: n for g, n in report.care.died.items()},
        explorer_sick=explorer.party.explorer_sick,
        askari_deserted=report.askari_deserted,
        strays=strays,
    )
    if report.explorer_died:
        explorer_dies(state, "died in the wilderness")
        return False
    return True


# --- at any time (9.6, 17, 18.5, 21.2) -----------------------------------------------------


def oasis_or_river(state: NileState, explorer: Explorer, hex_: int) -> bool:
    """5.4443, 19.5: a river in the hex, or an oasis the explorer knows (32.35 in Game II)."""
    territory = state.territory
    return bool(
        territory.river_in[hex_] or territory.river_out[hex_] or oasis_known(state, explorer, hex_)
    )


def water_here(state: NileState, hex_: int) -> bool:
    """5.4441, 5.4443: water is found everywhere but in a desert hex without river or oasis."""
    if state.territory.terrain[hex_] != DESERT:
        return True
    return oasis_or_river(state, state.explorers[state.player], hex_)


def take_water(state: NileState, good: int, amount: int) -> None:
    """5.4443: water is collected free, in any amount, where there is water."""
    explorer = state.explorer(state.player)
    gain(explorer.party, good, amount)
    emit_run(state, "water-taken", ("amount",), player=state.player, amount=amount)


# --- the moves ---------------------------------------------------------------------------------


def explain_take(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """5.4441-5.4443: where there is water, and as much as the expedition can carry (6.55)."""
    explorer = state.explorers[state.player]
    if not water_here(state, explorer.hex):
        return refusal(
            "no_water_here", "there is no water in a desert hex without river or oasis", RULE_WATER
        )
    spare = spare_capacity(state)
    if amount > spare >= 0:
        return refusal(
            "water_overloads",
            "{amount} more water would overload the expedition: it can carry {spare} more",
            RULE_CAPABILITY,
            amount=amount,
            spare=spare,
        )
    if amount > spare:
        return refusal(
            "water_overloads_already",
            "{amount} more water would overload the expedition: it already carries too much",
            RULE_CAPABILITY,
            amount=amount,
        )
    return None


def _water_at_hand(state: NileState) -> Iterable[int]:
    """5.4441, 6.55: only where there is water, and what the expedition can carry."""
    if not water_here(state, state.explorers[state.player].hex):
        return ()
    spare = spare_capacity(state)
    ((_water, choices),) = state.tables.goods_amount[act.TAKE_WATER]
    return [action for action, amount in choices if amount <= spare]


TAKE = Move(
    name="take",
    rule="Source of the Nile, 5.4441-5.4443",
    notation=act.write_take,
    offer=offers.exact(_water_at_hand),
    explain=explain_take,
    effect=take_water,
)


def askari_desertion(party: Party) -> bool:
    """Source of the Nile 5.52: while the explorer has not regained their respect, one askari
    deserts at the end of each turn."""
    return party.debased and lose(party, ASKARI, 1) == 1


@dataclass(slots=True)
class Upkeep:
    """The report of a turn's upkeep (8.3 step 4), for the caller to log."""

    hunted: int
    feeding: Feeding
    drinking: Drinking
    spoiled: int
    care: Care
    askari_deserted: bool

    @property
    def explorer_died(self) -> bool:
        return self.drinking.explorer_died or self.care.explorer_died


def upkeep(
    party: Party,
    tables: Tables,
    roll: Roll,
    *,
    terrain: Terrain,
    activity: int,
    oasis_or_river: bool = False,
    provided_for: bool = False,
    explorer_is_doctor: bool = False,
    doctor_at_hand: bool = False,
) -> Upkeep:
    """Source of the Nile 8.3 step 4: hunt, eat, drink, let fresh rations spoil, care for the
    sick, then the askaris' desertion; stops when the explorer dies."""
    hunted = hunt(party, terrain, activity, tables, roll)
    feeding = feed(party, tables, desert=terrain == DESERT, provided_for=provided_for)
    drinking = drink(party, tables, dry=terrain == DESERT and not oasis_or_river)
    spoiled = spoil_fresh(party)
    if drinking.explorer_died:
        return Upkeep(hunted, feeding, drinking, spoiled, Care(), False)
    care = care_for_sick(
        party, tables, roll, explorer_is_doctor=explorer_is_doctor, doctor_at_hand=doctor_at_hand
    )
    if care.explorer_died:
        return Upkeep(hunted, feeding, drinking, spoiled, care, False)
    return Upkeep(hunted, feeding, drinking, spoiled, care, askari_desertion(party))
