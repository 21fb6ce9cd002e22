"""The shipped Event deck and the loading of events files (data-nile.md)."""

from __future__ import annotations

import itertools
import shutil
import statistics
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import pytest

from terra.core import DataError
from terra.core.data import DataLoader
from terra.games.nile.components.events import (
    ALL,
    ANIMAL,
    ANYWHERE,
    ATTACKED,
    BEGINS,
    BEGINS_OR_EXTENDS,
    CONTINUES,
    CROSSES,
    DECK_SIZE,
    ENDS,
    EVENTS_FILE,
    FORKS,
    GAINS,
    HALF,
    HALVES,
    NO_RIVER,
    PLACE_MASKS,
    PLANT,
    RIVER_BIT,
    ROLL,
    SICK,
    TREATS,
    TRIBE,
    EventsFile,
    build_events,
    hex_places,
    port_names,
)
from terra.games.nile.components.tablefile import TablesFile
from terra.games.nile.components.tables import TABLES_FILE, build_tables
from terra.games.nile.terms import (
    BASIC_TERRAINS,
    CAMEL,
    DESERT,
    DOCTOR,
    HORSE,
    JUNGLE,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    LAKE,
    MOUNTAIN,
    SPECIALTY_ABBREVIATIONS,
    SPECIALTY_IDS,
    SWAMP,
    TERRAIN_IDS,
    TERRAIN_PARTS,
    VELDT,
    Terrain,
)
from tests.games.nile import make_events

LOADER = DataLoader("terra.games.nile", {EVENTS_FILE: EventsFile}, build_events)
DECK = LOADER.load()
TABLES = DataLoader("terra.games.nile", {TABLES_FILE: TablesFile}, build_tables).load()
SHIPPED = Path(str(files("terra.games.nile") / "data"))


def cards_matching(field: tuple[int, ...], places: int) -> int:
    """How many cards' place mask in ``field`` matches a hex of place mask ``places``."""
    return sum(1 for mask in field if mask & places)


def expected_bonus(specialty: int) -> float:
    """Victory points one bonus draw is worth to ``specialty`` over the reference hex."""
    total = 0.0
    for terrain, n in Counter(DECK.terrain).items():
        for water, beside_lake, natives in itertools.product((True, False), repeat=3):
            chance = (
                n
                / DECK.size
                * (0.4 if water else 0.6)
                * (0.1 if beside_lake else 0.9)
                * (0.4 if natives else 0.6)
            )
            places = hex_places(terrain, beside_lake=beside_lake, water=water)
            for card in DECK.bonus:
                bonus = card[specialty]
                if bonus is None or not bonus.where & places or (bonus.natives and not natives):
                    continue
                points = 3.5 if bonus.vp == ROLL else bonus.vp
                total += chance * points * bonus.count / DECK.size
    return total


def test_the_deck_is_a_provisional_design_with_its_provenance() -> None:
    assert DECK.provisional
    assert "Terra Incognita" in DECK.provenance and "fan" in DECK.provenance


def test_the_deck_has_108_cards() -> None:
    """Source of the Nile, 3.13: one deck of 108 Event cards."""
    assert DECK.size == DECK_SIZE == 108
    for field in (DECK.compass, DECK.river_a, DECK.natives, DECK.disaster, DECK.bonus):
        assert len(field) == 108


def test_the_shipped_deck_is_what_make_events_writes() -> None:
    """The TOML is the data; its generator still reproduces it exactly."""
    assert make_events.OUT.read_text(encoding="utf-8") == make_events.build()


class TestMapTerrain:
    def test_every_card_has_one_or_two_different_compass_numbers(self) -> None:
        """Source of the Nile, 10.23-10.24: one or two numbers of the compass, 1 to 6."""
        for compass in DECK.compass:
            assert len(compass) in (1, 2) and len(set(compass)) == len(compass)
            assert all(1 <= d <= 6 for d in compass)
        assert Counter(len(c) for c in DECK.compass) == {2: 90, 1: 18}
        assert Counter(c[0] for c in DECK.compass) == dict.fromkeys(range(1, 7), 18)
        assert Counter(c[1] for c in DECK.compass if len(c) == 2) == dict.fromkeys(range(1, 7), 15)

    def test_a_new_hex_usually_copies_a_neighbour(self) -> None:
        """Source of the Nile, 10.22: "It is very likely that the terrain of the hex to be
        mapped will be the same as one of the adjacent hexes": with two of its six neighbours
        mapped, a hex copies one of them in more than half of the draws."""
        mapped = list(itertools.combinations(range(1, 7), 2))
        copies = sum(any(d in pair for d in compass) for compass in DECK.compass for pair in mapped)
        assert copies / (len(mapped) * DECK.size) == pytest.approx(5 / 9)

    def test_the_card_terrains_have_game_twos_odds(self) -> None:
        """Source of the Nile, 32.22-32.23: Game II rolls the Terrain Key, and a fourth die
        mixes jungle with swamp or mountain; the cards give each terrain those odds."""
        ways: Counter[int] = Counter()
        for first, second in itertools.product(range(1, 7), repeat=2):
            terrain = TABLES.terrain_by_key[first - 1]
            other = TABLES.terrain_by_key[second - 1]
            if {terrain, other} == {JUNGLE, SWAMP}:
                terrain = JUNGLE_SWAMP
            elif {terrain, other} == {JUNGLE, MOUNTAIN}:
                terrain = JUNGLE_MOUNTAIN
            ways[terrain] += 1
        assert Counter(DECK.terrain) == {t: n * 108 // 36 for t, n in ways.items()}
        assert Counter(TERRAIN_IDS[t] for t in DECK.terrain) == make_events.TERRAINS


class TestMapRiver:
    def test_rivers_usually_continue(self) -> None:
        """Source of the Nile, 10.324 (design): a river leading into a hex continues on 7
        cards in 12, ends on 1 in 4 and forks on 1 in 6; a branch running upstream spawns
        fewer than one new branch per hex, so river systems stay finite."""
        counts = Counter(DECK.river_a)
        assert counts == {CONTINUES: 63, ENDS: 27, FORKS: 18}
        assert (counts[CONTINUES] + 2 * counts[FORKS]) / DECK.size < 1

    def test_most_hexes_without_a_river_stay_dry(self) -> None:
        """Source of the Nile, 10.325 (design): in situation B no river on 7 cards in 12."""
        assert Counter(DECK.river_b) == {
            NO_RIVER: 63,
            BEGINS: 18,
            BEGINS_OR_EXTENDS: 15,
            CROSSES: 12,
        }

    def test_oases_and_cataracts_have_game_twos_odds(self) -> None:
        """Source of the Nile, 10.51-10.52 read with Game II's 32.35 (an oasis on an odd die)
        and 32.32's Cataract Table: a cataract in mountains 1/2, desert 1/3, jungle and
        veldt 1/6, never in swamp or lake."""
        assert sum(DECK.oasis) == 54
        chance = {
            t: cards_matching(DECK.cataract, PLACE_MASKS[t]) / DECK.size
            for t in range(BASIC_TERRAINS)
        }
        assert chance == {
            MOUNTAIN: 1 / 2,
            DESERT: 1 / 3,
            JUNGLE: 1 / 6,
            VELDT: 1 / 6,
            SWAMP: 0,
            LAKE: 0,
        }
        assert cards_matching(DECK.cataract, hex_places(JUNGLE_MOUNTAIN)) == 54 + 18


class TestNatives:
    @pytest.mark.parametrize(
        ("terrain", "water", "beside_lake", "in_36"),
        [
            (VELDT, False, False, 6),
            (VELDT, True, False, 12),
            (SWAMP, False, False, 6),
            (JUNGLE, False, False, 6),
            (MOUNTAIN, False, False, 9),
            (LAKE, False, False, 3),
            (DESERT, False, True, 3),
            (DESERT, True, False, 6),
            (DESERT, False, False, 0),
        ],
    )
    def test_natives_are_found_as_often_as_in_game_two(
        self, terrain: Terrain, water: bool, beside_lake: bool, in_36: int
    ) -> None:
        """Source of the Nile, 10.41 read with Game II's 33.2: natives in veldt, swamp and
        jungle 6 times in 36, mountains 9, in or beside a lake 3, and by a river or oasis 6
        more."""
        places = hex_places(terrain, beside_lake=beside_lake, water=water)
        assert cards_matching(DECK.natives, places) * 36 == in_36 * DECK.size

    def test_natives_live_in_a_sensible_share_of_hexes(self) -> None:
        """Discover Natives (design): over the deck's own terrain odds, with a river or oasis
        in two hexes of five, about a quarter of new hexes hold a tribe (50 native counters,
        3.33, for some 500 blank hexes, 2.3)."""
        share = 0.0
        for terrain, n in Counter(DECK.terrain).items():
            for water, chance in ((True, 0.4), (False, 0.6)):
                found = cards_matching(DECK.natives, hex_places(terrain, water=water))
                share += n / DECK.size * chance * found / DECK.size
        assert 0.2 < share < 0.35


class TestSpectacular:
    def test_waterfalls_and_high_mountains_follow_game_two(self) -> None:
        """Source of the Nile, 10.53-10.54 read with Game II's 32.33-32.34: a waterfall is a
        cataract of 40 feet or more (73% of them), a high mountain 15,000 feet or more (31%);
        no two cards tie."""
        falls = [h for h in DECK.waterfall if h]
        peaks = [h for h in DECK.high_mountain if h]
        assert len(falls) == 79 and min(falls) >= 40 and len(set(falls)) == len(falls)
        assert len(peaks) == 33 and min(peaks) >= 15_000 and len(set(peaks)) == len(peaks)
        assert all(h % 100 == 0 for h in peaks) and max(peaks) <= (216 + 100) * 100
        assert max(falls) <= 6**4

    def test_every_card_gives_a_lakes_extra_square_miles_and_none_tie(self) -> None:
        """Source of the Nile, 10.56 and 22.8: the extra square mileage breaks ties between
        lakes of as many hexes; every card's differs."""
        assert len(set(DECK.lake_miles)) == DECK.size and min(DECK.lake_miles) > 0


class TestDisasters:
    def test_disasters_are_rare_but_real(self) -> None:
        """Source of the Nile, 11.1-11.2 (design): 50 cards name a disaster; over the
        deck's terrain odds about one turn in four draws one that applies."""
        named = [d for d in DECK.disaster if d is not None]
        assert len(named) == 50
        assert make_events.disaster_share() == pytest.approx(0.234, abs=0.005)
        assert sum(d.where == ANYWHERE for d in named) == 18

    def test_some_cards_are_rewards_and_some_attacks(self) -> None:
        """Source of the Nile, 11.2: "not all cards are disasters in the normal sense";
        11.43: bands met by disaster."""
        effects = Counter(d.effect for d in DECK.disaster if d is not None)
        assert effects[GAINS] == 4 and effects[ATTACKED] == 2

    def test_specialties_relieve_disasters(self) -> None:
        """Source of the Nile, 4.61 and 11.4: specialties may lessen the effect of disaster.
        Every specialty relieves at least one; a doctor treats sickness; only a count of two
        or more is halved."""
        relieved = Counter(d.spared for d in DECK.disaster if d is not None and d.spared >= 0)
        assert set(relieved) == set(range(8))
        for d in DECK.disaster:
            if d is not None and d.relief == TREATS:
                assert d.effect == SICK and d.spared == DOCTOR
            if d is not None and d.relief == HALVES:
                assert d.amount >= 2

    def test_every_disaster_names_its_place_and_victims(self) -> None:
        """Source of the Nile, 11.2: check the location of the disaster and who or what is
        affected; every disaster's name is its own."""
        named = [d for d in DECK.disaster if d is not None]
        assert len({d.name for d in named}) == len(named)
        for d in named:
            assert d.where in PLACE_MASKS
            assert d.amount > 0 or d.amount in (ALL, HALF) or d.effect == ATTACKED
        shootable = [d for d in named if d.shoot]
        assert len(shootable) == 7


class TestBonuses:
    def test_every_specialty_has_bonuses_and_they_are_balanced(self) -> None:
        """Source of the Nile, 20.3 (design): a bonus for each specialty on a share of the
        cards, worth about the same to each: over a reference hex (the deck's terrain odds;
        a river or oasis and natives two times in five, a lake beside it one time in ten)
        every specialty's draw is worth within 10% of the others' mean, about 0.3 points."""
        for s in range(8):
            assert sum(card[s] is not None for card in DECK.bonus) >= 25
        worth = [expected_bonus(s) for s in range(8)]
        mean = statistics.mean(worth)
        assert all(abs(points / mean - 1) < 0.1 for points in worth), worth
        assert 0.25 < mean < 0.35
        generated = make_events.balance()
        assert list(generated) == list(SPECIALTY_ABBREVIATIONS)
        for s, who in enumerate(SPECIALTY_ABBREVIATIONS):
            assert generated[who][1] == pytest.approx(worth[s], abs=0.03)

    def test_plants_animals_and_tribes_are_named_once(self) -> None:
        """Source of the Nile, 20.74: the same animal, plant or tribal name is published only
        once, so the deck names each once."""
        for find in (PLANT, ANIMAL, TRIBE):
            names = [
                b.name for card in DECK.bonus for b in card if b is not None and b.find == find
            ]
            assert len(names) == len(set(names)) > 20

    def test_the_rulebooks_plants_and_animals_are_in_the_deck(self) -> None:
        """Source of the Nile, Animal and Plant Descriptions: the lesser known animals and
        plants "included in the game" are on the cards, for the zoologist and the botanist."""
        animals = {b.name for card in DECK.bonus if (b := card[7]) is not None}
        plants = {b.name for card in DECK.bonus if (b := card[0]) is not None}
        assert {"Okapi", "Shoebill", "Addax", "Walia Ibex", "Termite Mounds"} <= animals
        assert {"Welwitschia mirabilis", "Baobab Tree", "Sapele", "Coffee Tree"} <= plants

    def test_who_finds_what(self) -> None:
        """Source of the Nile, 20.3-20.7: zoologists find animals, botanists plants,
        ethnologists tribes (only among natives), and a tribe bonus needs a tribe."""
        for card in DECK.bonus:
            for s, bonus in enumerate(card):
                if bonus is None:
                    continue
                if bonus.find == ANIMAL:
                    assert SPECIALTY_IDS[s] == "zoologist"
                if bonus.find == PLANT:
                    assert SPECIALTY_IDS[s] == "botanist"
                if bonus.find == TRIBE:
                    assert SPECIALTY_IDS[s] == "ethnologist" and bonus.natives


class TestDonations:
    def test_every_card_carries_one_donation(self) -> None:
        """Source of the Nile, 26.8: each card has one donation, No Donation being one."""
        kinds = Counter(
            "ticket" if t else "money" if d else "none"
            for d, t in zip(DECK.dollars, DECK.ticket, strict=True)
        )
        assert kinds == {"none": 30, "money": 60, "ticket": 18}
        assert Counter(d for d in DECK.dollars if d) == {100: 30, 200: 15, 300: 9, 500: 4, 1000: 2}

    def test_a_successful_explorer_can_outfit_again(self) -> None:
        """Source of the Nile, 26.3-26.5 (design): an explorer with nothing to publish keeps
        five donations and draws one (short of a $1,000 outfit on average); eight points
        published draw enough for one."""
        per_card = sum(DECK.dollars) / DECK.size
        assert 6 * per_card < TABLES.first_outfit <= (1 + 8) * per_card

    def test_free_tickets_name_ports(self) -> None:
        """Source of the Nile, 26.6: a free ticket names its port; port_names lists every port
        the tables and the deck name, for the map to check."""
        tickets = {t for t in DECK.ticket if t}
        assert len(tickets) == 13 and "Khartoum" in tickets
        named = port_names(TABLES, DECK)
        assert set(named) == tickets | {"Durban", "Port Elizabeth", "Capetown", "Khartoum"}
        assert len(named) == len(set(named))
        assert TABLES.sold_only_at[HORSE] and TABLES.sold_only_at[CAMEL]


class TestPlaces:
    def test_a_mixture_is_both_its_terrains(self) -> None:
        """Source of the Nile, 10.21: jungle combines with swamp or mountain; a card naming
        either part applies to the mixture."""
        for terrain in (JUNGLE_SWAMP, JUNGLE_MOUNTAIN):
            for part in TERRAIN_PARTS[terrain]:
                assert hex_places(terrain) & PLACE_MASKS[part]

    def test_a_lake_card_reaches_the_shore_and_river_means_water(self) -> None:
        """Source of the Nile, 11.44: the lake shore extends to the adjacent land hexes."""
        assert hex_places(VELDT, beside_lake=True) & PLACE_MASKS[LAKE]
        assert not hex_places(VELDT) & PLACE_MASKS[LAKE]
        assert hex_places(DESERT, water=True) & RIVER_BIT
        assert all(hex_places(t) & ANYWHERE for t in range(8))


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copy(SHIPPED / EVENTS_FILE, tmp_path / EVENTS_FILE)
    return tmp_path


def edit(directory: Path, change: Callable[[str], str]) -> None:
    path = directory / EVENTS_FILE
    text = path.read_text(encoding="utf-8")
    changed = change(text)
    assert changed != text, "the change must apply"
    path.write_text(changed, encoding="utf-8")


# A card with every field, to put in card 1's place and spoil one field at a time.
CARD = """[[card]]
number = 1
terrain = { compass = [2, 5], terrain = "jungle-swamp" }
river = { a = "forks", b = "crosses", oasis = false, cataract = ["mountain"] }
natives = "river"
spectacular = { waterfall = 41, mountain = 15100, lake = 4321 }
disaster = { name = "Fever", where = "swamp", effect = "sick", who = "bearer", amount = 2, \
spared = "doctor", relief = "treats" }
bonus.Z = { find = "animal", name = "Okapi", where = "jungle", vp = 6 }
bonus.Ex = { find = "tusks", name = "Ivory", where = "veldt", count = 3, vp = 1 }
bonus.M = { find = "report", name = "Converts", natives = true, gain = { bearer = 2 } }
donation = { ticket = "Lagos" }

""".replace("\\\n", "")


def with_card(change: Callable[[str], str] = lambda card: card) -> Callable[[str], str]:
    """A change of the file that puts ``change(CARD)`` in card 1's place."""

    def replace(text: str) -> str:
        start = text.index("[[card]]")
        end = text.index("[[card]]", start + 1)
        return text[:start] + change(CARD) + text[end:]

    return replace


def spoil(old: str, new: str) -> Callable[[str], str]:
    def change(card: str) -> str:
        assert old in card, old
        return card.replace(old, new, 1)

    return with_card(change)


def test_a_card_with_every_field_loads(copy: Path) -> None:
    edit(copy, with_card())
    deck = LOADER.load(str(copy))
    assert deck.terrain[0] == JUNGLE_SWAMP and deck.compass[0] == (2, 5)
    assert (deck.river_a[0], deck.river_b[0], deck.oasis[0]) == (FORKS, CROSSES, False)
    assert deck.cataract[0] == PLACE_MASKS[MOUNTAIN] and deck.natives[0] == RIVER_BIT
    assert (deck.waterfall[0], deck.high_mountain[0], deck.lake_miles[0]) == (41, 15100, 4321)
    fever = deck.disaster[0]
    assert fever is not None and (fever.effect, fever.amount, fever.spared) == (SICK, 2, DOCTOR)
    explorer = deck.bonus[0][SPECIALTY_ABBREVIATIONS.index("Ex")]
    assert explorer is not None and (explorer.count, explorer.vp) == (3, 1)
    mission = deck.bonus[0][SPECIALTY_ABBREVIATIONS.index("M")]
    assert mission is not None and mission.natives and mission.gain == ((0, 2),)
    assert deck.bonus[0][0] is None and deck.ticket[0] == "Lagos" and deck.dollars[0] == 0


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (with_card(lambda card: ""), "card: List should have at least 108 items"),
        (lambda t: t.replace("number = 2\n", "number = 3\n", 1), "card 2 is numbered 3"),
        (spoil("compass = [2, 5]", "compass = [2, 2]"), "compass numbers must differ"),
        (spoil("compass = [2, 5]", "compass = [7]"), "card.0.terrain.compass.0"),
        (spoil("number = 1\n", "number = 1\nnumber_two = 2\n"), "card.0.number_two"),
        (spoil('natives = "river"', 'natives = "any"'), "card.0.natives"),
        (spoil('cataract = ["mountain"]', 'cataract = ["mountain", "mountain"]'), "listed twice"),
        (spoil("lake = 4321", "lake = -1"), "card.0.spectacular.lake"),
        (spoil('effect = "sick"', 'effect = "delay"'), "names nobody"),
        (spoil('who = "bearer"', 'who = "canoe"'), "effect 'sick' needs who"),
        (spoil(', relief = "treats"', ""), "spared and relief go together"),
        (
            spoil('effect = "sick", who = "bearer"', 'effect = "lost", who = "canoe"'),
            "only sickness",
        ),
        (spoil("amount = 2, ", ""), "needs an amount"),
        (spoil('spared = "doctor"', 'spared = "witch doctor"'), "card.0.disaster.spared"),
        (spoil("bonus.Z", "bonus.Y"), "card.0.bonus.Y"),
        (spoil('find = "animal"', 'find = "ghost"'), "card.0.bonus.Z.find"),
        (spoil('name = "Okapi", ', ""), "card.0.bonus.Z.name"),
        (spoil('find = "tusks"', 'find = "report"'), "only tusks come in a count"),
        (spoil("gain = { bearer = 2 }", "gain = { horse = 2 }"), "card.0.bonus.M.gain.horse"),
        (spoil('{ ticket = "Lagos" }', '{ ticket = "Lagos", dollars = 5 }'), "not both"),
        (lambda t: t.replace("provisional = true", "provisional = 2"), "meta.provisional"),
        (lambda t: t + "[[card]\n", "not valid TOML"),
    ],
)
def test_a_broken_events_file_is_refused_naming_file_and_entry(
    copy: Path, change: Callable[[str], str], says: str
) -> None:
    edit(copy, change)
    with pytest.raises(DataError) as caught:
        LOADER.load(str(copy))
    assert EVENTS_FILE in str(caught.value) and says in str(caught.value)
