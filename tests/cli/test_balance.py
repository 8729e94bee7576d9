"""`realpolitik balance`: every game's figures, the JSON shape, resume, engine errors counted,
paired comparisons, the plot, one-line errors; and the statistics behind them (``ai.balance``)."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from realpolitik.ai import bots, registry
from realpolitik.ai.balance import compare, game_lines, newcombe_interval, summarize_balance
from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import HasBalanceFacts
from tests.cli.conftest import assert_one_line_error

Cli = Callable[..., Result]

# Small games for every registered game: the tests are about the program, not the balance.
PLAYERS = {"twilight": 2, "ideology": 3, "waronterror": 3, "invasion": 3}


def _json(res: Result) -> dict[str, Any]:
    assert res.exit_code == 0, res.output
    out: dict[str, Any] = json.loads(res.stdout)
    return out


@pytest.mark.parametrize("game", available_games())
def test_every_game_gives_seats_turn_order_roles_ends_and_lengths(cli: Cli, game: str) -> None:
    n = PLAYERS.get(game, load_game(game).spec.min_players)
    out = _json(cli("balance", game, "--players", str(n), "--games", "4", "--workers", "1", "--json"))
    seats = list(load_game(game).spec.seats_for(n))
    assert out["game"] == game and out["players"] == n and out["games"] == 4
    assert list(out["seats"]) == seats and out["errors"] == {"count": 0, "first": None}
    assert sum(s["wins"] for s in out["seats"].values()) == pytest.approx(4)
    for s in out["seats"].values():
        assert s["games"] == 4 and 0 <= s["ci95"][0] <= s["share"] <= s["ci95"][1] <= 1
    assert list(out["turn_order"]) == ["1st", "2nd", "3rd"][:n]
    assert sum(s["wins"] for s in out["turn_order"].values()) == pytest.approx(4)
    assert out["first_player"]["even"] == pytest.approx(1 / n)
    assert out["roles"] and all(
        sum(s["games"] for s in labels.values()) == 4 * n for labels in out["roles"].values()
    )
    assert sum(e["wins"] for e in out["ends"].values()) == 4 and "unfinished" not in out["ends"]
    assert {"decisions", "actions", "rounds"} <= set(out["length"])
    for v in out["length"].values():
        assert v["min"] <= v["p10"] <= v["median"] <= v["p90"] <= v["max"]


def test_table_shows_every_section(cli: Cli) -> None:
    res = cli("balance", "waronterror", "--players", "3", "--games", "3", "--workers", "1")
    assert res.exit_code == 0, res.output
    text = res.stdout
    for needle in (
        "win share by seat",
        "win share by place in the first turn order",
        "first-player advantage",
        "win share by side at the end",
        "how games end",
        "length",
        "decisions",
        "engine errors: none",
    ):
        assert needle in text, needle


def test_a_game_without_balance_facts_gives_seat_shares_and_lengths(cli: Cli, toy_game: str) -> None:
    out = _json(cli("balance", toy_game, "--games", "3", "--workers", "1", "--json"))
    assert out["games"] == 3 and len(out["seats"]) == 2
    assert out["turn_order"] == {} and out["roles"] == {} and out["ends"] == {}
    assert out["first_player"] is None and set(out["length"]) == {"decisions", "actions"}


def test_different_bots_rotate_over_the_seats_and_get_their_own_shares(cli: Cli) -> None:
    out = _json(
        cli("balance", "twilight", "--bots", "random,heuristic", "--games", "2", "--workers", "1", "--json")
    )
    assert out["bot_specs"] == ["random", "heuristic"]
    assert {k: v["games"] for k, v in out["bots"].items()} == {"random": 2, "heuristic": 2}
    assert sum(v["wins"] for v in out["bots"].values()) == pytest.approx(2)


def test_resume_continues_the_results_file_and_keeps_its_protections(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "b.jsonl"
    args = ("balance", "twilight", "--seed", "5", "--workers", "1", "--out", str(out), "--json")
    first = _json(cli(*args, "--games", "3"))
    assert first["games"] == 3 and first["results"] == str(out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game_id"] for r in rows] == [0, 1, 2]
    assert all(set(r["facts"]) == {"end_kind", "first_order", "roles", "rounds", "turns"} for r in rows)
    assert_one_line_error(cli(*args, "--games", "3"), "--resume")  # never overwritten
    more = _json(cli(*args, "--games", "5", "--resume"))
    assert more["games"] == 5 and len(out.read_text().splitlines()) == 5
    assert more["seats"]["USSR"]["wins"] + more["seats"]["US"]["wins"] == pytest.approx(5)
    # the same games again from an empty file give the same figures
    again = _json(cli(*args[:-3], "--out", str(tmp_path / "c.jsonl"), "--json", "--games", "5"))
    assert again["seats"] == more["seats"] and again["ends"] == more["ends"]
    # another bot is another set of games: refused, the file untouched
    before = out.read_bytes()
    assert_one_line_error(cli(*args, "--games", "5", "--resume", "--bot", "heuristic"), "another tournament")
    assert out.read_bytes() == before


def _boom_bot(spec: str, values: dict[str, Any]) -> bots.Bot:
    """A random bot that raises at its first decision when its seed is a multiple of 3."""
    inner = bots.RandomBot(spec, values["seed"])

    class Boom:
        def __init__(self) -> None:
            self.spec = spec

        def step(self, state: Any, seat: int) -> int:
            if values["seed"] % 3 == 0:
                raise RuntimeError("boom")
            return inner.step(state, seat)

        def __getattr__(self, name: str) -> Any:
            return getattr(inner, name)

    return Boom()  # type: ignore[return-value]


def test_engine_errors_are_counted_and_the_run_goes_on(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    bots.register_bot(bots.BotInfo("boom", "raises in some games", (bots.SEED_PARAM,), _boom_bot))
    out = _json(cli("balance", "twilight", "--bot", "boom", "--games", "8", "--workers", "1", "--json"))
    errors = out["errors"]
    assert 0 < errors["count"] < 8 and out["games"] == 8 - errors["count"]
    assert "RuntimeError: boom" in errors["first"]
    res = cli("balance", "twilight", "--bot", "boom", "--games", "8", "--workers", "1")
    assert res.exit_code == 0 and f"engine errors: {errors['count']} games" in res.stdout


def test_paired_comparison_of_two_option_sets(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "w.jsonl"
    args = ("balance", "waronterror", "--players", "3", "--games", "4", "--workers", "1")
    out = _json(cli(*args, "--against-option", "terrorist_win=any_time", "--out", str(out_file), "--json"))
    assert out["a"]["options"] == {} and out["b"]["options"] == {"terrorist_win": "any_time"}
    assert out["a"]["games"] == out["b"]["games"] == 4
    assert (tmp_path / "w.against.jsonl").exists() and out["b"]["results"].endswith("w.against.jsonl")
    comp = out["comparison"]
    assert comp["paired_games"] == 4
    lines = {ln["line"]: ln for ln in comp["lines"]}
    for seat in ("Red", "Blue", "Green"):
        ln = lines[f"seat {seat}"]
        assert ln["a"] == out["a"]["seats"][seat]["share"] and ln["b"] == out["b"]["seats"][seat]["share"]
        assert ln["diff"] == pytest.approx(ln["b"] - ln["a"])
        assert -1 <= ln["ci95"][0] <= ln["diff"] <= ln["ci95"][1] <= 1
    assert "1st to play" in lines and "mean decisions" in lines
    # paired seeds: the same deals, so the first turn order is the same game by game
    rows_a = [json.loads(x) for x in out_file.read_text().splitlines()]
    rows_b = [json.loads(x) for x in (tmp_path / "w.against.jsonl").read_text().splitlines()]
    assert [r["seed"] for r in rows_a] == [r["seed"] for r in rows_b]
    assert [r["facts"]["first_order"] for r in rows_a] == [r["facts"]["first_order"] for r in rows_b]
    table = cli(*args, "--against-option", "terrorist_win=any_time")
    assert table.exit_code == 0, table.output
    assert "B: terrorist_win=any_time" in table.stdout and "B − A" in table.stdout


def test_plot_of_a_comparison(cli: Cli, tmp_path: Path) -> None:
    png = tmp_path / "p.png"
    res = cli(
        "balance", "ideology", "--players", "2", "--games", "2", "--workers", "1",
        "--against-variant", "rulebook", "--plot", str(png), "--quiet",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["nosuchgame"], ["nosuchgame"]),
        (["twilight", "-o", "nosuch=1"], ["no option 'nosuch'"]),
        (["twilight", "-o", "tournament=maybe"], ["true or false"]),
        (["twilight", "--variant", "x"], ["no variants"]),
        (["ideology", "--variant", "nosuch"], ["nosuch"]),
        (["twilight", "--against-option", "bid=none"], ["same options"]),
        (["twilight", "--bot", "random", "--bots", "random,random"], ["not both"]),
        (["ideology", "--bots", "random,random", "--players", "3"], ["--players 3"]),
        (["twilight", "--bot", "nosuchbot"], ["nosuchbot"]),
        (["twilight", "--players", "3"], ["3"]),
        (["twilight", "--resume"], ["--resume needs --out"]),
    ],
)
def test_bad_input_is_one_line(cli: Cli, args: list[str], needles: list[str]) -> None:
    assert_one_line_error(cli("balance", *args, "--games", "2", "--workers", "1"), *needles)


def test_help_wraps_whole_paragraphs_at_80_columns(cli: Cli) -> None:
    r = cli("balance", "--help", env={"COLUMNS": "80", "TERM": "dumb"})
    assert r.exit_code == 0
    lines = [line.rstrip() for line in r.output.split("╭")[0].splitlines()[2:]]
    for line, after in itertools.pairwise(lines):
        if line and after and not line.endswith((".", ":", ")")):
            assert len(line) > 60, line
    for flag in ("--against-variant", "--against-option", "--bots", "--resume", "--plot", "--quiet"):
        assert flag in r.output


def test_how_to_invade_measures_are_each_seats_final_money_and_its_sources(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "inv.jsonl"
    args = ("balance", "invasion", "--players", "3", "--bot", "heuristic", "--games", "3", "--workers", "1")
    out = _json(cli(*args, "--out", str(out_file), "--json"))
    rows = [json.loads(x) for x in out_file.read_text().splitlines()]
    sources = ("in hand", "oil sold", "government oil", "contracts", "pacifism penalty")
    for row in rows:
        m = row["facts"]["measures"]
        # Vittoria finale: the final money is the sum of its sources, seat by seat
        for seat in range(3):
            assert m["final money"][seat] == pytest.approx(sum(m[f"final money: {k}"][seat] for k in sources))
        money = sorted(m["final money"], reverse=True)
        assert m["richest - poorest"] == money[0] - money[-1] and m["richest - second"] == money[0] - money[1]
        assert m["richest - second"] == pytest.approx(sum(m[f"richest - second: {k}"] for k in sources))
        assert row["scores"] == pytest.approx(m["final money"])  # the game's own score is its money
    fm = out["measures"]["final money"]
    values = [x for row in rows for x in row["facts"]["measures"]["final money"]]
    assert fm["per"] == "seat" and fm["games"] == 3 and fm["mean"] == pytest.approx(sum(values) / 9)
    assert fm["min"] == min(values) and fm["max"] == max(values)
    assert fm["ci95"][0] <= fm["mean"] <= fm["ci95"][1]
    assert set(fm["by_seat"]) == {"Red", "Blue", "Green"}
    lead = out["measures"]["richest - second"]
    assert lead["per"] == "game" and "by_seat" not in lead
    # shown in the table, and compared line by line (a mean) against another option
    table = cli(*args)
    assert "the game's measures" in table.stdout and "richest - second" in table.stdout
    comp = _json(cli(*args, "--against-option", "fifth_turn=true", "--json"))["comparison"]
    line = next(ln for ln in comp["lines"] if ln["line"] == "final money")
    assert line["section"] == "measure" and line["a"] == pytest.approx(fm["mean"])
    assert line["diff"] == pytest.approx(line["b"] - line["a"]) and line["ci95"] is not None
    assert {ln["line"] for ln in comp["lines"] if ln["section"] == "measure"} == set(out["measures"])


def test_ideology_measures_count_the_distance_penalties_paid_and_waived() -> None:
    # 4.1, 5.1: each placement or conflict on a distant region pays the penalty, or an
    # advancement or a special rule waives it. The counts of this game (seed 4, five heuristic
    # bots seeded 40..44, chance drawn from random.Random(4)) were also those of the Ideology
    # bench script the command replaced.
    game = load_game("ideology")
    state = game.new_initial_state(players=5, seed=4)
    seats = [bots.make_bot(f"heuristic:seed={40 + i}") for i in range(5)]
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
        else:
            p = state.current_player()
            state.apply_action(seats[p].step(state, p))
    assert isinstance(state, HasBalanceFacts)
    m = state.balance_facts()["measures"]
    for what, counts in (("placements", (37, 23, 6, 8)), ("conflicts", (7, 3, 0, 4))):
        parts = ("", ": penalty paid", ": waived by advancement", ": waived by special rule")
        assert tuple(m[f"distant {what}{part}"] for part in parts) == counts


# --------------------------------------------------------------------------- ai.balance


def test_lines_and_summary_of_hand_made_games() -> None:
    facts = {
        "end_kind": "won",
        "first_order": [1, 0],
        "roles": {"side": ["x", "y"]},
        "rounds": 3,
        "turns": None,
    }
    games = [
        game_lines({"returns": [1.0, 0.0], "length": 10, "decisions": 8, "facts": facts}, ["N", "S"]),
        game_lines({"returns": [0.5, 0.5], "length": 20, "decisions": 9, "facts": {**facts, "end_kind": "tie"}}, ["N", "S"]),
    ]  # fmt: skip
    s = summarize_balance(games, ["N", "S"])
    assert s["seats"]["N"]["wins"] == 1.5 and s["seats"]["N"]["share"] == 0.75
    assert s["turn_order"]["1st"]["wins"] == 0.5  # seat 1 played first
    assert s["first_player"]["advantage"] == pytest.approx(0.25 - 0.5)
    assert s["roles"]["side"]["x"]["wins"] == 1.5
    assert {k: v["wins"] for k, v in s["ends"].items()} == {"tie": 1, "won": 1}
    assert s["ends"]["won"]["share"] == 0.5
    assert s["length"]["actions"]["median"] == 15 and "turns" not in s["length"]


def test_paired_difference_is_narrower_than_unpaired_when_games_move_together() -> None:
    # 40 paired games: B wins exactly the games A wins plus every fourth of the others
    a = {i: {("seat", "N"): (float(i % 2), 1.0)} for i in range(40)}
    b = {i: {("seat", "N"): (1.0 if i % 2 or i % 4 == 0 else 0.0, 1.0)} for i in range(40)}
    (line,) = compare(a, b)["lines"]
    assert line["paired"] and line["diff"] == pytest.approx(0.25)
    unpaired = newcombe_interval(20, 40, 30, 40)
    assert line["ci95"][1] - line["ci95"][0] < unpaired[1] - unpaired[0]
    assert line["ci95"][0] > 0  # more than noise
    # a share seen only a few times gets the unpaired interval
    few = compare({0: {("seat", "N"): (1.0, 1.0)}, 1: {}}, {0: {("seat", "N"): (0.0, 1.0)}, 1: {}})
    lo, hi = few["lines"][0]["ci95"]
    assert not few["lines"][0]["paired"] and lo <= few["lines"][0]["diff"] == -1 < hi


def test_measures_of_hand_made_games_give_means_intervals_spread_and_comparison() -> None:
    def facts(money: list[float], lead: float) -> dict[str, Any]:
        return {
            "end_kind": "won",
            "first_order": [0, 1],
            "roles": {},
            "measures": {"money": money, "lead": lead},
        }

    rows = [([10.0, 20.0], 10.0), ([30.0, 0.0], 30.0), ([20.0, 20.0], 0.0)]
    a = {
        i: game_lines({"returns": [1.0, 0.0], "length": 5, "facts": facts(m, lead)}, ["N", "S"])
        for i, (m, lead) in enumerate(rows)
    }
    s = summarize_balance(a.values(), ["N", "S"])
    money, lead = s["measures"]["money"], s["measures"]["lead"]
    assert money["per"] == "seat" and money["mean"] == pytest.approx(100 / 6) and money["games"] == 3
    assert money["by_seat"] == {"N": 20.0, "S": pytest.approx(40 / 3)}
    assert (money["min"], money["median"], money["max"]) == (0.0, 20.0, 30.0)  # over the six seats
    assert lead["per"] == "game" and lead["mean"] == pytest.approx(40 / 3)
    # the interval of a mean of three games: t-free normal, sample spread over sqrt(3)
    half = 1.959964 * statistics.stdev([10.0, 30.0, 0.0]) / 3**0.5
    assert lead["ci95"] == pytest.approx([40 / 3 - half, 40 / 3 + half], rel=1e-5)
    # compared: each measure is one line (a mean), a seat's own value is not compared
    b = {
        i: {**lines, ("measure", "lead"): (lines[("measure", "lead")][0] + 6.0, 1.0)}
        for i, lines in a.items()
    }
    out = {ln["line"]: ln for ln in compare(a, b)["lines"]}
    assert out["lead"]["section"] == "measure" and out["lead"]["diff"] == pytest.approx(6.0)
    assert out["lead"]["ci95"] == pytest.approx([6.0, 6.0])  # every twin moved by the same amount
    assert out["money"]["diff"] == 0 and not any("N" in name for name in out if name.startswith("money"))


def test_a_row_whose_measures_are_not_numbers_per_game_or_per_seat_is_refused() -> None:
    from realpolitik.ai.tournament.results import _check_facts

    good = {"end_kind": "won", "first_order": [1, 0], "roles": {}}
    _check_facts({**good, "measures": {"a": 1.5, "b": [1, 2]}}, 2, 0)
    for bad in ({"a": [1.0]}, {"a": "many"}, {"a": float("nan")}, {"a": True}, [1.0]):
        with pytest.raises(ValueError, match="measures"):
            _check_facts({**good, "measures": bad}, 2, 0)
