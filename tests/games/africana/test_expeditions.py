"""Africana, C) Move explorer: Joining Expeditions and Ending An Expedition."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import AfricanaState
from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import refused_by_rule

JOINING = "Africana, C) Move explorer - Joining Expeditions"
ENDING = "Africana, C) Move explorer - Ending An Expedition"


def display(
    cards: list[str | None], where: str = "Napoli", hand: Mapping[str, int] | None = None
) -> AfricanaState:
    """Seat 0 on ``where`` holding ``hand``, these expeditions on the spaces."""
    state = table.new(2)
    table.show(state, cards)
    table.place(state, 0, where)
    table.set_hand(state, 0, hand or {})
    return state


def space_of(state: AfricanaState, ident: str) -> int:
    return state.spaces.index(table.expedition(state, ident))


def test_join_at_the_start_of_the_turn_without_moving() -> None:
    """Tactical tips: on the start of an expedition not yet joined, choose 'move explorer'
    and join at once without moving."""
    state = display(["A1", "A2", "C3", "A3", "A4"])  # C3 starts in Napoli
    table.play(state, "move", "join C3")
    assert state.view(None)["expeditions"][2]["joined"] == [0]
    assert state.view(None)["players"][0]["markers_free"] == 3


def test_joining_bonus_of_two_silver() -> None:
    """Joining Expeditions, the example 'Joining Bonus: 2 silver coins': every player who
    joins takes the bonus printed above the space at once."""
    state = display(["A1", "A2", "C3", "A3", "A4"])
    space = space_of(state, "C3")
    assert state.data.bonus_silver[space] == 2
    silver = state.silver[0]
    table.play(state, "move", "join C3")
    assert state.silver[0] == silver + 2


def test_a_travel_card_bonus_can_be_used_at_once() -> None:
    """Joining Expeditions: travel cards or coins gained this way can be used immediately."""
    state = display(["C3", "A1", "A2", "A3", "A4"])
    assert state.data.bonus_cards[0] == 1
    table.set_draw_pile(state, ["violet", "grey"])
    table.play(state, "move", "join C3")
    assert table.hand_of(state, 0) == {"violet": 1}
    state.play("go Cairo: violet")


def test_each_expedition_may_be_joined_once() -> None:
    """Joining Expeditions: you can join each expedition only once."""
    state = display(["C3", "A1", "A2", "A3", "A4"])
    table.play(state, "move", "join C3")
    with pytest.raises(IllegalAction, match="already joined expedition C3") as error:
        state.play("join C3")
    assert error.value.rule == JOINING


def test_all_expeditions_with_this_start_may_be_joined() -> None:
    """Joining Expeditions: with several expeditions starting here, join all of them."""
    state = display(["A2", "A6", "A1", "A3", "A4"], where="Tripoli")  # both start there
    table.play(state, "move", "join A2", "join A6")
    joined = [space["joined"] for space in state.view(None)["expeditions"][:2]]
    assert joined == [[0], [0]]


def test_four_markers_allow_at_most_four_expeditions() -> None:
    """Joining Expeditions: with 4 company markers you join at most 4 of the 5."""
    state = display(["C3", "A1", "A2", "A3", "A4"])
    for ident in ("A1", "A2", "A3", "A4"):
        table.join(state, 0, ident)
    state.play("move")
    assert "join C3" not in state.legal_action_strs()
    with pytest.raises(IllegalAction, match="all 4 of your company markers"):
        state.play("join C3")


def test_markers_of_several_companies_share_an_expedition() -> None:
    """Joining Expeditions: markers of different colours may be on the same card."""
    state = display(["C3", "A1", "A2", "A3", "A4"])
    table.join(state, 1, "C3")
    table.play(state, "move", "join C3")
    assert state.view(None)["expeditions"][0]["joined"] == [0, 1]


def test_join_at_any_point_of_the_movement() -> None:
    """Joining Expeditions: be on the start at any point during the movement action."""
    state = display(["C3", "A1", "A2", "A3", "A4"], where="Cairo", hand={"grey": 1})
    state.play("move")
    assert "join C3" not in state.legal_action_strs()
    table.play(state, "go Napoli: grey", "join C3")


def test_join_only_on_the_start_location() -> None:
    """Joining Expeditions: the explorer must stand on the expedition's start."""
    state = display(["C3", "A1", "A2", "A3", "A4"], where="Cairo")
    state.play("move")
    with pytest.raises(IllegalAction, match="starts in Napoli; your explorer is in Cairo"):
        state.play("join C3")


def reward_position() -> AfricanaState:
    """Seat 0 joined A3 (Leopoldville - Timbuctoo) and stands next to Timbuctoo; seat 1 too."""
    state = display(["A3", "A1", "A2", "C3", "A4"], where="Lagos", hand={"grey": 1})
    table.join(state, 0, "A3")
    table.join(state, 1, "A3")
    table.set_pile(state, ["B1", "B2"])
    return state


def test_ending_pays_the_reward_and_every_marker_goes_home() -> None:
    """Ending An Expedition, the example 'Reward: 3 silver coins + expedition card': take the
    silver and the card; all other joiners get nothing; every marker returns."""
    state = reward_position()
    card = table.expedition(state, "A3")
    assert state.data.expedition_silver[card] == 3
    silver = [state.silver[0], state.silver[1]]
    table.play(state, "move", "go Timbuctoo: grey", "finish A3")
    assert state.silver == [silver[0] + 3, silver[1]]
    view = state.view(None)
    assert view["players"][0]["expeditions_won"] == ["A3"]
    assert view["players"][1]["expeditions_won"] == []
    assert [p["markers_free"] for p in view["players"]] == [4, 4]
    assert view["expeditions"][0]["expedition"] is None


def test_the_empty_space_is_refilled_when_the_turn_ends() -> None:
    """Replenish Expedition Cards: fewer than 5 active expeditions at the end of the turn are
    topped up from the expedition pile."""
    state = reward_position()
    table.play(state, "move", "go Timbuctoo: grey", "finish A3", "done")
    assert state.view(None)["expeditions"][0]["expedition"] == "B1"


def test_only_a_joined_expedition_can_be_ended() -> None:
    """Ending An Expedition: only an expedition you joined previously."""
    state = display(["A3", "A1", "A2", "C3", "A4"], where="Timbuctoo")
    state.play("move")
    with pytest.raises(IllegalAction, match="have not joined expedition A3") as error:
        state.play("finish A3")
    assert error.value.rule == ENDING


def test_only_on_the_target_location() -> None:
    """Ending An Expedition: be on the target location of the expedition."""
    state = reward_position()
    state.play("move")
    with pytest.raises(IllegalAction, match="ends in Timbuctoo; your explorer is in Lagos"):
        state.play("finish A3")


def test_all_joined_expeditions_with_this_target_may_be_ended() -> None:
    """Ending An Expedition: several joined expeditions with the same target end together."""
    state = display(["A1", "B10", "A2", "A3", "A4"], where="Serengeti")  # both end there
    table.join(state, 0, "A1")
    table.join(state, 0, "B10")
    table.play(state, "move", "finish A1", "finish B10")
    assert state.view(None)["players"][0]["expeditions_won"] == ["A1", "B10"]


def test_a_returned_marker_can_join_again_in_the_same_action() -> None:
    """Ending An Expedition: the returned markers can be used to join other expeditions."""
    state = display(["A3", "B6", "A1", "A2", "A4"], where="Timbuctoo")  # B6 starts there
    for ident in ("A3", "A1", "A2", "A4"):
        table.join(state, 0, ident)
    state.play("move")
    assert "join B6" not in state.legal_action_strs()
    table.play(state, "finish A3", "join B6")


# --- refusals -----------------------------------------------------------------------------------


def test_joining_an_expedition_elsewhere() -> None:
    """Africana, Joining Expeditions: only "on the starting location of a current expedition"."""
    state = table.chose_move(joker=1)
    data = state.data
    card = next(c for c in state.spaces if data.expedition_start[c] != table.here(state))
    ident = data.expedition_ids[card]
    refused_by_rule(
        state,
        f"join {ident}",
        r.RULE_JOIN,
        f"expedition {ident} starts in {table.location_name(state, data.expedition_start[card])}",
        f"your explorer is in {table.location_name(state, table.here(state))}",
    )


def test_joining_an_expedition_not_on_display() -> None:
    state = table.chose_move(joker=1)
    ident = state.data.expedition_ids[state.pile[-1]]
    refused_by_rule(
        state, f"join {ident}", r.RULE_JOIN, f"expedition {ident} is not on an expedition space"
    )


def test_joining_an_expedition_twice() -> None:
    """Africana, Joining Expeditions: "You can join each expedition only once"."""
    state = table.new(2, 0)
    card = state.spaces[0]
    ident = state.data.expedition_ids[card]
    table.place(state, 0, table.location_name(state, state.data.expedition_start[card]))
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
    table.place(state, 0, table.location_name(state, data.expedition_start[last]))
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
    table.place(state, 0, table.location_name(state, state.data.expedition_target[card]))
    state.play("move")
    refused_by_rule(
        state, f"finish {ident}", r.RULE_END_EXPEDITION, f"you have not joined expedition {ident}"
    )


def test_finishing_an_expedition_away_from_its_target() -> None:
    state = table.new(2, 0)
    data = state.data
    card = next(c for c in state.spaces if data.expedition_target[c] != table.here(state))
    ident = data.expedition_ids[card]
    table.join(state, 0, ident)
    state.play("move")
    refused_by_rule(
        state,
        f"finish {ident}",
        r.RULE_END_EXPEDITION,
        f"expedition {ident} ends in {table.location_name(state, data.expedition_target[card])}",
    )
