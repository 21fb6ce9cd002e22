"""Expedition, Research Missions and Public Research Missions: a card laid down wherever an
expedition reaches its site, the public display, and what everybody knows of the deck; with
Variant B's win by taking back every chip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.expedition.game_end import end_game

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

PUBLIC = 6  # public research missions on display


def lay_down_missions(state: ExpeditionState, site: int) -> None:
    """Expedition, Research Missions: whoever holds the card of the site reached lays it down at
    once, even out of turn, and takes back their chip if one lies there."""
    data = state.data
    laid_down = False
    for p, hand in enumerate(state.hand):
        if site in hand:
            hand.remove(site)
            state.laid[p] += (site,)
            laid_down = True
            chip = state.chip[site] == p
            if chip:
                state.chip[site] = -1
                state.chips_back[p] += 1
            state.emit("lay_down", player=p, card=data.point_ids[site], chip=chip)
            if chip and state.options.get("variant_b") and all_chips_back(state, p):
                state.winner = p
                end_game(state)
                return
    if laid_down:  # everybody saw where the card went
        return
    for laid in state.laid:
        if site in laid:
            return
    if site not in state.public:
        state.in_deck |= 1 << site  # nobody holds it: everybody now knows it is in the deck


def all_chips_back(state: ExpeditionState, player: int) -> bool:
    """Expedition, Variant B: a player who placed chips has taken every one of them back."""
    return 0 < state.chips_placed[player] == state.chips_back[player]


def claim_public_mission(state: ExpeditionState, site: int) -> None:
    """Expedition, Public Research Missions: only the player whose turn it is claims a public
    mission reached; a new one is drawn at once (and claimed too if an expedition stands on it)."""
    data = state.data
    p = state.player
    while site in state.public:
        state.public.remove(site)
        state.laid[p] += (site,)
        state.emit("claim", player=p, card=data.point_ids[site])
        if not state.deck:
            return
        card = state.deck.pop()
        state.public.append(card)
        forget(state, card)
        state.emit("public", card=data.point_ids[card])
        site = card if card in state.end else -1


def refill_public_missions(state: ExpeditionState) -> None:
    """Expedition, Marking Research Destinations: the display is filled up to six again; a card
    drawn now counts wherever it is."""
    while len(state.public) < PUBLIC and state.deck:
        card = state.deck.pop()
        state.public.append(card)
        forget(state, card)
        state.emit("public", card=state.data.point_ids[card])


def forget(state: ExpeditionState, card: int) -> None:
    """A card leaves the deck face up: nobody needs to remember where it was."""
    mask = ~(1 << card)
    state.in_deck &= mask
    known = state.known
    for p in range(state.num_players):
        known[p] &= mask


def surely_in_deck(state: ExpeditionState, seat: int | None) -> int:
    """Expedition, Research Missions: the cards ``seat`` knows to be in the deck (``None``: what
    everybody knows). The card of a site an expedition reached without anyone laying it down is
    there. While a player holds the cards drawn in an exchange, such a card may be among them:
    that player knows, the others stay sure only of the cards whose place below they know."""
    sure = state.in_deck
    if state.drawn:
        if seat == state.player:
            for card in state.drawn:
                sure &= ~(1 << card)
        elif seat is not None:
            sure &= state.known[seat]
        else:
            for known in state.known:
                sure &= known
    return sure
