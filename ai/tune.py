"""Tune an evaluator's weights by the games they win: SPSA over pairs of games.

``realpolitik train`` fits weights to predict who wins a position; this module instead looks
for weights that make a bot win more. It is simultaneous perturbation stochastic
approximation (SPSA): at every step each tuned group of terms moves its weights one step up
or down at random (signs drawn from the seed) and the opposite way for a second bot, the two
bots play a pair of games from one seed with the seats swapped, and every group moves toward
the side of the bot that scored more. After many pairs the groups that do not matter wander
about zero, and the ones that do drift.

A group of terms with nonzero weights is tuned by one multiplier, ``w = w0 * exp(theta)``
(its terms keep their proportions), and a group whose start weights are zero by an
addition, ``w = w0 + theta``. The result is the average of ``theta`` over the second half of
the steps (Polyak averaging), which is steadier than the last step.

Only two-player games: a pair of games between two bots, seats swapped, is the unit.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from realpolitik.ai.fit import Weights
from realpolitik.engine.core.api import HasEvalTerms

if TYPE_CHECKING:
    from realpolitik.ai.tournament import Executor

__all__ = ["TuneConfig", "tune"]

DECAY_START = 50
"""The step size is ``rate * (1 + 0.1 * DECAY_START) / (1 + 0.1 * (k + DECAY_START))`` at
update ``k``: it falls slowly, to half by about update 60."""

MIN_UPDATES = 2
TWO_PLAYERS = 2  # tuning plays two-seat matches


@dataclass(frozen=True)
class TuneConfig:
    """One tuning run.

    Attributes:
        game: Registry name of a two-player game with evaluation terms.
        bot: The search both sides play, a spec without ``weights`` or ``seed``
            (e.g. ``ismcts:iters=300``).
        groups: The tuned groups, each a tuple of term names sharing one parameter; terms in
            no group keep their start weights.
        pairs: Pairs of games (``batch`` pairs per update, so rounded down to a multiple).
        seed: Every perturbation and game seed derives from it.
        start: The start weights (the hand weights when None).
        step: Perturbation of a multiplier group (in ``theta``, so ``exp(step)``).
        step_zero: Perturbation of an additive group (in weight units).
        rate: Step size at the first update, per unit of a pair's score difference.
        batch: Pairs played between updates (played at once by the workers).
        workers: Games played at once (local processes) when ``tune`` is given no executor.
    """

    game: str
    bot: str
    groups: tuple[tuple[str, ...], ...]
    pairs: int
    seed: int = 0
    start: Weights | None = None
    step: float = 0.4
    step_zero: float = 0.15
    rate: float = 0.08
    batch: int = 4
    workers: int = 1

    def to_json(self) -> dict[str, Any]:
        """What the run did, for the weights file's ``training`` record."""
        return {
            "method": "spsa",
            "bot": self.bot,
            "groups": [list(g) for g in self.groups],
            "pairs": self.pairs // self.batch * self.batch,
            "seed": self.seed,
            "start": "hand" if self.start is None else self.start.source or "file",
            "step": self.step,
            "step_zero": self.step_zero,
            "rate": self.rate,
            "batch": self.batch,
        }


_Job = tuple[str, str, int, int, str, str]
"""A game: the game, the bot spec, its seed, the plus side's seat, the two weights files' text.

The weights travel as text, not paths, so a game runs on any node of a Ray cluster."""


def _play(job: _Job) -> float:
    """One game: the plus weights' bot in seat ``swap`` (0 or 1); its return (a worker's task)."""
    from realpolitik.ai.bots import format_spec, make_bot, parse_spec
    from realpolitik.ai.match import play_match
    from realpolitik.engine import load_game

    game, bot, game_seed, swap, plus, minus = job
    state = load_game(game).new_initial_state(players=2, seed=game_seed)
    name, raw = parse_spec(bot)
    with tempfile.TemporaryDirectory(prefix="realpolitik-tune-") as tmp:
        paths = []
        for label, text in (("plus", plus), ("minus", minus)):
            path = os.path.join(tmp, f"{label}.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(path)
        specs = [
            format_spec(name, {**raw, "weights": paths[0], "seed": game_seed + 1}),
            format_spec(name, {**raw, "weights": paths[1], "seed": game_seed + 2}),
        ]
        if swap:
            specs.reverse()
        bots = [make_bot(s) for s in specs]  # the weights are read here
    return play_match(state, bots, random.Random(game_seed)).returns[1 if swap else 0]


def tune(
    config: TuneConfig,
    on_update: Callable[[int, list[float]], None] | None = None,
    *,
    executor: Executor | None = None,
    on_game: Callable[[], None] | None = None,
) -> tuple[Weights, list[list[float]]]:
    """Run SPSA (see the module text).

    An update's games run at once in ``executor`` (default: ``config.workers`` local
    processes); each result is put back in its place before the update, so the weights are the
    same whatever the executor and its number of workers.

    Args:
        config: The run.
        on_update: Called after every update with its index and ``theta`` (for progress).
        executor: Where the games run (left open; the caller closes it).
        on_game: Called after every finished game (for progress).

    Returns:
        ``(weights, history)``: the tuned weights (their ``training`` records the run and the
        averaged ``theta``) and ``theta`` after every update.

    Raises:
        ValueError: not a two-player game with terms, unknown or repeated term names, too
            few pairs, a bad bot spec.
    """
    from realpolitik.ai.bots import make_bot, parse_spec
    from realpolitik.engine import load_game

    g = load_game(config.game)
    if not g.spec.min_players <= TWO_PLAYERS <= g.spec.max_players:
        raise ValueError(
            f"tune plays pairs of two-player games; {g.spec.name} is for "
            f"{g.spec.min_players}-{g.spec.max_players} players"
        )
    probe = g.new_initial_state(players=2)
    if not isinstance(probe, HasEvalTerms):
        raise ValueError(f"{g.spec.name} has no evaluation terms to tune")
    _, raw = parse_spec(config.bot)
    if "weights" in raw or "seed" in raw or "eval" in raw:
        raise ValueError("--bot: leave out weights, eval and seed (tune sets them for each game)")
    make_bot(config.bot)
    names = tuple(probe.eval_term_names())
    start = config.start.weights if config.start is not None else tuple(probe.eval_hand_weights())
    if config.start is not None:
        config.start.check_state(probe)
    index = {n: i for i, n in enumerate(names)}
    seen: set[str] = set()
    for group in config.groups:
        for name in group:
            if name not in index:
                raise ValueError(f"unknown term '{name}'; {g.spec.name}'s terms: {', '.join(names)}")
            if name in seen:
                raise ValueError(f"term '{name}' is in two groups")
            seen.add(name)
    if not config.groups:
        raise ValueError("no terms to tune")
    updates = config.pairs // config.batch
    if updates < MIN_UPDATES:
        raise ValueError(
            f"tune needs at least {MIN_UPDATES * config.batch} pairs ({config.batch} per update)"
        )
    members = [[index[n] for n in group] for group in config.groups]
    additive = [any(start[i] == 0.0 for i in m) for m in members]
    steps = [config.step_zero if add else config.step for add in additive]

    def weights_of(theta: Sequence[float]) -> list[float]:
        w = list(start)
        for m, add, t in zip(members, additive, theta, strict=True):
            for i in m:
                w[i] = start[i] + t if add else start[i] * math.exp(t)
        return w

    def weights(values: list[float], training: dict[str, Any]) -> Weights:
        return Weights(g.spec.name, g.spec.version, names, tuple(values), 0.0, training)

    rng = random.Random(config.seed)
    theta = [0.0] * len(members)
    history: list[list[float]] = []
    with contextlib.ExitStack() as stack:
        if executor is None:
            from realpolitik.ai.tournament import open_executor

            executor = stack.enter_context(
                open_executor("local", config.workers, None, todo=2 * config.batch, game=g.spec.name)
            )
        for k in range(updates):
            jobs: list[_Job] = []
            signs: list[list[int]] = []
            for b in range(config.batch):
                d = [rng.choice((-1, 1)) for _ in members]
                plus = weights_of([t + s * di for t, s, di in zip(theta, steps, d, strict=True)])
                minus = weights_of([t - s * di for t, s, di in zip(theta, steps, d, strict=True)])
                texts = [
                    json.dumps(weights(values, {"method": "spsa perturbation"}).to_json(), indent=1)
                    for values in (plus, minus)
                ]
                game_seed = config.seed * 100_003 + k * 31 + b
                jobs += [(g.spec.name, config.bot, game_seed, swap, texts[0], texts[1]) for swap in (0, 1)]
                signs.append(d)
            results = [0.0] * len(jobs)
            for at, value in executor.imap_unordered(_play, jobs):
                results[at] = value
                if on_game is not None:
                    on_game()
            a = config.rate * (1 + 0.1 * DECAY_START) / (1 + 0.1 * (k + DECAY_START))
            for b, d in enumerate(signs):
                r = results[2 * b] + results[2 * b + 1] - 1.0  # the plus side's score, centred
                for i in range(len(theta)):
                    theta[i] += a * r * d[i] * steps[i]
            history.append(list(theta))
            if on_update is not None:
                on_update(k, theta)
    half = history[len(history) // 2 :]
    mean = [sum(h[i] for h in half) / len(half) for i in range(len(members))]
    training = {
        **config.to_json(),
        "additive": additive,
        "theta": mean,
        "theta_last": list(theta),
        "updates": updates,
    }
    return weights(weights_of(mean), json.loads(json.dumps(training))), history
