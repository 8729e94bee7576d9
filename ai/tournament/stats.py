"""Win rates with Wilson intervals, by bot and by seat, and Plackett–Luce ratings (``rating``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from realpolitik.ai.stats import wilson_interval
from realpolitik.ai.tournament.rating import RatingFit

__all__ = ["summarize", "wilson_interval"]


def _rate(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def summarize(
    rows: Iterable[Mapping[str, Any]],
    bots: Sequence[tuple[str, str]],
    seats: Sequence[str],
    game: str,
) -> dict[str, Any]:
    """Per-bot statistics of finished games.

    Wins are the sum of a bot's returns (a shared win counts as its share); the interval is
    Wilson's at 95%. Ratings are Plackett–Luce, fitted to all the games at once on
    OpenSkill's scale (``rating.RatingFit``): every seat ranked by its return, equal returns
    sharing a rank. Neither depends on the order of the rows.

    Args:
        rows: Rows (``seats[*].bot``, ``returns``, ``length``, ``duration`` are read), in
            any order; read once, one at a time, and never held together (a long
            tournament's summary takes flat memory).
        bots: ``(name, spec)`` per bot; seats: seat names in order; game: echoed.

    Returns:
        ``{"game", "games", "bots": {name: {"spec", "games", "wins", "win_rate", "ci95",
        "rating": {"mu", "sigma", "ordinal"}, "by_seat": {seat: {"games", "wins", "win_rate",
        "ci95"}}}}, "seats": {seat: {...}}, "avg_length", "avg_duration"}``.
    """
    rating = RatingFit([name for name, _ in bots])
    games, wins = {name: 0 for name, _ in bots}, {name: 0.0 for name, _ in bots}
    seat_games = {name: dict.fromkeys(seats, 0) for name, _ in bots}
    seat_wins = {name: dict.fromkeys(seats, 0.0) for name, _ in bots}
    total_by_seat = dict.fromkeys(seats, 0.0)
    n, total_length, total_duration = 0, 0.0, 0.0
    for row in rows:
        n += 1
        total_length += row["length"]
        total_duration += row["duration"]
        names = [s["bot"] for s in row["seats"]]
        returns = [float(x) for x in row["returns"]]
        for seat, (name, ret) in enumerate(zip(names, returns)):
            games[name] += 1
            wins[name] += ret
            seat_games[name][seats[seat]] += 1
            seat_wins[name][seats[seat]] += ret
            total_by_seat[seats[seat]] += ret
        rating.add(names, returns)
    ratings = rating.fit()
    out_bots: dict[str, Any] = {}
    for name, spec in bots:
        r = ratings[name]
        out_bots[name] = {
            "spec": spec,
            **_rate(wins[name], games[name]),
            "rating": {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()},
            "by_seat": {s: _rate(seat_wins[name][s], seat_games[name][s]) for s in seats},
        }
    return {
        "game": game,
        "games": n,
        "bots": out_bots,
        "seats": {s: _rate(total_by_seat[s], n) for s in seats},
        "avg_length": total_length / n if n else 0.0,
        "avg_duration": total_duration / n if n else 0.0,
    }
