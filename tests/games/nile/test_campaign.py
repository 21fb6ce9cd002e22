"""Source of the Nile, Game II as a campaign (2.3, 30.0, decisions N220-N227): the next game
starts on the map the last one left, with what was published and nothing else."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import terra
from terra.ai.bots import make_bot
from terra.core import CampaignError, Record, ReplayError
from terra.games.nile import GAME
from terra.games.nile.attitude import change_attitude
from terra.games.nile.components.tables import HIGHEST_MOUNTAIN
from terra.games.nile.explorer import IN_EUROPE
from terra.games.nile.ranks import ranked_awards
from terra.games.nile.state import NileState
from terra.games.nile.terms import BLANK, EXPLORER, MOUNTAIN, VELDT
from terra.games.nile.territory import BLANK_HEX, EXPLORED
from tests.core.test_refusals_hide import every_refusal

from .test_publishing import explored, in_europe

GAME_II = {"game": 2, "turns": 20}


def far_hexes(state: NileState, count: int) -> list[int]:
    """Blank hexes deep in the interior (where the discovery counters may stand, 4.41)."""
    return list(state.data.board.discovery_sites()[:count])


def mapped(state: NileState, seat: int, hexes: list[int], terrain: int) -> None:
    """Seat ``seat``'s explorer has fully explored ``hexes`` and stayed in them."""
    explored(state, seat, hexes, terrain)
    for hex_ in hexes:
        state.territory.stage[hex_] = EXPLORED


def last_game() -> tuple[NileState, list[int], list[int]]:
    """A Game II stopped with seat 0's hexes published and seat 1's mapped but kept back."""
    state = in_europe(**GAME_II)
    published, kept = far_hexes(state, 3), far_hexes(state, 6)[3:]
    mapped(state, 0, published, MOUNTAIN)
    mapped(state, 1, kept, VELDT)
    state.play("publish")
    assert all(state.published[h] for h in published)
    assert not any(state.published[h] for h in kept)
    return state, published, kept


def greedy_game(players: int, seed: int, previous: NileState | None = None) -> NileState:
    """A Game II of greedy bots to its end, continuing ``previous`` if given."""
    if previous is None:
        state = GAME.new(players, seed, GAME_II)
    else:
        state = GAME.follow(previous, players, seed, GAME_II)
    rng = random.Random(seed)
    bots = [make_bot("greedy", rng.randrange(1000)) for _ in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.play(bots[seat].choose(state))
    return state


class TestWhatCarriesOver:
    def test_the_published_map_carries_over_and_the_rest_is_blank_again(self) -> None:
        """Source of the Nile, 2.3 and 30.0 (decision N221): the next game starts where the
        last left off: its published hexes as drawn; the hexes kept back are rumours (21.32)
        and blank again."""
        previous, published, kept = last_game()
        state = GAME.follow(previous, 3, 11, GAME_II)
        for hex_ in published:
            assert state.published[hex_]
            assert state.territory.terrain[hex_] == MOUNTAIN
            assert state.territory.stage[hex_] == EXPLORED
        for hex_ in kept:
            assert not state.published[hex_]
            assert state.territory.terrain[hex_] == BLANK
            assert state.territory.stage[hex_] == BLANK_HEX
        assert state.view(None)["published"] == list(previous.published)

    def test_the_previous_game_is_not_changed(self) -> None:
        """Decision N221: continuing a game reads it and changes nothing of it."""
        previous, _published, kept = last_game()
        before = previous.clone()
        GAME.follow(previous, 2, 3, GAME_II)
        assert previous == before
        assert all(previous.territory.terrain[h] == VELDT for h in kept)

    def test_published_finds_do_not_score_twice(self) -> None:
        """Decision N221 (22.4, 20.74): a find published in an earlier game of the campaign
        is published already: nobody publishes it again."""
        previous, _published, _kept = last_game()
        previous.published_finds.add("Lost City")
        state = GAME.follow(previous, 2, 3, GAME_II)
        assert "Lost City" in state.published_finds
        assert state.published_finds == previous.published_finds

    def test_explorers_money_and_points_are_the_last_games_own(self) -> None:
        """Decision N223: each game is scored on its own: the new game's explorers start
        afresh, with nothing found, no money and no points."""
        previous, _published, _kept = last_game()
        assert previous.scores()[0] > 0
        state = GAME.follow(previous, 2, 3, GAME_II)
        assert state.scores() == [0, 0]
        assert all(e.money == 0 and not e.surveyed for e in state.explorers)
        assert state.round == 0 and state.setting_up

    def test_players_seed_and_turns_may_differ(self) -> None:
        """Decision N227: the next game has its own players, seed and turns."""
        previous, _published, _kept = last_game()
        state = GAME.follow(previous, 5, 99, {"game": 2, "turns": 40})
        assert state.num_players == 5 and state.seed == 99 and state.turn_limit == 40

    def test_the_tribes_attitudes_start_again(self) -> None:
        """Decision N225 (39.2): the tribes' attitude is toward the explorers of its game;
        the next game's tribes start at the starting attitude."""
        previous, published, _kept = last_game()
        previous.writable_territory().tribe[published[0]] = 7
        change_attitude(previous, 7, -3, "test")
        state = GAME.follow(previous, 2, 3, GAME_II)
        start = state.data.game_two.attitude_start
        assert previous.territory.attitude[7] != start
        assert state.territory.attitude[7] == start
        assert state.territory.tribe[published[0]] == 7  # the tribe stays on the map

    def test_epic_journeys_travelled_stay_travelled_and_battles_do_not_carry(self) -> None:
        """Decisions N224 and N226: the first to travel an epic route (25.31) was in an
        earlier game; a battle's news (24.2-24.5) is its own game's."""
        previous, _published, _kept = last_game()
        previous.epic_routes.add((0, 3))
        previous.published_battles.add(0)
        previous.battles = 1
        state = GAME.follow(previous, 2, 3, GAME_II)
        assert (0, 3) in state.epic_routes
        assert not state.published_battles and state.battles == 0

    def test_carried_figures_rank_but_nobody_claims_them(self) -> None:
        """Decision N228 (22.7-22.8): a published peak of an earlier game stays the highest;
        a lower peak found now ranks below it."""
        previous, published, _kept = last_game()
        previous.writable_territory().peak[published[0]] = 19_000
        state = GAME.follow(previous, 2, 3, GAME_II)
        while state.setting_up:
            state.apply(state.legal_actions()[0])
        explorer = state.explorers[0]
        explorer.status, explorer.hex, explorer.specialty = IN_EUROPE, -1, EXPLORER
        lower = far_hexes(state, 12)[8]
        mapped(state, 0, [lower], MOUNTAIN)
        state.territory.peak[lower] = 15_000
        tables = state.data.tables
        second = tables.vp_ranked[HIGHEST_MOUNTAIN][1][EXPLORER]
        assert ranked_awards(state, state.explorers[0], [lower]) == second
        assert ranked_awards(state, state.explorers[1], ()) == 0


class TestCounters:
    def test_counters_stand_far_from_the_hexes_published_so_far(self) -> None:
        """Decision N222 (4.41): the new game's counters stand five or more hexes from every
        hex published so far in the campaign; a site near the grown map is refused."""
        previous, published, _kept = last_game()
        state = GAME.follow(previous, 2, 3, GAME_II)
        board = state.data.board
        assert state.phase_name == "counters"
        near = [
            h
            for h in board.discovery_sites()
            if not state.published[h] and board.distance(h, published[0]) < 5
        ]
        assert near
        with pytest.raises(terra.IllegalAction, match="five or more"):
            state.play(f"counter {board.hex_ids[near[0]]}")
        for action in state.legal_actions():
            hex_ = state.action_data(action)["args"][0]
            assert all(board.distance(hex_, h) >= 5 for h in published)

    def test_a_counter_without_a_site_is_set_aside(self) -> None:
        """Decision N222: when the published map leaves no blank hex far enough, the
        counters left are set aside and the set-up goes on."""
        previous, _published, _kept = last_game()
        for hex_ in previous.data.board.discovery_sites():
            previous.published[hex_] = 1
        state = GAME.follow(previous, 2, 3, GAME_II)
        assert state.phase_name == "specialty"
        assert state.counter_hex == [-1] * len(state.counter_hex)

    def test_the_deck_and_counters_come_from_the_new_seed_alone(self) -> None:
        """Decision N222 (4.2, 23.1): the Event deck and the counters' faces are dealt from
        the new game's seed, whatever the last game was: the last game's record, public once
        it is over, tells nothing of them."""
        one, _p, _k = last_game()
        other = GAME.new(2, 77, GAME_II)
        first = GAME.follow(one, 2, 3, GAME_II)
        second = GAME.follow(other, 2, 3, GAME_II)
        assert first.deck == second.deck and first.counter_kind == second.counter_kind
        assert first.deck != one.deck or first.counter_kind != one.counter_kind


class TestRefused:
    def test_game_one_cannot_be_continued(self) -> None:
        """Source of the Nile, 2.3 and 30.0 (decision N220): the campaign is Game II's."""
        first = GAME.new(2, 1)
        with pytest.raises(CampaignError, match=r"Game I.*2\.3 and 30\.0"):
            GAME.follow(first, 2, 3, GAME_II)

    def test_the_next_game_is_game_two(self) -> None:
        """Decision N220: Game II is not continued by a game of Game I."""
        previous, _published, _kept = last_game()
        with pytest.raises(CampaignError, match=r"Game II.*2\.3 and 30\.0"):
            GAME.follow(previous, 2, 3, {"game": 1})

    def test_another_game_cannot_be_continued(self) -> None:
        """A game of Africana is no game of Source of the Nile to continue."""
        africana = terra.game("africana").new(2, 1)
        with pytest.raises(CampaignError, match="cannot continue a game of Africana"):
            GAME.follow(africana, 2, 3, GAME_II)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def campaign() -> tuple[NileState, NileState]:
    """Two games of a campaign played by greedy bots, the second continuing the first."""
    first = greedy_game(2, 5)
    return first, greedy_game(3, 8, first)


class TestRecords:
    def test_the_record_holds_the_game_it_continues(
        self, campaign: tuple[NileState, NileState]
    ) -> None:
        """Decision N227: one record replays the whole campaign."""
        first, second = campaign
        record = Record.from_json(second.record().to_json())
        assert record.continues == first.record()
        assert [r.players for r in record.campaign()] == [2, 3]
        replayed = terra.replay(record)
        assert isinstance(replayed, NileState)
        assert replayed == second and replayed.scores() == second.scores()
        assert replayed.record() == record
        assert replayed.continues is not None and replayed.continues.continues is None

    def test_a_broken_first_game_names_the_game_and_action(
        self, campaign: tuple[NileState, NileState]
    ) -> None:
        """Decision N227: a replay says which game of the campaign breaks and where."""
        _first, second = campaign
        data = second.record().to_dict()
        data["continues"]["actions"][4] = "publish"
        with pytest.raises(ReplayError, match=r"game 1 of the campaign of 2: action 5"):
            terra.replay(Record.from_dict(data))

    def test_a_game_one_link_does_not_replay(self, campaign: tuple[NileState, NileState]) -> None:
        """Decision N220: a record continuing a Game I game is refused by the replay."""
        _first, second = campaign
        data = second.record().to_dict()
        data["continues"] = GAME.new(2, 1).record().to_dict()
        with pytest.raises(ReplayError, match=r"game 2 of the campaign of 2: .*Game I"):
            terra.replay(Record.from_dict(data))


def test_which_games_may_be_continued() -> None:
    """Decision N220: a game of Game II, finished or stopped, and no game of Game I."""
    previous, _published, _kept = last_game()
    assert GAME.continuable(previous)
    assert not GAME.continuable(GAME.new(2, 1))
    assert not terra.game("africana").continuable(terra.game("africana").new(2, 1))


def along(state: NileState, count: int) -> list[NileState]:
    """``count`` positions of ``state``'s game from its start on, evenly spread."""
    start = GAME.follow(previous_of(state), state.num_players, state.seed, GAME_II)
    actions = state.history
    every = max(1, len(actions) // count)
    found = []
    for number, action in enumerate(actions):
        if number % every == 0:
            found.append(start.clone())
        start.apply(action)
    return found


def previous_of(state: NileState) -> NileState:
    """The end of the game ``state``'s game continues, replayed from its record."""
    assert state.continues is not None
    previous = terra.replay(state.continues)
    assert isinstance(previous, NileState)
    return previous


class TestHiddenInformation:
    def test_a_redeal_is_the_same_to_its_seat_in_a_campaigns_game(
        self, campaign: tuple[NileState, NileState]
    ) -> None:
        """Decision N222 (4.2, 23.1): in the next game the deck and the counters' faces are
        hidden as in any game: a seat's view, a spectator's, its legal moves and every refusal
        it can provoke stay the same whatever is redealt."""
        _first, second = campaign
        rng = random.Random(3)
        positions = along(second, 6)
        assert len(positions) >= 6 and positions[0].phase_name == "counters"
        for state in positions:
            for seat in range(state.num_players):
                sample = state.sample_hidden(seat, rng)
                assert sample.view(seat) == state.view(seat)
                assert sample.view(None) == state.view(None)
                if seat == state.current_player:
                    assert sample.legal_actions() == state.legal_actions()
                assert every_refusal(sample, seat) == every_refusal(state, seat)


def test_each_game_says_its_place_in_the_campaign() -> None:
    """2.3 (decision N227): the view numbers the games of a campaign, and the terminal's
    heading says it from the second on."""
    previous, _published, _kept = last_game()
    assert previous.view(0)["campaign_game"] == 1
    second = GAME.follow(previous, 2, 3, GAME_II)
    assert second.view(None)["campaign_game"] == 2
    third = GAME.follow(second, 2, 4, GAME_II)
    assert third.view(0)["campaign_game"] == 3
    heading = GAME.render_terminal(third, 0)
    console = Console(width=120, record=True)
    console.print(heading)
    assert "game 3 of the campaign" in console.export_text()
