"""Africa's game state: flat lists of ints, a hand-written clone, the core contract."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from terra.core.actions import Rule
from terra.core.errors import IllegalAction
from terra.core.state import GameState
from terra.games.africa import actions as act
from terra.games.africa import legal, rules, scoring, view
from terra.games.africa.components import Components

if TYPE_CHECKING:
    from terra.core.game import Game


class AfricaState(GameState):
    """A position of Africa.

    Hexes and marker types are ints (see :mod:`terra.games.africa.components`). ``marker[h]``
    is the type of the marker on hex ``h`` (-1: none) and ``down[h]`` says whether it lies face
    down; ``camp[h]`` is the seat whose base camp stands there (-1: none). ``hand[p]`` counts
    the markers in front of seat ``p`` by type (goods, gold, jewels). Nothing else is hidden:
    every face-down marker's type is secret from every seat.
    """

    __slots__ = (
        "_around",
        "_empty",
        "_herds",
        "_movable",
        "_open",
        "bonus",
        "camp",
        "camps",
        "down",
        "found",
        "hand",
        "last_monument",
        "loc",
        "marker",
        "moving",
        "pending",
        "phase",
        "player",
        "round",
        "rounds",
        "steps",
        "supply",
        "track",
        "turn",
    )

    RULES: ClassVar[Mapping[int, Rule]] = rules.APPLY

    data: Components
    tables: act.ActionTable
    phase: int
    player: int
    turn: int  # turns completed (the start-city choices are not turns)
    round: int  # actions (B) done this turn
    rounds: int  # actions per turn: 2, or 1 in the simple game
    steps: int  # steps taken before the coming action
    pending: int  # PLACING: hex of the marker being placed; GOODS_CHOICE: the good's type
    moving: int  # PLACING: 1 when moving a face-up marker, 0 for one just uncovered
    marker: list[int]
    down: list[int]
    camp: list[int]
    loc: list[int]  # each researcher's hex (-1 before its start city is chosen)
    hand: list[list[int]]
    camps: list[int]  # base camps in front of each player
    supply: int  # base camps left in the supply
    track: list[int]  # points scored during play
    bonus: int  # the seat that took the +3 bonus marker, -1 before
    found: int  # monuments uncovered
    last_monument: int  # the monument that ends the game (11, or 9 with two players)
    _movable: dict[int, bool] | None  # legal.movable, cached until the board changes
    _empty: list[int] | None  # the empty hexes, cached until the board changes
    _around: tuple[list[int], int] | None  # the empty hexes around each, and the most
    _herds: dict[int, tuple[dict[int, int], int]] | None  # legal._kin of each kind
    _open: list[int] | None  # jumps to every hex without a face-down marker, until one turns

    @classmethod
    def create(
        cls, game: Game[Any], players: int, seed: int, options: dict[str, Any], data: Components
    ) -> AfricaState:
        """Africa, Game Setup, with the shuffle of the markers drawn from ``seed``."""
        state = cls.__new__(cls)
        tables = act.action_table(data)
        state._init_base(
            game=game, players=players, seed=seed, options=options, data=data, tables=tables
        )
        state._movable = None
        state._empty = None
        state._around = None
        state._herds = None
        state._open = None
        rules.set_up(state)
        return state

    # --- the contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == rules.OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == rules.OVER

    # The rules' own statement of what is legal, called by legal_actions without a wrapper.
    _find_legal_actions = legal.legal_actions

    def _parse(self, text: str) -> int:
        return act.parse(self.data, text)

    def _explain(self, action: int) -> IllegalAction | None:
        return legal.explain(self, action)

    def clone(self) -> AfricaState:
        other = AfricaState.__new__(AfricaState)
        self._copy_base(other)
        other._movable = self._movable
        other._empty = self._empty
        other._around = self._around
        other._herds = self._herds
        other._open = self._open
        other.phase = self.phase
        other.player = self.player
        other.turn = self.turn
        other.round = self.round
        other.rounds = self.rounds
        other.steps = self.steps
        other.pending = self.pending
        other.moving = self.moving
        other.marker = self.marker.copy()
        other.down = self.down.copy()
        other.camp = self.camp.copy()
        other.loc = self.loc.copy()
        other.hand = [hand.copy() for hand in self.hand]
        other.camps = self.camps.copy()
        other.supply = self.supply
        other.track = self.track.copy()
        other.bonus = self.bonus
        other.found = self.found
        other.last_monument = self.last_monument
        return other

    def scores(self) -> list[int]:
        return [scoring.breakdown(self, p)["total"] for p in range(self.num_players)]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [scoring.breakdown(self, p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _redeal(self, sample: AfricaState, seat: int, rng: random.Random) -> None:
        view.redeal(self, sample, rng)

    # --- helpers for tests, bots and displays ------------------------------------------------

    @property
    def phase_name(self) -> str:
        """``start``, ``turn``, ``goods``, ``place`` or ``over``."""
        return rules.PHASE_NAMES[self.phase]

    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position (history and log aside)."""
        return (
            self.phase,
            self.player,
            self.turn,
            self.round,
            self.rounds,
            self.steps,
            self.pending,
            self.moving,
            self.marker,
            self.down,
            self.camp,
            self.loc,
            self.hand,
            self.camps,
            self.supply,
            self.track,
            self.bonus,
            self.found,
            self.last_monument,
        )

    def __repr__(self) -> str:
        return (
            f"<Africa {self.num_players}p seed={self.seed} turn={self.turn + 1} "
            f"seat={self.current_player} phase={self.phase_name}>"
        )
