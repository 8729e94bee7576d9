"""Summary statistics against a hand-computed example."""

from __future__ import annotations

import math
import random

import pytest

from realpolitik.ai.tournament import summarize, wilson_interval
from realpolitik.ai.tournament.rating import RatingFit


def test_wilson_interval_by_hand() -> None:
    # 7 wins in 10 games, z = 1.96: p = 0.7, z^2 = 3.8416
    # centre = (0.7 + 3.8416/20) / (1 + 3.8416/10) = 0.89208 / 1.38416 = 0.644492
    # half   = 1.96 * sqrt(0.7*0.3/10 + 3.8416/400) / 1.38416 = 1.96 * 0.174940 / 1.38416 = 0.247720
    lo, hi = wilson_interval(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-4) and hi == pytest.approx(0.8922, abs=1e-4)
    # 0 of 5: [0, z^2/(n+z^2)] = [0, 3.8415/8.8415] = [0, 0.4345]
    lo, hi = wilson_interval(0, 5)
    assert lo == 0.0 and hi == pytest.approx(0.4345, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(50, 100)  # symmetric around 1/2
    assert lo == pytest.approx(1 - hi) and hi == pytest.approx(0.5 + 0.0962, abs=1e-4)


def _row(gid: int, seats: list[str], returns: list[float], length: int = 10, duration: float = 0.5) -> dict:
    names = ("USSR", "US")
    return {
        "game_id": gid,
        "seats": [{"seat": names[i], "bot": b} for i, b in enumerate(seats)],
        "returns": returns,
        "length": length,
        "duration": duration,
    }


def test_summary_of_ten_games_by_hand() -> None:
    # a: wins 6 outright, 2 shared (0.5 each), loses 2 -> 7 wins of 10
    results = ["a", "a", "a", "a", "a", "a", "tie", "tie", "b", "b"]
    rows = []
    for gid, winner in enumerate(results):
        seats = ["a", "b"] if gid % 2 == 0 else ["b", "a"]
        ret = [0.5, 0.5] if winner == "tie" else [1.0 if s == winner else 0.0 for s in seats]
        rows.append(_row(gid, seats, ret, length=10 + gid, duration=0.1 * (gid + 1)))
    s = summarize(reversed(rows), [("a", "random"), ("b", "heuristic")], ["USSR", "US"], "twilight")
    assert s["game"] == "twilight" and s["games"] == 10
    a, b = s["bots"]["a"], s["bots"]["b"]
    assert (a["games"], a["wins"], a["win_rate"]) == (10, 7.0, 0.7)
    assert (b["games"], b["wins"], b["win_rate"]) == (10, 3.0, pytest.approx(0.3))
    assert a["ci95"] == [pytest.approx(0.3968, abs=1e-4), pytest.approx(0.8922, abs=1e-4)]
    assert b["ci95"] == [pytest.approx(1 - 0.8922, abs=1e-4), pytest.approx(1 - 0.3968, abs=1e-4)]
    # a sat USSR in even games (0,2,4,6,8): won 0,2,4, tied 6, lost 8 -> 3.5 of 5
    assert a["by_seat"]["USSR"]["games"] == 5 and a["by_seat"]["USSR"]["wins"] == 3.5
    assert a["by_seat"]["US"]["wins"] == 3.5  # odd games 1,3,5 won, 7 tied, 9 lost
    assert a["by_seat"]["USSR"]["win_rate"] == 0.7
    # USSR seat: a's 3.5 in even games + b's 1.5 in odd games (7 tied, 9 won) = 5 of 10
    assert s["seats"]["USSR"]["wins"] == 5.0 and s["seats"]["USSR"]["win_rate"] == 0.5
    assert s["avg_length"] == pytest.approx(14.5)  # 10..19
    assert s["avg_duration"] == pytest.approx(0.55)  # 0.1..1.0
    assert a["spec"] == "random"
    # the rating: Plackett-Luce over all ten games, a tie half a win each, so 7 wins to 3.
    # With mu_a = 25 + x, mu_b = 25 - x (the games tell only the difference), c = beta*sqrt(2)
    # and the prior N(25, (25/3)^2) on each, the log posterior along that line is
    #   f(x) = 7 log S(2x/c) + 3 log S(-2x/c) - x^2 / sigma0^2   (S the logistic function),
    # maximal where f'(x) = (2/c)(7 - 10 S(2x/c)) - 2x/sigma0^2 = 0 (bisection below), and
    # sigma = 1/sqrt(-f''(x)) with f''(x) = -(4/c^2) 10 S (1 - S) - 2/sigma0^2.
    c, s0 = 25 / 6 * math.sqrt(2), 25 / 3

    def slope(x: float) -> float:
        return (2 / c) * (7 - 10 / (1 + math.exp(-2 * x / c))) - 2 * x / s0**2

    lo, hi = 0.0, 10.0
    for _ in range(200):
        lo, hi = ((lo + hi) / 2, hi) if slope((lo + hi) / 2) > 0 else (lo, (lo + hi) / 2)
    sig = 1 / (1 + math.exp(-2 * lo / c))
    sd = 1 / math.sqrt(4 / c**2 * 10 * sig * (1 - sig) + 2 / s0**2)
    assert a["rating"]["mu"] == pytest.approx(25 + lo, abs=1e-9)
    assert b["rating"]["mu"] == pytest.approx(25 - lo, abs=1e-9)
    assert a["rating"]["sigma"] == pytest.approx(sd, abs=1e-9) and b["rating"]["sigma"] == pytest.approx(sd)
    assert a["rating"]["ordinal"] == pytest.approx(25 + lo - 3 * sd)
    # without the prior, 2x/c = log(7/3) = 0.847, x = 2.50; the prior pulls it in a little
    assert 2.0 < lo < c / 2 * math.log(7 / 3) == pytest.approx(2.496, abs=1e-3)


def _two_spells(first: int, first_wins: int, last: int, last_wins: int) -> list[dict]:
    """Seat-rotated games between a and b: a wins ``first_wins`` of the ``first`` games, then
    ``last_wins`` of the ``last`` games, its wins spread evenly within each spell."""
    rows = []
    for gid in range(first + last):
        k, n, w = (gid, first, first_wins) if gid < first else (gid - first, last, last_wins)
        a_wins = (k + 1) * w // n > k * w // n  # the k-th game of the spell: evenly spread
        seats = ["a", "b"] if gid % 2 == 0 else ["b", "a"]
        winner = "a" if a_wins else "b"
        rows.append(_row(gid, seats, [1.0 if s == winner else 0.0 for s in seats]))
    return rows


def test_the_bot_that_won_more_games_is_rated_higher_whatever_the_order() -> None:
    """A bot that wins 162 of 300 but only 21 of the last 50 games is rated above the other,
    whatever the order of the rows (a game-by-game update rated it below: the last games
    weighed most)."""
    rows = _two_spells(250, 141, 50, 21)
    assert sum(1 for r in rows[-50:] for s, x in zip(r["seats"], r["returns"]) if s["bot"] == "a" and x) == 21
    bots, seats = [("a", "x"), ("b", "y")], ["USSR", "US"]
    forward = summarize(rows, bots, seats, "twilight")["bots"]
    assert forward["a"]["wins"] == 162
    assert forward["a"]["rating"]["mu"] > 25 > forward["b"]["rating"]["mu"]
    shuffled = list(rows)
    random.Random(3).shuffle(shuffled)
    for order in (list(reversed(rows)), shuffled):
        again = summarize(order, bots, seats, "twilight")["bots"]
        for name in ("a", "b"):
            assert again[name]["rating"] == pytest.approx(forward[name]["rating"], abs=1e-9)


def test_ratings_are_the_maximum_of_the_posterior_with_ties_and_a_bot_in_two_seats() -> None:
    """Three seats, three bots, shared first places and c holding two seats of some games:
    the fit is a maximum (no small move of one rating raises the log posterior), its
    ratings average 25, and a bot that never loses to the others is rated first."""
    fit = RatingFit(["a", "b", "c"])
    rng = random.Random(5)
    for _ in range(120):
        bots = ["a", "b", "c"] if rng.random() < 0.7 else ["a", "c", "c"]
        rng.shuffle(bots)
        if rng.random() < 0.2:
            returns = [0.5 if x != "b" else 0.0 for x in bots]  # a shared win
        else:
            weights = [{"a": 5.0, "b": 2.0, "c": 1.0}[x] for x in bots]
            first = rng.choices(range(3), weights)[0]
            returns = [1.0 if q == first else 0.0 for q in range(3)]
        fit.add(bots, returns)
    ratings = fit.fit()
    mu = [ratings[x].mu for x in "abc"]
    assert sum(mu) / 3 == pytest.approx(25.0, abs=1e-9)
    assert mu[0] > mu[1] and mu[0] > mu[2]
    best = fit._derivatives(mu)[0]
    for i in range(3):
        for eps in (1e-3, -1e-3):
            moved = [m + (eps if q == i else 0.0) for q, m in enumerate(mu)]
            assert fit._derivatives(moved)[0] < best
    assert all(0.0 < ratings[x].sigma < 25 / 3 for x in "abc")


def test_summary_of_no_games() -> None:
    s = summarize([], [("a", "random"), ("b", "random")], ["USSR", "US"], "twilight")
    assert s["games"] == 0 and s["bots"]["a"]["ci95"] == [0.0, 1.0] and s["avg_length"] == 0.0
    assert math.isclose(s["bots"]["a"]["rating"]["mu"], 25.0)
