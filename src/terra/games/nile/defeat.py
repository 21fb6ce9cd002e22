"""Source of the Nile 15.1-15.32 Consequences of Defeat: killed, captured, or escaping with a
few chosen members (15.1-15.23), and a captive's escape attempts (15.3-15.32); the moves
``escape`` and, for a captive, ``done``'s attempt.

Source of the Nile 35.0 Consequences of Defeat in Game II: one die on its table (35.2), who
escapes by Table A and what they carry by Table B (35.3-35.4), and a captive's roll less two at
the end of each later turn (35.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, checked
from terra.games.nile import actions as act
from terra.games.nile import joint, logistics, offers, upkeep
from terra.games.nile.attitude import change_attitude
from terra.games.nile.chance import Roll, dice, roll
from terra.games.nile.components.game_two import DefeatLine, GameTwo
from terra.games.nile.components.tables import CAPTURED, KILLED, DefeatResult, Tables
from terra.games.nile.europe import bury, explorer_dies
from terra.games.nile.explorer import CAPTIVE, IN_AFRICA
from terra.games.nile.meeting import finish, stays
from terra.games.nile.party import Party, gain, lose, named_counts
from terra.games.nile.phases import ESCAPE, MOVING, RULE_DEFEAT, cite
from terra.games.nile.records import Encounter
from terra.games.nile.sequence import end_turn
from terra.games.nile.specialties import work_on_captors
from terra.games.nile.terms import ANIMALS, BEARER, CANOE, FOOT, MUSKET, PEOPLE, RATION

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def consequences_of_defeat(tables: Tables, roll: Roll) -> DefeatResult:
    """Source of the Nile 15.2: captured, killed, or escaping with up to ``members`` members."""
    return tables.defeat[roll() - 1]


def may_attempt_escape(captured_turn: int, turn: int) -> bool:
    """Source of the Nile 15.3: a captive tries to escape at the end of each turn after the turn
    of his capture."""
    return turn > captured_turn


def escape_from_captivity(
    tables: Tables, captured_turn: int, turn: int, roll: Roll
) -> DefeatResult:
    """Source of the Nile 15.3-15.32: an escape attempt on the Consequences of Defeat Table; its
    members are bearers without load, and a captive has no musket to keep (N47)."""
    if not may_attempt_escape(captured_turn, turn):
        raise refusal(
            "escape_too_soon",
            "a captive first tries to escape at the end of the turn after his capture",
            cite("15.3"),
        )
    line = consequences_of_defeat(tables, roll)
    return DefeatResult(line.result, line.members, False)


def still_captive(escape: DefeatResult) -> bool:
    """Source of the Nile 15.31: escape attempts go on until the explorer escapes or dies."""
    return escape.result == CAPTURED


def defeat_line(two: GameTwo, die: int) -> DefeatLine:
    """Source of the Nile 35.2: the line of a modified die, 1 or less the first (35.5's roll
    less two), more than 6 the last (40.53's missionary may raise it)."""
    return two.defeat[min(max(1, die), len(two.defeat)) - 1]


def escaping_party(two: GameTwo, line: DefeatLine, roll: Roll, expedition: Party | None) -> Party:
    """Source of the Nile 35.2-35.4: the musket, rations and Table A's members (with Table B's
    loads) the explorer escapes with, taken from his ``expedition`` and no more than it had,
    a member it lacks rolled again (35.3); from captivity (``None``) given outright, natives he
    convinced to follow him (35.5, decision N207)."""
    party = Party()
    left = None if expedition is None else expedition.clone()

    def take(good: int, count: int) -> int:
        if left is not None:
            count = lose(left, good, count)
        gain(party, good, count)
        return count

    take(MUSKET, line.muskets)
    take(RATION, line.rations)
    for _ in range(line.table_a):
        if left is not None and not any(left.count(good) for good in two.table_a):
            break
        good = two.table_a[roll() - 1]
        while left is not None and not left.count(good):
            good = two.table_a[roll() - 1]
        take(good, 1)
        if good in two.table_a_carries:
            load, amount = two.table_b[roll() - 1]
            take(load, amount)
    return party


def defeat(state: NileState) -> None:
    """15.1-15.23: killed, captured, or escaping with a few chosen members."""
    if state.game_two:
        defeat_by_dice(state)
        return
    tables = state.data.tables
    explorer = state.explorer(state.player)
    encounter = state.encounter
    assert encounter is not None
    result = consequences_of_defeat(tables, dice(state))
    state.emit("defeated", player=state.player, result=result.result, members=result.members)
    if result.result == KILLED:
        explorer_dies(state, "killed by natives")
        return
    old = explorer.party
    explorer.party = Party(muskets=1 if result.musket and old.muskets else 0)
    if result.result == CAPTURED:
        explorer.status = CAPTIVE
        explorer.captured = state.round
        state.emit("captured", player=state.player)
        _held_captive(state, encounter)
        return
    encounter.members = result.members
    encounter.party = old
    if result.members and escapers(encounter):
        state.phase = ESCAPE
    else:
        finish_escape(state)


def defeat_by_dice(state: NileState) -> None:
    """Source of the Nile 35.1-35.4 (Game II): one die on the table: captured, killed (39.23:
    the tribe's attitude falls), or escaping with what the line and Tables A and B give."""
    explorer = state.explorer(state.player)
    encounter = state.encounter
    assert encounter is not None
    if explorer.leads:
        scatter(state, encounter.tribe)
    line = _defeat_roll(state, state.player, encounter.tribe, 0, "defeated-dice")
    if line.result == KILLED:
        explorer_dies(state, "killed by natives")
        return
    if line.result == CAPTURED:
        _capture(state, state.player, encounter.tribe)
        _held_captive(state, encounter)
        return
    _escape(state, state.player, line, explorer.party)
    finish_escape(state)


def _held_captive(state: NileState, encounter: Encounter) -> None:
    """15.3: the explorer just captured has stayed in the natives' hex (23.1); the meeting and
    his turn end, without the upkeep and the bonus draw of 8.3 steps 4-5."""
    stays(state, encounter)
    state.encounter = None
    upkeep.end_of_turn(state, skip_upkeep=True)


def _capture(state: NileState, seat: int, tribe: int) -> None:
    """35.5: the natives hold him captive, with nothing."""
    explorer = state.explorer(seat)
    explorer.party = Party()
    explorer.status = CAPTIVE
    explorer.captured = state.round
    explorer.captor = tribe
    explorer.escape_bonus = 0
    state.emit("captured", player=seat)


def scatter(state: NileState, tribe: int) -> None:
    """29.5: a joint expedition defeated splits up: what it held is divided by the dice (29.7,
    there is no time to agree: decision N217), and each partner resolves 35.0 for himself with
    his share; the leader, whose turn it is, resolves it last, as a lone explorer would."""
    leader = state.player
    seats = joint.members_of(state, leader)
    joint.share_discoveries(state, leader)
    shares = joint.divide(state, state.explorers[leader].party, seats)
    state.emit("scattered", player=leader, partners=len(seats) - 1)
    for seat in seats:
        joint.travel_alone(state, seat, shares[seat])
    for seat in seats:
        if seat == leader:
            continue
        line = _defeat_roll(state, seat, tribe, 0, "defeated-dice")
        if line.result == KILLED:
            bury(state, seat, "killed by natives")
        elif line.result == CAPTURED:
            _capture(state, seat, tribe)
        else:
            _escape(state, seat, line, state.explorers[seat].party)


def _defeat_roll(state: NileState, seat: int, tribe: int, less: int, key: str) -> DefeatLine:
    """35.2, 35.5: seat ``seat``'s die, less ``less``, on the table; a line that kills him
    lowers the tribe's attitude (39.23), and the caller says how he died."""
    two = state.data.game_two
    die = roll(state)
    line = defeat_line(two, die - less)
    state.emit(key, player=seat, result=line.result, die=die)
    if line.result == KILLED:
        change_attitude(state, tribe, two.attitude_kills, "kills")
    return line


def _escape(state: NileState, seat: int, line: DefeatLine, expedition: Party | None) -> None:
    """35.2-35.4: seat ``seat``'s explorer escapes on foot with what ``line`` and Tables A and B
    give of ``expedition`` (``None``: from captivity, 35.5)."""
    explorer = state.explorer(seat)
    explorer.party = escaping_party(state.data.game_two, line, dice(state), expedition)
    explorer.mode = FOOT
    state.emit("escaped", player=seat, members=named_counts(explorer.party))


def escapers(encounter: Encounter) -> int:
    """15.22: the members left to choose from: people, animals and canoes."""
    party = encounter.party
    if party is None:
        return 0
    return sum(party.count(good) for good in (*PEOPLE, *ANIMALS, CANOE))


def escape_with(state: NileState, good: int) -> None:
    """15.21-15.23: one member escapes with the explorer; a bearer on foot or a canoe brings
    its share of the load (11.3)."""
    encounter = state.encounter
    assert encounter is not None and encounter.party is not None
    explorer = state.explorer(state.player)
    old = encounter.party
    if good in (BEARER, CANOE):
        carried = logistics.lose_carriers(old, good, 1, explorer.mode, state.data.tables)
        for lost, count in carried.lost.items():
            gain(explorer.party, lost, count)
    else:
        gain(explorer.party, good, lose(old, good, 1))
    state.emit("escaped-with", player=state.player, good=good)
    encounter.members -= 1
    if not encounter.members or not escapers(encounter):
        finish_escape(state)


def finish_escape(state: NileState) -> None:
    """15.21: the rest of the expedition is lost; the explorer's move is over."""
    state.turn.stopped = True
    state.phase = MOVING
    finish(state)


def attempt_escape(state: NileState) -> None:
    """15.3-15.32: a captive's escape attempt at the end of his turn, from the turn after his
    capture; escaping members are bearers without load."""
    explorer = state.explorer(state.player)
    tables = state.data.tables
    if state.game_two:
        escape_by_dice(state)
        return
    if may_attempt_escape(explorer.captured, state.round):
        result = escape_from_captivity(tables, explorer.captured, state.round, dice(state))
        state.emit("escape-attempt", player=state.player, result=result.result)
        if result.result == KILLED:
            explorer_dies(state, "killed in captivity")
            return
        if not still_captive(result):
            explorer.status = IN_AFRICA
            explorer.party = Party(bearers=result.members)
    end_turn(state)


def escape_by_dice(state: NileState) -> None:
    """Source of the Nile 35.5 (Game II): at the end of each turn after his capture a captive
    rolls on the table again, less two, until he escapes or is killed (39.23); a missionary or
    doctor first works on his captors (40.53)."""
    explorer = state.explorer(state.player)
    if may_attempt_escape(explorer.captured, state.round):
        if work_on_captors(state, explorer):
            return  # 40.53: the die he keeps first, then this turn's escape roll
        less = state.data.game_two.captive_less - explorer.escape_bonus
        line = _defeat_roll(state, state.player, explorer.captor, less, "escape-dice")
        if line.result == KILLED:
            explorer_dies(state, "killed in captivity")
            return
        if line.result != CAPTURED:
            explorer.status = IN_AFRICA
            _escape(state, state.player, line, None)
    end_turn(state)


def explain_escape(state: NileState, good: int) -> IllegalAction | None:
    """15.21-15.22: a member of the defeated expedition."""
    encounter = state.encounter
    if encounter is None or encounter.party is None or not encounter.party.count(good):
        return refusal("no_such_member", "no such member is left to escape with you", RULE_DEFEAT)
    return None


ESCAPE_WITH = Move(
    name="escape",
    rule="Source of the Nile, 15.21-15.23",
    notation=act.write_escape,
    offer=checked(offers.every(act.ESCAPE), explain_escape),
    explain=explain_escape,
    effect=escape_with,
)
