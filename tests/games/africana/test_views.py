"""Hidden information never leaks through a view, and sample_hidden redeals all of it.

Africana, Game Setup: each player's travel cards are "kept secret during the game"; the travel
draw pile is face down; the C expedition cards are removed "without looking at them"; the
adventure cards in the books are only seen as pages are turned. A view (what the server sends
to a seat) must show none of that, except a seat's own hand; ``sample_hidden`` must redeal
exactly that. What every game must do (views as JSON, legal actions only for the seat to
act, samples that look the same to their seat and reseed the RNG, no record for a sample) is
checked for every game by tests/core/test_views.py and tests/core/test_replays.py.

Positions are taken from seeded random games with 2-4 players at many depths and in every
phase, including in the middle of a move (cards on the table) and of a purchase (pages turned).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from functools import cache

import pytest

from terra.core.rng import Rng
from terra.games.africana import AfricanaState
from tests.games.africana import table

GAMES = [(2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1)]
DEPTHS = (0, 1, 3, 10, 40, 150, 600, 2000)
LAST_PHASE_SEARCH = 600  # deeper positions are slow to view (long logs): fewer of them
PRIVATE_EVENTS = ("draw", "join")  # events whose 'cards' only the acting player sees

Position = tuple[str, AfricanaState]

PHASES: dict[str, Callable[[AfricanaState], bool]] = {
    "mid-move": lambda s: s.phase_name == "move" and any(s.played),
    "mid-buy": lambda s: s.phase_name == "buy" and s.pages > 0,
    "discard": lambda s: s.phase_name == "discard",
}


@cache
def positions(players: int, seed: int) -> tuple[Position, ...]:
    """Snapshots of one random game: at every depth of DEPTHS, then the first position of each
    kind in PHASES after that depth, the first just after a reshuffle of the travel cards, the
    first after the end is triggered, the end, and one position where a seat must discard an
    adventure. Tests must not mutate them (clone first)."""
    state = table.new(players, seed)
    rng = random.Random(seed)
    name = f"{players}p seed {seed}"
    found: list[Position] = [(f"{name} dropping", dropping(players, seed))]
    wanted: dict[str, Callable[[AfricanaState], bool]] = {}
    depth = 0
    ending = False
    reshuffled = False
    while True:
        if depth in DEPTHS:
            found.append((f"{name} at action {depth}", state.clone()))
            if depth <= LAST_PHASE_SEARCH:
                wanted = dict(PHASES)
        for kind, test in list(wanted.items()):
            if test(state):
                found.append((f"{name} {kind} at action {depth}", state.clone()))
                del wanted[kind]
        if state.ending and not ending:
            ending = True
            found.append((f"{name} end triggered at action {depth}", state.clone()))
        if not reshuffled and just_reshuffled(state):
            reshuffled = True
            found.append((f"{name} reshuffled at action {depth}", state.clone()))
        if state.is_over:
            found.append((f"{name} game over", state.clone()))
            return tuple(found)
        state.apply(rng.choice(state.legal_actions()))
        depth += 1


def just_reshuffled(state: AfricanaState) -> bool:
    """Africana, A) Draw travel cards: the discards have just become the new draw pile."""
    return any(event["key"] == "reshuffle" for event in state.log(None, state.log_size - 1))


def dropping(players: int, seed: int) -> AfricanaState:
    """Seat 0 ends its first turn with 4 unfinished adventures and must discard one (Africana,
    End of a Turn - Check Card Limits); random play rarely gets there."""
    state = table.new(players, seed)
    north = [c for c, book in enumerate(state.data.adventure_book) if book == 0]
    table.give_adventures(state, 0, [state.data.adventure_ids[c] for c in north[:4]])
    state.play("move")
    state.play("done")
    assert state.phase_name == "drop"
    return state


def all_positions() -> list[Position]:
    return [p for game in GAMES for p in positions(*game)]


def seats(state: AfricanaState) -> range:
    return range(state.num_players)


def travel_hand(state: AfricanaState, seat: int) -> list[int]:
    return state.hand[seat][: len(state.data.colours)]


def test_positions_cover_every_phase() -> None:
    """The positions below include every phase of a turn, mid-move and mid-buy included."""
    phases = {state.phase_name for _, state in all_positions()}
    assert phases == {"choose", "buy", "move", "discard", "drop", "over"}
    assert any(state.ending and not state.is_over for _, state in all_positions())
    assert any(any(state.played) for _, state in all_positions())
    assert any(state.pages > 1 for _, state in all_positions())
    # Africana, A) Draw travel cards: just after the discards became the new draw pile.
    assert any("reshuffled" in label for label, _ in all_positions())


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_seat_sees_its_own_hand_and_no_other(players: int, seed: int) -> None:
    """Africana, Game Setup: travel cards in hand are "kept secret during the game"; how many
    cards a player holds, and their jokers and assistants (gained in the open), are public."""
    for label, state in positions(players, seed):
        colours = state.data.colours
        for seat in seats(state):
            view = state.view(seat)
            own = view["players"][seat]
            assert own["hand"] == dict(zip(colours, travel_hand(state, seat), strict=True))
            public_keys = set(own) - {"hand"}
            for p, entry in enumerate(view["players"]):
                assert entry["hand_size"] == sum(state.hand[p]), label
                assert entry["travel_cards"] == sum(travel_hand(state, p)), label
                if p != seat:
                    assert set(entry) == public_keys, (label, seat, p)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_spectator_sees_no_hand(players: int, seed: int) -> None:
    for label, state in positions(players, seed):
        view = state.view(None)
        assert all("hand" not in entry for entry in view["players"]), label
        for event in state.log(None):
            if event["key"] in PRIVATE_EVENTS:
                assert "cards" not in event["args"], (label, event)


REDEALS = 200  # enough that an unchanged part is a bug, not bad luck (P < 1e-9 per check)


def redeals_until(state: AfricanaState, seat: int, part: Callable[[AfricanaState], object]) -> bool:
    """Whether some seeded redeal (out of REDEALS) changes ``part`` of the state."""
    real = part(state)
    return any(part(state.sample_hidden(seat, random.Random(k))) != real for k in range(REDEALS))


def deck(state: AfricanaState) -> object:
    return state.deck


def pile(state: AfricanaState) -> object:
    return state.pile


def unturned_pages(state: AfricanaState) -> object:
    return state.right


def travel_hands(state: AfricanaState, seats: list[int]) -> object:
    return [travel_hand(state, seat) for seat in seats]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_redeal_changes_what_the_seat_cannot_see(players: int, seed: int) -> None:
    """Everything hidden is redealt: other hands' colours, the draw pile, the expedition pile,
    unseen book pages."""
    checked: dict[str, int] = dict.fromkeys(("hands", "deck", "pile", "pages"), 0)
    for label, state in positions(players, seed):
        data = state.data
        colours = len(data.colours)
        for seat in seats(state):
            where = (label, seat)
            others = [p for p in seats(state) if p != seat]
            pool = list(state.deck)
            for p in others:
                pool += [c for c in range(colours) for _ in range(state.hand[p][c])]
            real = [travel_hand(state, p) for p in others]
            # Unknown cards can only move if they lie in two places or more (the draw pile, the
            # other hands); with an empty draw pile and one opponent its hand is known exactly.
            places = [len(state.deck), *(sum(hand) for hand in real)]
            if sum(1 for size in places if size) > 1 and any(map(sum, real)) and len(set(pool)) > 1:
                checked["hands"] += 1
                hands = functools.partial(travel_hands, seats=others)
                assert redeals_until(state, seat, hands), where
            if len(set(state.deck)) > 1:
                checked["deck"] += 1
                assert redeals_until(state, seat, deck), where

            letters = [data.expedition_deck[c] for c in state.pile]
            unseen = letters + [data.expedition_deck[c] for c in state.removed]
            if any(letters.count(x) and unseen.count(x) > 1 for x in set(letters)):
                checked["pile"] += 1
                assert redeals_until(state, seat, pile), where

            hidden_pages = [[c for c in stack if not state.seen >> c & 1] for stack in state.right]
            if any(len(pages) > 1 for pages in hidden_pages):
                checked["pages"] += 1
                assert redeals_until(state, seat, unturned_pages), where
    assert all(checked.values()), checked


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_log_hides_the_colours_other_players_drew(players: int, seed: int) -> None:
    """Africana, A) Draw travel cards and Joining Bonus: cards are drawn from the face-down
    pile into a secret hand; the table sees how many, only the player sees which."""
    others_drew = 0
    for label, state in positions(players, seed):
        truth = state.events
        for event in truth:
            if event["key"] in PRIVATE_EVENTS:
                assert len(event["args"]["cards"]) == event["args"]["count"], label
        for seat in seats(state):
            for shown, real in zip(state.log(seat), truth, strict=True):
                if real["key"] in PRIVATE_EVENTS and real["args"]["player"] != seat:
                    others_drew += 1
                    public = {k: v for k, v in real["args"].items() if k != "cards"}
                    assert shown["args"] == public, (label, seat, real)
    assert others_drew


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_is_a_full_state_that_plays_to_the_end(players: int, seed: int) -> None:
    """A redeal is a legal position of the same game: random play from it reaches the Game
    End with all 60 travel cards still accounted for."""
    picked = positions(players, seed)[::6]
    for index, (label, state) in enumerate(picked):
        seat = index % players
        sample = state.sample_hidden(seat, random.Random(index))
        rng = random.Random(index)
        while not sample.is_over:
            sample.play(rng.choice(sample.legal_actions()))
        assert table.travel_cards_total(sample) == 60, label
        assert sample.winners(), label


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_offers_only_actions_its_redealt_hands_allow(players: int, seed: int) -> None:
    """Africana, Movement: a step needs "a matching travel card" in hand. When the hand of the
    player to act is redealt (a sample for another seat), the sample's legal actions must be
    those of the redealt hand, even if the real state's were already asked for (as a bot or
    the server does before anything else)."""
    checked = 0
    for label, state in positions(players, seed):
        if state.is_over:
            continue
        real = state.clone()
        real.legal_actions()
        for seat in seats(state):
            if seat == state.current_player:
                continue
            sample = real.sample_hidden(seat, random.Random(seat))
            for action in sample.legal_actions():
                after = sample.clone()
                after.apply(action)
                checked += 1
                assert min(map(min, after.hand)) >= 0, (label, seat, sample.action_str(action))
    assert checked


def swapped(items: list[int], i: int, j: int) -> None:
    items[i], items[j] = items[j], items[i]


HIDDEN = (
    "two cards of the draw pile swapped",
    "a travel card in another hand swapped with one in the draw pile",
    "two expedition cards of one letter swapped in the pile",
    "a C card of the pile swapped with a removed one",
    "two unseen pages of a book swapped",
    "the RNG reseeded",
)
Mutation = tuple[str, int | None, AfricanaState]  # what changed, whose hand, the changed copy


def hidden_mutations(state: AfricanaState, seat: int) -> list[Mutation]:
    """Copies of ``state`` with one thing ``seat`` cannot see changed directly."""
    data = state.data
    out: list[Mutation] = []

    deck = state.deck
    pair = next(((i, j) for i in range(len(deck)) for j in range(i) if deck[i] != deck[j]), None)
    if pair:
        changed = state.clone()
        swapped(changed.deck, *pair)
        out.append((HIDDEN[0], None, changed))

    for p in seats(state):
        if p == seat:
            continue
        held = [c for c, n in enumerate(travel_hand(state, p)) if n]
        swap = next(((c, i) for c in held for i, d in enumerate(deck) if d != c), None)
        if swap:
            colour, index = swap
            changed = state.clone()
            changed.hand[p][colour] -= 1
            changed.hand[p][deck[index]] += 1
            changed.deck[index] = colour
            out.append((HIDDEN[1], p, changed))

    letters = [data.expedition_deck[c] for c in state.pile]
    pair = next(
        ((i, j) for i in range(len(letters)) for j in range(i) if letters[i] == letters[j]),
        None,
    )
    if pair:
        changed = state.clone()
        swapped(changed.pile, *pair)
        out.append((HIDDEN[2], None, changed))
    if state.pile and state.removed and data.expedition_deck[state.pile[0]] == 2:
        changed = state.clone()
        removed = list(changed.removed)
        changed.pile[0], removed[0] = removed[0], changed.pile[0]
        changed.removed = tuple(removed)
        out.append((HIDDEN[3], None, changed))

    for book, stack in enumerate(state.right):
        hidden = [i for i, c in enumerate(stack) if not state.seen >> c & 1]
        if len(hidden) > 1:
            changed = state.clone()
            swapped(changed.right[book], hidden[0], hidden[-1])
            out.append((HIDDEN[4], None, changed))

    changed = state.clone()
    changed.rng = Rng(state.rng.state ^ 0xDEADBEEF)
    out.append((HIDDEN[5], None, changed))
    return out


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_changing_a_hidden_value_does_not_change_the_view(players: int, seed: int) -> None:
    """The mutation test: change one hidden value in place; no view but the owner's may move."""
    kinds: set[str] = set()
    for label, state in positions(players, seed)[::2]:
        for seat in seats(state):
            view = state.view(seat)
            for what, owner, changed in hidden_mutations(state, seat):
                kinds.add(what)
                assert changed != state, (label, what)
                assert changed.view(seat) == view, (label, seat, what)
                if owner is not None:
                    assert changed.view(owner) != state.view(owner), (label, what)
    assert kinds == set(HIDDEN)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_changing_a_public_value_changes_every_view(players: int, seed: int) -> None:
    """Silver is public (Africana: coins are taken from and paid to the bank in the open)."""
    for label, state in positions(players, seed)[::3]:
        for p in seats(state):
            changed = state.clone()
            changed.silver[p] += 1
            for seat in [None, *seats(state)]:
                assert changed.view(seat) != state.view(seat), (label, p, seat)
                assert changed.view(seat)["players"][p]["silver"] == state.silver[p] + 1
