"""``terra play --screen``: the game full-screen in the terminal (Textual), for one person
against bots: the board in a pane that scrolls, the log, and the legal moves in a list that
filters as you type.

It drives the same :class:`~terra.cli.session.Session` as the line mode: the same rules for
moves, undo (Ctrl+Z) and the record saved as the game goes. The board is the game's own
``render_terminal`` of what the person's seat sees; ``+`` and ``-`` switch it between the
scales the game draws it at (its ``terminal_scales``: the whole map in 80 columns, or in detail).
"""

from __future__ import annotations

import io
from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from terra.cli.session import Session
from terra.core import IllegalAction, TerraError

# The columns the boards are drawn for (the line mode's terminal of 80 columns); a board
# zoomed in takes the columns it needs, up to BOARD_MAX_WIDTH.
BOARD_WIDTH = 80
BOARD_MAX_WIDTH = 240


class PlayScreen(App[None]):
    """One game at this terminal, full-screen."""

    TITLE = "Terra Incognita"
    CSS = """
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #board-box { width: 3fr; overflow: auto auto; }
    #board { width: auto; }
    #side { width: 2fr; min-width: 34; }
    #log { height: 1fr; border: round $secondary; }
    #filter { height: 3; }
    #moves { height: 1fr; border: round $secondary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+b", "focus_board", "Board"),
        Binding("plus", "zoom(1)", "Zoom in", priority=True),
        Binding("minus", "zoom(-1)", "Zoom out", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        if len(session.people) != 1:
            raise TerraError("the full screen is for one person against bots (use line mode)")
        self.session = session
        self.seat = session.people[0]
        self.shown_log = session.state.log_size
        self.moves: list[str] = []
        self.scales = session.game.terminal_scales()  # the board's scales, smallest first
        self.zoom = 0  # the scale shown, by its place in ``scales``

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with ScrollableContainer(id="board-box"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield RichLog(id="log", wrap=True, markup=False)
                yield Input(placeholder="type to filter the moves; Enter plays", id="filter")
                yield OptionList(id="moves")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self.query_one("#moves", OptionList).border_title = "Your moves"
        self.advance()

    # --- the game ----------------------------------------------------------------------

    @work(thread=True, exclusive=True)
    def advance(self) -> None:
        """Let the bots decide until it is the person's turn or the game is over (in a
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
        self.session.keep()

    def play(self, text: str) -> None:
        """The person's move ``text``; a refusal is said in the log with its rule."""
        session = self.session
        if session.state.is_over or session.state.current_player != self.seat:
            return
        try:
            session.state.play(text, seat=self.seat)
        except IllegalAction as refusal:
            rule = f" ({refusal.rule})" if refusal.rule else ""
            self.say(f"Not allowed: {refusal.reason}{rule}")
            return
        except TerraError as refusal:
            self.say(f"Not allowed: {refusal}")
            return
        session.keep()
        self.query_one("#filter", Input).value = ""
        self.advance()

    # --- what is shown -----------------------------------------------------------------

    def say(self, text: str) -> None:
        self.query_one("#log", RichLog).write(text)

    def draw(self, thinking: bool = False) -> None:
        """The board, the new log lines, the status line and the moves."""
        session = self.session
        state = session.state
        self.query_one("#board", Static).update(self.board())
        for event in state.log(self.seat, since=self.shown_log):
            self.say(session.game.describe_event(state, event, session.language))
        self.shown_log = state.log_size
        moves = len(state.history)
        if state.is_over:
            winners = ", ".join(f"seat {s}" for s in state.winners())
            scores = " – ".join(str(s) for s in state.scores())
            words = f"Game over: {scores}; won by {winners}. Ctrl+Q to leave."
        elif thinking:
            words = "The bots are thinking…"
        else:
            words = "Your move."
        status = f"{session.game.title} · seat {self.seat} · {words} (action {moves})"
        self.query_one("#status", Static).update(status)
        mine = not state.is_over and not thinking and state.current_player == self.seat
        self.moves = state.legal_action_strs() if mine else []
        self.show_moves()
        if mine:  # typing goes to the filter, the arrow keys to the list
            self.query_one("#filter", Input).focus()

    def board(self) -> Text:
        """The board as the line mode draws it at :data:`BOARD_WIDTH` columns, kept whole:
        the pane scrolls over it rather than fold its lines. Zoomed in (a larger scale of the
        game's board) it is as wide as it needs."""
        scale = self.scales[self.zoom] if self.scales else None
        board = self.session.game.render_terminal(self.session.state, self.seat, scale)
        width = BOARD_WIDTH
        if self.zoom:
            measure = Console(width=BOARD_MAX_WIDTH).measure(board)
            width = max(BOARD_WIDTH, min(BOARD_MAX_WIDTH, measure.maximum))
        drawn = io.StringIO()
        console = Console(file=drawn, width=width, color_system="truecolor", force_terminal=True)
        console.print(board)
        return Text.from_ansi(drawn.getvalue(), no_wrap=True, overflow="ignore")

    def show_moves(self) -> None:
        """The legal moves, numbered in the game's own order (a number stays with its move
        while the position is the same), those the filter's words match."""
        words = self.query_one("#filter", Input).value.lower().split()
        listed = self.query_one("#moves", OptionList)
        listed.clear_options()
        for number, text in enumerate(self.moves, start=1):
            if all(word in text.lower() for word in words):
                listed.add_option(Option(f"{number:>3} {text}", id=text))
        if listed.option_count:
            listed.highlighted = 0

    def on_key(self, event: object) -> None:
        """Up and down in the filter move through the list of moves."""
        key = getattr(event, "key", "")
        listed = self.query_one("#moves", OptionList)
        if self.focused is self.query_one("#filter", Input) and key in ("up", "down"):
            if key == "down":
                listed.action_cursor_down()
            else:
                listed.action_cursor_up()

    @on(Input.Changed, "#filter")
    def filtered(self) -> None:
        self.show_moves()
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
        refusal = self.session.undo(self.seat)
        if refusal is not None:
            self.say(f"Not allowed: {refusal}")
            return
        self.shown_log = min(self.shown_log, self.session.state.log_size)
        self.say("Took back your last decision.")
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Zooming is offered where the game draws its board at more than one scale; ``+``
        and ``-`` go to the filter while it holds words."""
        if action != "zoom":
            return True
        return len(self.scales) > 1 and not self.query_one("#filter", Input).value

    def action_zoom(self, step: int) -> None:
        """The board at the next larger (``1``) or smaller (``-1``) scale, if there is one."""
        self.zoom = max(0, min(len(self.scales) - 1, self.zoom + step))
        self.query_one("#board", Static).update(self.board())
        self.refresh_bindings()

    def action_focus_board(self) -> None:
        self.query_one("#board-box", ScrollableContainer).focus()
