"""The three Source of the Nile files loaded together and checked against each other."""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path

import pytest

from terra.core import DataError
from terra.core.data import fold_name
from terra.games.nile.components import load_components
from terra.games.nile.components.events import port_names


def _copy_data(tmp_path: Path) -> Path:
    shipped = Path(str(files("terra.games.nile") / "data"))
    target = tmp_path / "data"
    shutil.copytree(shipped, target)
    return target


class TestTheComponentsAgree:
    def test_every_port_the_tables_and_cards_name_is_on_the_map(self) -> None:
        """5.426, 5.427, 26.6: markets and free tickets name ports of the mapboard."""
        data = load_components()
        on_map = {fold_name(name) for name in data.board.port_names}
        named = port_names(data.tables, data.deck)
        assert named
        assert all(fold_name(name) in on_map for name in named)

    def test_a_ticket_to_a_port_not_on_the_map_is_refused(self, tmp_path: Path) -> None:
        """26.6: a free ticket names a port; one that names no port is a data error."""
        target = _copy_data(tmp_path)
        events = target / "events.toml"
        text = events.read_text(encoding="utf-8")
        assert 'ticket = "Zanzibar"' in text
        events.write_text(text.replace('ticket = "Zanzibar"', 'ticket = "Atlantis"', 1), "utf-8")
        with pytest.raises(DataError, match="'Atlantis' is no port of the map"):
            load_components(str(target))

    def test_game_twos_specimens_weigh_what_the_tables_say(self, tmp_path: Path) -> None:
        """20.72, 40.45: the engine weighs every specimen by one figure; Game II's must agree."""
        target = _copy_data(tmp_path)
        game_two = target / "game2.toml"
        text = game_two.read_text(encoding="utf-8")
        assert "\nweight = 2\n" in text
        game_two.write_text(text.replace("\nweight = 2\n", "\nweight = 3\n", 1), "utf-8")
        with pytest.raises(DataError, match="a specimen weighs 3 items"):
            load_components(str(target))

    def test_the_digest_covers_all_three_files(self, tmp_path: Path) -> None:
        """Decision C6: a record names the data it was played with."""
        target = _copy_data(tmp_path)
        before = load_components(str(target)).digest
        tables = target / "tables.toml"
        tables.write_text(tables.read_text(encoding="utf-8") + "\n# changed\n", "utf-8")
        assert load_components(str(target)).digest != before
