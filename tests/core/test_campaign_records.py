"""A campaign's records: a record names the game it continues by holding its record whole
(decision N227); old records without it read and replay as before; a file's chain is untrusted
input, checked for its types and its length."""

from __future__ import annotations

from typing import Any

import pytest

import terra
from terra.core import CampaignError, Record, RecordError, ReplayError
from terra.core.record import MAX_CAMPAIGN_GAMES

from .test_record import random_game


def chained(games: int) -> dict[str, Any]:
    """A record's dict continuing ``games - 1`` copies of a small record."""
    one = random_game(2, 3, actions=5).record().to_dict()
    data = dict(one)
    for _ in range(games - 1):
        data = {**one, "continues": data}
    return data


class TestChain:
    def test_a_record_without_a_campaign_writes_no_field(self) -> None:
        """Old records stay as they were: no 'continues' written, none read."""
        record = random_game(2, 3, actions=5).record()
        assert "continues" not in record.to_dict()
        assert record.continues is None and record.campaign() == (record,)
        assert Record.from_dict(record.to_dict()) == record

    def test_the_chain_round_trips_first_game_first(self) -> None:
        data = chained(3)
        record = Record.from_json(Record.from_dict(data).to_json())
        assert len(record.campaign()) == 3
        assert record.campaign()[-1] is record
        assert record.to_dict() == data

    def test_the_chain_is_limited(self) -> None:
        """At most MAX_CAMPAIGN_GAMES games: a longer chain is refused before any replay."""
        assert len(Record.from_dict(chained(MAX_CAMPAIGN_GAMES)).campaign()) == MAX_CAMPAIGN_GAMES
        with pytest.raises(RecordError, match=f"at most {MAX_CAMPAIGN_GAMES} games"):
            Record.from_dict(chained(MAX_CAMPAIGN_GAMES + 1))

    @pytest.mark.parametrize("bad", ["a record", 7, [1, 2], {"format": 1}])
    def test_a_malformed_link_is_named(self, bad: object) -> None:
        data = chained(2)
        data["continues"]["continues"] = bad
        with pytest.raises(RecordError, match=r"game 1 of the campaign, field 'continues'"):
            Record.from_dict(data)

    def test_a_game_without_a_campaign_does_not_replay_one(self) -> None:
        """Africana's rules know no campaign: the replay says so for the second game."""
        with pytest.raises(ReplayError, match=r"game 2 of the campaign of 2: .*has no campaign"):
            terra.replay(Record.from_dict(chained(2)))

    def test_follow_refuses_a_game_without_a_campaign(self) -> None:
        game = terra.game("africana")
        with pytest.raises(CampaignError, match="Africana has no campaign"):
            game.follow(game.new(2, 1), 2, 2)

    def test_a_broken_link_of_another_game_is_named(self) -> None:
        """A record of one game cannot continue a record of another."""
        data = chained(2)
        data["continues"] = terra.game("nile").new(2, 1, {"game": 2}).record().to_dict()
        with pytest.raises(ReplayError, match=r"game 2 of the campaign of 2: .*cannot continue"):
            terra.replay(Record.from_dict(data))
