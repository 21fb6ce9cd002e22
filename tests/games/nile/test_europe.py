"""Europe, publishing, donations, victory, death, and what the views hide (Source of the Nile
7.0, 21-22, 26, 4.2, 23.1)."""

from __future__ import annotations

import random

import pytest

from terra.core import IllegalAction
from terra.games.nile.state import NileState

from . import positions as pos
from .positions import dice, hx, standing, toward

GRAVEYARD = 48  # the Elephants' Graveyard: four tusks on veldt


def mapped_then_home(victory_points: int = 75) -> NileState:
    """Seat 0 (alone) maps 0504 from 0403, and next turn stands in Mombasa, free to sail."""
    state = pos.outfitted(1, 1, victory_points=victory_points)
    pos.put(state, 0, "0403", pos.foot_party())
    state.play("reckless")
    dice(state, 6)
    state.play(toward(state, "0504"))
    state.play("stay")
    while state.phase_name != "moving":
        state.play(state.legal_actions()[0])
    state.play("done")
    assert state.phase_name == "activity"
    pos.put(state, 0, "Mombasa", pos.foot_party())
    return state


def in_europe(victory_points: int = 75) -> NileState:
    state = mapped_then_home(victory_points)
    state.play("sail for Europe")
    assert state.phase_name == "europe"
    return state


class TestSailingForEurope:
    """21.4-21.5: from a port, the turn after entering it; a full turn at sea."""

    def test_the_turn_after_entering_a_port_the_ship_sails(self) -> None:
        """21.4: not in the turn Mombasa is entered, but at the start of the next."""
        state = standing("3014")
        state.play("normal")
        state.play(toward(state, "Mombasa"))
        with pytest.raises(IllegalAction):
            state.play("sail for Europe")
        state.play("done")
        assert state.phase_name == "activity"
        state.play("sail for Europe")

    def test_the_refusal_names_the_turn_after_arrival(self) -> None:
        """21.4: an explorer in a port he has not yet spent a turn in is told why."""
        state = standing("3014")
        state.turn.started_in_port = False
        state.explorers[0].hex = hx(state, "Mombasa")
        state._forget_legal()
        with pytest.raises(IllegalAction, match="turn after entering") as refused:
            state.play("sail for Europe")
        assert refused.value.rule is not None and "21.0" in refused.value.rule

    def test_only_from_a_port(self) -> None:
        state = standing()
        with pytest.raises(IllegalAction, match="only from a port"):
            state.play("sail for Europe")

    def test_the_voyage_takes_a_turn_and_the_expedition_is_disbanded(self) -> None:
        """21.4-21.5: at sea for a turn (two seats: the other plays meanwhile)."""
        state = standing("Zanzibar", players=2)
        seat = state.player
        state.play("sail for Europe")
        assert state.view(None)["explorers"][seat]["status"] == "sailing for Europe"
        assert state.player != seat
        state.play("normal")
        state.play("done")
        assert state.player == seat and state.phase_name == "europe"
        assert state.explorers[seat].party.bearers == 0 and state.explorers[seat].hex == -1


class TestPublishing:
    """22.1-22.5: publishing in Europe."""

    def test_the_mapped_hex_is_published_for_points(self) -> None:
        """22.2-22.3: the hex's terrain scores for the specialty."""
        state = in_europe()
        state.play("publish")
        assert state.published[hx(state, "0504")]
        assert state.explorers[0].vp > 0
        assert state.score_breakdown()[0]["hexes"] > 0

    def test_nothing_is_published_twice(self) -> None:
        """22.4: once published, the hex scores no more."""
        state = in_europe()
        state.play("publish")
        with pytest.raises(IllegalAction, match="nothing to publish"):
            state.play("publish")

    def test_tusks_a_disaster_brought_are_published_with_the_rest(self) -> None:
        """11.45, 20.71: the Elephants' Graveyard's tusks score; no card's find is named."""
        state = pos.outfitted(1, 1)
        pos.put(state, 0, "0403", pos.foot_party())
        pos.stack(state, GRAVEYARD)
        state.play("normal")
        assert state.explorers[0].party.tusks == 4
        state.play("leave 10 rations")
        state.play("leave 10 rations")
        state.play("done")
        pos.put(state, 0, "Mombasa", state.explorers[0].party)  # 20.71: tusks carried home
        state.play("sail for Europe")
        state.play("publish")
        assert state.score_breakdown()[0]["bonuses"] == 4 * state.data.tables.awards.tusk
        assert "Tin" not in state.published_finds

    def test_the_target_wins_at_once(self) -> None:
        """7.0: playing for one point, the first publication ends the game."""
        state = in_europe(victory_points=1)
        state.play("publish")
        assert state.is_over and state.winners() == [0]


class TestDonations:
    """26.3-26.6: donations collected in Europe and the passage to Africa."""

    def test_one_card_plus_one_per_point_published_this_turn(self) -> None:
        """26.5."""
        state = in_europe()
        state.play("publish")
        vp = state.explorers[0].vp
        deck = len(state.deck) + len(state.discards)
        state.play("collect donations")
        drawn = next(e for e in reversed(state.events) if e["key"] == "donations-drawn")
        assert len(drawn["args"]["cards"]) == 1 + vp
        assert state.explorers[0].donations == drawn["args"]["cards"]
        assert len(state.deck) + len(state.discards) == deck - (1 + vp)

    def test_a_held_donation_is_out_of_the_deck_and_the_discards(self) -> None:
        """Source of the Nile, 4.2 with 26.8: a donation lies before the explorer until he lets
        it go: it is never reshuffled into the deck while he holds it, and goes to the discard
        pile when he lets it go (26.3) or sails on it (26.2)."""
        state = in_europe()
        state.play("collect donations")
        held = list(state.explorers[0].donations)
        assert held and not set(held) & (set(state.deck) | set(state.discards))
        state.deck, state.discards = [], [*state.deck, *state.discards]
        pos.draw(state)  # the deck runs out: the discards are reshuffled, the hand is not
        assert not set(held) & set(state.deck)

    def test_when_every_other_card_is_held_one_is_kept_for_the_event_draws(self) -> None:
        """Source of the Nile, 4.2: the deck "can never be exhausted" (decision N113): a
        donation is drawn only while more than one card is left to draw."""
        state = in_europe()
        state.play("publish")
        state.turn.published = 500  # as if he had published 500 points this turn (26.5)
        state.play("collect donations")
        assert len(state.deck) + len(state.discards) == 1
        assert len(state.explorers[0].donations) == state.data.deck.size - 1
        assert pos.draw(state) >= 0

    def test_tickets_are_discarded_and_the_hand_cut_to_five(self) -> None:
        """26.3-26.4: a ticket goes, the best five donations stay, then one is drawn."""
        state = in_europe()
        deck = state.data.deck
        ticket = next(c for c in range(deck.size) if deck.ticket[c])
        money = sorted(
            (c for c in range(deck.size) if deck.dollars[c] and not deck.ticket[c]),
            key=lambda c: -deck.dollars[c],
        )[:6]
        pos.hold(state, 0, [ticket, *money])
        state.play("collect donations")
        held = state.explorers[0].donations
        assert ticket not in held and len(held) == 5 + 1
        assert set(money[:5]) <= set(held)

    def test_a_free_ticket_sails_to_its_port(self) -> None:
        """26.6: no passage paid."""
        state = in_europe()
        deck = state.data.deck
        ticket = next(c for c in range(deck.size) if deck.ticket[c])
        port = deck.ticket[ticket]
        pos.hold(state, 0, [ticket])
        state.play(f"sail to {port}")
        assert state.phase_name == "outfit" and state.explorers[0].money == deck.dollars[ticket]

    def test_without_a_ticket_the_passage_costs_500(self) -> None:
        """26.6: $1,000 of donations bring $500 to outfit with; $300 do not sail."""
        state = in_europe()
        deck = state.data.deck
        thousand = next(c for c in range(deck.size) if deck.dollars[c] == 1000)
        small = next(c for c in range(deck.size) if deck.dollars[c] == 300)
        pos.hold(state, 0, [small])
        with pytest.raises(IllegalAction, match="passage costs"):
            state.play("sail to Luanda")
        pos.hold(state, 0, [thousand])
        state.play("sail to Luanda")
        assert state.explorers[0].money == 500
        assert state.explorers[0].hex == hx(state, "Luanda")


class TestDeathAndRetirement:
    """21.2-21.33: a retired explorer is as dead."""

    def test_hexes_only_he_visited_are_erased_and_friends_forgotten(self) -> None:
        """21.3: the unpublished hex he mapped is blank again; a new explorer starts."""
        state = mapped_then_home()
        state.explorers[0].friendly.add(7)
        state.play("retire")
        assert (
            state.territory.terrain[hx(state, "0504")]
            == state.data.board.terrain[hx(state, "0504")]
        )
        assert state.phase_name == "specialty"
        assert not state.explorers[0].friendly
        state.play("specialty geologist")
        assert state.phase_name == "europe"

    def test_published_points_survive_death(self) -> None:
        """21.3: only unpublished discoveries die with him."""
        state = in_europe()
        state.play("publish")
        vp = state.explorers[0].vp
        state.play("collect donations")
        assert state.explorers[0].vp == vp


class TestHiddenInformation:
    """4.2, 23.1, 4.5: no view reveals the deck's order or an unseen counter."""

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_views_of_a_sample_equal_the_views_of_the_game(self, seed: int) -> None:
        state = pos.new(2, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            for seat in (0, 1):
                sample = state.sample_hidden(seat, rng)
                assert sample.view(seat) == state.view(seat)
            state.play(rng.choice(state.legal_actions()))

    def test_no_view_holds_the_deck_order_or_an_unseen_face(self) -> None:
        state = pos.outfitted(2, 5)
        for seat in (0, 1, None):
            view = state.view(seat)
            assert view["deck"] == len(state.deck)
            assert all(c["discovery"] is None for c in view["counters"])
            assert str(state.deck) not in str(view)
