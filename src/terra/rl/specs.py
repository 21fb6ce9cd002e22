"""Each registered game's observation: which fields of its view are encoded, and how.

The phases are the labels of each rulebook's phases, as the views write them.

A spec is built for one player count from a template position (the game started with seed 0
and the chosen options): the vocabularies come from the game's component data (the places,
cards and books in the box, public before any game starts) and from the template's view (the
board's hexes in their order, the keys of its count tables). docs/rl.md tells each layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terra.core.state import GameState
from terra.rl.spec import (
    Both,
    Counts,
    Each,
    Length,
    Many,
    Maybe,
    Num,
    OneHot,
    Players,
    Present,
    Record,
    Seat,
    Seats,
    Total,
    Vector,
    numbers_like,
    nums,
    vocabulary,
)

Spec = Callable[[GameState, int], Record]

TOTAL = Record({"total": Num()})


def africana(template: GameState, players: int) -> Record:
    """Africana: the companies, the five expedition spaces, the books, piles and supplies."""
    data: Any = template.data
    view = template.view(0)
    colours = nums(data.colours)
    expeditions, adventures = tuple(data.expedition_ids), tuple(data.adventure_ids)
    player = Record(
        {
            "location": OneHot(tuple(data.location_ids)),
            "silver": Num(),
            "markers_free": Num(),
            "hand_size": Num(),
            "travel_cards": Num(),
            "jokers": Num(),
            "assistants": colours,
            "adventures": Counts(adventures),
            "expeditions_won": Counts(expeditions),
            "adventures_won": Counts(adventures),
            "score": TOTAL,
            "hand": colours,
        }
    )
    turn = Record(
        {
            "number": Num(),
            "round": Num(),
            "player": Seat(players),
            "phase": OneHot(("choose", "buy", "move", "discard", "drop", "over")),
            "ending": Num(),
            "book": OneHot(("north", "south")),
            "next_page_cost": Num(),
            "pages_turned": Num(),
            "played": Record({"jokers": Num(), "travel": colours}),
        }
    )
    space = Record(
        {
            "bonus": nums(("travel_cards", "silver")),
            "expedition": OneHot(expeditions),
            "joined": Seats(players),
        }
    )
    # An unturned page that is face down is None in the view: counted, never named.
    book = Record({"turned": Counts(adventures), "unturned": Both((Counts(adventures), Length()))})
    return Record(
        {
            "players": Players(player, players),
            "turn": turn,
            "expeditions": Each(space, len(view["expeditions"])),
            "expedition_pile": nums(view["expedition_pile"]),
            "expeditions_removed": Num(),
            "books": Record({"north": book, "south": book}),
            "travel_deck": Num(),
            "discard_pile": colours,
            "assistant_supply": colours,
            "out_of_game": Record({"assistants": colours, "jokers": Num()}),
        }
    )


def africa(template: GameState, players: int) -> Record:
    """Africa: the board hex by hex, the face-down markers left, the players' holdings."""
    view = template.view(0)
    hexes = tuple(cell["hex"] for cell in view["board"])
    kinds = tuple(view["face_down"])
    markers = vocabulary(("?", *kinds))
    cell = Record({"marker": OneHot(markers), "camp": Seat(players)})
    player = Record(
        {
            "researcher": OneHot(hexes),
            "camps": Num(),
            "goods": nums(view["players"][0]["goods"]),
            "gold": Num(),
            "jewels": Num(),
            "markers": nums(kinds),
            "score": TOTAL,
        }
    )
    turn = Record(
        {
            "number": Num(),
            "player": Seat(players),
            "phase": OneHot(("start", "turn", "place", "goods", "over")),
            "action": Num(),
            "actions_per_turn": Num(),
            "steps_taken": Num(),
            "placing": Maybe(
                Record({"hex": OneHot(hexes), "marker": OneHot(markers), "moved": Num()})
            ),
            "uncovered_good": OneHot(tuple(view["players"][0]["goods"])),
        }
    )
    return Record(
        {
            "board": Each(cell, len(hexes)),
            "face_down": nums(kinds),
            "bonus": Maybe(Num()),
            "last_monument": Num(),
            "monuments_found": Num(),
            "supply_camps": Num(),
            "players": Players(player, players),
            "turn": turn,
        }
    )


def expedition(template: GameState, players: int) -> Record:
    """Expedition: hands and chips as multi-hots over the places, the arrows of the three
    expeditions over the board's lines, the deck as far as it is known."""
    data: Any = template.data
    view = template.view(0)
    places = tuple(data.point_ids)
    lines = tuple(frozenset((places[a], places[b])) for a, b in data.lines)
    cards = Counts(places)
    player = Record(
        {
            "cards_in_hand": Num(),
            "chips_back": Num(),
            "chips_placed": Num(),
            "vouchers": Num(),
            "chips_on_board": cards,
            "marked": cards,
            "laid_down": cards,
            "hand": cards,
            "score": TOTAL,
        }
    )
    line = Record(
        {
            "arrows": Counts(lines, key=frozenset),
            "arrows_left": Num(),
            "end": OneHot(places),
            "looped_this_turn": Num(),
        }
    )
    colours = tuple(e["colour"] for e in view["expeditions"])
    deck = Record(
        {
            "size": Num(),
            "known_places": Counts(places, key=lambda known: known[1]),
            "surely_inside": cards,
            "rejected_at_setup": cards,
        }
    )
    turn = Record(
        {
            "number": Num(),
            "player": Seat(players),
            "phase": OneHot(("marking", "playing", "over")),
            "arrows_due": Num(),
            "arrows_optional": Num(),
            "vouchers_used": Num(),
            "cards_drawn": Num(),
            "drawn": cards,
            "loop": OneHot(colours),
            "loop_from": cards,
        }
    )
    return Record(
        {
            "players": Players(player, players),
            "expeditions": Each(line, len(colours)),
            "public_missions": cards,
            "deck": deck,
            "turn": turn,
        }
    )


# The length of the Nile's price list while outfitting is open (None otherwise).
NILE_PRICES = 10
NILE_PHASES = (
    "counters",
    "port",
    "specialty",
    "outfit",
    "activity",
    "moving",
    "retreat",
    "policy",
    "negotiate",
    "escape",
    "spoils",
    "captivity",
    "europe",
    "over",
    "publishing",
    "mission",
    "joint",
    "answer",
)


def nile(template: GameState, players: int) -> Record:
    """Source of the Nile: the map's layers hex by hex, what is published, the explorers."""
    view = template.view(0)
    cells = len(view["published"])
    explorer_template = view["explorers"][0]
    explorer = Record(
        {
            "status": OneHot(("in Europe", "sailing for Europe", "in Africa")),
            "hex": OneHot(tuple(range(-1, cells))),  # -1: not on the map
            "port": Num(),
            "mode": Num(),
            "money": Num(),
            "vp": Num(),
            "vp_by": Total(),
            "unpublished_awards": Num(),
            "specialty": Num(),
            "capacity": Num(),
            "load": Num(),
            "carries": Num(),
            "joined": Seat(players),
            "partners": Seats(players),
            "party": numbers_like(explorer_template["party"]),
            "caches": Many(("tusks",)),
            "donations": Many(("dollars",)),
            "known": Length(),
            "finds": Length(),
            "friendly": Length(),
            "negotiated": Length(),
            "new_friends": Length(),
            "tribe_bonus": Total(),
        }
    )
    layers = {key: Vector(len(value)) for key, value in view["map"].items()}
    proposal = Record(
        {
            "proposer": Seat(players),
            "join": Seat(players),
            "terms": OneHot(("alone", "evenly")),
            "waiting": Seats(players),
        }
    )
    return Record(
        {
            "game_two": Num(),
            "phase": OneHot(NILE_PHASES),
            "player": Seat(players),
            "first": Seat(players),
            "round": Num(),
            "target": Num(),
            "turn_limit": Num(),
            "deck": Num(),
            "discards": Num(),
            "map": Record(layers),
            "published": Vector(cells),
            "counters": Each(Record({"hex": Num(), "discovery": Present()}), len(view["counters"])),
            "explorers": Players(explorer, players),
            "prices": Maybe(Vector(NILE_PRICES)),
            "proposal": Maybe(proposal),
            "retreat": Maybe(Record({"hex": Num(), "back_to": Num()})),
            "encounter": Present(),
            "turn": Record(
                {
                    "activity": Num(),
                    "allowance": Num(),
                    "spent": Num(),
                    "lost": Num(),
                    "stopped": Num(),
                    "chosen": Length(),
                }
            ),
        }
    )


SPECS: dict[str, Spec] = {
    "africana": africana,
    "africa": africa,
    "expedition": expedition,
    "nile": nile,
}
