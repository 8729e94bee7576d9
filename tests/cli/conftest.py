"""Shared fixtures for the CLI tests: a runner, event stubs while the card events are being
written, a toy game registered beside Twilight Struggle, and save-file helpers."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import realpolitik.engine as engine
from realpolitik.cli.main import app
from realpolitik.engine.twilight.events import EVENTS
from realpolitik.engine.twilight.game import missing_events

FAST_AI = "ismcts:iters=5"
"""A small AI budget: the tests are about the program, not the AI's strength."""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def cli(runner: CliRunner) -> Callable[..., Result]:
    """``cli("play", "twilight", ..., input="1\\n")`` -> the result (exceptions caught)."""

    def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=env)

    return invoke


@pytest.fixture
def stub_events(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Give every card whose event handler is not written yet a no-op handler, for this test.

    Twilight Struggle's events are being completed; full games need every card. Once
    ``missing_events()`` is empty this fixture does nothing and the tests run the real events.
    """
    missing = missing_events()
    for n in missing:
        monkeypatch.setitem(EVENTS, n, lambda s, side: None)
    return missing


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy race (no render module) as game 'toyrace' for this test."""
    monkeypatch.setitem(engine._REGISTRY, "toyrace", ("tests.cli.toygame", "GAME"))
    monkeypatch.delitem(engine._CACHE, "toyrace", raising=False)
    yield "toyrace"
    engine._CACHE.pop("toyrace", None)


def read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def write_json(path: Path, obj: Any) -> None:
    path.write_text(json.dumps(obj), encoding="utf-8")


def assert_no_crash(result: Result) -> None:
    """The command ended through its own exit, not an escaped exception."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


def assert_one_line_error(result: Result, *needles: str) -> None:
    """Exit status 1, no traceback, and one ``error:`` line containing every needle."""
    assert result.exit_code == 1, result.output
    assert_no_crash(result)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    for n in needles:
        assert n in errors[0], errors[0]
