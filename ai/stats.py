"""Confidence intervals used across the AI: Wilson's for win rates (tournaments, strength
figures) and the normal approximation for a search's mean returns (hints)."""

from __future__ import annotations

import math

MIN_VISITS = 2  # an interval needs two samples

__all__ = ["Z95", "mean_interval", "wilson_interval"]

Z95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``wins`` (possibly fractional: shared wins)
    in ``games`` games at normal quantile ``z`` (default 95% two-sided); ``(0, 1)`` for none."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(max(p * (1 - p) / games + z2 / (4 * games * games), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(visits: int, total: float, sumsq: float) -> tuple[float, float]:
    """95% normal-approximation interval of a mean return, clipped to [0, 1].

    Uses the sample variance (``n - 1`` denominator); with fewer than two samples the
    interval is the whole range.

    Args:
        visits: Number of samples.
        total: Their sum.
        sumsq: The sum of their squares.

    Returns:
        ``(low, high)``.
    """
    if visits < MIN_VISITS:
        return 0.0, 1.0
    mean = total / visits
    var = max(0.0, (sumsq - visits * mean * mean) / (visits - 1))
    half = Z95 * math.sqrt(var / visits)
    return max(0.0, mean - half), min(1.0, mean + half)
