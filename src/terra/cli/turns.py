"""Where the turns begin in a game's log, for the full screen's turn markers ("— Turn 3:
seat 1 (Blue) —"): a turn is a run of decisions by one seat, numbered from 1 at the start of
the game. Only the core contract is read (the seat to act, the size of the log), so every game
is marked the same way."""

from __future__ import annotations

from dataclasses import replace

from terra.core import GameState, replay


class Turns:
    """The turns of one game so far: the log entry each began at, its number and its seat."""

    def __init__(self) -> None:
        self.starts: dict[int, tuple[int, int]] = {}  # log entry: (turn number, seat)
        self.number = 0  # the turn being played (0: none yet)
        self.seat: int | None = None  # its seat

    @classmethod
    def of(cls, state: GameState) -> Turns:
        """The turns of ``state``'s game from its start, found by playing its record again
        (a game resumed, or taken back by an undo)."""
        turns = cls()
        record = state.record()
        position = replay(replace(record, actions=record.actions[:0], result=None))
        for text in record.actions:
            turns.note(position)
            position.play(text)
        turns.note(position)
        return turns

    def note(self, state: GameState) -> None:
        """Before a decision of ``state``: a new turn when another seat acts than at the last
        decision, beginning at the log's next entry (of two turns that logged nothing in
        between, the later is kept)."""
        seat = state.current_player
        if seat is None or seat == self.seat:
            return
        self.number += 1
        self.seat = seat
        self.starts[state.log_size] = (self.number, seat)
