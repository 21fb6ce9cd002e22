"""Every worked example of the rulebook, played through the public API."""

from __future__ import annotations

from terra.games.africa import AfricaState
from tests.games.africa import table


def test_elephant_scores_2_where_it_lies_or_3_beside_two_elephants() -> None:
    """Africa, Actions - Uncovering Animals (example): an uncovered elephant would bring 2
    points on its own space (itself and one elephant beside it); put beside two other
    elephants it brings 3, as the fourth elephant does not border the new space."""
    for where, points in (("D5", 2), ("H7", 3)):
        state = table.started(2, 1)
        table.clear(state, "C5", "H7")
        table.place(state, 0, "C5")
        table.put(state, "E6", "elephant")
        first, second = table.neighbours(state, "H7")[:2]
        table.put(state, first, "elephant")
        table.put(state, second, "elephant")
        table.put(state, "D5", "elephant", face_up=False)
        state.play("uncover D5")
        assert state.phase_name == "place"
        legal = state.legal_action_strs()
        assert "place D5" in legal and "place H7" in legal
        state.play(f"place {where}")
        assert state.track[0] == points
        assert state.marker[table.hx(state, where)] == table.kind(state, "elephant")


def test_nomad_moved_from_one_to_three_empty_spaces_scores_2() -> None:
    """Africa, Actions - 3. Moving Nomads (example): one empty space beside the nomad before,
    three after: 3 - 1 = 2 points. The only empty space beside it is the one the researcher
    stands on (Empty and Occupied Spaces: a space with only a researcher is empty)."""
    state = table.started(2, 2)
    table.clear(state, "C5", "H7")
    table.place(state, 0, "C5")
    table.put(state, "D5", "nomad")
    table.clear(state, *table.neighbours(state, "H7")[:3])
    state.play("move D5")
    legal = state.legal_action_strs()
    assert "place H7" in legal
    assert "place D5" not in legal  # a moved nomad must leave its space
    state.play("place H7")
    assert state.track[0] == 2
    assert state.marker[table.hx(state, "D5")] == -1
    assert state.marker[table.hx(state, "H7")] == table.kind(state, "nomad")


def test_statue_exchanged_for_the_kettle_or_two_statues_for_two_clothing() -> None:
    """Africa, Actions - Uncovering Goods (example): Andreas uncovers a statue, having one
    already. He may exchange it with Birgit for her kettle, or both statues for her two
    articles of clothing."""

    def position() -> AfricaState:
        state = table.started(2, 3)
        table.clear(state, "C5")
        table.place(state, 0, "C5")
        table.give(state, 0, "statue")
        table.give(state, 1, "kettle")
        table.give(state, 1, "clothing", 2)
        table.put(state, "D5", "statue", face_up=False)
        state.play("uncover D5")
        return state

    state = position()
    assert state.phase_name == "goods"
    assert set(state.legal_action_strs()) == {
        "keep",
        "exchange kettle with blue",
        "exchange clothing with blue",
    }
    state.play("exchange kettle with blue")
    statue, kettle, clothing = (table.kind(state, n) for n in ("statue", "kettle", "clothing"))
    assert (state.hand[0][statue], state.hand[0][kettle]) == (1, 1)
    assert (state.hand[1][statue], state.hand[1][kettle], state.hand[1][clothing]) == (1, 0, 2)

    state = position()
    state.play("exchange clothing with blue")
    assert (state.hand[0][statue], state.hand[0][clothing]) == (0, 2)
    assert (state.hand[1][statue], state.hand[1][kettle], state.hand[1][clothing]) == (2, 1, 0)


def test_four_statues_and_a_pair_of_kettles_score_8_plus_3() -> None:
    """Africa, Game End and Scoring - Goods (example): 8 points for the statues and 3 for the
    kettles, 11 in all."""
    state = table.started(2, 4)
    table.give(state, 0, "statue", 4)
    table.give(state, 0, "kettle", 2)
    table.end_game(state)
    assert state.score_breakdown()[0]["goods"] == 11


def test_gold_and_jewel_majorities() -> None:
    """Africa, Game End and Scoring - Gold and Jewels (example): Andreas has the most gold (10);
    Birgit and Connie tie for second (6 / 2 = 3 each). Andreas and Connie tie for the most
    jewels ((10 + 6) / 2 = 8 each). Nuggets and stones count, not markers."""
    state = table.started(3, 5)
    table.give(state, 0, "gold 2", 2)  # 4 nuggets on 2 markers
    table.give(state, 1, "gold 1", 3)  # 3 nuggets on 3 markers
    table.give(state, 2, "gold 2")
    table.give(state, 2, "gold 1")  # 3 nuggets
    table.give(state, 0, "jewels 2")
    table.give(state, 2, "jewels 1", 2)  # 2 stones each
    table.give(state, 1, "jewels 1")
    table.end_game(state)
    parts = state.score_breakdown()
    assert [p["gold"] for p in parts] == [10, 3, 3]
    assert [p["jewels"] for p in parts] == [8, 0, 8]
