"""Source of the Nile: the position as one seat may know it, and samples of the hidden rest.

Hidden from a seat: the order of the Event deck (4.2), the faces of the discovery counters it
has not looked at (23.1) unless published, and, during set-up, the ports the others chose
(4.5). Everything else is on the table or on open Player Aid Sheets.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from terra.games.nile import logistics
from terra.games.nile.actions import SPLIT_TERMS
from terra.games.nile.explorer import STATUS_NAMES, Explorer
from terra.games.nile.joint import partners_of
from terra.games.nile.movement import explain_stay
from terra.games.nile.party import Party
from terra.games.nile.phases import OUTFIT, PORT, RETREAT
from terra.games.nile.terms import GOOD_IDS
from terra.games.nile.territory import Territory

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def known_counters(state: NileState, seat: int | None) -> list[bool]:
    """Which counters' faces ``seat`` knows: looked at, or published (23.2)."""
    names = state.data.tables.special_names
    seen = 0 if seat is None else state.explorers[seat].counters
    return [
        bool(seen >> counter & 1) or (kind >= 0 and names[kind] in state.published_finds)
        for counter, kind in enumerate(state.counter_kind)
    ]


def map_view(territory: Territory) -> dict[str, Any]:
    """The explored map, hex by hex: the same for every seat (10.1)."""
    return {
        "terrain": list(territory.terrain),
        "partial": list(territory.partial),
        "river_in": list(territory.river_in),
        "river_out": list(territory.river_out),
        "source": list(territory.source),
        "cataract": list(territory.cataract),
        "oasis": list(territory.oasis),
        "tribe": list(territory.tribe),
        "tribe_size": list(territory.tribe_size),
        "waterfall": list(territory.waterfall),
        "peak": list(territory.peak),
        "lake_miles": list(territory.lake_miles),
    }


def party_view(party: Party) -> dict[str, Any]:
    """The Expedition Make-up (6.0), as its sheet shows it."""
    found: dict[str, Any] = {name: getattr(party, name) for name in Party.__slots__}
    found["specimens"] = list(party.specimens)
    return found


def _explorer(state: NileState, seat: int, viewer: int | None) -> dict[str, Any]:
    explorer: Explorer = state.explorers[seat]
    port_hidden = state.phase == PORT and seat != viewer
    deck = state.data.deck
    found: dict[str, Any] = {
        "specialty": explorer.specialty,
        "status": STATUS_NAMES[explorer.status],
        "hex": explorer.hex,
        "port": None if port_hidden else explorer.port,
        "mode": explorer.mode,
        "carries": explorer.carries,
        "party": party_view(explorer.party),
        "money": explorer.money,
        # 6.54-6.55: the load against what the expedition can carry, as on the open sheet
        "load": logistics.portage_cost(explorer.party, explorer.mode, state.data.tables),
        "capacity": logistics.transport_capability(
            explorer.party, explorer.mode, state.data.tables, explorer_works=explorer.carries
        ),
        "vp": explorer.vp,
        "vp_by": dict(explorer.vp_by),
        "unpublished_awards": explorer.awards,
        "finds": [card for card, _vp in explorer.finds],
        "friendly": sorted(explorer.friendly),
        "new_friends": list(explorer.new_friends),
        "caches": [
            {
                "hex": cache.hex,
                "contents": [list(item) for item in cache.contents],
                "tusks": cache.tusks,
                "specimens": list(cache.finds),
                "his": cache.owner == explorer.ident,  # else a dead explorer's (N141)
            }
            for cache in explorer.caches
        ],
        "donations": [
            {"dollars": deck.dollars[card], "ticket": deck.ticket[card] or None}
            for card in explorer.donations
        ],
        "known": sorted(explorer.visited),
    }
    if state.game_two:  # 34.222, 39.24, 39.5: his own dealings with tribes, on the open sheet
        # 29.3: the seat whose expedition he travels in, and the partners in his own
        found["joined"] = None if explorer.joined < 0 else explorer.joined
        found["partners"] = partners_of(explorer)
        found["negotiated"] = sorted(explorer.negotiated)
        found["tribe_bonus"] = {str(t): bonus for t, bonus in sorted(explorer.tribe_bonus.items())}
    return found


def prices(state: NileState) -> list[int | None] | None:
    """5.3, 5.426-5.427: while an explorer outfits, the price of each good at his port (by
    good, in the order of the goods), ``None`` for what the port does not sell."""
    if state.phase != OUTFIT:
        return None
    port = state.explorers[state.player].port
    if port < 0:
        return None
    data = state.data
    return [
        data.tables.price[good] if logistics.can_buy_at(data, good, port) else None
        for good in range(len(GOOD_IDS))
    ]


def retreat_choice(state: NileState) -> dict[str, Any] | None:
    """9.44-9.46, 10.291: after mapping a new hex the explorer may go back to the hex he came
    from; why staying is refused, when it is (a mode of travel the terrain refuses, or a swamp
    the canoes could not pay for)."""
    if state.phase != RETREAT:
        return None
    refused = explain_stay(state)
    return {
        "hex": state.explorers[state.player].hex,
        "back_to": state.turn.came_from,
        "stay_refused": None if refused is None else str(refused),
    }


def proposal_view(state: NileState) -> dict[str, Any] | None:
    """29.4, 29.7: the agreement asked for, in the open: who asks what, and who is still to
    answer."""
    proposal = state.proposal
    if proposal is None:
        return None
    return {
        "proposer": proposal.proposer,
        "join": None if proposal.join < 0 else proposal.join,
        "terms": None if proposal.terms < 0 else SPLIT_TERMS[proposal.terms],
        "waiting": list(proposal.waiting),
    }


def view(state: NileState, seat: int | None) -> dict[str, Any]:
    """The position as ``seat`` may know it (``None``: a spectator)."""
    territory = state.territory
    known = known_counters(state, seat)
    turn = state.turn
    encounter = state.encounter
    found: dict[str, Any] = {
        "game_two": state.game_two,  # 27.0: the rules of Game II
        "phase": state.phase.label,
        "player": None if state.is_over else state.player,
        "round": state.round,
        "target": state.target,
        "turn_limit": state.turn_limit,
        "first": state.first,
        "map": map_view(territory),
        "published": list(state.published),
        "counters": [
            {"hex": hex_, "discovery": kind if known[counter] else None}
            for counter, (hex_, kind) in enumerate(
                zip(state.counter_hex, state.counter_kind, strict=True)
            )
        ],
        "deck": len(state.deck),
        "discards": len(state.discards),
        "explorers": [_explorer(state, p, seat) for p in range(state.num_players)],
        "turn": {
            "activity": turn.activity,
            "allowance": turn.allowance,
            "spent": turn.spent,
            "lost": turn.lost,
            "stopped": turn.stopped,
            "chosen": [list(part) for part in turn.chosen],  # to publish: (part, index)
        },
        "prices": prices(state),
        "retreat": retreat_choice(state),
        "encounter": None
        if encounter is None
        else {"hex": encounter.hex, "tribe": encounter.tribe, "size": encounter.size},
    }
    if state.game_two:  # 39.1: every tribe's attitude toward all explorers, by tribe number
        found["map"]["attitude"] = list(territory.attitude)
        found["proposal"] = proposal_view(state)
        # 2.3: the game's place in its campaign, 1 for a game that continues none (N227)
        before = state.continues
        found["campaign_game"] = 1 if before is None else len(before.campaign()) + 1
    return found


def redeal(state: NileState, sample: NileState, seat: int, rng: random.Random) -> None:
    """Redeal what ``seat`` cannot know: the deck's order, the faces it has not seen, and the
    others' secret ports during set-up."""
    rng.shuffle(sample.deck)
    known = known_counters(state, seat)
    unknown = [counter for counter, seen in enumerate(known) if not seen]
    kinds = [sample.counter_kind[counter] for counter in unknown]
    rng.shuffle(kinds)
    for counter, kind in zip(unknown, kinds, strict=True):
        sample.counter_kind[counter] = kind
    if state.phase == PORT:
        ports = state.data.board.num_ports
        for other in range(sample.num_players):
            if other != seat and sample.explorers[other].port >= 0:
                sample.explorer(other).port = rng.randrange(ports)
