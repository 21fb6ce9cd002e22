"""Source of the Nile's components in one: the mapboard, the tables, the Event deck and Game II's
tables, loaded from one directory and checked against each other.

Each file is validated on its own by its module (:mod:`~terra.games.nile.components.board`,
:mod:`~terra.games.nile.components.tables`, :mod:`~terra.games.nile.components.events`); here the
loader checks what one file says of another: every port that the tables or the cards name (markets
for horses and camels, free tickets) is a port of the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from terra.core.data import DataFiles, DataLoader, LoadedData, fold_name
from terra.core.errors import DataError, quote
from terra.games.nile.components.board import MAP_FILE, Board, MapFile, build_board
from terra.games.nile.components.events import (
    EVENTS_FILE,
    EventDeck,
    EventsFile,
    build_events,
    port_names,
)
from terra.games.nile.components.game_two import GAME_TWO_FILE, GameTwo, GameTwoFile, build_game_two
from terra.games.nile.components.tablefile import TablesFile
from terra.games.nile.components.tables import TABLES_FILE, Tables, build_tables


@dataclass(frozen=True, eq=False)
class Components(LoadedData):
    """The loaded components of one data directory: provisional where any file is the
    project's provisional design, its provenance each file's, one line per file, and its digest
    of every file's text (decision C6)."""

    board: Board
    tables: Tables
    deck: EventDeck
    game_two: GameTwo  # the tables of Game II's dice procedures (27.0-41.0)


def build_components(files: DataFiles) -> Components:
    """Build the three files and check the ports the tables and cards name against the map."""
    board = build_board(files)
    tables = build_tables(files)
    deck = build_events(files)
    ports = {fold_name(name) for name in board.port_names}
    for name in port_names(tables, deck):
        if fold_name(name) not in ports:
            raise DataError(
                f"{files.where(TABLES_FILE)} or {files.where(EVENTS_FILE)}: "
                f"{quote(name)} is no port of the map (ports: {', '.join(board.port_names)})"
            )
    game_two = build_game_two(files)
    weight = tables.logistics.specimen_weight
    if game_two.specimen_weight != weight:  # both games weigh a specimen alike
        raise DataError(
            f"{files.where(GAME_TWO_FILE)}: a specimen weighs {game_two.specimen_weight} items, "
            f"but {files.where(TABLES_FILE)} weighs every specimen {weight} "
            "(Source of the Nile, 20.72, 40.45)"
        )
    return Components(
        board=board,
        tables=tables,
        deck=deck,
        game_two=game_two,
        provisional=files.provisional,
        provenance=files.provenance,
        digest=files.digest,
    )


# The components in a directory (map.toml, tables.toml, events.toml, game2.toml), or the shipped
# ones.
DATA = DataLoader(
    "terra.games.nile",
    {
        MAP_FILE: MapFile,
        TABLES_FILE: TablesFile,
        EVENTS_FILE: EventsFile,
        GAME_TWO_FILE: GameTwoFile,
    },
    build_components,
)
load_components = DATA.load
