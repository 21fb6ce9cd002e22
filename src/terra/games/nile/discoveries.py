"""Source of the Nile 20.1-20.75 Bonus Discoveries and 23.1-23.2 Special Discoveries: the Event card
drawn at the end of a turn that mapped a hex or met a tribe (20.1-20.7), what it finds for the
explorer's specialty, and the finds carried home (20.71-20.74), with the move ``leave find`` (a tusk
or specimen left behind, 9.6).

Source of the Nile 32.35 in Game II: an unpublished oasis is found on an odd die by those who did
not map it. Source of the Nile 40.1-40.46 in Game II: no card brings a bonus; a zoologist (who is
the botanist too) or a geologist spends a full turn searching each new unpublished hex, two dice
of which he picks one on his table, and carries home what he finds (40.41-40.46).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.actions import FIND_KINDS
from terra.games.nile.chance import draw, roll
from terra.games.nile.components.events import ANIMAL, PLANT, ROLL, TRIBE, TUSK_FIND, hex_places
from terra.games.nile.explorer import Explorer
from terra.games.nile.party import gain
from terra.games.nile.terms import GEOLOGIST, LAKE, ZOOLOGIST
from terra.games.nile.territory import EXPLORED

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

UNIQUE_FINDS = frozenset({PLANT, ANIMAL, TRIBE})  # 20.74: names published once


def find_name(state: NileState, explorer: Explorer, card: int) -> str:
    """The name a bonus is published under ("" for finds that are not unique, 20.74)."""
    if card < 0 or is_specimen(card):
        return ""
    bonus = state.data.deck.bonus[card][explorer.specialty]
    if bonus is None or bonus.find not in UNIQUE_FINDS:
        return ""
    return bonus.name


def bonus_draw(state: NileState, explorer: Explorer) -> None:
    """20.1-20.7: in a hex mapped this turn, or with its tribe met for the first time this
    turn, a card's bonus for the explorer's specialty. 40.1: none in Game II, where a zoologist
    or geologist searches instead (:func:`search_for_specimens`)."""
    if state.game_two:
        search_for_specimens(state, explorer)
        return
    hex_ = explorer.hex
    turn = state.turn
    tribe = state.territory.tribe[hex_]
    if hex_ not in turn.mapped and not (tribe and tribe in turn.met_new):
        return
    card = draw(state)
    bonus = state.data.deck.bonus[card][explorer.specialty]
    if bonus is None or not bonus_applies(state, explorer, card):
        state.emit("no-bonus", player=state.player, card=card)
        return
    party = explorer.party
    vp = roll(state) if bonus.vp == ROLL else bonus.vp  # 20.5
    if bonus.find == TUSK_FIND:
        party.tusks += bonus.count
        vp *= bonus.count
    elif bonus.find in (PLANT, ANIMAL):
        party.specimens.append(card)  # 20.72: carried home
    for good, count in bonus.gain:
        gain(party, good, count)
    explorer.finds.append((card, vp))
    state.emit("bonus", player=state.player, card=card, name=bonus.name, vp=vp)


# Game II's specimens (40.41-40.45) in the lists of finds and specimens: this plus the hex
# where each was found, apart from the Event cards' numbers.
SPECIMEN_IDS = 10_000
SEARCHERS = (ZOOLOGIST, GEOLOGIST)
SEARCH_DICE = 2  # 40.41: two dice, one chosen


def is_specimen(card: int) -> bool:
    """Whether a find is a specimen of Game II's search (40.45) rather than a card's bonus."""
    return card >= SPECIMEN_IDS


def must_search(state: NileState, explorer: Explorer, hex_: int) -> None:
    """40.41: a zoologist or geologist who enters an unpublished hex for the first time must
    spend a full turn there, searching: he moves no more this turn, nor the next."""
    if (
        state.game_two
        and explorer.specialty in SEARCHERS
        and not state.published[hex_]
        and hex_ not in explorer.searched
    ):
        explorer.searched.add(hex_)
        explorer.owe_full_turn(state.round)
        state.emit("must-search", player=state.player, hex=hex_)


def search_for_specimens(state: NileState, explorer: Explorer) -> None:
    """40.41-40.46: at the end of the full turn he owed the hex, or of a later turn he chose
    to stay there (40.44), the searcher picks one of two dice on his table: a die whose places
    the hex is finds a specimen (decision N209), one per hex (40.43), worth a point and two dice
    more (40.46)."""
    hex_ = explorer.hex
    if explorer.specialty not in SEARCHERS or hex_ < 0:
        return
    if explorer.must_stay == hex_:
        if not explorer.full_turn_paid(state.round):
            return  # the turn he came: the full turn is the next
    elif state.turn.moved or hex_ not in explorer.searched:
        return
    specimen = SPECIMEN_IDS + hex_
    if state.published[hex_] or specimen in explorer.party.specimens:
        return
    two = state.data.game_two
    table = two.zoology if explorer.specialty == ZOOLOGIST else two.geology
    rolled = [roll(state) for _ in range(SEARCH_DICE)]
    places = places_of(state, hex_)
    finding = [die for die in rolled if table[die - 1] & places]
    if not finding:
        state.emit("search-failed", player=state.player, hex=hex_, dice=rolled)
        return
    extra = two.specimen_extra[roll(state) + roll(state) - 2]
    vp = two.specimen_points + extra
    explorer.party.specimens.append(specimen)
    explorer.finds.append((specimen, vp))
    state.emit("specimen-found", player=state.player, hex=hex_, die=finding[0], vp=vp)


def oasis_known(state: NileState, explorer: Explorer, hex_: int) -> bool:
    """10.51; 32.35: in Game II an oasis of an unpublished hex is the explorer's only once he
    has found it; once published, everybody knows where it is."""
    if not state.territory.oasis[hex_]:
        return False
    return not state.game_two or bool(state.published[hex_]) or hex_ in explorer.oases


def look_for_oasis(state: NileState, explorer: Explorer, hex_: int) -> None:
    """32.35 (Game II): the explorer who mapped an oasis knows it; another who comes into its
    unpublished hex finds it on an odd die."""
    if not state.game_two or oasis_known(state, explorer, hex_) or not state.territory.oasis[hex_]:
        return
    if hex_ in state.turn.mapped:
        explorer.oases.add(hex_)
        return
    die = roll(state)
    found = die % 2 == 1
    if found:
        explorer.oases.add(hex_)
    state.emit("oasis-search", player=state.player, hex=hex_, die=die, found=found)


def places_of(state: NileState, hex_: int) -> int:
    """11.2, 11.44, 20.4: the places a card may name that a hex is: its terrain, by a lake
    (a lake's shore reaches the hexes around it), by a river or an oasis."""
    territory = state.territory
    beside_lake = any(
        there >= 0 and territory.terrain[there] == LAKE
        for there in state.data.board.neighbours[hex_]
    )
    water = bool(territory.river_in[hex_] or territory.river_out[hex_] or territory.oasis[hex_])
    return hex_places(territory.terrain[hex_], beside_lake, water)


def bonus_applies(state: NileState, explorer: Explorer, card: int) -> bool:
    """20.4, 20.74-20.75: the bonus's place and conditions hold, and it is not published yet."""
    bonus = state.data.deck.bonus[card][explorer.specialty]
    assert bonus is not None
    territory = state.territory
    hex_ = explorer.hex
    if not bonus.where & places_of(state, hex_):
        return False
    if bonus.natives and not territory.tribe[hex_]:
        return False
    if bonus.find == ANIMAL and not explorer.party.muskets:
        return False  # 20.75
    return bonus.name not in state.published_finds  # 20.74


def leave_find(state: NileState, index: int) -> None:
    """9.6, 20.73: a tusk, or the last specimen found, is left behind (its points with it)."""
    party = state.explorer(state.player).party
    if index == 0:
        party.tusks -= 1
    else:
        party.specimens.pop()
    state.emit("left-find", player=state.player, find=FIND_KINDS[index])


def bring_finds_home(state: NileState, explorer: Explorer) -> None:
    """20.71-20.73: specimens and tusks count only if they reach Europe; the rest of the
    finds are notes and reports."""
    deck = state.data.deck
    carried = set(explorer.party.specimens)
    tusks = explorer.party.tusks
    kept: list[tuple[int, int]] = []
    for card, found_vp in explorer.finds:
        vp = found_vp
        if is_specimen(card):  # 40.45: only what reaches Europe
            if card in carried:
                kept.append((card, vp))
            continue
        bonus = deck.bonus[card][explorer.specialty] if card >= 0 else None
        if bonus is not None and bonus.find in (PLANT, ANIMAL) and card not in carried:
            continue
        if card < 0 or (bonus is not None and bonus.find == TUSK_FIND):
            each = max(1, state.data.tables.awards.tusk)
            count = bonus.count if bonus is not None else max(1, vp // each)
            if tusks <= 0:
                continue
            if tusks < count:  # some tusks were lost on the way: their share of the value
                vp = vp * tusks // count
            tusks -= min(tusks, count)
        kept.append((card, vp))
    explorer.finds = kept


def explain_leave_find(
    state: NileState, index: int, rule: str = "Source of the Nile, 9.6"
) -> IllegalAction | None:
    """9.6: only a tusk or specimen the expedition carries (refused by ``rule``)."""
    party = state.explorers[state.player].party
    if (party.tusks if index == 0 else len(party.specimens)) == 0:
        return refusal("no_find", "the expedition carries no {find}", rule, find=FIND_KINDS[index])
    return None


def finds_at_hand(kind: int) -> offers.Candidates:
    """9.6, 17.4: only the tusks and specimens carried."""

    def candidates(state: NileState) -> Iterable[int]:
        party = state.explorers[state.player].party
        base = state.tables.base[kind]
        return [base + index for index, held in enumerate((party.tusks, party.specimens)) if held]

    return candidates


LEAVE_FIND = Move(
    name="leave find",
    rule="Source of the Nile, 9.6, 20.71-20.73",
    notation=act.write_leave_find,
    offer=offers.exact(finds_at_hand(act.DROP_FIND)),
    explain=explain_leave_find,
    effect=leave_find,
)


def special_found(state: NileState, explorer: Explorer, kind: int) -> bool:
    """23.1-23.2: whether the explorer has found the discovery counter of ``kind`` (a face he
    has seen) and not yet published it."""
    return any(
        explorer.found_counters >> counter & 1 and face == kind
        for counter, face in enumerate(state.counter_kind)
    )


def stays_in(state: NileState, explorer: Explorer, hex_: int) -> None:
    """An explorer who has entered ``hex_`` and not retreated out of it: 22.9, 25.2, unpublished
    and fully mapped, he has explored it (decision N155); 23.1, he looks at its counter."""
    if not state.published[hex_] and state.territory.stage[hex_] == EXPLORED:
        explorer.survey(hex_)
    look_at_counter(state, explorer, hex_)
    look_for_oasis(state, explorer, hex_)
    must_search(state, explorer, hex_)


def look_at_counter(state: NileState, explorer: Explorer, hex_: int) -> None:
    """23.1: an explorer who has entered a discovery counter's hex and not retreated out of it
    looks at the counter; 23.2: what he found is his to publish."""
    for counter, where in enumerate(state.counter_hex):
        if where == hex_ and not explorer.found_counters >> counter & 1:
            explorer.found_counters |= 1 << counter
            explorer.counters |= 1 << counter
            state.emit(
                "counter-seen",
                player=state.player,
                counter=counter,
                discovery=state.counter_kind[counter],
            )
