"""The greedy explorer: it finishes games, plays only legal actions, beats random play, and
reads only what its seat may know (the deck's order and unseen counter faces are redealt by
``sample_hidden``; its choice must not change)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache

import pytest

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.games.nile import actions as act
from terra.games.nile import bots as nile_bots
from terra.games.nile.bots import prospects
from terra.games.nile.bots.greedy import SPECIALTY_MARGIN, greedy_action, outfit_plan
from terra.games.nile.bots.prospects import (
    blank_hex_worth,
    distances_home,
    hex_points,
    hex_worth,
    interview_worth,
    most_hex_worth,
    specialty_prospects,
    walks_from,
)
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.party import Party
from terra.games.nile.state import NileState
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    BLANK,
    GIFT,
    GUIDE,
    JOURNALIST,
    MUSKET,
    RATION,
    SPECIALTY_IDS,
    VELDT,
)
from terra.sim import run_games

from .positions import standing

GAME = terra.game("nile")


def greedy(state: NileState, k: int) -> int:
    return GAME.evaluator().greedy_action(state, random.Random(k))


def new(players: int, seed: int) -> NileState:
    state = GAME.new(players, seed)
    assert isinstance(state, NileState)
    return state


def play_greedy(players: int, seed: int) -> NileState:
    """A seeded game with greedy in every seat, every action checked."""
    state = new(players, seed)
    bots = [GreedyBot(seed * 10 + seat) for seat in range(players)]
    while not state.is_over:
        state.play(bots[state.player].choose(state))
    return state


@cache
def decisions() -> tuple[NileState, ...]:
    """Positions where greedy is to act: every 7th decision of greedy-against-random games,
    and every decision outside the routine walk (set-up, natives, Europe)."""
    found: list[NileState] = []
    for players, seed in ((2, 0), (3, 1)):
        state = new(players, seed)
        bots: list[Bot] = [GreedyBot(seed), *(RandomBot(seed + s) for s in range(1, players))]
        count = 0
        while not state.is_over and state.round < 40:
            seat = state.player
            if seat == 0:
                count += 1
                routine = state.phase_name in ("moving", "activity", "outfit")
                if count % 7 == 0 or not routine:
                    found.append(state.clone())
            state.play(bots[seat].choose(state))
    return tuple(found)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_finishes_seeded_games(players: int) -> None:
    state = play_greedy(players, seed=players)
    assert state.is_over
    assert max(state.scores()) > 0  # it publishes something


def test_a_lone_greedy_explorer_reaches_the_target() -> None:
    """7.0: alone, the explorer wins only by publishing 75 points before the turn limit."""
    state = play_greedy(1, seed=0)
    assert state.winners() == [0]
    assert state.scores()[0] >= state.target


def test_the_decisions_cover_set_up_natives_and_europe() -> None:
    phases = {state.phase_name for state in decisions()}
    assert {"counters", "port", "specialty", "outfit", "activity", "moving"} <= phases
    assert {"retreat", "policy", "europe"} <= phases


def test_greedy_never_retires_a_free_explorer() -> None:
    """21.2: retiring is the same as dying; greedy retires only a long captive."""
    for state in decisions():
        action = greedy(state, 0)
        if state.tables.kind[action] == act.RETIRE:
            assert state.phase_name == "captivity", state


def test_the_first_outfit_follows_the_foot_sample() -> None:
    """5.0's foot sample: a guide, askaris, a musket, gifts, bearers and rations for $1,000,
    and no more than the bearers carry."""
    state = new(1, 0)
    while state.phase_name != "outfit":
        state.play(greedy_action(state, random.Random(0)))
    plan = outfit_plan(state, state.explorers[0])
    assert plan[GUIDE] >= 1 and plan[MUSKET] == 1 and plan[ASKARI] >= 6 and plan[GIFT] >= 20
    assert plan[RATION] + plan[GIFT] + plan[MUSKET] <= 10 * plan[BEARER]
    while state.phase_name == "outfit":
        state.play(greedy_action(state, random.Random(0)))
    party = state.explorers[0].party
    assert party.rations >= 100 and party.bearers >= 10


def test_greedy_beats_random_in_a_small_seeded_sample() -> None:
    """10 two-player games, seats rotated (the full measurement, 200 games, is in the report):
    random explorers rarely publish anything."""
    summary = run_games("nile", 2, ["greedy", "random"], 10, seed=0, workers=1, rotate=True)
    assert summary.errors == 0, summary.error_messages
    assert summary.bot_wins["greedy"] >= 9, summary.to_dict()


class TestTheJournalist:
    """24.6: a greedy journalist values the interviews waiting where other explorers are."""

    def _in_africa(self) -> tuple[NileState, int]:
        state = play_until_moving()
        seat = state.player
        state.explorers[seat].specialty = JOURNALIST
        other = state.explorer(1 - seat)
        other.status = IN_AFRICA
        other.hex = state.data.board.port_hex[0]
        return state, other.hex

    def test_a_far_travelled_explorer_is_worth_an_interview(self) -> None:
        state, hex_ = self._in_africa()
        seat = state.player
        state.explorer(1 - seat).far = True
        assert interview_worth(state, seat, hex_) == state.data.tables.awards.interview

    def test_not_before_he_has_been_far_from_a_port_nor_twice(self) -> None:
        """24.6, 24.62: four or more hexes from a port; one interview per explorer."""
        state, hex_ = self._in_africa()
        seat = state.player
        assert interview_worth(state, seat, hex_) == 0
        state.explorer(1 - seat).far = True
        state.explorer(seat).interviewed |= 1 << (1 - seat)
        assert interview_worth(state, seat, hex_) == 0

    def test_the_journalist_is_among_the_specialties_greedy_weighs_up(self) -> None:
        """4.6: his news and interviews count, so his prospects are within reach of the best."""
        state = new(4, 3)
        while state.phase_name != "specialty":
            state.play(greedy(state, 0))
        prospects = [specialty_prospects(state, s) for s in range(len(SPECIALTY_IDS))]
        assert prospects[JOURNALIST] >= max(prospects) * (1 - SPECIALTY_MARGIN)


def play_until_moving() -> NileState:
    """A two-player greedy game at seat 0's or 1's first move in Africa."""
    state = new(2, 4)
    while state.phase_name != "moving":
        state.play(greedy(state, 0))
    return state


class TestNothingInReach:
    """26 (decision N100's bound never needed): an explorer in a port with nothing left to
    find within his supplies' reach sails for Europe to start afresh, instead of waiting in
    the port until the turn limit."""

    def _first_turn(self) -> NileState:
        state = new(1, 28)
        while state.phase_name != "activity":
            state.play(greedy(state, 0))
        return state

    def test_with_the_continent_to_explore_he_sets_out(self) -> None:
        state = self._first_turn()
        assert state.action_str(greedy(state, 0)) != "sail for Europe"

    def test_with_everything_around_published_he_sails_for_europe(self) -> None:
        state = self._first_turn()
        territory = state.writable_territory()
        for hex_, terrain in enumerate(territory.terrain):
            if terrain == BLANK:
                territory.terrain[hex_] = VELDT
                territory.partial[hex_] = -1
            state.published[hex_] = 1
        state.counter_hex = [-1] * len(state.counter_hex)
        assert state.action_str(greedy(state, 0)) == "sail for Europe"


def test_the_shared_walks_are_those_of_a_fresh_search() -> None:
    """The walks a search shares between positions (keyed by what they read) equal the ones
    found afresh, in every position of two played games: as maps are explored and published,
    explorers visit hexes and hire or lose guides. Each explorer walks from every explorer's
    hex, so that explorers who know different hexes start from the same one."""
    checked = 0
    for players, seed in ((2, 3), (3, 4)):
        state = new(players, seed)
        bots: list[Bot] = [GreedyBot(seed), *(RandomBot(seed + s) for s in range(1, players))]
        while not state.is_over and state.round < 30:
            away = [e for e in state.explorers if e.status == IN_AFRICA]
            for explorer in away:
                shared_home = distances_home(state, explorer)
                prospects._HOMES.clear()
                assert shared_home == distances_home(state, explorer)
                for start in {e.hex for e in away}:
                    fresh = prospects._walks(state, explorer, start)
                    assert walks_from(state, explorer, start) == fresh
                    checked += 1
            state.play(bots[state.player].choose(state))
    assert checked > 100


def test_the_search_weighs_no_bookkeeping_and_no_retirement_outside_captivity() -> None:
    """Leaving, caching, digging up, shooting an animal, taking water and turning the carrying
    are free moves (9.6, 17, 18.5, 5.4441, 5.52), and retiring (21.2) is death by choice: a
    search weighs the rest (and its favourite move, see terra.ai.tree), retiring only in
    captivity, and where nothing else is left it leaves the move to its favourite. The parts
    of a publication (22.2) are its favourite's plan, not the search's."""
    left_out = unsearched = 0
    for state in decisions():
        legal = state.legal_actions()
        weighed = nile_bots.search_actions(state)
        if state.phase_name in ("outfit", "counters", "specialty", "publishing"):
            assert weighed == ()  # left to the favourite move (see the next test)
            continue
        kinds = [state.tables.kind[a] for a in legal]
        assert set(weighed) == {
            a
            for a, kind in zip(legal, kinds, strict=True)
            if kind not in nile_bots.BOOKKEEPING
            and kind != act.PUBLISH_PART
            and (kind != act.RETIRE or state.phase_name == "captivity")
        }
        left_out += len(legal) - len(weighed)
        unsearched += not weighed
    assert left_out > 0
    assert unsearched > 0  # the positions include an expedition with only bookkeeping left


@pytest.mark.parametrize("phase", ["outfit", "counters", "specialty"])
def test_a_search_bot_leaves_to_its_favourite_what_its_judging_cannot_see(
    phase: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.3: outfitting is a chain of purchases that greedy makes to one plan for the whole
    expedition; a search choosing each by the noise of its samples bought ten canoes for a
    walk. 4.4, 4.6: where the counters lie and which specialty to take change nothing a
    search sees as its turn ends. The search bots leave these to the favourite move
    (``NileEvaluator.search_actions`` names nothing)."""

    def no_search(*_: object) -> None:
        raise AssertionError(f"searched a decision of the {phase} phase")

    monkeypatch.setattr(IsmctsBot, "search", no_search)
    found = [s for s in decisions() if s.phase_name == phase]
    assert found
    for index, state in enumerate(found):
        chosen = IsmctsBot(index, Budget(iterations=100)).choose(state)
        assert chosen == GAME.evaluator().favourite_action(state, random.Random(index))


class TestTheSearchsPort:
    """The search leans on greedy with a port of its own (``NileEvaluator.favourite_action``,
    ``bots.search_favourite``): where greedy sails, at set-up (4.5) or from Europe (26.2),
    it sails for the favoured port if it may; besides who escapes and the specialty (below),
    every other move is greedy's."""

    @staticmethod
    def favourite(state: NileState, k: int) -> int:
        return GAME.evaluator().favourite_action(state, random.Random(k))

    def test_only_the_port_of_a_voyage_who_escapes_and_the_specialty_change(self) -> None:
        kilwa = _port(nile_bots.FAVOURED_PORT)
        changed = set()
        for state in decisions():
            ours, theirs = self.favourite(state, 0), greedy(state, 0)
            assert ours in state.legal_actions()
            if ours == theirs:
                continue
            table = state.tables
            kinds = (table.kind[ours], table.kind[theirs])
            changed.add(kinds[0])
            assert kinds in (
                (act.SAIL, act.SAIL),
                (act.ESCAPE, act.ESCAPE),
                (act.SPECIALTY, act.SPECIALTY),
            )
            if kinds[0] == act.SAIL:
                assert table.args[ours] == (kilwa,)
            elif kinds[0] == act.ESCAPE:
                assert table.args[ours] == (BEARER,)
            else:
                assert table.args[ours] == (TestTheSearchsSpecialty.best(state),)
        # greedy chose otherwise in these games
        assert changed == {act.SAIL, act.ESCAPE, act.SPECIALTY}

    def test_the_search_bot_sails_for_it_at_set_up(self) -> None:
        """4.5: every port is the same to a search that judges a move as its turn ends, so it
        keeps to its favourite's."""
        state = new(2, 3)
        while state.phase_name != "port":
            state.play(greedy(state, 0))
        assert state.tables.args[greedy(state, 0)] != (_port(nile_bots.FAVOURED_PORT),)
        chosen = IsmctsBot(0, Budget(iterations=50)).choose(state)
        assert state.action_str(chosen) == f"sail to {nile_bots.FAVOURED_PORT}"

    def test_a_map_without_it_leaves_greedys_port(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(nile_bots, "FAVOURED_PORT", "Atlantis")
        nile_bots._favoured_port.cache_clear()
        try:
            for state in decisions():
                if state.phase_name in ("port", "europe"):
                    assert self.favourite(state, 0) == greedy(state, 0)
        finally:
            nile_bots._favoured_port.cache_clear()

    def test_it_reads_only_what_its_seat_may_know(self) -> None:
        for index, state in enumerate(decisions()):
            if state.phase_name not in ("port", "europe"):
                continue
            redealt = state.sample_hidden(state.player, random.Random(index))
            assert self.favourite(redealt, 0) == self.favourite(state, 0)


class TestTheSearchsSpecialty:
    """4.6: the search's explorer takes the specialty with the best prospects, where greedy
    draws among those near the best (``SPECIALTY_MARGIN``); on the shipped map, sailing for
    Kilwa, that is the zoologist, who won 77% of 400 two-player games for the favourite against
    greedy (bench/RESULTS.md)."""

    @staticmethod
    def best(state: NileState) -> int:
        prospects = [specialty_prospects(state, s) for s in range(len(SPECIALTY_IDS))]
        return prospects.index(max(prospects))

    @staticmethod
    def choosing(players: int, seed: int) -> NileState:
        """The first specialty to choose, the ports chosen as the search's favourite does."""
        state = new(players, seed)
        while state.phase_name != "specialty":
            state.play(GAME.evaluator().favourite_action(state, random.Random(seed)))
        return state

    @pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
    def test_the_best_prospects_every_time(self, players: int, seed: int) -> None:
        state = self.choosing(players, seed)
        assert SPECIALTY_IDS[self.best(state)] == "zoologist"
        ours = {GAME.evaluator().favourite_action(state, random.Random(k)) for k in range(20)}
        theirs = {greedy(state, k) for k in range(20)}
        assert [state.action_str(a) for a in ours] == ["specialty zoologist"]
        assert len(theirs) > 1  # greedy draws among the near-best

    def test_a_new_explorer_chooses_so_too(self) -> None:
        """21.33: an explorer who comes after a dead (here retired, 21.2) one chooses a
        specialty in Europe."""
        state = new(2, 0)
        bots = [GreedyBot(seat) for seat in range(2)]
        while state.setting_up or state.player != 0 or state.phase_name != "moving":
            state.play(bots[state.player].choose(state))
        state.play("retire")
        while state.player != 0:
            state.play(bots[state.player].choose(state))
        assert state.phase_name == "specialty" and not state.setting_up
        chosen = GAME.evaluator().favourite_action(state, random.Random(0))
        assert state.tables.args[chosen] == (self.best(state),)


class TestTheSearchsEscape:
    """15.21-15.23: after a defeat the search's explorer escapes with a bearer first, who brings
    his share of the load, the rations to get home on; greedy takes an askari first, who
    fights and hunts but carries nothing (``bots.SEARCH_ESCAPE_ORDER``)."""

    @staticmethod
    @cache
    def defeated(seed: int, members: int = 1) -> NileState:
        """The first escape (15.21) of a seeded two-player greedy game, the first from ``seed``
        on to reach one where a bearer and an askari may escape and ``members`` or more
        members may go."""
        for game_seed in itertools.count(seed):
            state = new(2, game_seed)
            bots = [GreedyBot(game_seed * 10 + seat) for seat in range(2)]
            while not state.is_over and state.phase_name != "escape":
                state.play(bots[state.player].choose(state))
            encounter = state.encounter
            if (
                encounter is not None
                and encounter.members >= members
                and {"escape with bearer", "escape with askari"} <= set(state.legal_action_strs())
            ):
                return state
        raise AssertionError("unreachable")

    @pytest.mark.parametrize("seed", [1, 3, 4])
    def test_a_bearer_with_his_rations_before_an_askari(self, seed: int) -> None:
        state = self.defeated(seed)
        assert {"escape with bearer", "escape with askari"} <= set(state.legal_action_strs())
        assert state.explorers[state.player].party.rations == 0  # all left with the expedition
        ours = GAME.evaluator().favourite_action(state, random.Random(0))
        theirs = greedy(state, 0)
        assert (state.action_str(ours), state.action_str(theirs)) == (
            "escape with bearer",
            "escape with askari",
        )
        escaped = state.clone()
        escaped.play(ours)
        assert escaped.explorers[state.player].party.rations > 0  # 15.23: his load with him

    def test_askaris_once_no_bearer_is_left(self) -> None:
        state = self.defeated(3, members=2).clone()  # two or more members may escape
        encounter = state.encounter
        assert encounter is not None and encounter.party is not None
        encounter.party.bearers = 1
        chosen = []
        while state.phase_name == "escape":
            action = GAME.evaluator().favourite_action(state, random.Random(0))
            chosen.append(state.action_str(action))
            state.play(action)
        assert chosen[:2] == ["escape with bearer", "escape with askari"]


def _port(name: str) -> int:
    return new(2, 0).data.board.port_names.index(name)


class TestTheCeilingOfAHexsWorth:
    """Greedy passes over a hex whose ceiling of worth (``most_hex_worth``) cannot beat its
    best target so far: the ceiling must bound every hex's own worth, or greedy would choose
    differently."""

    def test_no_hex_is_worth_more_than_its_ceiling_in_play(self) -> None:
        for state in decisions()[::25]:
            for seat, explorer in enumerate(state.explorers):
                most = most_hex_worth(state.data, explorer.specialty)
                for hex_ in range(len(state.territory.terrain)):
                    assert hex_worth(state, seat, hex_, {}) <= most

    @pytest.mark.parametrize("river", [2, -2])
    def test_the_ceiling_holds_whatever_a_river_adds(self, river: int) -> None:
        """A data directory may give a river any points its tables allow, a cost among them."""
        data = new(2, 1).data
        tables = replace(data.tables, vp_river=(river,) * len(data.tables.vp_river))
        data = replace(data, tables=tables)
        for specialty in range(len(tables.vp_river)):
            most = most_hex_worth(data, specialty)
            assert blank_hex_worth(data, specialty) <= most
            for terrain in range(len(tables.vp_hex)):
                plain = hex_points(data, terrain, specialty)
                assert max(plain, plain + river) <= most


def test_an_overloaded_greedy_explorer_discharges_a_sick_man_not_a_healthy_one() -> None:
    """Source of the Nile, 6.55, 19.3-19.4 (decision N160): with nothing else to leave, the
    sick who must be carried go, a point each, and the healthy who carry stay."""
    state = standing("0403", Party(bearers=1, askaris=2, sick_bearers=2, muskets=1))
    state.play("normal")
    assert state.action_str(greedy(state, 0)) == "leave 1 sick bearer"
