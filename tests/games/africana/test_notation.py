"""Africana's action notation: stable, readable, and forgiving about case and spacing (the
contract suite reads back every action of every game: tests/core/test_every_game.py)."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from tests.games.africana import table


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
