"""The fitted evaluator: each game's terms, the weights file, ``eval=`` in bot specs, the fit and
``realpolitik train`` (a tiny run: the tests are about the code, not the weights' strength)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from realpolitik.ai import fit
from realpolitik.ai.bots import make_bot
from realpolitik.cli.main import app
from realpolitik.engine import game_specs, load_game
from realpolitik.engine.core.api import HasEvalTerms
from realpolitik.engine.twilight import features
from realpolitik.engine.twilight.board import BOARD, US, USSR

GAMES = [sp.name for sp in game_specs()]

pytestmark = pytest.mark.main_pass_only  # fitting and tuning do not depend on REALPOLITIK_PURE


def _walk(state, steps: int, seed: int):
    """Play ``steps`` uniformly random actions (chance included) on ``state``."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _hand_value(terms: list[float]) -> float:
    return 1.0 / (1.0 + math.exp(-sum(w * t for w, t in zip(features.HAND_WEIGHTS, terms, strict=True))))


# ----- terms ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("impl", ["pure", "compiled"])
def test_twilight_hand_weights_over_the_terms_are_the_hand_evaluator(impl: str) -> None:
    game = load_game("twilight")
    if impl not in game.implementations():
        pytest.skip("the compiled core is not built")
    s = game.with_implementation(impl).new_initial_state(seed=5)
    rng = random.Random(2)
    checked = 0
    while not s.is_terminal() and checked < 150:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        for seat in (USSR, US):
            assert _hand_value(s.eval_terms(seat)) == pytest.approx(s.evaluate(seat), abs=1e-12)
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
        checked += 1
    assert checked > 50


def test_twilight_nonbattleground_influence_is_a_term_the_hand_evaluator_ignores() -> None:
    """One US influence in each of seven Western European non-battlegrounds (none controlled,
    2.1.7): the hand value does not move, the new term grows by 7 for the US."""
    s = load_game("twilight").with_implementation("pure").new_initial_state(seed=0)
    names = ["norway", "sweden", "denmark", "benelux", "spain_portugal", "greece", "turkey"]
    before = {seat: (s.evaluate(seat), s.eval_terms(seat)) for seat in (USSR, US)}
    for name in names:
        c = BOARD.country(name)
        assert not BOARD.bg_mask >> c & 1 and BOARD.stability[c] >= 2
        s.inf[BOARD.n + c] += 1
    s.touch()
    k = features.TERM_NAMES.index("nonbg_influence")
    for seat, sign in ((US, 1.0), (USSR, -1.0)):
        value, terms = before[seat]
        assert s.evaluate(seat) == value
        assert s.eval_terms(seat)[k] - terms[k] == pytest.approx(sign * 7 / 7.0)  # SCALE is 7
    assert features.HAND_WEIGHTS[k] == 0.0


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_named_finite_terms(game: str) -> None:
    s = _walk(load_game(game).new_initial_state(seed=1), 40, 1)
    assert isinstance(s, HasEvalTerms)
    names = s.eval_term_names()
    assert len(names) == len(set(names)) >= 2
    for seat in range(s.num_players()):
        terms = s.eval_terms(seat)
        assert len(terms) == len(names) and all(math.isfinite(t) for t in terms)


@pytest.mark.parametrize("game", ["ideology", "waronterror", "invasion"])
def test_hand_weights_give_the_hand_evaluator(game: str) -> None:
    """Where the terms keep the hand evaluator whole, its weights under the fitted model give
    the hand values back, normalised over the seats (the fitted model's values add up to 1; a
    hand evaluator's need not: War on Terror's mixes in each side's own progress)."""
    s = _walk(load_game(game).new_initial_state(seed=2), 50, 2)
    hand = fit.Weights(
        s.game().spec.name, s.game().spec.version, s.eval_term_names(), s.eval_hand_weights(), 0.0
    )
    values = [s.evaluate(q) for q in range(s.num_players())]
    for q, v in enumerate(fit.fitted_values(s, hand)):
        assert v == pytest.approx(values[q] / sum(values), abs=2e-4)  # up to the log-odds clip


def test_the_fit_is_drawn_towards_the_prior() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(400, 2))
    y = (rng.random(400) < 0.5).astype(float)  # the terms say nothing: the prior stays
    w, _ = fit.fit_logistic(x, y, l2=10.0, prior=[2.0, -1.0])
    assert w == pytest.approx([2.0, -1.0], abs=0.05)
    w0, _ = fit.fit_logistic(x, y, l2=10.0)
    assert w0 == pytest.approx([0.0, 0.0], abs=0.05)


def test_restriction_maps_a_scale_and_the_free_terms_to_weights() -> None:
    m = fit.restriction(("a", "b", "c"), (2.0, 0.5, 0.0), ["c"])
    assert m.tolist() == [[2.0, 0.0], [0.5, 0.0], [0.0, 1.0]]  # params (scale, c) -> weights
    assert fit.restriction(("a", "b"), (2.0, 0.5), []).tolist() == [[2.0], [0.5]]  # scale only
    assert fit.restriction(("a", "b"), (1.0, 1.0), None).tolist() == [[1.0, 0.0], [0.0, 1.0]]
    with pytest.raises(ValueError, match="unknown term d; the terms are a, b, c"):
        fit.restriction(("a", "b", "c"), (1.0, 1.0, 1.0), ["d"])
    with pytest.raises(ValueError, match="named twice"):
        fit.restriction(("a", "b", "c"), (1.0, 1.0, 1.0), ["c", "c"])


def test_a_restricted_fit_keeps_the_hand_proportions_of_the_other_terms() -> None:
    # the hand weights are (1, 0.5, 0); the data: terms 0 and 1 in those proportions at twice
    # the hand scale, and term 2 (free) worth 1 on its own
    rng = np.random.default_rng(2)
    x = rng.normal(size=(20000, 3))
    z = 0.2 + x @ np.array([2.0, 1.0, 1.0])
    y = (rng.random(20000) < 1.0 / (1.0 + np.exp(-z))).astype(float)
    names, hand = ("a", "b", "c"), (1.0, 0.5, 0.0)
    w, b = fit._fit_restricted(x, y, 0.0, names, hand, ["c"])
    assert w[0] == pytest.approx(2 * w[1])  # exactly one scale of the hand weights
    assert w == pytest.approx([2.0, 1.0, 1.0], rel=0.1) and b == pytest.approx(0.2, abs=0.1)
    # with a strong penalty the fit stays at the hand evaluator: scale 1, the free term at its
    # hand weight 0
    w, _ = fit._fit_restricted(x, y, 1e4, names, hand, ["c"])
    assert w == pytest.approx([1.0, 0.5, 0.0], abs=0.02)
    # nothing restricted: the plain fit, unchanged
    assert fit._fit_restricted(x, y, 0.0, names, hand, None) == fit.fit_logistic(x, y, 0.0, hand)


# ----- shipped weights and the fitted evaluation ---------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_shipped_weights_fit_every_game(game: str) -> None:
    w = fit.packaged_weights(game)
    spec = load_game(game).spec
    assert (w.game, w.game_version) == (spec.name, spec.version)
    assert w.term_names == tuple(load_game(game).new_initial_state().eval_term_names())
    if w.training.get("method") == "spsa":  # tuned by games won (realpolitik tune)
        assert w.training["pairs"] >= 100 and len(w.training["theta"]) == len(w.training["groups"])
    else:  # fitted to self-play results (realpolitik train)
        assert w.training["games"] >= 40 and w.training["brier_fitted"] > 0


@pytest.mark.parametrize("game", GAMES)
def test_fitted_evaluation_in_every_game(game: str) -> None:
    s = _walk(load_game(game).new_initial_state(seed=3), 30, 3)
    assert not s.is_terminal()
    wrapped = fit.with_weights(s, fit.packaged_weights(game))
    values = [wrapped.evaluate(q) for q in range(s.num_players())]
    assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
    assert values == fit.fitted_values(s, fit.packaged_weights(game))
    # the wrapper follows the game: its children and determinizations are scored the same way
    child = wrapped.clone()
    legal = child.legal_actions()
    child.apply_action(legal[0]) if not child.is_chance_node() else child.apply_action(
        child.chance_outcomes()[0][0]
    )
    assert isinstance(child, fit.FittedState) and isinstance(
        wrapped.resample_hidden(0, random.Random(1)), fit.FittedState
    )
    assert sum(child.evaluate(q) for q in range(s.num_players())) == pytest.approx(1.0)
    # the bots play with it
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    seat = s.current_player()
    for spec in ("heuristic:eval=fitted", "ismcts:iters=30,eval=fitted", "expectimax:depth=1,eval=fitted"):
        assert make_bot(spec).step(s, seat) in s.legal_actions()


def test_a_finished_game_is_scored_by_its_returns() -> None:
    s = load_game("twilight").new_initial_state(seed=2)
    s.random_playout(7)
    assert s.is_terminal()
    assert fit.fitted_values(s, fit.packaged_weights("twilight")) == s.returns()


def test_the_fitted_evaluator_changes_what_a_search_sees() -> None:
    s = _walk(load_game("twilight").new_initial_state(seed=4), 60, 4)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    hand = [s.evaluate(q) for q in (0, 1)]
    fitted = fit.fitted_values(s, fit.packaged_weights("twilight"))
    assert hand != fitted


# ----- weights file --------------------------------------------------------------------------------


def _good() -> dict:
    return fit.packaged_weights("twilight").to_json()


@pytest.mark.parametrize(
    ("edit", "needle"),
    [
        (lambda o: o.update(format="other"), "not a weights file"),
        (lambda o: o.update(version=99), "version 99 is not supported"),
        (lambda o: o.update(game=""), "'game' must be"),
        (lambda o: o.update(weights=o["weights"][:-1]), "'weights' must be a list of"),
        (lambda o: o["weights"].__setitem__(0, "x"), "weight of 'vp' must be a finite number"),
        (lambda o: o.update(intercept=None), "'intercept' must be a finite number"),
        (lambda o: o.update(term_names=["a", "a"] + o["term_names"][2:]), "repeats a name"),
        (lambda o: o.update(extra=1), "unknown field(s) extra"),
        (lambda o: o.update(training=[]), "'training' must be an object"),
    ],
)
def test_a_bad_weights_file_is_one_clear_line(tmp_path: Path, edit, needle: str) -> None:
    obj = _good()
    edit(obj)
    path = tmp_path / "w.json"
    path.write_text(json.dumps(obj))
    with pytest.raises(fit.WeightsError) as info:
        fit.load_weights(path)
    assert needle in str(info.value) and "\n" not in str(info.value) and str(path) in str(info.value)


def test_unreadable_and_non_json_weights_files(tmp_path: Path) -> None:
    with pytest.raises(fit.WeightsError, match="cannot be read"):
        fit.load_weights(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(fit.WeightsError, match="is not valid JSON"):
        fit.load_weights(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(fit.WeightsError, match="not a JSON object"):
        fit.load_weights(bad)


def test_weights_round_trip_and_refuse_another_game_or_version(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    fit.save_weights(fit.packaged_weights("twilight"), path)
    w = fit.load_weights(path)
    assert w == fit.packaged_weights("twilight")
    ideology = load_game("ideology").new_initial_state()
    with pytest.raises(fit.WeightsError, match="are for twilight, not ideology"):
        fit.with_weights(ideology, w)
    obj = w.to_json()
    obj["game_version"] = "old"
    path.write_text(json.dumps(obj))
    with pytest.raises(fit.WeightsError, match="data version old"):
        fit.with_weights(load_game("twilight").new_initial_state(), fit.load_weights(path))
    obj = w.to_json()
    obj["term_names"] = [f"t{i}" for i in range(len(obj["weights"]))]
    path.write_text(json.dumps(obj))
    with pytest.raises(fit.WeightsError, match="weigh terms t0"):
        fit.with_weights(load_game("twilight").new_initial_state(), fit.load_weights(path))


# ----- eval= and weights= in bot specs -------------------------------------------------------------


def test_eval_parameter_parsing(tmp_path: Path) -> None:
    assert make_bot("ismcts:eval=fitted").spec == "ismcts:eval=fitted"
    assert make_bot("heuristic").evaluation.kind == "hand"  # the default
    assert make_bot("expectimax:eval=fitted").evaluation.kind == "fitted"
    with pytest.raises(ValueError, match="eval must be one of hand, fitted, got 'best'"):
        make_bot("ismcts:eval=best")
    with pytest.raises(ValueError, match="cannot be read"):
        make_bot(f"heuristic:weights={tmp_path / 'none.json'}")
    path = tmp_path / "w.json"
    fit.save_weights(fit.packaged_weights("ideology"), path)
    with pytest.raises(ValueError, match="drop eval=hand"):
        make_bot(f"ismcts:eval=hand,weights={path}")
    bot = make_bot(f"heuristic:weights={path}")
    assert bot.evaluation.kind == "fitted"
    s = load_game("twilight").new_initial_state(seed=1)
    with pytest.raises(fit.WeightsError, match="are for ideology, not twilight"):
        bot.step(s, s.current_player())


def test_a_bad_eval_value_is_one_line_on_the_command_line() -> None:
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "twilight",
            "--bot",
            "a=ismcts:eval=nope",
            "--bot",
            "b=random",
            "--games",
            "1",
            "--out",
            "x",
        ],
    )
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert [line for line in r.output.splitlines() if line.startswith("error:")] == [
        "error: bot 'ismcts': eval must be one of hand, fitted, got 'nope'"
    ]


# ----- fitting ---------------------------------------------------------------------------------------


def test_logistic_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20000, 3)) * np.array([1.0, 5.0, 0.2])
    z = 0.3 + x @ np.array([1.5, -0.2, 4.0])
    y = (rng.random(20000) < 1.0 / (1.0 + np.exp(-z))).astype(float)
    w, b = fit.fit_logistic(x, y, l2=0.0)
    assert w == pytest.approx([1.5, -0.2, 4.0], rel=0.1) and b == pytest.approx(0.3, abs=0.1)


def test_calibration_brier_and_reliability_table() -> None:
    report = fit.calibration([0.05, 0.05, 0.95, 0.95, 0.5], [0.0, 1.0, 1.0, 1.0, 0.5])
    assert report["brier"] == pytest.approx((0.05**2 + 0.95**2 + 2 * 0.05**2 + 0.0) / 5)
    assert [(r["count"], r["observed"]) for r in report["table"]] == [(2, 0.5), (1, 0.5), (2, 1.0)]


def test_train_a_tiny_run(tmp_path: Path) -> None:
    # the plain one-ply heuristic (follow=0): the fit is under test, not the bot; cheap enough
    # for the pure-Python pass with every move checked
    weights, report = fit.train("twilight", 4, bot_spec="heuristic:follow=0", seed=3, rate=0.5)
    assert report["games"] == 4 and report["held_out_games"] == 1
    assert report["training_positions"] + report["held_out_positions"] == report["positions"]
    assert 0.0 <= report["brier_fitted"] <= 1.0 and 0.0 <= report["brier_hand"] <= 1.0
    assert weights.term_names == features.TERM_NAMES and all(math.isfinite(w) for w in weights.weights)
    again, _ = fit.train("twilight", 4, bot_spec="heuristic:follow=0", seed=3, rate=0.5)
    assert again.weights == weights.weights  # seeded: the same games, the same fit


def test_train_command_writes_a_file_bots_can_use(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    plot = tmp_path / "w.png"
    r = CliRunner().invoke(
        app,
        [
            "train",
            "twilight",
            "--games",
            "3",
            "--bot",
            "heuristic:follow=0",
            "--rate",
            "0.5",
            "--out",
            str(out),
            "--plot",
            str(plot),
        ],
    )
    assert r.exit_code == 0, r.output
    assert "held-out Brier score: fitted" in r.output and "reliability (hand)" in r.output
    assert plot.stat().st_size > 0
    w = fit.load_weights(out)
    assert w.training["games"] == 3
    s = load_game("twilight").new_initial_state(seed=1)
    assert make_bot(f"heuristic:weights={out}").step(s, s.current_player()) in s.legal_actions()


def test_train_free_restricts_the_fit_to_the_named_terms(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    args = ["train", "twilight", "--games", "3", "--bot", "heuristic:follow=0", "--rate", "0.5"]
    r = CliRunner().invoke(app, [*args, "--free", "nonbg_influence, china", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "restricted fit: nonbg_influence, china free" in r.output
    w = fit.load_weights(out)
    assert w.training["free"] == ["nonbg_influence", "china"]
    hand = dict(
        zip(features.TERM_NAMES, load_game("twilight").new_initial_state().eval_hand_weights(), strict=True)
    )
    ratios = {
        n: x / hand[n]
        for n, x in zip(w.term_names, w.weights, strict=True)
        if n not in ("nonbg_influence", "china")
    }
    assert max(ratios.values()) == pytest.approx(min(ratios.values()))  # one scale for the rest


def test_train_scale_only_fits_one_scale_of_the_hand_weights(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    args = ["train", "twilight", "--games", "3", "--bot", "heuristic:follow=0", "--rate", "0.5"]
    r = CliRunner().invoke(app, [*args, "--scale-only", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "restricted fit: one scale of the hand weights" in r.output
    w = fit.load_weights(out)
    assert w.training["free"] == []
    hand = load_game("twilight").new_initial_state().eval_hand_weights()
    scale = w.weights[0] / hand[0]
    assert list(w.weights) == pytest.approx([scale * h for h in hand])  # nonbg_influence stays 0


def test_train_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    out = str(tmp_path / "w.json")
    for args, needle in (
        (["train", "nope", "--games", "3", "--out", out], "unknown game 'nope'"),
        (["train", "twilight", "--games", "3", "--bot", "ismcts:x=1", "--out", out], "has no parameter 'x'"),
        (["train", "twilight", "--games", "3", "--players", "3", "--out", out], "error:"),
        (
            ["train", "twilight", "--games", "3", "--free", "europe", "--out", out],
            "--free: unknown term europe",
        ),
        (
            ["train", "twilight", "--games", "3", "--free", "china", "--scale-only", "--out", out],
            "exclude each other",
        ),
    ):
        r = CliRunner().invoke(app, args)
        errors = [line for line in r.output.splitlines() if line.startswith("error:")]
        assert r.exit_code != 0 and len(errors) == 1 and needle in errors[0], r.output


# ----- the heuristic bot's default follow, per game ------------------------------------------------


def test_heuristic_follow_default_is_the_games() -> None:
    assert {name: load_game(name).search.heuristic_follow for name in GAMES} == {
        "twilight": 8,
        "ideology": 0,
        "waronterror": 0,
        "invasion": 0,
    }
    assert make_bot("heuristic").spec == "heuristic"  # the spec does not set it: the game does
    for game, same_as in (("twilight", "heuristic:follow=8"), ("ideology", "heuristic:follow=0")):
        s = _walk(load_game(game).new_initial_state(seed=6), 25, 6)
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        for seed in range(3):
            seat = s.current_player()
            assert make_bot(f"heuristic:seed={seed}").step(s, seat) == make_bot(
                f"{same_as},seed={seed}"
            ).step(s, seat)


def test_analysis_with_the_fitted_evaluator() -> None:
    from realpolitik.ai.bots import analyse

    s = _walk(load_game("twilight").new_initial_state(seed=8), 40, 8)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    seat = s.current_player()
    result = analyse(s, seat, 40, "ismcts:eval=fitted")
    assert result.bot == "ismcts:iters=40,eval=fitted"
    assert {m.action for m in result.moves} <= set(s.legal_actions()) and result.moves[0].pv
