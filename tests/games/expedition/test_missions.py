"""Expedition, Research Missions and Public Research Missions."""

from __future__ import annotations

from terra.games.expedition import ExpeditionState
from terra.games.expedition.missions import PUBLIC
from tests.games.expedition import table


def reach(state: ExpeditionState, colour: str, site: str) -> None:
    table.walk(state, colour, table.path(state, "Stockholm", site))


def test_a_mission_is_laid_down_at_once_when_an_expedition_reaches_its_site() -> None:
    """Expedition, Research Missions: the holder lays the card down at once and scores it."""
    state = table.playing()
    table.give_card(state, 0, "Petra")
    reach(state, "red", "Petra")
    petra = table.point(state, "Petra")
    assert petra in state.laid[0] and petra not in state.hand[0]
    assert any(e["key"] == "lay_down" and e["args"]["card"] == "petra" for e in state.events)


def test_a_mission_is_laid_down_even_on_another_players_turn() -> None:
    """Expedition, Research Missions: even if it is not the holder's move (no decision)."""
    state = table.playing()
    table.give_card(state, 1, "Petra")
    table.give_card(state, 0, "Giza")
    steps = table.path(state, "Stockholm", "Petra")
    table.walk(state, "red", steps[:-1])
    if state.player == 1:
        table.arrow(state, "blue", "Stockholm", "Kizhi")
        table.finish_turn(state)
    assert state.player == 0
    table.arrow(state, "red", steps[-2], "Petra")
    assert table.point(state, "Petra") in state.laid[1]


def test_the_chip_on_a_fulfilled_mission_goes_back_to_its_owner() -> None:
    """Expedition, Research Missions: the player takes back their chip if one lies there."""
    state = table.playing()
    site = next(c for c in range(state.data.num_sites) if state.chip[c] == 0)
    name = table.name(state, site)
    reach(state, "red", name)
    assert state.chip[site] == -1
    assert state.chips_back[0] == 1
    assert state.score_breakdown()[0]["chips_back"] == 1


def test_a_public_mission_goes_to_the_player_whose_turn_it_is_and_is_replaced() -> None:
    """Expedition, Public Research Missions: claimed only by the player whose turn it is, then
    a new public mission is drawn from the deck."""
    state = table.playing()
    site = state.public[0]
    steps = table.path(state, "Stockholm", table.name(state, site))
    table.walk(state, "red", steps[:-1])
    mover = state.player
    top = state.deck[-1]
    table.arrow(state, "red", steps[-2], steps[-1])
    assert site in state.laid[mover]
    assert site not in state.laid[1 - mover]
    assert len(state.public) == PUBLIC and top in state.public


def test_a_card_kept_in_an_exchange_where_an_expedition_stands_is_laid_down() -> None:
    """Expedition, Research Missions: a card may still be laid down while the expedition is at
    its site (decision 7: a card drawn in an exchange for such a site is laid down at once)."""
    state = table.playing()
    table.put_on_deck(state, "Kizhi")
    table.arrow(state, "red", "Stockholm", "Kizhi")
    kizhi = table.point(state, "Kizhi")
    assert table.holder(state, "Kizhi") == -1
    assert state.view(1)["deck"]["surely_inside"] == ["kizhi"]
    seat = state.player
    card = next(c for c in state.hand[seat] if state.chip[c] < 0)
    state.play(f"voucher exchange {table.name(state, card)}")
    state.play("keep Kizhi")
    assert kizhi in state.laid[seat]
