"""Caches in play (Source of the Nile 17): burying, digging up, and other explorers' caches."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction
from terra.games.nile.caches import cache_to_search
from terra.games.nile.discoveries import bring_finds_home
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.party import Party
from terra.games.nile.phases import Phase
from terra.games.nile.state import NileState

from . import positions as pos
from .positions import dice, hx, standing

HOME = "0403"  # veldt on the published periphery


def buried(players: int = 1) -> NileState:
    """Seat 0's explorer has buried 10 rations at HOME."""
    state = standing(HOME, Party(bearers=2, rations=20), players=players)
    state.play("cache 10 rations")
    return state


class TestBurying:
    def test_items_go_into_a_cache_in_the_hex(self) -> None:
        """17.1-17.3: items leave the expedition for a cache marked in the hex."""
        state = buried()
        explorer = state.explorers[state.player]
        assert explorer.party.rations == 10
        assert [(c.hex, c.contents) for c in explorer.caches] == [(hx(state, HOME), ((6, 10),))]

    def test_people_cannot_be_cached(self) -> None:
        """17.2: no 'cache' action names people or animals."""
        state = buried()
        with pytest.raises(IllegalAction):
            state.play("cache 1 bearer")


class TestDiggingUp:
    def test_the_cache_is_recovered_unless_the_die_shows_one(self) -> None:
        """17.6: on any roll but a one the stores come back."""
        state = buried()
        dice(state, 2)
        state.play("dig up cache")
        explorer = state.explorers[state.player]
        assert explorer.party.rations == 20 and not explorer.caches

    def test_on_a_one_the_cache_is_gone(self) -> None:
        """17.6-17.7: lost or destroyed; the marker leaves the map either way."""
        state = buried()
        dice(state, 1)
        state.play("dig up cache")
        explorer = state.explorers[state.player]
        assert explorer.party.rations == 10 and not explorer.caches

    def test_a_dead_explorers_cache_stays_but_is_another_explorers(self) -> None:
        """17.7, 17.8, N141: the player's next explorer finds it only in a published hex."""
        state = buried()
        cache = state.explorers[state.player].caches[0]
        seat = state.player
        state.play("retire")
        new = state.explorers[seat]
        assert new.caches == [cache] and cache.owner != new.ident
        state.player = seat
        pos.put(state, seat, HOME, Party(bearers=2))
        assert cache_to_search(state) == (seat, cache)  # the periphery is published
        state.published[hx(state, HOME)] = 0
        assert cache_to_search(state) is None

    def test_another_explorers_cache_only_in_a_published_hex(self) -> None:
        """17.8: searching for another explorer's cache needs a published hex."""
        state = buried(players=2)
        home = hx(state, HOME)
        other = 1 - state.player
        state.published[home] = 0
        state.play("normal")
        state.play("done")  # the other explorer's turn
        assert state.player == other
        pos.put(state, other, HOME, Party(bearers=2))
        with pytest.raises(IllegalAction, match="only in a published hex") as refused:
            state.play("dig up cache")
        assert refused.value.rule is not None and "17.0" in refused.value.rule
        state.published[home] = 1
        state._forget_legal()
        dice(state, 4)
        state.play("dig up cache")
        assert state.explorers[other].party.rations == 10


class TestCachingFinds:
    """17.4: muskets and bonus items can be cached too (decision N141)."""

    def test_a_tusk_and_a_specimen_are_cached_and_dug_up_again(self) -> None:
        """Source of the Nile, 17.4: a tusk and a specimen go into caches in the hex and come
        back with them, and the specimen still scores for the explorer who found it."""
        state = standing(HOME, Party(bearers=2, tusks=1, specimens=[5]))
        state.explorers[state.player].finds.append((5, 4))
        state.play("cache 1 tusk")
        assert state.game.describe_event(state, state.events[-1]).endswith(
            "a tusk in a cache at 0403."
        )
        state.play("cache 1 specimen")
        explorer = state.explorers[state.player]
        assert (explorer.party.tusks, explorer.party.specimens) == (0, [])
        assert [(c.tusks, c.finds) for c in explorer.caches] == [(1, ()), (0, (5,))]
        for _ in range(2):
            dice(state, 3)
            state.play("dig up cache")
        explorer = state.explorers[state.player]
        assert (explorer.party.tusks, explorer.party.specimens) == (1, [5])
        assert not explorer.caches
        bring_finds_home(state, explorer)
        assert explorer.finds == [(5, 4)]

    def test_nothing_to_cache_is_refused(self) -> None:
        """Source of the Nile, 17.4: only a tusk or specimen the expedition carries."""
        state = standing(HOME, Party(bearers=2))
        with pytest.raises(IllegalAction, match="carries no tusk"):
            state.play("cache 1 tusk")

    def test_another_explorer_digs_up_specimens_worth_nothing_to_him(self) -> None:
        """Source of the Nile, 17.8, 20.6, 21.31 (decision N141): the player's next explorer
        may dig up his predecessor's specimen, but it is on no sheet of his and scores
        nothing."""
        state = standing(HOME, Party(bearers=2, specimens=[5]))
        seat = state.player
        state.explorers[seat].finds.append((5, 4))
        state.play("cache 1 specimen")
        state.play("retire")
        state.play("specialty zoologist")
        state.explorers[seat].status = IN_AFRICA  # his next expedition comes by
        state.phase = Phase.MOVING
        pos.put(state, seat, HOME, Party(bearers=2))
        dice(state, 3)
        state.play("dig up cache")
        explorer = state.explorers[seat]
        assert explorer.party.specimens == [5]
        explorer.finds.append((6, 2))
        bring_finds_home(state, explorer)
        assert explorer.finds == [(6, 2)]
