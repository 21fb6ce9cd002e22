"""Moves declared once: what a game writes about each kind of move, and what the core derives.

A game declares each kind of move once, in the module of its rulebook chapter, as a
:class:`Move`: its name, the rule it carries out, how its actions are written (its notation
and arguments, in a fixed order), its legal actions now (``offer``), why one of them is
refused (``explain``) and what it does (``effect``). Its phases are an enum (a subclass of
:class:`Phase`) whose members say what the player to act is doing, which rule says so and
which moves they offer, in the order the legal actions list them. A :class:`Rulebook` takes
the phases, the moves in the fixed order of the action space, and the game's set-up, scoring,
views and notation hooks; from them the core builds the action space, the dispatch
(``RULES``), ``legal_actions``, the refusals, the phase names, and every member of the state
contract that is not the position itself (:class:`PhasedState`).

Legality is stated twice, as before: ``offer`` lists the legal actions fast, for search;
``explain`` judges one action from the player's side. The contract suite checks at every
decision of seeded games that the two agree.

A minimal game: one counter, raised by one or two; reaching five ends it.

>>> from types import SimpleNamespace
>>> class Stage(Phase):
...     RAISE = "it is your turn: raise the counter", "Race, Play", ("raise", "stop")
...     OVER = "the race is over", "Race, End"
>>> def explain_raise(state, by):
...     if state.count + by > 5:
...         return IllegalAction(f"the counter stands at {state.count}", "Race, Play")
...     return None
>>> def do_raise(state, by):
...     state.count += by
...     state.phase = Stage.OVER if state.count == 5 else Stage.RAISE
>>> def write_raises(data, out):
...     for by in (1, 2):
...         out.add(f"raise {by}", by)
>>> RAISE = Move(
...     name="raise",
...     rule="Race, Play",
...     notation=write_raises,
...     offer=checked(lambda state: (1, 2), explain_raise),
...     explain=explain_raise,
...     effect=do_raise,
... )
>>> STOP = Move(
...     name="stop",
...     rule="Race, Play",
...     notation=fixed("stop"),
...     offer=lambda state, out: out.append(0),
...     explain=lambda state: None,
...     effect=lambda state: setattr(state, "phase", Stage.OVER),
... )
>>> race = Rulebook(
...     title="Race",
...     phases=Stage,
...     moves=(STOP, RAISE),
...     set_up=lambda state: None,
...     breakdown=lambda state, seat: {"total": state.count},
...     winners=lambda state: [0],
...     view=lambda state, seat: {"count": state.count},
...     redeal=lambda state, sample, seat, rng: None,
... )
>>> space = race.action_space(None)
>>> space.text, space.args
(('stop', 'raise 1', 'raise 2'), ((), (1,), (2,)))
>>> state = SimpleNamespace(phase=Stage.RAISE, count=4, tables=space)
>>> race.legal_actions(state)  # in the order the phase names its moves
[1, 0]
>>> print(race.explain(state, 2))
the counter stands at 4 (Race, Play)
>>> race.rules[space.kind[1]](state, *space.args[1])
>>> state.phase.label, state.phase.ends_game, race.legal_actions(state)
('over', True, [])
>>> print(race.explain(state, 0))
cannot 'stop' now: the race is over (Race, End)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from terra.core.actions import ActionSpace, ActionSpaceBuilder, Rule
from terra.core.errors import IllegalAction, refusal
from terra.core.fields import SAME, Fields
from terra.core.state import GameState

if TYPE_CHECKING:
    from terra.core.data import ComponentData
    from terra.core.game import Game


class Phased(Protocol):
    """What the core's derivations read of a state: its phase and its action space."""

    @property
    def phase(self) -> Phase: ...

    @property
    def tables(self) -> ActionSpace: ...


S = TypeVar("S", bound=Phased)  # a game's state
D = TypeVar("D")  # a game's component data

# Adds a move's legal actions now to a list, in the order legal_actions lists them:
# ``offer(state, out)``. Fast: search lists the legal actions at every decision, and one list
# collects every offer's. Moves whose actions are listed interleaved share one offer (the same
# function), which the core calls once, where the first of them stands in the phase.
Offer = Callable[[S, list[int]], None]
# Why an action of the move is refused: ``explain(state, *args)``, ``None`` when it is legal.
Explain = Callable[..., IllegalAction | None]
# A refusal of an action by its int, where the state's phase offers no move of its kind.
Refusal = Callable[[S], IllegalAction]


class Writer:
    """Where a move writes its actions into the action space, in order: ``add(text, *args)``
    appends one and returns its int; ``alias(text, action)`` is another way to write one."""

    __slots__ = ("_builder", "_kind")

    def __init__(self, builder: ActionSpaceBuilder, kind: int) -> None:
        self._builder = builder
        self._kind = kind

    def add(self, text: str, *args: int) -> int:
        """Append an action of this move, written ``text``, taken with ``args``."""
        return self._builder.add(self._kind, text, *args)

    def alias(self, text: str, action: int) -> None:
        """Another way to write ``action`` (an id for a name, say)."""
        self._builder.alias(text, action)


# How a move's actions are written for one data set: ``notation(data, writer)``.
Notation = Callable[[Any, Writer], None]
# The place on the board an action of a move concerns, as the game's view names it (a hex, a
# city): ``place(data, *args)``; ``None`` for no one place.
Place = Callable[..., str | None]


def fixed(text: str) -> Notation:
    """The notation of a move that is one action, always written ``text``, without arguments."""

    def write(data: Any, out: Writer) -> None:
        out.add(text)

    return write


def one_each(verb: str, words: Sequence[str]) -> Notation:
    """The notation of a move that is one action for each of ``words``, written
    ``<verb> <word>`` and taken with the word's index."""

    def write(data: Any, out: Writer) -> None:
        for index, word in enumerate(words):
            out.add(f"{verb} {word}", index)

    return write


class Always:
    """The offer of actions that are legal wherever a phase offers their move (``pass``, say):
    the core lists them without a call."""

    __slots__ = ("actions",)

    def __init__(self, *actions: int) -> None:
        self.actions = actions

    def __call__(self, state: Any, out: list[int]) -> None:
        out += self.actions

    def __repr__(self) -> str:
        return f"Always{self.actions}"


def allowed(*_args: object) -> None:
    """The ``explain`` of a move whose actions a phase that offers it never refuses (its offer
    is :class:`Always`, say): there is nothing to explain."""


def checked(candidates: Callable[[S], Iterable[int]], explain: Explain) -> Offer[S]:
    """An offer of the ``candidates`` (the actions worth judging now, a superset of the legal
    ones) that ``explain`` lets through: for a move whose legality is one statement, where a
    faster list would only restate it."""

    def offer(state: Any, out: list[int]) -> None:
        args = state.tables.args
        out += [a for a in candidates(state) if explain(state, *args[a]) is None]

    return offer


class Move(Generic[S]):
    """One kind of move, declared once: everything the core needs to list, refuse, write and
    carry out its actions.

    ``name`` is unique within a game, and phases name the moves they offer by it. ``rule`` is
    the rulebook section the move carries out. ``notation(data, writer)`` writes its actions
    in their fixed order, with the arguments ``explain`` and ``effect`` take. ``offer(state,
    out)`` adds its legal actions to ``out`` in the phases that offer it (:class:`Always` for
    actions always legal there). ``explain(state, *args)`` says why an action of it is refused
    there, with the rule (``None``: it is legal).
    ``effect(state, *args)`` carries a legal action out, unchecked. ``unoffered(state)``, if
    given, words the refusal in a phase that does not offer the move (by default the phase's:
    what the player is doing instead). ``place(data, *args)``, if given, names the place on
    the board an action concerns, for boards that show moves where they happen.
    """

    __slots__ = ("effect", "explain", "name", "notation", "offer", "place", "rule", "unoffered")

    def __init__(
        self,
        *,
        name: str,
        rule: str,
        notation: Notation,
        offer: Offer[S],
        explain: Explain,
        effect: Rule,
        unoffered: Refusal[S] | None = None,
        place: Place | None = None,
    ) -> None:
        self.name = name
        self.rule = rule
        self.notation = notation
        self.offer = offer
        self.explain = explain
        self.effect = effect
        self.unoffered = unoffered
        self.place = place

    def __repr__(self) -> str:
        return f"<Move {self.name!r} ({self.rule})>"


class Phase(IntEnum):
    """A moment of the game: what the player to act is doing, the rule that says so, and the
    names of the moves it offers, in the order its legal actions are listed.

    A game's phases subclass this; each member is written ``NAME = doing, rule, moves`` and
    numbered in order. A phase that offers no moves is the end of the game. A phase in which a
    seat answers another's proposal names, fourth, the move played for it when its time to
    answer runs out (``lapse``: a refusal, say), where a server gives that time.
    """

    doing: str
    rule: str
    moves: tuple[str, ...]
    ends_game: bool
    lapse: str | None

    def __new__(
        cls, doing: str, rule: str, moves: tuple[str, ...] = (), lapse: str | None = None
    ) -> Self:
        value = len(cls.__members__)
        member = int.__new__(cls, value)
        member._value_ = value
        member.doing = doing
        member.rule = rule
        member.moves = tuple(moves)
        member.ends_game = not moves
        member.lapse = lapse
        return member

    @property
    def label(self) -> str:
        """The phase's name in views and logs: its member's name in lower case."""
        return self.name.lower()

    def cites(self, state: Any) -> str:
        """The rule a refusal of a move this phase does not offer cites: the phase's own (a
        game's phase may say more, from the position)."""
        return self.rule


def refuse_out_of_phase(state: Any, action: int) -> IllegalAction:
    """The refusal of an action whose move the phase does not offer: what the player is doing
    now, with the rule the phase cites."""
    phase = state.phase
    return refusal(
        "out_of_phase",
        "cannot '{move}' now: {doing}",
        phase.cites(state),
        move=state.tables.text[action],
        doing=phase.doing,
    )


# One phase's legal actions, found afresh: ``listing(state)``.
Listing = Callable[[S], list[int]]


def _listing(offers: Sequence[Offer[S]]) -> Listing[S]:
    """One phase's legal actions: its moves' offers in order, each shared offer once, and the
    actions always offered at its head written in without a call."""
    start: tuple[int, ...] = ()
    rest = list(offers)
    while rest and isinstance(rest[0], Always):
        start += rest.pop(0).actions  # type: ignore[attr-defined]
    # Unrolled: at every decision of a search, a loop over the offers costs as much as the
    # offers of a quiet phase.
    if not rest:
        return lambda state: [*start]
    if len(rest) == 1:
        (a,) = rest

        def one(state: S) -> list[int]:
            found = [*start]
            a(state, found)
            return found

        return one
    if len(rest) == 2:
        a, b = rest

        def two(state: S) -> list[int]:
            found = [*start]
            a(state, found)
            b(state, found)
            return found

        return two
    if len(rest) == 3:
        a, b, c = rest

        def three(state: S) -> list[int]:
            found = [*start]
            a(state, found)
            b(state, found)
            c(state, found)
            return found

        return three

    def many(state: S) -> list[int]:
        found = [*start]
        for offer in rest:
            offer(state, found)
        return found

    return many


def _plain_space(fields: dict[str, Any], moves: Mapping[str, range], data: Any) -> ActionSpace:
    return ActionSpace(**fields)


def _no_parse(state: Any, text: str) -> int:
    return -1


class Rulebook(Generic[S, D]):
    """A game's rules as the core plays them: its phases, its moves in the fixed order of the
    action space, its set-up, scoring and views, and what the core derives from them.

    ``moves`` fixes the action space: each move's actions follow the previous move's, and a
    move's kind is its place in the tuple. ``set_up(state)`` deals the start of a game
    (``phase`` and ``player`` included). ``breakdown(state, seat)`` is a seat's score by
    category with its ``total``; ``winners(state)`` the winning seats; ``view(state, seat)``
    and ``redeal(state, sample, seat, rng)`` the game's part of ``view`` and ``sample_hidden``.
    ``parse(state, text)`` reads what is not the notation itself (-1: no action). ``space(fields,
    moves, data)`` builds the game's :class:`ActionSpace` from the builder's fields and each
    move's range of actions, by name. ``out_of_phase(state, action)`` words the refusal of a
    move the phase does not offer (default: :func:`refuse_out_of_phase`). ``scope(listing)``,
    if given, wraps each phase's listing: for a game whose offers share what it works out once
    per decision (set up before the offers, dropped after).
    """

    def __init__(
        self,
        *,
        title: str,
        phases: type[Phase],
        moves: Sequence[Move[S]],
        set_up: Callable[[S], None],
        breakdown: Callable[[S, int], dict[str, int]],
        winners: Callable[[S], list[int]],
        view: Callable[[S, int | None], dict[str, Any]],
        redeal: Callable[[S, S, int, random.Random], None],
        parse: Callable[[S, str], int] = _no_parse,
        space: Callable[[dict[str, Any], Mapping[str, range], D], ActionSpace] = _plain_space,
        out_of_phase: Callable[[S, int], IllegalAction] = refuse_out_of_phase,
        scope: Callable[[Listing[S]], Listing[S]] | None = None,
    ) -> None:
        self.title = title
        self.phases = phases
        self.moves = tuple(moves)
        self.set_up = set_up
        self.breakdown = breakdown
        self.winners = winners
        self.view = view
        self.redeal = redeal
        self.parse = parse
        self.space = space
        self.out_of_phase = out_of_phase
        self.kinds: Mapping[str, int] = self._kinds()
        # Derived once: by kind, the effect (the dispatch) and the explanation; by phase, the
        # legal-action finder and whether it offers each kind.
        self.rules: Mapping[int, Rule] = dict(enumerate(move.effect for move in self.moves))
        self.explains: tuple[Explain, ...] = tuple(move.explain for move in self.moves)
        listings = [_listing(self._offers(phase)) for phase in phases]
        self.listing: tuple[Listing[S], ...] = tuple(
            listings if scope is None else map(scope, listings)
        )
        self.offered: tuple[tuple[bool, ...], ...] = tuple(
            tuple(move.name in phase.moves for move in self.moves) for phase in phases
        )
        self._spaces: dict[int, tuple[D, ActionSpace]] = {}

    def _kinds(self) -> dict[str, int]:
        """Each move's kind by name, after checking that the declarations fit together."""
        kinds: dict[str, int] = {}
        for kind, move in enumerate(self.moves):
            if move.name in kinds:
                raise ValueError(f"{self.title}: two moves are called {move.name!r}")
            kinds[move.name] = kind
        offered = set()
        for phase in self.phases:
            for name in phase.moves:
                if name not in kinds:
                    raise ValueError(f"{self.title}: phase {phase.name} offers no move {name!r}")
                offered.add(name)
        unoffered = [name for name in kinds if name not in offered]
        if unoffered:
            raise ValueError(f"{self.title}: no phase offers {', '.join(unoffered)}")
        return kinds

    def _offers(self, phase: Phase) -> list[Offer[S]]:
        """The distinct offers of ``phase``'s moves, in its order."""
        offers: list[Offer[S]] = []
        for name in phase.moves:
            offer = self.moves[self.kinds[name]].offer
            if all(offer is not other for other in offers):
                offers.append(offer)
        return offers

    def where(self, name: str) -> tuple[Phase, ...]:
        """The phases that offer the move called ``name``."""
        return tuple(phase for phase in self.phases if name in phase.moves)

    def action_space(self, data: D) -> ActionSpace:
        """Every action of ``data``: each move's notation in turn (built once per data set)."""
        found = self._spaces.get(id(data))
        if found is None:
            builder = ActionSpaceBuilder(self.title)
            ranges = {}
            for kind, move in enumerate(self.moves):
                first = len(builder)
                move.notation(data, Writer(builder, kind))
                ranges[move.name] = range(first, len(builder))
            found = self._spaces[id(data)] = (data, self.space(builder.fields(), ranges, data))
        return found[1]

    def place(self, data: D, action: int) -> str | None:
        """The place on the board ``action`` concerns (its move's ``place``), or ``None``."""
        space = self.action_space(data)
        place = self.moves[space.kind[action]].place
        return None if place is None else place(data, *space.args[action])

    def legal_actions(self, state: S) -> list[int]:
        """The legal actions now: the offers of the phase's moves, in its order."""
        return self.listing[state.phase](state)

    def explain(self, state: S, action: int) -> IllegalAction | None:
        """Why ``action`` (in range, the game going on) is refused now, ``None`` if it is
        legal: first whether the phase offers its move at all, then the move's own check."""
        tables = state.tables
        kind = tables.kind[action]
        if self.offered[state.phase][kind]:
            return self.explains[kind](state, *tables.args[action])
        unoffered = self.moves[kind].unoffered
        if unoffered is not None:
            return unoffered(state)
        return self.out_of_phase(state, action)


class PhasedState(GameState):
    """A game state played by its :class:`Rulebook` (the class's ``RULEBOOK``): the core
    provides the contract's members from it, and the game writes only its position: its
    fields, declared in ``FIELDS`` (:mod:`terra.core.fields`), which make its ``clone`` and
    ``_key`` (with ``phase`` and ``player``).

    ``phase`` is a member of the game's :class:`Phase` enum and ``player`` the seat to act;
    a phase that offers no moves ends the game.
    """

    FIELDS: ClassVar[Fields] = {"phase": SAME, "player": SAME}
    __slots__ = tuple(FIELDS)

    RULEBOOK: ClassVar[Rulebook[Any, Any]]
    _LISTING: ClassVar[tuple[Listing[Any], ...]]  # by phase: read at every decision

    phase: Phase
    player: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        rulebook = cls.__dict__.get("RULEBOOK")
        if rulebook is not None:
            cls.bind(rulebook)

    @classmethod
    def bind(cls, rulebook: Rulebook[Any, Any]) -> None:
        """Play this state by ``rulebook``. A game whose chapters import its state (to type
        their functions) builds the rulebook after the state class and binds it here, so that
        the state's module need not import the chapters: no import circle."""
        cls.RULEBOOK = rulebook
        cls.RULES = rulebook.rules
        cls._LISTING = rulebook.listing

    @classmethod
    def create(
        cls, game: Game[Any], players: int, seed: int, options: dict[str, Any], data: ComponentData
    ) -> Self:
        """A new game: the shared fields, then the rulebook's set-up."""
        state = cls.__new__(cls)
        rulebook = cls.RULEBOOK
        state._init_base(
            game=game,
            players=players,
            seed=seed,
            options=options,
            data=data,
            tables=rulebook.action_space(data),
        )
        rulebook.set_up(state)
        return state

    @property
    def current_player(self) -> int | None:
        return None if self.phase.ends_game else self.player

    @property
    def is_over(self) -> bool:
        return self.phase.ends_game

    def legal_actions(self) -> tuple[int, ...]:
        found = self._legal  # GameState.legal_actions, with the phase's listing called at once
        if found is None:
            found = self._legal = tuple(self._LISTING[self.phase](self))
        return found

    def _find_legal_actions(self) -> list[int]:
        return self._LISTING[self.phase](self)

    def _explain(self, action: int) -> IllegalAction | None:
        return self.RULEBOOK.explain(self, action)

    def _parse(self, text: str) -> int:
        return self.RULEBOOK.parse(self, text)

    def scores(self) -> list[int]:
        return [parts["total"] for parts in self.score_breakdown()]

    def score_breakdown(self) -> list[dict[str, int]]:
        breakdown = self.RULEBOOK.breakdown
        return [breakdown(self, seat) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        return self.RULEBOOK.winners(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self.RULEBOOK.view(self, seat)

    def _redeal(self, sample: Self, seat: int, rng: random.Random) -> None:
        self.RULEBOOK.redeal(self, sample, seat, rng)

    @property
    def phase_name(self) -> str:
        """The phase's name (:attr:`Phase.label`)."""
        return self.phase.label

    def lapse(self) -> str | None:
        return None if self.is_over else self.phase.lapse

    def _kind_name(self, kind: int) -> str:
        return self.RULEBOOK.moves[kind].name

    def action_rule(self, action: int) -> str:
        return self.RULEBOOK.moves[self.tables.kind[action]].rule

    def place_of(self, action: int) -> str | None:
        return self.RULEBOOK.place(self.data, action)
