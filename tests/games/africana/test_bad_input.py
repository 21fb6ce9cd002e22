"""Bad input gets a clear error and changes nothing.

Text that is not an action is refused with a reason and the notation help; a well-formed action
that the rules forbid is refused with a reason and the rulebook section that forbids it. Either
way the state, its history, its log and every view are exactly as before.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terra.core import IllegalAction
from terra.games.africana import AfricanaState
from terra.games.africana import rules as r
from tests.games.africana import table
from tests.refusals import assert_legality_agrees, refused, refused_by_rule

SETTINGS = settings(max_examples=300, deadline=None)


def name(state: AfricanaState, location: int) -> str:
    return state.data.location_names[location]


def here(state: AfricanaState) -> int:
    return state.loc[state.player]


def neighbour(state: AfricanaState) -> int:
    return state.data.neighbours[here(state)][0]


def not_fitting(state: AfricanaState, location: int) -> str:
    """A travel colour whose card cannot pay for a step to ``location``."""
    data = state.data
    return next(c for i, c in enumerate(data.colours) if i not in data.symbols[location])


def fitting(state: AfricanaState, location: int) -> str:
    return state.data.colours[state.data.symbols[location][0]]


def moving(seed: int = 0, **hand: int) -> AfricanaState:
    """Seat 0 (Italy, in Napoli) has chosen to move, holding ``hand``."""
    state = table.new(2, seed)
    table.set_hand(state, 0, hand)
    state.play("move")
    return state


def buying(seed: int = 0) -> AfricanaState:
    """Seat 0 (Italy, in Napoli, 2 silver) has chosen to buy adventure cards."""
    state = table.new(2, seed)
    state.play("buy")
    return state


# --- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not an Africana action; try: draw | buy"),
        ("   ", "is not an Africana action"),
        ("go", "'go' is not an Africana action"),
        ("xyzzy", "'xyzzy' is not an Africana action"),
        ("draw draw", "is not an Africana action"),
        ("buy Z99", "'buy Z99' is not an Africana action"),
        ("join A99", "'join A99' is not an Africana action"),
        ("finish Z1", "is not an Africana action"),
        ("discard purple", "is not an Africana action"),
        ("discard", "is not an Africana action"),
        ("go Atlantis: grey", "there is no location called 'atlantis' on the board"),
        ("go to Atlantis with grey", "there is no location called 'atlantis'"),
        ("go Cairo: purple", "cannot pay with 'purple': name a colour (magenta, turquoise"),
        ("go Cairo: joker recoloured", "cannot pay with 'joker recoloured'"),
        ("go Cairo:", "say which card pays for the step"),
        ("637", "is not an Africana action"),
        ("-1", "is not an Africana action"),
    ],
)
def test_text_that_is_not_an_action(text: str, says: str) -> None:
    state = table.new(2, 0)
    error = refused(state, text)
    assert says in error.reason
    assert error.rule is None


@pytest.mark.parametrize("action", [-1, -637, 637, 10**9])
def test_numbers_outside_the_action_space(action: int) -> None:
    state = table.new(2, 0)
    error = refused(state, action)
    assert f"there is no action number {action} (0-636)" == error.reason


@pytest.mark.parametrize("action", [True, False, 2.0, None, ["draw"], {"draw": 1}])
def test_an_action_is_an_int_or_text(action: Any) -> None:
    error = refused(table.new(2, 0), action)
    assert error.reason.startswith("an action is an int or its notation, not ")


@pytest.mark.parametrize("action", [-1, -2, 637])
def test_action_str_rejects_numbers_outside_the_action_space(action: int) -> None:
    """action_str and parse_action are inverse: a number that is no action has no notation (a
    negative number must not silently name an action counted from the end)."""
    state = table.new(2, 0)
    with pytest.raises(IllegalAction, match=f"there is no action number {action}"):
        state.action_str(action)


# --- out of turn, out of phase --------------------------------------------------------------------


def test_playing_out_of_turn() -> None:
    """Africana, Gameplay: "The game is played in clockwise order, starting with the start
    player"."""
    state = table.new(3, 0)
    error = refused(state, "draw", seat=1)
    assert error.rule == r.RULE_TURN
    assert error.reason == "it is seat 0's turn, not seat 1's"


def test_done_before_choosing_an_action() -> None:
    """Africana, Gameplay: "On your turn, you must choose exactly one of the following three
    actions"."""
    refused_by_rule(table.new(2, 0), "done", r.RULE_TURN, "first choose the action")


def test_a_step_before_choosing_to_move() -> None:
    state = table.new(2, 0)
    step = f"go {name(state, neighbour(state))}: joker"
    refused_by_rule(state, step, r.RULE_TURN, f"cannot {step!r} now", "first choose")


def test_a_second_action_in_one_turn() -> None:
    """Africana, Gameplay: exactly one of draw, buy or move per turn."""
    state = moving(joker=1)
    refused_by_rule(state, "draw", r.RULE_MOVE, "cannot 'draw' now", "you are moving")
    refused_by_rule(buying(), "move", r.RULE_BUY, "cannot 'move' now", "you are buying")


def test_buying_while_moving_and_moving_while_buying() -> None:
    state = moving(joker=1)
    top = state.data.adventure_ids[state.right[0][-1]]
    refused_by_rule(state, f"buy {top}", r.RULE_MOVE, "you are moving")
    state = buying()
    refused_by_rule(state, f"go {name(state, neighbour(state))}: joker", r.RULE_BUY)


# --- C) Move explorer -----------------------------------------------------------------------------


def test_a_step_to_a_location_without_a_route() -> None:
    """Africana, Movement: "move your explorer pawn ... to another location connected to it by a
    travel route"."""
    state = moving(joker=1)
    data = state.data
    far = next(
        loc
        for loc in range(data.num_locations)
        if loc != here(state) and loc not in data.neighbours[here(state)]
    )
    refused_by_rule(
        state,
        f"go {name(state, far)}: joker",
        r.RULE_MOVE,
        f"no travel route leads from {name(state, here(state))} to {name(state, far)}",
    )


def test_a_card_that_does_not_fit_the_destination() -> None:
    """Africana, Movement: "you must play a matching travel card"."""
    state = table.new(2, 0)
    there = neighbour(state)
    colour = not_fitting(state, there)
    table.set_hand(state, 0, {colour: 2})
    state.play("move")
    refused_by_rule(
        state,
        f"go {name(state, there)}: {colour}",
        r.RULE_MOVE,
        f"{name(state, there)} needs a",
        f"a {colour} card does not fit",
    )


def test_a_card_not_in_hand() -> None:
    state = table.new(2, 0)
    there = neighbour(state)
    table.set_hand(state, 0, {"joker": 1})
    state.play("move")
    colour = fitting(state, there)
    refused_by_rule(
        state, f"go {name(state, there)}: {colour}", r.RULE_MOVE, f"you hold no {colour} card"
    )


def test_the_joker_twice_in_one_action() -> None:
    """Africana, Movement: "Leave any cards played on the table until you have completed all of
    your movement for this action. ... Joker and assistant cards are returned to your hand"
    only then."""
    state = moving(joker=1)
    first = neighbour(state)
    state.play(f"go {name(state, first)}: joker")
    second = state.data.neighbours[first][0]
    refused_by_rule(
        state,
        f"go {name(state, second)}: joker",
        r.RULE_MOVE,
        "your joker is already played in this action",
    )


def test_recolouring_without_five_silver() -> None:
    """Africana, Change Travel Card Color: "You can pay 5 silver coins to the bank in order to
    change the color of a travel or assistant card"; Italy starts with 2."""
    state = table.new(2, 0)
    there = neighbour(state)
    colour = not_fitting(state, there)
    table.set_hand(state, 0, {colour: 1})
    state.play("move")
    refused_by_rule(
        state,
        f"go {name(state, there)}: {colour} recoloured",
        r.RULE_RECOLOUR,
        "recolouring a card costs 5 silver; you have 2",
    )


def test_joining_an_expedition_elsewhere() -> None:
    """Africana, Joining Expeditions: only "on the starting location of a current expedition"."""
    state = moving(joker=1)
    data = state.data
    card = next(c for c in state.spaces if data.expedition_start[c] != here(state))
    ident = data.expedition_ids[card]
    refused_by_rule(
        state,
        f"join {ident}",
        r.RULE_JOIN,
        f"expedition {ident} starts in {name(state, data.expedition_start[card])}",
        f"your explorer is in {name(state, here(state))}",
    )


def test_joining_an_expedition_not_on_display() -> None:
    state = moving(joker=1)
    ident = state.data.expedition_ids[state.pile[-1]]
    refused_by_rule(
        state, f"join {ident}", r.RULE_JOIN, f"expedition {ident} is not on an expedition space"
    )


def test_joining_an_expedition_twice() -> None:
    """Africana, Joining Expeditions: "You can join each expedition only once"."""
    state = table.new(2, 0)
    card = state.spaces[0]
    ident = state.data.expedition_ids[card]
    table.place(state, 0, name(state, state.data.expedition_start[card]))
    table.join(state, 0, ident)
    state.play("move")
    refused_by_rule(state, f"join {ident}", r.RULE_JOIN, "already joined")


def test_joining_with_every_marker_out() -> None:
    """Africana, Joining Expeditions: "Since you only have 4 company markers, you can only join
    at most 4 of the 5 current expeditions"."""
    state = table.new(2, 0)
    data = state.data
    last = state.spaces[4]
    for card in state.spaces[:4]:
        table.join(state, 0, data.expedition_ids[card])
    table.place(state, 0, name(state, data.expedition_start[last]))
    state.play("move")
    refused_by_rule(
        state,
        f"join {data.expedition_ids[last]}",
        r.RULE_JOIN,
        "all 4 of your company markers are on expeditions already",
    )


def test_finishing_an_expedition_not_joined() -> None:
    """Africana, Ending An Expedition: only "a current expedition that you joined previously"."""
    state = table.new(2, 0)
    card = state.spaces[0]
    ident = state.data.expedition_ids[card]
    table.place(state, 0, name(state, state.data.expedition_target[card]))
    state.play("move")
    refused_by_rule(
        state, f"finish {ident}", r.RULE_END_EXPEDITION, f"you have not joined expedition {ident}"
    )


def test_finishing_an_expedition_away_from_its_target() -> None:
    state = table.new(2, 0)
    data = state.data
    card = next(c for c in state.spaces if data.expedition_target[c] != here(state))
    ident = data.expedition_ids[card]
    table.join(state, 0, ident)
    state.play("move")
    refused_by_rule(
        state,
        f"finish {ident}",
        r.RULE_END_EXPEDITION,
        f"expedition {ident} ends in {name(state, data.expedition_target[card])}",
    )


def test_finishing_someone_elses_adventure() -> None:
    """Africana, Ending An Adventure: "Adventures can only be ended by the player who owns the
    appropriate adventure card"."""
    state = table.new(2, 0)
    card = state.right[1][-1]
    ident = state.data.adventure_ids[card]
    table.give_adventures(state, 1, [ident])
    table.place(state, 0, name(state, state.data.adventure_target[card]))
    state.play("move")
    refused_by_rule(
        state,
        f"finish {ident}",
        r.RULE_END_ADVENTURE,
        f"adventure {ident} is not one of your unfinished adventures",
    )


def test_finishing_an_adventure_away_from_its_target() -> None:
    state = table.new(2, 0)
    card = state.right[0][-1]
    ident = state.data.adventure_ids[card]
    table.give_adventures(state, 0, [ident])
    state.play("move")
    target = name(state, state.data.adventure_target[card])
    refused_by_rule(
        state, f"finish {ident}", r.RULE_END_ADVENTURE, f"adventure {ident} ends in {target}"
    )


# --- B) Buy adventure cards -----------------------------------------------------------------------


def test_buying_from_the_other_hemispheres_book() -> None:
    """Africana, B): "If your explorer pawn is located North of the equator, then you can only
    buy cards from the Northern book"."""
    state = buying()
    south_top = state.data.adventure_ids[state.right[1][-1]]
    refused_by_rule(
        state,
        f"buy {south_top}",
        r.RULE_BUY,
        f"{south_top} is in the south book",
        "you may only buy from the north book",
    )


def test_buying_a_card_that_is_not_on_top() -> None:
    """Africana, B): "You can only buy the topmost card showing on either half of the book"."""
    state = buying()
    buried = state.data.adventure_ids[state.right[0][0]]
    refused_by_rule(
        state, f"buy {buried}", r.RULE_BUY, f"{buried} is not showing on top", "turn pages"
    )


def test_buying_with_less_than_five_silver() -> None:
    """Africana, B): "pay 5 silver coins to the bank"; Italy starts with 2 (Game Setup)."""
    state = buying()
    top = state.data.adventure_ids[state.right[0][-1]]
    refused_by_rule(state, f"buy {top}", r.RULE_BUY, "an adventure card costs 5 silver; you have 2")


def test_turning_a_page_without_silver() -> None:
    """Africana, B): "Turning the first page is free. Each additional page turned costs you 1
    silver coin"; Italy's 2 silver pay for the second and third page, not a fourth."""
    state = buying()
    table.play(state, "turn forward", "turn forward", "turn forward")
    assert state.view(0)["players"][0]["silver"] == 0
    refused_by_rule(
        state, "turn forward", r.RULE_BUY, "each page after the first costs 1 silver; you have 0"
    )
    refused_by_rule(state, "turn back", r.RULE_BUY, "you have 0")


def test_turning_back_before_any_page_is_turned() -> None:
    """Africana, B): pages are turned in both directions; before any is turned only forward."""
    refused_by_rule(
        buying(), "turn back", r.RULE_BUY, "no turned pages left", "(turn forward instead)"
    )


# --- End of a Turn - Check Card Limits ------------------------------------------------------------


def test_discarding_a_card_you_do_not_hold() -> None:
    """Africana, Check Card Limits: "you must choose excess cards to discard" - from your hand."""
    state = table.new(2, 0)
    table.set_hand(state, 0, {"grey": 4, "joker": 1})
    state.play("draw")
    assert state.phase_name == "discard"
    missing = next(c for c in state.data.colours if not table.hand_of(state, 0).get(c))
    refused_by_rule(
        state, f"discard {missing}", r.RULE_LIMITS, f"you hold no {missing} card to discard"
    )
    refused_by_rule(state, "discard violet assistant", r.RULE_LIMITS, "you hold no violet assist")
    refused_by_rule(state, "done", r.RULE_LIMITS, "discard down to the hand limit of 5")


def test_dropping_an_adventure_you_do_not_have() -> None:
    """Africana, Check Card Limits: "more than 3 unfinished adventure cards in front of
    yourself" - those are the ones to discard."""
    state = table.new(2, 0)
    north = [state.data.adventure_ids[c] for c in state.right[0][-4:]]
    table.give_adventures(state, 0, north)
    table.play(state, "move", "done")
    assert state.phase_name == "drop"
    other = state.data.adventure_ids[state.right[1][-1]]
    refused_by_rule(
        state, f"discard {other}", r.RULE_LIMITS, f"adventure {other} is not one of your"
    )
    refused_by_rule(state, "draw", r.RULE_LIMITS, "discard unfinished adventures down to 3")


# --- every illegal action, in every phase ---------------------------------------------------------


@cache
def phase_positions() -> tuple[AfricanaState, ...]:
    """Random-game positions in every phase a player decides in, and the hand-built ones."""
    found: dict[str, list[AfricanaState]] = {}
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        state = table.new(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            if len(found.setdefault(state.phase_name, [])) < 4 and rng.random() < 0.02:
                found[state.phase_name].append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        found.setdefault("over", []).append(state)
    built = [moving(joker=1), buying()]
    dropping = table.new(2, 0)
    table.give_adventures(dropping, 0, [dropping.data.adventure_ids[c] for c in range(4)])
    table.play(dropping, "move", "done")
    built.append(dropping)
    return tuple(s for group in found.values() for s in group) + tuple(built)


def test_the_positions_cover_every_phase() -> None:
    assert {s.phase_name for s in phase_positions()} == {
        "choose",
        "buy",
        "move",
        "discard",
        "drop",
        "over",
    }


def agree(state: AfricanaState) -> None:
    """The rules' two statements of legality judge every action of ``state`` alike."""
    assert_legality_agrees(state)
    if state.is_over:
        for action in range(state.num_actions):
            error = state.explain_illegal(action)
            assert error is not None and error.rule == r.RULE_END, error


def test_every_action_is_judged_alike_by_the_legal_actions_and_the_explanations() -> None:
    """Legality is stated twice (the legal actions and the explanation of each action) and
    both agree in every phase, the hand-built positions included."""
    for state in phase_positions():
        agree(state)


@cache
def greedy_positions() -> tuple[AfricanaState, ...]:
    """Every 4th decision of greedy games with 2, 3 and 4 players: they join, end expeditions
    and adventures, recolour and buy far more often than random play."""
    found = []
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        state = table.new(players, seed)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            if count % 4 == 0:
                found.append(state.clone())
            state.apply(state.game.evaluator().greedy_action(state, rng))
            count += 1
        found.append(state)
    return tuple(found)


def test_greedy_games_are_judged_alike_by_both_statements_of_legality() -> None:
    """Africana, C) Move explorer, B) Buy adventure cards, Check Card Limits: at decisions of
    greedy games (joins, endings, recoloured cards, purchases) both statements agree."""
    for state in greedy_positions():
        agree(state)


def test_every_kind_of_action_is_legal_in_some_position_judged() -> None:
    positions = phase_positions() + greedy_positions()
    kinds = {state.tables.kind[a] for state in positions for a in state.legal_actions()}
    assert len(kinds) == 13


def test_a_refused_action_leaves_every_phase_untouched() -> None:
    for index, state in enumerate(phase_positions()):
        legal = set(state.legal_actions())
        illegal = [a for a in range(state.num_actions) if a not in legal]
        for action in random.Random(index).sample(illegal, 3):
            refused(state, action)


# --- properties -----------------------------------------------------------------------------------

WORDS = [
    "go",
    "to",
    "step",
    "move",
    "with",
    "paying",
    ":",
    "assistant",
    "recoloured",
    "recolored",
    "joker",
    "join",
    "finish",
    "buy",
    "discard",
    "turn",
    "forward",
    "back",
    "done",
    "draw",
    "A3",
    "N7",
    "S15",
    "C99",
    "Cairo",
    "cape town",
    "Cape-Town",
    "grey",
    "violet",
    "purple",
]
notation_like = st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)


@SETTINGS
@given(text=st.one_of(st.text(), notation_like))
def test_parse_returns_an_action_or_raises_illegal_action(text: str) -> None:
    state = table.new(2, 0)
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        assert error.reason
        return
    assert isinstance(action, int)
    assert 0 <= action < state.num_actions
    assert state.parse_action(state.action_str(action)) == action


@SETTINGS
@given(
    index=st.integers(min_value=0),
    action=st.one_of(st.integers(min_value=-5, max_value=645), st.integers()),
)
def test_play_of_any_int_succeeds_only_if_legal(index: int, action: int) -> None:
    positions = phase_positions()
    state = positions[index % len(positions)].clone()
    legal = list(state.legal_actions())
    before = state.clone()
    try:
        state.play(action)
    except IllegalAction:
        assert action not in legal
        assert state == before
        assert state.history == before.history
        return
    assert action in legal
    assert state.history == [*before.history, action]


def test_every_action_round_trips_through_its_notation() -> None:
    state = table.new(2, 0)
    texts = set()
    for action in range(state.num_actions):
        text = state.action_str(action)
        texts.add(text)
        assert state.parse_action(text) == action
        assert state.parse_action(f"  {text.upper()}  ") == action
    assert len(texts) == state.num_actions
