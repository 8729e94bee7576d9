"""``realpolitik review``: every decision of a seat judged by the AI, in the JSON shape the
documentation gives, the same with any number of workers, with a plot and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from realpolitik.cli.review import LABELS, THRESHOLDS, label_for, summarize_review
from tests.cli.conftest import FAST_AI

MOVE_KEYS = {"ply", "seat", "text", "best_text", "win_before", "win_after", "loss", "label"}


def lines(*items: str) -> str:
    return "".join(f"{i}\n" for i in items)


@pytest.fixture
def short_game(cli, tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    r = cli("play", "twilight", "--seed", "2", "--ai", FAST_AI, "--save", str(save), input=lines(*["1"] * 4))
    assert r.exit_code == 0, r.output
    return save


def test_review_json_has_the_documented_shape(cli, short_game: Path, tmp_path: Path) -> None:
    plot = tmp_path / "r.png"
    r = cli("review", str(short_game), "--level", "easy", "--json", "--workers", "2", "--plot", str(plot))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data) == {"game", "moves", "summary"} and data["game"] == "twilight"
    assert [m["ply"] for m in data["moves"]] == [1, 2, 3, 4]  # the USSR's four setup decisions
    for m in data["moves"]:
        assert set(m) == MOVE_KEYS
        assert m["seat"] == "USSR" and m["label"] in LABELS
        assert 0.0 <= m["win_after"] <= 1.0 and 0.0 <= m["win_before"] <= 1.0
        assert m["loss"] == pytest.approx(max(0.0, m["win_before"] - m["win_after"]), abs=1e-3)
        assert (m["label"] == "best") == (m["text"] == m["best_text"])
    assert set(data["summary"]) == {"USSR"}
    assert set(data["summary"]["USSR"]) == {"accuracy", "blunders", "mistakes", "inaccuracies"}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = cli("review", str(short_game), "--level", "easy", "--json", "--workers", "1")
    assert json.loads(again.output) == data  # seeded per decision: any number of workers


def test_review_text_and_seat_choice(cli, short_game: Path) -> None:
    r = cli("review", str(short_game), "--level", "easy", "--seat", "US", "--workers", "1", "--no-color")
    assert r.exit_code == 0, r.output
    assert "US: accuracy" in r.output and "USSR: accuracy" not in r.output
    r = cli("review", str(short_game), "--level", "nope")
    assert r.exit_code == 1 and r.output.strip().startswith("error: unknown level 'nope'")


def test_labels_follow_the_documented_thresholds() -> None:
    assert label_for(True, 0.5) == "best"
    assert [label_for(False, x) for x in (0.0, 0.029, 0.03, 0.079, 0.08, 0.149, 0.15, 0.9)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    docs = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text()
    for name, bound in THRESHOLDS[:3]:
        assert f"{name}" in docs and f"{bound:.2f}" in docs
    moves = [{"seat": "A", "label": x} for x in ("best", "good", "mistake", "blunder", "inaccuracy")]
    assert summarize_review(moves, ["A", "B"]) == {
        "A": {"accuracy": 40.0, "blunders": 1, "mistakes": 1, "inaccuracies": 1},
        "B": {"accuracy": None, "blunders": 0, "mistakes": 0, "inaccuracies": 0},
    }
