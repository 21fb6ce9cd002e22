"""Expedition's action notation: points by name or id, arrows written several ways; text that
names no action is refused with what is wrong (the contract suite reads back every action of
every game: tests/core/test_every_game.py)."""

from __future__ import annotations

import pytest

from tests.games.expedition import table
from tests.refusals import refused


def test_notation_accepts_ids_and_arrow_variants() -> None:
    state = table.new()
    red = state.parse_action("red Stockholm > Kizhi")
    assert state.parse_action("red stockholm -> kizhi") == red
    assert state.parse_action("RED: Stockholm to Kizhi") == red
    assert state.parse_action("exchange chang-an") == state.parse_action(
        "voucher exchange Chang'an"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("fly to the moon", "not an Expedition action"),
        ("red Stockholm > Atlantis", "no point called 'atlantis'"),
        ("red Stockholm > Petra", "no line joins"),
        ("mark Moscow", "not a research site"),
        ("keep Narnia", "no point called"),
        ("", "not an Expedition action"),
    ],
)
def test_unknown_notation_is_refused(text: str, says: str) -> None:
    state = table.playing()
    assert says in refused(state, text).reason
