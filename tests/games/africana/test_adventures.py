"""Africana, C) Move explorer: Ending An Adventure."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import AfricanaState
from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import refused_by_rule

ENDING = "Africana, C) Move explorer - Ending An Adventure"


def holding(adventures: list[str], where: str, seat: int = 0) -> AfricanaState:
    state = table.new(2)
    table.give_adventures(state, seat, adventures)
    table.place(state, 0, where)
    table.set_hand(state, 0, {})
    return state


def test_an_artifact_pays_its_silver_and_goes_beneath_the_company_card() -> None:
    """Ending An Adventure: an artifact pays its silver; the card is placed beneath the
    company card for its points."""
    state = holding(["N1"], "Cape Town")
    card = table.adventure(state, "N1")
    silver = state.silver[0]
    table.play(state, "move", "finish N1")
    assert state.silver[0] == silver + state.data.adventure_silver[card]
    me = state.view(None)["players"][0]
    assert me["adventures"] == []
    assert me["adventures_won"] == ["N1"]


def test_an_assistant_adventure_gives_the_assistant_for_use_at_once() -> None:
    """Ending An Adventure, the example 'take magenta assistant card': the assistant goes
    into the hand and can be used immediately to move on."""
    state = holding(["S11"], "Tripoli")  # a magenta assistant waits in Tripoli
    supply = state.view(None)["assistant_supply"]["magenta"]
    table.play(state, "move", "finish S11")
    assert table.hand_of(state, 0) == {"magenta assistant": 1}
    assert state.view(None)["assistant_supply"]["magenta"] == supply - 1
    assert state.view(None)["players"][0]["adventures_won"] == ["S11"]
    state.play("go Algier: magenta assistant")


def test_only_the_owner_ends_an_adventure() -> None:
    """Ending An Adventure: only the player who owns the adventure card."""
    state = holding(["S5"], "Cairo", seat=1)
    table.place(state, 0, "Cairo")
    state.play("move")
    with pytest.raises(IllegalAction, match="not one of your unfinished") as error:
        state.play("finish S5")
    assert error.value.rule == ENDING


def test_only_on_the_target_location() -> None:
    """Ending An Adventure: the explorer must be on the adventure's target."""
    state = holding(["S5"], "Napoli")
    state.play("move")
    with pytest.raises(IllegalAction, match="ends in Cairo; your explorer is in Napoli"):
        state.play("finish S5")


def test_all_own_adventures_with_this_target_may_be_ended() -> None:
    """Ending An Adventure: several own adventures with the same target end together."""
    state = holding(["S2", "S15"], "Khartoum")
    table.play(state, "move", "finish S2", "finish S15")
    me = state.view(None)["players"][0]
    assert sorted(me["adventures_won"]) == ["S15", "S2"]


def test_joins_and_endings_at_one_location_in_any_order() -> None:
    """C) You choose the order of joining and ending at one location."""
    for order in (("finish S5", "join B2"), ("join B2", "finish S5")):
        state = holding(["S5"], "Cairo")
        table.show(state, ["B2", "A1", "A2", "A3", "A4"])  # B2 starts in Cairo
        table.play(state, "move", *order)
        assert state.view(None)["players"][0]["adventures_won"] == ["S5"]
        assert state.view(None)["expeditions"][0]["joined"] == [0]


# --- refusals -----------------------------------------------------------------------------------


def test_finishing_someone_elses_adventure() -> None:
    """Africana, Ending An Adventure: "Adventures can only be ended by the player who owns the
    appropriate adventure card"."""
    state = table.new(2, 0)
    card = state.right[1][-1]
    ident = state.data.adventure_ids[card]
    table.give_adventures(state, 1, [ident])
    table.place(state, 0, table.location_name(state, state.data.adventure_target[card]))
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
    target = table.location_name(state, state.data.adventure_target[card])
    refused_by_rule(
        state, f"finish {ident}", r.RULE_END_ADVENTURE, f"adventure {ident} ends in {target}"
    )
