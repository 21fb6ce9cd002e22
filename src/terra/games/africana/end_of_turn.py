"""Africana, End of a Turn: Check Card Limits, then Replenish Expedition Cards, and the turn
passes on; and Game End, when the expedition pile cannot fill the display.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.africana.actions import adventure_card, every_adventure, slot_name
from terra.games.africana.components import Components
from terra.games.africana.rulebook import RULE_LIMITS, Phase

if TYPE_CHECKING:
    from terra.core.moves import Writer
    from terra.games.africana.state import AfricanaState

HAND_LIMIT = 5  # Check Card Limits: cards in hand, jokers and assistants included
ADVENTURE_LIMIT = 3  # Check Card Limits: unfinished adventures

# Read once: on Python 3.11 a member is looked up through the enum class's ``__getattr__``
# hook, several times slower than a module's name.
_CHOOSE = Phase.CHOOSE
_DISCARD = Phase.DISCARD
_DROP = Phase.DROP
_OVER = Phase.OVER


def end_of_turn(state: AfricanaState) -> None:
    """Africana, End of a Turn: check the card limits, then refill and pass the turn."""
    phase = check_card_limits(state)
    if phase != _CHOOSE:
        state.phase = phase
        return
    refill_expeditions(state)
    next_turn(state)


# --- Check Card Limits ------------------------------------------------------------------------


def check_card_limits(state: AfricanaState) -> Phase:
    """Africana, Check Card Limits: the phase the limits demand, or CHOOSE when none."""
    player = state.player
    if sum(state.hand[player]) > HAND_LIMIT:
        return _DISCARD
    if len(state.adventures[player]) > ADVENTURE_LIMIT:
        return _DROP
    return _CHOOSE


def write_discards(data: Components, out: Writer) -> None:
    """``discard grey``, ``discard grey assistant``, ``discard joker``: one action per hand
    slot; the argument is the slot."""
    for slot in range(2 * len(data.colours) + 1):
        out.add(f"discard {slot_name(data, slot)}", slot)


def discards(state: AfricanaState, out: list[int]) -> None:
    """Africana, Check Card Limits: discard any card held, jokers and assistants included."""
    base = state.tables.discard_base
    out += [base + slot for slot, count in enumerate(state.hand[state.player]) if count]


def explain_discard_card(state: AfricanaState, slot: int) -> IllegalAction | None:
    """Africana, Check Card Limits: a card the player holds."""
    if state.hand[state.player][slot]:
        return None
    data = state.data
    if slot < len(data.colours):
        return refusal(
            "no_travel_card_to_discard",
            "you hold no {colour} card to discard",
            RULE_LIMITS,
            colour=data.colours[slot],
        )
    return refusal(
        "no_card_to_discard",
        "you hold no {card} card to discard",
        RULE_LIMITS,
        card=slot_name(data, slot),
    )


def discard_card(state: AfricanaState, slot: int) -> None:
    """Africana, Check Card Limits: discard a card; jokers and assistants leave the game."""
    player = state.player
    state.hand[player][slot] -= 1
    colours = len(state.data.colours)
    if slot < colours:
        state.discard[slot] += 1
    else:
        state.retired[slot - colours] += 1
    state.emit("discard", player=player, card=slot_name(state.data, slot))
    end_of_turn(state)


DISCARD_CARD = Move(
    name="discard card",
    rule=RULE_LIMITS,
    notation=write_discards,
    offer=discards,
    explain=explain_discard_card,
    effect=discard_card,
    place=slot_name,
)


def drops(state: AfricanaState, out: list[int]) -> None:
    """Africana, Check Card Limits: discard any unfinished adventure."""
    base = state.tables.drop_base
    out += [base + card for card in state.adventures[state.player]]


def explain_drop_adventure(state: AfricanaState, card: int) -> IllegalAction | None:
    """Africana, Check Card Limits: one of the player's unfinished adventures."""
    if card in state.adventures[state.player]:
        return None
    return refusal(
        "adventure_not_yours",
        "adventure {card} is not one of your unfinished adventures",
        RULE_LIMITS,
        card=state.data.adventure_ids[card],
    )


def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card`` (cards before a player are tuples: clones share them)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def drop_adventure(state: AfricanaState, card: int) -> None:
    """Africana, Check Card Limits: an unfinished adventure above 3 is removed from the game."""
    player = state.player
    state.adventures[player] = without(state.adventures[player], card)
    state.emit("drop", player=player, adventure=state.data.adventure_ids[card])
    end_of_turn(state)


DISCARD_ADVENTURE = Move(
    name="discard adventure",
    rule=RULE_LIMITS,
    notation=every_adventure("discard"),
    offer=drops,
    explain=explain_drop_adventure,
    effect=drop_adventure,
    place=adventure_card,
)


# --- Replenish Expedition Cards, and Game End ---------------------------------------------------


def refill_expeditions(state: AfricanaState) -> None:
    """Africana, Replenish Expedition Cards: fill empty spaces left to right.

    When the pile cannot fill every empty space the end of the game is triggered (Game End);
    the spaces it can fill are filled (docs/rules-decisions.md).
    """
    spaces = state.spaces
    pile = state.pile
    for space, showing in enumerate(spaces):
        if showing >= 0:
            continue
        if pile:
            card = spaces[space] = pile.pop()
            state.emit("refill", space=space + 1, expedition=state.data.expedition_ids[card])
        elif not state.ending:
            state.ending = True
            state.emit("end_triggered", player=state.player)


def next_turn(state: AfricanaState) -> None:
    """Africana, Game End: after the trigger, play on until the seat right of the start player."""
    state.turn += 1
    if state.ending and state.player == state.num_players - 1:
        state.phase = _OVER
        state.emit("game_over", scores=state.scores())
        return
    state.player = (state.player + 1) % state.num_players
    state.phase = _CHOOSE
