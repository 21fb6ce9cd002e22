"""Africana's component data: loaded from TOML, validated, flattened into int tables.

The engine never touches names: locations, colours and cards are ints indexing the tuples of a
:class:`Components`. Loading checks the shape of each file (pydantic) and then everything the
rules rely on (references, hemispheres, counts), and reports problems by file and entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from terra.core.data import (
    MAX_COUNT,
    MAX_ENTRIES,
    Count,
    DataFiles,
    DataLoader,
    Length,
    LoadedData,
    Meta,
    Name,
    Names,
    StrictModel,
    distances,
    unique_index,
)
from terra.core.errors import DataError

NORTH, SOUTH = 0, 1
HEMISPHERES = ("north", "south")
DECKS = ("A", "B", "C")
MAX_PLAYERS = 4
EXPEDITION_SPACES = 5
# Africana, Game Setup: C cards removed unseen by player count; the largest removal.
MOST_C_REMOVED = 10

Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_]+$", max_length=20)]


class LocationSpec(StrictModel):
    id: Id
    name: Name
    hemisphere: Literal["north", "south"]
    symbols: Annotated[list[str], Field(min_length=1, max_length=2)]
    lon: Annotated[float, Field(ge=-180, le=180)]
    lat: Annotated[float, Field(ge=-90, le=90)]


class RouteSpec(StrictModel):
    between: tuple[Id, Id]


class BonusSpec(StrictModel):
    travel_cards: Count = 0
    silver: Count = 0


class BoardFile(StrictModel):
    meta: Meta
    location: Annotated[list[LocationSpec], Field(min_length=2, max_length=MAX_ENTRIES)]
    route: Annotated[list[RouteSpec], Field(min_length=1, max_length=MAX_ENTRIES)]
    joining_bonus: Annotated[
        list[BonusSpec], Field(min_length=EXPEDITION_SPACES, max_length=EXPEDITION_SPACES)
    ]


class TravelSpec(StrictModel):
    colours: Annotated[list[Id], Field(min_length=2, max_length=20)]
    cards_per_colour: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    jokers: Annotated[int, Field(ge=MAX_PLAYERS, le=MAX_COUNT)]
    assistants_per_colour: Count


class CompanySpec(StrictModel):
    number: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    country: Name
    colour: Name
    start: Id
    silver: Count


class ExpeditionSpec(StrictModel):
    id: Id
    deck: Literal["A", "B", "C"]
    start: Id
    target: Id
    silver: Count
    points: Count


class AdventureSpec(StrictModel):
    id: Id
    book: Literal["north", "south"]
    target: Id
    artifact: Id | None = None
    assistant: Id | None = None
    silver: Count = 0
    points: Count = 0

    @model_validator(mode="after")
    def _one_kind(self) -> AdventureSpec:
        if (self.artifact is None) == (self.assistant is None):
            raise ValueError("an adventure shows either an artifact or an assistant")
        if self.assistant is not None and (self.silver or self.points):
            raise ValueError("an assistant adventure pays no silver and no points")
        return self


class CardsFile(StrictModel):
    meta: Meta
    travel: TravelSpec
    company: Annotated[list[CompanySpec], Field(min_length=MAX_PLAYERS, max_length=MAX_PLAYERS)]
    expedition: Annotated[list[ExpeditionSpec], Field(min_length=1, max_length=MAX_ENTRIES)]
    adventure: Annotated[list[AdventureSpec], Field(min_length=2, max_length=MAX_ENTRIES)]


@dataclass(frozen=True, slots=True)
class Company:
    number: int
    country: str
    colour: str
    start: int
    silver: int


@dataclass(frozen=True, eq=False)
class Components(LoadedData):
    """Every printed component, as int-indexed tuples. Shared by all states; never mutated."""

    # travel cards
    colours: tuple[str, ...]
    cards_per_colour: int
    jokers: int
    assistants_per_colour: int
    # board
    location_ids: tuple[str, ...]
    location_names: tuple[str, ...]
    hemisphere: tuple[int, ...]
    symbols: tuple[tuple[int, ...], ...]
    symbol_mask: tuple[int, ...]
    lon: tuple[float, ...]
    lat: tuple[float, ...]
    routes: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    bonus_cards: tuple[int, ...]
    bonus_silver: tuple[int, ...]
    companies: tuple[Company, ...]
    # expedition cards
    expedition_ids: tuple[str, ...]
    expedition_deck: tuple[int, ...]
    expedition_start: tuple[int, ...]
    expedition_target: tuple[int, ...]
    expedition_silver: tuple[int, ...]
    expedition_points: tuple[int, ...]
    # adventure cards
    adventure_ids: tuple[str, ...]
    adventure_book: tuple[int, ...]
    adventure_target: tuple[int, ...]
    adventure_artifact: tuple[int, ...]  # artifact type, or -1 for an assistant adventure
    adventure_assistant: tuple[int, ...]  # assistant colour, or -1 for an artifact adventure
    adventure_silver: tuple[int, ...]
    adventure_points: tuple[int, ...]
    artifacts: tuple[str, ...]
    locations: Names  # the locations by id or name

    num_colours = Length("colours")
    num_locations = Length("location_ids")

    def location(self, name_or_id: str) -> int:
        """The location with this id or name (case and spacing ignored); -1 if none."""
        return self.locations.get(name_or_id)


def _build(files: DataFiles) -> Components:
    """The components of the board and card files, after every cross-check the rules rely
    on (references, hemispheres, counts)."""
    board = files.model("board.toml", BoardFile)
    cards = files.model("cards.toml", CardsFile)
    bwhere = files.where("board.toml")
    cwhere = files.where("cards.toml")
    colours = cards.travel.colours
    colour_of = unique_index(colours, "colour", cwhere)
    loc_of = unique_index([loc.id for loc in board.location], "location", bwhere)
    symbols = _symbols(board, colour_of, bwhere)
    routes, neighbours, distance = _routes(board, loc_of, bwhere)
    hemisphere = tuple(HEMISPHERES.index(loc.hemisphere) for loc in board.location)
    companies = sorted(cards.company, key=lambda c: c.number)
    if [c.number for c in companies] != list(range(1, MAX_PLAYERS + 1)):
        raise DataError(f"{cwhere}: companies must be numbered 1 to {MAX_PLAYERS}")
    decks = _expedition_decks(cards, cwhere)
    artifacts = _artifacts(cards, loc_of, colour_of, hemisphere, cwhere)
    return Components(
        provisional=files.provisional,
        provenance=files.provenance,
        digest=files.digest,
        colours=tuple(colours),
        cards_per_colour=cards.travel.cards_per_colour,
        jokers=cards.travel.jokers,
        assistants_per_colour=cards.travel.assistants_per_colour,
        location_ids=tuple(loc.id for loc in board.location),
        location_names=tuple(loc.name for loc in board.location),
        hemisphere=hemisphere,
        symbols=tuple(symbols),
        symbol_mask=tuple(sum(1 << c for c in s) for s in symbols),
        lon=tuple(loc.lon for loc in board.location),
        lat=tuple(loc.lat for loc in board.location),
        routes=routes,
        neighbours=neighbours,
        distance=distance,
        bonus_cards=tuple(b.travel_cards for b in board.joining_bonus),
        bonus_silver=tuple(b.silver for b in board.joining_bonus),
        companies=tuple(
            Company(
                c.number, c.country, c.colour, _find(loc_of, c.start, cwhere, c.country), c.silver
            )
            for c in companies
        ),
        expedition_ids=tuple(e.id for e in cards.expedition),
        expedition_deck=tuple(decks),
        expedition_start=tuple(
            _find(loc_of, e.start, cwhere, f"expedition {e.id!r}") for e in cards.expedition
        ),
        expedition_target=tuple(
            _find(loc_of, e.target, cwhere, f"expedition {e.id!r}") for e in cards.expedition
        ),
        expedition_silver=tuple(e.silver for e in cards.expedition),
        expedition_points=tuple(e.points for e in cards.expedition),
        adventure_ids=tuple(a.id for a in cards.adventure),
        adventure_book=tuple(HEMISPHERES.index(a.book) for a in cards.adventure),
        adventure_target=tuple(loc_of[a.target] for a in cards.adventure),
        adventure_artifact=tuple(
            -1 if a.artifact is None else artifacts.index(a.artifact) for a in cards.adventure
        ),
        adventure_assistant=tuple(
            -1 if a.assistant is None else colour_of[a.assistant] for a in cards.adventure
        ),
        adventure_silver=tuple(a.silver for a in cards.adventure),
        adventure_points=tuple(a.points for a in cards.adventure),
        artifacts=tuple(artifacts),
        locations=Names(
            "location",
            [loc.id for loc in board.location],
            [loc.name for loc in board.location],
            where=bwhere,
        ),
    )


def _find(loc_of: dict[str, int], ident: str, where: str, what: str) -> int:
    """The location ``ident`` that ``what`` names; a :class:`DataError` if there is none."""
    if ident not in loc_of:
        raise DataError(f"{where}: {what} names unknown location {ident!r}")
    return loc_of[ident]


def _symbols(board: BoardFile, colour_of: dict[str, int], where: str) -> list[tuple[int, ...]]:
    """Each location's travel symbols, as colours: each a known colour, none twice."""
    symbols: list[tuple[int, ...]] = []
    for loc in board.location:
        if len(set(loc.symbols)) != len(loc.symbols):
            raise DataError(f"{where}: location {loc.id!r} lists a symbol twice")
        for symbol in loc.symbols:
            if symbol not in colour_of:
                raise DataError(f"{where}: location {loc.id!r} has unknown symbol {symbol!r}")
        symbols.append(tuple(colour_of[s] for s in loc.symbols))
    return symbols


Routes = tuple[tuple[int, int], ...]


def _routes(
    board: BoardFile, loc_of: dict[str, int], where: str
) -> tuple[Routes, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The travel routes, each location's neighbours, and the fewest steps between any two
    locations: every route between two known locations, none twice, every location reached."""
    n = len(board.location)
    adjacency: list[set[int]] = [set() for _ in range(n)]
    routes: list[tuple[int, int]] = []
    for route in board.route:
        a = _find(loc_of, route.between[0], where, "a route")
        b = _find(loc_of, route.between[1], where, "a route")
        if a == b:
            raise DataError(f"{where}: route {route.between} leads nowhere")
        if b in adjacency[a]:
            raise DataError(f"{where}: route {route.between} appears twice")
        adjacency[a].add(b)
        adjacency[b].add(a)
        routes.append((a, b))
    distance = tuple(distances(adjacency, source) for source in range(n))
    for source, row in enumerate(distance):
        if -1 in row:
            lost = board.location[row.index(-1)].id
            raise DataError(
                f"{where}: {lost!r} cannot be reached from {board.location[source].id!r}"
            )
    neighbours = tuple(tuple(sorted(adj)) for adj in adjacency)
    return tuple(routes), neighbours, distance


def _expedition_decks(cards: CardsFile, where: str) -> list[int]:
    """Each expedition card's deck (A, B, C), after checking that there are enough of them to
    fill the spaces and to remove the C cards of Game Setup."""
    expedition_ids = [e.id for e in cards.expedition]
    unique_index(expedition_ids, "expedition", where)
    for e in cards.expedition:
        if e.start == e.target:
            raise DataError(f"{where}: expedition {e.id!r} starts at its own target")
    decks = [DECKS.index(e.deck) for e in cards.expedition]
    if decks.count(0) < EXPEDITION_SPACES:
        raise DataError(f"{where}: at least {EXPEDITION_SPACES} A expeditions fill the spaces")
    if decks.count(2) < MOST_C_REMOVED:
        raise DataError(f"{where}: at least {MOST_C_REMOVED} C expeditions are needed")
    return decks


def _artifacts(
    cards: CardsFile,
    loc_of: dict[str, int],
    colour_of: dict[str, int],
    hemisphere: tuple[int, ...],
    where: str,
) -> list[str]:
    """The artifact types, in order of first appearance, after checking every adventure card:
    a target in the other half of Africa, a known assistant colour, no more assistant
    adventures of a colour than its assistant cards, and cards in both books."""
    unique_index([a.id for a in cards.adventure] + [e.id for e in cards.expedition], "card", where)
    artifacts: list[str] = []
    for adventure in cards.adventure:
        target = _find(loc_of, adventure.target, where, f"adventure {adventure.id!r}")
        if hemisphere[target] == HEMISPHERES.index(adventure.book):
            raise DataError(
                f"{where}: adventure {adventure.id!r} lies in the {adventure.book} book, so its "
                "target must be in the other half of Africa (Africana, B) Buy adventure cards)"
            )
        if adventure.artifact is not None and adventure.artifact not in artifacts:
            artifacts.append(adventure.artifact)
        if adventure.assistant is not None and adventure.assistant not in colour_of:
            raise DataError(
                f"{where}: adventure {adventure.id!r} has unknown colour {adventure.assistant!r}"
            )
    for colour in cards.travel.colours:
        wanted = sum(a.assistant == colour for a in cards.adventure)
        if wanted > cards.travel.assistants_per_colour:
            raise DataError(
                f"{where}: {wanted} {colour} assistant adventures but only "
                f"{cards.travel.assistants_per_colour} {colour} assistant cards"
            )
    for half in HEMISPHERES:
        if not any(a.book == half for a in cards.adventure):
            raise DataError(f"{where}: the {half} book holds no adventure cards")
    return artifacts


# The components in a directory (``board.toml``, ``cards.toml``), or the shipped ones.
DATA = DataLoader(
    "terra.games.africana", {"board.toml": BoardFile, "cards.toml": CardsFile}, _build
)
load_components = DATA.load


def as_dict(data: Components) -> dict[str, Any]:
    """The static board and cards as JSON-ready data (for clients that draw the board)."""
    colours = data.colours
    return {
        "provisional": data.provisional,
        "digest": data.digest,
        "colours": list(colours),
        "locations": [
            {
                "id": data.location_ids[i],
                "name": data.location_names[i],
                "hemisphere": HEMISPHERES[data.hemisphere[i]],
                "symbols": [colours[c] for c in data.symbols[i]],
                "lon": data.lon[i],
                "lat": data.lat[i],
            }
            for i in range(data.num_locations)
        ],
        "routes": [[data.location_ids[a], data.location_ids[b]] for a, b in data.routes],
        "joining_bonuses": [
            {"travel_cards": c, "silver": s}
            for c, s in zip(data.bonus_cards, data.bonus_silver, strict=True)
        ],
    }
