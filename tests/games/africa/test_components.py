"""The component data: the provisional map and marker mix, validated on load."""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path

import pytest

import terra
from terra.core import DataError
from terra.games.africa.components import CATEGORIES, as_dict, load_components

DATA = Path(str(files("terra.games.africa") / "data"))


def test_the_shipped_board() -> None:
    """data-africa.md: 101 hexes, connected, 5 start cities on the coast, evenly spread."""
    data = load_components()
    assert data.num_hexes == 101
    assert data.provisional
    assert "Provisional" in data.provenance
    assert data.city_names == ("Tangier", "Cairo", "Mombasa", "Cape Town", "Luanda")
    assert all(data.coastal[h] for h in data.cities)
    assert all(len(n) <= 6 for n in data.neighbours)
    for h, ns in enumerate(data.neighbours):
        for n in ns:
            assert h in data.neighbours[n]


def test_the_shipped_markers() -> None:
    """Africa, Contents: 96 discovery markers, 11 of them monuments; goods of 5 kinds."""
    data = load_components()
    assert sum(data.count) == 96
    monument = CATEGORIES.index("monument")
    assert sum(c for c, k in zip(data.count, data.category, strict=True) if k == monument) == 11
    assert len(data.goods) == 5
    assert {"statue", "kettle", "clothing"} <= {data.type_names[t] for t in data.goods}
    assert {"elephant", "zebra"} <= {data.type_names[t] for t in data.animals}
    assert all(data.count[t] >= 5 for t in data.goods)  # sets of 5 are possible


def test_the_board_as_json() -> None:
    board = as_dict(load_components())
    assert len(board["hexes"]) == 101
    assert sum(1 for h in board["hexes"] if h["city"]) == 5


def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_user_data_directory_is_used(tmp_path: Path) -> None:
    target = copy_data(tmp_path)
    edit(target / "board.toml", 'name = "Luanda"', 'name = "Douala"')
    state = terra.game("africa").new(2, 0, {"data": str(target)})
    assert "start Douala" in state.legal_action_strs()


@pytest.mark.parametrize(
    ("name", "old", "new", "says"),
    [
        ("board.toml", '"....######......",', '"....#####.......",', "101 hexes, not 100"),
        ("board.toml", '".....#####......",', '"................",', "101 hexes"),
        ("board.toml", 'hex = "L8"', 'hex = "E7"', "city.3 (Cape Town): E7 is not on the coast"),
        ("board.toml", 'hex = "L8"', 'hex = "Z1"', "city.3 (Cape Town): Z1 is not a land hex"),
        ("board.toml", 'hex = "L8"', 'hex = "A3"', "already holds another start city"),
        ("board.toml", '[[city]]\nname = "Luanda"', '[[nocity]]\nname = "Luanda"', "board.toml"),
        ("markers.toml", "count = 16", "count = 15", "95 markers"),
        (
            "markers.toml",
            'kind = "monument"\ncount = 11',
            'kind = "monument"\ncount = 10',
            "markers",
        ),
        ("markers.toml", 'kind = "zebra"', 'kind = "elephant"', "'elephant' is listed twice"),
        (
            "markers.toml",
            'kind = "statue"\ncount = 5',
            'kind = "statue"\nvalue = 2\ncount = 5',
            "only gold",
        ),
        ("markers.toml", 'label = "St"', 'label = "Sta"', "marker.4.label"),
        ("markers.toml", "[meta]", "[meta]\nbroken", "not valid TOML"),
    ],
)
def test_bad_data_is_reported_by_file_and_entry(
    tmp_path: Path, name: str, old: str, new: str, says: str
) -> None:
    target = copy_data(tmp_path)
    edit(target / name, old, new)
    with pytest.raises(DataError) as error:
        load_components(str(target))
    assert says in str(error.value), str(error.value)
    assert name in str(error.value)


def test_eleven_monuments_are_required(tmp_path: Path) -> None:
    target = copy_data(tmp_path)
    edit(target / "markers.toml", 'kind = "monument"\ncount = 11', 'kind = "monument"\ncount = 10')
    edit(target / "markers.toml", "count = 16", "count = 17")
    with pytest.raises(DataError, match="10 monuments, not 11"):
        load_components(str(target))


def test_a_disconnected_board_is_refused(tmp_path: Path) -> None:
    target = copy_data(tmp_path)
    edit(target / "board.toml", '".....#####......",', '"...........#####",')
    with pytest.raises(DataError, match="cannot be reached"):
        load_components(str(target))


def test_a_missing_file(tmp_path: Path) -> None:
    target = copy_data(tmp_path)
    (target / "markers.toml").unlink()
    with pytest.raises(DataError, match="cannot read"):
        load_components(str(target))
