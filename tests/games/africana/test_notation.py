"""Africana's action notation: stable, readable, and forgiving about case and spacing (the
contract suite reads back every action of every game: tests/core/test_every_game.py)."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from tests.games.africana import table
from tests.refusals import refused


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("GO TO cairo WITH violet", "go Cairo: violet"),
        ("go addis abera: turquoise", "go Addis Abera: turquoise"),
        ("go addis_abera : turquoise", "go Addis Abera: turquoise"),
        ("go Cairo: grey recolored", "go Cairo: grey recoloured"),
        ("  Turn   Forward ", "turn forward"),
        ("Join a6", "join A6"),
    ],
)
def test_variants_people_type_are_understood(text: str, canonical: str) -> None:
    state = table.new(2)
    assert state.action_str(state.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly to Cairo", "not an Africana action"),
        ("go Atlantis: grey", "no location called 'atlantis'"),
        ("go Cairo: gold", "cannot pay with 'gold'"),
        ("buy Z9", "not an Africana action"),
    ],
)
def test_unknown_text_is_explained(text: str, message: str) -> None:
    state = table.new(2)
    with pytest.raises(IllegalAction, match=message):
        state.parse_action(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not an Africana action; try: draw | buy"),
        ("   ", "is not an Africana action"),
        ("go", "'go' is not an Africana action"),
        ("xyzzy", "'xyzzy' is not an Africana action"),
        ("draw draw", "is not an Africana action"),
        ("buy Z99", "'buy Z99' is not an Africana action"),
        ("join A99", "'join A99' is not an Africana action"),
        ("finish Z1", "is not an Africana action"),
        ("discard purple", "is not an Africana action"),
        ("discard", "is not an Africana action"),
        ("go Atlantis: grey", "there is no location called 'atlantis' on the board"),
        ("go to Atlantis with grey", "there is no location called 'atlantis'"),
        ("go Cairo: purple", "cannot pay with 'purple': name a colour (magenta, turquoise"),
        ("go Cairo: joker recoloured", "cannot pay with 'joker recoloured'"),
        ("go Cairo:", "say which card pays for the step"),
        ("637", "is not an Africana action"),
        ("-1", "is not an Africana action"),
    ],
)
def test_text_that_is_not_an_action(text: str, says: str) -> None:
    state = table.new(2, 0)
    error = refused(state, text)
    assert says in error.reason
    assert error.rule is None
