"""Summary statistics against a hand-computed example."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from realpolitik.ai.tournament import summarize, wilson_interval


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
    # the rating is OpenSkill Plackett-Luce over the games in id order, ties sharing a rank
    model = PlackettLuce()
    r = {"a": model.rating(), "b": model.rating()}
    for row in rows:
        names = [x["bot"] for x in row["seats"]]
        ranks = [1 + sum(y > x for y in row["returns"]) for x in row["returns"]]
        new = model.rate([[r[n]] for n in names], ranks=ranks)
        for n, t in zip(names, new):
            r[n] = t[0]
    assert a["rating"]["mu"] == pytest.approx(r["a"].mu) and a["rating"]["sigma"] == pytest.approx(
        r["a"].sigma
    )
    assert a["rating"]["ordinal"] == pytest.approx(r["a"].ordinal())
    assert a["rating"]["mu"] > 25 > b["rating"]["mu"]


def test_summary_of_no_games() -> None:
    s = summarize([], [("a", "random"), ("b", "random")], ["USSR", "US"], "twilight")
    assert s["games"] == 0 and s["bots"]["a"]["ci95"] == [0.0, 1.0] and s["avg_length"] == 0.0
    assert math.isclose(s["bots"]["a"]["rating"]["mu"], 25.0)
