"""Source of the Nile 29.0 Joint Expeditions (Game II): explorers in one hex join forces in a
single expedition (29.1, 29.4), which moves once a round, in the turn of the partner who plays
last (29.3); a partner leaves it when he will (29.6), and natives who defeat it scatter it
(29.5, in :mod:`~.defeat`); whenever it splits, what it holds is divided as the partners agree,
or by the dice (29.7); what it discovers goes on every partner's sheet, to score for the first
who publishes it (29.8).

Agreements are moves: ``join blue`` asks to join the expedition blue's explorer travels in,
``split evenly`` and ``split alone`` propose a division, and each other partner answers ``agree``
or ``refuse`` in the order of play; ``split by dice`` asks for no agreement (decisions
N214-N219; a refused join is not asked again that turn, N229).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move, checked, fixed
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.chance import roll
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE, Explorer
from terra.games.nile.party import Party, named_counts
from terra.games.nile.phases import ACTIVITY, ANSWER, EUROPE, JOINT, Phase, cite
from terra.games.nile.records import Proposal
from terra.games.nile.sequence import end_turn
from terra.games.nile.terms import FOOT

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_JOIN = cite("29.1, 29.2, 29.4")
RULE_SPLIT = cite("29.6-29.7")

# A split's terms, the argument of ``split``: half of everything, nothing but himself, or each
# person, animal and item to the highest die (29.7).
EVENLY, ALONE, BY_DICE = range(3)
TERMS = act.SPLIT_TERMS
# What a division shares out: the people, animals and items an expedition counts (29.7, with
# the tusks and the fresh food, decision N217); the specimens go one by one too.
SHARED = (
    "bearers",
    "guides",
    "askaris",
    "sick_bearers",
    "sick_guides",
    "sick_askaris",
    "horses",
    "camels",
    "canoes",
    "rations",
    "fresh",
    "gifts",
    "muskets",
    "water",
    "tusks",
)


# --- who travels together ------------------------------------------------------------------


def leader_of(state: NileState, seat: int) -> int:
    """The seat whose expedition ``seat``'s explorer travels in: his own, or his leader's."""
    joined = state.explorers[seat].joined
    return seat if joined < 0 else joined


def partners_of(explorer: Explorer) -> list[int]:
    """The seats travelling in ``explorer``'s expedition besides him."""
    leads = explorer.leads
    return [seat for seat in range(leads.bit_length()) if leads >> seat & 1]


def members_of(state: NileState, leader: int) -> list[int]:
    """Every seat of ``leader``'s expedition, in the order of play from the first seat."""
    seats = [leader, *partners_of(state.explorers[leader])]
    return sorted(seats, key=lambda seat: _place(state, seat))


def _place(state: NileState, seat: int) -> int:
    """Where ``seat`` plays in a round (8.1): 0 for the first."""
    return (seat - state.first) % state.num_players


def last_in_round(state: NileState, seats: Iterable[int]) -> int:
    """29.3: of ``seats``, the one whose turn comes last in a round: the expedition moves then."""
    return max(seats, key=lambda seat: _place(state, seat))


def _after(state: NileState, seat: int, seats: Iterable[int]) -> tuple[int, ...]:
    """``seats`` in the order of play, starting after ``seat``."""
    return tuple(sorted(seats, key=lambda other: (other - seat) % state.num_players))


def land_together(state: NileState, leader: int) -> None:
    """29.2: a joint expedition formed in Europe lands as one: the partners count in the
    leader's expedition, and what it finds goes on their sheets from here (29.8)."""
    head = state.explorer(leader)
    head.party.partners = len(partners_of(head))
    for seat in partners_of(head):
        state.explorer(seat).joined_at = head.records()


def carry_partners(state: NileState, leader: Explorer) -> None:
    """29.3: the partners travel where the expedition goes."""
    for seat in partners_of(leader):
        state.explorer(seat).hex = leader.hex


# --- what the expedition discovered (29.8) -------------------------------------------------


def share_discoveries(state: NileState, leader: int) -> None:
    """29.8: what the expedition found since each partner joined it goes on his sheet too: the
    hexes, the discovery counters, the finds, the friendly tribes and the epic journeys; the
    first to publish a discovery scores it, as with any discovery already published."""
    head = state.explorers[leader]
    for seat in partners_of(head):
        partner = state.explorer(seat)
        since = partner.joined_at
        for hex_ in head.visited[since.visited :]:
            partner.visit(hex_)
            if hex_ in head.surveyed:
                partner.survey(hex_)
        for tribe in head.new_friends[since.friends :]:
            if tribe not in partner.friendly:
                partner.friendly.add(tribe)
                partner.new_friends.append(tribe)
        partner.finds.extend(head.finds[since.finds :])
        found = head.found_counters & ~since.counters
        partner.found_counters |= found
        partner.counters |= found
        partner.epics.extend(head.epics[since.epics :])
        partner.met |= head.met
        partner.oases |= head.oases
        partner.joined_at = head.records()


# --- forming and dividing -------------------------------------------------------------------


def _pool(parties: Iterable[Party]) -> Party:
    """Everything the parties hold, in one (the explorers' own health stays theirs)."""
    pool = Party()
    for party in parties:
        for name in SHARED:
            setattr(pool, name, getattr(pool, name) + getattr(party, name))
        pool.specimens.extend(party.specimens)
        pool.camels_thirsty = pool.camels_thirsty or party.camels_thirsty
    return pool


def _lead(state: NileState, seats: list[int], pool: Party) -> int:
    """29.3: ``seats`` travel as one expedition holding ``pool``, led by the last of them to
    play in a round; each keeps his own health, a partner nothing else. The leader, returned,
    keeps his mode of travel; the partners' sheets start sharing from here (29.8)."""
    leader = last_in_round(state, seats)
    head = state.explorer(leader)
    pool.explorer_sick = head.party.explorer_sick
    pool.debased = head.party.debased
    pool.partners = len(seats) - 1
    head.party = pool
    head.joined = -1
    head.leads = 0
    for seat in seats:
        if seat != leader:
            partner = state.explorer(seat)
            partner.party = Party(explorer_sick=partner.party.explorer_sick)
            partner.joined = leader
            partner.leads = 0
            partner.carries = False
            partner.hex = head.hex
            partner.joined_at = head.records()
            head.leads |= 1 << seat
    return leader


def travel_alone(state: NileState, seat: int, party: Party) -> None:
    """``seat``'s explorer travels alone again with ``party``, his own health kept."""
    explorer = state.explorer(seat)
    party.explorer_sick = explorer.party.explorer_sick
    party.partners = 0
    explorer.party = party
    explorer.joined = -1
    explorer.leads = 0


def merge(state: NileState, proposer: int, other: int) -> int:
    """29.4: ``proposer``'s expedition and the one ``other`` travels in become one; the seat
    that leads it is returned."""
    leader = leader_of(state, other)
    share_discoveries(state, leader)
    seats = [*members_of(state, leader), proposer]
    pool = _pool(state.explorers[seat].party for seat in seats)
    head = _lead(state, seats, pool)
    state.emit("joined", player=proposer, subject=head, partners=len(seats))
    return head


def split_off(state: NileState, seat: int, terms: int) -> None:
    """29.6-29.7: ``seat``'s explorer leaves the joint expedition with his share of it, on the
    agreed ``terms`` or by the dice; the others go on together (their leader keeps the mode of
    travel, a new one goes on foot), or alone when one is left."""
    leader = leader_of(state, seat)
    share_discoveries(state, leader)
    rest = [other for other in members_of(state, leader) if other != seat]
    pool = state.explorers[leader].party
    if terms == BY_DICE:
        won = divide(state, pool, [seat, -1])
        taken, left = won[seat], won[-1]
    else:
        taken, left = _agreed(pool, terms)
    mode = state.explorers[leader].mode
    if seat == state.player:  # decision N229: not to be joined again this turn
        _bar(state, rest)
    travel_alone(state, seat, taken)
    head = rest[0] if len(rest) == 1 else _lead(state, rest, left)
    if len(rest) == 1:
        travel_alone(state, head, left)
    state.explorer(seat).mode = mode if seat == leader else FOOT
    state.explorer(head).mode = mode if head == leader else FOOT
    state.emit("split", player=seat, terms=TERMS[terms], took=named_counts(taken))


def _agreed(pool: Party, terms: int) -> tuple[Party, Party]:
    """29.7 by agreement: what the one who splits off takes (half of everything, rounded down,
    or nothing) and what the others keep."""
    taken, left = Party(), Party()
    for name in SHARED:
        held = getattr(pool, name)
        half = held // 2 if terms == EVENLY else 0
        setattr(taken, name, half)
        setattr(left, name, held - half)
    half = len(pool.specimens) // 2 if terms == EVENLY else 0
    taken.specimens = pool.specimens[:half]
    left.specimens = pool.specimens[half:]
    left.camels_thirsty = pool.camels_thirsty
    return taken, left


def divide(state: NileState, pool: Party, sides: list[int]) -> dict[int, Party]:
    """29.7 without agreement: for each person, animal and item every side rolls a die and the
    highest takes it, the tied rolling again. A side is an explorer, or -1 for the partners who
    stay together when one splits off (they roll as one, decision N217)."""
    won: dict[int, Party] = {side: Party() for side in sides}
    for name in SHARED:
        for _ in range(getattr(pool, name)):
            winner = won[_high_roller(state, sides)]
            setattr(winner, name, getattr(winner, name) + 1)
    for specimen in pool.specimens:
        won[_high_roller(state, sides)].specimens.append(specimen)
    return won


def _high_roller(state: NileState, sides: list[int]) -> int:
    """29.7: one die each; the highest wins, the tied throw again."""
    rolling = sides
    while True:
        throws = [(roll(state), side) for side in rolling]
        best = max(die for die, _side in throws)
        rolling = [side for die, side in throws if die == best]
        if len(rolling) == 1:
            return rolling[0]


def leave(state: NileState, seat: int) -> None:
    """21.2-21.3 in a joint expedition: an explorer who dies or retires leaves it and takes
    nothing; the others go on with everything (decision N218)."""
    explorer = state.explorers[seat]
    if explorer.joined < 0 and not explorer.leads:
        return
    leader = leader_of(state, seat)
    share_discoveries(state, leader)
    seats = [other for other in members_of(state, leader) if other != seat]
    pool = _pool([state.explorers[leader].party])
    mode = state.explorers[leader].mode
    travel_alone(state, seat, Party(explorer_sick=explorer.party.explorer_sick))
    if len(seats) == 1:
        travel_alone(state, seats[0], pool)
        state.explorer(seats[0]).mode = mode
    else:
        state.explorer(_lead(state, seats, pool)).mode = mode


def disband(state: NileState, leader: int, status: int) -> None:
    """21.4-21.5: the joint expedition sails for Europe together, where it is disbanded: every
    partner goes with ``status`` and publishes for himself."""
    head = state.explorer(leader)
    if not head.leads:
        return
    share_discoveries(state, leader)
    for seat in partners_of(head):
        partner = state.explorer(seat)
        partner.status = status
        partner.joined = -1
    head.leads = 0
    head.party.partners = 0


# --- the moves ------------------------------------------------------------------------------


def explain_join(state: NileState, seat: int) -> IllegalAction | None:
    """29.1, 29.2, 29.4: in Game II an explorer travelling alone may ask, at the start of his
    turn, to join the expedition of another explorer in his hex, or in Europe where both are
    (decision N214)."""
    if not state.game_two:
        return refusal("joint_game_two", "joint expeditions are a rule of Game II", RULE_JOIN)
    if not _asks_alone(state):
        return refusal(
            "join_alone_first",
            "only an explorer travelling alone may ask to join another, at the start of his turn",
            RULE_JOIN,
        )
    if not _in_company(state, seat):
        return refusal(
            "join_same_hex",
            "an expedition can be joined only in the hex it is in, or in Europe",
            RULE_JOIN,
        )
    if _refused(state, seat):
        return refusal(
            "join_refused",
            "that expedition refused to be joined this turn: ask again in a later turn",
            RULE_JOIN,
        )
    return None


def _bar(state: NileState, seats: Iterable[int]) -> None:
    """Decision N229: the expedition of ``seats`` is not to be asked again this turn by the
    explorer to act."""
    for seat in seats:
        state.turn.refused |= 1 << seat


def _refused(state: NileState, seat: int) -> bool:
    """Decision N229: an expedition that refused the explorer to act, or that he has just left,
    is not asked again in the same turn (else a proposal and its refusal, or a join and a
    split, could follow one another for ever)."""
    return bool(state.turn.refused >> seat & 1)


def _asks_alone(state: NileState) -> bool:
    """29.1, 29.4: the explorer to act travels alone, at the start of his turn in Africa or in
    Europe."""
    explorer = state.explorers[state.player]
    return (
        explorer.joined < 0
        and not explorer.leads
        and (state.phase, explorer.status) in ((ACTIVITY, IN_AFRICA), (EUROPE, IN_EUROPE))
    )


def _in_company(state: NileState, seat: int) -> bool:
    """29.2, 29.4: seat ``seat``'s explorer is another, in the hex of the explorer to act, or
    in Europe with him."""
    if seat >= state.num_players or seat == state.player:
        return False
    explorer = state.explorers[state.player]
    other = state.explorers[seat]
    return other.status == explorer.status and (
        explorer.status != IN_AFRICA or other.hex == explorer.hex
    )


def propose_join(state: NileState, seat: int) -> None:
    """29.4: ask every explorer of the expedition ``seat`` travels in, in the order of play."""
    asked = _after(state, state.player, members_of(state, leader_of(state, seat)))
    state.emit("join-proposed", player=state.player, subject=seat)
    _ask(state, Proposal(state.player, seat, -1, asked, state.phase))


def explain_split(state: NileState, terms: int) -> IllegalAction | None:
    """29.6: a partner splits off at the start of his turn, the leader at the start of the
    expedition's move, or either in Europe before it sails (decision N214)."""
    explorer = state.explorers[state.player]
    if not (explorer.joined >= 0 or explorer.leads) or state.phase not in (ACTIVITY, JOINT, EUROPE):
        return refusal(
            "split_not_joint",
            "only a partner of a joint expedition splits from it, at the start of his turn",
            RULE_SPLIT,
        )
    return None


def propose_split(state: NileState, terms: int) -> None:
    """29.7: the division proposed to the other partners, or the dice at once."""
    seat = state.player
    if terms == BY_DICE:
        split_off(state, seat, BY_DICE)
        _resume(state, state.phase)
        return
    others = [other for other in members_of(state, leader_of(state, seat)) if other != seat]
    state.emit("split-proposed", player=seat, terms=TERMS[terms])
    _ask(state, Proposal(seat, -1, terms, _after(state, seat, others), state.phase))


def _ask(state: NileState, proposal: Proposal) -> None:
    state.proposal = proposal
    state.phase = ANSWER
    state.player = proposal.waiting[0]


def agree(state: NileState) -> None:
    """29.4, 29.7: one partner agrees; the last agreement carries the proposal out."""
    proposal = state.proposal
    assert proposal is not None
    state.emit("agreed", player=state.player, subject=proposal.proposer)
    waiting = proposal.waiting[1:]
    if waiting:
        _ask(state, replace(proposal, waiting=waiting))
        return
    _carry_out(state, proposal, proposal.terms)


def refuse(state: NileState) -> None:
    """29.4: one refusal keeps the expeditions apart; 29.7: a division refused is made by the
    dice."""
    proposal = state.proposal
    assert proposal is not None
    state.emit("refused", player=state.player, subject=proposal.proposer)
    if proposal.join >= 0:
        _bar(state, members_of(state, leader_of(state, proposal.join)))
        state.proposal = None
        state.player = proposal.proposer
        state.phase = proposal.back
        return
    _carry_out(state, proposal, BY_DICE)


def _carry_out(state: NileState, proposal: Proposal, terms: int) -> None:
    state.proposal = None
    state.player = proposal.proposer
    if proposal.join >= 0:
        leader = merge(state, proposal.proposer, proposal.join)
        if leader == proposal.proposer:
            state.phase = proposal.back
        else:  # 29.3: the joint expedition moves in a later turn of this round
            end_turn(state)
        return
    split_off(state, proposal.proposer, terms)
    _resume(state, proposal.back)


def _resume(state: NileState, back: Phase) -> None:
    """After a split the explorer goes on with his turn, alone: a partner's turn in Africa
    starts now; in Europe he goes on choosing there."""
    state.phase = EUROPE if back == EUROPE else ACTIVITY


def explain_answer(state: NileState) -> IllegalAction | None:
    """29.4, 29.7: an answer to a proposal made to this seat."""
    if state.proposal is None or state.phase != ANSWER:
        return refusal("nothing_to_answer", "no proposal waits for your answer", RULE_JOIN)
    return None


def _alone_in_company(state: NileState) -> Iterable[int]:
    """29.4: the explorers in the hex of one travelling alone, in Game II."""
    if not state.game_two or not _asks_alone(state):
        return ()
    base = state.tables.base[act.JOIN]
    return [
        base + seat
        for seat in range(state.num_players)
        if _in_company(state, seat) and not _refused(state, seat)
    ]


def _joint(state: NileState) -> Iterable[int]:
    explorer = state.explorers[state.player]
    if not state.game_two or not (explorer.joined >= 0 or explorer.leads):
        return ()
    return offers.actions_of(state, act.SPLIT)


JOIN = Move(
    name="join",
    rule="Source of the Nile, 29.1, 29.4",
    notation=act.write_join,
    offer=offers.exact(_alone_in_company),
    explain=explain_join,
    effect=propose_join,
)

SPLIT = Move(
    name="split",
    rule="Source of the Nile, 29.6-29.7",
    notation=act.write_split,
    offer=checked(_joint, explain_split),
    explain=explain_split,
    effect=propose_split,
)

AGREE = Move(
    name="agree",
    rule="Source of the Nile, 29.4, 29.7",
    notation=fixed("agree"),
    offer=offers.always(act.AGREE),
    explain=explain_answer,
    effect=agree,
)

REFUSE = Move(
    name="refuse",
    rule="Source of the Nile, 29.4, 29.7",
    notation=fixed("refuse"),
    offer=offers.always(act.REFUSE),
    explain=explain_answer,
    effect=refuse,
)
