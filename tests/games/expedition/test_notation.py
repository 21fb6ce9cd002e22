"""Expedition's action notation: points by name or id, arrows written several ways (the
contract suite reads back every action of every game: tests/core/test_every_game.py)."""

from __future__ import annotations

from tests.games.expedition import table


def test_notation_accepts_ids_and_arrow_variants() -> None:
    state = table.new()
    red = state.parse_action("red Stockholm > Kizhi")
    assert state.parse_action("red stockholm -> kizhi") == red
    assert state.parse_action("RED: Stockholm to Kizhi") == red
    assert state.parse_action("exchange chang-an") == state.parse_action(
        "voucher exchange Chang'an"
    )
