"""An evaluator whose weights are fitted by self-play, and the fitting itself.

A game that splits its evaluator into terms (``engine.core.api.HasEvalTerms``: each game's
``features`` module) can be scored by weights fitted here instead of its hand weights:

- **The model** is a logistic regression per seat: ``p(seat) = sigmoid(b + w · terms(seat))``
  estimates the seat's final result (1 a win, 0 a loss, a draw or shared win its share). The
  value a bot sees is ``p(seat) / sum(p(q) for every seat q)``: the values of one position add
  up to 1, as the hand evaluators' do, at any player count.
- **The data** (:func:`collect`): self-play games of one bot against itself; at sampled decision
  positions the terms of every seat and the hand evaluator's values are recorded, and when the
  game ends each seat's return is attached.
- **The fit** (:func:`fit_logistic`): Newton's method (iteratively reweighted least squares) on
  standardised terms, in plain NumPy — a dozen weights and some thousand rows need no more,
  and NumPy comes with the core install (matplotlib needs it). The L2 penalty draws the
  weights towards the game's hand weights (``eval_hand_weights``), not towards zero: one
  game gives one result, so a few hundred games are few data, and what they do not show
  stays as the hand evaluator has it. Its strength is chosen by cross-validation over whole
  games (:func:`choose_penalty`).
- **A restricted fit** (``free``, :func:`restriction`): only the named terms get weights of
  their own; the others keep the hand evaluator's proportions and share one fitted scale.
  Self-play cannot tell a term's worth where both players habitually keep it level (a region
  both defend, a cost both pay), and a free fit then weighs it near zero, which a search
  reads as licence to neglect it.
- **The check** (:func:`calibration`): whole games are held out (positions of one game are not
  independent), and the fitted and hand evaluators are compared there by Brier score, with a
  reliability table (predicted value in ten bins against the observed mean result).

Weights are a versioned JSON file (:data:`FORMAT`, :data:`VERSION`), validated on load
(:func:`load_weights`: one :class:`WeightsError` line on a bad file). The package ships one per
game (``ai/data/<game>.json``, :func:`packaged_weights`).
"""

from __future__ import annotations

import contextlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from realpolitik.ai.weights import (
    FORMAT,
    VERSION,
    FittedState,
    Weights,
    WeightsError,
    fitted_values,
    load_weights,
    packaged_weights,
    with_weights,
)
from realpolitik.engine.core.api import CHANCE, HasEvalTerms, State
from realpolitik.engine.core.files import (
    FileRefused,
    check_output,
    rescue_folders,
    write_atomic,
    write_new_file,
)

if TYPE_CHECKING:
    from realpolitik.ai.tournament import Executor

__all__ = [
    "FORMAT",
    "VERSION",
    "FittedState",
    "Sample",
    "Weights",
    "WeightsError",
    "calibration",
    "check_weights_path",
    "collect",
    "fit_logistic",
    "fitted_values",
    "is_weights_bytes",
    "load_weights",
    "packaged_weights",
    "restriction",
    "save_weights",
    "save_weights_elsewhere",
    "train",
    "with_weights",
]

L2 = 1e-3
"""Default L2 penalty on the standardised weights (not the intercept), per row."""

L2_GRID = (1e-3, 1e-2, 3e-2, 0.1, 0.3, 1.0)
"""Penalties :func:`train` chooses from, by cross-validation over the training games."""

FOLDS = 4
"""Cross-validation folds (whole games) for the choice of the penalty."""

BINS = 10
"""Bins of the reliability table."""

MIN_GAMES = 2  # one game at least is held out
MIN_FIT_POSITIONS = 10
# the fit's numerical floors: a column this flat is constant, a line search stops below these
CONSTANT_COLUMN = 1e-12
MIN_SCALE = 1e-6
MIN_STEP = 1e-10


# ----- data -------------------------------------------------------------------------------------


@dataclass
class Sample:
    """One recorded position.

    Attributes:
        game: Index of the self-play game it came from.
        terms: Per seat, the evaluation terms.
        hand: Per seat, the hand evaluator's value.
        result: Per seat, the final return (filled in when the game ends).
    """

    game: int
    terms: list[list[float]]
    hand: list[float]
    result: list[float] = field(default_factory=list)


def _game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7919 + 17) % (2**31)


def _play_one(job: tuple[str, int, str, int, int, float]) -> list[Sample]:
    """Play self-play game ``index`` and return its sampled positions (a worker's task)."""
    from realpolitik.ai.bots import format_spec, make_bot, parse_spec
    from realpolitik.ai.match import play_match
    from realpolitik.engine import load_game

    game_name, players, bot_spec, seed, index, rate = job
    gseed = _game_seed(seed, index)
    state = load_game(game_name).new_initial_state(players=players, seed=gseed)
    n = state.num_players()
    name, raw = parse_spec(bot_spec)
    bots = [make_bot(format_spec(name, {**raw, "seed": gseed + q})) for q in range(n)]
    pick = random.Random(gseed ^ 0x5EED)
    samples: list[Sample] = []

    def sample(s: State, p: int, action: int) -> None:
        # a decision (not a die) is kept with probability ``rate``
        if p != CHANCE and pick.random() < rate:
            assert isinstance(s, HasEvalTerms)
            samples.append(
                Sample(index, [s.eval_terms(q) for q in range(n)], [s.evaluate(q) for q in range(n)])
            )

    result = play_match(state, bots, random.Random(gseed), on_step=sample).returns
    for kept in samples:
        kept.result = result
    return samples


def collect(
    game: str,
    games: int,
    players: int,
    bot_spec: str = "heuristic",
    seed: int = 0,
    rate: float = 0.25,
    workers: int = 1,
    on_game: Callable[[], None] | None = None,
    executor: Executor | None = None,
) -> list[Sample]:
    """Play ``games`` self-play games and record sampled positions with their final results.

    Args:
        game: Registry name.
        games: Games to play.
        players: Player count.
        bot_spec: The bot every seat plays (its seed is set per game and seat).
        seed: Every game's seed derives from it.
        rate: Probability that a decision position is recorded.
        workers: Local processes playing games at once, when no ``executor`` is given.
        on_game: Called after each finished game (a progress bar).
        executor: Where the games run (left open; the caller closes it).

    Returns:
        The samples, in game order (whatever order the games finished in).
    """
    jobs = [(game, players, bot_spec, seed, i, rate) for i in range(games)]
    parts: list[list[Sample]] = [[] for _ in jobs]
    with contextlib.ExitStack() as stack:
        if executor is None:
            from realpolitik.ai.tournament import open_executor

            executor = stack.enter_context(open_executor("local", workers, None, todo=games, game=game))
        for index, part in executor.imap_unordered(_play_one, jobs):
            parts[index] = part
            if on_game is not None:
                on_game()
    return [s for part in parts for s in part]


# ----- fitting -----------------------------------------------------------------------------------


def _rows(samples: Sequence[Sample]) -> tuple[Any, Any]:
    import numpy as np

    x = [t for s in samples for t in s.terms]
    y = [r for s in samples for r in s.result]
    return np.asarray(x, dtype=float), np.asarray(y, dtype=float)


def fit_logistic(
    x: Any, y: Any, l2: float = L2, prior: Sequence[float] | None = None, iters: int = 50
) -> tuple[list[float], float]:
    """Logistic regression by Newton's method, on standardised columns with an L2 penalty.

    Args:
        x: ``(rows, terms)`` array.
        y: ``(rows,)`` targets in [0, 1] (soft targets allowed: a draw is 0.5).
        l2: Penalty per row on the standardised weights' distance from ``prior``.
        prior: Weights (on the original columns) the penalty draws towards; None: zero.
        iters: Most Newton steps.

    Returns:
        ``(weights, intercept)`` on the original (unstandardised) columns.
    """
    import numpy as np

    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < CONSTANT_COLUMN] = 1.0  # a constant column: its weight stays at the prior
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / std])
    centre = np.zeros(z.shape[1])
    if prior is not None:
        centre[1:] = np.asarray(prior, dtype=float) * std
    beta = centre.copy()
    pen = np.full(z.shape[1], l2 * len(x))
    pen[0] = 0.0

    def loss(b: Any) -> float:
        """Penalised negative log-likelihood (soft targets)."""
        m = z @ b
        nll = np.sum(np.logaddexp(0.0, m) - y * m)
        return float(nll + 0.5 * np.sum(pen * (b - centre) ** 2))

    current = loss(beta)
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ beta, -500.0, 500.0)))
        grad = z.T @ (p - y) + pen * (beta - centre)
        hess = (z * (p * (1.0 - p))[:, None]).T @ z + np.diag(pen) + 1e-9 * np.eye(z.shape[1])
        step = np.linalg.solve(hess, grad)
        scale = 1.0  # damped Newton: halve the step until the loss does not grow (separable data)
        while scale > MIN_SCALE:
            trial = beta - scale * step
            value = loss(trial)
            if value <= current + 1e-12:
                break
            scale *= 0.5
        else:
            break
        beta, current = trial, value
        if float(np.max(np.abs(scale * step))) < MIN_STEP:
            break
    weights = beta[1:] / std
    intercept = float(beta[0] - np.sum(weights * mean))
    return [float(w) for w in weights], intercept


def restriction(names: Sequence[str], hand: Sequence[float], free: Sequence[str] | None) -> Any:
    """The matrix that maps a restricted fit's parameters to one weight per term.

    Args:
        names: The game's term names.
        hand: Its hand weights, in the same order.
        free: Terms that get a weight of their own; the rest share one scale of their hand
            weights (the matrix's first column). None: every term is free (the identity).

    Returns:
        A ``(terms, parameters)`` NumPy array ``M``: the weights are ``M @ parameters`` and the
        fit's columns are ``terms @ M``.

    Raises:
        ValueError: a name in ``free`` that is not a term, or a repeated one.
    """
    import numpy as np

    if free is None:
        return np.eye(len(names))
    unknown = [f for f in free if f not in names]
    if unknown:
        raise ValueError(f"unknown term {', '.join(unknown)}; the terms are {', '.join(names)}")
    if len(set(free)) != len(free):
        raise ValueError("a term is named twice in the free terms")
    free_idx = [names.index(f) for f in free]
    m = np.zeros((len(names), 1 + len(free_idx)))
    for i, h in enumerate(hand):
        if i not in free_idx:
            m[i, 0] = h
    for k, i in enumerate(free_idx):
        m[i, 1 + k] = 1.0
    return m


def _fit_restricted(
    x: Any, y: Any, l2: float, names: Sequence[str], hand: Sequence[float], free: Sequence[str] | None
) -> tuple[list[float], float]:
    """:func:`fit_logistic` drawn towards the hand weights, restricted to ``free``
    (:func:`restriction`); the result as one weight per term."""
    import numpy as np

    if free is None:
        return fit_logistic(x, y, l2, hand)
    m = restriction(names, hand, free)
    prior = [1.0] + [hand[names.index(f)] for f in free]  # the hand evaluator: scale 1
    params, b = fit_logistic(x @ m, y, l2, prior)
    return [float(w) for w in m @ np.asarray(params)], b


def _predict(samples: Sequence[Sample], weights: Weights) -> list[list[float]]:
    out = []
    for s in samples:
        ps = [weights.score(t) for t in s.terms]
        total = sum(ps)
        out.append([p / total for p in ps] if total > 0.0 else [1.0 / len(ps)] * len(ps))
    return out


def calibration(pred: Sequence[float], result: Sequence[float], bins: int = BINS) -> dict[str, Any]:
    """Brier score and reliability table of predicted values against results.

    Returns:
        ``{"brier": float, "rows": n, "table": [{"low", "high", "count", "predicted",
        "observed"}, ...]}`` (empty bins left out).
    """
    n = len(pred)
    brier = sum((p - r) ** 2 for p, r in zip(pred, result, strict=True)) / n if n else float("nan")
    table = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, p in enumerate(pred) if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if idx:
            table.append(
                {
                    "low": lo,
                    "high": hi,
                    "count": len(idx),
                    "predicted": sum(pred[i] for i in idx) / len(idx),
                    "observed": sum(result[i] for i in idx) / len(idx),
                }
            )
    return {"brier": brier, "rows": n, "table": table}


def choose_penalty(
    samples: Sequence[Sample],
    prior: Sequence[float],
    names: tuple[str, ...],
    game: str,
    version: str,
    free: Sequence[str] | None = None,
) -> tuple[float, dict[str, float]]:
    """The penalty of :data:`L2_GRID` with the lowest Brier score over :data:`FOLDS` folds of
    whole games (each fold fitted on the others), the fit drawn towards ``prior`` (the hand
    weights) and restricted to ``free`` (:func:`restriction`).

    Returns:
        ``(l2, {str(l2): cross-validated Brier score})``.
    """
    games = sorted({s.game for s in samples})
    folds = [set(games[i::FOLDS]) for i in range(min(FOLDS, len(games)))]
    scores: dict[str, float] = {}
    best, best_score = L2, math.inf
    for l2 in L2_GRID:
        err = 0.0
        rows = 0
        for fold in folds:
            train_part = [s for s in samples if s.game not in fold]
            test_part = [s for s in samples if s.game in fold]
            if not train_part or not test_part:
                continue
            x, y = _rows(train_part)
            w, b = _fit_restricted(x, y, l2, names, prior, free)
            weights = Weights(game, version, names, tuple(w), b)
            for s, pred in zip(test_part, _predict(test_part, weights), strict=True):
                err += sum((p - r) ** 2 for p, r in zip(pred, s.result, strict=True))
                rows += len(pred)
        score = err / rows if rows else math.inf
        scores[repr(l2)] = score
        if score < best_score - 1e-12:
            best, best_score = l2, score
    return best, scores


def train(
    game: str,
    games: int,
    players: int | None = None,
    bot_spec: str = "heuristic",
    seed: int = 0,
    workers: int = 1,
    holdout: float = 0.25,
    rate: float = 0.25,
    on_game: Callable[[], None] | None = None,
    free: Sequence[str] | None = None,
    executor: Executor | None = None,
) -> tuple[Weights, dict[str, Any]]:
    """Self-play, fit and check: the whole of ``realpolitik train``.

    Whole games are held out: the last ``holdout`` share of the games (at least one).
    ``free`` restricts the fit (:func:`restriction`): only those terms get weights of their
    own, the others one common scale of their hand weights. The games run in ``executor``
    (default: ``workers`` local processes); the weights are the same whatever runs them.

    Returns:
        ``(weights, report)``; the report holds the held-out calibration of the fitted and the
        hand evaluators, and the sample counts (also stored in ``weights.training``).

    Raises:
        ValueError: too few games or positions to fit and check, or a game without terms.
    """
    from realpolitik.engine import load_game

    if games < MIN_GAMES:
        raise ValueError(f"train needs at least {MIN_GAMES} games (one is held out)")
    g = load_game(game)
    probe = g.new_initial_state(players=players) if players else g.new_initial_state()
    if not isinstance(probe, HasEvalTerms):
        raise ValueError(f"{g.spec.name} has no evaluation terms to fit")
    n_players = probe.num_players()
    names = tuple(probe.eval_term_names())
    hand = tuple(probe.eval_hand_weights())
    restriction(names, hand, free)  # a bad term name fails before any game is played
    samples = collect(g.spec.name, games, n_players, bot_spec, seed, rate, workers, on_game, executor)
    held = max(1, round(games * holdout))
    cut = games - held
    fit_set = [s for s in samples if s.game < cut]
    test_set = [s for s in samples if s.game >= cut]
    if len(fit_set) < MIN_FIT_POSITIONS or not test_set:
        raise ValueError(
            f"only {len(fit_set)} training and {len(test_set)} held-out positions: play more games"
        )
    l2, cv = choose_penalty(fit_set, hand, names, g.spec.name, g.spec.version, free)
    x, y = _rows(fit_set)
    w, b = _fit_restricted(x, y, l2, names, hand, free)
    fitted = Weights(g.spec.name, g.spec.version, names, tuple(w), b)
    results = [r for s in test_set for r in s.result]
    fit_cal = calibration([p for row in _predict(test_set, fitted) for p in row], results)
    hand_cal = calibration([p for s in test_set for p in s.hand], results)
    report: dict[str, Any] = {
        "bot": bot_spec,
        "free": list(free) if free is not None else None,
        "players": n_players,
        "games": games,
        "held_out_games": held,
        "seed": seed,
        "positions": len(samples),
        "training_positions": len(fit_set),
        "held_out_positions": len(test_set),
        "l2": l2,
        "cv_brier": cv,
        "hand_weights": list(hand),
        "brier_fitted": fit_cal["brier"],
        "brier_hand": hand_cal["brier"],
        "reliability_fitted": fit_cal["table"],
        "reliability_hand": hand_cal["table"],
    }
    return Weights(fitted.game, fitted.game_version, names, fitted.weights, b, report), report


def is_weights_bytes(raw: bytes) -> bool:
    """Whether a file's bytes are a weights file (the only file a weights file replaces)."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and obj.get("format") == FORMAT


WEIGHTS_KIND = "a realpolitik weights file"

_WEIGHTS_RULE: dict[str, Any] = {
    "kind": WEIGHTS_KIND,
    "is_ours": is_weights_bytes,
    "verb": "write weights to",
    "force_hint": ", or give --force",
}
"""How the output rule names and recognises a weights file (the check and the write alike)."""


def check_weights_path(path: str | Path, force: bool = False) -> None:
    """Refuse, before any training, a weights file that could not be written or holds
    something else (the rule of :func:`realpolitik.engine.core.files.check_output`).

    Raises:
        WeightsError: naming the file and the problem.
    """
    try:
        check_output(path, force=force, **_WEIGHTS_RULE)
    except FileRefused as exc:
        raise WeightsError(str(exc)) from None


def save_weights(weights: Weights, path: str | Path, force: bool = False) -> None:
    """Write a weights file (JSON, the format :func:`load_weights` reads), atomically; an
    existing file is replaced only when it is a weights file (or with ``force``).

    Raises:
        WeightsError: naming the file and why it could not be written (the old file is kept).
    """
    data = (json.dumps(weights.to_json(), indent=1) + "\n").encode("utf-8")
    try:
        write_atomic(path, data, force=force, **_WEIGHTS_RULE)
    except FileRefused as exc:
        raise WeightsError(str(exc)) from None


def save_weights_elsewhere(weights: Weights, path: str | Path) -> str | None:
    """Write weights that could not be written to ``path`` under a new name that overwrites
    nothing (``STEM-rescue.json`` in the current, else the temporary folder).

    Returns:
        The file written, or None when nowhere took it.
    """
    data = (json.dumps(weights.to_json(), indent=1) + "\n").encode("utf-8")
    stem = Path(path).stem or "weights"
    where, _ = write_new_file(
        rescue_folders(), f"{stem}-rescue", ".json", data, kind=WEIGHTS_KIND, is_ours=is_weights_bytes
    )
    return where


def reliability_figure(report: dict[str, Any], title: str) -> Any:
    """A reliability plot (predicted value against observed mean result) of both evaluators, as
    a matplotlib figure (Agg canvas) for the caller to write."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5, 5))
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect")
    for key, label in (("reliability_hand", "hand"), ("reliability_fitted", "fitted")):
        rows = report[key]
        brier = report[f"brier_{label}"]
        ax.plot(
            [r["predicted"] for r in rows],
            [r["observed"] for r in rows],
            marker="o",
            label=f"{label} (Brier {brier:.4f})",
        )
    ax.set_xlabel("predicted value")
    ax.set_ylabel("observed mean result")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig
