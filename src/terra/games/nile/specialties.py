"""Source of the Nile 40.5-40.73 Explorer Specialties in Game II: the missionary and the doctor,
who spend a full turn with each new friendly tribe and keep one of two dice on their tables, and
work on the tribe that holds them captive (40.51-40.54); the ethnologist, who spends a full turn
with each, falls sick on a 12, and whose friends make his policies and his bargaining better
(40.71-40.73). The move ``keep die``.

The zoologist's and geologist's search (40.4) is in :mod:`~.discoveries`, beside the bonuses it
replaces; the journalist's income (40.6) in :mod:`~.outfitting`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.attitude import change_attitude
from terra.games.nile.chance import roll
from terra.games.nile.europe import explorer_dies
from terra.games.nile.explorer import CAPTIVE
from terra.games.nile.phases import CAPTIVITY, MISSION, RULE_MISSION, cite
from terra.games.nile.poison import poison_attempt
from terra.games.nile.sequence import end_turn
from terra.games.nile.terms import DOCTOR, ETHNOLOGIST, MISSIONARY

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState

# Specialties that spend a full turn with each new friendly tribe (40.51, 40.71).
WITH_TRIBES = (MISSIONARY, DOCTOR, ETHNOLOGIST)
MISSION_DICE = 2  # 40.51, 40.71


def new_friend(state: NileState, explorer: Explorer, tribe: int) -> None:
    """40.51, 40.54, 40.71: a missionary, doctor or ethnologist who befriends a tribe he has not
    yet worked with must spend his next full turn with it, in its hex."""
    if not state.game_two or explorer.specialty not in WITH_TRIBES or tribe in explorer.worked:
        return
    explorer.worked.add(tribe)  # 40.54: once a tribe for each of them, for the whole game
    explorer.owe_full_turn(state.round)
    state.emit("must-stay", player=state.player, tribe=tribe)


def owed_turn(explorer: Explorer) -> IllegalAction:
    """40.41, 40.51, 40.71: why an explorer who owes a full turn to his hex may not leave it."""
    if explorer.specialty in WITH_TRIBES:
        return refusal(
            "must_stay_with_tribe",
            "your explorer spends a full turn with the tribe of this hex",
            cite("40.51, 40.71"),
        )
    return refusal(
        "must_search",
        "your explorer spends a full turn searching this new hex for specimens",
        cite("40.41"),
    )


def with_tribe(state: NileState, explorer: Explorer) -> bool:
    """40.51-40.71: at the end of the full turn he owed the tribe: the ethnologist's two dice,
    or the missionary's or doctor's two dice of which he keeps one. True when he has a die to
    choose (the turn waits for ``keep die``)."""
    if not explorer.full_turn_paid(state.round):
        return False
    thrown = tuple(roll(state) for _ in range(MISSION_DICE))
    if explorer.specialty == ETHNOLOGIST:  # 40.71
        sick = sum(thrown) >= state.data.game_two.ethnologist_sick_on
        if sick:
            explorer.party.explorer_sick = True
        state.emit("studied", player=state.player, dice=list(thrown), sick=sick)
        return False
    state.turn.dice = thrown
    state.phase = MISSION
    return True


def work_on_captors(state: NileState, explorer: Explorer) -> bool:
    """40.53: a captive missionary or doctor, at the end of his first full turn of capture,
    works on the tribe that holds him (once a tribe, 40.54): two dice, one kept. True when he
    has a die to choose; his escape roll follows, by ``done`` again."""
    if (
        explorer.specialty not in (MISSIONARY, DOCTOR)
        or state.round != explorer.captured + 1
        or explorer.captor in explorer.worked
    ):
        return False
    explorer.worked.add(explorer.captor)
    state.turn.dice = tuple(roll(state) for _ in range(MISSION_DICE))
    state.phase = MISSION
    state.emit("works-on-captors", player=state.player, tribe=explorer.captor)
    return True


def keep_die(state: NileState, die: int) -> None:
    """40.52: the kept die's line of the Missionary or Doctor table: the tribe's attitude, the
    points (published in Europe), sickness or death, and the poison it brings (41.0)."""
    explorer = state.explorer(state.player)
    captive = explorer.status == CAPTIVE
    tribe = explorer.captor if captive else state.territory.tribe[explorer.hex]
    two = state.data.game_two
    line = (two.missionary if explorer.specialty == MISSIONARY else two.doctor)[die - 1]
    state.turn.dice = ()
    state.emit(
        "mission",
        player=state.player,
        tribe=tribe,
        die=die,
        doctor=explorer.specialty == DOCTOR,
        attitude=line.attitude,
        vp=line.points,
    )
    if line.dies:
        explorer_dies(state, "died of a strange disease")
        return
    if line.sick:
        explorer.party.explorer_sick = True
    change_attitude(state, tribe, line.attitude, "mission")
    explorer.awards += line.points
    for _ in range(line.poison):
        if not poison_attempt(state, "witch-doctor" if explorer.specialty == DOCTOR else "chief"):
            return
    if captive:  # 40.53: the change counts on this turn's escape roll and every later one
        explorer.escape_bonus += line.attitude
        state.phase = CAPTIVITY
        return
    end_turn(state)


def explain_keep_die(state: NileState, die: int) -> IllegalAction | None:
    """40.51: one of the two dice thrown."""
    if die not in state.turn.dice:
        return refusal(
            "not_a_die_thrown",
            "the dice thrown show {dice}; keep one of them",
            RULE_MISSION,
            dice=", ".join(map(str, state.turn.dice)),
        )
    return None


def _dice_thrown(state: NileState) -> list[int]:
    base = state.tables.base[act.KEEP_DIE]
    return sorted({base + die - 1 for die in state.turn.dice})


KEEP_DIE = Move(
    name="keep die",
    rule="Source of the Nile, 40.51-40.52",
    notation=act.write_keep_die,
    offer=offers.exact(_dice_thrown),
    explain=explain_keep_die,
    effect=keep_die,
)
