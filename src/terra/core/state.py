"""The contract every game state implements.

``legal_actions()`` is the one source of truth for legality; ``apply()`` trusts its caller
(search, replays of verified records); ``play()`` checks and explains. Actions are ints in a
fixed per-game range with a stable text notation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from terra.core.errors import IllegalAction, TerraError
from terra.core.record import Record

if TYPE_CHECKING:
    from terra.core.game import Game
    from terra.core.rng import SupportsRandBits

# Actions taken so far, newest first, as a chain of pairs: appending and cloning are O(1).
History = tuple[int, "History"] | None

# The game log, newest first, in the same shape: clones share it and emitting is O(1).
Log = tuple[tuple[str, dict[str, Any]], "Log"] | None


class GameState(ABC):
    """One position of a game, with its seeded random number generator inside."""

    __slots__ = (
        "_history",
        "_legal",
        "_log",
        "_log_size",
        "_sampled",
        "game",
        "num_players",
        "options",
        "seed",
    )

    # Event arguments that only the event's ``player`` may read, by event key (the cards a
    # player drew face down, say). Every other seat and spectators see the event without them.
    private_args: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    game: Game
    num_players: int
    seed: int
    options: dict[str, Any]
    _history: History
    _legal: tuple[int, ...] | None  # the legal actions of this decision, once computed
    _log: Log
    _log_size: int
    _sampled: bool

    def _init_base(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.options = options
        self._history = None
        self._legal = None
        self._log = None
        self._log_size = 0
        self._sampled = False

    def _copy_base(self, other: GameState) -> None:
        """Copy the shared fields into ``other`` (for the subclass's ``clone``)."""
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other._history = self._history
        other._legal = self._legal
        other._log = self._log
        other._log_size = self._log_size
        other._sampled = self._sampled

    # --- the game-specific part ---------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the action space: every action is an int in ``range(num_actions)``."""

    @abstractmethod
    def _find_legal_actions(self) -> Sequence[int]:
        """The legal actions of this decision, computed afresh (``legal_actions`` caches them)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Carry out a legal action (``apply`` has already recorded it in the history)."""

    @abstractmethod
    def _action_text(self, action: int) -> str:
        """The notation of ``action``, known to be in ``range(num_actions)``."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action that ``text`` names; raises :class:`IllegalAction` for unknown text."""

    @abstractmethod
    def explain_illegal(self, action: int) -> IllegalAction | None:
        """Why ``action`` is not legal now, with the rule that says so; ``None`` if it is legal.

        This is the rules' second statement of legality, written from the player's side: the
        contract suite checks at every decision of seeded games that it finds exactly the
        actions that :meth:`legal_actions` leaves out.
        """

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score (final once the game is over, the running count before)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats after every tie-break; several seats share a victory."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready dict of exactly what ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def sample_hidden(self, seat: int, rng: SupportsRandBits) -> GameState:
        """A full state that ``seat`` cannot tell from this one, with a fresh RNG."""

    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position, history and log aside (for ``==``)."""
        raise NotImplementedError(f"{type(self).__name__} does not compare positions")

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's score by category; ``total`` is the score."""
        return [{"total": score} for score in self.scores()]

    # --- shared behaviour ---------------------------------------------------------------

    def emit(self, key: str, **args: Any) -> None:
        """Append an event to the log. ``args`` must be JSON-ready and never changed after."""
        self._log = ((key, args), self._log)
        self._log_size += 1

    @property
    def log_size(self) -> int:
        """How many events the log holds."""
        return self._log_size

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log, oldest first, omniscient: ``{"key": ..., "args": {...}}`` entries."""
        return self._entries(None, 0, omniscient=True)

    def log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The log from entry ``since`` on, oldest first, as ``seat`` may read it.

        Arguments named in :attr:`private_args` are left out of events whose ``player`` is not
        ``seat``. Only the entries asked for are built, so polling for new ones is cheap.
        """
        return self._entries(seat, since, omniscient=False)

    def _entries(self, seat: int | None, since: int, omniscient: bool) -> list[dict[str, Any]]:
        private = self.private_args
        out: list[dict[str, Any]] = []
        node = self._log
        for _ in range(max(0, self._log_size - max(0, since))):
            assert node is not None
            (key, args), node = node
            hidden = private.get(key)
            if hidden and not omniscient and args.get("player") != seat:
                args = {k: v for k, v in args.items() if k not in hidden}
            else:
                args = dict(args)
            out.append({"key": key, "args": args})
        out.reverse()
        return out

    def _redact_log(self, seat: int) -> None:
        """Keep only what ``seat`` may read of the log (for :meth:`sample_hidden`)."""
        chain: Log = None
        for event in self.log(seat):
            chain = ((event["key"], event["args"]), chain)
        self._log = chain

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

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the current player may take now (empty when the game is over).

        Computed once per decision and immutable, so no caller can change what is legal.
        """
        found = self._legal
        if found is None:
            found = self._legal = tuple(self._find_legal_actions())
        return found

    def _forget_legal(self) -> None:
        """Drop the cached legal actions (for a rule that changes the position outside apply)."""
        self._legal = None

    def _remember_legal(self, actions: Sequence[int]) -> None:
        """Cache ``actions`` as this decision's legal actions (a rule that computed them)."""
        self._legal = tuple(actions)

    def apply(self, action: int) -> None:
        """Take a legal action, unchecked. Undefined behaviour for an illegal one."""
        self._legal = None
        self._history = (action, self._history)
        self._apply(action)

    def play(self, action: int | str, seat: int | None = None) -> int:
        """Take ``action`` (an int or its notation) after checking it; returns the int.

        Raises :class:`IllegalAction` with the reason and the rule, and then the state is
        exactly as it was. ``seat``, when given, must be the seat whose turn it is.
        """
        title = self.game.title
        if self.is_over:
            raise IllegalAction("the game is over; no more actions", f"{title}, Game End")
        current = self.current_player
        if seat is not None and seat != current:
            raise IllegalAction(
                f"it is seat {current}'s turn, not seat {seat}'s", f"{title}, Gameplay"
            )
        if isinstance(action, str):
            action = self.parse_action(action)
        elif isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction(f"an action is an int or its notation, not {action!r}")
        if action not in self.legal_actions():
            raise self.explain_illegal(action) or IllegalAction(
                f"{self.action_str(action)!r} is not allowed now", f"{title}, Gameplay"
            )
        self.apply(action)
        return action

    def action_str(self, action: int) -> str:
        """The notation of ``action``; ``parse_action`` reads it back."""
        size = self.num_actions
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
            raise IllegalAction(f"there is no action number {action!r} (0-{size - 1})")
        return self._action_text(action)

    def __eq__(self, other: object) -> bool:
        """The same game, players and position (the same ``_key``), whatever led there."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return (
            self.game is other.game
            and self.num_players == other.num_players
            and self.options == other.options
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]  # positions are mutable

    def legal_action_strs(self) -> list[str]:
        """The legal actions in notation, in the order of :meth:`legal_actions`."""
        return [self.action_str(a) for a in self.legal_actions()]

    def returns(self) -> list[float]:
        """Zero-sum rewards: a sole winner gets 1, losers -1/(n-1), shared wins split.

        Seat i receives n/(n-1) * (w_i - 1/n), where w_i is its share of the victory. With two
        players that is +1 / -1, and 0 each for a shared win. All zeros before the end.
        """
        n = self.num_players
        if not self.is_over:
            return [0.0] * n
        won = self.winners()
        share = 1.0 / len(won)
        factor = n / (n - 1)
        return [factor * ((share if s in won else 0.0) - 1.0 / n) for s in range(n)]

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The public inputs that rebuild this state: game, options, players, seed, actions."""
        if self._sampled:
            raise TerraError("a state from sample_hidden() has no replayable record")
        result = None
        if self.is_over:
            result = {"scores": self.scores(), "winners": self.winners()}
        options = {k: v for k, v in self.options.items() if v is not None}
        return Record(
            game=self.game.id,
            players=self.num_players,
            seed=self.seed,
            options=options,
            actions=tuple(self.action_str(a) for a in self.history),
            result=result,
            meta=dict(meta or {}),
        )
