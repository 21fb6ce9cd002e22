"""The shipped world map and the loading of map files (data-expedition.md)."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

import terra
from terra.core import DataError
from terra.games.expedition.components import GREEN, RED, SITE, load_components
from tests.games.expedition import table

DATA = load_components()


def test_the_map_is_provisional_with_its_provenance() -> None:
    assert DATA.provisional
    assert "Terra Incognita" in DATA.provenance
    assert terra.game("expedition").provisional_data()


def test_79_sites_in_six_continents_each_with_one_research_card() -> None:
    """Expedition: one research card per pictured site; six continent colours."""
    assert DATA.num_sites == 79
    assert set(DATA.kind[: DATA.num_sites]) == {SITE}
    assert dict(zip(DATA.continent_names, DATA.continent_colours, strict=True)) == {
        "North America": "violet",
        "Europe": "blue",
        "Asia": "light green",
        "South America": "orange",
        "Africa": "yellow",
        "Australia": "pink",
    }
    counts = Counter(DATA.continent[: DATA.num_sites])
    assert len(counts) == 6 and min(counts.values()) >= 9


def test_about_twenty_green_and_twenty_red_stations_and_three_edge_stations() -> None:
    kinds = Counter(DATA.kind)
    assert 18 <= kinds[GREEN] <= 24 and 18 <= kinds[RED] <= 26
    wraps = [p for p in range(DATA.num_points) if DATA.wrap[p]]
    assert sorted(DATA.wrap[p] for p in wraps) == [1, 2, 3]
    for p in wraps:
        assert DATA.kind[p] == RED
        sides = {DATA.lon[q] > 0 for q in DATA.neighbours[p]}
        assert sides == {True, False}, DATA.point_names[p]  # both edges of the board


def test_the_start_is_stockholm_with_six_lines_and_every_point_has_two_to_six() -> None:
    assert DATA.point_names[DATA.start] == "Stockholm"
    assert len(DATA.neighbours[DATA.start]) == 6
    assert all(2 <= len(n) <= 6 for n in DATA.neighbours)
    assert all(d >= 0 for d in DATA.distance[DATA.start])
    assert 190 <= len(DATA.lines) <= 220


def test_the_rulebook_examples_sites_and_route_are_on_the_map() -> None:
    """Expedition, Travel Vouchers (examples): Marib, red, green, red, green, Borobudur;
    Angkor next to that green station and Chang'an next to Angkor."""
    route = ["Marib", "Socotra", "Maldives", "Nicobar", "Malacca", "Borobudur"]
    points = [DATA.point(name) for name in route]
    assert [DATA.kind[p] for p in points] == [SITE, RED, GREEN, RED, GREEN, SITE]
    for a, b in itertools.pairwise(points):
        assert DATA.line_between(a, b) >= 0
    assert DATA.line_between(DATA.point("Malacca"), DATA.point("Angkor")) >= 0
    assert DATA.line_between(DATA.point("Angkor"), DATA.point("Chang'an")) >= 0
    for name in ("Viking Ship", "Great Wall", "Coelacanth"):
        assert DATA.point(name) >= 0


def test_lines_are_short_except_a_few_ocean_crossings() -> None:
    """A planar-looking network: most lines are short."""
    lengths = [
        abs(DATA.lat[a] - DATA.lat[b]) + abs(DATA.lon[a] - DATA.lon[b])
        for a, b in DATA.lines
        if not DATA.wrap[a] and not DATA.wrap[b]
    ]
    assert sorted(lengths)[len(lengths) // 2] < 20


def test_a_small_map_loads_from_a_directory_given_as_the_data_option() -> None:
    state = table.new(2, 0, data=table.LOOPS)
    assert state.data.num_sites == 12
    assert terra.game("expedition").provisional_data({"data": table.LOOPS})


def write(tmp: Path, text: str) -> str:
    (tmp / "map.toml").write_text(text, encoding="utf-8")
    return str(tmp)


GOOD = (Path(table.LOOPS) / "map.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            lambda t: t.replace('between = ["s", "a"]', 'between = ["s", "zz"]'),
            "unknown point 'zz'",
        ),
        (lambda t: t.replace('between = ["s", "a"]', 'between = ["s", "s"]'), "leads nowhere"),
        (lambda t: t.replace('id = "b"', 'id = "a"'), "appears twice"),
        (lambda t: t.replace('continent = "europe"', 'continent = "mars"', 1), "unknown continent"),
        (lambda t: t.replace('kind = "green"', 'kind = "purple"'), "station.0.kind"),
        (lambda t: t.replace("lat = 0.0", "lat = 95.0", 1), "start.lat"),
        (lambda t: t + '[[line]]\nbetween = ["a", "s"]\n', "appears twice"),
        (lambda t: t.replace("provisional = true", "provisional = 3"), "meta.provisional"),
        (lambda t: t.replace('[[line]]\nbetween = ["b", "n"]', ""), None),
        (
            lambda t: (
                t + '[[site]]\nid = "x"\nname = "X"\ncontinent = "europe"\nlat = 5.0\nlon = 5.0\n'
            ),
            "cannot be reached",
        ),
        (lambda t: t + "oops", "not valid TOML"),
    ],
)
def test_a_bad_map_is_refused_with_the_file_and_the_entry(
    tmp_path: Path, change: object, says: str | None
) -> None:
    path = write(tmp_path, change(GOOD))  # type: ignore[operator]
    if says is None:
        load_components(path)  # still a valid map
        return
    with pytest.raises(DataError) as caught:
        load_components(path)
    assert "map.toml" in str(caught.value) and says in str(caught.value)


def test_a_missing_map_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_components(str(tmp_path))


def test_the_shipped_map_is_what_make_map_writes() -> None:
    """The TOML is the data; the script that generated it once still reproduces it exactly."""
    from tests.games.expedition import make_map

    assert make_map.OUT.read_text(encoding="utf-8") == make_map.build()
