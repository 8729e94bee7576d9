"""Bots and the one registry that builds them from spec strings: the AI's public door.

The parts live by what they hold: ``ai.botspec`` (the ``Bot`` protocols, a kind's parameters,
the grammar), ``ai.builtin_bots`` (the bots), ``ai.registry`` (the kinds, plug-ins, parsing
and building a spec); this module gathers their public names and analyses a position.

Spec grammar, used by the CLI, tournaments and tests alike::

    name[:key=value[,key=value]...]

    random            heuristic:seed=3         expectimax:depth=2
    ismcts            ismcts:iters=2000        ismcts:time=1.5,workers=4
    mcts:iters=500,c=1.0,rollout=0               openspiel-ismcts:time=0.5

``make_bot(spec)`` returns a fresh bot; an unknown bot, parameter or value raises
``ValueError`` naming what is valid. Every bot owns a ``random.Random(seed)`` (``seed=0`` by
default), so a fresh bot built from the same spec, given the same position and an iteration
budget, always makes the same move.

A bot is handed the true state but reads only what its seat may see: ``legal_actions()`` of
its own decision, ``evaluate(seat)``, and determinizations from ``resample_hidden(seat, rng)``.
The exceptions are ``mcts`` and ``openspiel-mcts``, which search the true state and so cheat
under hidden information (documented, for reference play). Bots never modify the state they are given.

The ``openspiel-*`` kinds are a plug-in: the ``interop`` extra offers them through the
:data:`PLUGIN_GROUP` entry points, and this module never imports it.
"""

from __future__ import annotations

from realpolitik.ai.analysis import Analysis
from realpolitik.ai.botspec import GRAMMAR, SEED_PARAM, Bot, BotInfo, Param, SearchingBot, split_specs
from realpolitik.ai.builtin_bots import HAND, Evaluation, ExpectimaxBot, HeuristicBot, RandomBot, SearchBot
from realpolitik.ai.ismcts import Progress
from realpolitik.ai.registry import (
    DEFAULT_ITERS,
    MAX_SAMPLES,
    PLUGIN_GROUP,
    bot_names,
    describe_bots,
    format_spec,
    make_bot,
    parse_spec,
    register_bot,
    with_budget,
)
from realpolitik.engine.core.api import State

__all__ = [
    "DEFAULT_ITERS",
    "GRAMMAR",
    "HAND",
    "MAX_SAMPLES",
    "PLUGIN_GROUP",
    "SEED_PARAM",
    "Bot",
    "BotInfo",
    "Evaluation",
    "ExpectimaxBot",
    "HeuristicBot",
    "Param",
    "RandomBot",
    "SearchBot",
    "SearchingBot",
    "analyse",
    "bot_names",
    "describe_bots",
    "format_spec",
    "make_bot",
    "parse_spec",
    "register_bot",
    "split_specs",
    "with_budget",
]


def analyse(
    state: State,
    seat: int,
    budget: int | float | None = None,
    bot_spec: str = "ismcts",
    progress: Progress | None = None,
) -> Analysis:
    """Analyse a position for ``seat`` (who must be to move).

    Args:
        state: The position (not modified).
        seat: The seat to advise.
        budget: An int is an iteration budget (for expectimax: the depth); a float is a time
            budget in seconds (mcts/ismcts only); None keeps the spec's own budget.
        bot_spec: A searching bot's spec string (``ismcts``, ``mcts:c=1``, ``expectimax``).
        progress: For mcts/ismcts, called with the iterations done so far.

    Returns:
        The analysis.

    Raises:
        ValueError: for a bot that does not search, or a bad spec or budget.
    """
    bot = make_bot(with_budget(bot_spec, budget))
    if not isinstance(bot, SearchingBot):
        raise ValueError(
            f"bot '{bot.spec}' does not search; analyse needs one of: "
            "mcts, ismcts, expectimax, openspiel-ismcts, openspiel-mcts"
        )
    if isinstance(bot, SearchBot):
        bot.progress = progress
    return bot.analyse(state, seat)
