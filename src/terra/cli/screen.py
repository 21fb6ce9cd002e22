"""``terra play`` full-screen in the terminal (Textual): the board in a pane that scrolls, the
log, and the legal moves in a list that filters as you type; for one person against bots, or
several people at one terminal (hot seat), each shown only what their seat may see.

It drives the same :class:`~terra.cli.session.Session` as the line mode: the same rules for
moves, undo (Ctrl+Z), hints (Ctrl+T) and the record saved as the game goes. The board is the
game's own ``render_terminal`` of what the seat at the keyboard sees; ``+`` and ``-`` switch it
between the scales the game draws it at (its ``terminal_scales``: the whole map in 80 columns,
or in detail), its words folded at the pane's width so that only its map scrolls sideways;
Ctrl+B shows it over the whole window (Escape brings the log and the moves back).
A window under 100 columns gives the side pane 30 of them. Between two people's turns a cover
hides it until the next person presses Enter. A click on a place of the board (its
``terminal_places``) lists only the moves at that place.
"""

from __future__ import annotations

import io
from collections import defaultdict
from dataclasses import replace
from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from terra.cli.hinting import hint_lines
from terra.cli.language import Move, legal_moves
from terra.cli.session import Session
from terra.cli.turns import Turns
from terra.core import GameState, IllegalAction, TerraError
from terra.core.errors import marked
from terra.core.terminal import Folded, place_near

# The columns the boards are drawn for (the line mode's terminal of 80 columns); a board
# zoomed in takes the columns it needs, up to BOARD_MAX_WIDTH.
BOARD_WIDTH = 80
BOARD_MAX_WIDTH = 240
THINKING_DRAW = 0.5  # seconds the bots think before the board shows their moves so far
NARROW = 100  # a window narrower than this gives its side pane 30 columns
LOG_WIDTH = 26  # the log's lines are folded to its pane, never narrower than in 30 columns


class Cover(Static, can_focus=True):
    """What hides the board between two people's turns at one terminal; Enter lifts it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "app.uncover", show=False)]


class BoardBox(ScrollableContainer):
    """The pane the board scrolls in, which Ctrl+B shows over the whole window."""

    ALLOW_MAXIMIZE = True

    class Resized(Message):
        """The pane changed its size: the board's words may be folded anew."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())

    @property
    def prose_width(self) -> int | None:
        """The columns the board's words are folded at: the pane's, but for its scrollbar
        (whose room is kept whether it shows or not); ``None`` before the pane has a size."""
        return self.scrollable_content_region.width or None


class KeysFooter(Footer):
    """The footer, drawn again only when the keys it offers change: not at every change of
    focus between the filter and the list of moves (each drawing mounts its keys anew)."""

    offered: tuple[tuple[str, str, bool], ...] = ()  # the keys drawn: key, words, enabled

    def bindings_changed(self, screen: Screen[object]) -> None:
        offered = tuple(
            (key, shown.binding.description, shown.enabled)
            for key, shown in screen.active_bindings.items()
            if shown.binding.show
        )
        if offered == self.offered:
            return
        if screen.app.app_focus:  # else the footer waits to be drawn until focus returns
            self.offered = offered
        super().bindings_changed(screen)


class PlayScreen(App[None]):
    """One game at this terminal, full-screen."""

    TITLE = "Terra Incognita"
    ALLOW_IN_MAXIMIZED_VIEW: ClassVar[str] = "Footer, #status"
    ESCAPE_TO_MINIMIZE: ClassVar[bool] = False  # Escape is the binding "panes"
    CSS = """
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #cover { display: none; height: 1fr; content-align: center middle; text-style: bold; }
    #board-box { width: 3fr; overflow: auto auto; scrollbar-gutter: stable; }
    #board { width: auto; }
    #side { width: 2fr; min-width: 34; }
    Screen.-narrow #side { width: 30; min-width: 30; }
    #log { height: 1fr; border: round $secondary; scrollbar-gutter: stable; }
    #filter { height: 3; }
    #moves { height: 1fr; border: round $secondary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", marked("Undo")),
        Binding("ctrl+t", "hint", marked("Hint")),
        Binding("ctrl+b", "board", marked("Board")),
        Binding("escape", "panes", marked("Log and moves")),
        Binding("ctrl+o", "point_highlighted", marked("Moves there")),
        Binding("plus", "zoom(1)", marked("Zoom in"), priority=True),
        Binding("minus", "zoom(-1)", marked("Zoom out"), priority=True),
        Binding("ctrl+q", "quit", marked("Quit"), priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        # Under NARROW columns the side pane gives the board all but 30 columns.
        self.HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]
        self.session = session
        self.t = session.speech.t
        # The seat whose view is shown; with several people, nobody's until the first
        # person lifts the cover.
        self.seat: int | None = session.people[0] if len(session.people) == 1 else None
        self.covered: int | None = None  # the seat the cover waits for
        self.moves: list[Move] = []
        self.scales = session.game.terminal_scales()  # the board's scales, smallest first
        self.zoom = 0  # the scale shown, by its place in ``scales``
        self.drawn_width = BOARD_WIDTH  # the columns the board shown was drawn in
        self.prose: int | None = None  # the columns its words were folded at, if folded
        self.pointed: str | None = None  # the place on the board the moves listed are at
        self.thinking = False  # whether the bots are deciding
        self.filtering = False  # whether the filter holds words
        self.turns = Turns.of(session.state)  # where the turns begin in the log
        self.turns_marked: dict[int, int] = defaultdict(int)  # each seat's last turn marked
        for key, bindings in self._bindings.key_to_bindings.items():  # the keys' words
            self._bindings.key_to_bindings[key] = [
                replace(b, description=self.t(b.description)) if b.description else b
                for b in bindings
            ]

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Cover(id="cover")
        with Horizontal(id="table"):
            with BoardBox(id="board-box"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield RichLog(id="log", wrap=True, markup=False, min_width=LOG_WIDTH)
                yield Input(
                    placeholder=self.t("type to filter the moves; Enter plays"), id="filter"
                )
                yield OptionList(id="moves")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = self.t("Log")
        self.query_one("#moves", OptionList).border_title = self.t("Your moves")
        self.session.keep()
        self.call_after_refresh(self.start)  # once the log knows its width, to fold at it

    def start(self) -> None:
        """Where the game is saved, in the log; then the bots' moves up to a person's turn."""
        for line in self.session.saving_lines(start=True):
            self.say(line)
        self.advance()

    # --- the game ----------------------------------------------------------------------

    @work(thread=True, exclusive=True)
    def advance(self) -> None:
        """Let the bots decide until it is a person's turn or the game is over (in a
        thread: a search bot may think for seconds), showing each of their moves."""
        session = self.session
        self.call_from_thread(self.draw, thinking=True)
        while not session.state.is_over:
            seat = session.state.current_player
            bot = session.bots.get(seat) if seat is not None else None
            if bot is None:
                break
            action = bot.choose(session.state)
            self.call_from_thread(self._bot_played, action, seat)
        self.call_from_thread(self.draw)

    def _bot_played(self, action: int, seat: int | None) -> None:
        self.session.state.play(action, seat=seat)
        self.turns.note(self.session.state)
        self.session.keep()

    def play(self, text: str) -> None:
        """The move ``text``; a refusal is said in the log with its rule."""
        session = self.session
        state = session.state
        if state.is_over or self.seat is None or state.current_player != self.seat:
            return
        try:
            state.play(text, seat=self.seat)
        except IllegalAction as refusal:
            rule = f" ({refusal.rule})" if refusal.rule else ""
            said = session.speech.refusal(state, refusal)
            self.say(self.t("Not allowed: {reason}", reason=said) + rule)
            return
        except TerraError as refusal:
            self.say(self.t("Not allowed: {reason}", reason=str(refusal)))
            return
        self.turns.note(state)
        session.keep()
        self.query_one("#filter", Input).value = ""
        self.advance()

    # --- the cover between two people ----------------------------------------------------

    def cover(self, seat: int) -> None:
        """Hide the board, the log and the moves of the seat that played until the person of
        ``seat`` presses Enter: a person never sees another's hand."""
        if self.seat is not None:
            self.session.seen[self.seat] = self.session.state.log_size
        self.seat, self.covered = None, seat
        self.prose = None
        self.screen.minimize()
        self.moves = []
        self.query_one("#board", Static).update("")
        self.query_one("#log", RichLog).clear()
        self.query_one("#moves", OptionList).clear_options()
        self.query_one("#table").display = False
        cover = self.query_one("#cover", Cover)
        cover.update(self.t("Pass to {player}: press Enter", player=self.session.name(seat)))
        cover.display = True
        cover.focus()
        self.query_one("#status", Static).update(
            f"{self.session.game.title} · {self.session.name(seat)}"
        )

    def action_uncover(self) -> None:
        """Enter on the cover: the board as the waiting person's seat sees it."""
        if self.covered is None:
            return
        self.seat, self.covered = self.covered, None
        self.query_one("#cover", Cover).display = False
        self.query_one("#table").display = True
        self.call_after_refresh(self.draw)  # once the log's pane has its width again

    # --- what is shown -----------------------------------------------------------------

    def say(self, text: str) -> None:
        self.query_one("#log", RichLog).write(text)

    def draw(self, thinking: bool = False) -> None:
        """The board, the new log lines, the status line and the moves; the cover instead when
        it is another person's turn at a shared terminal. While the bots are ``thinking``,
        the status line says so and no move is listed: the board and the log wait until they
        are done, or :data:`THINKING_DRAW` seconds if they think longer (a search bot)."""
        session = self.session
        state = session.state
        mover = state.current_player
        if not state.is_over and mover in session.people and mover != self.seat:
            if self.covered != mover:
                self.cover(mover)
            return
        if self.covered is not None:
            return
        self.thinking = thinking
        self.query_one("#status", Static).update(self.status(thinking))
        if thinking:
            self.moves = []
            self.show_moves()
            self.set_timer(THINKING_DRAW, self.draw_while_thinking)
            return
        self.show_position()
        mine = not state.is_over and mover == self.seat
        self.moves = legal_moves(state, session.language) if mine else []
        self.pointed = None
        self.show_moves()
        if mine and self.screen.maximized is None:  # typing goes to the filter
            self.query_one("#filter", Input).focus()

    def draw_while_thinking(self) -> None:
        """The board and the log so far, if the bots are still thinking."""
        if self.thinking and self.covered is None:
            self.show_position()

    def show_position(self) -> None:
        """The board as the viewer sees it and the log's lines the seat at the keyboard has
        not seen, each turn's first line after a marker of that turn."""
        session, state = self.session, self.session.state
        viewer = self.viewer()
        self.query_one("#board", Static).update(self.board(viewer))
        if self.seat is None:
            return
        seen = session.seen[self.seat]
        lines: list[Text] = []
        for entry, event in enumerate(state.log(viewer, since=seen), start=seen):
            start = self.turns.starts.get(entry)
            if start is not None:
                lines.extend(self.turn_marker(*start))
            lines.append(Text(session.game.describe_event(state, event, session.language)))
        if not state.is_over and self.turns.seat is not None:  # the turn being played
            lines.extend(self.turn_marker(self.turns.number, self.turns.seat))
        session.seen[self.seat] = state.log_size
        if lines:  # written at once: one layout of the log, not one per line
            self.query_one("#log", RichLog).write(Text("\n").join(lines))

    def turn_marker(self, number: int, seat: int) -> list[Text]:
        """The line that marks the start of turn ``number`` of ``seat`` in the log of the seat
        at the keyboard, once (none for a turn marked already)."""
        assert self.seat is not None
        if number <= self.turns_marked[self.seat]:
            return []
        self.turns_marked[self.seat] = number
        player = self.session.name(seat)
        return [Text(self.t("— Turn {number}: {player} —", number=number, player=player), "bold")]

    def status(self, thinking: bool) -> str:
        """The status line: the game, the seat at the keyboard, what happens now."""
        session, state, t = self.session, self.session.state, self.t
        if state.is_over:
            winners = ", ".join(session.name(s) for s in state.winners())
            scores = " – ".join(str(s) for s in state.scores())
            words = t(
                "Game over. Scores: {scores}. Won by {winners}.", scores=scores, winners=winners
            )
            words += " " + t("Ctrl+Q to leave.")
        elif thinking:
            words = t("The bots are thinking…")
        else:
            words = t("Your move.")
        seat = "" if self.seat is None else f" · {session.name(self.seat)}"
        actions = t("action {number}", number=state.actions_taken)
        return f"{session.game.title}{seat} · {words} ({actions})"

    def viewer(self) -> int | None:
        """The seat whose view the board shows: the seat at the keyboard, and everybody's at
        the end of a game between people at one terminal."""
        alone = len(self.session.people) == 1
        return self.seat if alone or not self.session.state.is_over else None

    @property
    def scale(self) -> str | None:
        """The scale the board is drawn at (``None``: a game drawn at one scale)."""
        return self.scales[self.zoom] if self.scales else None

    def board(self, viewer: int | None) -> Text:
        """The board as the line mode draws it at :data:`BOARD_WIDTH` columns, its maps kept
        whole (the pane scrolls over them rather than fold their lines) and its words folded
        at the pane's width. Zoomed in (a larger scale of the game's board) it is as wide as
        it needs."""
        board = self.session.game.render_terminal(self.session.state, viewer, self.scale)
        width = BOARD_WIDTH
        if self.zoom:
            measure = Console(width=BOARD_MAX_WIDTH).measure(board)
            width = max(BOARD_WIDTH, min(BOARD_MAX_WIDTH, measure.maximum))
        drawn = io.StringIO()
        self.drawn_width = width
        self.prose = self.query_one("#board-box", BoardBox).prose_width
        console = Console(file=drawn, width=width, color_system="truecolor", force_terminal=True)
        console.print(board if self.prose is None else Folded(board, self.prose))
        return Text.from_ansi(drawn.getvalue(), no_wrap=True, overflow="ignore")

    def redraw_board(self) -> None:
        """The board again, as the viewer sees it, unless the cover hides it."""
        if self.covered is None:
            self.query_one("#board", Static).update(self.board(self.viewer()))

    @on(BoardBox.Resized)
    def refold(self) -> None:
        """The pane's new width: the board's words folded at it, once a board is shown."""
        if self.prose is not None and self.prose != self.query_one(BoardBox).prose_width:
            self.redraw_board()

    def show_moves(self) -> None:
        """The legal moves as the chosen language reads them, numbered in the game's own order
        (a number stays with its move while the position is the same), those the filter's
        words match (in the move's words or its notation); only those at the place pointed at
        on the board, if any."""
        words = self.query_one("#filter", Input).value.casefold().split()
        listed = self.query_one("#moves", OptionList)
        at = self.moves_at(self.pointed)
        shown = [
            Option(f"{number:>3} {move.label}", id=move.text)
            for number, move in enumerate(self.moves, start=1)
            if all(word in f"{move.label} {move.text}".casefold() for word in words)
            and (at is None or move.action in at)
        ]
        listed.clear_options()
        title = self.t("Moves at {place}", place=self.pointed) if self.pointed else ""
        listed.border_title = title or self.t("Your moves")
        listed.add_options(shown)  # at once: one layout of the list
        if listed.option_count:
            listed.highlighted = 0

    def on_key(self, event: object) -> None:
        """Up and down in the filter move through the list of moves; Escape lists every move
        again after a place was pointed at."""
        key = getattr(event, "key", "")
        listed = self.query_one("#moves", OptionList)
        if key == "escape" and self.pointed is not None:
            self.point(None)
        if self.focused is self.query_one("#filter", Input) and key in ("up", "down"):
            if key == "down":
                listed.action_cursor_down()
            else:
                listed.action_cursor_up()

    @on(Input.Changed, "#filter")
    def filtered(self, event: Input.Changed) -> None:
        """The moves the filter's words match; ``+`` and ``-`` zoom only while it is empty
        (the footer is drawn again only when that changes)."""
        self.show_moves()
        if bool(event.value) != self.filtering:
            self.filtering = bool(event.value)
            self.refresh_bindings()

    @on(Input.Submitted, "#filter")
    def typed(self, event: Input.Submitted) -> None:
        """Enter in the filter: the move highlighted in the list (the filter's one move, or the
        one chosen with the arrow keys), else the text as a move's notation."""
        listed = self.query_one("#moves", OptionList)
        text = event.value.strip()
        highlighted = listed.highlighted
        if highlighted is not None and listed.option_count:
            option = listed.get_option_at_index(highlighted)
            assert option.id is not None
            self.play(option.id)
        elif text:
            self.play(text)

    @on(OptionList.OptionSelected, "#moves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.play(event.option.id)

    # --- keys ----------------------------------------------------------------------------

    def action_undo(self) -> None:
        if self.seat is None:
            return
        refusal = self.session.undo(self.seat)
        if refusal is not None:
            self.say(self.t("Not allowed: {reason}", reason=refusal))
            return
        self.say(self.t("Took back your last decision."))
        self.turns = Turns.of(self.session.state)
        for seat, number in self.turns_marked.items():  # the turns taken back are marked again
            self.turns_marked[seat] = min(number, self.turns.number - 1)
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Zooming is offered where the game draws its board at more than one scale; ``+``
        and ``-`` go to the filter while it holds words. Escape is offered while the board
        fills the window."""
        if action == "panes":  # offered while the board fills the window
            return self.screen.maximized is not None
        if action != "zoom":
            return True
        return len(self.scales) > 1 and not self.query_one("#filter", Input).value

    def action_zoom(self, step: int) -> None:
        """The board at the next larger (``1``) or smaller (``-1``) scale, if there is one."""
        self.zoom = max(0, min(len(self.scales) - 1, self.zoom + step))
        self.redraw_board()
        self.refresh_bindings()

    def action_hint(self) -> None:
        """Ctrl+T: the search's best moves for the seat at the keyboard, in words, in the log."""
        state = self.session.state
        if self.seat is None or state.is_over or state.current_player != self.seat:
            return
        self.say(self.t("Thinking…"))
        self.think(state.clone())

    @work(thread=True, exclusive=True, group="hint")
    def think(self, position: GameState) -> None:
        """The hint for ``position``, worked out in a thread (the search takes seconds)."""
        for line in hint_lines(position, self.session.speech):
            self.call_from_thread(self.say, line)

    def action_board(self) -> None:
        """Ctrl+B: the board over the whole window (its status line and footer kept), focused
        so that the arrow keys scroll it; Ctrl+B again brings the panes back."""
        if self.screen.maximized is not None:
            self.action_panes()
            return
        if self.covered is not None:
            return
        box = self.query_one("#board-box", BoardBox)
        box.focus()
        self.screen.maximize(box, container=False)
        self.refresh_bindings()

    def action_panes(self) -> None:
        """Escape: the board, the log and the moves side by side again; typing goes to the
        filter of the moves."""
        self.screen.minimize()
        self.query_one("#filter", Input).focus()
        self.refresh_bindings()

    # --- pointing at the board -----------------------------------------------------------

    @on(events.Click, "#board-box, #board")
    def clicked(self, event: events.Click) -> None:
        """A click on the board: the moves at the place drawn there (or a couple of cells
        off); all the moves again where no place is."""
        if self.covered is not None or not self.moves:
            return
        places = self.session.game.terminal_places(
            self.session.state, self.viewer(), self.scale, self.drawn_width, self.prose
        )
        box = self.query_one("#board-box", ScrollableContainer)
        region = box.content_region
        cell = (
            event.screen_y - region.y + round(box.scroll_y),
            event.screen_x - region.x + round(box.scroll_x),
        )
        self.point(place_near(places, cell))

    def moves_at(self, place: str | None) -> set[int] | None:
        """The actions of the legal moves at ``place`` (``None``: no place pointed at)."""
        if place is None:
            return None
        state = self.session.state
        return {m.action for m in self.moves if state.place_of(m.action) == place}

    def point(self, place: str | None) -> None:
        """List only the moves at ``place``, the first highlighted so that Enter plays it;
        all of them again for ``None`` or a place no move is at (and say so)."""
        if place is not None and not self.moves_at(place):
            self.say(self.t("No moves at {place}.", place=place))
            place = None
        self.pointed = place
        self.show_moves()
        if place is not None:
            self.query_one("#moves", OptionList).focus()
        else:
            self.query_one("#filter", Input).focus()

    def action_point_highlighted(self) -> None:
        """Ctrl+O: only the moves at the place of the move highlighted in the list."""
        listed = self.query_one("#moves", OptionList)
        if listed.highlighted is None or not listed.option_count:
            return
        text = listed.get_option_at_index(listed.highlighted).id
        move = next((m for m in self.moves if m.text == text), None)
        if move is not None:
            self.point(self.session.state.place_of(move.action))
