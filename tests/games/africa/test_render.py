"""Africa in the terminal: the board shows exactly one seat's view; the log reads as English."""

from __future__ import annotations

import io
import random

from rich.console import Console

import terra
from terra.games.africa import AfricaState
from terra.games.africa.render import CELL, FACE_DOWN_LABEL, catalog, describe, legend, render
from tests.games.africa import table
from tests.pointing import shown_at_places

WIDTH = 100


def text_of(state: AfricaState, seat: int | None) -> str:
    out = io.StringIO()
    Console(file=out, width=WIDTH, highlight=False, emoji=False).print(render(state, seat))
    return out.getvalue()


def advanced(seed: int, players: int = 3, actions: int = 400) -> AfricaState:
    state = table.new(players, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_board_shows_the_map_cities_and_face_down_markers() -> None:
    state = table.new(2, 0)
    text = text_of(state, 0)
    assert text.count("??") == 96 + 1  # and the legend
    for label in ("TG", "CA", "MB", "CT", "LU"):
        assert label in text
    assert "Legend" in text and "monument" in text
    assert "chooses a start city" in text


def test_the_legend_fits_a_narrow_pane_each_label_beside_its_name() -> None:
    """In a terminal pane of 40 columns the legend's keys stand in fewer columns, whole."""
    state = table.new(2, 0)
    out = io.StringIO()
    Console(file=out, width=40, color_system=None).print(legend(state.data))
    lines = out.getvalue().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 40
    for label, name in (("TG", "Tangier"), ("CT", "Cape Town"), ("Mo", "monument")):
        assert any(f"{label} {name}" in line for line in lines)
    keys = [line for line in lines if "Tangier" in line or "gold" in line or "lion" in line]
    assert keys and all(line[:2].strip() and "  " in line.rstrip() for line in keys)


def test_the_board_shows_researchers_markers_camps_and_hands() -> None:
    state = table.started(2, 0)
    table.clear(state, "C5")
    table.place(state, 0, "C5")
    table.put(state, "C6", "elephant")
    table.camp(state, 1, "C5")
    table.give(state, 1, "kettle", 2)
    table.give(state, 0, "gold 2")
    text = text_of(state, 1)
    assert "R··b" in text  # red researcher on blue's camp
    assert " El " in text
    assert "2 kettle" in text
    assert text.count("??") == sum(state.down) + 1


def test_a_finished_game_shows_the_winner_and_the_breakdown() -> None:
    state = advanced(3, players=2, actions=10**6)
    assert state.is_over
    text = text_of(state, None)
    assert "The game is over. Winner:" in text
    assert "bonus 3" in text


def test_every_event_of_a_game_reads_as_a_sentence() -> None:
    game = terra.game("africa")
    keys = set()
    for seed in range(4):
        state = advanced(seed, players=3, actions=10**6)
        for event in state.log(None):
            sentence = game.describe_event(state, event)
            keys.add(event["key"])
            assert "{" not in sentence, sentence
            assert sentence.endswith("."), sentence
    assert {"start", "jump", "go", "uncover", "place", "pass", "game_end"} <= keys


def test_special_events_read_well() -> None:
    assert (
        describe(
            {
                "key": "exchange",
                "args": {"player": 0, "other": 1, "count": 2, "gave": "statue", "took": "clothing"},
            }
        )
        == "Red gives 2 statue to Blue and takes Blue's 2 clothing."
    )
    assert (
        describe(
            {"key": "uncover", "args": {"player": 1, "hex": "D5", "marker": "gold 2", "points": 2}}
        )
        == "Blue uncovers gold 2 on D5 and scores 2 points."
    )
    assert "supply of base camps empty" in describe(
        {
            "key": "uncover",
            "args": {
                "player": 1,
                "hex": "D5",
                "marker": "monument",
                "camp": False,
                "found": 3,
                "last": 11,
            },
        }
    )
    assert (
        describe(
            {"key": "camp", "args": {"player": 2, "hex": "C5", "purpose": "resources", "taken": []}}
        )
        == "Yellow establishes a base camp on C5 and takes no gold or jewels."
    )
    assert describe({"key": "unknown", "args": {}}).startswith("unknown")


def test_the_catalog_has_a_template_for_every_event_the_rules_emit() -> None:
    events = catalog()["event"]
    for key in (
        "start",
        "jump",
        "go",
        "pass",
        "uncover",
        "uncover_treasure",
        "uncover_monument",
        "keep",
        "exchange",
        "lift",
        "place",
        "camp_research",
        "camp_resources",
        "game_end",
    ):
        assert key in events


def test_a_marker_left_where_it_was_uncovered_is_not_said_to_travel() -> None:
    """Africa, Uncovering Nomads: an uncovered nomad may stay on its space; the log says it
    stays rather than "places the nomad from C11 to C11"."""
    left = {
        "player": 0,
        "marker": "nomad",
        "origin": "C11",
        "destination": "C11",
        "points": 0,
        "moved": False,
    }
    assert (
        describe({"key": "place", "args": left})
        == "Red leaves the nomad on C11 and scores 0 points."
    )
    assert describe({"key": "place", "args": left}, language="de") == (
        "Rot lässt das Plättchen Nomade auf C11 liegen und erhält 0 Punkte."
    )
    moved = {**left, "destination": "C12", "points": 2}
    assert describe({"key": "place", "args": moved}) == (
        "Red places the nomad from C11 to C12 and scores 2 points."
    )


def test_every_hex_is_pointed_at_where_its_cell_is_drawn() -> None:
    """The places map (what a click on the full screen finds) puts each hex where the board
    draws it: on the line of its row's letter, its cell showing its marker's or its city's
    label, and the researchers' initials on their hexes."""
    state = table.new(2, 0)
    state.apply(state.legal_actions()[0])  # red chooses the first start city
    shown = shown_at_places(state, 0)
    data = state.data
    assert set(shown) == set(data.hex_ids)
    for place, lines in shown.items():
        ((line, _, cell),) = lines
        assert line.lstrip("│ ").startswith(place[0]) and len(cell.rstrip()) == CELL - 1
        assert cell[1:3] in (FACE_DOWN_LABEL, *data.city_labels)
    for city, label in zip(data.cities, data.city_labels, strict=True):
        assert shown[data.hex_ids[city]][0][2][1:3] == label
    red = state.view(0)["players"][0]["researcher"]
    assert shown[data.hex_ids[data.hex(red)]][0][2][0] == "R"
