"""The Ray backend on a private local Ray instance (marked ``ray``: ``make ray-test`` runs it, not
``make test``, as each test starts a Ray runtime; CI runs it after ``make test``)."""

from __future__ import annotations

import ipaddress
import json
import os
import sys
from pathlib import Path

import pytest

from realpolitik.ai.tournament import InlineExecutor, ResultsFile, TournamentError, make_config, run_games

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'realpolitik[ray]'")

pytestmark = pytest.mark.ray


def _descendants(pid: int) -> set[int]:
    parent: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    parent[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parent.items() if pp in frontier} - out
        out |= frontier
    return out


def _listening_addresses(pids: set[int]) -> list[str]:
    """Addresses that the given processes listen on (TCP, IPv4 and IPv6), from /proc."""
    inodes = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            continue
    found = []
    for table, width in (("tcp", 4), ("tcp6", 16)):
        with open(f"/proc/net/{table}") as f:
            for line in f.read().splitlines()[1:]:
                cols = line.split()
                if cols[3] == "0A" and cols[9] in inodes:  # LISTEN
                    raw = bytes.fromhex(cols[1].split(":")[0])
                    words = b"".join(raw[i : i + 4][::-1] for i in range(0, width, 4))
                    found.append(str(ipaddress.ip_address(words)))
    return found


def _loopback(addr: str) -> bool:
    ip = ipaddress.ip_address(addr)
    return ip.is_loopback or (ip.version == 6 and ip.ipv4_mapped is not None and ip.ipv4_mapped.is_loopback)


def _rows(path: Path) -> list[dict]:
    lines = path.read_text().splitlines()
    return sorted(({k: v for k, v in json.loads(x).items() if k != "duration"} for x in lines),
                  key=lambda r: r["game_id"])  # fmt: skip


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads listening sockets from /proc")
def test_local_ray_plays_the_same_games_and_listens_on_loopback_only(tmp_path: Path) -> None:
    from realpolitik.ai.tournament import RayExecutor

    cfg = make_config("twilight", [("a", "random"), ("b", "random")], 6, seed=4)
    with RayExecutor(2) as executor:
        assert executor.workers == 2
        with ResultsFile(tmp_path / "ray.jsonl", cfg, resume=False) as results:
            assert run_games(results, executor) == []
            assert len(results.done()) == 6
        addresses = _listening_addresses(_descendants(os.getpid()))
        assert addresses and all(_loopback(a) for a in addresses), addresses
        assert {n["NodeManagerAddress"] for n in ray.nodes()} == {"127.0.0.1"}
    assert not ray.is_initialized()
    with ResultsFile(tmp_path / "inline.jsonl", cfg, resume=False) as results:
        run_games(results, InlineExecutor())
    assert _rows(tmp_path / "ray.jsonl") == _rows(tmp_path / "inline.jsonl")


def test_ray_import_failure_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from realpolitik.ai.tournament import RAY_INSTALL_HINT, RayExecutor

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    before = os.environ.get("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")
    with pytest.raises(TournamentError) as err:
        RayExecutor(2)
    assert str(err.value) == RAY_INSTALL_HINT
    assert os.environ.get("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER") == before  # restored


def test_every_long_job_gives_the_local_results_on_one_ray(tmp_path: Path) -> None:
    """Tune, train and review through a Ray executor, then ``tournament`` and ``balance`` with
    ``--backend ray`` on the same private local instance (one Ray start for all: each costs
    seconds; the executor's own start is the test above). The work units come back in any
    order and are put back in place: the weights, the review and the rows are those of one
    process; a command leaves a Ray it did not start running, and the executor that started
    it shuts it down."""
    import random as _random

    from typer.testing import CliRunner

    from realpolitik.ai import fit, tune
    from realpolitik.ai.tournament import RayExecutor
    from realpolitik.cli.main import app
    from realpolitik.cli.review import review_game
    from realpolitik.engine import load_game

    config = tune.TuneConfig(
        "ideology", "ismcts:iters=5", (("influence_lead",), ("late_lead",)), pairs=4, batch=2
    )
    train = {"game": "invasion", "games": 4, "seed": 2, "rate": 0.5}
    state = load_game("ideology").new_initial_state(players=2, seed=3)
    rng = _random.Random(3)
    for _ in range(12):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                                      else state.legal_actions()))  # fmt: skip
    tournament = ["tournament", "twilight", "--bot", "a=random", "--bot", "b=random", "--games", "4",
                  "--out", str(tmp_path / "t.jsonl"), "--json"]  # fmt: skip
    balance = ["balance", "invasion", "--players", "3", "--bot", "heuristic", "--games", "6",
               "--seed", "4", "--json"]  # fmt: skip
    with RayExecutor(2) as executor:
        tuned = tune.tune(config, executor=executor)
        trained = fit.train(**train, executor=executor)
        reviewed = review_game(state, [0, 1], "ismcts:iters=5", executor)
        res = CliRunner().invoke(app, [*tournament, "--workers", "2", "--backend", "ray"])
        assert res.exit_code == 0, res.output
        assert (
            json.loads(res.stdout)["games"] == 4 and len((tmp_path / "t.jsonl").read_text().splitlines()) == 4
        )
        res = CliRunner().invoke(
            app, [*balance, "--backend", "ray", "--workers", "2", "--out", str(tmp_path / "ray.jsonl")]
        )
        assert res.exit_code == 0, res.output
        assert ray.is_initialized()  # the commands leave the Ray they joined running
    assert not ray.is_initialized()
    assert tuned == tune.tune(config)
    assert trained[0] == fit.train(**train)[0]
    assert reviewed == review_game(state, [0, 1], "ismcts:iters=5") and reviewed["moves"]
    res = CliRunner().invoke(app, [*balance, "--workers", "1", "--out", str(tmp_path / "local.jsonl")])
    assert res.exit_code == 0, res.output
    assert len(_rows(tmp_path / "ray.jsonl")) == 6 and _rows(tmp_path / "ray.jsonl") == _rows(
        tmp_path / "local.jsonl"
    )
