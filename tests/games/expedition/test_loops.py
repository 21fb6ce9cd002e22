"""Expedition, Loops, and Variant A's loop rule after illustrations 4-6.

On the small test map ``maps/loops`` (every point but the start S is a site):

    S - A - B - C - K      lines: S-A A-B B-C C-E E-D D-B E-F F-G G-H H-A C-K K-E
    |  /|   | \\ | /              D-L F-M B-N S-G1 G1-N G1-A (G1 is a green station)
    G1  H   N  D-E
        |      |  |
        G ---- L  F - M

The illustrations themselves are not in the text, so the tests rebuild what their captions
describe: the dots a loop consists of (4), a later loop running through part of an earlier one
(5), and two possible loops of which the shorter counts (6).
"""

from __future__ import annotations

from terra.games.expedition import ExpeditionState
from terra.games.expedition import rulebook as r
from tests.games.expedition import table
from tests.refusals import explanation, refused_by_rule

FIRST_LOOP = ["S", "A", "B", "C", "E", "D"]  # then D > B closes a loop at B


def closed_at_b(**options: bool) -> ExpeditionState:
    state = table.playing(2, 0, data=table.LOOPS, **options)
    table.walk(state, "red", FIRST_LOOP)
    table.arrow(state, "red", "D", "B")
    return state


def origins(state: ExpeditionState) -> set[str]:
    return {a.split(" > ")[0].removeprefix("red ") for a in state.legal_action_strs()}


def loop_points(state: ExpeditionState) -> set[str]:
    """The points the loop arrow may start from, as the view shows them."""
    ids = state.view(state.player)["turn"]["loop_from"]
    return {table.name(state, table.point(state, i)) for i in ids}


def test_closing_a_loop_obliges_another_arrow_of_that_colour() -> None:
    """Expedition, Loops: when an expedition runs back onto its own route, the player must
    place another arrow of that colour."""
    state = closed_at_b()
    legal = state.legal_action_strs()
    assert legal and all(a.startswith("red ") for a in legal)
    error = explanation(state, state.parse_action("done"))
    assert error.rule == r.RULE_LOOP and "loop" in error.reason


def test_the_loop_arrow_may_start_from_any_point_the_expedition_visited() -> None:
    """Expedition, Loops: the new starting point may be chosen freely among the points the
    expedition was at; only then is a branch allowed."""
    state = closed_at_b()
    assert origins(state) == {"A", "B", "D", "E", "C"}
    table.arrow(state, "red", "A", "H")
    assert state.end[0] == table.point(state, "H")
    assert "done" in state.legal_action_strs()


def test_the_loop_arrow_leaves_from_an_arrowhead_of_its_colour_not_the_bare_start() -> None:
    """Expedition, Loops: the new exit point "must be a point that the expedition was already
    at, i.e. a like-colored arrowhead must be present on this point". The start, where every
    expedition began, carries no arrowhead until an arrow leads back to it (decision 2)."""
    state = closed_at_b()
    assert "S" not in loop_points(state)
    assert "red S > G1" not in state.legal_action_strs()
    refused_by_rule(state, "red S > G1", r.RULE_LOOP, "arrowhead", "S is not one")

    back = table.playing(2, 0, data=table.LOOPS)
    table.walk(back, "red", ["S", "A", "G1"])
    table.arrow(back, "red", "G1", "S")  # back at the start: a loop, and an arrowhead there
    assert back.loop == 0
    assert loop_points(back) == {"S", "A", "G1"}


def test_a_loop_arrow_may_not_close_a_second_loop_in_the_same_turn() -> None:
    """Expedition, Loops: a player may form only one loop per expedition in a turn."""
    state = closed_at_b()
    table.arrow(state, "red", "E", "K")
    state.play("voucher arrow")
    assert "red K > C" not in state.legal_action_strs()
    error = explanation(state, state.parse_action("red K > C"))
    assert error.rule == r.RULE_LOOP and "another" in error.reason
    table.arrow(state, "blue", "S", "G1")
    table.finish_turn(state)
    table.arrow(state, "red", "K", "C")  # next turn it is allowed
    assert state.loop == 0


def test_a_loop_closed_at_a_green_station_gives_two_more_arrows() -> None:
    """Expedition, Loops: at a green point the player places two more arrows, one of that
    colour for the loop and one of any colour for the station."""
    state = table.playing(2, 0, data=table.LOOPS)
    table.walk(state, "red", ["S", "G1", "A", "B", "N"])
    table.arrow(state, "red", "N", "G1")
    assert state.loop == 0 and state.may == 1
    table.arrow(state, "red", "B", "C")
    assert "done" in state.legal_action_strs()
    table.arrow(state, "blue", "S", "A")
    assert "done" in state.legal_action_strs()
    assert not [a for a in state.legal_action_strs() if " > " in a]


def test_removing_an_arrow_can_form_a_loop() -> None:
    """Expedition, Loops and Travel Vouchers - Remove an Arrow: a loop can also form by
    removing an arrow: back on a point where the route meets itself, the player must branch."""
    state = closed_at_b()
    table.arrow(state, "red", "B", "N")
    table.finish_turn(state)
    state.play("voucher remove red")
    assert state.end[0] == table.point(state, "B")
    assert state.loop == 0
    assert origins(state) >= {"A", "E"}
    assert "done" not in state.legal_action_strs()


def test_removing_the_loop_arrow_leads_the_expedition_back_to_where_that_arrow_started() -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: the player "leads the expedition to its
    last point back", back along the removed arrow: removing the loop arrow A > H leaves the
    expedition at A, with A's effects (decision 5). A is on its route, so "a loop can also form
    from the removal of an arrow": the next arrow is a loop arrow again."""
    state = closed_at_b()
    table.arrow(state, "red", "A", "H")  # the loop arrow branches off at A
    refused_by_rule(state, "voucher remove red", r.RULE_LOOP, "second")  # one loop a turn
    table.finish_turn(state)
    state.play("voucher remove red")
    assert state.end[0] == table.point(state, "A")
    assert state.loop == 0
    legal = state.legal_action_strs()
    assert legal and all(a.startswith("red ") for a in legal)
    assert origins(state) == {"A", "B", "C", "D", "E"}
    table.arrow(state, "red", "C", "K")
    assert state.end[0] == table.point(state, "K")

    variant_a = closed_at_b(variant_a=True)
    table.arrow(variant_a, "red", "E", "F")
    table.finish_turn(variant_a)
    variant_a.play("voucher remove red")
    assert variant_a.end[0] == table.point(variant_a, "E")
    assert loop_points(variant_a) == {"B", "C", "E", "D"}


def test_variant_a_the_loop_arrow_starts_from_a_point_of_the_loop_illustration_4() -> None:
    """Expedition, Variant A (illustration 4): after a loop the expedition continues only from
    the dots of that loop, here B, C, E and D, not from S or A."""
    state = closed_at_b(variant_a=True)
    assert loop_points(state) == origins(state) == {"B", "C", "E", "D"}
    error = explanation(state, state.parse_action("red A > H"))
    assert error.rule == r.RULE_LOOP_A


def through_illustration_5() -> ExpeditionState:
    state = closed_at_b(variant_a=True)
    table.arrow(state, "red", "E", "F")
    table.walk(state, "red", ["F", "G", "H"])
    table.finish_turn(state)
    table.arrow(state, "red", "H", "A")
    return state


def test_variant_a_a_later_loop_follows_the_arrows_illustration_5() -> None:
    """Expedition, Variant A (illustration 5): the new loop is found by following the arrows
    from the point where it closed: A, B, C, E, F, G, H; D lies off it."""
    state = through_illustration_5()
    assert state.loop == 0
    assert loop_points(state) == {"A", "B", "C", "E", "F", "G", "H"}
    assert origins(state) == {"A", "B", "C", "E", "F"}  # G and H have no free line
    assert "red D > L" not in state.legal_action_strs()


def test_variant_a_of_two_possible_loops_the_shorter_counts_illustration_6() -> None:
    """Expedition, Variant A (illustration 6): when two loops are possible, the shorter one
    counts: closing at E from K runs E, D, B, C, K rather than E, F, G, H, A, B, C, K."""
    state = through_illustration_5()
    table.arrow(state, "red", "C", "K")
    table.finish_turn(state)
    table.arrow(state, "red", "K", "E")
    assert loop_points(state) == {"E", "D", "B", "C", "K"}
    assert "red D > L" in state.legal_action_strs()
    assert "red F > M" not in state.legal_action_strs()
    basic = closed_at_b()
    table.arrow(basic, "red", "E", "F")
    assert basic.loop == -1


def test_a_removal_may_not_form_a_second_loop_in_the_same_turn() -> None:
    """Expedition, Loops: only one loop per expedition in a turn, however it forms (decision 5)."""
    state = closed_at_b()
    table.arrow(state, "red", "B", "N")
    assert "voucher remove red" not in state.legal_action_strs()
    error = explanation(state, state.parse_action("voucher remove red"))
    assert error.rule == r.RULE_LOOP and "second" in error.reason
