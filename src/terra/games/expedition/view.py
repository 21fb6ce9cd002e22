"""What each seat may know in Expedition, and states it cannot tell apart.

Hidden: the research cards in other hands (their number is public) except those marked with a
chip, the cards another player draws in an exchange, and the order of the deck. Public: the
arrows, chips, vouchers, laid-down cards, the public display, and the cards seen going under
the deck at setup (their places stay known to all until someone draws them). A seat also
remembers the cards it put under the deck itself (in an exchange), and everybody knows that a
site an expedition reached without anyone laying its card down has its card in the deck (until
someone draws unseen cards from the deck). A spectator knows what everybody knows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import reduce
from operator import and_
from typing import TYPE_CHECKING, Any

from terra.games.expedition import scoring
from terra.games.expedition.actions import ARROWS, EXPEDITIONS, colour_name
from terra.games.expedition.missions import surely_in_deck
from terra.games.expedition.routes import unpack
from terra.games.expedition.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState


# The stage of the game a view names: the loop arrow and the card to keep are moments of a
# turn of play.
STAGES = {Phase.MARKING: "marking", Phase.OVER: "over"}


def _ids(state: ExpeditionState, cards: Sequence[int]) -> list[str]:
    ids = state.data.point_ids
    return [ids[c] for c in cards]


def _bits(mask: int) -> list[int]:
    found = []
    card = 0
    while mask:
        if mask & 1:
            found.append(card)
        mask >>= 1
        card += 1
    return found


def common_knowledge(state: ExpeditionState) -> int:
    """The deck cards whose place every seat knows: those seen going under the deck at setup
    that nobody has drawn since (a card a seat put back itself is known to that seat alone)."""
    return reduce(and_, state.known)


def view(state: ExpeditionState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON-ready data (``None``: a spectator)."""
    data = state.data
    ids = data.point_ids
    players = []
    for p in range(state.num_players):
        hand = state.hand[p]
        entry: dict[str, Any] = {
            "seat": p,
            "cards_in_hand": len(hand),
            "marked": _ids(state, sorted(c for c in hand if state.chip[c] == p)),
            "laid_down": _ids(state, state.laid[p]),
            "vouchers": state.vouchers[p],
            "chips_placed": state.chips_placed[p],
            "chips_back": state.chips_back[p],
            "chips_on_board": _ids(state, [s for s, owner in enumerate(state.chip) if owner == p]),
            "score": scoring.breakdown(state, p),
        }
        if p == seat:
            entry["hand"] = _ids(state, sorted(hand))
        players.append(entry)

    expeditions = []
    for colour in range(EXPEDITIONS):
        arrows = []
        for arrow in state.arrows[colour]:
            _, origin, target = unpack(arrow)
            arrows.append([ids[origin], ids[target]])
        expeditions.append(
            {
                "colour": colour_name(colour),
                "arrows": arrows,
                "end": ids[state.end[colour]],
                "arrows_left": ARROWS - len(arrows),
                "looped_this_turn": bool(state.looped >> colour & 1),
            }
        )

    deck = state.deck
    known = state.known[seat] if seat is not None else common_knowledge(state)
    current = state.current_player
    turn: dict[str, Any] = {
        "number": state.turn + 1,
        "player": current,
        "phase": STAGES.get(state.phase, "playing"),
        "arrows_due": state.must,
        "arrows_optional": state.may,
        "vouchers_used": state.spent,
        "loop": None if state.loop < 0 else colour_name(state.loop),
        "loop_from": _ids(state, _bits(state.loop_from)),
        "cards_drawn": len(state.drawn),
    }
    if state.drawn and seat == current:
        turn["drawn"] = _ids(state, state.drawn)

    return {
        "players": players,
        "turn": turn,
        "expeditions": expeditions,
        "public_missions": _ids(state, state.public),
        "deck": {
            "size": len(deck),
            "known_places": [
                [len(deck) - 1 - i, ids[c]] for i, c in enumerate(deck) if known >> c & 1
            ],
            "surely_inside": _ids(state, _bits(surely_in_deck(state, seat))),
            "rejected_at_setup": _ids(state, list(state.rejected)),
        },
    }


def redeal(state: ExpeditionState, sample: ExpeditionState, seat: int, rng: random.Random) -> None:
    """Make ``sample`` (a clone of ``state``) a state ``seat`` cannot tell from it.

    The unmarked cards of the other hands, another player's drawn cards and the deck cards
    whose place ``seat`` does not know are shuffled among those places; cards everybody knows
    to be in the deck stay in it. What the other seats remember of the deck is kept by place.
    """
    shuffle = rng.shuffle
    known = state.known[seat]
    others = [p for p in range(state.num_players) if p != seat]
    remembered = {
        q: [i for i, c in enumerate(state.deck) if state.known[q] >> c & 1] for q in others
    }

    slots_deck = [i for i, c in enumerate(state.deck) if not known >> c & 1]
    pool_deck = [state.deck[i] for i in slots_deck]
    pool_hands: list[int] = []
    for q in others:
        pool_hands += [c for c in state.hand[q] if state.chip[c] != q]
    drawn = state.drawn if state.player != seat else []
    pool = pool_deck + pool_hands + drawn
    sure = surely_in_deck(state, seat)
    forced = [c for c in pool if sure >> c & 1]
    loose = [c for c in pool if state.in_deck >> c & 1 and not sure >> c & 1]  # deck or drawn
    free = [c for c in pool if not state.in_deck >> c & 1]
    shuffle(free)
    not_in_hands = loose + free[: len(slots_deck) + len(drawn) - len(forced) - len(loose)]
    rest = free[len(not_in_hands) - len(loose) :]
    if drawn:
        shuffle(not_in_hands)
    into_deck = forced + not_in_hands[len(drawn) :]
    shuffle(into_deck)
    for i, card in zip(slots_deck, into_deck, strict=True):
        sample.deck[i] = card
    taken = 0
    for q in others:
        hand = sample.hand[q]
        for i, card in enumerate(hand):
            if state.chip[card] != q:
                hand[i] = rest[taken]
                taken += 1
    if drawn:
        sample.drawn = not_in_hands[: len(drawn)]
    for q in others:
        mask = 0
        for i in remembered[q]:
            mask |= 1 << sample.deck[i]
        sample.known[q] = mask
