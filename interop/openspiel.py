"""Every registered game as an OpenSpiel Python game (``pyspiel``).

Importing this module registers ``python_realpolitik_<name>`` for each name in
``available_games()``; load one with ``pyspiel.load_game``::

    import pyspiel
    import realpolitik.interop.openspiel  # registers the games
    game = pyspiel.load_game("python_realpolitik_ideology", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

Parameters: ``players`` (the game's range, default its minimum), ``seed`` (the engine's deck
seed, default 0; OpenSpiel's integer parameters are 32-bit, so at most ``2**31 - 1``) and the
game's own options with their defaults (``GameSpec.options``).

What maps to what:

- Seats are OpenSpiel players in seat order; ``CHANCE`` and ``TERMINAL`` map to OpenSpiel's.
- Dice (and any other explicit chance node) are OpenSpiel chance nodes with their
  probabilities. Chance outcomes are action ids of the same space, so
  ``max_chance_outcomes`` is ``num_distinct_actions``. Shuffles are not chance nodes: the
  engine draws them from its seeded generator (the ``seed`` parameter), and their result is
  hidden information, redrawn by ``resample_from_infostate``.
- Returns are the engine's (win 1, loss 0, shared wins split): a constant-sum game with sum 1.
- Observation string: the seat's ``State.observation(seat)`` as JSON with sorted keys.
  Observation tensor: that observation hashed into a fixed vector (``interop.encoding``).
- Information-state string: perfect recall. It is the seat's observation string preceded by a
  digest of everything the seat has seen so far: after every action, the seat's observation
  (and its own action, when it acted) is folded into a running BLAKE2b digest. Two histories
  that look alike to a seat at every step give the same string. There is no
  information-state tensor (a fixed vector cannot hold a perfect-recall history of thousands
  of steps): ``provides_information_state_tensor`` is False.
- ``resample_from_infostate(player, sampler)`` is the engine's ``resample_hidden``: unseen
  hands, deck order and hidden choices redrawn from one draw of ``sampler``. The result keeps
  the player's information state; the other seats' digests are carried over unchanged.
- Serialization: ``pyspiel.serialize_game_and_state`` stores the engine's versioned JSON record
  (seed, options, actions); deserializing validates it and replays it. A state made by
  ``resample_from_infostate`` cannot be serialized (its hidden cards are not in its history):
  that raises an error saying so.

:func:`wrap` turns any engine state (a position in a game in progress) into an OpenSpiel state,
which is how the ``openspiel-*`` bots search it; its information-state digest starts at that
position.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    Information,
    InvalidState,
    RealpolitikError,
    State,
)
from realpolitik.engine.core.records import load_record
from realpolitik.interop import encoding

__all__ = [
    "PREFIX",
    "SEED_LIMIT",
    "RealpolitikGame",
    "RealpolitikState",
    "game_for",
    "register_all",
    "short_name",
    "wrap",
]

PREFIX = "python_realpolitik_"
"""OpenSpiel short names are this prefix and the game's registry name."""

_CLASSES: dict[str, type[RealpolitikGame]] = {}
"""Registry name -> the OpenSpiel game class registered for it."""


def short_name(name: str) -> str:
    """The OpenSpiel short name of a realpolitik game (``python_realpolitik_twilight``)."""
    return PREFIX + load_game(name).spec.name


def _obs_json(state: State, seat: int) -> str:
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))


def _fold(prev: bytes, own: int | None, obs: str) -> bytes:
    """The next information-state digest: the previous one, the seat's own action (if it
    acted) and what it sees now."""
    h = hashlib.blake2b(prev, digest_size=16)
    if own is not None:
        h.update(b"own:%d;" % own)
    h.update(obs.encode())
    return h.digest()


class _Live:
    """The engine state inside an OpenSpiel state, with each seat's information digest.

    OpenSpiel clones a Python state by deep-copying its ``__dict__`` and serializes it by
    pickling that ``__dict__``; this object is all the ``__dict__`` holds, so a clone is the
    engine's ``clone()`` and a serialized state is the engine's JSON record. What a seat sees
    (its observation's JSON and vector) is remembered until the next action.
    """

    __slots__ = ("_digests", "_obs", "_start", "_state", "_vec", "resampled")

    def __init__(
        self, state: State | None, digests: list[bytes] | None = None, resampled: bool = False
    ) -> None:
        self._state = state
        self._start: Any = None  # () -> State, when the state is made on first use
        self.resampled = resampled
        self._obs: dict[int, str] = {}
        self._vec: dict[int, np.ndarray] = {}
        self._digests = digests  # None: not folded yet (a state nobody has stepped or asked)

    @classmethod
    def later(cls, start: Any) -> _Live:
        """A live state whose engine state ``start()`` makes when it is first used.

        OpenSpiel's clone of a Python state asks the game for a new initial state and then
        replaces its ``__dict__`` with a copy of the original's, so a new initial state that
        is never looked at costs nothing.
        """
        live = cls(None)
        live._start = start
        return live

    @property
    def state(self) -> State:
        """The engine state."""
        state = self._state
        if state is None:
            state = self._state = self._start()
        return state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state

    @property
    def digests(self) -> list[bytes]:
        """Each seat's digest of everything it has seen so far."""
        if self._digests is None:
            self._digests = [_fold(b"", None, self.obs(s)) for s in range(self.state.num_players())]
        return self._digests

    def obs(self, seat: int) -> str:
        """The seat's observation as JSON."""
        text = self._obs.get(seat)
        if text is None:
            text = self._obs[seat] = _obs_json(self.state, seat)
        return text

    def vector(self, seat: int) -> np.ndarray:
        """The seat's observation vector (``interop.encoding``)."""
        vec = self._vec.get(seat)
        if vec is None:
            vec = self._vec[seat] = encoding.encode(self.state.observation(seat))
        return vec

    def step(self, action: int) -> None:
        """Apply an action and fold what each seat now sees into its digest."""
        before = self.digests
        actor = self.state.current_player()
        self.state.apply_action(action)
        self._obs = {}
        self._vec = {}
        self._digests = [_fold(d, action if s == actor else None, self.obs(s)) for s, d in enumerate(before)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        twin = _Live.__new__(_Live)
        twin._state = None if self._state is None else self._state.clone()
        twin._start = self._start
        twin._digests = None if self._digests is None else self._digests[:]
        twin.resampled = self.resampled
        twin._obs = dict(self._obs)
        twin._vec = dict(self._vec)
        return twin

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        if self.resampled:
            raise InvalidState(
                "a state made by resample_from_infostate cannot be serialized: "
                "its redrawn hidden cards are not in its history"
            )
        return (_restore, (json.dumps(self.state.to_json(), sort_keys=True),))


def _restore(record_json: str) -> _Live:
    """Rebuild a serialized state from its JSON record (validated, then replayed)."""
    obj = json.loads(record_json)
    if not isinstance(obj, dict) or not isinstance(obj.get("game"), str):
        raise InvalidState("record: expected a JSON object with a 'game' field")
    game = load_game(obj["game"])
    rec = load_record(obj, game)
    live = _Live(game.new_initial_state(players=rec["players"], seed=rec["seed"], **rec["options"]))
    for i, a in enumerate(rec["actions"]):
        try:
            live.step(a)
        except RealpolitikError as exc:
            raise InvalidState(f"record: actions[{i}] = {a} does not apply: {exc}") from None
    return live


class RealpolitikState(pyspiel.State):
    """An OpenSpiel state around an engine state (see the module docstring)."""

    def __init__(self, game: pyspiel.Game) -> None:
        # OpenSpiel's clone builds a bare state with this constructor, then copies __dict__.
        super().__init__(game)

    @property
    def engine_state(self) -> State:
        """The engine state (read it, do not modify it)."""
        live: _Live = self.__dict__["live"]
        return live.state

    # ----- the OpenSpiel state API
    def current_player(self) -> int:
        p = self.__dict__["live"].state.current_player()
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(p)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.__dict__["live"].state
        if player != state.current_player():
            return []
        return list(state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.__dict__["live"].state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.__dict__["live"].step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state: State = self.__dict__["live"].state
        if player == state.current_player() and action in state.legal_actions():
            return state.action_to_string(action)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return bool(self.__dict__["live"].state.is_terminal())

    def returns(self) -> list[float]:
        return [float(x) for x in self.__dict__["live"].state.returns()]

    def __str__(self) -> str:
        state = self.__dict__["live"].state
        digest = hashlib.blake2b(repr(state.fingerprint()).encode(), digest_size=8).hexdigest()
        return f"{state.game().spec.name} players={state.num_players()} history={state.history} position={digest}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RealpolitikState:
        """A state ``player_id`` cannot tell from this one, hidden information redrawn.

        Args:
            player_id: The seat whose information is kept.
            probability_sampler: Called once for a float in [0, 1) that seeds the redraw
                (``pyspiel.UniformProbabilitySampler`` or any such callable).

        Returns:
            The new state (it cannot be serialized, see the module docstring).
        """
        live: _Live = self.__dict__["live"]
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        twin: RealpolitikState = self.clone()
        twin.__dict__["live"] = _Live(live.state.resample_hidden(player_id, rng), live.digests[:], True)
        return twin


class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RealpolitikState, player: int) -> None:
        self.tensor[:] = state.__dict__["live"].vector(player)

    def string_from(self, state: RealpolitikState, player: int) -> str:
        live: _Live = state.__dict__["live"]
        if self.perfect_recall:
            return f"seat {player} seen {live.digests[player].hex()} {live.obs(player)}"
        return live.obs(player)


class RealpolitikGame(pyspiel.Game):
    """Base of the registered game classes; each subclass is one realpolitik game."""

    rp_name = ""
    """The realpolitik registry name."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = load_game(self.rp_name)
        spec = game.spec
        defaults = _parameters(self.rp_name)
        values = {**defaults, **(params or {})}
        unknown = sorted(set(values) - set(defaults))
        if unknown:
            raise ValueError(f"{short_name(self.rp_name)}: unknown parameter(s) {', '.join(unknown)}")
        self.rp_players = int(values["players"])
        self.rp_seed = int(values["seed"])
        if not 0 <= self.rp_seed < SEED_LIMIT:
            raise ValueError(f"{short_name(self.rp_name)}: seed must be in 0..{SEED_LIMIT - 1}")
        self.rp_options = {k: values[k] for k in spec.options}
        try:  # the engine checks players, seed and options
            game.new_initial_state(players=self.rp_players, seed=self.rp_seed, **self.rp_options)
        except RealpolitikError as exc:
            raise ValueError(f"{short_name(self.rp_name)}: {exc}") from None
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_distinct_actions,
            max_chance_outcomes=spec.num_distinct_actions,
            num_players=self.rp_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.max_game_length,
        )
        super().__init__(_game_type(self.rp_name), info, values)

    def new_initial_state(self) -> RealpolitikState:
        game = load_game(self.rp_name)
        players, seed, options = self.rp_players, self.rp_seed, self.rp_options
        return _wrap_live(
            self, _Live.later(lambda: game.new_initial_state(players=players, seed=seed, **options))
        )

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return _Observer(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


def _wrap_live(game: pyspiel.Game, live: _Live) -> RealpolitikState:
    state = RealpolitikState(game)
    state.__dict__["live"] = live
    return state


def _parameters(name: str) -> dict[str, Any]:
    spec = load_game(name).spec
    return {"players": spec.min_players, "seed": 0, **dict(spec.options)}


def _game_type(name: str) -> pyspiel.GameType:
    spec = load_game(name).spec
    chance = (
        pyspiel.GameType.ChanceMode.DETERMINISTIC
        if spec.chance is ChanceMode.DETERMINISTIC
        else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    )
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if spec.information is Information.PERFECT
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"realpolitik {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


def register_all() -> list[str]:
    """Register every game of ``available_games()`` not registered yet.

    Returns:
        The OpenSpiel short names of all realpolitik games.
    """
    for name in available_games():
        if name not in _CLASSES:
            cls = type(f"RealpolitikGame_{name}", (RealpolitikGame,), {"rp_name": name})
            pyspiel.register_game(_game_type(name), cls)
            _CLASSES[name] = cls
    return [PREFIX + n for n in available_games()]


_GAMES: dict[str, pyspiel.Game] = {}


SEED_LIMIT = 2**31
"""OpenSpiel's integer parameters are 32-bit: the ``seed`` parameter is below this."""


def game_for(state: State) -> pyspiel.Game:
    """The OpenSpiel game a realpolitik state belongs to (its players, options and seed).

    An engine seed of ``SEED_LIMIT`` or more does not fit OpenSpiel's parameters; the game's
    ``seed`` is then its low 31 bits. A wrapped state keeps its own engine state and record, so
    this changes only what the game's ``new_initial_state`` would deal.
    """
    rec = state.to_json()
    params = {"players": int(rec["players"]), "seed": int(rec["seed"]) % SEED_LIMIT, **rec["options"]}
    key = json.dumps([rec["game"], params], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        register_all()
        game = _GAMES[key] = pyspiel.load_game(PREFIX + rec["game"], params)
    return game


def wrap(state: State) -> RealpolitikState:
    """An OpenSpiel state for a position of a game in progress (a clone; the original is left
    alone). Its OpenSpiel history is empty and its information-state digests start here.

    Args:
        state: Any realpolitik state.

    Returns:
        The OpenSpiel state.
    """
    return _wrap_live(game_for(state), _Live(state.clone()))


register_all()
