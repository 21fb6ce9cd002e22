"""Source of the Nile's log: a run of like events written as one entry ("Blue buys 9 rations
for $18", not nine lines of one ration each), with nothing left out and nothing added."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def emit_run(state: NileState, key: str, totals: tuple[str, ...], **args: Any) -> None:
    """Log event ``key``; where the newest entry is the same event with the same arguments but
    ``totals`` (the same player, good and kind of move), add ``totals`` into that entry."""
    newest = state.newest_entry
    if newest is not None:
        last_key, last = newest
        same = last_key == key and last.keys() == args.keys()
        if same and all(last[name] == value for name, value in args.items() if name not in totals):
            state.amend(key, **{**args, **{name: last[name] + args[name] for name in totals}})
            return
    state.emit(key, **args)
