"""Expedition, Building Rules: where arrows may go."""

from __future__ import annotations

import random

from terra.games.expedition.actions import ARROWS, colour_name
from terra.games.expedition.rulebook import (
    RULE_BUILD,
    RULE_CHIPS,
    RULE_EXCHANGE,
    RULE_START,
    RULE_TURN,
)
from tests.games.expedition import table
from tests.refusals import explanation, refused_by_rule


def arrows_of(legal: list[str], colour: str) -> list[str]:
    return [a for a in legal if a.startswith(colour + " ")]


def test_the_first_arrow_leaves_the_start_along_one_of_its_six_lines() -> None:
    """Expedition, Gameplay: the first arrow is placed on one of the six lines from the start."""
    state = table.playing()
    data = state.data
    assert len(data.neighbours[data.start]) == 6
    for colour in ("red", "blue", "yellow"):
        assert len(arrows_of(state.legal_action_strs(), colour)) == 6
    for action in state.legal_action_strs():
        if action[0] in "rby":
            assert action.split(" > ")[0].endswith("Stockholm")


def test_a_turn_places_one_arrow() -> None:
    """Expedition, Building Rules: each turn an arrow is placed; then the turn can only end."""
    state = table.playing()
    table.arrow(state, "red", "Stockholm", "Kizhi")
    legal = state.legal_action_strs()
    assert "done" in legal
    assert not [a for a in legal if a[0] in "rby"]


def test_an_arrow_is_due_before_the_turn_ends() -> None:
    """Expedition, Building Rules: each turn an arrow is placed."""
    assert "done" not in table.playing().legal_action_strs()


def test_an_expedition_continues_only_from_its_end() -> None:
    """Expedition, Building Rules: build only from the end of an expedition; no branches."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Kizhi"])
    legal = arrows_of(state.legal_action_strs(), "red")
    assert legal and all(a.startswith("red Kizhi > ") for a in legal)


def test_a_new_expedition_starts_from_the_start_on_a_free_line() -> None:
    """Expedition, Gameplay: a new expedition takes another colour and starts on an unoccupied
    line from the starting point."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Kizhi"])
    blue = arrows_of(state.legal_action_strs(), "blue")
    assert len(blue) == 5
    assert "blue Stockholm > Kizhi" not in blue
    error = explanation(state, state.parse_action("blue Stockholm > Kizhi"))
    assert error.rule == RULE_START


def test_no_turnabout_and_never_twice_along_one_line_in_one_colour() -> None:
    """Expedition, Building Rules: no 180-degree turnabout; arrows of one colour never lie
    parallel on the same line."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Kizhi"])
    assert "red Kizhi > Stockholm" not in state.legal_action_strs()
    error = explanation(state, state.parse_action("red Kizhi > Stockholm"))
    assert "turn back" in error.reason


def test_different_colours_may_share_a_line() -> None:
    """Expedition, Building Rules (illustration 2): different colours may use the same line."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Kizhi", "Moscow"])
    table.walk(state, "blue", ["Stockholm", "Moscow"])
    assert "blue Moscow > Kizhi" in state.legal_action_strs()
    table.arrow(state, "blue", "Moscow", "Kizhi")


def test_there_are_never_more_than_three_expeditions() -> None:
    """Expedition, Gameplay: never more than three expeditions, one per arrow colour."""
    state = table.playing()
    colours = {a.split(" ")[0] for a in state.legal_action_strs() if " > " in a}
    assert colours == {"red", "blue", "yellow"}


def test_an_expedition_without_arrows_left_is_finished() -> None:
    """Expedition, Building Rules: an expedition ends when no arrows of its colour are left."""
    state = table.playing(2, 5)
    rng = random.Random(5)
    while not state.is_over and all(state.arrows_left(c) for c in range(3)):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over
    out = next(c for c in range(3) if not state.arrows_left(c))
    name = colour_name(out)
    assert not [a for a in state.legal_action_strs() if a.startswith(name + " ")]
    assert len(state.arrows[out]) == ARROWS == 45


def test_an_edge_station_continues_on_the_opposite_edge_at_the_same_number() -> None:
    """Expedition, Building Rules: at the edge stations 1-3 the expedition may continue on the
    opposite side, from the station with the same number."""
    state = table.playing()
    data = state.data
    line = table.path(state, "Stockholm", "Date Line 1")
    table.walk(state, "red", line)
    came_from = data.lon[table.point(state, line[-2])]
    across = [a for a in state.legal_action_strs() if a.startswith("red Date Line 1 > ")]
    targets = [data.lon[table.point(state, a.split(" > ")[1])] for a in across]
    assert any((lon > 0) != (came_from > 0) for lon in targets)
    last = [e for e in state.events if e["key"] in ("arrow", "red")][-2:]
    assert last[0]["args"]["target"] == "date-line-1"
    assert last[1] == {"key": "red", "args": {"player": last[0]["args"]["player"]}}


def test_a_green_station_gives_another_arrow_for_any_expedition() -> None:
    """Expedition, Stations - Green Station: whoever reaches a green dot may place another
    arrow at the end of the expedition of their choice (or forgo it)."""
    state = table.playing()
    table.arrow(state, "red", "Stockholm", "Vienna")
    assert state.data.kind[table.point(state, "Vienna")] == 1
    legal = state.legal_action_strs()
    assert "done" in legal
    assert arrows_of(legal, "blue") and arrows_of(legal, "red")
    table.arrow(state, "blue", "Stockholm", "Moscow")
    assert not [a for a in state.legal_action_strs() if " > " in a]


def test_a_green_stations_arrow_is_placed_at_once_or_not_at_all() -> None:
    """Expedition, Stations - Green Station: whoever reaches a green dot "may immediately place
    another arrow". It cannot be kept for later in the turn: a travel voucher used first forgoes
    it, even one that removes the very arrow that reached the station (decision 6)."""
    state = table.playing()
    table.arrow(state, "red", "Stockholm", "Vienna")
    state.play("voucher remove red")  # back at the start, which is no station
    assert state.may == 0
    assert not [a for a in state.legal_action_strs() if " > " in a]
    refused_by_rule(state, "blue Stockholm > Moscow", RULE_TURN, "no arrow left")

    exchanged = table.playing()
    table.arrow(exchanged, "red", "Stockholm", "Vienna")
    card = next(c for c in exchanged.hand[0] if exchanged.chip[c] < 0)
    exchanged.play(f"voucher exchange {table.name(exchanged, card)}")
    exchanged.play(exchanged.legal_actions()[0])  # keep a card
    assert exchanged.legal_action_strs()[-1] == "done"
    assert not [a for a in exchanged.legal_action_strs() if " > " in a]


def test_the_arrow_right_after_a_green_station_is_the_stations_arrow() -> None:
    """Expedition, Stations - Green Station and Travel Vouchers: the arrow placed right after
    reaching a green dot is the station's; an arrow bought earlier in the turn is still due
    (decision 6)."""
    state = table.playing()
    state.play("voucher arrow")
    table.arrow(state, "red", "Stockholm", "Vienna")
    table.arrow(state, "red", "Vienna", table.path(state, "Vienna", "Pompeii")[1])
    assert "done" not in state.legal_action_strs()
    table.arrow(state, "blue", "Stockholm", "Moscow")
    assert "done" in state.legal_action_strs()


def test_a_red_station_gives_a_travel_voucher() -> None:
    """Expedition, Stations - Red Station: whoever reaches a red dot takes a travel voucher."""
    state = table.playing()
    table.arrow(state, "red", "Stockholm", "Moscow")
    assert state.vouchers == [4, 3]


def test_building_errors_say_why() -> None:
    state = table.playing()
    refused_by_rule(state, "done", RULE_TURN, "must still place")
    refused_by_rule(state, "red Kizhi > Moscow", RULE_START, "starts at Stockholm")
    refused_by_rule(state, "mark Petra", RULE_CHIPS)
    table.arrow(state, "red", "Stockholm", "Kizhi")
    refused_by_rule(state, "blue Stockholm > Moscow", RULE_TURN, "no arrow left")
    table.finish_turn(state)
    refused_by_rule(state, "red Kizhi > Stockholm", RULE_BUILD, "turn back")
    refused_by_rule(state, "blue Stockholm > Kizhi", RULE_START, "free line")
    refused_by_rule(state, "red Stockholm > Moscow", RULE_BUILD, "ends at Kizhi")
    refused_by_rule(state, "keep Petra", RULE_EXCHANGE, "not drawn")
