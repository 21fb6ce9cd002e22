"""The contract every game state implements, and the plumbing every game shares.

``legal_actions()`` is the one source of truth for legality; ``apply()`` trusts its caller
(search, replays of verified records); ``play()`` checks and explains. Actions are ints in a
fixed per-game range with a stable text notation (:mod:`terra.core.actions`).

A game writes only its rules: the fields of its position, ``_find_legal_actions`` and
``explain_illegal``, one function per kind of action (``RULES``), scoring, ``_view`` and
``_redeal``. The core does the rest: the history and the log, caching the legal actions,
checked play, notation, views and samples, records.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from terra.core.actions import MAX_NOTATION, ActionSpace, Rule
from terra.core.errors import (
    IllegalAction,
    NotationError,
    NotYourTurn,
    SeatError,
    TerraError,
    quote,
    refusal,
)
from terra.core.fields import ASIDE, CLONE, Fielded, Fields, aside, copier
from terra.core.record import Record
from terra.core.rng import Rng, new_seed

if TYPE_CHECKING:
    from terra.core.data import ComponentData
    from terra.core.game import Game
    from terra.core.rng import SupportsRandBits

# Actions taken so far, newest first, as a chain of pairs: appending and cloning are O(1).
History = tuple[int, "History"] | None

# The game log, newest first, in the same shape: clones share it and emitting is O(1).
Log = tuple[tuple[str, dict[str, Any]], "Log"] | None

# Where a sample's log stops being the real game's: its first ``count`` entries are read as
# ``seat`` read them; entries after are the sample's own.
Seal = tuple[int, int]
_NOBODY = -1  # a seat no event names: it reads no private argument


class _SortedShuffles(random.Random):
    """A generator whose shuffles sort first: a redeal then depends on what is shuffled, never
    on the hidden order it was in, so a sample is a function of the seat's knowledge and the
    generator alone (IS-MCTS decides the same in every state its seat cannot tell apart)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = sorted(x)
        super().shuffle(x)


class GameState(Fielded, ABC):
    """One position of a game, with its seeded random number generator inside."""

    # The shared fields: a clone shares all but the generator, and none is part of the
    # position (``_key``: the game's own fields).
    FIELDS: ClassVar[Fields] = {
        "game": ASIDE,
        "num_players": ASIDE,
        "seed": ASIDE,
        "options": ASIDE,
        "rng": aside(CLONE),
        "data": ASIDE,
        "tables": ASIDE,
        "_history": ASIDE,
        "_taken": ASIDE,
        "_legal": ASIDE,
        "_log": ASIDE,
        "_log_size": ASIDE,
        "_amended": ASIDE,
        "_seal": ASIDE,
        "continues": ASIDE,
    }
    __slots__ = tuple(FIELDS)

    # The rule of each kind of action: ``RULES[kind](state, *args)`` (see ``ActionSpace``).
    RULES: ClassVar[Mapping[int, Rule]]

    # Event arguments that only the event's ``player`` may read, by event key (the cards a
    # player drew face down, say). Every other seat and spectators see the event without them.
    private_args: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    game: Game[Any]
    num_players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    data: ComponentData
    tables: ActionSpace
    _history: History
    _taken: int  # the actions in _history
    _legal: tuple[int, ...] | None  # the legal actions of this decision, once computed
    _log: Log
    _log_size: int
    _amended: frozenset[int]  # the entries condensed with later events (amend)
    _seal: Seal | None  # set in samples only
    continues: Record | None  # the record of the game this one continues (Game.follow)

    def _init_base(
        self,
        *,
        game: Game[Any],
        players: int,
        seed: int,
        options: dict[str, Any],
        data: ComponentData,
        tables: ActionSpace,
    ) -> None:
        """Set the shared fields of a new game (for the game's own constructor)."""
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.data = data
        self.tables = tables
        self._history = None
        self._taken = 0
        self._legal = None
        self._log = None
        self._log_size = 0
        self._amended = frozenset()
        self._seal = None
        self.continues = None

    def _copy_base(self, other: GameState) -> None:
        """Copy the shared fields into ``other`` (for a ``clone`` written by hand)."""
        _copy_base(self, other)

    # --- the game-specific part ---------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    def lapse(self) -> str | None:
        """The move played for the seat to act when its time to answer runs out, where a
        server gives it a time: in a decision that answers another seat's proposal, its
        refusal; ``None`` for every other decision, which waits for its seat."""
        return None

    @abstractmethod
    def _find_legal_actions(self) -> Sequence[int]:
        """The legal actions of this decision, computed afresh (``legal_actions`` caches them)."""

    @abstractmethod
    def _explain(self, action: int) -> IllegalAction | None:
        """The game's part of :meth:`explain_illegal`, for an action in range while the game
        goes on."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for search: made from the fields a game declares
        in ``FIELDS`` (:mod:`terra.core.fields`), unless the game writes its own."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score (final once the game is over, the running count before)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats after every tie-break; several seats share a victory."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's part of :meth:`view`: the position as ``seat`` may know it."""

    @abstractmethod
    def _redeal(self, sample: Self, seat: int, rng: random.Random) -> None:
        """Redeal in ``sample`` (a clone of this state) everything ``seat`` cannot know,
        keeping everything ``view(seat)`` shows; ``rng`` is for the shuffles."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position, history and log aside (for ``==``): made
        from ``FIELDS`` too."""

    def _parse(self, text: str) -> int:
        """The action ``text`` names, where it is not the notation itself: the game's
        readings of ids for names, other words and the like; -1 when ``text`` is no action.
        Raises :class:`NotationError` to say what exactly is wrong (a misspelt place)."""
        return -1

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's score by category; ``total`` is the score."""
        return [{"total": score} for score in self.scores()]

    # --- actions ------------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        """Size of the action space: every action is an int in ``range(num_actions)``."""
        return len(self.tables.text)

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the current player may take now (empty when the game is over).

        Computed once per decision and immutable, so no caller can change what is legal.
        """
        found = self._legal
        if found is None:
            found = self._legal = tuple(self._find_legal_actions())
        return found

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` (an action in range) is legal now: ``action in legal_actions()``,
        which a game may answer faster for one action (search asks at every step of its tree).
        """
        return action in self.legal_actions()

    def _forget_legal(self) -> None:
        """Drop the cached legal actions (for a rule that changes the position outside apply)."""
        self._legal = None

    def apply(self, action: int) -> None:
        """Take a legal action, unchecked. Undefined behaviour for an illegal one."""
        self._legal = None
        self._history = (action, self._history)
        self._taken += 1
        tables = self.tables
        self.RULES[tables.kind[action]](self, *tables.args[action])

    def play(self, action: int | str, seat: int | None = None) -> int:
        """Take ``action`` (an int or its notation) after checking it; returns the int.

        Raises :class:`IllegalAction` with the reason and the rule (:class:`NotationError`
        for text that is no action), and then the state is exactly as it was. ``seat``, when
        given, must be the seat whose turn it is (:class:`SeatError` if it is no seat).
        """
        game = self.game
        if seat is not None:
            self._check_seat(seat)
        if self.is_over:
            raise refusal("game_over", "the game is over; no more actions", game.end_rule)
        current = self.current_player
        if seat is not None and seat != current:
            raise NotYourTurn(seat, current, game.turn_rule)
        if isinstance(action, str):
            action = self.parse_action(action)
        elif isinstance(action, bool) or not isinstance(action, int):
            raise NotationError(f"an action is an int or its notation, not {quote(action)}")
        if action not in self.legal_actions():  # explain_illegal says if it is out of range
            raise self.explain_illegal(action) or refusal(
                "not_now",
                "'{move}' is not allowed now",
                game.turn_rule,
                move=self.action_str(action),
            )
        self.apply(action)
        return action

    def explain_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` is not legal now, with the rule that says so; ``None`` if it is legal.

        This is the rules' second statement of legality, written from the player's side: the
        contract suite checks at every decision of seeded games that it finds exactly the
        actions that :meth:`legal_actions` leaves out.
        """
        size = self.num_actions
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
            return NotationError(f"there is no action number {quote(action)} (0-{size - 1})")
        if self.is_over:
            return refusal("game_over", "the game is over; no more actions", self.game.end_rule)
        return self._explain(action)

    def action_str(self, action: int) -> str:
        """The notation of ``action``; ``parse_action`` reads it back."""
        size = self.num_actions
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
            raise NotationError(f"there is no action number {quote(action)} (0-{size - 1})")
        return self.tables.text[action]

    def parse_action(self, text: str) -> int:
        """The action that ``text`` names, ignoring case and spacing.

        Raises :class:`NotationError` for text that names no action, saying what is wrong and
        suggesting what was probably meant.
        """
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {quote(text)}")
        title = self.game.title
        an = "an" if title[:1].lower() in "aeiou" else "a"
        if len(text) > MAX_NOTATION:
            raise NotationError(f"{quote(text)} is not {an} {title} action: far too long")
        found = self.tables.find(text)
        if found < 0:
            found = self._parse(text)
        if found < 0:
            hint = self._suggest(text) or f"; try: {self.game.notation_help()}"
            raise NotationError(f"{quote(text.strip())} is not {an} {title} action{hint}")
        return found

    def _suggest(self, text: str) -> str:
        """``"; did you mean X?"`` for the legal actions nearest to ``text``, or ``""``."""
        import difflib  # noqa: PLC0415 - only for a person's typing mistakes

        legal = {self.tables.text[a].lower(): self.tables.text[a] for a in self.legal_actions()}
        close = difflib.get_close_matches(text.strip().lower(), legal, n=3, cutoff=0.75)
        if not close:
            return ""
        return "; did you mean " + " or ".join(repr(legal[c]) for c in close) + "?"

    def action_data(self, action: int) -> dict[str, Any]:
        """What a board needs of one action, so that it never reads the notation: the name of
        its kind of move, its arguments (ints, in the order of its notation) and the place on
        the board it concerns (the key the game's view uses for it; ``None``: no one place)."""
        tables = self.tables
        return {
            "kind": self._kind_name(tables.kind[action]),
            "args": list(tables.args[action]),
            "place": self.place_of(action),
        }

    def action_rule(self, action: int) -> str:
        """The rule that allows ``action``'s kind of move, as the rulebook is cited (``""``:
        the game does not say)."""
        return ""

    def _kind_name(self, kind: int) -> str:
        """The name of a kind of move (a game that declares its moves names them)."""
        return str(kind)

    def place_of(self, action: int) -> str | None:
        """The place on the board ``action`` concerns, as the game's view names it (``None``:
        no one place): what a board or a screen needs to show or pick a move where it
        happens, without the rest of :meth:`action_data`."""
        return None

    def legal_action_strs(self) -> list[str]:
        """The legal actions in notation, in the order of :meth:`legal_actions`."""
        text = self.tables.text
        return [text[a] for a in self.legal_actions()]

    # --- what a seat may know -----------------------------------------------------------

    def _check_seat(self, seat: Any, spectator: bool = False) -> None:
        """Raise :class:`SeatError` unless ``seat`` is a seat of this game (or ``None``, a
        spectator, where ``spectator`` allows)."""
        if seat is None and spectator:
            return
        n = self.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            spectators = " or None (a spectator)" if spectator else ""
            raise SeatError(f"a seat is 0 to {n - 1}{spectators}, not {quote(seat)}")

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready dict of exactly what ``seat`` may know (``None``: a spectator).

        The position only: the log is read with :meth:`log`, so a view costs the same at any
        length of game. The seat to act also finds its legal moves in notation.
        """
        self._check_seat(seat, spectator=True)
        view: dict[str, Any] = {"game": self.game.id, "seat": seat}
        view.update(self._view(seat))
        current = self.current_player
        if current is not None and current == seat:
            view["legal_actions"] = self.legal_action_strs()
        if self.is_over:
            view["winners"] = self.winners()
        return view

    def sample_hidden(self, seat: int, rng: SupportsRandBits) -> Self:
        """A full state that ``seat`` cannot tell from this one, with a fresh RNG.

        Everything hidden from ``seat`` is redealt (the game's ``_redeal``), the generator is
        reseeded so the sample cannot read the future, and its log reads as ``seat`` reads
        this one. The cost is that of a clone and the redeal, whatever the length of the game.
        """
        self._check_seat(seat)
        sample = self.clone()
        sample._legal = None  # found from what is really hidden: would leak it
        # Shuffles for search need no replay across versions: the C-backed generator serves
        shuffler = _SortedShuffles(rng.getrandbits(64))
        self._redeal(sample, seat, shuffler)
        sample.rng = Rng(new_seed(rng))
        seal = self._seal
        if seal is not None and seal[0] != seat:  # a sample of another seat's sample:
            seat = _NOBODY  # its log reads as neither seat could read it
        sample._seal = (seat, self._log_size)
        return sample

    # --- the log ------------------------------------------------------------------------

    def emit(self, key: str, **args: Any) -> None:
        """Append an event to the log. ``args`` must be JSON-ready and never changed after."""
        self._log = ((key, args), self._log)
        self._log_size += 1

    def amend(self, key: str, **args: Any) -> None:
        """Replace the newest entry of the log by ``key`` and ``args``: a game condensing a
        run of like events into one entry (nine purchases of a ration as one). The entry is
        remembered as amended (:meth:`log_amended`), so that a page holding it gets it again."""
        assert self._log is not None, "no entry to amend"
        self._log = ((key, args), self._log[1])
        index = self._log_size - 1
        if index not in self._amended:
            self._amended = self._amended | {index}

    @property
    def newest_entry(self) -> tuple[str, dict[str, Any]] | None:
        """The newest entry of the log as ``(key, args)`` (not to be changed), or None."""
        return None if self._log is None else self._log[0]

    def log_amended(self, index: int) -> bool:
        """Whether log entry ``index`` has been amended since it was emitted."""
        return index in self._amended

    @property
    def log_size(self) -> int:
        """How many events the log holds."""
        return self._log_size

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log, oldest first, as complete as this state knows it: ``{"key": ...,
        "args": {...}}`` entries (in a sample, the real game's part as its seat read it)."""
        return self._entries(None, 0, omniscient=True)

    def log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The log from entry ``since`` on, oldest first, as ``seat`` may read it.

        Arguments named in :attr:`private_args` are left out of events whose ``player`` is not
        ``seat``. Only the entries asked for are built, so polling for new ones is cheap.
        """
        self._check_seat(seat, spectator=True)
        return self._entries(seat, since, omniscient=False)

    def _entries(self, seat: int | None, since: int, omniscient: bool) -> list[dict[str, Any]]:
        private = self.private_args
        sealed_for, sealed = self._seal or (_NOBODY, 0)
        out: list[dict[str, Any]] = []
        node = self._log
        index = self._log_size
        for _ in range(max(0, self._log_size - max(0, since))):
            assert node is not None
            (key, args), node = node
            index -= 1
            hidden = private.get(key)
            if hidden:
                player = args.get("player")
                reader: int | None
                if index < sealed:  # the real game's part, as the sample's seat read it
                    reader = sealed_for if omniscient or seat == sealed_for else _NOBODY
                else:
                    reader = player if omniscient else seat
                if player != reader:
                    args = {k: v for k, v in args.items() if k not in hidden}
            out.append({"key": key, "args": dict(args)})
        out.reverse()
        return out

    @property
    def actions_taken(self) -> int:
        """How many actions have been taken since the start: ``len(history)``, without
        walking it."""
        return self._taken

    @property
    def history(self) -> list[int]:
        """Every action taken since the start, oldest first."""
        actions: list[int] = []
        node = self._history
        while node is not None:
            actions.append(node[0])
            node = node[1]
        actions.reverse()
        return actions

    # --- results ------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Zero-sum rewards: a sole winner gets 1, losers -1/(n-1), shared wins split.

        Seat i receives n/(n-1) * (w_i - 1/n), where w_i is its share of the victory. With two
        players that is +1 / -1, and 0 each for a shared win. All zeros before the end. A
        solitaire game is played against the game itself: +1 for a win, -1 for a loss (no
        winners).
        """
        n = self.num_players
        if not self.is_over:
            return [0.0] * n
        if n == 1:
            return [1.0 if self.winners() else -1.0]
        factor = n / (n - 1)
        return [factor * (w - 1.0 / n) for w in self.victory_shares()]

    def victory_shares(self) -> list[float]:
        """Each seat's share of the victory: a winner's is one over the number of winners,
        every other seat's 0 (all 0 before the end)."""
        if not self.is_over:
            return [0.0] * self.num_players
        won = self.winners()
        share = 1.0 / len(won) if won else 0.0
        return [share if s in won else 0.0 for s in range(self.num_players)]

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The public inputs that rebuild this state: game, options, players, seed, actions,
        the digest of the data they were played with, and the record of the game it continues
        (a campaign's, :meth:`Game.follow`)."""
        if self._seal is not None:
            raise TerraError("a state from sample_hidden() has no replayable record")
        result = None
        if self.is_over:
            result = {"scores": self.scores(), "winners": self.winners()}
        options = {k: v for k, v in self.options.items() if v is not None}
        text = self.tables.text
        return Record(
            game=self.game.id,
            players=self.num_players,
            seed=self.seed,
            options=options,
            actions=tuple(text[a] for a in self.history),
            result=result,
            meta=dict(meta or {}),
            data_digest=self.data.digest,
            continues=self.continues,
        )

    # --- comparison ---------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """The same game, players and position (the same ``_key``), whatever led there."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return (
            self.game is other.game
            and self.num_players == other.num_players
            and self.options == other.options
            and self.data is other.data
            and self.rng.state == other.rng.state
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]  # positions are mutable


_copy_base = copier(GameState.FIELDS)
