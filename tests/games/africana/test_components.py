"""Africana's component data: the published facts, the design constraints, validation.

The shipped board and cards are a provisional design (``data-africana.md``); these tests pin
what is known about the printed game and what the design promised.
"""

from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from importlib.resources import files
from itertools import combinations
from pathlib import Path

import pytest

import terra
from terra.core.errors import DataError
from terra.games.africana.components import Components, load_components

DATA = Path(str(files("terra.games.africana") / "data"))


@pytest.fixture(scope="module")
def data() -> Components:
    return load_components()


def test_every_data_file_says_whether_it_is_provisional_and_where_it_comes_from() -> None:
    """Data is data: every file carries [meta] provisional and provenance."""
    for path in sorted(DATA.glob("*.toml")):
        meta = tomllib.loads(path.read_text(encoding="utf-8"))["meta"]
        assert meta["provisional"] is True
        assert len(meta["provenance"].strip()) > 40
    assert terra.game("africana").provisional_data()


def test_the_board_has_eleven_locations_on_each_side_of_the_equator(data: Components) -> None:
    """Game Setup: 11 brown locations in the north and 11 white ones in the south."""
    assert Counter(data.hemisphere) == {0: 11, 1: 11}
    attested_north = {"Napoli", "Tripoli", "Cairo", "Jidda", "Timbuctoo", "Lagos", "Addis Abera"}
    attested_south = {
        "Cape Town",
        "Port Natal",
        "Serengeti",
        "Zanzibar",
        "Leopoldville",
        "Congo",
        "Mozambique",
        "Madagascar",
    }
    names = dict(zip(data.location_names, data.hemisphere, strict=True))
    assert all(names[n] == 0 for n in attested_north)
    assert all(names[n] == 1 for n in attested_south)


def test_each_location_shows_one_or_two_symbols_and_colours_are_balanced(
    data: Components,
) -> None:
    """Movement: 1 or 2 symbols beside each location, each colour used about equally."""
    assert all(1 <= len(s) <= 2 for s in data.symbols)
    uses = Counter(c for s in data.symbols for c in s)
    assert len(uses) == 5
    assert max(uses.values()) - min(uses.values()) <= 1


def test_routes_are_planar_connected_and_two_to_five_per_location(data: Components) -> None:
    """data-africana.md: a planar, connected route graph with 2-5 routes per location and
    several routes across the equator; the attested routes are there."""
    assert all(2 <= len(n) <= 5 for n in data.neighbours)
    assert all(d >= 0 for row in data.distance for d in row)
    crossing = sum(data.hemisphere[a] != data.hemisphere[b] for a, b in data.routes)
    assert crossing >= 3
    at = data.location
    assert at("Port Natal") in data.neighbours[at("Cape Town")]
    assert at("Mozambique") in data.neighbours[at("Port Natal")]

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    pos = list(zip(data.lon, data.lat, strict=True))
    for (a, b), (c, d) in combinations(data.routes, 2):
        if len({a, b, c, d}) < 4:
            continue
        p, q, r, s = pos[a], pos[b], pos[c], pos[d]
        crosses = side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0
        assert not crosses, (data.location_ids[a], data.location_ids[b], data.location_ids[c])


def test_companies_start_where_the_rulebook_says(data: Components) -> None:
    """Game Setup: Italy Napoli 2, France Cape Town 2, Germany Lagos 3, England Jidda 4."""
    seen = [(c.country, data.location_names[c.start], c.silver) for c in data.companies]
    assert seen == [
        ("Italy", "Napoli", 2),
        ("France", "Cape Town", 2),
        ("Germany", "Lagos", 3),
        ("England", "Jidda", 4),
    ]


def test_the_card_counts_are_the_published_ones(data: Components) -> None:
    """Game Components: 60 travel cards in 5 colours, 4 jokers, 10 assistant cards, 34
    expedition cards with A, B and C backs, 30 adventure cards (15 per book)."""
    assert len(data.colours) * data.cards_per_colour == 60
    assert data.jokers == 4
    assert len(data.colours) * data.assistants_per_colour == 10
    assert len(data.expedition_ids) == 34
    decks = Counter(data.expedition_deck)
    assert decks[0] > 5 and decks[1] > 0 and decks[2] >= 10
    assert Counter(data.adventure_book) == {0: 15, 1: 15}


def test_adventure_cards_follow_the_books(data: Components) -> None:
    """B) White cards (north book) have southern targets, brown cards the reverse; each
    artifact 4 times, 2 per book; each assistant symbol once per book."""
    for card, book in enumerate(data.adventure_book):
        assert data.hemisphere[data.adventure_target[card]] != book
    for book in (0, 1):
        cards = [c for c, b in enumerate(data.adventure_book) if b == book]
        artifacts = Counter(
            data.adventure_artifact[c] for c in cards if data.adventure_artifact[c] >= 0
        )
        assert sorted(artifacts.values()) == [2] * 5
        assistants = sorted(
            data.adventure_assistant[c] for c in cards if data.adventure_assistant[c] >= 0
        )
        assert assistants == list(range(5))
    assert {"drum", "mask"} <= set(data.artifacts)


def test_expedition_rewards_follow_the_letters(data: Components) -> None:
    """data-africana.md: A cards pay much silver and few points, C cards the reverse; the
    attested card Port Natal - Serengeti pays 4 silver."""

    def mean(values: list[int]) -> float:
        return sum(values) / len(values)

    by = {d: [c for c, x in enumerate(data.expedition_deck) if x == d] for d in range(3)}
    silver = [mean([data.expedition_silver[c] for c in by[d]]) for d in range(3)]
    points = [mean([data.expedition_points[c] for c in by[d]]) for d in range(3)]
    assert silver[0] > silver[1] > silver[2]
    assert points[0] < points[1] < points[2]
    pairs = {
        (
            data.location_names[data.expedition_start[c]],
            data.location_names[data.expedition_target[c]],
        ): c
        for c in range(len(data.expedition_ids))
    }
    for attested in [
        ("Port Natal", "Serengeti"),
        ("Tripoli", "Cape Town"),
        ("Leopoldville", "Timbuctoo"),
        ("Addis Abera", "Congo"),
        ("Zanzibar", "Cairo"),
    ]:
        assert attested in pairs
    assert data.expedition_silver[pairs["Port Natal", "Serengeti"]] == 4


def test_joining_bonuses_are_a_card_or_silver(data: Components) -> None:
    """Joining Expeditions: a travel card, 1 silver or 2 silver above each space."""
    bonuses = set(zip(data.bonus_cards, data.bonus_silver, strict=True))
    assert bonuses <= {(1, 0), (0, 1), (0, 2)}
    assert len(data.bonus_cards) == 5


# --- your own data through --data ---------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    for path in DATA.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_transcription_of_your_own_copy_is_used(copy: Path) -> None:
    """Architecture: a user can point --data at an exact transcription of their copy."""
    edit(copy / "cards.toml", "provisional = true", "provisional = false")
    edit(copy / "board.toml", "provisional = true", "provisional = false")
    edit(copy / "cards.toml", 'start = "napoli"\nsilver = 2', 'start = "napoli"\nsilver = 7')
    state = terra.game("africana").new(2, seed=1, options={"data": str(copy)})
    assert state.view(None)["players"][0]["silver"] == 7
    assert not terra.game("africana").provisional_data({"data": str(copy)})
    assert state.record().options == {"data": str(copy)}


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "board.toml",
            '[[route]]\nbetween = ["napoli", "tripoli"]',
            '[[route]]\nbetween = ["napoli", "atlantis"]',
            "unknown location 'atlantis'",
        ),
        ("board.toml", 'symbols = ["grey"]', 'symbols = ["gold"]', "unknown symbol 'gold'"),
        ("board.toml", "provisional = true\n", "", "meta.provisional"),
        ("cards.toml", 'id = "A2"', 'id = "A1"', "'A1' appears twice"),
        (
            "cards.toml",
            'book = "north"\ntarget = "cape_town"',
            'book = "north"\ntarget = "cairo"',
            "target must be in the other half",
        ),
        ("cards.toml", 'deck = "C"', 'deck = "D"', "deck"),
        (
            "cards.toml",
            "silver = 4\npoints = 1",
            "silver = -4\npoints = 1",
            "greater than or equal",
        ),
        ("cards.toml", "[travel]", "[travel\n", "not valid TOML"),
    ],
)
def test_broken_data_is_reported_by_file_and_entry(
    copy: Path, file: str, old: str, new: str, message: str
) -> None:
    """Data is validated on load with a clear error naming the file."""
    edit(copy / file, old, new)
    with pytest.raises(DataError, match=message) as error:
        load_components(str(copy))
    assert file in str(error.value)


def test_a_missing_data_directory_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_components(str(tmp_path / "nowhere"))
