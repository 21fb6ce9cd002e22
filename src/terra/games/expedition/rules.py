"""Expedition's rules, one function per rule, named after the rulebook.

Every function here trusts that the action is legal (``legal.legal_actions`` decides that and
``legal.explain`` says why something is not); they only carry the rule out. Sections cited are
those of the English translation of the Queen Games 1996 rulebook. The geometry of the routes
(arrows, points visited, loops) is in :mod:`terra.games.expedition.routes`; a card is the index
of its site.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.actions import Rule
from terra.games.expedition import actions as act
from terra.games.expedition import routes, scoring
from terra.games.expedition.components import GREEN, RED, SITE

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

# Phases.
MARKING, PLAYING, OVER = range(3)
PHASE_NAMES = ("marking", "playing", "over")

ARROWS = routes.ARROWS  # arrows per expedition colour
EXPEDITIONS = routes.EXPEDITIONS
EXPEDITION_NAMES = act.COLOURS
HAND = {2: 12, 3: 12, 4: 9, 5: 9, 6: 9}  # research cards dealt by player count
PUBLIC = 6  # public research missions on display
PUBLIC_DISTANCE = 3  # a public mission lies at least this many lines from the start
CHIP_DISTANCE = 2  # a marked destination lies at least this many lines from the start
CHIPS = 4  # chips each player places in the basic game
CHIPS_VARIANT_A = 10  # all the chips of a colour (Variant A)
VOUCHERS = 3  # travel vouchers each player starts with
VOUCHERS_PER_TURN = 2

RULE_SETUP = "Expedition, Preparation"
RULE_CHIPS = "Expedition, Marking Research Destinations"
RULE_BUILD = "Expedition, Building Rules"
RULE_START = "Expedition, Building Rules - Starting an Expedition"
RULE_WRAP = "Expedition, Building Rules - Game Board Edges"
RULE_GREEN = "Expedition, Stations - Green Station"
RULE_RED = "Expedition, Stations - Red Station"
RULE_LOOP = "Expedition, Loops"
RULE_LOOP_A = "Expedition, Variant A - Loops"
RULE_VOUCHERS = "Expedition, Travel Vouchers"
RULE_REMOVE = "Expedition, Travel Vouchers - Remove an Arrow"
RULE_EXCHANGE = "Expedition, Travel Vouchers - Exchange a Research Mission"
RULE_MISSIONS = "Expedition, Research Missions"
RULE_PUBLIC = "Expedition, Public Research Missions"
RULE_END = "Expedition, Game End"
RULE_TURN = "Expedition, Gameplay"


unpack = routes.unpack  # the views unpack arrows through this module


def colour_name(colour: int) -> str:
    return act.COLOURS[colour]


def chip_limit(state: ExpeditionState) -> int:
    """Basic game: 4 chips each; Variant A: as many as a player likes, up to all 10."""
    return CHIPS_VARIANT_A if state.options.get("variant_a") else CHIPS


def markable(state: ExpeditionState, card: int) -> bool:
    """Expedition, Marking Research Destinations: a destination not yet marked, at least two
    lines from the start."""
    data = state.data
    return state.chip[card] < 0 and data.distance[data.start][card] >= CHIP_DISTANCE


def can_mark(state: ExpeditionState, player: int) -> bool:
    """Expedition, Marking Research Destinations: whether ``player`` may still place a chip."""
    if state.chips_placed[player] >= chip_limit(state):
        return False
    return any(markable(state, card) for card in state.hand[player])


# --- setup ----------------------------------------------------------------------------------


def set_up(state: ExpeditionState) -> None:
    """Expedition, Preparation: shuffle the research deck, deal the hands, lay out six public
    missions at least three lines from the start, hand out three travel vouchers each."""
    data = state.data
    players = state.num_players
    deck = list(range(data.num_sites))
    state.rng.shuffle(deck)
    state.deck = deck
    state.hand = []
    for p in range(players):
        cards = [deck.pop() for _ in range(min(HAND[players], len(deck)))]
        state.hand.append(cards)
        state.emit("deal", player=p, count=len(cards), cards=site_ids(state, cards))
    state.laid = [() for _ in range(players)]
    state.public = []
    state.chip = [-1] * data.num_sites
    state.chips_placed = [0] * players
    state.chips_back = [0] * players
    state.vouchers = [VOUCHERS] * players
    state.known = [0] * players
    state.in_deck = 0
    state.done_marking = 0
    state.arrows = [[] for _ in range(EXPEDITIONS)]
    state.end = [data.start] * EXPEDITIONS
    state.used = [bytearray(len(data.lines)) for _ in range(EXPEDITIONS)]
    state.taken = bytearray(len(data.lines))
    state.route = [1 << data.start] * EXPEDITIONS
    state.drawn = []
    state.player = 0
    state.turn = 0
    state.must = 0
    state.may = 0
    state.loop = -1
    state.loop_from = 0
    state.spent = 0
    state.looped = 0
    state.phase = MARKING
    state.winner = -1
    state.rejected = ()
    lay_out_public_missions(state)
    for p in range(players):
        if not can_mark(state, p):
            state.done_marking |= 1 << p
    _next_marker(state, first=True)


def lay_out_public_missions(state: ExpeditionState) -> None:
    """Expedition, Preparation: six public missions, each at least three lines from the start;
    a card too close goes under the deck, seen by all, and the next is drawn."""
    data = state.data
    distance = data.distance[data.start]
    rejected_in_a_row = 0
    while len(state.public) < PUBLIC and state.deck and rejected_in_a_row < len(state.deck):
        card = state.deck.pop()
        if distance[card] >= PUBLIC_DISTANCE:
            state.public.append(card)
            _forget(state, card)
            state.emit("public", card=data.point_ids[card])
            rejected_in_a_row = 0
        else:
            state.deck.insert(0, card)
            for p in range(state.num_players):
                state.known[p] |= 1 << card
            state.rejected += (card,)
            state.emit("reject", card=data.point_ids[card])
            rejected_in_a_row += 1


def mark_destination(state: ExpeditionState, site: int) -> None:
    """Expedition, Marking Research Destinations: a chip on one of your own destinations, which
    shows that card to everybody."""
    p = state.player
    state.chip[site] = p
    state.chips_placed[p] += 1
    state.emit("mark", player=p, card=state.data.point_ids[site])
    if not can_mark(state, p):
        state.done_marking |= 1 << p
    _next_marker(state)


def pass_marking(state: ExpeditionState) -> None:
    """Expedition, Variant A: a player who wants no more chips passes."""
    p = state.player
    state.done_marking |= 1 << p
    state.emit("pass", player=p)
    _next_marker(state)


def _next_marker(state: ExpeditionState, first: bool = False) -> None:
    """In turn order, round after round, until every player has placed their chips."""
    n = state.num_players
    everyone = (1 << n) - 1
    if state.done_marking == everyone:
        refill_public_missions(state)
        start_playing(state)
        return
    p = state.player if first else (state.player + 1) % n
    while state.done_marking >> p & 1:
        p = (p + 1) % n
    state.player = p


def refill_public_missions(state: ExpeditionState) -> None:
    """Expedition, Marking Research Destinations: the display is filled up to six again; a card
    drawn now counts wherever it is."""
    while len(state.public) < PUBLIC and state.deck:
        card = state.deck.pop()
        state.public.append(card)
        _forget(state, card)
        state.emit("public", card=state.data.point_ids[card])


def start_playing(state: ExpeditionState) -> None:
    """Expedition, Gameplay: the oldest player (seat 0) places the first arrow."""
    state.phase = PLAYING
    state.player = 0
    state.must = 1
    state.emit("turn", player=0)
    check_game_end(state)


# --- building -------------------------------------------------------------------------------


def place_arrow(state: ExpeditionState, colour: int, origin: int, target: int, line: int) -> None:
    """Expedition, Building Rules: one arrow along a line, from the end of an expedition (or
    from any point of it right after a loop), with the effects of the point it reaches. It is
    the loop arrow if one is due, else a green station's arrow if one is pending (that one
    lapses at the player's next other action), else an arrow the turn owes. Then Expedition,
    Game End: does the game go on?"""
    if state.loop == colour:
        state.loop = -1
        state.loop_from = 0
    elif state.may:
        state.may -= 1
    else:
        state.must -= 1
    state.arrows[colour].append(routes.pack(line, origin, target))
    state.used[colour][line] = 1
    state.taken[line] += 1
    state.end[colour] = target
    data = state.data
    state.emit(
        "arrow",
        player=state.player,
        colour=act.COLOURS[colour],
        origin=data.point_ids[origin],
        target=data.point_ids[target],
    )
    closes = state.route[colour] >> target & 1
    state.route[colour] |= 1 << target
    if closes:
        close_loop(state, colour)
    arrive(state, colour, target)
    check_game_end(state)


def close_loop(state: ExpeditionState, colour: int) -> None:
    """Expedition, Loops: the expedition is back on its own route, so the player must place
    another arrow of that colour from a point with an arrowhead of its colour (Variant A: a
    point of this loop)."""
    state.looped |= 1 << colour
    state.loop = colour
    if state.options.get("variant_a"):
        state.loop_from = routes.loop_points(state, colour)
    else:
        state.loop_from = routes.loop_origins(state, colour)
    state.emit("loop", player=state.player, colour=colour_name(colour))


def arrive(state: ExpeditionState, colour: int, point: int) -> None:
    """Expedition, Stations and Research Missions: what happens where an expedition arrives."""
    data = state.data
    kind = data.kind[point]
    if kind == SITE:
        lay_down_missions(state, point)
        if state.phase != OVER and point in state.public:
            claim_public_mission(state, point)
    elif kind == GREEN:
        green_station(state)
    elif kind == RED:
        red_station(state)


def green_station(state: ExpeditionState) -> None:
    """Expedition, Stations - Green Station: the player may immediately place another arrow, on
    any expedition (right after the loop arrow, if one is due)."""
    state.may += 1
    state.emit("green", player=state.player)


def red_station(state: ExpeditionState) -> None:
    """Expedition, Stations - Red Station: the player takes a travel voucher from the bank."""
    state.vouchers[state.player] += 1
    state.emit("red", player=state.player)


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
        _forget(state, card)
        state.emit("public", card=data.point_ids[card])
        site = card if card in state.end else -1


def _forget(state: ExpeditionState, card: int) -> None:
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


# --- travel vouchers ----------------------------------------------------------------------


def _spend_voucher(state: ExpeditionState) -> None:
    """Expedition, Travel Vouchers. A green station's arrow not placed at once is forgone."""
    state.vouchers[state.player] -= 1
    state.spent += 1
    state.may = 0


def buy_arrow(state: ExpeditionState) -> None:
    """Expedition, Travel Vouchers: one voucher buys one more arrow this turn. Then Expedition,
    Game End: does the game go on?"""
    _spend_voucher(state)
    state.must += 1
    state.emit("buy_arrow", player=state.player)
    check_game_end(state)


def remove_arrow(state: ExpeditionState, colour: int) -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: the expedition goes back to its last point,
    the point the removed arrow left from (for a loop arrow, the point it branched off), with
    that point's effects; if the arrow now last closed a loop, the expedition is back on its own
    route and the loop forms again (decision 5). Then Expedition, Game End: does the game go
    on?"""
    _spend_voucher(state)
    arrows = state.arrows[colour]
    line, origin, target = routes.unpack(arrows.pop())
    start = state.data.start
    back = origin
    state.used[colour][line] = 0
    state.taken[line] -= 1
    state.end[colour] = back
    state.route[colour] = routes.route_of(state, colour)
    data = state.data
    state.emit(
        "remove",
        player=state.player,
        colour=colour_name(colour),
        origin=data.point_ids[origin],
        target=data.point_ids[target],
    )
    if routes.closed_a_loop(arrows, start):
        close_loop(state, colour)
    arrive(state, colour, back)
    check_game_end(state)


def exchange_card(state: ExpeditionState, card: int) -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: the card goes under the deck,
    the player draws two (as far as there are) and will keep one."""
    _spend_voucher(state)
    p = state.player
    state.hand[p].remove(card)
    state.deck.insert(0, card)
    state.known[p] |= 1 << card
    drawn = [state.deck.pop() for _ in range(min(2, len(state.deck)))]
    state.drawn = drawn
    mask = 0
    for c in drawn:
        mask |= 1 << c
    for q in range(state.num_players):
        state.known[q] &= ~mask
    ends = 0
    for point in state.end:
        ends |= 1 << point
    state.in_deck &= ends  # only the cards where an expedition stands cannot end in a hand
    ids = state.data.point_ids
    state.emit(
        "exchange", player=p, card=ids[card], drawn=[ids[c] for c in drawn], count=len(drawn)
    )


def keep_card(state: ExpeditionState, card: int) -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: keep one drawn card, the other
    goes under the deck. A kept card whose site an expedition stands on is laid down at once."""
    p = state.player
    state.hand[p].append(card)
    ids = state.data.point_ids
    back = [c for c in state.drawn if c != card]
    for c in back:
        state.deck.insert(0, c)
        state.known[p] |= 1 << c
    state.drawn = []
    state.in_deck &= ~(1 << card)  # if known to be in the deck, it is laid down just below
    state.emit("keep", player=p, card=ids[card], back=[ids[c] for c in back])
    if card in state.end:
        lay_down_missions(state, card)


# --- turns and the end --------------------------------------------------------------------


def end_turn(state: ExpeditionState) -> None:
    """Expedition, Gameplay: the next player in clockwise order takes a turn."""
    state.emit("done", player=state.player)
    state.player = (state.player + 1) % state.num_players
    state.turn += 1
    state.must = 1
    state.may = 0
    state.spent = 0
    state.looped = 0
    state.emit("turn", player=state.player)


def check_game_end(state: ExpeditionState) -> None:
    """Expedition, Game End: the game ends at once when no more arrows can be played, that is
    when the player whose turn comes next could continue no expedition. The limit of one loop
    per expedition a turn ends with the turn, so it does not end the game: what it alone keeps
    the player to act from placing (the loop arrow, the arrows still owed, a green station's
    arrow) lapses instead."""
    if state.phase != PLAYING or state.drawn:
        return
    if state.loop >= 0:
        if routes.can_place_loop_arrow(state):
            return
        state.emit("loop_blocked", player=state.player, colour=colour_name(state.loop))
        state.loop = -1
        state.loop_from = 0
    if not routes.can_continue(state, loop_limit=False):
        end_game(state)
    elif state.looped and (state.must or state.may) and not routes.can_continue(state):
        state.emit("arrows_blocked", player=state.player)
        state.must = 0
        state.may = 0


def end_game(state: ExpeditionState) -> None:
    """Expedition, Game End: the result is final."""
    state.phase = OVER
    state.loop = -1
    state.emit("game_over", scores=scoring.scores(state), winners=scoring.winners(state))


def site_ids(state: ExpeditionState, cards: list[int]) -> list[str]:
    ids = state.data.point_ids
    return [ids[c] for c in cards]


# The rule of each kind of action (terra.games.expedition.actions). Whether an arrow can still
# be played changes only with the arrows on the board and the arrows a turn owes, so only the
# rules that change them (placing, buying and removing an arrow) end with the end check;
# exchanging a card or ending a turn changes neither (the next player could place an arrow
# exactly when this one could, bar the limit of one loop a turn, which the end check leaves
# aside).
APPLY: dict[int, Rule] = {
    act.MARK: mark_destination,
    act.PASS: pass_marking,
    act.ARROW: place_arrow,
    act.BUY_ARROW: buy_arrow,
    act.REMOVE: remove_arrow,
    act.EXCHANGE: exchange_card,
    act.KEEP: keep_card,
    act.DONE: end_turn,
}
