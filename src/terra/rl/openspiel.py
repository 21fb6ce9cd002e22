"""Every registered game as an OpenSpiel game (docs/rl.md, "OpenSpiel").

:func:`register` registers each game as an OpenSpiel Python game named ``terra_<id>``
(``terra_africana``, ``terra_nile`` ...), so that OpenSpiel's own algorithms and tools play it
through ``pyspiel.load_game``. Action ids are the game's fixed action space
(``game.facts().num_actions``), the same as the masks of :class:`terra.rl.Encoding`.

The game's chance stays inside the state, drawn from its seeded generator, so the games are
*sampled stochastic*: no chance nodes; the parameter ``rng_seed`` seeds the generator that
draws each new game's seed. Returns are the game's own ``returns()``: zero-sum, terminal.
Observations and information states are built from ``view(seat)`` alone (strings: the view as
JSON; tensors: the view encoded as :class:`~terra.rl.Encoding` does), and
``resample_from_infostate`` redeals what the seat cannot see (``sample_hidden``), so that
OpenSpiel's ``ISMCTSBot`` searches on what its seat may know.

>>> names = register()
>>> "terra_africa" in names
True
>>> game = pyspiel.load_game("terra_africa(players=3)")
>>> game.num_players(), game.num_distinct_actions() == terra.game("africa").facts(3).num_actions
(3, True)
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.observation_tensor(0)) == game.observation_tensor_size()
(0, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

import terra
from terra.core.errors import OptionError, quote
from terra.core.game import Game
from terra.core.record import Record
from terra.core.state import GameState
from terra.rl.encoding import Encoding

PREFIX = "terra_"  # of every game's short name in OpenSpiel

# The parameters every game takes besides its own options.
PLAYERS = "players"
RNG_SEED = "rng_seed"  # OpenSpiel's name for the seed of a sampled-stochastic game
MAX_GAME_LENGTH = "max_game_length"
RANDOM_SEED = -1  # rng_seed: draw the games' seeds from the system's entropy

# An option whose default is None (a data directory) is the empty text in OpenSpiel, whose
# parameters are never None.
UNSET = ""


def short_name(game_id: str) -> str:
    """The name a game is registered under in OpenSpiel: ``terra_<id>``."""
    return PREFIX + game_id


def parameters(game: Game[Any]) -> dict[str, Any]:
    """The parameters ``game`` takes in OpenSpiel, with their defaults: ``players``,
    ``rng_seed``, ``max_game_length`` and each of the game's options."""
    defaults: dict[str, Any] = {
        PLAYERS: max(2, game.min_players),
        RNG_SEED: RANDOM_SEED,
        MAX_GAME_LENGTH: game.length_cap,
    }
    for option in game.options:
        if option.name in defaults:
            raise ValueError(f"{game.title}'s option {option.name!r} is an OpenSpiel parameter")
        defaults[option.name] = UNSET if option.default is None else option.default
    return defaults


def game_type(game: Game[Any], players: int = 2) -> pyspiel.GameType:
    """The OpenSpiel type of ``game`` for ``players`` seats: zero-sum returns with two seats
    or more, a win or a loss against the game itself alone (general-sum)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Terra Incognita: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if players > 1 else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# OpenSpiel ships no type information: its base classes are Any to the type checker.
class TerraGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game in OpenSpiel, for the player count and options of its parameters;
    :func:`register` makes one subclass per game (``game_id``)."""

    game_id: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = terra.game(self.game_id)
        defaults = parameters(game)
        given = dict(params or {})
        unknown = sorted(name for name in given if name not in defaults)
        if unknown:
            raise OptionError(
                f"{short_name(game.id)} has no parameter {quote(unknown[0])} "
                f"(parameters: {', '.join(defaults)})"
            )
        settings = {**defaults, **given}
        players = settings[PLAYERS]
        game.check_players(players)
        cap = settings[MAX_GAME_LENGTH]
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise OptionError(
                f"{MAX_GAME_LENGTH} must be a whole number of at least 1, not {cap!r}"
            )
        options = {
            option.name: settings[option.name]
            for option in game.options
            if settings[option.name] != UNSET
        }
        game.resolve_options(options)  # a bad option is refused here, saying why
        facts = game.facts(players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=facts.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=facts.returns[0],
            max_utility=facts.returns[1],
            utility_sum=0.0 if players > 1 else None,
            max_game_length=cap,
        )
        super().__init__(game_type(game, players), info, settings)
        self.terra = game
        self.players: int = players
        self.options = options
        self.max_length: int = cap
        self.encoding = Encoding.of(game.id, players, options)
        seed = settings[RNG_SEED]
        self._seeds = random.Random() if seed == RANDOM_SEED else random.Random(seed)

    def new_initial_state(self) -> TerraState:
        """A new game, its seed drawn from the game's generator (``rng_seed``)."""
        state = self.terra.new(self.players, self._seeds.getrandbits(63), self.options)
        return TerraState(self, state)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> TerraObserver:
        """An observer of positions (OpenSpiel's default is the observation of one seat)."""
        return TerraObserver(
            self.encoding, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Held:
    """A terra state inside an OpenSpiel state: OpenSpiel clones a Python state by deep-copying
    its attributes, and this copy is the game's own cheap ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class TerraState(pyspiel.State):  # type: ignore[misc]
    """A position of a game in OpenSpiel. ``terra_state`` is the game's own state: it holds
    what no seat may see, for analysis; a player reads observations."""

    def __init__(self, game: TerraGame, state: GameState) -> None:
        super().__init__(game)
        self._held = _Held(state)
        self._moves = 0
        self._cap = game.max_length

    @property
    def terra_state(self) -> GameState:
        """The game's own state."""
        return self._held.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's terminal player id."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._held.state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if self.is_terminal() or player != state.current_player:
            return []
        return sorted(state.legal_actions())

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        if not state.is_legal(action):
            state.play(action)  # raises IllegalAction with the reason and the rule
        state.apply(action)
        self._moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.action_str(action)

    def is_terminal(self) -> bool:
        """Whether the game is over, or has reached ``max_game_length`` (a draw)."""
        return self._held.state.is_over or self._moves >= self._cap

    def returns(self) -> list[float]:
        """Each seat's ``returns()``: 0 until the end, and 0 for a game cut at its length."""
        return self._held.state.returns()

    def rewards(self) -> list[float]:
        """The reward of the last action: the returns, paid when the game ends."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TerraState:
        """A state that ``player_id`` cannot tell from this one: everything hidden from it
        redealt and the game's generator reseeded (``sample_hidden``); the redeal's randomness
        is drawn from ``probability_sampler`` (a callable giving floats in [0, 1))."""
        rng = random.Random(int(probability_sampler() * 2**53))
        redealt = self._held.state.sample_hidden(player_id, rng)  # refuses a seat that is none
        sample = self.clone()
        sample._held = _Held(redealt)
        return sample  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        """Pickled as its game's name and parameters and the game's record (seed and
        actions): OpenSpiel's own serialisation asks a sampled-stochastic game for its
        generator's state in C++, which a Python game cannot give. A state from
        ``resample_from_infostate`` has no record and is refused."""
        record = self._held.state.record()
        return (_unpickle, (str(self.get_game()), record.to_json(None)))

    def __str__(self) -> str:
        state = self._held.state
        history = state.history
        last = state.action_str(history[-1]) if history else "start"
        to_act = "over" if self.is_terminal() else f"seat {state.current_player} to act"
        return f"{state.game.title}, move {len(history)}: {last}; {to_act}"


def _unpickle(game_text: str, record_json: str) -> TerraState:
    """The state a pickle holds: its game loaded again and the record's actions replayed."""
    game = pyspiel.load_game(game_text)
    record = Record.from_json(record_json)
    state = TerraState(game, game.terra.new(record.players, record.seed, dict(record.options)))
    for text in record.actions:
        state.apply_action(state.terra_state.parse_action(text))
    return state


class TerraObserver:
    """Observations of a position for OpenSpiel (its ``PyObserver`` interface), from a view.

    A seat's observation is its view (``view(seat)``); an observation of public information
    only is a spectator's view (``view(None)``). The tensor is the view encoded from the seat's
    chair (:class:`~terra.rl.Encoding`), the string the view as JSON; with perfect recall (an
    information state) the string adds the log as the seat may read it, which holds its past
    observations; the tensor stays the encoded view.
    """

    def __init__(
        self, encoding: Encoding, iig_obs_type: pyspiel.IIGObservationType, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        kinds = pyspiel.PrivateInfoType
        if iig_obs_type.private_info == kinds.ALL_PLAYERS:
            raise ValueError("no observation shows every seat's private information")
        if not iig_obs_type.public_info:
            raise ValueError(
                "a view holds public and private information together: an observation of "
                "private information alone is not supported"
            )
        self.encoding = encoding
        self.public_only = iig_obs_type.private_info == kinds.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: TerraState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        position = state.terra_state
        self.tensor[:] = self.encoding.encode(position.view(self._viewer(player)), player)

    def string_from(self, state: TerraState, player: int) -> str:
        """``player``'s observation of ``state`` as text."""
        position = state.terra_state
        viewer = self._viewer(player)
        text = _dumps(position.view(viewer))
        if self.perfect_recall:
            text += "\n" + _dumps(position.log(viewer))
        return text


def register() -> list[str]:
    """Register every registered game with OpenSpiel as ``terra_<id>`` (once: registering
    again changes nothing); returns the names, for ``pyspiel.load_game``."""
    known = set(pyspiel.registered_names())
    names = []
    for game in terra.games():
        name = short_name(game.id)
        if name not in known:
            game_class = type(
                f"Terra{game.id.title()}Game",
                (TerraGame,),
                {"game_id": game.id, "__doc__": f"{game.title} in OpenSpiel."},
            )
            pyspiel.register_game(game_type(game), game_class)
        names.append(name)
    return names
