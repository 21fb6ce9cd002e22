"""docs/rules-index.md: current, and every rulebook section a test cites held by a module
(tools/rules_index.py writes it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rules_index", module)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
GAMES = TOOL.collect()


def test_the_index_is_current() -> None:
    written = (ROOT / "docs" / "rules-index.md").read_text(encoding="utf-8")
    assert written == TOOL.render(GAMES), "run: python tools/rules_index.py"


def test_every_section_a_test_cites_is_held_by_a_module() -> None:
    assert TOOL.unheld(GAMES) == []


def test_a_numbered_section_holds_its_subsections() -> None:
    chapter = TOOL.spans("14.1-14.6")[0]
    assert TOOL.within(TOOL.section("14.31"), chapter)
    assert TOOL.within(TOOL.section("14.6"), chapter)
    assert not TOOL.within(TOOL.section("14.7"), chapter)
    assert not TOOL.within(TOOL.section("13.9"), chapter)
    assert TOOL.within(TOOL.section("16.421"), TOOL.spans("13-17")[0])


def test_a_named_section_is_found_by_its_last_part_too() -> None:
    game = TOOL.Game("africana", "Africana")
    game.named = {"Africana, End of a Turn - Check Card Limits", "Africana, Game End"}
    text = 'the hand (Africana, Check Card Limits) and "Africana, Game End: no more turns"'
    assert sorted(game.citations(text)) == [
        "Africana, End of a Turn - Check Card Limits",
        "Africana, Game End",
    ]


def test_a_module_that_names_a_section_holds_it_and_a_test_citing_another_is_caught() -> None:
    game = TOOL.Game("nile", "Source of the Nile")
    game.hold("terra.games.nile.negotiation", "Source of the Nile 14.1-14.9: gifts", 0)
    game.hold("terra.games.nile.natives", "Source of the Nile 13-17", 0)
    game.cited["14.31"].add("tests/x.py")
    game.cited["18.2"].add("tests/y.py")
    assert game.holders("14.31") == ["terra.games.nile.negotiation"]
    assert game.holders("16.2") == ["terra.games.nile.natives"]
    assert TOOL.unheld([game]) == ["Source of the Nile: 18.2 (cited in tests/y.py)"]
