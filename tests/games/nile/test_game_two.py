"""Source of the Nile, Game II (27.0-41.0): what it changes in Game I's chapters, chosen by the
option ``game=2`` and played through the notation. The rules Game II does not change are Game
I's own (27.0) and their tests stand; these check each change and that Game I is untouched."""

from __future__ import annotations

import random

import pytest

import terra
from terra.core import IllegalAction, OptionError
from terra.games.nile.attitude import attitude_toward, change_attitude
from terra.games.nile.components.events import CONTINUES, NO_RIVER
from terra.games.nile.components.hexgrid import NORTH, NORTH_EAST, SOUTH
from terra.games.nile.components.tables import CAPTURED, ESCAPES, HIGHEST_MOUNTAIN, KILLED
from terra.games.nile.defeat import defeat_line, escaping_party
from terra.games.nile.discoveries import SPECIMEN_IDS
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE
from terra.games.nile.mapping import (
    discover_natives,
    map_river,
    map_terrain,
    spectacular_discoveries,
    tribe_size_by_dice,
)
from terra.games.nile.meeting import befriend
from terra.games.nile.natives import (
    Standing,
    attitude_target,
    combat,
    natives_ambush,
    natives_hide,
)
from terra.games.nile.negotiation import natives_for
from terra.games.nile.party import Party
from terra.games.nile.ranks import award_ranks_at_the_end
from terra.games.nile.records import Encounter
from terra.games.nile.sequence import winners
from terra.games.nile.state import NileState
from terra.games.nile.terms import (
    BEARER,
    DESERT,
    ETHNOLOGIST,
    HORSE,
    JUNGLE,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    LAKE,
    MISSIONARY,
    MOUNTAIN,
    RATION,
    SWAMP,
    VELDT,
)
from terra.games.nile.territory import NO_SPECTACULAR, new_territory
from terra.games.nile.upkeep import water_here

from . import positions as pos
from .maps import explored, near
from .positions import dice, found, keys, toward
from .test_mapping import BOARD, DATA, NO_DICE, Script, X, card_where, river, terrain_known, wall
from .test_turn import BLANK_HEX

NO_CARDS = NO_DICE  # an empty script: a draw would fail the test


def game_two(players: int = 2, seed: int = 1, specialties: tuple[str, ...] = ()) -> NileState:
    """A Game II at the end of its set-up's choices: counters placed and the specialties
    chosen (zoologists for the seats not named)."""
    state = pos.new(players, seed, game=2)
    pos.place_counters(state)
    chosen = [*specialties, *["zoologist"] * players]
    for seat in range(players):
        assert state.phase_name == "specialty" and state.player == seat
        state.play(f"specialty {chosen[seat]}")
    return state


def journalist_in_africa(where: str = "0403", party: Party | None = None) -> NileState:
    """A Game II alone with a journalist, landed at Zanzibar, outfitted and put at ``where``."""
    state = game_two(1, specialties=("journalist",))
    state.play("sail to Zanzibar")
    pos.buy(state, pos.FOOT_SAMPLE)
    state.play("done")
    pos.put(state, 0, where, pos.foot_party() if party is None else party)
    return state


class TestTheOptions:
    """30.0 and 27.0: Game II is ``game=2``, with its own turn limit; each game's ending is its
    own, and setting the other's is refused with the reason."""

    def test_game_one_is_the_default(self) -> None:
        state = pos.new()
        assert not state.game_two and state.target == 75

    def test_game_two_lasts_thirty_turns_by_default(self) -> None:
        """30.0: "generally between 20 and 40 turns"."""
        state = pos.new(2, 1, game=2)
        assert state.game_two and state.turn_limit == 30

    @pytest.mark.parametrize("turns", [19, 41])
    def test_turns_stay_between_twenty_and_forty(self, turns: int) -> None:
        with pytest.raises(OptionError, match="turns"):
            pos.new(2, 1, game=2, turns=turns)

    def test_a_game_one_option_is_refused_in_game_two(self) -> None:
        with pytest.raises(OptionError, match="'victory_points' is used only with game=1"):
            pos.new(2, 1, game=2, victory_points=50)

    def test_game_two_turns_are_refused_in_game_one(self) -> None:
        with pytest.raises(OptionError, match="'turns' is used only with game=2"):
            pos.new(2, 1, turns=25)

    def test_there_is_no_game_three(self) -> None:
        with pytest.raises(OptionError, match="one of 1, 2"):
            pos.new(2, 1, game=3)


class TestSetUp:
    """28.0-28.3: no $1,000 and no port of entry; five donations each, one at a time."""

    def test_the_specialties_come_straight_after_the_counters(self) -> None:
        """28.2: nobody names a port, so the set-up goes from counters to specialties."""
        state = pos.new(3, 1, game=2)
        pos.place_counters(state)
        assert state.phase_name == "specialty"

    def test_five_donations_each_dealt_one_at_a_time_from_the_first_player(self) -> None:
        """28.3: the deck's top cards go round the table, one each, five times."""
        state = game_two(3, seed=4)
        first = state.first
        dealt = [e for e in state.events if e["key"] == "donations-dealt"]
        assert [e["args"]["player"] for e in dealt] == [(first + i) % 3 for i in range(3)]
        for seat, explorer in enumerate(state.explorers):
            assert len(explorer.donations) == 5, seat
            assert explorer.status == IN_EUROPE and explorer.money == 0 and explorer.port < 0

    def test_the_deal_goes_round_the_table(self) -> None:
        """28.3, one at a time: replaying the deal from the same deck gives each seat every
        third card from the first player on."""
        state = pos.new(3, 4, game=2)
        pos.place_counters(state)
        deck = list(state.deck)
        for _ in range(3):
            state.play("specialty zoologist")
        order = [(state.first + i) % 3 for i in range(3)]
        top = list(reversed(deck))[:15]
        for place, seat in enumerate(order):
            assert state.explorers[seat].donations == top[place::3]

    def test_the_first_turn_is_spent_in_europe(self) -> None:
        """28.2, 26.2: the first player's explorer starts his turn in Europe, where he sails
        for Africa if his donations pay for it or collects more."""
        state = game_two(2)
        assert state.player == state.first and state.phase_name == "europe"
        words = {state.action_str(a).split()[0] for a in state.legal_actions()}
        assert "collect" in words

    def test_sailing_costs_the_passage_from_the_donations(self) -> None:
        """26.2, 26.6: $500 without a free ticket, the rest to outfit with."""
        state = game_two(2)
        seat = state.player
        tickets = state.data.deck.ticket
        dollars = state.data.deck.dollars
        money = [c for c in range(state.data.deck.size) if dollars[c] and not tickets[c]]
        cards = sorted(money, key=lambda c: -dollars[c])[:5]
        pos.hold(state, seat, cards)
        total = sum(dollars[c] for c in cards)
        assert total >= 500
        state.play("sail to Zanzibar")
        explorer = state.explorers[seat]
        assert explorer.status == IN_AFRICA and explorer.money == total - 500
        assert explorer.donations == [] and state.phase_name == "outfit"

    def test_without_the_passage_only_free_tickets_sail(self) -> None:
        """26.6: donations short of $500 leave only the ports of free tickets."""
        state = game_two(2)
        pos.hold(state, state.player, [])
        sails = [a for a in state.legal_actions() if state.action_str(a).startswith("sail")]
        assert sails == []
        with pytest.raises(IllegalAction, match="passage") as refused:
            state.play("sail to Zanzibar")
        assert refused.value.rule is not None and "26.0" in refused.value.rule


class TestTheJournalist:
    """40.6: a journalist starts at any port for free with $1,000, and never draws donations."""

    def test_the_journalist_names_his_port_and_lands_with_a_thousand(self) -> None:
        """40.62, 28.2: of three explorers only the journalist chooses a port; he lands and
        outfits while the others wait in Europe."""
        state = game_two(3, specialties=("zoologist", "journalist", "geologist"))
        assert state.phase_name == "port" and state.player == 1
        state.play("sail to Mombasa")
        journalist = state.explorers[1]
        assert journalist.status == IN_AFRICA and journalist.money == 1000
        assert journalist.donations == []
        assert state.phase_name == "outfit" and state.player == 1
        for seat in (0, 2):
            assert state.explorers[seat].status == IN_EUROPE
            assert len(state.explorers[seat].donations) == 5

    def test_the_journalists_port_is_secret_until_he_lands(self) -> None:
        """4.5 as in Game I: the others' views do not show the port chosen."""
        state = game_two(2, specialties=("journalist", "journalist"))
        state.play("sail to Mombasa")
        assert state.view(1)["explorers"][0]["port"] is None
        assert state.view(0)["explorers"][0]["port"] is not None
        state.play("sail to Zanzibar")
        assert "ports-revealed" in keys(state)

    def test_after_the_journalists_outfit_the_first_player_begins(self) -> None:
        """5.3, 8.1: the set-up's outfitting is the journalists' alone; then the first turn."""
        state = game_two(2, specialties=("journalist", "zoologist"))
        state.play("sail to Mombasa")
        state.play("done")
        assert not state.setting_up and state.player == state.first
        expected = "activity" if state.first == 0 else "europe"
        assert state.phase_name == expected

    def test_in_europe_again_he_has_a_thousand_and_sails_free(self) -> None:
        """40.61-40.62 (decision N201): each expedition of a journalist gets $1,000 and a free
        passage; collecting draws him nothing."""
        state = game_two(1, specialties=("journalist",))
        state.play("sail to Mombasa")
        state.play("done")
        explorer = state.explorer(0)
        explorer.status = IN_EUROPE
        explorer.hex = -1
        state.phase = type(state.phase).EUROPE
        state._forget_legal()
        since = state.log_size
        state.play("collect donations")
        assert state.explorers[0].donations == []
        assert "donations-drawn" in keys(state, since)
        while state.phase_name != "europe":
            state.play(state.legal_actions()[0])
        state.play("sail to Luanda")
        assert state.explorers[0].money == 1000
        assert state.events[-1]["args"].get("free") is True


class TestTheBotanist:
    """40.1: Game II combines the botanist with the zoologist."""

    def test_no_botanist_in_game_two(self) -> None:
        state = pos.new(2, 1, game=2)
        pos.place_counters(state)
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert "specialty botanist" not in offered and "specialty zoologist" in offered
        with pytest.raises(IllegalAction, match="no botanist") as refused:
            state.play("specialty botanist")
        assert refused.value.rule is not None and "40.1" in refused.value.rule

    def test_game_one_keeps_its_botanist(self) -> None:
        state = pos.new(2, 1)
        pos.place_counters(state)
        state.play("sail to Zanzibar")
        state.play("sail to Zanzibar")
        state.play("specialty botanist")


class TestVictory:
    """30.0: the game ends after its turns; the most published points win."""

    def test_publishing_past_seventy_five_does_not_end_game_two(self) -> None:
        """30.0: no target of points."""
        state = game_two(2)
        state.explorer(state.player).vp = 80
        assert not state.is_over

    def test_the_game_ends_after_its_turns_and_the_most_points_win(self) -> None:
        """30.0: with 20 turns, the game is over after the 20th round; the leader wins."""
        state = pos.new(2, 3, game=2, turns=20)
        rng = random.Random(3)
        while not state.is_over:
            state.play(rng.choice(state.legal_actions()))
        assert state.round == 20
        assert state.events[-1]["args"]["reason"].startswith("Source of the Nile, 30.0")
        state.explorers[0].vp, state.explorers[1].vp = 12, 7
        assert winners(state) == [0]

    def test_ties_share_even_at_nothing(self) -> None:
        """30.0: the most points, ties sharing, as at Game I's turn limit (N100); decision N200:
        alone, an explorer who published nothing has not beaten the continent."""
        state = pos.new(3, 1, game=2)
        for seat, vp in enumerate((9, 9, 4)):
            state.explorers[seat].vp = vp
        assert winners(state) == [0, 1]
        for explorer in state.explorers:
            explorer.vp = 0
        assert winners(state) == [0, 1, 2]
        alone = pos.new(1, 1, game=2)
        assert winners(alone) == []
        alone.explorers[0].vp = 3
        assert winners(alone) == [0]


class TestLost:
    """31.0: Game II's lost check: Game I's with two more cases."""

    def test_a_sick_explorer_gets_lost_more_easily(self) -> None:
        """31.3 (N51's sense): on veldt (1) with a guide, a 1 is 2 and safe; sick, it is 1
        again and lost."""
        state = journalist_in_africa("0403", pos.foot_party(explorer_sick=True, rations=80))
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert state.turn.lost

    def test_sickness_does_not_change_game_one(self) -> None:
        """31.1: only Game II adds the case."""
        state = pos.standing("0403", pos.foot_party(explorer_sick=True, rations=80))
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert not state.turn.lost

    def test_a_healthy_explorer_in_jungle_is_lost_as_in_game_one(self) -> None:
        """31.1: Game I's cases stand: jungle's 3 against a 1 with a guide (2)."""
        state = journalist_in_africa()
        found(state, "0403", JUNGLE)
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert state.turn.lost


class TestMappingTerrainByDice:
    """32.2-32.23: dice, not the card's compass and terrain, map a hex's terrain."""

    def test_the_first_die_copies_its_neighbour(self) -> None:
        """32.21: one die names the neighbour copied; no card is drawn."""
        t = new_territory(BOARD)
        explored(t, near(X, NORTH_EAST), MOUNTAIN)
        found = map_terrain(t, DATA, X, NO_CARDS, Script(NORTH_EAST), seat=0, dice=True)
        assert (found.terrain, found.copied, found.cards) == (MOUNTAIN, NORTH_EAST, ())

    def test_a_blank_neighbour_takes_a_second_die(self) -> None:
        """32.22: the first die names a blank hex; the second is copied."""
        t = new_territory(BOARD)
        explored(t, near(X, SOUTH), SWAMP)
        found = map_terrain(t, DATA, X, NO_CARDS, Script(NORTH, SOUTH), seat=0, dice=True)
        assert (found.terrain, found.copied) == (SWAMP, SOUTH)

    def test_two_blanks_read_the_terrain_key(self) -> None:
        """32.22: a third die on the Terrain Key: veldt 1, lake 2, mountain 3."""
        for die, terrain in ((1, VELDT), (2, LAKE)):
            t = new_territory(BOARD)
            found = map_terrain(t, DATA, X, NO_CARDS, Script(NORTH, SOUTH, die), seat=0, dice=True)
            assert (found.terrain, found.copied) == (terrain, 0)

    def test_a_mountain_and_a_jungle_mix(self) -> None:
        """32.23: mountain from the Key, then jungle from a fourth die: jungle/mountain."""
        t = new_territory(BOARD)
        jungle = DATA.tables.terrain_by_key.index(JUNGLE) + 1
        script = Script(NORTH, SOUTH, 3, jungle)
        found = map_terrain(t, DATA, X, NO_CARDS, script, seat=0, dice=True)
        assert found.terrain == JUNGLE_MOUNTAIN and script.done

    def test_a_swamp_and_a_jungle_mix(self) -> None:
        """32.23: swamp, then jungle: jungle/swamp."""
        t = new_territory(BOARD)
        key = DATA.tables.terrain_by_key
        script = Script(NORTH, SOUTH, key.index(SWAMP) + 1, key.index(JUNGLE) + 1)
        found = map_terrain(t, DATA, X, NO_CARDS, script, seat=0, dice=True)
        assert found.terrain == JUNGLE_SWAMP

    def test_what_cannot_mix_stays_as_the_key_said(self) -> None:
        """32.23: mountain, then veldt: no mixture; mountain stays."""
        t = new_territory(BOARD)
        found = map_terrain(t, DATA, X, NO_CARDS, Script(NORTH, SOUTH, 3, 1), seat=0, dice=True)
        assert found.terrain == MOUNTAIN

    def test_veldt_and_lake_take_no_fourth_die(self) -> None:
        """32.23: only jungle, swamp or mountain roll again."""
        t = new_territory(BOARD)
        script = Script(NORTH, SOUTH, 1)
        map_terrain(t, DATA, X, NO_CARDS, script, seat=0, dice=True)
        assert script.done

    def test_game_ones_rules_still_stand_desert_is_never_beside_jungle(self) -> None:
        """27.0, 10.27: a desert copied beside a jungle is veldt instead."""
        t = new_territory(BOARD)
        explored(t, near(X, NORTH), DESERT)
        explored(t, near(X, SOUTH), JUNGLE)
        found = map_terrain(t, DATA, X, NO_CARDS, Script(NORTH), seat=0, dice=True)
        assert found.terrain == VELDT and found.veldt_instead


class TestSpectacularByDice:
    """32.3-32.35: cataracts, waterfalls, peaks and oases by dice."""

    def test_a_cataract_on_the_table(self) -> None:
        """32.31-32.32: a 2 finds a cataract in desert or mountains, not in veldt; a 5 none."""
        card = card_where(river_a=CONTINUES, compass=lambda c: len(c) == 1)
        for terrain, die, cataract in ((DESERT, 2, True), (VELDT, 2, False), (MOUNTAIN, 5, False)):
            t = new_territory(BOARD)
            terrain_known(t, X, terrain)
            river(t, [near(X, NORTH)], leave=SOUTH)  # flows in by X's north side
            wall(t, X, SOUTH)
            result = map_river(
                t,
                DATA,
                X,
                Script(card),
                Script(SOUTH, die),
                dice=True,
            )
            assert result.cataract is cataract, (terrain, die)

    def test_the_waterfalls_height_is_four_dice_multiplied(self) -> None:
        """32.33: 2 x 4 x 5 x 1 = 40 ft is spectacular; 39 would not be."""
        t = new_territory(BOARD)
        explored(t, X, VELDT)
        t.stage[X] = NO_SPECTACULAR
        t.cataract[X] = 1
        found = spectacular_discoveries(t, DATA, X, NO_CARDS, Script(2, 4, 5, 1), dice=True)
        assert found.waterfall == 40
        t.waterfall[X] = 0
        found = spectacular_discoveries(t, DATA, X, NO_CARDS, Script(3, 1, 3, 4), dice=True)
        assert found.waterfall == 0  # 36 ft: a cataract, not spectacular

    def test_the_peak_is_three_dice_multiplied_plus_a_hundred_times_a_hundred(self) -> None:
        """32.34: (5 x 6 x 2 + 100) x 100 = 16,000 ft; (1 x 2 x 3 + 100) x 100 = 10,600 is not
        spectacular."""
        t = new_territory(BOARD)
        explored(t, X, MOUNTAIN)
        found = spectacular_discoveries(t, DATA, X, NO_CARDS, Script(5, 6, 2), dice=True)
        assert found.peak == 16_000 and found.cards == ()
        found = spectacular_discoveries(t, DATA, X, NO_CARDS, Script(1, 2, 3), dice=True)
        assert found.peak == 0

    def test_an_oasis_on_an_odd_roll(self) -> None:
        """32.35: a desert hex without a river has its oasis on an odd die."""
        for die, oasis in ((3, True), (4, False)):
            t = new_territory(BOARD)
            terrain_known(t, X, DESERT)
            wall(t, X)
            result = map_river(
                t, DATA, X, Script(card_where(river_b=NO_RIVER)), Script(die), dice=True
            )
            assert result.oasis is oasis

    def test_the_river_card_still_gives_the_type_and_dice_the_way(self) -> None:
        """32.1, 32.21: River Continues from the card; the die sends it south, not where the
        card's compass points."""
        t = new_territory(BOARD)
        terrain_known(t, X, VELDT)
        river(t, [near(X, NORTH)], leave=SOUTH)
        card = card_where(river_a=CONTINUES, compass=lambda c: len(c) == 1 and c[0] != SOUTH)
        result = map_river(t, DATA, X, Script(card), Script(SOUTH, 6), dice=True)
        assert result.outflow == SOUTH and result.cards == (card,)


class TestTheTribesSize:
    """33.3-33.4: three dice multiplied, the highest capped by the distance to a port."""

    def test_the_rulebooks_example_five_hexes_from_brass(self) -> None:
        """33.4: two sixes and a four, five hexes from Brass: 4 x 5 x 6 = 120, not 144."""
        assert tribe_size_by_dice((6, 4, 6), 5) == 120

    def test_six_or_more_hexes_away_the_dice_stand(self) -> None:
        """33.4: "if the tribe had been six or more hexes from all ports ... 144"."""
        assert tribe_size_by_dice((6, 4, 6), 6) == 144
        assert tribe_size_by_dice((6, 4, 6), 9) == 144

    def test_a_distance_above_the_highest_die_changes_nothing(self) -> None:
        """33.4: only a distance less than the highest die replaces it."""
        assert tribe_size_by_dice((2, 3, 1), 4) == 6
        assert tribe_size_by_dice((2, 3, 1), 2) == 4


def standing(**changes: object) -> Standing:
    """An expedition with askaris and muskets, 4 hexes from a port, in an unpublished hex, new
    to a tribe of attitude 0; with ``changes``."""
    fields: dict[str, object] = {
        "port_distance": 4,
        "askaris": 5,
        "muskets": 6,
        "guide_next_door": False,
        "negotiated_before": False,
        "published": False,
        "attitude": 0,
    }
    fields.update(changes)
    return Standing(**fields)  # type: ignore[arg-type]


class TestAttitude:
    """34.2-34.3: the distance plus the policy, and every modifier, against three dice."""

    TWO = DATA.game_two

    def test_distance_plus_policy(self) -> None:
        """34.2: 4 hexes and policy 2 make 6."""
        assert attitude_target(self.TWO, 2, standing()) == 6

    def test_no_askaris_and_no_muskets_under_policy_four_or_five(self) -> None:
        """34.21: +3 without askaris and muskets, +2 with muskets; not under policy 3."""
        assert attitude_target(self.TWO, 4, standing(askaris=0, muskets=0)) == 4 + 4 + 3
        assert attitude_target(self.TWO, 5, standing(askaris=0, muskets=2)) == 4 + 5 + 2
        assert attitude_target(self.TWO, 3, standing(askaris=0, muskets=0)) == 4 + 3

    def test_the_three_sub_cases_add_one_together(self) -> None:
        """34.22: "if one or more of these 3 sub-cases apply, add 1"."""
        assert attitude_target(self.TWO, 1, standing(negotiated_before=True)) == 6
        assert attitude_target(self.TWO, 1, standing(published=True)) == 6
        every = standing(negotiated_before=True, published=True, guide_next_door=True)
        assert attitude_target(self.TWO, 3, every) == 4 + 3 + 1

    def test_a_guide_next_door_counts_under_policy_three_or_five_only(self) -> None:
        """34.221."""
        assert attitude_target(self.TWO, 5, standing(guide_next_door=True)) == 10
        assert attitude_target(self.TWO, 4, standing(guide_next_door=True)) == 8

    def test_the_tribes_attitude_is_added(self) -> None:
        """34.23, 39.3: the attitude, negative too."""
        assert attitude_target(self.TWO, 1, standing(attitude=-3)) == 2


class TestHostileNatives:
    """34.41-34.43: hide, ambush or charge."""

    TWO = DATA.game_two

    def test_they_hide_from_a_strong_expedition_far_inland(self) -> None:
        """34.41: (9 askaris + the explorer) x 6 hexes / policy 2 = 30 > 29 natives: hide;
        against 30 natives they attack (equal is not greater)."""
        assert natives_hide(10, 6, 2, 29)
        assert not natives_hide(10, 6, 2, 30)

    def test_the_highest_die_below_the_policy_is_an_ambush(self) -> None:
        """34.43: a 3 under policy 4 ambushes, under policy 3 charges."""
        assert natives_ambush(self.TWO, 3, 4, mounted=False, desert=False)
        assert not natives_ambush(self.TWO, 3, 3, mounted=False, desert=False)

    def test_mounted_outside_desert_adds_one_and_on_foot_in_desert_takes_one(self) -> None:
        """34.421-34.422."""
        assert not natives_ambush(self.TWO, 3, 4, mounted=True, desert=False)
        assert natives_ambush(self.TWO, 3, 3, mounted=False, desert=True)
        assert natives_ambush(self.TWO, 3, 4, mounted=True, desert=True)


class TestCombat:
    """34.5-34.55: first fire in a charge, then hand to hand, natives first."""

    def test_first_fire_can_win_a_charge_at_once(self) -> None:
        """34.53: 5 askaris and the armed explorer kill 6 of 20; a 3 makes 18 > 14 left."""
        script = Script(3)
        result = combat(20, 5, armed=True, charge=True, roll=script)
        assert result.won and result.natives_killed == 6 and result.rounds == 0 and script.done

    def test_first_fire_that_falls_short_goes_to_hand_to_hand(self) -> None:
        """34.53-34.55: a 2 makes 12, not more than 14: the warriors attack (14 // 5 = 2 askaris,
        2 x 1 = 2 is not more than 5: they hold); the expedition strikes back (3 askaris and
        the explorer // 2 + 1 = 3; 3 x 5 = 15 > 11 warriors): won."""
        script = Script(2, 5, 1, 2, 5)
        result = combat(20, 5, armed=True, charge=True, roll=script)
        assert result.won and result.askaris_killed == 2 and result.natives_killed == 9
        assert result.rounds == 1 and script.done

    def test_an_ambush_has_no_first_fire_and_askaris_may_break(self) -> None:
        """34.52, 34.54: 30 warriors // 2 = 15 > 4 askaris, all killed: defeat."""
        result = combat(30, 4, armed=True, charge=False, roll=Script(2, 1))
        assert not result.won and result.askaris_killed == 4

    def test_askaris_who_lose_too_many_break_and_run(self) -> None:
        """34.54: 12 // 6 = 2 casualties of 8; 2 x 5 = 10 > 8 at the start: they run."""
        result = combat(12, 8, armed=False, charge=False, roll=Script(6, 5))
        assert not result.won and result.broke and result.askaris_killed == 2

    def test_without_askaris_the_expedition_is_defeated(self) -> None:
        """34.54: with no askaris to fight, they are "all killed" at once (decision N205)."""
        result = combat(3, 0, armed=True, charge=False, roll=Script(6, 1))
        assert not result.won


TRIBE = 7


def meeting_two(size: int, party: Party | None = None) -> NileState:
    """Game II: the journalist on foot at 0403 enters 0503 (veldt, 7 hexes from a port), home of
    tribe 7 with ``size`` natives, and must choose a policy."""
    state = journalist_in_africa("0403", party)
    found(state, "0503", VELDT, tribe=TRIBE, size=size)
    state.play("normal")
    state.play(toward(state, "0503"))
    assert state.phase_name == "policy"
    assert state.data.board.port_distance[pos.hx(state, "0503")] == 7
    return state


class TestMeetingNatives:
    """33.0-39.0 played through the notation, the dice scripted: the foot sample's nine askaris
    and a musket, 7 hexes from the nearest port."""

    def test_the_sixth_policy_is_not_chosen(self) -> None:
        """34.1."""
        state = meeting_two(30)
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert "policy 6" not in offered and "policy 5" in offered
        with pytest.raises(IllegalAction, match="policies 1 to 5") as refused:
            state.play("policy 6")
        assert refused.value.rule is not None and "34.1" in refused.value.rule

    def test_hostile_natives_hide_from_a_strong_expedition(self) -> None:
        """34.3, 34.41: 18 beats 7 + 1 + 1 (a published hex, 34.223); (9 + 1) x 7 / 1 = 70 > 10
        natives: they hide, and the tribe's attitude does not change."""
        state = meeting_two(10)
        dice(state, 6, 6, 6)
        state.play("policy 1")
        assert "natives-hide" in keys(state) and state.phase_name == "moving"
        assert state.territory.attitude[TRIBE] == 0

    def test_an_ambush_that_defeats_the_expedition(self) -> None:
        """34.3-34.54, 35.2, 39.21-39.22: hostile (18 > 7 + 4 + 1); 70 / 4 is not more than 100, and
        the higher of 2 and 1 is below policy 4: an ambush. 100 // 6 kills all nine askaris:
        defeat; a 4 on the table: the explorer escapes with a musket and nine rations. The
        tribe's attitude falls twice."""
        state = meeting_two(100)
        dice(state, 6, 6, 6, 2, 1, 6, 3, 4)
        state.play("policy 4")
        party = state.explorers[0].party
        assert (party.askaris, party.muskets, party.rations, party.bearers) == (0, 1, 9, 0)
        assert state.territory.attitude[TRIBE] == -2
        assert "combat" in keys(state) and "defeated-dice" in keys(state)
        assert state.explorers[0].status == IN_AFRICA and state.phase_name == "moving"

    def test_a_charge_broken_by_first_fire_and_prisoners_released(self) -> None:
        """34.43: a 6 is no less than policy 3: a charge. 34.53: nine askaris and the armed
        explorer kill 10 of 30; 3 x 10 = 30 > 20 left: victory. 36.2: 9 askaris less a 2 are 7
        prisoners; 36.4: 3 + 4 = 7 is no more than 3 + 7: the village is found. Released
        (16.422, 39.24): +1 award, and +3 for this explorer alone."""
        state = meeting_two(30)
        dice(state, 6, 6, 6, 6, 5, 3, 2, 3, 4)
        state.play("policy 3")
        assert state.phase_name == "spoils"
        awards = state.explorers[0].awards
        state.play("release prisoners")
        explorer = state.explorers[0]
        assert explorer.awards == awards + 1
        assert state.territory.attitude[TRIBE] == -1  # 39.22: it attacked
        assert explorer.tribe_bonus == {TRIBE: 3}

    def test_neutral_natives_negotiate_and_an_insulted_chief_poisons(self) -> None:
        """34.3-34.4: 3 is not more than 7 + 5 + 1: neutral, and policy 5 negotiates. 38.2: the
        higher of 1 and 2 times 5 gifts is 10, fewer than 13 natives: insulted; 34.41: 70 / 5 =
        14 > 13: the natives hide, and the chief tries poison. 41.2: a 2 kills."""
        state = meeting_two(13)
        dice(state, 1, 1, 1)
        state.play("policy 5")
        assert state.phase_name == "negotiate"
        dice(state, 1, 2, 1, 2)
        state.play("offer 5 gifts")
        assert "poison-attempt" in keys(state) and "explorer-died" in keys(state)

    def test_enough_gifts_make_a_friend(self) -> None:
        """38.2: 6 x 5 = 30 is not fewer than 13: the tribe becomes friendly; 34.222: it has
        been negotiated with."""
        state = meeting_two(13)
        dice(state, 1, 1, 1)
        state.play("policy 5")
        dice(state, 6, 2)
        state.play("offer 5 gifts")
        explorer = state.explorers[0]
        assert TRIBE in explorer.friendly and TRIBE in explorer.negotiated


class TestNativeAttitude:
    """39.0: every tribe's attitude, shared, and the friendship that breaks at -5."""

    def test_every_tribe_starts_at_nothing(self) -> None:
        """39.2."""
        state = pos.new(2, 1, game=2)
        assert set(state.territory.attitude) == {0}

    def test_friendship_breaks_at_minus_five_and_former_friends_keep_four(self) -> None:
        """39.5: at -4, one more fall to -5 ends every friendship; the former friend gets +4."""
        state = journalist_in_africa()
        state.writable_territory().attitude[TRIBE] = -4
        state.explorer(0).friendly.add(TRIBE)
        change_attitude(state, TRIBE, -1, "attacks")
        explorer = state.explorers[0]
        assert TRIBE not in explorer.friendly
        assert attitude_toward(state, explorer, TRIBE) == -5 + 4
        assert "friendship-broken" in keys(state)

    def test_friendship_holds_above_minus_five(self) -> None:
        """39.5: "once friendly, a tribe remains friendly to an explorer" above -5."""
        state = journalist_in_africa()
        state.writable_territory().attitude[TRIBE] = -3
        state.explorer(0).friendly.add(TRIBE)
        change_attitude(state, TRIBE, -1, "attacks")
        assert TRIBE in state.explorers[0].friendly

    def test_the_attitude_is_in_everybodys_view(self) -> None:
        """39.1: a number every explorer can know."""
        state = journalist_in_africa()
        state.writable_territory().attitude[TRIBE] = -2
        assert state.view(None)["map"]["attitude"][TRIBE] == -2
        assert "attitude" not in pos.new().view(None)["map"]  # Game I has none


class TestDefeatByDice:
    """35.2-35.5: the table, Tables A and B, and captivity."""

    TWO = DATA.game_two

    def test_one_or_less_is_captured(self) -> None:
        """35.2, 35.5: a captive's 3 less two is 1: still captive; a 4 less two kills."""
        assert defeat_line(self.TWO, 3 - self.TWO.captive_less).result == CAPTURED
        assert defeat_line(self.TWO, 4 - self.TWO.captive_less).result == KILLED
        assert defeat_line(self.TWO, 1 - self.TWO.captive_less).result == CAPTURED

    def test_a_roll_raised_above_six_reads_the_last_line(self) -> None:
        """35.2 with 40.53: a captive missionary's +5 makes a 6 less two into 9: the 6 line."""
        line = defeat_line(self.TWO, 6 - self.TWO.captive_less + 5)
        assert line == defeat_line(self.TWO, 6)
        assert line.result == ESCAPES and line.table_a == 2

    def test_table_a_rolls_again_for_what_the_expedition_lacks(self) -> None:
        """35.3-35.4: a 6 (two rolls on Table A): a guide is rolled but there is none, so a 3
        gives a bearer, who carries 10 gifts by Table B's 4; then a 2: an askari."""
        expedition = Party(bearers=3, askaris=2, muskets=2, rations=40, gifts=20)
        line = defeat_line(self.TWO, 6)
        party = escaping_party(self.TWO, line, Script(1, 3, 4, 2), expedition)
        assert (party.guides, party.bearers, party.askaris) == (0, 1, 1)
        assert (party.muskets, party.rations, party.gifts) == (1, 9, 10)

    def test_no_more_than_the_expedition_had(self) -> None:
        """35.2 (decision N207): nine rations, but only five were left."""
        line = defeat_line(self.TWO, 4)
        party = escaping_party(self.TWO, line, NO_DICE, Party(rations=5, muskets=1))
        assert (party.rations, party.muskets) == (5, 1)

    def test_from_captivity_the_natives_give_what_the_table_says(self) -> None:
        """35.5: a captive escaping on a 5 gets his musket, rations and a Table A member (a
        horse, who carries 10 muskets by Table B's 6) from nothing."""
        line = defeat_line(self.TWO, 5)
        party = escaping_party(self.TWO, line, Script(5, 6), None)
        assert (party.horses, party.muskets, party.rations) == (1, 11, 9)


class TestTradeLimit:
    """38.3: each native trades one animal, one canoe, ten items, or hires himself out."""

    TWO = DATA.game_two

    def test_what_a_purchase_takes(self) -> None:
        assert natives_for(self.TWO, HORSE, 2) == 2
        assert natives_for(self.TWO, RATION, 25) == 3
        assert natives_for(self.TWO, BEARER, 4) == 4


class TestLostByAGuide:
    """31.2: no expedition is lost in the hex where a guide was hired."""

    def test_no_lost_check_leaving_the_hex_of_the_hire(self) -> None:
        """31.2, with 31.3's sickness that would have lost it: no check at all."""
        state = journalist_in_africa("0403", pos.foot_party(explorer_sick=True, rations=80))
        state.explorer(0).guide_hexes = {pos.hx(state, "0403")}
        state.play("normal")
        dice(state, 1)
        since = state.log_size
        state.play(toward(state, BLANK_HEX))
        assert "lost-check" not in keys(state, since) and not state.turn.lost


class TestNativesByDice:
    """33.1-33.2: two dice on the Native Discovery Table."""

    def test_a_four_finds_natives_in_veldt_and_a_five_does_not(self) -> None:
        for first, second, tribe in ((2, 2, True), (2, 3, False)):
            t = new_territory(BOARD)
            terrain_known(t, X, VELDT)
            t.stage[X] = NO_SPECTACULAR
            script = Script(first, second, 6, 4, 6)
            found_natives = discover_natives(t, DATA, X, NO_CARDS, script, dice=True)
            assert bool(found_natives) is tribe
            if tribe:
                distance = BOARD.port_distance[X]
                assert found_natives.size == tribe_size_by_dice((6, 4, 6), distance)


class TestCaptivity:
    """35.5: captured on a 1; at the end of each later turn, a die less two on the table."""

    def captive(self) -> NileState:
        state = meeting_two(100)
        dice(state, 6, 6, 6, 2, 1, 6, 3, 1)  # hostile, ambush, beaten, captured
        state.play("policy 4")
        explorer = state.explorers[0]
        assert explorer.status == pos.CAPTIVE and explorer.captor == TRIBE
        assert state.phase_name == "captivity"
        return state

    def test_a_three_less_two_keeps_him_captive(self) -> None:
        state = self.captive()
        dice(state, 3)
        state.play("done")
        assert "escape-dice" in keys(state) and state.explorers[0].status == pos.CAPTIVE

    def test_a_six_less_two_frees_him_with_a_musket_and_rations(self) -> None:
        """35.2's 4, given outright (decision N207)."""
        state = self.captive()
        dice(state, 6)
        state.play("done")
        explorer = state.explorers[0]
        assert explorer.status == IN_AFRICA
        assert (explorer.party.muskets, explorer.party.rations) == (1, 9)

    def test_killed_in_captivity_whatever_raised_his_roll(self) -> None:
        """35.5, 40.53: a captive whose escape roll a mission raised by two still dies in
        captivity on a 2."""
        state = self.captive()
        state.explorer(0).escape_bonus = 2
        dice(state, 2)
        state.play("done")
        died = next(e for e in state.events if e["key"] == "explorer-died")
        assert died["args"]["how"] == "killed in captivity"

    def test_a_four_less_two_kills_him_and_the_tribe_thinks_worse_of_itself(self) -> None:
        """35.2's 2, and 39.23: the attitude falls a third time (attack, defeat, kill)."""
        state = self.captive()
        dice(state, 4)
        state.play("done")
        assert "explorer-died" in keys(state)
        assert state.territory.attitude[TRIBE] == -3


def searcher(specialty: str = "zoologist") -> NileState:
    """A Game II alone with a zoologist (or ``specialty``) in Africa: he landed at Zanzibar on a
    free ticket, outfitted, and stands on foot at 0403."""
    state = game_two(1, specialties=(specialty,))
    tickets = state.data.deck.ticket
    free = next(c for c in range(state.data.deck.size) if tickets[c] == "Zanzibar")
    pos.hold(state, 0, [free])
    state.play("sail to Zanzibar")
    state.play("done")  # 26.2: outfitting with nothing takes the turn
    while state.phase_name != "activity":
        state.play("done")
    pos.put(state, 0, "0403", pos.foot_party())
    return state


class TestSpecimens:
    """40.1-40.46: no card bonuses; the zoologist's and geologist's search."""

    def enter_new_hex(self, specialty: str = "zoologist") -> NileState:
        state = searcher(specialty)
        found(state, BLANK_HEX, VELDT)
        state.play("normal")
        state.play(toward(state, BLANK_HEX))
        hex_ = pos.hx(state, BLANK_HEX)
        assert state.explorers[0].must_stay == (hex_ if specialty != "explorer" else -1)
        return state

    def test_no_card_brings_a_bonus(self) -> None:
        """40.1: Game II draws no card for a bonus."""
        state = self.enter_new_hex("explorer")
        state.play("done")
        assert "bonus" not in keys(state) and "no-bonus" not in keys(state)

    def test_a_new_hex_holds_the_searcher_this_turn_and_the_next(self) -> None:
        """40.41: "must remain one full turn": no move now, nor the next turn."""
        state = self.enter_new_hex()
        with pytest.raises(IllegalAction, match="full turn searching") as refused:
            state.play(toward(state, "0603"))
        assert refused.value.rule is not None and "40.41" in refused.value.rule
        state.play("done")
        assert "specimen-found" not in keys(state) and "search-failed" not in keys(state)
        state.play("normal")
        with pytest.raises(IllegalAction, match="full turn searching"):
            state.play(toward(state, "0603"))

    def test_the_search_at_the_end_of_the_full_turn(self) -> None:
        """40.41-40.46: veldt; dice 6 and 2: the 2 finds (veldt, swamp, jungle); two more dice
        make 10: 1 + 2 points. The specimen weighs as the expedition carries it home."""
        state = self.enter_new_hex()
        state.play("done")
        state.play("normal")
        since = state.log_size
        dice(state, 1, 6, 2, 4, 6)  # the upkeep's hunt, the search's two dice, the extra two
        state.play("done")
        explorer = state.explorers[0]
        assert "specimen-found" in keys(state, since), keys(state, since)
        hex_ = pos.hx(state, BLANK_HEX)
        assert (SPECIMEN_IDS + hex_, 3) in explorer.finds
        assert explorer.party.specimens == [SPECIMEN_IDS + hex_]
        assert explorer.must_stay == -1
        state.play("normal")
        state.play(toward(state, "0603"))  # the full turn is over: he may go on

    def test_the_geologist_finds_nothing_in_veldt(self) -> None:
        """40.42: veldt is on no line of the geology table."""
        state = self.enter_new_hex("geologist")
        state.play("done")
        state.play("normal")
        dice(state, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)
        state.play("done")
        assert "specimen-found" not in keys(state)


class TestMissionaryDoctorEthnologist:
    """40.5-40.73: a full turn with each new friendly tribe, and what it brings."""

    def befriend(self, specialty: str) -> NileState:
        """The explorer befriends tribe 7 (13 natives) in 0503 by 5 gifts against a 6."""
        state = searcher(specialty)
        found(state, "0503", VELDT, tribe=TRIBE, size=13)
        state.play("normal")
        state.play(toward(state, "0503"))
        dice(state, 1, 1, 1)
        state.play("policy 5")
        dice(state, 6, 2)
        state.play("offer 5 gifts")
        explorer = state.explorers[0]
        assert TRIBE in explorer.friendly and explorer.must_stay == pos.hx(state, "0503")
        return state

    def full_turn(self, state: NileState, *rolled: int) -> None:
        """The rest of this turn and the next one in the tribe's hex."""
        state.play("done")
        state.play("normal")
        with pytest.raises(IllegalAction, match="full turn with the tribe") as refused:
            state.play(toward(state, "0403"))
        assert refused.value.rule is not None and "40.51" in refused.value.rule
        dice(state, 1, *rolled)  # the upkeep's hunt first
        state.play("done")

    def test_the_missionary_keeps_one_of_two_dice(self) -> None:
        """40.51-40.52: dice 2 and 6; keeping the 6, the chief asks to be baptized: the
        tribe's attitude +5 and 3 points; the 4 was never thrown."""
        state = self.befriend("missionary")
        self.full_turn(state, 2, 6)
        assert state.phase_name == "mission"
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert offered == {"keep die 2", "keep die 6"}
        with pytest.raises(IllegalAction, match="2, 6"):
            state.play("keep die 4")
        awards = state.explorers[0].awards
        state.play("keep die 6")
        assert state.territory.attitude[TRIBE] == 5
        assert state.explorers[0].awards == awards + 3
        assert state.phase_name != "mission"

    def test_the_doctors_worst_line_kills_him(self) -> None:
        """40.52: the Doctor table's 1: a strange disease, and he dies."""
        state = self.befriend("doctor")
        self.full_turn(state, 1, 1)
        state.play("keep die 1")
        assert "explorer-died" in keys(state)

    def test_the_missionarys_applause_brings_two_poison_attempts(self) -> None:
        """40.52: a 4: +3 and 2 points, but the jealous chief and the witch doctor each try
        poison (41.2: two fives fail both times)."""
        state = self.befriend("missionary")
        self.full_turn(state, 4, 4)
        dice(state, 5, 5, 5, 5)
        state.play("keep die 4")
        assert keys(state).count("poison-attempt") == 2
        assert state.territory.attitude[TRIBE] == 3

    def test_each_tribe_once_a_game(self) -> None:
        """40.54: no second full turn with a tribe he has worked with."""
        state = self.befriend("missionary")
        state.explorer(0).friendly.discard(TRIBE)
        state.explorer(0).must_stay = -1
        state.encounter = Encounter(pos.hx(state, "0503"), TRIBE, 13)
        befriend(state)
        assert state.explorers[0].must_stay == -1

    def test_the_ethnologist_falls_sick_on_twelve(self) -> None:
        """40.71: two sixes."""
        state = self.befriend("ethnologist")
        self.full_turn(state, 6, 6)
        assert state.explorers[0].party.explorer_sick
        assert "studied" in keys(state)

    def test_the_ethnologists_friends_raise_his_policy(self) -> None:
        """40.72: with two friendly tribes, policy 1 counts as 3: 7 hexes + 3, +1 for the
        published hex (34.223) = 11, against 11 is not hostile (decision N210)."""
        state = meeting_two(50)
        explorer = state.explorer(0)
        explorer.specialty = ETHNOLOGIST
        explorer.friendly.update({1, 2})
        dice(state, 4, 4, 3)
        state.play("policy 1")
        event = next(e for e in state.events if e["key"] == "policy-dice")
        assert event["args"]["target"] == 11 and event["args"]["outcome"] == "passes"


class TestRanksAtTheEnd:
    """30.0 with 22.7 (decision N211): Game II ranks its spectacular discoveries and rivers when
    its turns are over, not at a winning publication."""

    def test_the_explorer_of_the_highest_published_peak_gets_its_rank(self) -> None:
        state = pos.new(2, 1, game=2)
        peak = pos.hx(state, BLANK_HEX)
        territory = state.writable_territory()
        territory.terrain[peak] = MOUNTAIN
        territory.peak[peak] = 19_000
        state.published[peak] = 1
        state.explorer(1).surveyed.append(peak)
        state.explorer(1).specialty = 3  # the explorer
        award_ranks_at_the_end(state)
        first = state.data.tables.vp_ranked[HIGHEST_MOUNTAIN][0][3]
        assert state.explorers[1].vp == first > 0
        assert state.explorers[0].vp == 0
        assert "ranks-awarded" in keys(state)

    def test_the_last_round_awards_them(self) -> None:
        """30.0: the end of the turns, then the most points win."""
        state = pos.new(2, 5, game=2, turns=20)
        rng = random.Random(5)
        peak = pos.hx(state, BLANK_HEX)
        while state.round < 19 or state.player != (state.first - 1) % 2:
            state.play(rng.choice(state.legal_actions()))
            assert not state.is_over
        territory = state.writable_territory()
        territory.terrain[peak] = MOUNTAIN
        territory.peak[peak] = 19_000
        state.published[peak] = 1
        state.explorer(state.player).surveyed.append(peak)
        while not state.is_over:
            state.play(rng.choice(state.legal_actions()))
        assert "ranks-awarded" in keys(state)


class TestOases:
    """32.35: an unpublished oasis is found on an odd die by whoever did not map it."""

    def entering_an_oasis(self, die: int) -> NileState:
        """The journalist enters the unpublished desert hex 0504, whose oasis another mapped:
        a 6 for the lost check, 6 and 6 for natives (none on 12), then ``die``."""
        state = journalist_in_africa("0403", pos.foot_party(rations=20, water=90))
        hex_ = found(state, BLANK_HEX, DESERT)
        state.writable_territory().oasis[hex_] = 1
        state.play("normal")
        dice(state, 6, 6, 6, die)
        state.play(toward(state, BLANK_HEX))
        assert state.explorers[0].hex == hex_
        return state

    def test_an_odd_die_finds_it(self) -> None:
        state = self.entering_an_oasis(3)
        assert pos.hx(state, BLANK_HEX) in state.explorers[0].oases
        assert water_here(state, pos.hx(state, BLANK_HEX))

    def test_an_even_die_misses_it_and_there_is_no_water(self) -> None:
        state = self.entering_an_oasis(4)
        assert "oasis-search" in keys(state)
        assert not water_here(state, pos.hx(state, BLANK_HEX))

    def test_once_published_everybody_knows_it(self) -> None:
        state = self.entering_an_oasis(4)
        state.published[pos.hx(state, BLANK_HEX)] = 1
        assert water_here(state, pos.hx(state, BLANK_HEX))


def test_the_revealed_port_is_the_journalists() -> None:
    """28.2, 40.62: only the journalist lands; the log names him with his port."""
    state = game_two(2, specialties=("zoologist", "journalist"))
    state.play("sail to Mombasa")
    event = next(e for e in state.events if e["key"] == "ports-revealed")
    text = terra.game("nile").describe_event(state, event)
    assert "Blue Mombasa" in text and "Red" not in text


class TestCaptiveMissionary:
    """40.53: a captive missionary or doctor works on his captors at the end of his first full
    turn of capture; the attitude it changes counts on his escape rolls from that tribe."""

    def captive(self) -> NileState:
        state = meeting_two(100)
        state.explorer(0).specialty = MISSIONARY
        dice(state, 6, 6, 6, 2, 1, 6, 3, 1)  # hostile, ambush, beaten, captured
        state.play("policy 4")
        assert state.explorers[0].status == pos.CAPTIVE
        return state

    def test_the_mission_then_the_escape_roll_with_its_change(self) -> None:
        """A 6 kept: the chief asks to be baptized, +5. The escape roll that follows: a 1, less
        two, plus five, is 4 on the table: he escapes with a musket and nine rations."""
        state = self.captive()
        dice(state, 6, 2)
        state.play("done")
        assert state.phase_name == "mission" and "works-on-captors" in keys(state)
        state.play("keep die 6")
        assert state.phase_name == "captivity" and state.explorers[0].escape_bonus == 5
        dice(state, 1)
        state.play("done")
        explorer = state.explorers[0]
        assert explorer.status == IN_AFRICA
        assert (explorer.party.muskets, explorer.party.rations) == (1, 9)

    def test_only_the_first_full_turn_and_once(self) -> None:
        """40.53-40.54: after the first full turn, only the escape rolls."""
        state = self.captive()
        dice(state, 6, 2)
        state.play("done")
        dice(state, 2)
        state.play("keep die 2")
        dice(state, 1)
        state.play("done")  # 1 - 2 + 1 = 0: still captive
        assert state.explorers[0].status == pos.CAPTIVE
        dice(state, 1)
        state.play("done")
        assert "works-on-captors" not in keys(state, state.log_size - 3)
