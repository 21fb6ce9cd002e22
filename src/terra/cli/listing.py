"""``terra games``: the registered games, as a table or as JSON."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from terra.core.registry import games


def game_infos() -> list[dict[str, Any]]:
    """``Game.info()`` of every registered game, sorted by id."""
    return [game.info() for game in games()]


def _table(infos: list[dict[str, Any]]) -> Table:
    table = Table(title="Terra Incognita games")
    table.caption = "Variants: terra play GAME -o OPTION=true (see docs/cli.md)"
    for column in ("id", "title", "designer", "year", "players", "data"):
        table.add_column(column, no_wrap=column in ("id", "players", "data"))
    table.add_column("options", no_wrap=True)
    for info in infos:
        players = f"{info['min_players']}-{info['max_players']}"
        data = "provisional" if info["provisional_data"] else "transcribed"
        variants = "\n".join(name for name in info["options"] if name != "data") or "-"
        row = (info["id"], info["title"], info["designer"], str(info["year"]), players, data)
        table.add_row(*row, variants)
    return table


def run(*, as_json: bool = False) -> None:
    """Print the games: a table, or a JSON list of ``Game.info()`` objects."""
    infos = game_infos()
    if as_json:
        typer.echo(json.dumps(infos, indent=1))
    else:
        Console().print(_table(infos))
