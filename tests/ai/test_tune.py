"""Tuning evaluator weights by games won (``ai.tune``, ``realpolitik tune``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from realpolitik.ai import tune
from realpolitik.ai.bots import make_bot
from realpolitik.ai.fit import Weights, load_weights
from realpolitik.ai.weights import weights_from_json
from realpolitik.cli.main import app
from realpolitik.engine.twilight.features import HAND_WEIGHTS, TERM_NAMES

SPACE = TERM_NAMES.index("space")
NONBG = TERM_NAMES.index("nonbg_influence")

pytestmark = pytest.mark.main_pass_only  # fitting and tuning do not depend on REALPOLITIK_PURE


def _weights(text: str) -> Weights:
    """A game's weights as its job carries them (a weights file's text)."""
    return weights_from_json(json.loads(text), "job")


def _fake_play(job: tuple[str, str, int, int, str, str]) -> float:
    """The bot whose space weight is larger wins every game, whatever its seat."""
    _, _, _, _, plus, minus = job
    p, m = (_weights(x).weights[SPACE] for x in (plus, minus))
    return 1.0 if p > m else 0.0


def test_every_update_moves_toward_the_side_that_won(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the larger space weight always winning, each pair scores +1 for the plus side
    exactly when its space multiplier was raised, so theta for space grows by
    ``a_k * step`` per pair at every update; a group the games ignore moves only when the
    pair's score happens to line up with its random sign."""
    monkeypatch.setattr(tune, "_play", _fake_play)
    config = tune.TuneConfig("twilight", "heuristic", (("space",), ("china",)), pairs=12, seed=3, batch=3)
    weights, history = tune.tune(config)
    assert len(history) == 4
    expected = 0.0
    for k, theta in enumerate(history):
        a = 0.08 * (1 + 0.1 * 50) / (1 + 0.1 * (k + 50))
        expected += 3 * a * 0.4
        assert theta[0] == pytest.approx(expected)
    mean = (history[2][0] + history[3][0]) / 2  # the second half of the updates, averaged
    assert weights.weights[SPACE] == pytest.approx(HAND_WEIGHTS[SPACE] * math.exp(mean))
    assert weights.training["theta"][0] == pytest.approx(mean)
    untouched = [i for i, n in enumerate(TERM_NAMES) if n not in ("space", "china")]
    assert all(weights.weights[i] == HAND_WEIGHTS[i] for i in untouched)
    assert weights.intercept == 0.0 and weights.training["method"] == "spsa"


def test_a_term_weighted_zero_is_tuned_by_addition(monkeypatch: pytest.MonkeyPatch) -> None:
    """nonbg_influence starts at zero: a multiplier could never move it, an addition does."""

    def nonbg_wins(job: tuple[str, str, int, int, str, str]) -> float:
        p, m = (_weights(x).weights[NONBG] for x in job[4:])
        return 1.0 if p > m else 0.0

    monkeypatch.setattr(tune, "_play", nonbg_wins)
    config = tune.TuneConfig("twilight", "heuristic", (("nonbg_influence",),), pairs=8, seed=1, batch=4)
    weights, history = tune.tune(config)
    assert weights.training["additive"] == [True]
    assert history[0][0] == pytest.approx(4 * 0.08 * 0.15)  # step_zero, in weight units
    assert (
        weights.weights[NONBG] == pytest.approx(weights.training["theta"][0]) and weights.weights[NONBG] > 0
    )


def test_a_real_run_is_the_same_with_one_worker_or_two(tmp_path: Path) -> None:
    """Seeded games, in a fixed order: the workers change only the speed. The weights play."""
    config = tune.TuneConfig("twilight", "ismcts:iters=5", (("space",), ("vp",)), pairs=4, seed=1, batch=2)
    one, h1 = tune.tune(config)
    two, h2 = tune.tune(tune.TuneConfig(**{**config.__dict__, "workers": 2}))
    assert h1 == h2 and one.weights == two.weights
    assert any(t != 0.0 for t in h1[-1])  # the four pairs were not all level
    path = tmp_path / "tuned.json"
    from realpolitik.ai.fit import save_weights

    save_weights(one, path)
    make_bot(f"ismcts:iters=20,weights={path}")  # a valid weights file for a bot


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "invasion"}, "two-player games; invasion is for 3-5 players"),
        ({"groups": (("nonsense",),)}, "unknown term 'nonsense'"),
        ({"groups": (("space", "china"), ("space",))}, "term 'space' is in two groups"),
        ({"groups": ()}, "no terms to tune"),
        ({"bot": "ismcts:iters=5,seed=3"}, "leave out weights, eval and seed"),
        ({"pairs": 7}, "at least 8 pairs"),
    ],
)
def test_bad_runs_are_refused_before_any_game(kwargs: dict, message: str) -> None:
    base = {"game": "twilight", "bot": "heuristic", "groups": (("space",),), "pairs": 8, "batch": 4}
    with pytest.raises(ValueError, match=message):
        tune.tune(tune.TuneConfig(**{**base, **kwargs}))


def test_cli_tune_writes_weights_and_reports_each_group(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    runner = CliRunner()
    res = runner.invoke(
        app,
        ["tune", "twilight", "--pairs", "4", "--batch", "2", "--bot", "ismcts:iters=5", "--terms", "space+china,nonbg_influence", "--seed", "2", "--out", str(out)],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "space+china" in res.output and "nonbg_influence" in res.output and f"wrote {out}" in res.output
    w = load_weights(out)
    assert w.training["groups"] == [["space", "china"], ["nonbg_influence"]] and w.training["pairs"] == 4
    assert json.loads(out.read_text())["format"] == "realpolitik-weights"


def test_cli_tune_says_what_is_wrong_in_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = str(tmp_path / "w.json")
    res = runner.invoke(app, ["tune", "invasion", "--pairs", "8", "--out", out])
    assert res.exit_code != 0 and "two-player games" in res.output and "Traceback" not in res.output
    res = runner.invoke(app, ["tune", "twilight", "--pairs", "8", "--terms", "space+", "--out", out])
    assert res.exit_code != 0 and "empty term name" in res.output
    assert not Path(out).exists()
