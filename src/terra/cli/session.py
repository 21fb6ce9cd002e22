"""The game loop of ``terra play`` at this terminal: the people's seats, the bots, what each
seat has seen, the commands (hint, undo, quit), and the record kept as the game goes.

Input and output are injectable (:class:`Session` takes a ``rich`` console and a
``read(prompt)`` function), so tests can script a whole game; the full screen
(:mod:`terra.cli.screen`) drives the same session.
"""

from __future__ import annotations

import os
import shlex
import signal
import tempfile
import threading
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from types import FrameType

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from terra.ai.bots import Bot
from terra.cli.hinting import hint_lines
from terra.cli.language import Speech, legal_moves, moves_named
from terra.cli.messages import FAILED, INTERRUPTED, PATH_LIMIT, clip, shorten
from terra.core import GameState, IllegalAction, NotationError, Record, TerraError, replay
from terra.core.errors import Worded, marked

Reader = Callable[[str], str]
"""Reads one line after showing a prompt; raises ``EOFError`` when input has ended."""

# A move number longer than this is no move (and int() refuses numbers of over 4,300 digits).
MOVE_NUMBER_DIGITS = 6
MOVES_ON_A_SCREEN = 48  # longer move lists are summed up by kind (a screen is 24 rows)

# The commands at the prompt, each with what it does (said in the chosen language).
COMMANDS = (
    ("help", marked("this help")),
    ("moves", marked("list your legal moves again")),
    ("board", marked("draw the board again")),
    ("log", marked("the whole game log, as you may see it")),
    (
        "hint",
        marked(
            "the search's three best moves, each said best, nearly as good, weaker or poor, "
            "with its expected result, its share of the search and why"
        ),
    ),
    (
        "undo",
        marked(
            "take back your last decision and the bots' moves after it (never past a card "
            "drawn, a die rolled or anything else shown)"
        ),
    ),
    ("quit", marked("stop the game here (it is kept unless --no-save: terra play --resume FILE)")),
)
PERSON = "person"


class PlayError(Worded):
    """A bad option of ``terra play``: reported in one line in the chosen language, exit code
    2 (``template`` is a message of the interface's catalogs, filled with ``fields``)."""


class _Quit(Exception):  # noqa: N818 - a signal, not an error
    """The person typed ``quit``."""


class Session:
    """One game at this terminal: the people's seats, the bots, and what each seat has seen."""

    def __init__(
        self,
        state: GameState,
        people: Sequence[int],
        bots: dict[int, Bot],
        *,
        console: Console,
        read: Reader,
        record: Path | None = None,
        errors: Console | None = None,
        language: str = "en",
    ) -> None:
        missing = set(range(state.num_players)) - set(people) - set(bots)
        if missing:
            raise PlayError(marked("no person or bot plays seat {seat}"), seat=min(missing))
        self.state = state
        self.game = state.game
        self.people = tuple(people)
        self.bots = bots
        self.console = console
        self.errors = errors or console
        self.read = read
        self.record_path = record
        self.language = language  # of the log, the moves and the screens' words
        self.speech = Speech(language)
        start = state.log_size
        self.seen: dict[int | None, int] = defaultdict(lambda: start)
        self.at_keyboard: int | None = None
        self._changing = False
        self._interrupted = False
        self._keep_failed = False

    # --- the game loop ---------------------------------------------------------------------

    def play(self) -> int:
        """Play until the game ends or stops; returns the exit code.

        However the game stops (the end, ``quit``, end of input, Ctrl-C, an output nobody
        reads, an unexpected error in a game or a bot), the record is written when
        ``--record`` asks for it.
        """
        code = 0
        self.keep()
        for line in self.saving_lines(start=True):
            self.console.print(Text(line), soft_wrap=True)
        with self._interrupts_between_changes():
            try:
                self._loop()
                self._finish()
            except BaseException as stop:
                self._changing = True  # from here on, Ctrl-C does not cut the ending short
                code = self._stopped(stop)
            self._changing = True
            saved = self.save()
        if self._interrupted:
            code = code or INTERRUPTED
        return saved or code

    def _stopped(self, stop: BaseException) -> int:
        """Say why the game stopped early; the exit code."""
        actions = self.state.actions_taken
        t = self.speech.t
        if isinstance(stop, _Quit):
            self._say(t("Game stopped after {count} actions.", count=actions))
            return 0
        if isinstance(stop, EOFError):
            self.console.print()
            self._say(t("Input ended: game stopped after {count} actions.", count=actions))
            return 0
        if isinstance(stop, KeyboardInterrupt):
            self.console.print()
            self._say(t("Interrupted: game stopped after {count} actions.", count=actions))
            return INTERRUPTED
        if isinstance(stop, SystemExit):  # rich's answer to an output nobody reads any more
            self._error(f"the output was closed: game stopped after {actions} actions")
            return stop.code if isinstance(stop.code, int) and stop.code else FAILED
        if isinstance(stop, Exception):  # a bug in a game or a bot must not lose the game
            self._error(
                f"the game stopped on an unexpected error after {actions} actions: "
                f"{describe_error(stop)}"
            )
            return FAILED
        raise stop

    def _loop(self) -> None:
        while not self.state.is_over:
            state = self.state  # a new state after an undo
            seat = state.current_player
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.choose(state)
                with self._change():
                    state.play(action, seat=seat)
                    self.keep()
            else:
                self._person_turn(seat)

    @contextmanager
    def _interrupts_between_changes(self) -> Iterator[None]:
        """While the game runs, Ctrl-C waits for the end of a change of the game (an action,
        the writing of the record), so that the record never holds half an action."""
        if threading.current_thread() is not threading.main_thread():
            yield  # signal handlers belong to the main thread; a test may play elsewhere
            return
        previous = signal.signal(signal.SIGINT, self._on_interrupt)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        if self._changing:
            self._interrupted = True
        else:
            raise KeyboardInterrupt

    @contextmanager
    def _change(self) -> Iterator[None]:
        """A change of the game that Ctrl-C does not cut in two."""
        self._changing = True
        try:
            yield
        finally:
            self._changing = False
        if self._interrupted:
            self._interrupted = False
            raise KeyboardInterrupt

    def _person_turn(self, seat: int) -> None:
        if len(self.people) > 1 and seat != self.at_keyboard:
            self._hand_over(seat)
        self._show(seat)
        while True:
            line = self.read(self.speech.t("seat {seat}", seat=seat) + "> ").strip()
            if not line:
                continue
            command = line.lower()
            if command in ("help", "?"):
                self._help()
            elif command == "moves":
                self._moves(every=True)
            elif command == "board":
                self._show(seat)
            elif command == "log":
                self._full_log(seat)
            elif command == "hint":
                self._hint()
            elif command == "undo":
                if self._undo(seat):
                    return
            elif command in ("quit", "exit"):
                raise _Quit
            elif self._try(line, seat):
                return

    def _try(self, line: str, seat: int) -> bool:
        """Play the move ``line`` names (a number or notation); explain when it is illegal."""
        state = self.state
        move: int | str = line
        if line.isdecimal():  # digits of any script; not "²", which int() refuses
            legal = state.legal_actions()
            number = int(line) if len(line) <= MOVE_NUMBER_DIGITS else 0
            if not 1 <= number <= len(legal):
                self._complain(
                    f"there is no move {clip(line)}: choose a number from 1 to "
                    f"{len(legal)}, or type a move"
                )
                return False
            move = legal[number - 1]
        else:
            found = self._named(line)
            if found is None:
                return False
            move = found
        try:
            with self._change():
                state.play(move, seat=seat)
                self.keep()
        except IllegalAction as error:
            self._complain(self.speech.refusal(state, error), error.rule)
            return False
        except TerraError as error:
            self._complain(str(error))
            return False
        return True

    def _named(self, line: str) -> int | str | None:
        """The move ``line`` names: its notation as typed, else the one legal move its words
        name in the game's language (:func:`terra.cli.language.moves_named`), else ``line``
        for the game to refuse; ``None`` when its words name several moves (said)."""
        state = self.state
        try:
            state.parse_action(line)
        except NotationError:
            named = moves_named(line, legal_moves(state, self.language))
            if len(named) == 1:
                return named[0].action
            if named:
                self._complain(
                    self.speech.t(
                        "{typed} names {count} of your moves: {moves}",
                        typed=repr(clip(line)),
                        count=len(named),
                        moves="; ".join(move.label for move in named),
                    )
                )
                return None
        return line

    def _undo(self, seat: int) -> bool:
        """The ``undo`` command: :meth:`undo`, said on the screen."""
        refusal = self.undo(seat)
        if refusal is not None:
            self._complain(refusal)
            return False
        return True

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last decision and the bots' moves after it, by the browser's
        rule (:func:`terra.core.undo.undo_point`); the refusal, saying why, past something
        shown or chance used, or past another person's decision at this terminal (``None``:
        done, and said)."""
        from terra.core.undo import CannotUndo, undo_point  # noqa: PLC0415 - only when asked

        record = self.state.record()
        try:
            point = undo_point(record, seat)
            movers = replay(replace(record, actions=record.actions[:point]))
            for text in record.actions[point:]:
                mover = movers.current_player
                if mover != seat and mover in self.people:
                    raise CannotUndo(
                        "{player} has decided since your last move; an undo at a shared "
                        "terminal takes back only the bots' moves",
                        player=self.name(mover),
                    )
                movers.play(text)
        except CannotUndo as refusal:
            return self.speech.worded(refusal)
        with self._change():
            self.state = replay(replace(record, actions=record.actions[:point], result=None))
            self.keep()
        for viewer, seen in list(self.seen.items()):  # the log as it stood then
            self.seen[viewer] = min(seen, self.state.log_size)
        taken = len(record.actions) - point
        t = self.speech.t
        said = (
            t("Took back 1 action.") if taken == 1 else t("Took back {count} actions.", count=taken)
        )
        self._say(said, "bold")
        return None

    def _hint(self) -> None:
        """The search's best moves for the seat to act (it reads only what that seat may
        know), each said in words as good as the best, nearly as good, weaker or poor
        (:mod:`terra.cli.hinting`)."""
        self._say(self.speech.t("Thinking…"), "dim")
        for line in hint_lines(self.state, self.speech):
            self.console.print(Text(line))

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: clear the screen (on a terminal) and wait for the next person."""
        t, player = self.speech.t, self.name(seat)
        self.console.clear()
        self.console.print(Rule(t("{player} to play", player=player)))
        asked = t("Pass the keyboard to {player}, then press Enter.", player=player)
        if self.read(asked + " ").strip() == "quit":
            raise _Quit
        self.at_keyboard = seat

    def name(self, seat: int) -> str:
        """How the screens name ``seat``: its number and the game's word for it (a colour,
        a nation) in the language."""
        word = self.game.seat_words(self.state, self.language)[seat]
        if not word:
            return self.speech.t("seat {seat}", seat=seat)
        return self.speech.t("seat {seat} ({name})", seat=seat, name=word)

    # --- what is shown -------------------------------------------------------------------

    def _say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def _complain(self, reason: str, rule: str | None = None) -> None:
        reason = shorten(reason)
        said = self.speech.t("Not allowed: {reason}", reason=reason)
        text = Text(said)
        if said.endswith(reason):
            text.stylize("bold red", 0, len(said) - len(reason))
        if rule:
            text.append(f" ({shorten(rule)})", style="dim")
        self.console.print(text)

    def _error(self, message: str) -> None:
        """One line on stderr (soft wrap: a terminal folds it, a log file keeps one line)."""
        self.errors.print(Text(f"terra play: error: {shorten(message)}"), soft_wrap=True)

    def _new_lines(self, seat: int | None) -> None:
        """The log entries ``seat`` has not seen yet."""
        new = self.state.log(seat, since=self.seen[seat])
        for event in new:
            self._say("  " + self.game.describe_event(self.state, event, self.language))
        if new:
            self.console.print()
        self.seen[seat] = self.state.log_size

    def _show(self, seat: int) -> None:
        self.console.print(self.game.render_terminal(self.state, seat))
        self.console.print()
        self._new_lines(seat)
        self._moves()

    def _moves(self, every: bool = False) -> None:
        """The legal moves, numbered, as the language reads them; a list longer than a screen
        is summed up by kind unless ``every`` move is asked for (the ``moves`` command)."""
        t = self.speech.t
        moves = legal_moves(self.state, self.language)
        if len(moves) > MOVES_ON_A_SCREEN and not every:
            kinds: dict[str, list[str]] = {}
            for move in moves:
                kinds.setdefault(move.text.split(" ", 1)[0], []).append(move.label)
            summary = "; ".join(
                f"{verb} ({len(labels)}): {', '.join(labels[:3])}" for verb, labels in kinds.items()
            )
            self.console.print(
                Text(t("Your {count} moves: {summary}.", count=len(moves), summary=summary))
            )
            self.console.print(Text(t("Type a move, or 'moves' to number them all.")))
            return
        width = len(str(len(moves)))
        items = [
            Text(f"{n:>{width}} ", style="bold").append(move.label, style="")
            for n, move in enumerate(moves, start=1)
        ]
        self.console.print(Text(t("Your moves (a number or the notation; help for more):")))
        self.console.print(Columns(items, padding=(0, 3), column_first=True))

    def _full_log(self, seat: int) -> None:
        for event in self.state.log(seat):
            self._say("  " + self.game.describe_event(self.state, event, self.language))

    def _help(self) -> None:
        say, t = self._say, self.speech.t
        say(
            t(
                "Type the number of a move, or the move itself: its notation or its words as "
                "listed, or their first letters (case does not matter)."
            )
        )
        examples: dict[str, str] = {}
        for move in legal_moves(self.state, self.language):
            examples.setdefault(move.text.split(" ", 1)[0], move.label)
        say(t("Moves of the kinds open to you now: {moves}", moves="; ".join(examples.values())))
        notation = self.game.notation_help()
        if notation:
            say(t("Every kind of move: {notation}", notation=notation))
        say(
            t(
                "A move you cannot make is explained, with the rule that forbids it. The "
                "notation of every move is in docs/play.md."
            )
        )
        table = Table.grid(padding=(0, 2))
        for name, meaning in COMMANDS:
            table.add_row(Text(name, style="bold"), Text(t(meaning)))
        self.console.print(table)

    def _label(self, seat: int) -> str:
        if seat in self.bots:
            return f"seat {seat} ({self.bots[seat].name})"
        return f"seat {seat} ({'you' if len(self.people) == 1 else PERSON})"

    def _finish(self) -> None:
        state = self.state
        viewer = self.people[0] if len(self.people) == 1 else None
        if viewer is None:
            self.seen[None] = min(self.seen[p] for p in self.people)
        self._new_lines(viewer)
        t = self.speech.t
        self.console.print(Rule(t("Game over")))
        self.console.print(self.game.render_terminal(state, viewer))
        labels = [self._label(s) for s in range(state.num_players)]
        self.console.print(score_table(state, labels, title=t("Final scores")))
        winners = state.winners()
        names = ", ".join(self._label(s) for s in winners)
        if len(winners) > 1:
            self._say(t("Winners (shared victory): {names}", names=names), "bold")
        else:
            self._say(t("Winner: {names}", names=names), "bold")

    def keep(self) -> None:
        """Save the game as it goes to ``--record`` (a new file put in place of the old, so a
        game killed at any moment leaves a whole record): ``terra play --resume`` goes on
        from it. A failure is said once; the record is tried again at the end."""
        if self.record_path is None or self._keep_failed:
            return
        seats = [
            self.bots[s].name if s in self.bots else PERSON for s in range(self.state.num_players)
        ]
        text = self.state.record(meta={"seats": seats}).to_json() + "\n"
        try:
            partial = self.record_path.with_name(self.record_path.name + ".partial")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, self.record_path)
        except OSError as error:
            self._keep_failed = True
            self._error(f"cannot save the game as it goes: {error.strerror or error}")

    def save(self) -> int:
        """Write the record when ``--record`` asks for it; returns 1 if it could not be
        written there (it is then written to a temporary file, so the game is not lost)."""
        if self.record_path is None:
            return 0
        seats = [
            self.bots[s].name if s in self.bots else PERSON for s in range(self.state.num_players)
        ]
        record = self.state.record(meta={"seats": seats})
        try:
            record.save(self.record_path)
        except OSError as error:
            where = f"cannot write the record {clip(str(self.record_path), PATH_LIMIT)}"
            self._error(f"{where}: {error.strerror or error}; {self._rescue(record)}")
            return FAILED
        # soft wrap: a path broken across lines could not be copied
        for line in self.saving_lines(start=False):
            self.console.print(Text(line), soft_wrap=True)
        return 0

    def saving_lines(self, start: bool) -> list[str]:
        """Where the game is saved, said at its ``start`` and at its end, with the command
        that goes on with it while it is not over; nothing when it is not saved."""
        if self.record_path is None:
            return []
        t, path = self.speech.t, str(self.record_path)
        command = f"terra play --resume {shlex.quote(path)}"
        if start:
            return [
                t("Saved as it goes: {path}; go on with: {command}", path=path, command=command)
            ]
        lines = [t("Record written to {path}", path=path)]
        if not self.state.is_over:
            lines.append(t("Go on with it later: {command}", command=command))
        return lines

    @staticmethod
    def _rescue(record: Record) -> str:
        """Write ``record`` to a new temporary file; says where, or why that failed too."""
        try:
            with tempfile.NamedTemporaryFile(
                "w", prefix="terra-record-", suffix=".json", delete=False, encoding="utf-8"
            ) as rescue:
                rescue.write(record.to_json() + "\n")
        except OSError as error:
            return f"nor a temporary file: {error.strerror or error}"
        return f"it is in {rescue.name} instead"


def describe_error(error: BaseException) -> str:
    """An unexpected exception in one line: its type, message and where it was raised."""
    where = ""
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}"
    return f"{type(error).__name__}: {error}{where}"


def score_table(state: GameState, labels: Sequence[str], title: str = "Final scores") -> Table:
    """Every seat's score by category, ``total`` last."""
    breakdown = state.score_breakdown()
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for label in labels:
        table.add_column(label, justify="right")
    categories = [c for c in breakdown[0] if c != "total"] + ["total"]
    for category in categories:
        style = "bold" if category == "total" else ""
        table.add_row(
            category.replace("_", " "), *(str(b.get(category, 0)) for b in breakdown), style=style
        )
    return table
