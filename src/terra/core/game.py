"""A game: its identity, its options, the facts search needs, and its initial states."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import import_module, resources
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from terra.core.catalogs import refusal_text, words
from terra.core.data import DEFAULT_DATA, absolute_data_path
from terra.core.errors import CampaignError, IllegalAction, OptionError, quote
from terra.core.guide import Guide, guide
from terra.core.position import Position

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from terra.core.data import ComponentData
    from terra.core.evaluator import Evaluator
    from terra.core.record import Record

S = TypeVar("S", bound=Position)

# Seeds are folded into the generator's 64 bits: seeds equal modulo 2**64 play the same game.
SEED_BITS = 64
_SEED_MASK = (1 << SEED_BITS) - 1

# How a boolean option may be written on the command line.
_BOOLEAN_WORDS = {
    word: flag
    for flag, words in ((True, ("true", "yes", "on", "1")), (False, ("false", "no", "off", "0")))
    for word in words
}


# The languages of the game logs (every game's locale/<language>.toml) and of the browser,
# each with its name in itself (the browser's language switch shows it).
LANGUAGES: Mapping[str, str] = MappingProxyType(
    {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
)


class _Played(Protocol):
    """What :meth:`Game.follow` reads and sets of a state (a :class:`GameState`'s own)."""

    game: Game[Any]
    data: ComponentData
    continues: Record | None

    def record(self) -> Record: ...


class _StateClass(Protocol):
    """What :meth:`Game._create` asks of a game's state class: its ``create`` class method
    (a :class:`~terra.core.moves.PhasedState`'s own)."""

    def create(
        self, game: Game[Any], players: int, seed: int, options: dict[str, Any], data: Any
    ) -> Any: ...


@dataclass(frozen=True)
class Option:
    """One option a game accepts in ``Game.new(options=...)``."""

    name: str
    help: str
    default: Any = None
    kind: type = str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None  # the least whole number allowed
    maximum: int | None = None  # the greatest whole number allowed
    only: tuple[str, Any] | None = None  # (option, value): a variant's own, used with it alone

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
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
            raise OptionError(
                f"option {self.name!r} must be at most {self.maximum}, not {quote(value)}"
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
        """JSON-ready form: every field, the ranges as lists."""
        return {**asdict(self), "scores": list(self.scores), "returns": list(self.returns)}


class Game(ABC, Generic[S]):
    """A registered game over its state type ``S``.

    Subclasses set the class attributes (their ``state_class`` builds the initial states) and
    implement :meth:`load_data` and :meth:`score_range`; the hooks at the end have defaults.
    A game's bots come from its :meth:`evaluator`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    designer: ClassVar[str]
    year: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_class: ClassVar[_StateClass]  # the class of the game's states, ``S``
    options: ClassVar[tuple[Option, ...]] = (DATA_OPTION,)
    # The rulebook's own section names, cited for what the core refuses by itself.
    turn_rule: ClassVar[str]  # whose turn it is, and what a turn consists of
    end_rule: ClassVar[str]  # when the game ends
    # The documented bound for search and learning where the rules set none (see Facts).
    length_cap: ClassVar[int]
    max_length: ClassVar[int | None] = None
    # The game's modules that the hooks below import when first used, named within the game's
    # package (``"bots"``): the bots give ``EVALUATOR``; the display (which imports ``rich``)
    # gives ``render``, ``describe`` and, where seats have words, ``seat_words``.
    bots_module: ClassVar[str | None] = None
    display_module: ClassVar[str | None] = None

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

    def follow(
        self,
        previous: S,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        record: Record | None = None,
    ) -> S:
        """The next game of a campaign: a fresh game (as :meth:`new`) that starts where
        ``previous`` left off, as the game's :meth:`_carry_over` says. Its record holds
        ``record``, the previous game's record as kept (by default ``previous.record()``).

        Raises :class:`CampaignError` for a game of another kind or played with other data,
        and for a game whose rules have no campaign.
        """
        before = cast("_Played", previous)
        if before.game is not self:
            raise CampaignError(
                f"a game of {self.title} cannot continue a game of {before.game.title}"
            )
        state = self.new(players, seed, options)
        after = cast("_Played", state)
        if after.data.digest != before.data.digest:
            raise CampaignError(
                "the next game of a campaign is played with the data of the game it continues "
                f"(data digest {before.data.digest}, here {after.data.digest})"
            )
        self._carry_over(previous, state)
        after.continues = before.record() if record is None else record
        return state

    def continuable(self, state: S) -> bool:
        """Whether a next game of a campaign may start where ``state`` left off
        (:meth:`follow`): never, unless the game's rules have a campaign."""
        return False

    def _carry_over(self, previous: S, state: S) -> None:
        """Make the fresh ``state`` start where ``previous`` left off, or raise
        :class:`CampaignError` saying which rule refuses (changing nothing of either)."""
        raise CampaignError(f"{self.title} has no campaign: a game cannot continue another")

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
        checked = {name: option.check(given.get(name)) for name, option in known.items()}
        for option in self.options:  # a variant's own option, set for another variant
            if option.only is not None and checked[option.name] != option.default:
                other, value = option.only
                if checked[other] != value:
                    raise OptionError(
                        f"option {option.name!r} is used only with {other}={value}, "
                        f"not with {other}={checked[other]}"
                    )
        return checked

    @abstractmethod
    def load_data(self, path: str | None = None) -> ComponentData:
        """The component data in directory ``path``, or the shipped data for ``None``."""

    def _create(self, players: int, seed: int, options: dict[str, Any], data: Any) -> S:
        """Build the initial state (:attr:`state_class`'s ``create``); everything given is
        already checked."""
        return cast("S", self.state_class.create(self, players, seed, options, data))

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

    def evaluator(self) -> Evaluator[S]:
        """The game's bots and what its searches know of its play: its
        :class:`~terra.core.evaluator.Evaluator`, the ``EVALUATOR`` of its
        :attr:`bots_module`, imported when first asked for, so that loading the rules does not
        load the bots."""
        if self.bots_module is None:
            raise NotImplementedError(f"{self.title} has no bots yet")
        return cast("Evaluator[S]", self._module(self.bots_module).EVALUATOR)

    def render_terminal(self, state: S, seat: int | None, scale: str | None = None) -> Any:
        """A ``rich`` renderable of what ``seat`` sees, for terminal play: the
        :attr:`display_module`'s ``render(state, seat)``; with ``scale`` (one of
        :meth:`terminal_scales`) ``render(state, seat, scale)``."""
        if self.display_module is None:
            raise NotImplementedError(f"{self.title} has no terminal display yet")
        display = self._module(self.display_module)
        if scale is None:
            return display.render(state, seat)
        return display.render(state, seat, scale)

    def terminal_places(
        self,
        state: S,
        seat: int | None,
        scale: str | None = None,
        width: int = 80,
        prose: int | None = None,
    ) -> Mapping[tuple[int, int], str]:
        """Where :meth:`render_terminal` of ``state`` for ``seat`` at ``scale``, drawn
        ``width`` columns wide (its words folded at ``prose`` columns, as
        :class:`terra.core.terminal.Folded` draws it), shows each place that moves concern:
        each cell (row, column, from the top left of the whole drawing) with the place's name
        as :meth:`GameState.action_data` gives it. The display marks those characters
        (:func:`terra.core.terminal.place_style`); empty for a display that marks none."""
        if self.display_module is None:
            return {}
        from terra.core.terminal import Folded, drawn_places  # noqa: PLC0415 - for terminals

        board = self.render_terminal(state, seat, scale)
        return drawn_places(board if prose is None else Folded(board, prose), width)

    def terminal_scales(self) -> tuple[str, ...]:
        """The scales the terminal board can be drawn at, the smallest first: the
        :attr:`display_module`'s ``SCALES``; empty for a board drawn at one scale only."""
        if self.display_module is None:
            return ()
        return tuple(getattr(self._module(self.display_module), "SCALES", ()))

    def describe_event(
        self,
        state: S,
        event: Mapping[str, Any],
        language: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """One log entry (``{key, args}``) of ``state``'s game as a sentence in ``language``
        (``en``, ``de``, ``nl``; a language the game has no catalog for reads as English).
        With ``names`` (the players' names, by seat) a player is named by name, the game's
        colour or nation beside it (:func:`terra.core.catalogs.person`). The
        :attr:`display_module`'s ``describe(event, data, language, names)`` writes it, from
        the catalog ``locale/<language>.toml``."""
        if self.display_module is None:
            return f"{event['key']} {event.get('args', {})}"
        display = self._module(self.display_module)
        data = getattr(state, "data", None)  # a GameState's component data
        return str(display.describe(event, data, language, names))

    def refusal_text(self, problem: IllegalAction, language: str = "en") -> str:
        """A refusal's reason in ``language``, from the ``[refusal]`` templates of the game's
        catalogs (:func:`terra.core.catalogs.refusal_text`); English as the engine gave it."""
        return refusal_text(type(self).__module__.rpartition(".")[0], problem, language)

    def move_words(self, language: str = "en") -> Mapping[str, str]:
        """The ``[word]`` table of the game's catalog in ``language``: the words of its
        notation (goods, colours, directions) as a button in that language reads them."""
        return words(type(self).__module__.rpartition(".")[0], language)

    def seat_words(self, state: S, language: str = "en") -> list[str]:
        """The game's word for each seat in ``language`` (a colour, a nation), as its log
        names them: the :attr:`display_module`'s ``seat_words(players, language)``; ``""``
        for a game whose seats have none."""
        display = None if self.display_module is None else self._module(self.display_module)
        seat_words = getattr(display, "seat_words", None)
        if seat_words is None:
            return ["" for _ in range(state.num_players)]
        return list(seat_words(state.num_players, language))

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

    def guide(self, language: str = "en") -> Guide:
        """How to play, in ``language`` (English where the game has no guide in it): the
        game package's ``guide/<language>.toml`` (:mod:`terra.core.guide`)."""
        return guide(type(self).__module__.rpartition(".")[0], language)

    def board_layout(self, state: S) -> dict[str, Any]:
        """The fixed, public geometry the browser board needs for ``state``'s component data.

        Positions and names of places, sent once per page (views carry only what changes).
        It must hold nothing that any seat may not know.
        """
        return {}

    def _module(self, name: str) -> ModuleType:
        """The game package's module ``name``, imported now if it is not yet."""
        return import_module(f"{type(self).__module__.rpartition('.')[0]}.{name}")

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
