"""A game: its identity, its options, the facts search needs, and its initial states."""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from terra.core.data import DEFAULT_DATA, absolute_data_path
from terra.core.errors import OptionError, quote
from terra.core.evaluator import part_left, win_shares_to_returns

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from terra.core.data import ComponentData
    from terra.core.state import GameState

S = TypeVar("S", bound="GameState")

# Seeds are folded into the generator's 64 bits: seeds equal modulo 2**64 play the same game.
SEED_BITS = 64
_SEED_MASK = (1 << SEED_BITS) - 1

# How a boolean option may be written on the command line.
_BOOLEAN_WORDS = {
    word: flag
    for flag, words in ((True, ("true", "yes", "on", "1")), (False, ("false", "no", "off", "0")))
    for word in words
}


# The languages of the game logs (every game's locale/<language>.toml) and of the browser.
LANGUAGES = ("en", "de", "nl")


@dataclass(frozen=True)
class Option:
    """One option a game accepts in ``Game.new(options=...)``."""

    name: str
    help: str
    default: Any = None
    kind: type = str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None  # the least whole number allowed

    def check(self, value: Any) -> Any:
        """The value, validated; raises :class:`OptionError` saying what is wrong.

        >>> Option("simple", "the simple game", False, bool).check("yes")
        True
        >>> Option("points", "victory points", 75, int).check("50")
        50
        >>> Option("points", "victory points", 75, int, minimum=1).check(0)
        Traceback (most recent call last):
        terra.core.errors.OptionError: option 'points' must be at least 1, not 0
        """
        if value is None:
            return self.default
        if self.kind is bool and isinstance(value, str):
            value = _BOOLEAN_WORDS.get(value.strip().lower(), value)
        if self.kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r} must be true or false, not {quote(value)}")
        if self.kind is int and isinstance(value, str):
            value = value.strip()
            if value.lstrip("+-").isascii() and value.lstrip("+-").isdigit() and len(value) < 20:
                value = int(value)
        if not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool)):
            kind = {"str": "text", "int": "whole number"}.get(self.kind.__name__, "value")
            raise OptionError(f"option {self.name!r} must be a {kind}, not {quote(value)}")
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise OptionError(
                f"option {self.name!r} must be at least {self.minimum}, not {quote(value)}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {quote(value)}")
        return value


DATA_OPTION = Option(
    "data",
    "directory holding your own transcription of the game's data files (default: the shipped "
    "provisional data)",
)


@dataclass(frozen=True)
class Facts:
    """What search and learning code needs to know of a game before it plays one.

    ``max_length`` is the longest possible game in actions, or ``None`` where the rules set no
    bound (players can always prolong the game by moves that change nothing lasting).
    ``length_cap`` is then the documented bound to truncate at: far beyond every game seen in
    seeded random and greedy play (see ``Game.length_cap``). ``scores`` bounds every seat's
    score; ``returns`` bounds :meth:`GameState.returns`, which is zero-sum.
    """

    players: int
    num_actions: int
    max_length: int | None
    length_cap: int
    scores: tuple[int, int]
    returns: tuple[float, float]
    chance: str = "seeded"  # chance events come from the state's own seeded generator
    information: str = "imperfect"
    zero_sum: bool = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "players": self.players,
            "num_actions": self.num_actions,
            "max_length": self.max_length,
            "length_cap": self.length_cap,
            "scores": list(self.scores),
            "returns": list(self.returns),
            "chance": self.chance,
            "information": self.information,
            "zero_sum": self.zero_sum,
        }


class Game(ABC, Generic[S]):
    """A registered game over its state type ``S``.

    Subclasses set the class attributes and implement :meth:`load_data`, :meth:`_create` and
    :meth:`score_range`; the hooks at the end have safe defaults.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    designer: ClassVar[str]
    year: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = (DATA_OPTION,)
    # The rulebook's own section names, cited for what the core refuses by itself.
    turn_rule: ClassVar[str]  # whose turn it is, and what a turn consists of
    end_rule: ClassVar[str]  # when the game ends
    # The documented bound for search and learning where the rules set none (see Facts).
    length_cap: ClassVar[int]
    max_length: ClassVar[int | None] = None
    # Search: a lead of this many points in ``estimate`` makes a seat about 73% sure to beat
    # one rival (see ``evaluate``); the game's typical margin between good and bad play.
    evaluation_scale: ClassVar[float] = 10.0
    # Search: turns (changes of the seat to act) the rollout policy plays at least before
    # ``evaluate`` judges a leaf, at the start of the searching seat's next turn; 0: only the
    # rest of the searching seat's own turn, judged as it ends (no rival moves in a search).
    rollout_turns: ClassVar[int] = 1
    # Search: whether the tree holds only the searching seat's own turn, every later action
    # played by ``rollout_action`` in each iteration's world (see ``terra.ai.tree``).
    tree_within_turn: ClassVar[bool] = False
    # Search: the progressive bias towards ``favourite_action`` at the root, in return units (a
    # bonus of greedy_bias / (n + 1) after n visits; see ``terra.ai.tree.Settings``). Most
    # decisions are near-ties the search's samples cannot tell apart; there it keeps to the
    # heuristic's plan unless its own figures clearly disagree (bench/README.md).
    greedy_bias: ClassVar[float] = 2.0
    # Search: whether the k-th visit of every root action plays in the same k-th sampled world
    # (``terra.ai.tree.Settings.paired``): actions compared on common deals, not on their luck.
    paired_worlds: ClassVar[bool] = False

    def new(
        self,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> S:
        """A fresh game for ``players`` seats; ``seed`` fixes every chance event.

        Any int is a seed; it is folded into 64 bits (``seed mod 2**64``), and the state and its
        record keep the folded value. Without a seed one is drawn at random.
        """
        self.check_players(players)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"a seed is a whole number, not {quote(seed)}")
        checked = self.resolve_options(options)
        if checked["data"] not in (None, DEFAULT_DATA):  # a record replays from anywhere
            checked["data"] = absolute_data_path(checked["data"])
        return self._create(players, seed & _SEED_MASK, checked, self.load_data(checked["data"]))

    def check_players(self, players: Any) -> None:
        """Raise :class:`OptionError` unless ``players`` is a player count of this game."""
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise OptionError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {quote(players)}"
            )

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options checked against :attr:`options`, with defaults filled in."""
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options are a mapping of names to values, not {quote(options)}")
        given = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted((name for name in given if name not in known), key=str)
        if unknown:
            names = ", ".join(known) or "none"
            raise OptionError(f"{self.title} has no option {quote(unknown[0])} (options: {names})")
        return {name: option.check(given.get(name)) for name, option in known.items()}

    @abstractmethod
    def load_data(self, path: str | None = None) -> ComponentData:
        """The component data in directory ``path``, or the shipped data for ``None``."""

    @abstractmethod
    def _create(self, players: int, seed: int, options: dict[str, Any], data: Any) -> S:
        """Build the initial state; everything given is already checked."""

    @abstractmethod
    def score_range(self, players: int, data: Any) -> tuple[int, int]:
        """Bounds on any seat's score with this data (need not be tight)."""

    def provisional_data(self, options: Mapping[str, Any] | None = None) -> bool:
        """Whether the component data in use is a provisional design, not a transcription."""
        return self.load_data(self.resolve_options(options)["data"]).provisional

    def facts(self, players: int, options: Mapping[str, Any] | None = None) -> Facts:
        """The facts of a game of ``players`` with these options (see :class:`Facts`)."""
        self.check_players(players)
        data = self.load_data(self.resolve_options(options)["data"])
        sample = self.new(players, 0, options)
        return Facts(
            players=players,
            num_actions=sample.num_actions,
            max_length=self.max_length,
            length_cap=self.length_cap,
            scores=self.score_range(players, data),
            returns=(-1.0, 1.0),
        )

    def info(self) -> dict[str, Any]:
        """JSON-ready facts about the game, as listed by ``terra games --json``."""
        return {
            "id": self.id,
            "title": self.title,
            "designer": self.designer,
            "year": self.year,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "provisional_data": self.provisional_data(),
            "options": {o.name: {"default": o.default, "help": o.help} for o in self.options},
            "length_cap": self.length_cap,
        }

    # Hooks for the layers above (ai, cli, web). They know games only through these.

    def greedy_action(self, state: S, rng: random.Random) -> int:
        """The move of this game's heuristic player for ``state.current_player``."""
        raise NotImplementedError(f"{self.title} has no heuristic player yet")

    def favourite_action(self, state: S, rng: random.Random) -> int:
        """The move a search leans towards at its root (``greedy_bias``) and tries first there:
        the best move the game's heuristics know for ``state.current_player`` (default: the
        greedy move). A game may lean on a heuristic tuned for search rather than the ``greedy``
        bot, which stays the fixed baseline bots are measured against. It must read only what
        that seat may know."""
        return self.greedy_action(state, rng)

    def estimate(self, state: S, seat: int) -> float:
        """``seat``'s final score as ``seat`` may foresee it: the running score plus what the
        game's heuristics make of its prospects. It must read only what ``seat`` may know, so
        that it is the same in every ``sample_hidden(seat, ...)`` of ``state``."""
        return float(state.scores()[seat])

    def progress(self, state: S) -> float:
        """How far ``state``'s game has gone towards its end, from 0 to 1, as every seat may
        see it (default 0: the game does not say). Search weighs a lead by it: see
        ``evaluate``."""
        return 0.0

    def evaluate(self, state: S) -> list[float]:
        """Each seat's expected return in ``state``, in the range and sum of ``returns()``.

        Search calls it where a rollout stops. A finished game is its returns; otherwise each
        seat's share of the victory is a softmax of the estimates over ``evaluation_scale``,
        put on the returns' scale (a solitaire game has no rival to weigh against: 0).
        """
        if state.is_over:
            return state.returns()
        n = state.num_players
        if n == 1:
            return [0.0]
        # What is left to play can still turn a lead round, about as the square root of its
        # length (a random walk): near the end the same lead is nearly sure to hold, so a
        # leader is drawn to bring the end on, not to stall.
        return win_shares_to_returns(
            [self.estimate(state, seat) for seat in range(n)],
            self.evaluation_scale * math.sqrt(part_left(self.progress(state))),
        )

    def rollout_action(self, state: S, rng: random.Random) -> int:
        """A quick move for ``state.current_player`` in a search's rollouts (default: uniform
        among the legal actions). It must read only what that seat may know."""
        return rng.choice(state.legal_actions())

    def rival_action(self, state: S, rng: random.Random) -> int:
        """The move a search expects of a rival, ``state.current_player`` being another seat
        than its own, where its tree or its rollouts play that rival's turn (default: the
        rollout policy, ``rollout_action``). A game whose search plays by a heuristic tuned
        for itself (``favourite_action``) may expect its rivals to play the plain one. It must
        read only what that seat may know."""
        return self.rollout_action(state, rng)

    def search_actions(self, state: S) -> tuple[int, ...]:
        """The legal actions a search weighs for ``state.current_player`` (default: all).

        A game whose turns offer free bookkeeping moves that neither advance nor end a turn
        (drop this, bury that, dig it up again) leaves them out: weighed against the move that
        matters, each is nearly a tie, and a search that picks among near-ties by the noise of
        its samples can shuffle its baggage for ever. The search always weighs the game's
        favourite move as well, so a bookkeeping move is still made where the heuristic sees the
        need. None at all leaves the decision to the favourite move: a part of a compound
        decision that the heuristic plans as a whole (the Nile's outfitting), or one whose worth
        the search's evaluation cannot see (the Nile's specialty). It must read only what that
        seat may know."""
        return state.legal_actions()

    def render_terminal(self, state: S, seat: int | None) -> Any:
        """A ``rich`` renderable of what ``seat`` sees, for terminal play."""
        raise NotImplementedError(f"{self.title} has no terminal display yet")

    def describe_event(self, state: S, event: Mapping[str, Any], language: str = "en") -> str:
        """One log entry (``{key, args}``) of ``state``'s game as a sentence in ``language``
        (``en``, ``de``, ``nl``; a language the game has no catalog for reads as English)."""
        return f"{event['key']} {event.get('args', {})}"

    def notation_help(self) -> str:
        """A one-paragraph summary of the game's action notation, for players."""
        return ""

    def web_board(self) -> Traversable | None:
        """The game's browser board, or ``None``: an ES module that draws ``view(seat)`` as SVG.

        It ships in the game's package as ``web/board.js``; ``docs/web.md`` states its interface.
        """
        package = type(self).__module__.rpartition(".")[0]
        board = resources.files(package).joinpath("web", "board.js")
        return board if board.is_file() else None

    def board_layout(self, state: S) -> dict[str, Any]:
        """The fixed, public geometry the browser board needs for ``state``'s component data.

        Positions and names of places, sent once per page (views carry only what changes).
        It must hold nothing that any seat may not know.
        """
        return {}

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
