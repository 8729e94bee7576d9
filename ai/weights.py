"""Fitted evaluator weights: the file format, loading and checking, and the state wrapper that
scores positions with them (:func:`with_weights`).

The fitting itself (self-play data, the logistic fit, the calibration check) is in ``ai.fit``;
this module is what a bot needs to play with weights, so the bots never import the fitting,
which plays games with them.
"""

from __future__ import annotations

import importlib.resources
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from realpolitik.engine.core.api import HasEvalTerms, State
from realpolitik.engine.core.files import (
    FileRefused,
    read_bounded,
    shown,
)

__all__ = [
    "FORMAT",
    "MAX_WEIGHTS_BYTES",
    "VERSION",
    "FittedState",
    "Weights",
    "WeightsError",
    "fitted_values",
    "load_weights",
    "packaged_weights",
    "weights_from_json",
    "with_weights",
]

FORMAT = "realpolitik-weights"
"""The ``format`` field of a weights file."""

VERSION = 1
"""The ``version`` field of a weights file this code reads and writes."""

MAX_WEIGHTS_BYTES = 1024 * 1024
"""Larger weights files are refused unread (a real one is a few kilobytes)."""


class WeightsError(ValueError):
    """A weights file that cannot be used (its message is one line)."""


@dataclass(frozen=True)
class Weights:
    """Fitted weights of one game's evaluation terms.

    Attributes:
        game: Registry name of the game.
        game_version: ``GameSpec.version`` of the game the weights were fitted on.
        term_names: The terms, in the order the game's ``eval_terms`` returns them.
        weights: One weight per term.
        intercept: The logistic intercept.
        training: What the training run did and measured (free-form JSON data).
        source: Where the weights came from (a path, or ``packaged``), for messages.
    """

    game: str
    game_version: str
    term_names: tuple[str, ...]
    weights: tuple[float, ...]
    intercept: float
    training: dict[str, Any] = field(default_factory=dict, compare=False)
    source: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        """The weights file's JSON object."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "game_version": self.game_version,
            "term_names": list(self.term_names),
            "weights": list(self.weights),
            "intercept": self.intercept,
            "training": self.training,
        }

    def check_state(self, state: State) -> None:
        """Refuse a position these weights were not fitted for.

        Raises:
            WeightsError: another game, another game data version, or other terms.
        """
        spec = state.game().spec
        where = f"weights file {self.source}" if self.source else "weights"
        if spec.name != self.game:
            raise WeightsError(f"{where} are for {self.game}, not {spec.name}")
        if spec.version != self.game_version:
            raise WeightsError(
                f"{where} were fitted on {self.game} data version {self.game_version}, "
                f"this game is version {spec.version}: fit them again with 'realpolitik train'"
            )
        if not isinstance(state, HasEvalTerms):
            raise WeightsError(f"{spec.name} has no evaluation terms to weigh")
        names = tuple(state.eval_term_names())
        if names != self.term_names:
            raise WeightsError(
                f"{where} weigh terms {', '.join(self.term_names)}; {spec.name} has {', '.join(names)}"
            )

    def score(self, terms: Sequence[float]) -> float:
        """``sigmoid(intercept + weights · terms)``."""
        z = self.intercept
        for w, t in zip(self.weights, terms, strict=True):
            z += w * t
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)


def _fail(source: str, why: str) -> WeightsError:
    return WeightsError(f"weights file {source}: {why}")


def _number(source: str, value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _fail(source, f"{what} must be a finite number")
    return float(value)


def weights_from_json(obj: object, source: str) -> Weights:
    """Validate a weights file's JSON object.

    Args:
        obj: The parsed JSON.
        source: Where it came from, for messages.

    Returns:
        The weights.

    Raises:
        WeightsError: naming the first thing wrong.
    """
    if not isinstance(obj, dict):
        raise _fail(source, "not a JSON object")
    if obj.get("format") != FORMAT:
        raise _fail(source, f"not a weights file (format must be '{FORMAT}')")
    if obj.get("version") != VERSION:
        raise _fail(source, f"version {obj.get('version')!r} is not supported (this program reads {VERSION})")
    for key in ("game", "game_version"):
        if not isinstance(obj.get(key), str) or not obj[key]:
            raise _fail(source, f"'{key}' must be a non-empty string")
    names = obj.get("term_names")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise _fail(source, "'term_names' must be a non-empty list of names")
    if len(set(names)) != len(names):
        raise _fail(source, "'term_names' repeats a name")
    weights = obj.get("weights")
    if not isinstance(weights, list) or len(weights) != len(names):
        raise _fail(source, f"'weights' must be a list of {len(names)} numbers, one per term")
    values = tuple(_number(source, w, f"weight of '{n}'") for w, n in zip(weights, names, strict=True))
    intercept = _number(source, obj.get("intercept"), "'intercept'")
    training = obj.get("training", {})
    if not isinstance(training, dict):
        raise _fail(source, "'training' must be an object")
    extra = set(obj) - {
        "format",
        "version",
        "game",
        "game_version",
        "term_names",
        "weights",
        "intercept",
        "training",
    }
    if extra:
        raise _fail(source, f"unknown field(s) {', '.join(sorted(extra))}")
    return Weights(obj["game"], obj["game_version"], tuple(names), values, intercept, training, source)


def load_weights(path: str | Path) -> Weights:
    """Read and validate a weights file (never executed or unpickled: plain JSON).

    Raises:
        WeightsError: one line naming the file and what is wrong.
    """
    source = shown(path)
    try:
        # A regular file of bounded size only: a FIFO or /dev/zero is refused at once.
        text = read_bounded(path, MAX_WEIGHTS_BYTES, kind="a weights file").decode("utf-8")
    except FileRefused as exc:
        raise _fail(source, f"cannot be read ({exc.why})") from None
    except UnicodeDecodeError:
        raise _fail(source, "is not UTF-8 text") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail(source, f"is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return weights_from_json(obj, source)


_PACKAGED: dict[str, Weights] = {}


def packaged_weights(game: str) -> Weights:
    """The fitted weights the package ships for ``game`` (``ai/data/<game>.json``).

    Raises:
        WeightsError: when the package ships none for that game.
    """
    if game not in _PACKAGED:
        res = importlib.resources.files("realpolitik.ai").joinpath("data", f"{game}.json")
        if not res.is_file():
            raise WeightsError(f"no fitted weights are shipped for {game}")
        _PACKAGED[game] = weights_from_json(
            json.loads(res.read_text(encoding="utf-8")), f"packaged {game}.json"
        )
    return _PACKAGED[game]


# ----- evaluation ------------------------------------------------------------------------------


def fitted_values(state: State, weights: Weights) -> list[float]:
    """Every seat's value of a position under fitted weights (they add up to 1).

    A finished game is scored by its returns. Each seat's terms come from what that seat sees.
    """
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    # no isinstance(state, HasEvalTerms) here: a runtime protocol check costs more than the
    # terms; Weights.check_state made it when the bot wrapped the position (with_weights)
    terms = cast(HasEvalTerms, state).eval_terms
    ps = [weights.score(terms(q)) for q in range(state.num_players())]
    total = sum(ps)
    if total <= 0.0:
        return [1.0 / len(ps)] * len(ps)
    return [p / total for p in ps]


class FittedState:
    """A position whose ``evaluate`` uses fitted weights; everything else is the wrapped state's.

    Bots wrap the position they are given (``with_weights``) and search the wrapper: clones,
    determinizations and children stay wrapped, so every leaf the search scores is scored by
    the fitted weights. The values of a position are computed once for every seat and kept
    until the next move.
    """

    __slots__ = ("_s", "_w", "_vals")

    def __init__(self, inner: State, weights: Weights) -> None:
        self._s = inner
        self._w = weights
        self._vals: list[float] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s, name)

    @property
    def inner(self) -> State:
        """The wrapped state."""
        return self._s

    # the calls a search makes most, without the __getattr__ detour
    def current_player(self) -> int:
        return self._s.current_player()

    def is_terminal(self) -> bool:
        return self._s.is_terminal()

    def is_chance_node(self) -> bool:
        return self._s.is_chance_node()

    def legal_actions(self) -> list[int]:
        return self._s.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._s.chance_outcomes()

    def returns(self) -> list[float]:
        return self._s.returns()

    def num_players(self) -> int:
        return self._s.num_players()

    def apply_action(self, action: int) -> None:
        self._vals = None
        self._s.apply_action(action)

    def clone(self) -> FittedState:
        return FittedState(self._s.clone(), self._w)

    def resample_hidden(self, seat: int, rng: Any) -> FittedState:
        return FittedState(self._s.resample_hidden(seat, rng), self._w)

    def evaluate(self, seat: int) -> float:
        if self._vals is None:
            self._vals = fitted_values(self._s, self._w)
        return self._vals[seat]


def with_weights(state: State, weights: Weights | None) -> State:
    """``state`` itself (``weights`` None: the hand evaluator) or wrapped to use ``weights``.

    Raises:
        WeightsError: weights fitted for another game, version or terms.
    """
    if weights is None:
        return state
    if isinstance(state, FittedState):
        state = state.inner
    weights.check_state(state)
    return cast(State, FittedState(state, weights))  # the State protocol, the rest via __getattr__
