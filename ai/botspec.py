"""What a bot is and how a spec string names one: the ``Bot`` protocols, a bot kind's
parameters (:class:`Param`) and its registration record (:class:`BotInfo`), the grammar.

The kinds themselves are registered in ``ai.registry``; the built-in bots are in
``ai.builtin_bots``; ``ai.bots`` gathers the public names.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from realpolitik.ai.analysis import Analysis
from realpolitik.engine.core.api import SEED_MAX, State

__all__ = ["GRAMMAR", "SEED_PARAM", "Bot", "BotInfo", "Param", "SearchingBot", "split_specs"]

GRAMMAR = "name[:key=value[,key=value]...]"
"""The spec-string grammar, quoted in error messages."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for a seat."""

    spec: str
    """The canonical spec string this bot was built from."""

    def step(self, state: State, seat: int) -> int:
        """Choose a legal action for ``seat``, who must be to move.

        Args:
            state: The true state (not modified); read only through what ``seat`` may see.
            seat: The seat to move.

        Returns:
            An action in ``state.legal_actions()``.
        """
        ...


@runtime_checkable
class SearchingBot(Bot, Protocol):
    """A bot that can also explain its choice."""

    def analyse(self, state: State, seat: int) -> Analysis:
        """Rank every legal move of ``seat`` (see ``ai.analysis.Analysis``)."""
        ...


def _bound(x: float) -> str:
    """A bound as written: an integer in full (2^63 - 1, not 9.22e+18), a float compactly."""
    return str(x) if isinstance(x, int) else f"{x:g}"


@dataclass(frozen=True)
class Param:
    """One bot parameter.

    Attributes:
        name: Key in the spec string.
        kind: ``int``, ``float`` or ``str``.
        default: Value when omitted (None: no default, e.g. no time limit).
        help: One line for ``describe_bots``.
        low: Smallest allowed value (numbers).
        high: Largest allowed value (numbers).
        choices: Allowed values (strings).
        shown: How ``describe_bots`` shows the default (when not ``str(default)``).
    """

    name: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    shown: str = ""

    def parse(self, bot: str, text: str) -> Any:
        """Convert and check a value from a spec string.

        Raises:
            ValueError: saying what the value must be.
        """
        if self.kind is str:
            if not self.choices:
                return text
            if text not in self.choices:
                raise ValueError(
                    f"bot '{bot}': {self.name} must be one of {', '.join(self.choices)}, got '{text}'"
                )
            return text
        noun = "an integer" if self.kind is int else "a number"
        bounds = []
        if self.low is not None:
            bounds.append(f">= {_bound(self.low)}")
        if self.high is not None:
            bounds.append(f"<= {_bound(self.high)}")
        need = f"{noun}{' ' + ' and '.join(bounds) if bounds else ''}"
        try:
            val = self.kind(text)
        except ValueError:
            raise ValueError(f"bot '{bot}': {self.name} must be {need}, got '{text}'") from None
        if (
            (self.kind is float and not math.isfinite(val))
            or (self.low is not None and val < self.low)
            or (self.high is not None and val > self.high)
        ):
            raise ValueError(f"bot '{bot}': {self.name} must be {need}, got '{text}'")
        return val


@dataclass(frozen=True)
class BotInfo:
    """A registered bot.

    Attributes:
        name: Registry name.
        summary: One line on how it plays.
        params: Its parameters, in canonical order.
        factory: ``factory(spec, values) -> Bot`` with every parameter's value filled in
            (explicit or default).
    """

    name: str
    summary: str
    params: tuple[Param, ...]
    factory: Callable[[str, dict[str, Any]], Bot]


SEED_PARAM = Param("seed", int, 0, "seed of the bot's RNG", low=0, high=SEED_MAX)
"""The ``seed`` parameter every bot takes (a plug-in's bot kinds list it too)."""


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list (``--bots``). Commas separate the bots and also
    a spec's own parameters (``ismcts:iters=1000,c=0.3``): an item that names a parameter
    (``key=value``) and no bot (no ``:``) belongs to the spec before it."""
    specs: list[str] = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item.split("=", 1)[0] and specs and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs
