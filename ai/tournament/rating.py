"""Plackett–Luce ratings fitted to all of a tournament's games at once.

Each game ranks its seats by return. Under the Plackett–Luce model the best seat is chosen
first from all seats with probability proportional to ``exp(mu / c)`` of its bot, the next
from the seats left, and so on. The ratings are the maximum a posteriori ``mu`` of every bot
given every game, on OpenSkill's scale: a prior ``N(25, (25/3)^2)`` per bot and
``c = beta * sqrt(seats)`` with ``beta = 25/6``, the model OpenSkill updates one game at a
time. Fitted once over all games, the ratings do not depend on the order of the games (an
online update weighs the last games most, and can rank a bot that won more games below one
that won fewer). ``sigma`` is the posterior's standard deviation from its curvature at the
maximum (the Laplace approximation), given that the ratings average 25: games measure only
differences between bots, so this is how far a bot's rating may be from the field's;
``ordinal = mu - 3 sigma``.

Equal returns share a rank: the tied seats are taken together, each counting as a share
(one over the number tied) of a choice among the seats left, so that a drawn two-player game
counts as half a win for each side, as it does in the win counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["BETA", "MU0", "SIGMA0", "Rating", "RatingFit"]

MU0 = 25.0
"""The prior mean of a rating (OpenSkill's)."""

SIGMA0 = 25.0 / 3.0
"""The prior standard deviation of a rating (OpenSkill's)."""

BETA = 25.0 / 6.0
"""The spread of one seat's performance in a game (OpenSkill's)."""

# the line search's floors: no gain below NO_GAIN, a step below MIN_STEP, done below DONE_STEP
NO_GAIN = 1e-12
MIN_STEP = 1e-6
DONE_STEP = 1e-10


@dataclass(frozen=True)
class Rating:
    """One bot's rating: posterior mean ``mu``, standard deviation ``sigma``."""

    mu: float
    sigma: float

    def ordinal(self) -> float:
        """``mu - 3 sigma``: a conservative single number."""
        return self.mu - 3.0 * self.sigma


class RatingFit:
    """Collects games one at a time (flat in memory per distinct game shape), then fits.

    Args:
        bots: The bot names; every game's seats name some of them.
    """

    def __init__(self, bots: Sequence[str]) -> None:
        self._index = {name: i for i, name in enumerate(bots)}
        self._names = list(bots)
        # a game's contribution depends only on which bot took which tied group in which
        # order, so identical outcomes are counted, not stored
        self._counts: dict[tuple[tuple[int, ...], ...], int] = {}

    def add(self, bots: Sequence[str], returns: Sequence[float]) -> None:
        """One game: the bot in each seat and each seat's return."""
        levels = sorted(set(returns), reverse=True)
        groups = tuple(
            tuple(sorted(self._index[b] for b, r in zip(bots, returns, strict=True) if r == level))
            for level in levels
        )
        self._counts[groups] = self._counts.get(groups, 0) + 1

    def _derivatives(self, mu: list[float]) -> tuple[float, list[float], list[list[float]]]:
        """Log posterior, its gradient and its Hessian at ``mu``."""
        k = len(mu)
        value = -sum((m - MU0) ** 2 for m in mu) / (2 * SIGMA0**2)
        grad = [-(m - MU0) / SIGMA0**2 for m in mu]
        hess = [[(-1.0 / SIGMA0**2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for groups, count in self._counts.items():
            c = BETA * math.sqrt(sum(len(g) for g in groups))
            seats = [i for g in groups for i in g]  # bot of each seat, best group first
            start = 0
            for g in groups:
                left = seats[start:]  # the seats not yet ranked (a bot may hold several)
                start += len(g)
                if len(left) > 1:  # a last seat alone is "chosen" for sure: no information
                    w = count / len(g)
                    s = [mu[i] / c for i in left]
                    top = max(s)
                    e = [math.exp(x - top) for x in s]
                    z = sum(e)
                    p = [x / z for x in e]
                    log_z = top + math.log(z)
                    for i in g:
                        value += w * (mu[i] / c - log_z)
                        grad[i] += w / c
                    # the share of each seat left, the same for every member of the group
                    agg: dict[int, float] = {}
                    for i, pi in zip(left, p, strict=True):
                        agg[i] = agg.get(i, 0.0) + pi
                    n = len(g)
                    for i, pi in agg.items():
                        grad[i] -= n * w * pi / c
                        for j, pj in agg.items():
                            hess[i][j] += n * w * pi * pj / c**2
                        hess[i][i] -= n * w * pi / c**2
        return value, grad, hess

    def fit(self) -> dict[str, Rating]:
        """The maximum a posteriori rating of every bot (Newton's method, halving steps)."""
        k = len(self._names)
        mu = [MU0] * k
        value, grad, hess = self._derivatives(mu)
        for _ in range(100):
            step = _solve([[-h for h in row] for row in hess], grad)
            t = 1.0
            while True:
                trial = [m + t * d for m, d in zip(mu, step, strict=True)]
                v, g, h = self._derivatives(trial)
                if v >= value - NO_GAIN or t < MIN_STEP:
                    break
                t /= 2
            done = max((abs(t * d) for d in step), default=0.0) < DONE_STEP
            mu, value, grad, hess = trial, v, g, h
            if done:
                break
        # The games tell only differences between ratings; their average is the prior's (25).
        # sigma is each rating's spread given that average: the posterior covariance (the
        # inverse of minus the Hessian) conditioned on the sum of the ratings.
        cov = _inverse([[-h for h in row] for row in hess])
        row_sums = [sum(r) for r in cov]
        total = sum(row_sums)
        cov = [[cov[i][j] - row_sums[i] * row_sums[j] / total for j in range(k)] for i in range(k)]
        return {name: Rating(mu[i], math.sqrt(max(cov[i][i], 0.0))) for i, name in enumerate(self._names)}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for cc in range(col, n + 1):
                m[r][cc] -= f * m[col][cc]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][cc] * x[cc] for cc in range(r + 1, n))) / m[r][r]
    return x


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]
