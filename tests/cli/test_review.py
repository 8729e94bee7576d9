"""``realpolitik review``: every move of a seat judged by the AI, in the JSON shape the
documentation gives, the same with any number of workers, with a plot and one-line errors; the
positions it judges (a compound move once), its budget, and a whole imported game reviewed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.cli.main import app
from realpolitik.cli.review import (
    LABELS,
    REVIEW_SEARCHES,
    THRESHOLDS,
    label_for,
    min_visits,
    plot_review,
    positions,
    review_iterations,
    summarize_review,
    worst_moves,
)
from realpolitik.cli.saves import read_game_file
from tests.cli.conftest import FAST_AI

MOVE_KEYS = {"ply", "steps", "seat", "text", "best_text", "win_before", "win_after", "loss", "label"}
OPENING = Path(__file__).resolve().parents[1] / "twilight" / "fixtures" / "ts-logs" / "opening.txt"


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
    assert set(data) == {"game", "search", "moves", "summary"} and data["game"] == "twilight"
    assert data["search"] == "ismcts:iters=300"  # the easy level's budget: one position, far under its share
    # the USSR's four setup placements are one move, judged once, at its first choice
    assert [(m["ply"], m["steps"]) for m in data["moves"]] == [(1, 4)]
    assert data["moves"][0]["text"].startswith("place ") and data["moves"][0]["text"].count(",") == 3
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


@pytest.fixture
def opening(tmp_path: Path) -> Path:
    """The project's fixture log imported: both setups, the headlines, a card's Operations placed
    point by point, a coup and realignments (35 actions)."""
    out = tmp_path / "opening.json"
    r = CliRunner().invoke(app, ["import", "twilight", str(OPENING), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


def test_a_compound_move_is_one_position(opening: Path) -> None:
    """A seat's run of actions up to a die or the other seat's move is judged once, at its first
    choice: the setups' placements, a card and its Operations' points, a card and its coup's
    target; each realignment after a roll is a move of its own."""
    state = read_game_file(str(opening)).state
    assert positions(state, [0, 1]) == [
        (0, 0, 6),  # the USSR's six setup placements
        (6, 1, 9),  # the US's nine (the bid of 2)
        (15, 0, 1),  # the headlines
        (16, 1, 1),
        (17, 0, 3),  # #20 Olympic Games for its Operations: influence Syria, influence Iraq
        (20, 1, 2),  # #23 Marshall Plan to coup, then the target: coup Syria
        (23, 0, 2),  # #7 Socialist Governments to realign, realign Iran (then the dice)
        (27, 0, 1),  # realign Israel, after the dice of the first realignment
        (30, 0, 1),
        (33, 1, 1),  # #34 Nuclear Test Ban for the space race
    ]
    assert positions(state, [1]) == [(6, 1, 9), (16, 1, 1), (20, 1, 2), (33, 1, 1)]


def test_the_review_budget_is_shared_by_the_positions() -> None:
    normal, easy = 50_000, 300
    assert review_iterations(normal, easy, 171) == normal * REVIEW_SEARCHES // 171  # a whole game
    assert review_iterations(normal, easy, 3) == normal  # a short game: the level's own budget
    assert review_iterations(normal, easy, 10**6) == easy  # never fewer than the easy level's
    assert review_iterations(easy, easy, 500) == easy  # the easy level reviews as it always did
    assert review_iterations(200, easy, 500) == 200  # a level below easy's budget keeps its own
    assert [min_visits(n) for n in (5, 300, 1000, 50_000)] == [1, 30, 100, 100]


def test_review_of_an_imported_game_marks_its_worst_moves(cli, opening: Path, tmp_path: Path) -> None:
    """Both seats of the imported fixture game reviewed end to end at a small budget: one move a
    position, values from one tree, and the plot names each seat's costliest moves."""
    plot = tmp_path / "review.png"
    r = cli("review", str(opening), "--iters", "200", "--workers", "1", "--json", "--plot", str(plot))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["search"] == "ismcts:iters=200"
    moves = data["moves"]
    state = read_game_file(str(opening)).state
    assert [(m["ply"] - 1, m["steps"]) for m in moves] == [(p, n) for p, _, n in positions(state, [0, 1])]
    for m in moves:
        assert set(m) == MOVE_KEYS and m["label"] in LABELS
        assert m["loss"] == pytest.approx(max(0.0, m["win_before"] - m["win_after"]), abs=1e-3)
        assert (m["label"] == "best") == (m["text"] == m["best_text"])
    olympic = next(m for m in moves if m["ply"] == 18)
    assert olympic["text"] == "#20 Olympic Games: influence, influence Syria, Iraq"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    named = plot_review(data, tmp_path / "again.png")
    for seat in ("USSR", "US"):
        worst = worst_moves(moves, seat)
        costs = sorted((m["loss"] for m in moves if m["seat"] == seat and m["loss"] > 0), reverse=True)
        assert [m["loss"] for m in worst] == costs[:3]
        assert {m["ply"] for m in worst} <= set(named)
    assert len(named) == len(worst_moves(moves, "USSR")) + len(worst_moves(moves, "US"))


def test_review_iters_and_the_help_name_the_budget(cli, short_game: Path) -> None:
    r = cli("review", str(short_game), "--iters", "20", "--workers", "1", "--no-color")
    assert r.exit_code == 0, r.output
    assert "1 position, ismcts:iters=20 each" in r.output
    r = cli("review", str(short_game), "--iters", "0")
    assert r.exit_code != 0 and "Traceback" not in r.output
    help_text = " ".join(cli("review", "--help").output.split())
    assert f"{REVIEW_SEARCHES} searches of the normal level" in help_text and "--level hard" in help_text
