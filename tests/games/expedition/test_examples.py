"""The rulebook's worked examples, played on the shipped map.

The map carries the example's route: Marib - Socotra (red) - Maldives (green) - Nicobar (red) -
Malacca (green) - Borobudur, with Malacca - Angkor and Angkor - Chang'an.
"""

from __future__ import annotations

from terra.games.expedition import ExpeditionState
from tests.games.expedition import table

EXAMPLE = ["Socotra", "Maldives", "Nicobar", "Malacca", "Borobudur", "Angkor", "Chang'an"]


def at_marib() -> ExpeditionState:
    state = table.playing(2, 0)
    table.walk(state, "red", table.path(state, "Stockholm", "Marib", avoid=EXAMPLE))
    table.give_card(state, 1, "Borobudur")
    table.give_card(state, 0, "Chang'an")
    return state


def test_the_travel_voucher_example_marib_to_borobudur() -> None:
    """Expedition, Travel Vouchers (example): from Marib to the red dot (a voucher), a voucher
    for an arrow to the green dot, its free arrow to the red dot (another voucher), a voucher
    for the arrow to the green dot, and its free arrow to Borobudur: two vouchers used, which
    ends what vouchers can do this turn."""
    state = at_marib()
    seat = state.player
    table.give_vouchers(state, seat, 1)
    table.arrow(state, "red", "Marib", "Socotra")
    assert state.vouchers[seat] == 2
    state.play("voucher arrow")
    table.arrow(state, "red", "Socotra", "Maldives")
    table.arrow(state, "red", "Maldives", "Nicobar")
    assert state.vouchers[seat] == 2
    state.play("voucher arrow")
    table.arrow(state, "red", "Nicobar", "Malacca")
    table.arrow(state, "red", "Malacca", "Borobudur")
    assert state.vouchers[seat] == 1
    assert state.spent == 2
    borobudur = table.point(state, "Borobudur")
    assert borobudur in state.laid[1]  # laid down at once, whoever's turn it is
    legal = state.legal_action_strs()
    assert legal == ["done"]


def test_the_arrow_removal_example_borobudur_back_to_the_green_station() -> None:
    """Expedition, Travel Vouchers - Remove an Arrow (example): the expedition is in
    Borobudur; the next player pays a voucher to remove the arrow into Borobudur, is back at a
    green station and so places an extra arrow to Angkor, and with the turn's own arrow goes on
    to Chang'an, then ends the turn without using a second voucher."""
    state = at_marib()
    table.walk(state, "red", ["Marib", *EXAMPLE[:5]])
    seat = state.player
    vouchers = state.vouchers[seat]
    state.play("voucher remove red")
    assert state.end[0] == table.point(state, "Malacca")
    assert state.may == 1
    table.arrow(state, "red", "Malacca", "Angkor")
    table.arrow(state, "red", "Angkor", "Chang'an")
    assert table.point(state, "Chang'an") in state.laid[0]
    assert not [a for a in state.legal_action_strs() if " > " in a]
    state.play("done")
    assert state.vouchers[seat] == vouchers - 1
    assert state.player != seat
