"""The notation: every action int has one stable text, read back in its variations; text that
names no action is refused with what is wrong (the contract suite reads back every action of
every game: tests/core/test_every_game.py)."""

from __future__ import annotations

import pytest

from terra.games.africa import actions as act
from tests.games.africa import table
from tests.refusals import refused


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


def test_a_move_on_a_hex_or_a_city_names_that_hex_for_the_board() -> None:
    """A board shows each legal action where it happens: every move made to or on a hex (or
    a start city) gives the hex's id, as the view names the board's cells; the others no
    place. Each kind is named by its notation's leading words."""
    state = table.new(2, 0)
    ids = {cell["hex"] for cell in state.view(None)["board"]}
    for action, text in enumerate(state.tables.text):
        data = state.action_data(action)
        verb, _, where = text.partition(" ")
        if verb in ("start", "jump", "go", "uncover", "move", "place"):
            assert data["kind"] == verb
            assert data["place"] == state.data.hex_ids[state.data.hex(where)], text
            assert data["place"] in ids
        else:
            assert text.startswith(data["kind"]), text
            assert data["place"] is None, text
    assert state.action_data(state.parse_action("start Cairo"))["place"] == "A11"
    assert state.action_data(state.parse_action("go E7")) == {
        "kind": "go",
        "args": [state.data.hex("E7")],
        "place": "E7",
    }


def test_the_help_names_every_verb() -> None:
    for verb in ("start", "jump", "go", "uncover", "keep", "exchange", "move", "place", "camp"):
        assert verb in act.NOTATION_HELP


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not an Africa action; try: start Cairo"),
        ("xyzzy", "'xyzzy' is not an Africa action"),
        ("go", "'go' is not an Africa action"),
        ("go Z99", "there is no hex called 'z99'"),
        ("uncover Atlantis", "there is no hex called 'atlantis'"),
        ("start E7", "'e7' is not a start city"),
        ("exchange gold with blue", "'gold' is not a kind of goods"),
        ("exchange kettle with purple", "'purple' is not a player colour"),
        ("camp", "is not an Africa action"),
        ("42", "is not an Africa action"),
    ],
)
def test_text_that_is_not_an_action(text: str, says: str) -> None:
    error = refused(table.started(2, 0), text)
    assert says in error.reason
    assert error.rule is None
