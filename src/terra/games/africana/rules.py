"""Africana's rules, one function per rule, named and ordered as in the rulebook.

Every function here trusts that the action is legal (``legal_actions`` decides that, and
``explain`` says why something is not); they only carry the rule out. Sections cited are those
of the English rulebook (Z-Man 2012).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from terra.games.africana import actions as act

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

# Phases of a turn.
CHOOSE, BUYING, MOVING, DISCARDING, DROPPING, OVER = range(6)
PHASE_NAMES = ("choose", "buy", "move", "discard", "drop", "over")

CARDS_DRAWN = 2  # A) Draw travel cards
ADVENTURE_PRICE = 5  # B) Buy adventure cards
PAGE_PRICE = 1  # B) each page after the first in an action
RECOLOUR_PRICE = 5  # C) Change Travel Card Color
MARKERS = 4  # Game Setup: 4 company markers each
HAND_LIMIT = 5  # End of a Turn - Check Card Limits
ADVENTURE_LIMIT = 3  # End of a Turn - Check Card Limits
C_REMOVED = {2: 10, 3: 7, 4: 4}  # Game Setup: C cards removed unseen by player count

RULE_SETUP = "Africana, Game Setup"
RULE_TURN = "Africana, Gameplay"
RULE_DRAW = "Africana, A) Draw travel cards"
RULE_BUY = "Africana, B) Buy adventure cards"
RULE_MOVE = "Africana, C) Move explorer - Movement"
RULE_RECOLOUR = "Africana, C) Move explorer - Change Travel Card Color"
RULE_JOIN = "Africana, C) Move explorer - Joining Expeditions"
RULE_END_EXPEDITION = "Africana, C) Move explorer - Ending An Expedition"
RULE_END_ADVENTURE = "Africana, C) Move explorer - Ending An Adventure"
RULE_LIMITS = "Africana, End of a Turn - Check Card Limits"
RULE_REFILL = "Africana, End of a Turn - Replenish Expedition Cards"
RULE_END = "Africana, Game End"


def set_up(state: AfricanaState) -> None:
    """Africana, Game Setup: expedition pile and spaces, books, travel deck, companies."""
    data = state.data
    rng = state.rng
    players = state.num_players
    colours = len(data.colours)

    decks: list[list[int]] = [[], [], []]
    for card, deck in enumerate(data.expedition_deck):
        decks[deck].append(card)
    for deck_cards in decks:
        rng.shuffle(deck_cards)
    removed = C_REMOVED[players]
    state.removed = tuple(decks[2][:removed])
    state.pile = decks[2][removed:] + decks[1] + decks[0]  # A on top, the top is the end
    state.spaces = [state.pile.pop() for _ in data.bonus_silver]
    state.joined = [0] * len(state.spaces)

    state.left = [[], []]
    state.right = [[], []]
    state.seen = 0
    for book in (0, 1):
        cards = [c for c, b in enumerate(data.adventure_book) if b == book]
        rng.shuffle(cards)
        state.right[book] = cards
        _reveal_tops(state, book)

    state.deck = [colour for colour in range(colours) for _ in range(data.cards_per_colour)]
    rng.shuffle(state.deck)
    state.discard = [0] * colours
    state.supply = [data.assistants_per_colour] * colours
    state.retired = [0] * (colours + 1)

    slots = state.tables.hand_slots
    state.loc = []
    state.silver = []
    state.hand = []
    for company in data.companies[:players]:
        state.loc.append(company.start)
        state.silver.append(company.silver)
        hand = [0] * slots
        hand[state.tables.joker] = 1
        state.hand.append(hand)
    for player in range(players):
        draw_into_hand(state, player, 1)
    state.markers = [0] * players
    state.adventures = [() for _ in range(players)]
    state.won_expeditions = [() for _ in range(players)]
    state.won_adventures = [() for _ in range(players)]

    state.phase = CHOOSE
    state.player = 0
    state.turn = 0
    state.ending = False
    state.pages = 0
    state.played = [0] * slots


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card`` (cards before a player are tuples: clones share them)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def log(state: AfricanaState, key: str, **args: Any) -> None:
    """Append an event to the game log."""
    state.emit(key, **args)


# --- A) Draw travel cards -------------------------------------------------------------------


def replace_empty_draw_pile(state: AfricanaState) -> None:
    """Africana, A) Draw travel cards: should the draw pile run out, the discard pile is
    shuffled face down as the new draw pile. Cards discarded later start a new discard pile.

    Called the moment the last card is drawn. A pile that runs out while the discard pile is
    empty stays empty until a card is needed (docs/rules-decisions.md).
    """
    deck = state.deck
    if deck:
        return
    discard = state.discard
    total = sum(discard)
    if not total:
        return
    for colour, count in enumerate(discard):
        deck.extend([colour] * count)
    state.discard = [0] * len(discard)
    state.rng.shuffle(deck)
    log(state, "reshuffle", cards=total)


def draw_into_hand(state: AfricanaState, player: int, count: int) -> list[str]:
    """Africana, A) Draw travel cards: up to ``count`` cards from the top of the draw pile into
    ``player``'s hand; the colours drawn. With both piles empty nothing more is drawn.

    A pile that runs out in the middle is replaced before the next card; the caller replaces
    one that ran out with the last card (``replace_empty_draw_pile``) once it has logged the
    draw, so the log tells the events in their order.
    """
    hand = state.hand[player]
    deck = state.deck
    colours = state.data.colours
    drawn = []
    for _ in range(count):
        if not deck:
            replace_empty_draw_pile(state)
            if not deck:
                break
        colour = deck.pop()
        hand[colour] += 1
        drawn.append(colours[colour])
    return drawn


def draw_travel_cards(state: AfricanaState, _arg: int, _pay: int) -> None:
    """Africana, A) Draw travel cards: draw 2 travel cards; the turn then ends."""
    drawn = draw_into_hand(state, state.player, CARDS_DRAWN)
    log(state, "draw", player=state.player, count=len(drawn), cards=drawn)
    replace_empty_draw_pile(state)
    end_of_turn(state)


# --- B) Buy adventure cards -----------------------------------------------------------------


def start_buying(state: AfricanaState, _arg: int, _pay: int) -> None:
    """Africana, B) Buy adventure cards: choose the action; no page turned yet."""
    state.phase = BUYING
    state.pages = 0
    log(state, "choose_buy", player=state.player)


def book_of(state: AfricanaState) -> int:
    """Africana, B): the book a player may use is the one of the explorer's hemisphere."""
    return state.data.hemisphere[state.loc[state.player]]


def page_cost(state: AfricanaState) -> int:
    """Africana, B): the first page turned in an action is free, each further one 1 silver."""
    return PAGE_PRICE if state.pages else 0


def _reveal_tops(state: AfricanaState, book: int) -> None:
    """What shows on top of either half of a book is seen by the whole table."""
    for stack in (state.left[book], state.right[book]):
        if stack:
            state.seen |= 1 << stack[-1]


def turn_page(state: AfricanaState, forward: int, _pay: int) -> None:
    """Africana, B): turn one page of the book, forwards (right to left) or backwards."""
    player = state.player
    book = book_of(state)
    cost = page_cost(state)
    state.silver[player] -= cost
    state.pages += 1
    source, target = (
        (state.right[book], state.left[book]) if forward else (state.left[book], state.right[book])
    )
    target.append(source.pop())
    _reveal_tops(state, book)
    log(
        state,
        "turn_page",
        player=player,
        book=("north", "south")[book],
        direction="forward" if forward else "back",
        cost=cost,
    )


def buy_adventure(state: AfricanaState, card: int, _pay: int) -> None:
    """Africana, B): pay 5 silver and take a card showing on top of either half of the book."""
    player = state.player
    book = state.data.adventure_book[card]
    left = state.left[book]
    (left if left and left[-1] == card else state.right[book]).pop()
    state.silver[player] -= ADVENTURE_PRICE
    state.adventures[player] += (card,)
    _reveal_tops(state, book)
    log(state, "buy", player=player, adventure=state.data.adventure_ids[card])


# --- C) Move explorer -----------------------------------------------------------------------


def start_moving(state: AfricanaState, _arg: int, _pay: int) -> None:
    """Africana, C) Move explorer: choose the action; no card played yet."""
    state.phase = MOVING
    log(state, "choose_move", player=state.player)


def step(state: AfricanaState, destination: int, pay: int) -> None:
    """Africana, C) Movement: move along a route, playing a card that fits the destination.

    A recoloured card (Change Travel Card Color) costs 5 silver and fits any destination. Played
    cards stay on the table until the action ends.
    """
    player = state.player
    slots = state.tables.hand_slots
    slot = pay if pay < slots else pay - slots
    state.hand[player][slot] -= 1
    state.played[slot] += 1
    if pay >= slots:
        state.silver[player] -= RECOLOUR_PRICE
    data = state.data
    log(
        state,
        "step",
        player=player,
        origin=data.location_ids[state.loc[player]],
        destination=data.location_ids[destination],
        payment=act.payment_name(data, pay),
    )
    state.loc[player] = destination


def join_expedition(state: AfricanaState, card: int, _pay: int) -> None:
    """Africana, Joining Expeditions: place a marker and take the space's bonus at once."""
    player = state.player
    space = state.spaces.index(card)
    state.joined[space] |= 1 << player
    state.markers[player] += 1
    data = state.data
    silver = data.bonus_silver[space]
    state.silver[player] += silver
    drawn = draw_into_hand(state, player, data.bonus_cards[space])
    log(
        state,
        "join",
        player=player,
        expedition=data.expedition_ids[card],
        space=space + 1,
        silver=silver,
        count=len(drawn),
        cards=drawn,
    )
    replace_empty_draw_pile(state)


def end_expedition(state: AfricanaState, card: int, _pay: int) -> None:
    """Africana, Ending An Expedition: take the silver and the card; every marker goes home."""
    player = state.player
    space = state.spaces.index(card)
    data = state.data
    silver = data.expedition_silver[card]
    state.silver[player] += silver
    state.won_expeditions[player] += (card,)
    members = state.joined[space]
    for seat in range(state.num_players):
        if members >> seat & 1:
            state.markers[seat] -= 1
    state.joined[space] = 0
    state.spaces[space] = -1
    log(state, "end_expedition", player=player, expedition=data.expedition_ids[card], silver=silver)


def end_adventure(state: AfricanaState, card: int, _pay: int) -> None:
    """Africana, Ending An Adventure: an artifact pays silver; an assistant joins your hand."""
    player = state.player
    data = state.data
    state.adventures[player] = _without(state.adventures[player], card)
    state.won_adventures[player] += (card,)
    colour = data.adventure_assistant[card]
    if colour < 0:
        silver = data.adventure_silver[card]
        state.silver[player] += silver
        log(
            state, "end_adventure", player=player, adventure=data.adventure_ids[card], silver=silver
        )
    else:
        state.supply[colour] -= 1
        state.hand[player][len(data.colours) + colour] += 1
        log(
            state,
            "end_adventure",
            player=player,
            adventure=data.adventure_ids[card],
            assistant=data.colours[colour],
        )


def finish_action(state: AfricanaState, _arg: int, _pay: int) -> None:
    """Africana, B) and C): end the action. Played travel cards are discarded; jokers and
    assistants go back to the hand."""
    player = state.player
    if state.phase == MOVING:
        colours = len(state.data.colours)
        played = state.played
        hand = state.hand[player]
        discard = state.discard
        for colour in range(colours):
            discard[colour] += played[colour]
        for slot in range(colours, len(played)):
            hand[slot] += played[slot]
        state.played = [0] * len(played)
    log(state, "done", player=player)
    end_of_turn(state)


# --- End of a turn --------------------------------------------------------------------------


def check_card_limits(state: AfricanaState) -> int:
    """Africana, Check Card Limits: the phase the limits demand, or CHOOSE when none."""
    player = state.player
    if sum(state.hand[player]) > HAND_LIMIT:
        return DISCARDING
    if len(state.adventures[player]) > ADVENTURE_LIMIT:
        return DROPPING
    return CHOOSE


def discard_card(state: AfricanaState, slot: int, _pay: int) -> None:
    """Africana, Check Card Limits: discard a card; jokers and assistants leave the game."""
    player = state.player
    state.hand[player][slot] -= 1
    colours = len(state.data.colours)
    if slot < colours:
        state.discard[slot] += 1
    else:
        state.retired[slot - colours] += 1
    log(state, "discard", player=player, card=act.slot_name(state.data, slot))
    end_of_turn(state)


def drop_adventure(state: AfricanaState, card: int, _pay: int) -> None:
    """Africana, Check Card Limits: an unfinished adventure above 3 is removed from the game."""
    player = state.player
    state.adventures[player] = _without(state.adventures[player], card)
    log(state, "drop", player=player, adventure=state.data.adventure_ids[card])
    end_of_turn(state)


def end_of_turn(state: AfricanaState) -> None:
    """Africana, End of a Turn: check the card limits, then refill and pass the turn."""
    phase = check_card_limits(state)
    if phase != CHOOSE:
        state.phase = phase
        return
    refill_expeditions(state)
    next_turn(state)


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
            log(state, "refill", space=space + 1, expedition=state.data.expedition_ids[card])
        elif not state.ending:
            state.ending = True
            log(state, "end_triggered", player=state.player)


def next_turn(state: AfricanaState) -> None:
    """Africana, Game End: after the trigger, play on until the seat right of the start player."""
    state.turn += 1
    if state.ending and state.player == state.num_players - 1:
        state.phase = OVER
        log(state, "game_over", scores=state.scores())
        return
    state.player = (state.player + 1) % state.num_players
    state.phase = CHOOSE


APPLY = {
    act.DRAW: draw_travel_cards,
    act.BUY: start_buying,
    act.MOVE: start_moving,
    act.DONE: finish_action,
    act.TURN_FORWARD: turn_page,
    act.TURN_BACK: turn_page,
    act.BUY_CARD: buy_adventure,
    act.STEP: step,
    act.JOIN: join_expedition,
    act.FINISH_EXPEDITION: end_expedition,
    act.FINISH_ADVENTURE: end_adventure,
    act.DISCARD: discard_card,
    act.DROP: drop_adventure,
}
