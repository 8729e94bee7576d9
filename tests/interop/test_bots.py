"""OpenSpiel's ISMCTS and MCTS as bot specs: built by the registry, seeded, playing any seat,
explaining a position for hints; and the core never importing the adapters."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.ai.bots import analyse, make_bot
from realpolitik.ai.match import play_match
from realpolitik.engine import load_game

PROBE = """
import sys
import realpolitik.cli.main, realpolitik.ai.bots, realpolitik.ai.tournament, realpolitik.bench.measure
from realpolitik.engine import available_games, load_game
for name in available_games():
    load_game(name).new_initial_state(seed=1)
print("loaded:", sorted(m for m in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "realpolitik.interop") if m in sys.modules))
"""


def test_the_core_never_imports_the_adapters_or_their_libraries(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    assert "loaded: []" in out


def decision(name: str, seed: int):
    state = load_game(name).new_initial_state(seed=seed)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


needs_openspiel = pytest.mark.skipif(
    __import__("importlib").util.find_spec("pyspiel") is None,
    reason="OpenSpiel is not installed: pip install 'realpolitik[interop]'",
)


@needs_openspiel
@pytest.mark.parametrize("kind", ["openspiel-ismcts", "openspiel-mcts"])
def test_the_same_spec_makes_the_same_move(kind: str) -> None:
    state = decision("twilight", 3)
    seat = state.current_player()
    spec = f"{kind}:iters=40,seed=7,leaf=heuristic"
    moves = {make_bot(spec).step(state, seat) for _ in range(2)}
    assert len(moves) == 1
    assert moves <= set(state.legal_actions())
    assert make_bot(spec).spec == spec


@needs_openspiel
def test_a_time_budget_stops_the_search() -> None:
    state = decision("twilight", 4)
    bot = make_bot("openspiel-ismcts:time=0.05,seed=1")
    assert bot.step(state, state.current_player()) in state.legal_actions()


@needs_openspiel
def test_openspiel_bots_play_a_match_in_every_seat() -> None:
    state = load_game("ideology").new_initial_state(players=3, seed=2, max_turns=1)
    bots = [
        make_bot("openspiel-ismcts:iters=6,seed=1,leaf=heuristic"),
        make_bot("openspiel-mcts:iters=6,seed=2,leaf=heuristic"),
        make_bot("heuristic"),
    ]
    result = play_match(state, bots, random.Random(0))
    assert result.state.is_terminal()
    assert sum(result.returns) == pytest.approx(1.0)


@needs_openspiel
def test_a_hint_from_openspiel_ismcts_ranks_every_legal_move() -> None:
    state = decision("twilight", 5)
    seat = state.current_player()
    result = analyse(state, seat, 60, "openspiel-ismcts:seed=2,leaf=heuristic")
    assert sorted(m.action for m in result.moves) == state.legal_actions()
    assert result.iterations == 60
    assert sum(m.visits for m in result.moves) > 0
    visits = [m.visits for m in result.moves]
    assert visits == sorted(visits, reverse=True)


def test_an_openspiel_spec_is_checked_like_any_other() -> None:
    with pytest.raises(ValueError, match="leaf must be one of"):
        make_bot("openspiel-ismcts:leaf=magic")
    with pytest.raises(ValueError, match="no parameter 'workers'"):
        make_bot("openspiel-mcts:workers=2")


@needs_openspiel
def test_hint_and_tournament_take_an_openspiel_bot(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from realpolitik.cli.main import app

    record = tmp_path / "position.json"
    record.write_text(json.dumps(decision("twilight", 6).to_json()), encoding="utf-8")
    r = CliRunner().invoke(
        app,
        [
            "hint",
            "twilight",
            "--load",
            str(record),
            "--bot",
            "openspiel-mcts:leaf=heuristic",
            "--iters",
            "30",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    obj = json.loads(r.output)
    assert obj["bot"] == "openspiel-mcts:iters=30,seed=0,leaf=heuristic"
    assert obj["iterations"] == 30 and obj["moves"][0]["visits"] > 0

    out = tmp_path / "t.jsonl"
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "twilight",
            "--bot",
            "a=openspiel-ismcts:iters=4,leaf=heuristic",
            "--bot",
            "b=random",
            "--games",
            "2",
            "--workers",
            "1",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 2
