"""Source of the Nile's heuristic player and joint expeditions (Game II, 29.0): when to ask to
join another expedition, how to answer a proposal, and when to leave. Part of the ``greedy``
bot (:mod:`~.greedy`).

Two expeditions gain by joining when neither drags the other down: the food of each lasts about
as long as the other's (pooled, it lasts as long as their average), and the pooled askaris fight
better (34.5). So an explorer asks to join, and agrees to be joined, only by an expedition
whose food lasts at least :data:`FAIR_FOOD` of his own; a partner stays with the expedition,
which carries his discoveries home for him (29.8), unless it turns for home while half of it
could go on exploring (``greedy``'s own judgement); a proposed division is accepted, since the
dice divide no better on average (29.7).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from terra.games.nile import actions as act
from terra.games.nile.bots.prospects import food_turns
from terra.games.nile.explorer import IN_EUROPE
from terra.games.nile.joint import leader_of, members_of
from terra.games.nile.offers import find_action
from terra.games.nile.outfitting import passage
from terra.games.nile.phases import ANSWER, Phase
from terra.games.nile.state import NileState

FAIR_FOOD = 0.75  # the other's food turns, as a share of his own, that an explorer accepts


def _fair(state: NileState, seat: int, other: int) -> bool:
    """Whether ``other``'s expedition brings food for at least :data:`FAIR_FOOD` of the turns
    that of ``seat`` lasts."""
    mine = food_turns(state.explorers[leader_of(state, seat)])
    theirs = food_turns(state.explorers[leader_of(state, other)])
    return theirs >= FAIR_FOOD * mine


def join_proposal(state: NileState, legal: list[int], going_home: bool) -> int:
    """29.4: ask to join an expedition in this hex whose food lasts about as long as ours, and
    which would say yes (it judges the same way); not on the way home. -1: none."""
    if going_home:
        return -1
    table = state.tables
    for action in legal:
        if table.kind[action] == act.JOIN:
            (other,) = table.args[action]
            if _fair(state, state.player, other) and _fair(state, other, state.player):
                return action
    return -1


def pooled_money(state: NileState, seats: list[int], port: int) -> int:
    """26.2, 29.2: what the donations of ``seats`` leave to outfit with at ``port`` once each
    has paid his passage (a free ticket of his own to it carries him)."""
    money = 0
    for seat in seats:
        fare, dollars = passage(state, seat, port)
        money += dollars - fare
    return money


def _reach(state: NileState, seats: list[int]) -> int:
    """The most ``seats``' pooled donations outfit with, at the best port."""
    ports = range(state.data.board.num_ports)
    return max(pooled_money(state, seats, port) for port in ports)


def europe_proposal(state: NileState, legal: list[int], least: int) -> int:
    """29.2: in Europe, ask an explorer there to pool donations when together they reach an
    expedition worth ``least`` dollars that alone neither does (so he agrees). -1: none."""
    table = state.tables
    seat = state.player
    for action in legal:
        if table.kind[action] == act.JOIN:
            (other,) = table.args[action]
            together = _reach(state, [*members_of(state, leader_of(state, other)), seat])
            if together >= least > _reach(state, members_of(state, leader_of(state, other))):
                return action
    return -1


def _answer(state: NileState, legal: list[int], rng: random.Random) -> int:
    """29.4: be joined by a fair expedition only; in Europe (29.2), when the pooled donations
    reach further than ours; 29.7: accept the division proposed."""
    proposal = state.proposal
    assert proposal is not None
    if proposal.join >= 0:
        ours = members_of(state, leader_of(state, state.player))
        if state.explorers[state.player].status == IN_EUROPE:
            gain = _reach(state, [*ours, proposal.proposer]) > _reach(state, ours)
        else:
            gain = _fair(state, state.player, proposal.proposer)
        if not gain:
            return find_action(state, act.REFUSE)
    return find_action(state, act.AGREE)


Chooser = Callable[[NileState, list[int], random.Random], int]
PARTNER_CHOOSERS: dict[Phase, Chooser] = {ANSWER: _answer}
