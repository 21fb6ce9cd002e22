"""``terra serve``: the browser server, with its refusals said in one line."""

from __future__ import annotations

from typing import Any

import typer

from terra.cli.messages import FAILED, USAGE_ERROR
from terra.core.errors import TerraError
from terra.server.run import serve
from terra.server.security import BadPublicUrl


def run(**settings: Any) -> None:
    """Serve with ``settings`` (the keyword arguments of :func:`terra.server.run.serve`). A
    public address that cannot be served is bad usage; any other refusal fails the command."""
    try:
        serve(**settings)
    except BadPublicUrl as error:
        typer.echo(f"terra serve: error: {error}", err=True)
        raise typer.Exit(USAGE_ERROR) from None
    except TerraError as error:
        typer.echo(f"terra serve: error: {error}", err=True)
        raise typer.Exit(FAILED) from None
