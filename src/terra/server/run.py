"""``terra serve``: migrate the database, print the address, run uvicorn."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from terra.server.app import create_app
from terra.server.bots import default_workers
from terra.server.security import site
from terra.server.tables import Settings
from terra.store.database import default_url, open_engine
from terra.store.matches import MatchStore

# Frames above this are refused by the WebSocket layer itself, before any JSON is read.
WS_MAX_FRAME = 64 * 1024


def serve(
    host: str,
    port: int,
    database: str | None,
    open_browser: bool,
    message_rate: float = 20.0,
    *,
    public_url: str | None = None,
    match_rate: float = 20.0,
    max_spectators: int = 500,
    bot_workers: int | None = None,
    bot_seconds: float = Settings.bot_seconds,
    bot_iterations: int = Settings.bot_iterations,
    answer_seconds: float = Settings.answer_seconds,
) -> None:
    """Serve the matches of ``database`` (default: SQLite in the user's data directory), for
    players who open ``public_url`` (default: the address bound), with bots thinking in
    ``bot_workers`` processes (default: one per processor) within ``bot_seconds`` and
    ``bot_iterations`` per move; a person answers another's proposal within
    ``answer_seconds``.

    Raises :class:`~terra.server.security.BadPublicUrl` before anything starts."""
    public = site(host, port, public_url)
    url = database or default_url()
    engine = open_engine(url)
    settings = Settings(
        rate=message_rate,
        burst=2 * message_rate,
        site=public,
        match_rate=match_rate,
        match_burst=max(1.0, match_rate / 2),
        max_spectators=max_spectators,
        bot_workers=bot_workers or default_workers(),
        bot_seconds=bot_seconds,
        bot_iterations=bot_iterations,
        answer_seconds=answer_seconds,
    )
    app = create_app(MatchStore(engine), settings)
    address = public.url
    print(f"Terra Incognita at {address} (database: {engine.url.render_as_string()})", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    try:
        uvicorn.run(
            app,
            host=host,
            port=port,
            ws_max_size=WS_MAX_FRAME,
            # Updates are a few kilobytes (tens on the Nile's map): compressing each one cost a
            # fifth of the server's time a move (bench/server.py), for little a page would notice.
            ws_per_message_deflate=False,
            log_level="warning",
        )
    finally:
        # Stopped at SIGTERM or Ctrl-C, the server closed its bot workers on the way out; a
        # second Ctrl-C skips that, and this closes them all the same.
        app.state.tables.bots.close()
