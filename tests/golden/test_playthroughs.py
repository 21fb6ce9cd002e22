"""The golden playthroughs: seeded random games that pin the rules and the views, not bots.

A failure means a rule, a view or the notation changed. If that was meant, regenerate the
files with ``python -m tests.golden.playthroughs [game]`` and read the diff before committing:
it shows, step by step, what each seat now sees differently.
"""

from __future__ import annotations

import pytest

import terra
from tests.golden import playthroughs

CONFIGURATIONS = [
    (game.id, *configuration)
    for game in terra.games()
    for configuration in playthroughs.configurations(game.id)
]


@pytest.mark.parametrize("game_id", [game.id for game in terra.games()])
def test_every_game_has_exactly_its_playthroughs(game_id: str) -> None:
    expected = {
        playthroughs.file_name(game_id, *configuration)
        for configuration in playthroughs.configurations(game_id)
    }
    assert {path.name for path in playthroughs.playthrough_files(game_id)} == expected


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "options"),
    CONFIGURATIONS,
    ids=lambda value: str(value) if not isinstance(value, dict) else "-".join(value) or "basic",
)
def test_a_playthrough_is_what_the_rules_make_today(
    game_id: str, players: int, seed: int, options: dict[str, object]
) -> None:
    name = playthroughs.file_name(game_id, players, seed, options)
    recorded = (playthroughs.PLAYTHROUGH_DIR / name).read_text(encoding="utf-8")
    assert playthroughs.playthrough(game_id, players, seed, options) == recorded, (
        f"{name} differs: regenerate with python -m tests.golden.playthroughs {game_id}"
    )
