"""OpenSpiel's own search bots as bot kinds of ``ai.bots``' registry.

The AI never imports the adapters: the package's ``realpolitik.bots`` entry points
(``pyproject.toml``) name :data:`OPENSPIEL_ISMCTS` and :data:`OPENSPIEL_MCTS`, and the registry
loads one when its kind is first asked for. This module itself needs nothing of the extra;
OpenSpiel is imported when such a bot is built, and without it the build fails with one line
saying what to install.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from realpolitik.ai.bots import DEFAULT_ITERS, SEED_PARAM, Bot, BotInfo, Param

__all__ = ["OPENSPIEL_ISMCTS", "OPENSPIEL_MCTS", "OPENSPIEL_PARAMS"]

OPENSPIEL_PARAMS = (
    Param("iters", int, None, "simulations per move", low=1, shown=f"{DEFAULT_ITERS} unless time is set"),
    Param("time", float, None, "seconds per move, with iters whichever ends first", low=1e-3, shown="none"),
    SEED_PARAM,
    Param("c", float, 0.7, "UCT exploration constant (returns in [0, 1])", low=0.0),
    Param(
        "leaf",
        str,
        "rollout",
        "leaf value: rollout (one random game to the end, OpenSpiel's default) or heuristic (evaluate())",
        choices=("rollout", "heuristic"),
    ),
)


def _openspiel_factory(kind: str) -> Callable[[str, dict[str, Any]], Bot]:
    """Build an OpenSpiel search bot (``realpolitik.interop.bots``), imported only now: this
    module loads without OpenSpiel, so a missing extra is one clear line when such a bot is
    built."""

    def build(spec: str, v: dict[str, Any]) -> Bot:
        try:
            from realpolitik.interop import bots as module
        except ImportError as exc:
            raise ValueError(
                f"bot '{spec}' needs OpenSpiel: pip install 'realpolitik[interop]' ({exc})"
            ) from None
        iters = v["iters"]
        if iters is None and v["time"] is None:
            iters = DEFAULT_ITERS
        bot: Bot = module.OpenSpielBot(spec, kind, iters, v["time"], v["seed"], v["c"], v["leaf"])
        return bot

    return build


OPENSPIEL_ISMCTS = BotInfo(
    "openspiel-ismcts",
    "OpenSpiel's own Python ISMCTS through the OpenSpiel adapter (needs realpolitik[interop])",
    OPENSPIEL_PARAMS,
    _openspiel_factory("ismcts"),
)

OPENSPIEL_MCTS = BotInfo(
    "openspiel-mcts",
    "OpenSpiel's own Python MCTS on the true state, reads hidden information (needs realpolitik[interop])",
    OPENSPIEL_PARAMS,
    _openspiel_factory("mcts"),
)
