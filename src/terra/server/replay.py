"""The replay of a finished match, step by step, as a spectator sees it.

A step is a move count: step ``k`` is the position after the match's first ``k`` moves. A
finished match never changes, so its states are rebuilt once from its record and kept as
checkpoints every :data:`CHECKPOINT_EVERY` moves; any step then costs at most that many moves
from a copy of the checkpoint before it, and the next step one move from the last one shown.
Only a few matches are kept (:data:`MATCHES_KEPT`), so memory stays bounded whatever is asked.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from terra.core.registry import start
from terra.core.state import GameState
from terra.server import protocol
from terra.store.matches import MatchStore, StoreError

CHECKPOINT_EVERY = 64
MATCHES_KEPT = 8


class NotOver(StoreError):  # noqa: N818 - reads well at the call site
    """A replay of a match still being played."""


class BadStep(StoreError):  # noqa: N818
    """A step that is not one of the match's."""


@dataclass
class _Replay:
    """One finished match: its moves, checkpoints, and the last state shown."""

    actions: tuple[str, ...]
    checkpoints: list[GameState]  # the state after moves 0, EVERY, 2 * EVERY, ...
    cursor: GameState
    names: tuple[str, ...]  # the players' names, by seat
    cursor_step: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def state_at(self, step: int) -> GameState:
        """The state after ``step`` moves (the cursor's own state: read it, do not keep it)."""
        if not self.cursor_step <= step < self.cursor_step + CHECKPOINT_EVERY:
            base = min(step // CHECKPOINT_EVERY, len(self.checkpoints) - 1)
            self.cursor = self.checkpoints[base].clone()
            self.cursor_step = base * CHECKPOINT_EVERY
        for text in self.actions[self.cursor_step : step]:
            self.cursor.play(text)
        self.cursor_step = step
        return self.cursor


def _build(store: MatchStore, match_id: str) -> _Replay:
    record = store.record(match_id)
    state = start(record)
    checkpoints = [state.clone()]
    for number, text in enumerate(record.actions, start=1):
        state.play(text)
        if number % CHECKPOINT_EVERY == 0:
            checkpoints.append(state.clone())
    names = tuple(seat.name for seat in store.info(match_id).seats)
    return _Replay(record.actions, checkpoints, checkpoints[0].clone(), names)


class Replays:
    """The replays this process has been asked for (the few most recent kept)."""

    def __init__(self, store: MatchStore, kept: int = MATCHES_KEPT) -> None:
        self.store = store
        self._kept = kept
        self._replays: OrderedDict[str, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    def steps(self, match_id: str) -> int:
        """How many moves the finished match ``match_id`` has; raises :class:`NotOver`
        (and :class:`~terra.store.UnknownMatch`)."""
        info = self.store.info(match_id)
        if info.status != "over":
            raise NotOver(
                f"match {match_id!r} is still being played; its replay opens when it is over"
            )
        return info.moves

    def update(
        self, match_id: str, step: int, since: int = 0, language: str = "en"
    ) -> dict[str, Any]:
        """The spectator's update at ``step``, with the log entries from ``since`` on worded in
        ``language``, the move that led there (``action``) and the match's number of moves
        (``steps``).

        Blocking (it may replay a whole match): call it off the event loop.
        """
        steps = self.steps(match_id)
        if not 0 <= step <= steps:
            raise BadStep(f"'step' is a whole number from 0 to {steps} (the match's moves)")
        replay = self._replay(match_id)
        with replay.lock:
            state = replay.state_at(step)
            # The step's newest entry is always sent again: a later step may have condensed
            # more events into it (GameState.amend), and the page may hold that later version.
            newest = max(0, state.log_size - 1)
            message = protocol.update(
                state, step, None, min(since, newest), language, names=replay.names
            )
        message["type"] = "replay"
        message["steps"] = steps
        message["action"] = replay.actions[step - 1] if step else None
        return message

    def _replay(self, match_id: str) -> _Replay:
        with self._lock:
            found = self._replays.get(match_id)
            if found is not None:
                self._replays.move_to_end(match_id)
                return found
        built = _build(self.store, match_id)  # outside the lock: other replays go on meanwhile
        with self._lock:
            found = self._replays.setdefault(match_id, built)
            self._replays.move_to_end(match_id)
            while len(self._replays) > self._kept:
                self._replays.popitem(last=False)
        return found


__all__ = ["BadStep", "NotOver", "Replays"]
