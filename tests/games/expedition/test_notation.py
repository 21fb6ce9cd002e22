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


def test_a_board_receives_each_move_with_its_kind_arguments_and_place() -> None:
    """The browser board never reads the notation: a move at a site names the site's id (a chip
    to mark, a card to exchange or keep), an arrow the point it reaches, the removal of an arrow
    its expedition's colour."""
    state = table.new()
    moscow, kizhi = table.point(state, "Moscow"), table.point(state, "Kizhi")
    marib = table.point(state, "Marib")
    line = state.data.line_between(moscow, kizhi)
    cases = {
        "red Moscow > Kizhi": ("arrow", [0, moscow, kizhi, line], "kizhi"),
        "mark Marib": ("mark", [marib], "marib"),
        "voucher exchange Marib": ("voucher exchange", [marib], "marib"),
        "keep Marib": ("keep", [marib], "marib"),
        "voucher remove yellow": ("voucher remove", [2], "yellow"),
        "voucher arrow": ("voucher arrow", [], None),
        "pass": ("pass", [], None),
        "done": ("done", [], None),
    }
    for text, (kind, args, place) in cases.items():
        data = state.action_data(state.parse_action(text))
        assert data == {"kind": kind, "args": args, "place": place}, text
