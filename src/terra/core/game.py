"""A game: its identity, its options, and the factory of its initial states."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from terra.core.errors import OptionError

if TYPE_CHECKING:
    from terra.core.state import GameState


# How a boolean option may be written on the command line.
_BOOLEAN_WORDS = {
    word: flag
    for flag, words in ((True, ("true", "yes", "on", "1")), (False, ("false", "no", "off", "0")))
    for word in words
}


@dataclass(frozen=True)
class Option:
    """One option a game accepts in ``Game.new(options=...)``."""

    name: str
    help: str
    default: Any = None
    kind: type = str
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        """The value, validated; raises :class:`OptionError` saying what is wrong."""
        if value is None:
            return self.default
        if self.kind is bool and isinstance(value, str):
            value = _BOOLEAN_WORDS.get(value.strip().lower(), value)
        if self.kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name!r} must be true or false, not {value!r}")
        if not isinstance(value, self.kind):
            try:
                value = self.kind(value)
            except (TypeError, ValueError):
                kind = self.kind.__name__
                raise OptionError(f"option {self.name!r} must be a {kind}, not {value!r}") from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        return value


DATA_OPTION = Option(
    "data",
    "directory holding your own transcription of the game's data files (default: the shipped "
    "provisional data)",
)


class Game(ABC):
    """A registered game. Subclasses set the class attributes and implement :meth:`_new`."""

    id: ClassVar[str]
    title: ClassVar[str]
    designer: ClassVar[str]
    year: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = (DATA_OPTION,)

    def new(
        self,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> GameState:
        """A fresh game for ``players`` seats; ``seed`` fixes every chance event."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {players!r}"
            )
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        return self._new(players, int(seed), self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options checked against :attr:`options`, with defaults filled in."""
        given = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise OptionError(f"{self.title} has no option {unknown[0]!r} (options: {names})")
        return {name: option.check(given.get(name)) for name, option in known.items()}

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> GameState:
        """Build the initial state; options are already validated."""

    @abstractmethod
    def provisional_data(self, options: Mapping[str, Any] | None = None) -> bool:
        """Whether the component data in use is a provisional design, not a transcription."""

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
        }

    # Hooks for the layers above (ai, cli, web). They know games only through these.

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        """The move of this game's heuristic player for ``state.current_player``."""
        raise NotImplementedError(f"{self.title} has no heuristic player yet")

    def render_terminal(self, state: GameState, seat: int | None) -> Any:
        """A ``rich`` renderable of what ``seat`` sees, for terminal play."""
        raise NotImplementedError(f"{self.title} has no terminal display yet")

    def describe_event(self, state: GameState, event: Mapping[str, Any]) -> str:
        """One log entry (``{key, args}``) of ``state``'s game in plain English."""
        return f"{event['key']} {event.get('args', {})}"

    def notation_help(self) -> str:
        """A one-paragraph summary of the game's action notation, for players."""
        return ""

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
