"""What the full screen's tests share: a person against a bot, and waiting for the screen."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

from terra.ai.bots import make_bot
from terra.cli.screen import PlayScreen
from terra.cli.session import Session
from terra.core import GameState


def against_greedy(state: GameState, language: str = "en", record: Path | None = None) -> Session:
    """A session of ``state``: a person at seat 0, the greedy bot at seat 1, nothing printed."""
    quiet = Console(file=io.StringIO())
    bots = {1: make_bot("greedy", 1)}
    return Session(state, (0,), bots, console=quiet, read=input, language=language, record=record)


async def settled(app: PlayScreen) -> None:
    """Wait until the bots have moved and the screen shows the person's turn (or the end)."""
    await Pilot(app).pause()  # the first refresh, after which the game starts
    await app.workers.wait_for_complete()
    await asyncio.sleep(0)
    await app.workers.wait_for_complete()
    await Pilot(app).pause()  # the layout of what the bots' moves changed
