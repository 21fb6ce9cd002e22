"""``terra games``: the registered games, as a table or as JSON."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from terra.core.registry import games


def game_infos() -> list[dict[str, Any]]:
    """``Game.info()`` of every registered game, sorted by id."""
    return [game.info() for game in games()]


def _table(infos: list[dict[str, Any]]) -> Table:
    table = Table(title="Terra Incognita games")
    table.caption = "Variants: terra play GAME -o OPTION=true (see docs/cli.md)"
    # Only the game's credits wrap: every other cell stays whole in 80 columns.
    table.add_column("id", no_wrap=True)
    table.add_column("game", ratio=1)
    for column in ("players", "data", "options"):
        table.add_column(column, no_wrap=True)
    for info in infos:
        game = Text(info["title"], style="bold")
        game.append(f"\n{info['designer']}, {info['year']}", style="dim")
        players = f"{info['min_players']}-{info['max_players']}"
        data = "provisional" if info["provisional_data"] else "transcribed"
        variants = "\n".join(name for name in info["options"] if name != "data") or "-"
        table.add_row(info["id"], game, players, data, variants)
    return table


def run(*, as_json: bool = False) -> None:
    """Print the games: a table, or a JSON list of ``Game.info()`` objects."""
    infos = game_infos()
    if as_json:
        typer.echo(json.dumps(infos, indent=1))
    else:
        Console().print(_table(infos))
