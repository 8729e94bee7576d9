"""The one registry of bot kinds, and what builds a bot from a spec string.

``make_bot(spec)`` returns a fresh bot; an unknown bot, parameter or value raises
``ValueError`` naming what is valid. Installed packages add kinds through the
:data:`PLUGIN_GROUP` entry points, loaded when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from realpolitik.ai.botspec import GRAMMAR, SEED_PARAM, Bot, BotInfo, Param
from realpolitik.ai.builtin_bots import Evaluation, ExpectimaxBot, HeuristicBot, RandomBot, SearchBot
from realpolitik.ai.evaluators import ROLLOUT_POLICIES
from realpolitik.ai.ismcts import MAX_ITERS, MAX_PRIOR, MAX_SECONDS, OTHERS, PLAN_PRIOR_VISITS, SearchConfig

__all__ = [
    "DEFAULT_ITERS",
    "MAX_SAMPLES",
    "PLUGIN_GROUP",
    "bot_names",
    "describe_bots",
    "format_spec",
    "make_bot",
    "parse_spec",
    "register_bot",
    "with_budget",
]

DEFAULT_ITERS = 2000
"""Iteration budget of mcts/ismcts when the spec gives neither ``iters`` nor ``time``."""

MAX_SAMPLES = 64
"""Most determinizations an expectimax bot averages (each is a whole search)."""


_SEED = SEED_PARAM
_EVAL_PARAMS = (
    Param(
        "eval",
        str,
        None,
        "evaluator: hand (the game's hand weights) or fitted (the weights the package ships, "
        "fitted by self-play; how each plays against hand: docs/ai.md)",
        choices=("hand", "fitted"),
        shown="hand",
    ),
    Param(
        "weights",
        str,
        None,
        "a weights file made by 'realpolitik train' (implies eval=fitted)",
        shown="none",
    ),
)


def _evaluation(v: dict[str, Any]) -> Evaluation:
    """The evaluator a spec's ``eval``/``weights`` values choose."""
    return Evaluation(v["eval"], v["weights"])


_SEARCH_PARAMS = (
    Param(
        "iters",
        int,
        None,
        "iterations per move, total over workers",
        low=1,
        high=MAX_ITERS,
        shown=f"{DEFAULT_ITERS} unless time is set",
    ),
    Param(
        "time",
        float,
        None,
        "seconds per move per worker, with iters whichever ends first",
        low=1e-3,
        high=MAX_SECONDS,
        shown="none",
    ),
    _SEED,
    Param(
        "c",
        float,
        None,
        "UCB1 exploration constant",
        low=0.0,
        shown=f"the game's c at the player count, else {SearchConfig.c:g}",
    ),
    Param("rollout", int, 0, "rollout moves before evaluate() scores the position", low=0),
    Param(
        "policy",
        str,
        "random",
        f"rollout policy: {' or '.join(ROLLOUT_POLICIES)}",
        choices=tuple(ROLLOUT_POLICIES),
    ),
    Param("widen", float, 0.5, "progressive widening exponent, 0 = off", low=0.0, high=1.0),
    Param("workers", int, 1, "root-parallel processes, results merged", low=1, high=64),
    Param(
        "prior",
        int,
        None,
        "virtual visits, each worth the best return, the plan's move starts with in a game that "
        "offers a plan (How to Invade), and another seat's greedy move with others=greedy; "
        "0 = only expanded first; otherwise unused",
        low=0,
        high=MAX_PRIOR,
        shown=f"the game's prior, else {PLAN_PRIOR_VISITS}",
    ),
    Param(
        "others",
        str,
        None,
        "the other seats' nodes: search (like the searcher's) or greedy (their one-ply best "
        "by their own evaluate() expanded first)",
        choices=OTHERS,
        shown="the game's others at the player count, else search",
    ),
    *_EVAL_PARAMS,
)


def _search_factory(determinize: bool) -> Callable[[str, dict[str, Any]], Bot]:
    def build(spec: str, v: dict[str, Any]) -> Bot:
        iters = v["iters"]
        if iters is None and v["time"] is None:
            iters = DEFAULT_ITERS
        config = SearchConfig(
            iters=iters,
            time=v["time"],
            c=SearchConfig.c if v["c"] is None else v["c"],
            rollout=v["rollout"],
            policy=v["policy"],
            widen=v["widen"],
            workers=v["workers"],
            determinize=determinize,
            prior=PLAN_PRIOR_VISITS if v["prior"] is None else v["prior"],
            others=SearchConfig.others if v["others"] is None else v["others"],
        )
        return SearchBot(
            spec,
            config,
            v["seed"],
            _evaluation(v),
            game_c=v["c"] is None,
            game_others=v["others"] is None,
            game_prior=v["prior"] is None,
        )

    return build


_REGISTRY: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo("random", "uniformly random legal moves", (_SEED,), lambda s, v: RandomBot(s, v["seed"])),
        BotInfo(
            "heuristic",
            "one-ply greedy on the game's evaluate(), expectation over dice",
            (
                Param(
                    "follow",
                    int,
                    None,
                    "own decisions in a row played greedily before a move is scored",
                    low=0,
                    high=64,
                    shown="the game's heuristic_follow: 8 in twilight, 0 elsewhere",
                ),
                _SEED,
                *_EVAL_PARAMS,
            ),
            lambda s, v: HeuristicBot(s, v["seed"], v["follow"], _evaluation(v)),
        ),
        BotInfo(
            "mcts",
            "MCTS on the true state (reads hidden information: a cheating reference)",
            _SEARCH_PARAMS,
            _search_factory(determinize=False),
        ),
        BotInfo(
            "ismcts",
            "information-set MCTS over determinizations (the default computer player)",
            _SEARCH_PARAMS,
            _search_factory(determinize=True),
        ),
        BotInfo(
            "expectimax",
            "depth-limited expectimax: minimax for two seats, max-n for more; dice enumerated",
            (
                Param("depth", int, 2, "decision plies searched, chance nodes are free", low=1, high=8),
                Param("samples", int, 1, "determinizations averaged", low=1, high=MAX_SAMPLES),
                Param(
                    "time",
                    float,
                    None,
                    "seconds per move: deepen ply by ply, play the deepest search done in time",
                    low=1e-3,
                    high=MAX_SECONDS,
                    shown="none",
                ),
                _SEED,
                *_EVAL_PARAMS,
            ),
            lambda s, v: ExpectimaxBot(s, v["depth"], v["samples"], v["seed"], _evaluation(v), v["time"]),
        ),
    )
}


PLUGIN_GROUP = "realpolitik.bots"
"""Entry-point group through which an installed package adds bot kinds: each entry is named
after the kind and points at its :class:`BotInfo` (the ``interop`` extra's OpenSpiel bots come
in this way, so the AI never names the adapters). An entry is loaded the first time its kind is
asked for, or when every bot is described."""


def register_bot(info: BotInfo) -> None:
    """Add a bot kind to the registry (a plug-in's, or a test's).

    Raises:
        ValueError: when another kind is registered under the same name.
    """
    known = _REGISTRY.get(info.name)
    if known is not None and known is not info:
        raise ValueError(f"bot '{info.name}' is registered already")
    _REGISTRY[info.name] = info


def _plugins() -> dict[str, EntryPoint]:
    """Bot kinds installed packages offer and that are not loaded yet, by name (sorted)."""
    found = {ep.name: ep for ep in entry_points(group=PLUGIN_GROUP) if ep.name not in _REGISTRY}
    return dict(sorted(found.items()))


def _load_plugin(ep: EntryPoint) -> BotInfo:
    try:
        info = ep.load()
    except ImportError as exc:
        raise ValueError(f"bot '{ep.name}' ({ep.value}) does not load: {exc}") from None
    if not isinstance(info, BotInfo) or info.name != ep.name:
        raise ValueError(f"bot '{ep.name}' ({ep.value}) is not a bot kind named '{ep.name}'")
    register_bot(info)
    return info


def _bot_info(name: str) -> BotInfo | None:
    """The kind registered as ``name``, loading an installed plug-in's on first use."""
    info = _REGISTRY.get(name)
    if info is None and (ep := _plugins().get(name)) is not None:
        info = _load_plugin(ep)
    return info


def bot_names() -> list[str]:
    """Bot names: the registered ones in registry order, then those installed plug-ins offer
    (named without loading them)."""
    return [*_REGISTRY, *_plugins()]


def describe_bots() -> dict[str, str]:
    """One line per bot: what it does and its parameters with defaults.

    Returns:
        ``{name: description}`` in registry order.
    """
    for ep in _plugins().values():
        _load_plugin(ep)
    out = {}
    for info in _REGISTRY.values():
        params = "; ".join(f"{p.name}={p.shown or p.default} ({p.help})" for p in info.params)
        out[info.name] = f"{info.summary}. Parameters: {params}."
    return out


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec string into its bot name and raw parameter texts.

    Args:
        spec: ``name[:key=value[,key=value]...]``.

    Returns:
        ``(name, {key: text})``; the name is lower-cased.

    Raises:
        ValueError: for an empty or malformed spec, an unknown bot or parameter, or a
            repeated parameter.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"empty bot spec; expected {GRAMMAR} with name one of: {', '.join(bot_names())}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    info = _bot_info(name)
    if info is None:
        raise ValueError(f"unknown bot '{name}'; valid bots: {', '.join(bot_names())}")
    valid = [p.name for p in info.params]
    raw: dict[str, str] = {}
    for part in rest.split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, text = part.partition("=")
        key, text = key.strip().lower(), text.strip()
        if not eq or not key or not text:
            raise ValueError(f"bad parameter '{part}' in bot spec '{spec}'; expected {GRAMMAR}")
        if key not in valid:
            raise ValueError(f"bot '{name}' has no parameter '{key}'; valid parameters: {', '.join(valid)}")
        if key in raw:
            raise ValueError(f"parameter '{key}' given twice in bot spec '{spec}'")
        raw[key] = text
    return name, raw


def format_spec(name: str, params: dict[str, Any]) -> str:
    """The canonical spec string: parameters in the bot's own order.

    Args:
        name: A registered bot name.
        params: Parameter values (or their texts).

    Returns:
        ``name`` or ``name:key=value,...``.
    """
    order = [p.name for p in _REGISTRY[name].params]
    parts = [f"{k}={params[k]}" for k in order if k in params]
    return f"{name}:{','.join(parts)}" if parts else name


def with_budget(spec: str, budget: int | float | None) -> str:
    """A spec with its budget replaced.

    Args:
        spec: A bot spec.
        budget: None keeps the spec; an int sets ``iters`` (``depth`` for expectimax) and
            drops ``time``; a float sets ``time`` and drops ``iters`` (mcts/ismcts only).

    Returns:
        The new spec string.

    Raises:
        ValueError: for a budget the bot does not take.
    """
    name, raw = parse_spec(spec)
    if budget is None:
        return format_spec(name, raw)
    keys = {p.name for p in _REGISTRY[name].params}
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise ValueError(f"budget must be an int (iterations) or a float (seconds), got {budget!r}")
    if isinstance(budget, int) and "depth" in keys:
        raw["depth"] = str(budget)
    elif isinstance(budget, int) and "iters" in keys:
        raw["iters"] = str(budget)
        raw.pop("time", None)
    elif isinstance(budget, float) and "time" in keys:
        raw["time"] = repr(budget)
        raw.pop("iters", None)
    else:
        kind = "iteration" if isinstance(budget, int) else "time"
        raise ValueError(f"bot '{name}' takes no {kind} budget")
    return format_spec(name, raw)


def make_bot(spec: str) -> Bot:
    """Build a fresh bot from a spec string.

    Args:
        spec: ``name[:key=value[,key=value]...]``, e.g. ``ismcts:iters=2000,seed=1``.

    Returns:
        The bot; its ``spec`` attribute is the canonical spec string.

    Raises:
        ValueError: for an unknown bot, parameter or value, listing the valid ones.
    """
    name, raw = parse_spec(spec)
    info = _REGISTRY[name]
    values = {p.name: p.default for p in info.params}
    canonical: dict[str, Any] = {}
    for p in info.params:
        if p.name in raw:
            values[p.name] = canonical[p.name] = p.parse(name, raw[p.name])
    return info.factory(format_spec(name, canonical), values)
