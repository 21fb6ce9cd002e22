"""Africa, Actions 1-5 and the General Rules on empty spaces."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction
from terra.games.africa import AfricaState
from tests.games.africa import table


def at_c5(seed: int = 0, players: int = 2) -> AfricaState:
    """Seat 0's researcher on C5 (emptied); every hex around it still holds its face-down
    marker."""
    state = table.started(players, seed)
    table.clear(state, "C5")
    table.place(state, 0, "C5")
    return state


# --- 1. Uncover a marker ------------------------------------------------------------------------


def test_only_neighbouring_face_down_markers_can_be_uncovered() -> None:
    """Africa, Actions - 1. Uncover a marker: a concealed marker on a space next to one's own
    researcher."""
    state = at_c5()
    uncover = {a for a in state.legal_action_strs() if a.startswith("uncover")}
    assert uncover == {f"uncover {h}" for h in table.neighbours(state, "C5")}
    with pytest.raises(IllegalAction, match="does not border") as error:
        state.play("uncover H7")
    assert error.value.rule == "Africa, Actions - 1. Uncover a marker"


@pytest.mark.parametrize(("name", "points"), [("gold 1", 1), ("gold 2", 2), ("jewels 2", 2)])
def test_gold_and_jewels_stay_face_up_and_score_1_or_2(name: str, points: int) -> None:
    """Africa, Actions - Uncovering Gold and Jewels: the marker stays face up on its space;
    1 or 2 points, as many as nuggets or stones it shows."""
    state = at_c5()
    table.put(state, "D5", name, face_up=False)
    state.play("uncover D5")
    h = table.hx(state, "D5")
    assert state.marker[h] == table.kind(state, name) and not state.down[h]
    assert state.track[0] == points
    assert state.round == 1


def test_goods_are_taken_and_leave_an_empty_space() -> None:
    """Africa, Actions - Uncovering Goods: the player takes the marker; its space is empty."""
    state = at_c5()
    table.put(state, "D5", "drum", face_up=False)
    table.play(state, "uncover D5", "keep")
    assert state.marker[table.hx(state, "D5")] == -1
    assert state.hand[0][table.kind(state, "drum")] == 1
    assert "go D5" in state.legal_action_strs()


def test_an_exchange_needs_enough_of_the_uncovered_kind() -> None:
    """Africa, Actions - Uncovering Goods: all of the other's goods of one kind, for as many
    of one's own; without enough, no exchange. Goods already held are given only together
    with a newly uncovered one of the same kind."""
    state = at_c5()
    table.give(state, 0, "kettle", 3)
    table.give(state, 1, "clothing", 2)
    table.give(state, 1, "mask")
    table.put(state, "D5", "statue", face_up=False)
    state.play("uncover D5")
    assert state.legal_action_strs() == ["keep", "exchange mask with blue"]
    with pytest.raises(IllegalAction, match="needs 2 statue to give; you have 1") as error:
        state.play("exchange clothing with blue")
    assert error.value.rule == "Africa, Actions - Uncovering Goods"
    with pytest.raises(IllegalAction, match="no drum"):
        state.play("exchange drum with blue")
    with pytest.raises(IllegalAction, match="no one plays yellow"):
        state.play("exchange mask with yellow")
    with pytest.raises(IllegalAction, match="with yourself"):
        state.play("exchange mask with red")


def test_an_exchange_with_any_other_player() -> None:
    """Africa, Actions - Uncovering Goods: the player picks the other player, who cannot
    refuse."""
    state = at_c5(players=3)
    table.give(state, 1, "mask")
    table.give(state, 2, "mask")
    table.put(state, "D5", "statue", face_up=False)
    state.play("uncover D5")
    assert state.legal_action_strs() == [
        "keep",
        "exchange mask with blue",
        "exchange mask with yellow",
    ]
    state.play("exchange mask with yellow")
    assert state.hand[2][table.kind(state, "statue")] == 1
    assert state.events[-1]["key"] == "exchange"


def test_an_animal_may_stay_or_go_where_more_of_its_kind_border() -> None:
    """Africa, Actions - Uncovering Animals: leave it, or place it on any empty space with more
    animals of its kind bordering than beside its own space; 1 point plus one per such animal.
    Face-down animals do not count."""
    state = at_c5()
    table.clear(state, "H7", "J7")
    h7 = table.neighbours(state, "H7")
    table.put(state, h7[0], "zebra")
    table.put(state, h7[1], "zebra", face_up=False)  # face down: not counted
    table.put(state, "D5", "zebra", face_up=False)
    state.play("uncover D5")
    legal = set(state.legal_action_strs())
    assert "place D5" in legal and "place H7" in legal
    assert "place J7" not in legal  # no zebra beside it: not more than 0
    with pytest.raises(IllegalAction, match="must border more") as error:
        state.play("place J7")
    assert error.value.rule == "Africa, Actions - Uncovering Animals"
    state.play("place H7")
    assert state.track[0] == 2


def test_an_animal_can_be_placed_under_a_researcher() -> None:
    """Africa, General Rules - Empty and Occupied Spaces: a marker may be moved under a
    researcher (a space with only a researcher is empty)."""
    state = at_c5()
    table.put(state, "C6", "lion")
    table.put(state, "C4", "lion", face_up=False)
    state.play("uncover C4")
    assert "place C5" in state.legal_action_strs()  # own researcher, beside the other lion
    state.play("place C5")
    assert state.track[0] == 2
    assert state.marker[table.hx(state, "C5")] == table.kind(state, "lion")


def test_a_nomad_scores_the_empty_spaces_around_it() -> None:
    """Africa, Actions - Uncovering Nomads: stay, or go to an empty space with more empty
    spaces bordering it; a point for each empty space bordering its final space. Start cities
    and researchers' spaces are empty (Empty and Occupied Spaces)."""
    state = at_c5()
    table.put(state, "D5", "nomad", face_up=False)
    state.play("uncover D5")
    # D5 borders C5 (the researcher): one empty space.
    assert state.legal_action_strs()[0] == "place D5"
    state.play("place D5")
    assert state.track[0] == 1

    state = at_c5()
    table.clear(state, "H7", "H6", "H8")
    table.put(state, "D5", "nomad", face_up=False)
    state.play("uncover D5")
    state.play("place H7")
    assert state.track[0] == 2


def test_a_monument_stays_and_gives_a_base_camp() -> None:
    """Africa, Actions - Uncovering Monuments: the marker stays face up; the player takes a
    base camp from the supply."""
    state = at_c5()
    table.put(state, "D5", "monument", face_up=False)
    state.play("uncover D5")
    assert state.marker[table.hx(state, "D5")] == table.kind(state, "monument")
    assert (state.camps[0], state.supply, state.found) == (3, 7, 1)
    assert state.track[0] == 0


def test_a_monument_gives_no_camp_when_the_supply_is_empty() -> None:
    """Africa, Actions - Uncovering Monuments: with the supply empty there is no camp to take
    (docs/rules-decisions.md)."""
    state = at_c5()
    state.supply = 0
    table.put(state, "D5", "monument", face_up=False)
    state.play("uncover D5")
    assert (state.camps[0], state.supply) == (2, 0)
    assert state.events[-1]["args"]["camp"] is False


# --- 2. and 3. Moving animals and nomads ----------------------------------------------------------


def test_moving_an_animal_scores_the_improvement() -> None:
    """Africa, Actions - 2. Moving Animals: a face-up animal on or next to the researcher goes
    to an empty space with more of its kind bordering; the difference scores."""
    state = at_c5()
    table.put(state, "D5", "giraffe")
    table.put(state, "E6", "giraffe")  # beside D5: 1
    table.clear(state, "H7")
    for h in table.neighbours(state, "H7")[:3]:
        table.put(state, h, "giraffe")
    state.play("move D5")
    assert "place H7" in state.legal_action_strs()
    state.play("place H7")
    assert state.track[0] == 3 - 1


def test_only_an_animal_on_or_next_to_the_researcher_moves() -> None:
    """Africa, Actions - 2. Moving Animals: from a space that the player's researcher is on or
    next to; there must be a better space."""
    state = at_c5()
    table.put(state, "H6", "giraffe")
    table.put(state, "H8", "giraffe")
    table.clear(state, "H7")
    with pytest.raises(IllegalAction, match="neither on nor next to") as error:
        state.play("move H6")
    assert error.value.rule == "Africa, Actions - 2. Moving Animals"
    table.put(state, "D5", "elephant")  # no other elephant face up: nowhere better
    with pytest.raises(IllegalAction, match="nowhere better to go"):
        state.play("move D5")
    with pytest.raises(IllegalAction, match="no face-up animal or nomad"):
        state.play("move D6")


def test_a_nomad_moves_for_the_improvement_only() -> None:
    """Africa, Actions - 3. Moving Nomads: only to a space with more empty spaces bordering;
    the difference scores."""
    state = at_c5()
    table.put(state, "D5", "nomad")
    table.clear(state, "H7", *table.neighbours(state, "H7"))
    state.play("move D5")
    state.play("place H7")
    assert state.track[0] == 6 - 1
    assert state.events[-1]["args"]["moved"] is True


# --- 4. and 5. Base camps ------------------------------------------------------------------------


def test_research_scores_face_up_animals_nomads_and_monuments() -> None:
    """Africa, Actions - 4. Establish a Base Camp and Perform Research: a camp on the
    researcher's empty space; a point per face-up animal, nomad and monument bordering it,
    none for gold and jewels or face-down markers."""
    state = at_c5()
    n = table.neighbours(state, "C5")
    table.put(state, n[0], "lion")
    table.put(state, n[1], "nomad")
    table.put(state, n[2], "monument")
    table.put(state, n[3], "gold 2")
    table.put(state, n[4], "jewels 1")
    state.play("camp research")
    assert state.track[0] == 3
    assert state.camp[table.hx(state, "C5")] == 0
    assert state.camps[0] == 1
    assert state.marker[table.hx(state, n[3])] >= 0  # all markers stay


def test_resources_take_the_bordering_gold_and_jewels() -> None:
    """Africa, Actions - 5. Establish a Base Camp and Use Natural Resources: no points for
    markers; the gold and jewel markers bordering the camp go to the player."""
    state = at_c5()
    n = table.neighbours(state, "C5")
    table.put(state, n[0], "lion")
    table.put(state, n[3], "gold 2")
    table.put(state, n[4], "jewels 1")
    table.put(state, n[5], "gold 1", face_up=False)  # still face down: stays
    state.play("camp resources")
    assert state.track[0] == 0
    hand = state.hand[0]
    assert hand[table.kind(state, "gold 2")] == 1 and hand[table.kind(state, "jewels 1")] == 1
    assert hand[table.kind(state, "gold 1")] == 0
    assert state.marker[table.hx(state, n[3])] == -1


def test_a_camp_needs_an_empty_space_and_a_camp_in_hand() -> None:
    """Africa, Actions - 4./5.: the researcher's space must be empty (Empty and Occupied Spaces:
    markers and base camps make a space occupied; a start city is empty)."""
    state = at_c5()
    table.put(state, "C5", "monument")
    with pytest.raises(IllegalAction, match="holds a marker") as error:
        state.play("camp research")
    assert error.value.rule == "Africa, General Rules - Empty and Occupied Spaces"
    state = table.started(2, 0)
    assert "camp research" in state.legal_action_strs()  # in a start city
    state.camps[0] = 0
    table.touched(state)
    with pytest.raises(IllegalAction, match="no base camp left"):
        state.play("camp resources")


def test_the_same_camp_action_twice_in_a_turn() -> None:
    """Africa, General Rules - The Sequence of Actions: the same action may be done twice."""
    state = at_c5()
    table.clear(state, "C6")
    table.play(state, "camp research", "go C6", "camp research")
    assert state.camps[0] == 0
    assert state.current_player == 1


def test_an_animal_under_the_researcher_can_be_moved() -> None:
    """Africa, Actions - 2. Moving Animals: from the space the researcher is on, too (a
    researcher may stand on a face-up marker: B. Researchers move)."""
    state = at_c5()
    table.put(state, "C5", "zebra")
    table.put(state, "H6", "zebra")
    table.clear(state, "H7")
    assert "move C5" in state.legal_action_strs()
    table.play(state, "move C5", "place H7")
    assert state.track[0] == 1
    assert state.marker[table.hx(state, "C5")] == -1


def test_a_step_onto_another_researcher_is_refused() -> None:
    """Africa, B. Researchers move: never onto a space with another researcher."""
    state = at_c5()
    table.clear(state, "C6")
    table.place(state, 1, "C6")
    assert "go C6" not in state.legal_action_strs()
    with pytest.raises(IllegalAction, match="blue researcher is on C6") as error:
        state.play("go C6")
    assert error.value.rule == "Africa, B. Researchers move"
    with pytest.raises(IllegalAction, match="face-down marker"):
        state.play("go D5")


# --- readings the rulebook leaves to the engine (docs/rules-decisions.md) ----------------------


def test_natural_resources_are_only_the_face_up_gold_and_jewels() -> None:
    """Africa, Actions - 5. Establish a Base Camp and Use Natural Resources: the camp takes
    the gold and jewel markers bordering it that lie face up; a face-down one stays where it
    is, face down, even if it is gold or jewels (docs/rules-decisions.md, Africa 16)."""
    state = at_c5()
    table.put(state, "C4", "gold 2")
    table.put(state, "C6", "jewels 2", face_up=False)
    table.put(state, "B4", "gold 1", face_up=False)
    state.play("camp resources")
    hand = state.hand[0]
    assert hand[table.kind(state, "gold 2")] == 1
    assert hand[table.kind(state, "jewels 2")] == 0 and hand[table.kind(state, "gold 1")] == 0
    for where, name in (("C6", "jewels 2"), ("B4", "gold 1")):
        h = table.hx(state, where)
        assert state.marker[h] == table.kind(state, name) and state.down[h] == 1
    assert state.events[-1]["args"]["taken"] == ["gold 2"]


def test_animals_and_nomads_move_from_beside_ones_own_researcher_only() -> None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: "from a space that a player's
    researcher is on or next to" is the acting player's own researcher, as for every action
    (docs/rules-decisions.md, Africa 18)."""
    state = at_c5()
    table.clear(state, "H7", "J7", "I7", "I8")
    table.place(state, 1, "H7")  # blue's researcher, far from red's
    table.put(state, "H6", "giraffe")
    table.put(state, "H8", "giraffe")
    table.put(state, "G7", "nomad")
    assert not any(a.startswith("move") for a in state.legal_action_strs())
    with pytest.raises(IllegalAction, match="neither on nor next to your researcher") as error:
        state.play("move H6")
    assert error.value.rule == "Africa, Actions - 2. Moving Animals"
    with pytest.raises(IllegalAction, match="neither on nor next to your researcher") as error:
        state.play("move G7")
    assert error.value.rule == "Africa, Actions - 3. Moving Nomads"
    table.to_turn(state, 1)  # blue may move them
    assert {"move H6", "move H8", "move G7"} <= set(state.legal_action_strs())


def test_moving_a_face_down_marker_is_refused_alike_whatever_lies_under_it() -> None:
    """Africa, Actions - 2. Moving Animals / 3. Moving Nomads: only a face-up animal or nomad is
    moved. The refusal of a face-down one cites the same rule whether a nomad or an animal
    lies under it, so that no seat learns a hidden marker from refusals."""
    state = at_c5()
    table.put(state, "D5", "nomad", face_up=False)
    table.put(state, "D6", "zebra", face_up=False)
    refusals = []
    for where in ("D5", "D6"):
        with pytest.raises(IllegalAction, match="no face-up animal or nomad") as error:
            state.play(f"move {where}")
        refusals.append((error.value.reason.replace(where, "X"), error.value.rule))
    assert refusals[0] == refusals[1]
    assert refusals[0][1] == "Africa, Actions - 2. Moving Animals"


def test_an_animal_uncovered_by_the_first_action_may_be_moved_by_the_second() -> None:
    """Africa, Actions - 2. Moving Animals: an animal "that is already face up" may be moved,
    also when it was uncovered by the turn's first action (General Rules - The Sequence of
    Actions: the order is free; docs/rules-decisions.md, Africa 19). It scores the same as
    placing it there at once: 1 and its neighbours, then the improvement."""
    state = at_c5()
    table.clear(state, "H7")
    h7 = table.neighbours(state, "H7")
    table.put(state, h7[0], "zebra")
    table.put(state, h7[1], "zebra")
    table.put(state, "D5", "zebra", face_up=False)
    table.play(state, "uncover D5", "place D5")  # left where it lay: 1 point
    assert state.track[0] == 1 and state.round == 1
    assert "move D5" in state.legal_action_strs()
    table.play(state, "move D5", "place H7")
    assert state.track[0] == 1 + 2
    assert state.marker[table.hx(state, "H7")] == table.kind(state, "zebra")
    assert state.current_player == 1
