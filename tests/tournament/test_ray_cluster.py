"""The Ray backend against a real cluster: a head and a second node started with ``ray start``
on this machine (two raylets, one CPU each), the commands pointed at it with
``--backend ray --address HOST:PORT`` from a separate process, as a user would.

Slow (the cluster takes about half a minute to come up): marked ``ray_cluster``, left out of
``make test`` and run by ``make ray-test`` (CI runs it after ``make test``).

Only this test's Ray processes are stopped: each ``ray start`` runs with ``--block`` in its
own session and is ended by its process id (it takes its node's processes down with it); any
process still naming the test's private ``--temp-dir`` afterwards is killed. Plain ``ray stop``
is never called: it would stop every Ray instance on the machine, other tests' included.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray", reason="Ray is not installed: pip install 'realpolitik[ray]'")

pytestmark = [
    pytest.mark.ray_cluster,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the test's processes in /proc"),
]

RAY = str(Path(sys.executable).with_name("ray"))
CLI = [sys.executable, "-c", "from realpolitik.cli.main import app; app()"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _naming(text: str) -> list[int]:
    """Processes whose command line contains ``text``."""
    found = []
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) != os.getpid():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    if text.encode() in f.read():
                        found.append(int(d))
            except OSError:
                continue
    return found


class Cluster:
    """A two-node local Ray cluster; the environment its clients need (the auth token)."""

    def __init__(self, temp: str) -> None:
        self.temp = temp
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        # Ray enables token authentication: a token for this cluster alone, given to every
        # node and client through the environment (nothing is written under ~/.ray).
        self.env = {
            **os.environ,
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": secrets.token_hex(32),
            "RAY_USAGE_STATS_ENABLED": "0",
        }
        self.procs: list[subprocess.Popen[bytes]] = []

    def _start(self, *args: str, log: str) -> None:
        with open(os.path.join(self.temp, log), "wb") as out:
            self.procs.append(
                subprocess.Popen(
                    [RAY, "start", *args, "--num-cpus", "1", "--disable-usage-stats", "--block"],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    env=self.env,
                    start_new_session=True,
                )
            )

    def start(self) -> None:
        self._start(
            "--head", "--port", str(self.port), "--temp-dir", self.temp, "--include-dashboard", "false",
            log="head.log",
        )  # fmt: skip
        self._wait(1)
        self._start("--address", self.address, "--temp-dir", self.temp, log="node.log")
        self._wait(2)

    def _wait(self, nodes: int, timeout: float = 120.0) -> None:
        """Until ``nodes`` nodes with one CPU each are up (asked from a separate process)."""
        probe = (
            "import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False, logging_level='ERROR'); "
            "print(sum(1 for n in ray.nodes() if n['Alive']), int(ray.cluster_resources().get('CPU', 0)))"
        )
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            for p in self.procs:
                assert p.poll() is None, f"ray start ended: {self.log()}"
            res = subprocess.run(
                [sys.executable, "-c", probe, self.address],
                capture_output=True, text=True, env=self.env, timeout=120,
            )  # fmt: skip
            seen = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else res.stderr[-500:]
            if seen == f"{nodes} {nodes}":
                return
            time.sleep(2)
        raise AssertionError(f"the cluster did not reach {nodes} nodes: {seen}\n{self.log()}")

    def log(self) -> str:
        return "".join(
            Path(self.temp, name).read_text(errors="replace")[-2000:]
            for name in ("head.log", "node.log")
            if Path(self.temp, name).exists()
        )

    def stop(self) -> None:
        """End this cluster's processes only (never ``ray stop``: see the module text)."""
        for p in reversed(self.procs):  # the second node first, then the head
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        deadline = time.monotonic() + 30
        while _naming(self.temp) and time.monotonic() < deadline:
            time.sleep(1)
        for pid in _naming(self.temp):  # whatever did not end with its node
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    temp = tempfile.mkdtemp(prefix="rp-ray-")  # short: Ray's socket paths live under it
    c = Cluster(temp)
    try:
        c.start()
        yield c
    finally:
        c.stop()
        left = _naming(temp)
        shutil.rmtree(temp, ignore_errors=True)
        assert not left, f"Ray processes of the test left running: {left}"


def _cli(cluster: Cluster, *args: str) -> subprocess.CompletedProcess[str]:
    res = subprocess.run([*CLI, *args], capture_output=True, text=True, env=cluster.env, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    return res


def _rows(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(({k: v for k, v in r.items() if k != "duration"} for r in rows), key=lambda r: r["game_id"])


BALANCE = ("balance", "invasion", "--players", "3", "--bot", "heuristic", "--games", "6", "--seed", "4")


def test_balance_on_the_cluster_gives_the_local_rows(cluster: Cluster, tmp_path: Path) -> None:
    ray_out, local_out = tmp_path / "ray.jsonl", tmp_path / "local.jsonl"
    on_ray = _cli(
        cluster, *BALANCE, "--backend", "ray", "--address", cluster.address, "--out", str(ray_out), "--json"
    )
    local = _cli(cluster, *BALANCE, "--workers", "1", "--out", str(local_out), "--json")
    assert len(_rows(ray_out)) == 6 and _rows(ray_out) == _rows(local_out)
    a, b = json.loads(on_ray.stdout), json.loads(local.stdout)
    assert a["seats"] == b["seats"] and a["errors"]["count"] == 0


def test_the_work_runs_on_both_nodes(cluster: Cluster) -> None:
    """Both raylets take work: each call (a second long, so one node's CPU cannot take them
    all) reports the raylet it ran under (a Ray worker's ``RAY_RAYLET_PID``), and the calls of
    one job come from two of them."""
    code = (
        "import subprocess, sys\n"
        "from realpolitik.ai.tournament import RayExecutor\n"
        "with RayExecutor(None, sys.argv[1]) as ex:\n"
        "    calls = ['sleep 1; echo $RAY_RAYLET_PID'] * 6\n"
        "    pids = {v for _, v in ex.imap_unordered(subprocess.getoutput, calls)}\n"
        "    print(ex.workers, len(pids), '' in pids)"
    )
    res = subprocess.run(
        [sys.executable, "-c", code, cluster.address],
        capture_output=True, text=True, env=cluster.env, timeout=300,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.split() == ["2", "2", "False"]  # the cluster's two CPUs, on two raylets


def test_train_and_tune_on_the_cluster_give_the_local_weights(cluster: Cluster, tmp_path: Path) -> None:
    train = ("train", "invasion", "--games", "4", "--rate", "0.5", "--seed", "2", "--json")
    _cli(
        cluster, *train, "--backend", "ray", "--address", cluster.address, "--out", str(tmp_path / "tr.json")
    )
    _cli(cluster, *train, "--workers", "1", "--out", str(tmp_path / "tl.json"))
    assert (tmp_path / "tr.json").read_bytes() == (tmp_path / "tl.json").read_bytes()
    tune = (
        "tune",
        "ideology",
        "--pairs",
        "4",
        "--batch",
        "2",
        "--bot",
        "ismcts:iters=5",
        "--seed",
        "1",
        "--json",
    )
    _cli(cluster, *tune, "--backend", "ray", "--address", cluster.address, "--out", str(tmp_path / "ur.json"))
    _cli(cluster, *tune, "--workers", "1", "--out", str(tmp_path / "ul.json"))
    assert (tmp_path / "ur.json").read_bytes() == (tmp_path / "ul.json").read_bytes()
