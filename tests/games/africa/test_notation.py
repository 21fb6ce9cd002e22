"""The notation: every action int has one stable text, read back in its variations (the
contract suite reads back every action of every game: tests/core/test_every_game.py)."""

from __future__ import annotations

from terra.games.africa import actions as act
from tests.games.africa import table


def test_the_space_is_fixed_for_a_data_set() -> None:
    """Same size for every player count and option (for RL masks)."""
    sizes = {table.new(p, 0, simple=s).num_actions for p in range(2, 6) for s in (False, True)}
    assert sizes == {4 + 5 + 5 * 101 + 5 * 5}


def test_cities_by_name_or_hex_id() -> None:
    state = table.new(2, 0)
    assert state.parse_action("go A11") == state.parse_action("go Cairo")
    assert state.action_str(state.parse_action("jump a11")) == "jump Cairo"
    assert state.parse_action("go to  e7") == state.parse_action("go E7")
    assert state.parse_action("start cape-town") == state.parse_action("start Cape Town")
    assert state.parse_action("exchange kettle from blue") == state.parse_action(
        "exchange kettle with blue"
    )


def test_the_help_names_every_verb() -> None:
    for verb in ("start", "jump", "go", "uncover", "keep", "exchange", "move", "place", "camp"):
        assert verb in act.NOTATION_HELP
