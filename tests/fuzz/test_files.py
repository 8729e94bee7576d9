"""Broken saves and records, and junk at the prompt: every one refused with one line, never a
traceback, and the file left byte-identical."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from realpolitik.cli.common import CliError
from realpolitik.cli.main import app
from realpolitik.cli.saves import build_save, read_game_file
from realpolitik.engine import load_game
from tests.cli.conftest import FAST_AI, assert_no_crash, assert_one_line_error
from tests.fuzz.make_corpus import CORPUS, corpus
from tests.games import every_game

FILES = sorted(p.name for p in CORPUS.iterdir())


def fingerprint(path: Path) -> tuple[str, int]:
    st_ = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), st_.st_mtime_ns


def test_the_corpus_on_disk_has_every_file_the_generator_writes() -> None:
    """The files are kept as written (a game's rules may change later and the files must not);
    ``python -m tests.fuzz.make_corpus`` writes them again on purpose."""
    assert sorted(corpus()) == FILES


@pytest.mark.parametrize("name", FILES)
def test_every_broken_file_is_refused_with_one_line_by_every_door(cli, name: str) -> None:
    path = CORPUS / name
    before = fingerprint(path)
    with pytest.raises(CliError):
        read_game_file(str(path))
    game = "ideology" if name.startswith("bare-record") else "twilight"
    for args in (
        ("replay", str(path)),
        ("hint", game, "--load", str(path), "--iters", "5"),
        ("play", game, "--load", str(path), "--ai", FAST_AI),
    ):
        r = cli(*args, input="")
        assert_one_line_error(r, "cannot load")
    assert fingerprint(path) == before


@pytest.fixture(scope="module")
def good_save() -> bytes:
    s = load_game("twilight").new_initial_state(seed=2)
    rng = random.Random(2)
    for _ in range(20):
        s.apply_action(rng.choice(s.legal_actions()))
    return (json.dumps(build_save(s, [1], FAST_AI, "easy", 2), indent=1) + "\n").encode()


def _mutate(data: bytes, edits: list[tuple[int, int, int]]) -> bytes:
    out = bytearray(data)
    for kind, where, value in edits:
        if not out:
            break
        i = where % len(out)
        if kind == 0:
            out[i] = value
        elif kind == 1:
            del out[i]
        elif kind == 2:
            out.insert(i, value)
        else:
            del out[i:]
    return bytes(out)


EDITS = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 2**31), st.integers(0, 255)), min_size=1, max_size=4
)


@given(edits=EDITS)
def test_byte_mutations_of_a_save_load_or_are_refused_cleanly(
    tmp_path_factory: pytest.TempPathFactory, good_save: bytes, edits: list[tuple[int, int, int]]
) -> None:
    data = _mutate(good_save, edits)
    path = tmp_path_factory.mktemp("m") / "save.json"
    path.write_bytes(data)
    try:
        loaded = read_game_file(str(path))
    except CliError as exc:
        assert "\n" not in str(exc).strip() and str(exc).startswith(f"cannot load {path}")
    else:  # only an edit that changes nothing the save says (whitespace) may load
        assert loaded.state.to_json() == json.loads(good_save)["record"]
    assert path.read_bytes() == data


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:5]):
            out += _paths(v, (*prefix, i))
    return out


@given(data=st.data(), value=JSON)
def test_field_mutations_of_a_save_are_refused_cleanly(
    tmp_path_factory: pytest.TempPathFactory, good_save: bytes, data: st.DataObject, value: Any
) -> None:
    obj = json.loads(good_save)
    paths = [p for p in _paths(obj) if p]
    where = data.draw(st.sampled_from(paths))
    target = obj
    for k in where[:-1]:
        target = target[k]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[where[-1]]
    else:
        target[where[-1]] = value
    path = tmp_path_factory.mktemp("f") / "save.json"
    text = json.dumps(obj).encode()
    path.write_bytes(text)
    try:
        read_game_file(str(path))
    except CliError as exc:
        assert "\n" not in str(exc).strip()
    else:  # the same value written back: nothing changed
        assert json.loads(text) == json.loads(good_save)
    assert path.read_bytes() == text


GAMES_AND_COUNTS = [
    (name, n)
    for name in every_game()
    for n in range(load_game(name).spec.min_players, load_game(name).spec.max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), GAMES_AND_COUNTS)
@given(
    seed=st.integers(0, 2**16), length=st.integers(4, 40), drop=st.integers(1, 3), keep_position=st.booleans()
)
def test_a_record_with_its_last_actions_dropped_is_refused_in_every_game(
    tmp_path_factory: pytest.TempPathFactory,
    game: str,
    players: int,
    seed: int,
    length: int,
    drop: int,
    keep_position: bool,
) -> None:
    """With its position summary (it holds the number of actions) or without it (then the
    record is refused for lacking it), a record cut short never loads as a shorter game."""
    state = load_game(game).new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    while len(state.history) < length and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.to_json()
    record["actions"] = record["actions"][: max(0, len(record["actions"]) - drop)]
    if not keep_position:
        del record["position"]
    path = tmp_path_factory.mktemp("r") / "record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CliError, match="position"):
        read_game_file(str(path))


LINE = st.text(
    st.characters(
        blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
    ),
    max_size=30,
)


@settings(max_examples=max(3, settings.default.max_examples // 4))
@given(junk=st.lists(LINE, min_size=1, max_size=12))
@pytest.mark.parametrize("game", ["twilight", "ideology"])
def test_junk_at_the_prompt_never_crashes_and_every_line_gets_a_prompt(game: str, junk: list[str]) -> None:
    junk = [j for j in junk if j.strip().lower().split(" ")[0] not in ("quit", "exit", "save")]  # no files
    args = ["play", game, "--seed", "3", "--ai", FAST_AI]
    r = CliRunner().invoke(app, args, input="".join(f"{j}\n" for j in junk))
    assert_no_crash(r)
    assert r.exit_code == 0, r.output
    assert "failed:" not in r.output and "internal error" not in r.output
