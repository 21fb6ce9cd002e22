"""Source of the Nile: publishing in Europe (22-25), victory (7.0) and the turn limit (N100)."""

from __future__ import annotations

import random

import pytest

from terra.core.errors import IllegalAction, OptionError
from terra.games.nile import GAME
from terra.games.nile.components.events import ANIMAL, PLANT
from terra.games.nile.components.tables import HIGHEST_MOUNTAIN, LARGEST_LAKE
from terra.games.nile.discoveries import bring_finds_home
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE
from terra.games.nile.movement import step_cost
from terra.games.nile.outfitting import arrive
from terra.games.nile.party import Party
from terra.games.nile.phases import Phase
from terra.games.nile.publishing import pending, publish, publishable_hexes
from terra.games.nile.ranks import ranked_awards
from terra.games.nile.rivers import travel
from terra.games.nile.state import NileState
from terra.games.nile.terms import BLANK, EXPLORER, JOURNALIST, LAKE, MOUNTAIN, VELDT, ZOOLOGIST

from .positions import put, standing


def in_europe(players: int = 2, specialty: int = EXPLORER, **options: object) -> NileState:
    """A game past set-up whose seat 0 explorer is in Europe at the start of his turn."""
    state = GAME.new(players, 5, dict(options))
    while state.setting_up:  # the first choice each time, and no outfit
        if state.phase_name == "outfit":
            state.play("done")
        else:
            state.apply(state.legal_actions()[0])
    state.player = 0
    explorer = state.explorers[0]
    explorer.status = IN_EUROPE
    explorer.hex = -1
    explorer.specialty = specialty
    state.phase = Phase.EUROPE
    state._forget_legal()
    return state


def blank_hexes(state: NileState, count: int) -> list[int]:
    board = state.data.board
    return [h for h in range(board.num_hexes) if board.terrain[h] == BLANK][:count]


def explored(state: NileState, seat: int, hexes: list[int], terrain: int = VELDT) -> None:
    """Seat ``seat``'s explorer has mapped and stayed in ``hexes`` (fully explored)."""
    territory = state.writable_territory()
    for hex_ in hexes:
        territory.terrain[hex_] = terrain
        territory.partial[hex_] = -1
        state.explorers[seat].visit(hex_)
        state.explorers[seat].survey(hex_)


def ranks(state: NileState, seat: int) -> int:
    """22.7: the ranks seat's explorer would claim publishing all he may now."""
    explorer = state.explorers[seat]
    return ranked_awards(state, explorer, publishable_hexes(state, explorer))


class TestPublishing:
    def test_hexes_score_by_terrain_and_specialty(self) -> None:
        """22.1, 22.6: each published hex scores on the Victory Point Chart for the specialty."""
        state = in_europe(specialty=EXPLORER)
        hexes = blank_hexes(state, 3)
        explored(state, 0, hexes, MOUNTAIN)
        state.play("publish")
        expected = 3 * state.data.tables.vp_hex[MOUNTAIN][EXPLORER]
        assert state.explorers[0].vp == expected
        assert state.score_breakdown()[0]["hexes"] == expected
        assert all(state.published[h] for h in hexes)

    def test_a_hex_is_published_once(self) -> None:
        """22.3-22.4: only the first to publish a hex scores it."""
        state = in_europe()
        hexes = blank_hexes(state, 2)
        explored(state, 0, hexes)
        explored(state, 1, hexes)
        state.play("publish")
        assert state.explorers[0].vp > 0
        assert pending(state, state.explorers[1])["hexes"] == 0

    def test_a_partial_exploration_is_not_published(self) -> None:
        """10.293: partial exploration earns nothing."""
        state = in_europe()
        hexes = blank_hexes(state, 2)
        explored(state, 0, hexes)
        state.territory.partial[hexes[0]] = 0
        state.play("publish")
        assert state.published[hexes[1]] and not state.published[hexes[0]]

    def test_nothing_to_publish_is_refused(self) -> None:
        """22.1: publishing needs something unpublished."""
        state = in_europe()
        with pytest.raises(IllegalAction, match="nothing to publish"):
            state.play("publish")

    def test_reaching_the_target_wins_at_once(self) -> None:
        """7.0, 8.1: the first to publish the target wins and the game ends at once."""
        state = in_europe(victory_points=5)
        explored(state, 0, blank_hexes(state, 5))
        state.play("publish")
        assert state.is_over
        assert state.winners() == [0]
        assert state.returns() == [1.0, -1.0]


class TestRankedAwards:
    def _with_peak(self, target: int) -> NileState:
        state = in_europe(victory_points=target)
        hexes = blank_hexes(state, 2)
        explored(state, 0, hexes, MOUNTAIN)
        state.territory.peak[hexes[0]] = 19_000
        return state

    def test_a_ranked_discovery_counts_when_it_gives_the_win(self) -> None:
        """22.7: the highest mountain is published at the moment it gives the win."""
        base = 2 * GAME.load_data().tables.vp_hex[MOUNTAIN][EXPLORER]
        first = GAME.load_data().tables.vp_ranked[HIGHEST_MOUNTAIN][0][EXPLORER]
        state = self._with_peak(base + first)
        state.play("publish")
        assert state.is_over and state.winners() == [0]
        assert state.score_breakdown()[0]["ranked"] == first

    def test_a_ranked_discovery_waits_while_it_cannot_give_the_win(self) -> None:
        """22.7: until then it cannot be published."""
        state = self._with_peak(75)
        state.play("publish")
        assert not state.is_over
        assert state.score_breakdown()[0]["ranked"] == 0

    def test_a_peak_published_earlier_claims_its_rank_at_the_win(self) -> None:
        """Source of the Nile, 22.7 (decision N155): a ranked discovery "cannot be published"
        before the moment it gives the win, so publishing its hex earlier leaves the high
        mountain his to claim then."""
        tables = GAME.load_data().tables
        base = tables.vp_hex[MOUNTAIN][EXPLORER]
        first = tables.vp_ranked[HIGHEST_MOUNTAIN][0][EXPLORER]
        state = in_europe(victory_points=2 * base + first)
        peak, other = blank_hexes(state, 2)
        explored(state, 0, [peak], MOUNTAIN)
        state.territory.peak[peak] = 19_000
        state.play("publish")
        assert state.phase_name == "europe" and state.published[peak]  # no win yet
        explored(state, 0, [other], MOUNTAIN)
        state.play("publish")
        assert state.is_over and state.winners() == [0]
        assert state.score_breakdown()[0]["ranked"] == first

    def test_only_published_figures_are_ranked(self) -> None:
        """Source of the Nile, 22.7-22.8 (decision N155): a higher peak another explorer has
        mapped but not published is a rumour (21.32): the winner's peak ranks first. Once
        published, the higher peak outranks it."""
        tables = GAME.load_data().tables
        base = tables.vp_hex[MOUNTAIN][EXPLORER]
        first, second = (rank[EXPLORER] for rank in tables.vp_ranked[HIGHEST_MOUNTAIN][:2])
        state = in_europe(victory_points=base + first)
        ours, theirs = blank_hexes(state, 2)
        explored(state, 0, [ours], MOUNTAIN)
        explored(state, 1, [theirs], MOUNTAIN)
        state.territory.peak[ours] = 19_000
        state.territory.peak[theirs] = 25_000
        assert ranks(state, 0) == first
        state.published[theirs] = 1
        assert ranks(state, 0) == second
        state.published[theirs] = 0
        state.play("publish")
        assert state.is_over and state.score_breakdown()[0]["ranked"] == first


class TestTheRulebooksExamples:
    def test_every_explorer_scores_the_same_friendly_tribe(self) -> None:
        """22.4 (example): only one explorer publishes a hex's terrain, but every explorer may
        score for becoming friendly with the same tribe."""
        state = in_europe()
        hex_ = blank_hexes(state, 1)[0]
        explored(state, 0, [hex_])
        explored(state, 1, [hex_])
        for explorer in state.explorers:
            explorer.friendly.add(7)
            explorer.new_friends.append(7)
        state.play("publish")
        other = pending(state, state.explorers[1])
        assert other["hexes"] == 0
        assert other["tribes"] == state.data.tables.vp_friendly_tribe[state.explorers[1].specialty]

    def test_only_the_explorer_of_a_lakes_last_hex_claims_the_lake(self) -> None:
        """22.9 (example): of a three-hex lake, only who explored the third hex mapped may
        publish it as a spectacular discovery."""
        state = in_europe()
        board = state.data.board
        first = blank_hexes(state, 1)[0]
        second = next(h for h in board.neighbours[first] if h >= 0 and board.terrain[h] == BLANK)
        third = next(
            h
            for h in board.neighbours[second]
            if h >= 0 and h != first and board.terrain[h] == BLANK
        )
        territory = state.writable_territory()
        for stamp, hex_ in enumerate((first, second, third), start=1):
            territory.terrain[hex_] = LAKE
            territory.partial[hex_] = -1
            territory.lake_miles[hex_] = 1_000 * stamp
            territory.lake_stamp[hex_] = stamp
        explored(state, 0, [first, second], LAKE)
        explored(state, 1, [third], LAKE)
        first_rank = state.data.tables.vp_ranked[LARGEST_LAKE][0]
        assert ranks(state, 1) >= first_rank[state.explorers[1].specialty]
        assert ranks(state, 0) == 0


class TestEpicJourneys:
    def test_the_first_from_khartoum_to_a_cape_port_makes_an_epic_journey(self) -> None:
        """25.31-25.33: Khartoum to a Cape Colony port, no port between; worth the hexes
        published with it along the route."""
        state = in_europe()
        board = state.data.board
        explorer = state.explorers[0]
        khartoum, capetown = board.port("Khartoum"), board.port("Capetown")
        route = [board.port_hex[khartoum], *blank_hexes(state, 4), board.port_hex[capetown]]
        explorer.status = IN_AFRICA
        explorer.journey = [route[0]]
        for hex_ in route[1:]:
            travel(state, explorer, hex_)
        assert explorer.epics and explorer.epics[0][0] == route[0]
        assert (min(khartoum, capetown), max(khartoum, capetown)) in state.epic_routes

    def test_a_journey_between_two_west_coast_ports_is_not_epic(self) -> None:
        """25.334: west to east coast, not west to west."""
        state = in_europe()
        board = state.data.board
        explorer = state.explorers[0]
        lagos, luanda = board.port("Lagos"), board.port("Luanda")
        explorer.journey = [board.port_hex[lagos]]
        travel(state, explorer, board.port_hex[luanda])
        assert not explorer.epics


class TestJournalistNews:
    def test_the_first_journalist_to_publish_a_battle_takes_it(self) -> None:
        """24.5: two journalists in Africa hear of one battle; the first to publish scores."""
        state = in_europe(players=2, specialty=JOURNALIST)
        other = state.explorers[1]
        other.specialty = JOURNALIST
        state.explorers[0].news.append((1, 2))
        other.news.append((1, 2))
        state.play("publish")
        assert state.explorers[0].vp == 2
        assert pending(state, other)["awards"] == 0


class TestTheTurnLimit:
    def test_at_the_turn_limit_the_most_published_points_win(self) -> None:
        """Decision N100: a game that nobody wins ends after ``turn_limit`` rounds."""
        state = GAME.new(2, 3, {"turn_limit": 2})
        rng = random.Random(3)
        for _ in range(10_000):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over and state.round == 2
        assert state.winners() == [0, 1]  # nobody published: a shared result

    def test_alone_the_explorer_loses_to_the_continent_at_the_limit(self) -> None:
        """2.1, N100: a solitaire game unwon at the limit has no winner."""
        state = GAME.new(1, 3, {"turn_limit": 1})
        rng = random.Random(3)
        for _ in range(10_000):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.winners() == [] and state.returns() == [-1.0]


class TestSpecimens:
    def test_a_specimen_lost_on_the_way_home_is_not_published(self) -> None:
        """20.72: an animal or plant must be brought to Europe to be published."""
        state = in_europe(specialty=ZOOLOGIST)
        deck = state.data.deck
        finds = [bonuses[ZOOLOGIST] for bonuses in deck.bonus]
        card = next(
            c
            for c, bonus in enumerate(finds)
            if bonus is not None and bonus.find in (PLANT, ANIMAL)
        )
        explorer = state.explorers[0]
        explorer.finds.append((card, 4))
        bring_finds_home(state, explorer)  # the specimen is not in the party: lost
        assert explorer.finds == []


class TestOptions:
    @pytest.mark.parametrize("name", ["victory_points", "turn_limit"])
    @pytest.mark.parametrize("value", [0, -3, "-1"])
    def test_a_target_or_limit_below_one_is_refused(self, name: str, value: object) -> None:
        """7.0, N100: a game needs a target and a limit of at least one."""
        with pytest.raises(OptionError, match=f"option '{name}' must be at least 1"):
            GAME.new(2, 1, {name: value})


class TestKeepingHexesBack:
    """22.2 (decision N153): ``publish all but hexes`` publishes everything else and keeps the
    mapped hexes, with their rivers, oases and epic journeys, for a later ``publish``."""

    def _with_hexes_and_a_friend(self) -> tuple[NileState, list[int]]:
        state = in_europe()
        hexes = blank_hexes(state, 3)
        explored(state, 0, hexes)
        state.explorers[0].friendly.add(7)
        state.explorers[0].new_friends.append(7)
        return state, hexes

    def test_everything_else_is_published_and_the_hexes_wait(self) -> None:
        state, hexes = self._with_hexes_and_a_friend()
        tables = state.data.tables
        state.play("publish all but hexes")
        explorer = state.explorers[0]
        assert explorer.vp == tables.vp_friendly_tribe[EXPLORER]
        assert not any(state.published[h] for h in hexes)
        assert pending(state, explorer)["hexes"] == 3 * tables.vp_hex[VELDT][EXPLORER]
        assert "keeps 3 mapped hexes unpublished" in GAME.describe_event(state, state.events[-1])

    def test_the_hexes_kept_back_are_published_later(self) -> None:
        state, hexes = self._with_hexes_and_a_friend()
        state.play("publish all but hexes")
        before = state.explorers[0].vp
        state._forget_legal()
        assert "publish all but hexes" not in map(state.action_str, state.legal_actions())
        state.play("publish")
        assert all(state.published[h] for h in hexes)
        gained = state.explorers[0].vp - before
        assert gained == 3 * state.data.tables.vp_hex[VELDT][EXPLORER]

    def test_he_still_moves_through_them_as_known_hexes(self) -> None:
        """22.2: his later expeditions move freely through them; others still pay as for an
        unexplored hex (9.3)."""
        state, hexes = self._with_hexes_and_a_friend()
        state.play("publish all but hexes")
        mine, theirs = state.explorers[0], state.explorers[1]
        assert step_cost(state, mine, hexes[0]) < step_cost(state, theirs, hexes[0])

    def test_another_explorer_may_publish_them_first(self) -> None:
        """22.2-22.3: whoever publishes a hex first scores it."""
        state, hexes = self._with_hexes_and_a_friend()
        explored(state, 1, hexes)
        state.play("publish all but hexes")
        state.player = 1
        publish(state)
        assert all(state.published[h] for h in hexes)
        assert pending(state, state.explorers[0])["hexes"] == 0

    def test_keeping_back_needs_hexes_and_something_else(self) -> None:
        """22.2: nothing to keep back, or nothing but hexes to publish: refused, nothing
        changes."""
        state = in_europe()
        state.explorers[0].new_friends.append(7)
        with pytest.raises(IllegalAction, match="no mapped hexes to keep back"):
            state.play("publish all but hexes")
        state = in_europe()
        explored(state, 0, blank_hexes(state, 2))
        with pytest.raises(IllegalAction, match="nothing but hexes"):
            state.play("publish all but hexes")
        assert state.explorers[0].vp == 0


class TestVictoryPointLosses:
    """22.5 (decision N161): a point lost for a sick man discharged (19.4) comes off the points
    the current expedition has garnered so far, and off the published total only without
    them."""

    def discharging(self) -> NileState:
        """Seat 0 at 0403 with 10 published points and a sick bearer to discharge."""
        state = standing("0403", Party(bearers=3, sick_bearers=1, rations=10))
        state.explorers[0].vp = 10
        return state

    def test_it_comes_off_the_current_expeditions_points(self) -> None:
        """Source of the Nile, 22.5: deducted from the victory points garnered so far by the
        current expedition: here the hexes it has mapped, not the published ten."""
        state = self.discharging()
        mapped = blank_hexes(state, 2)
        explored(state, 0, mapped)
        garnered = sum(pending(state, state.explorers[0]).values())
        assert garnered > 1
        state.play("leave 1 sick bearer")
        explorer = state.explorers[0]
        assert explorer.vp == 10
        assert sum(pending(state, explorer).values()) == garnered - 1
        explorer.status, explorer.hex = IN_EUROPE, -1
        state.phase = Phase.EUROPE
        state.play("publish")
        assert state.explorers[0].vp == 10 + garnered - 1

    def test_without_them_it_comes_off_the_published_total(self) -> None:
        """Source of the Nile, 22.5: no points garnered by the current expedition: the
        published total pays, never below nothing."""
        state = self.discharging()
        state.play("leave 1 sick bearer")
        assert state.explorers[0].vp == 9
        state = self.discharging()
        state.explorers[0].vp = 0
        state.play("leave 1 sick bearer")
        assert state.explorers[0].vp == 0

    def test_hexes_kept_back_from_an_earlier_expedition_do_not_pay(self) -> None:
        """Source of the Nile, 22.5: the hexes an earlier expedition mapped and kept back
        (22.2) are not the current expedition's: the published total pays."""
        state = self.discharging()
        explored(state, 0, blank_hexes(state, 2))
        explorer = state.explorers[0]
        arrive(state, 0, explorer.port, 0)  # a new expedition lands
        put(state, 0, "0403", Party(bearers=3, sick_bearers=1, rations=10))
        state.play("leave 1 sick bearer")
        assert state.explorers[0].vp == 9


class TestChoosingWhatToPublish:
    """22.1-22.2 (decision N153): any part of his discoveries, chosen hex by hex, tribe by
    tribe, special by special (or a kind at once), then ``done``."""

    def _with_finds(self) -> tuple[NileState, list[int]]:
        """Seat 0 in Europe with three veldt hexes mapped (the first with a river, the second
        an oasis), a lake hex, two friendly tribes and the Lost City found."""
        state = in_europe()
        hexes = blank_hexes(state, 4)
        explored(state, 0, hexes[:3])
        explored(state, 0, hexes[3:], LAKE)
        territory = state.territory
        territory.river_out[hexes[0]] = 1
        territory.oasis[hexes[1]] = 1
        explorer = state.explorers[0]
        explorer.friendly.update({7, 9})
        explorer.new_friends.extend([7, 9])
        lost_city = state.data.tables.special_names.index("Lost City")
        state.counter_kind[0] = lost_city
        explorer.found_counters = explorer.counters = 1
        state._forget_legal()
        return state, hexes

    def test_the_parts_chosen_are_published_together_and_the_rest_waits(self) -> None:
        """Source of the Nile, 22.1-22.2: he publishes a hex and a tribe and withholds the
        rest, which stays his to publish later."""
        state, hexes = self._with_finds()
        tables = state.data.tables
        name = state.data.board.hex_ids[hexes[2]]
        state.play(f"publish hex {name}")
        assert state.phase_name == "publishing"
        assert "sail for Europe" not in state.legal_action_strs()
        state.play("publish tribe 9")
        state.play("done")
        assert state.phase_name == "europe"
        explorer = state.explorers[0]
        assert explorer.vp == tables.vp_hex[VELDT][EXPLORER] + tables.vp_friendly_tribe[EXPLORER]
        assert [bool(state.published[h]) for h in hexes] == [False, False, True, False]
        assert explorer.new_friends == [7] and explorer.found_counters == 1
        assert "chosen-to-publish" in [e["key"] for e in state.events[-3:]]
        assert "publish Lost City" in state.legal_action_strs()

    def test_a_kind_at_once(self) -> None:
        """Source of the Nile, 22.1-22.2: every river hex, every lake hex, every oasis, every
        tribe or every special at once."""
        state, hexes = self._with_finds()
        state.play("publish rivers")
        assert state.turn.chosen == [(0, hexes[0])]
        state.play("publish oases")
        state.play("publish lakes")
        state.play("publish tribes")
        state.play("publish specials")
        assert [part for part, _ in state.turn.chosen] == [0, 0, 0, 1, 1, 2]
        with pytest.raises(IllegalAction, match="no rivers to add"):
            state.play("publish rivers")
        state.play("done")
        assert not state.published[hexes[2]] and state.published[hexes[3]]
        assert "Lost City" in state.published_finds

    def test_what_is_not_his_to_publish_is_refused(self) -> None:
        """Source of the Nile, 22.1-22.4, 10.293, 23.2: hexes he has not fully mapped or that
        are published, tribes that are not his new friends, specials he has not found, and a
        part chosen twice."""
        state, hexes = self._with_finds()
        board = state.data.board
        with pytest.raises(IllegalAction, match="you have not been to"):
            state.play(f"publish hex {board.hex_ids[blank_hexes(state, 6)[5]]}")
        with pytest.raises(IllegalAction, match="published already"):
            state.play("publish hex 0403")
        with pytest.raises(IllegalAction, match="tribe 8 is no friend"):
            state.play("publish tribe 8")
        with pytest.raises(IllegalAction, match="not found Native Kingdom"):
            state.play("publish Native Kingdom")
        state.play(f"publish hex {board.hex_ids[hexes[0]]}")
        with pytest.raises(IllegalAction, match="chosen for this publication already"):
            state.play(f"publish hex {board.hex_ids[hexes[0]]}")
        with pytest.raises(IllegalAction, match="not a decision of this moment"):
            state.play("collect donations")

    def test_the_ranked_award_kept_back_wins_later(self) -> None:
        """Source of the Nile, 22.2, 22.7: the highest peak kept back from a publication that
        cannot win is claimed by the later one that wins."""
        tables = GAME.load_data().tables
        first = tables.vp_ranked[HIGHEST_MOUNTAIN][0][EXPLORER]
        mountain = tables.vp_hex[MOUNTAIN][EXPLORER]
        state = in_europe(victory_points=3 * mountain + first)
        hexes = blank_hexes(state, 3)
        explored(state, 0, hexes, MOUNTAIN)
        state.territory.peak[hexes[0]] = 19_000
        ids = state.data.board.hex_ids
        state.play(f"publish hex {ids[hexes[1]]}")
        state.play(f"publish hex {ids[hexes[2]]}")
        state.play("done")
        assert state.phase_name == "europe" and state.score_breakdown()[0]["ranked"] == 0
        state.play(f"publish hex {ids[hexes[0]]}")
        state.play("done")
        assert state.is_over and state.winners() == [0]
        assert state.score_breakdown()[0]["ranked"] == first

    def test_an_epic_journey_waits_for_the_hexes_of_its_way(self) -> None:
        """Source of the Nile, 25.32: an epic journey is worth the hexes of its way published
        with it: a publication without them leaves it waiting."""
        state = in_europe()
        board = state.data.board
        start = blank_hexes(state, 1)[0]
        step = next(h for h in board.overland[start] if board.terrain[h] == BLANK)
        aside = next(h for h in blank_hexes(state, 60) if h not in (start, step))
        explored(state, 0, [start, step, aside])
        state.explorers[0].epics.append((start, step))
        state._forget_legal()
        ids = board.hex_ids
        state.play(f"publish hex {ids[aside]}")
        state.play("done")
        assert state.explorers[0].epics == [(start, step)]
        state.play("publish hexes")
        state.play("done")
        assert state.explorers[0].epics == []
        assert state.score_breakdown()[0]["journeys"] == 2
