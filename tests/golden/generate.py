"""Golden data: what the games did, written down, so that a change of behaviour shows.

The lockstep differential proves that the compiled Twilight core equals the pure reference,
not that either is right. The golden files pin the behaviour itself, for every registered
game (``available_games()``) at every player count its spec allows:

- ``data/perft-<game>-<n>p.json``: seeded positions (a seed and the actions that reach the
  position from the start, taken from a seeded random game), the position's hash, and the
  number of legal actions (chance outcomes included) at each depth down to 2 or 3, like a
  chess engine's perft table.
- ``data/games-<game>-<n>p.json``: whole random games as records (seed, options, actions)
  with the hash and returns of the final position.
- ``docs/transcript.md``: a terminal session whose commands and output a test replays.

The test (``tests/golden/test_golden.py``) recomputes every figure through the ``Game`` /
``State`` interface only, with each implementation a game has (pure and compiled Twilight
against the same files). When behaviour changes on purpose (a rule fixed, a log line
reworded, a game registered), regenerate from the repository's root::

    .venv/bin/python -m tests.golden.generate            # every game, and the transcript
    .venv/bin/python -m tests.golden.generate --check    # only say what would change

and say in the commit message which golden files changed and why (docs/architecture.md,
"Tests, gates and measurements").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import Game, HasImplementations, State
from realpolitik.engine.core.records import make_record

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
ROOT = HERE.parents[1]
TRANSCRIPT = ROOT / "docs" / "transcript.md"

FORMAT = "realpolitik-golden"
FORMAT_VERSION = 1

PERFT_SEEDS = (0, 1, 2)
"""Seeds of the random games the perft positions are taken from."""
PERFT_POINTS = (0.0, 0.25, 0.5, 0.75)
"""Where in each game (fraction of its actions) a perft position is taken."""
PERFT_MAX_DEPTH = 3
PERFT_BUDGET = 10000
"""A position's perft goes as deep as it can (up to ``PERFT_MAX_DEPTH``, at least 2) while the
deepest level counts at most this many nodes, so the test stays fast."""
GAME_SEEDS = (0, 1, 2, 3)
"""Seeds of the recorded whole games, per game and player count."""


# ---------------------------------------------------------------- state hash
def _plain(x: Any) -> Any:
    """``x`` as plain JSON values: tuples become lists, bools ints, bytes hex, sets sorted."""
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, (int, str)) or x is None:
        return x
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted((_plain(v) for v in x), key=repr)
    if isinstance(x, (bytes, bytearray)):
        return bytes(x).hex()
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in sorted(x.items(), key=lambda kv: repr(kv[0]))}
    return repr(x)


def _values(fingerprint: Any) -> Any:
    """A fingerprint of ``(field name, value)`` pairs without the names, so that renaming a
    field (not a change of behaviour) leaves the hashes alone."""
    if isinstance(fingerprint, tuple) and all(
        isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in fingerprint
    ):
        return [v for _, v in fingerprint]
    return fingerprint


def state_hash(state: State) -> str:
    """A short stable hash of a position, through the interface: whose turn, the legal
    actions, every seat's observation, the returns at the end, and the state's fingerprint
    (every field, hidden ones included; the values in field order, not the field names)."""
    terminal = state.is_terminal()
    doc: dict[str, Any] = {
        "current": state.current_player(),
        "legal": state.legal_actions(),
        "observations": [state.observation(seat) for seat in range(state.num_players())],
        "returns": state.returns() if terminal else None,
        "fingerprint": _values(state.fingerprint()),
    }
    text = json.dumps(_plain(doc), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


# ---------------------------------------------------------------- games and positions
def player_counts(game: Game) -> list[int]:
    """Every player count the game's spec allows."""
    return list(range(game.spec.min_players, game.spec.max_players + 1))


def implementations(game: Game) -> list[Game]:
    """The game object of each implementation it has (one, or pure and compiled)."""
    if isinstance(game, HasImplementations):
        return [game.with_implementation(name) for name in game.implementations()]
    return [game]


def random_actions(game: Game, players: int, seed: int) -> list[int]:
    """The actions of a whole game (the files keep them, so only generation plays it):
    chance outcomes drawn by their odds from ``random.Random(seed)``, decisions by the
    ``heuristic`` bot seeded with ``seed`` for every seat. Uniformly random play ends most
    Twilight Struggle games in the first turns (a suicidal coup at DEFCON 2); the greedy bot
    plays games that reach their later stages."""
    from realpolitik.ai.bots import make_bot

    state = game.new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    bot = make_bot(f"heuristic:seed={seed}")
    actions: list[int] = []
    while not state.is_terminal():
        if len(actions) > game.spec.max_game_length:
            raise RuntimeError(f"{game.spec.name} seed {seed}: no end within max_game_length")
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            a = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = bot.step(state, state.current_player())
        state.apply_action(a)
        actions.append(a)
    return actions


def reach(game: Game, players: int, seed: int, actions: list[int]) -> State:
    """The position after ``actions`` from the seeded start."""
    state = game.new_initial_state(players=players, seed=seed)
    for a in actions:
        state.apply_action(a)
    return state


def perft(state: State, depth: int, budget: int | None = None) -> list[int]:
    """Legal actions counted at each depth 1..``depth`` below ``state`` (chance outcomes count
    as actions). With ``budget``, stops going deeper once a level would exceed it and returns
    the levels done (at least two)."""
    counts: list[int] = []
    level = [state]
    for d in range(depth):
        total = sum(len(s.legal_actions()) for s in level)
        if budget is not None and d >= 2 and total > budget:
            break
        counts.append(total)
        if d + 1 == depth:
            break
        nxt: list[State] = []
        for s in level:
            for a in s.legal_actions():
                child = s.clone()
                child.apply_action(a)
                nxt.append(child)
        level = nxt
    return counts


def perft_positions(game: Game, players: int) -> list[dict[str, Any]]:
    """The perft entries of one game and player count."""
    out = []
    for seed in PERFT_SEEDS:
        actions = random_actions(game, players, seed)
        for point in PERFT_POINTS:
            prefix = actions[: int(len(actions) * point)]
            state = reach(game, players, seed, prefix)
            out.append(
                {
                    "seed": seed,
                    "actions": prefix,
                    "hash": state_hash(state),
                    "perft": perft(state, PERFT_MAX_DEPTH, PERFT_BUDGET),
                }
            )
    return out


def recorded_games(game: Game, players: int) -> list[dict[str, Any]]:
    """The recorded whole games of one game and player count."""
    out = []
    for seed in GAME_SEEDS:
        actions = random_actions(game, players, seed)
        state = reach(game, players, seed, actions)
        record = make_record(game, seed=seed, players=players, options={}, actions=actions)
        out.append({"record": record, "final_hash": state_hash(state), "returns": state.returns()})
    return out


def header(game: Game, players: int, kind: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "kind": kind,
        "game": game.spec.name,
        "game_version": game.spec.version,
        "players": players,
        "generated_by": "python -m tests.golden.generate",
    }


def data_path(kind: str, name: str, players: int) -> Path:
    return DATA / f"{kind}-{name}-{players}p.json"


def expected_files() -> list[tuple[str, str, int]]:
    """(kind, game, players) of every golden data file the registry calls for."""
    out = []
    for name in available_games():
        for n in player_counts(load_game(name)):
            out += [("perft", name, n), ("games", name, n)]
    return out


def build(kind: str, name: str, players: int) -> dict[str, Any]:
    game = load_game(name)
    doc = header(game, players, kind)
    if kind == "perft":
        doc["positions"] = perft_positions(game, players)
    else:
        doc["games"] = recorded_games(game, players)
    return doc


def dump(doc: dict[str, Any]) -> str:
    """The file's text: the header one field a line, then one entry (a position, a game) a
    line, so that a diff names the entries that changed."""
    lines = []
    for key, value in doc.items():
        if isinstance(value, list):
            items = ",\n".join("  " + json.dumps(v, separators=(",", ":")) for v in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# ---------------------------------------------------------------- the transcript
COMMAND = re.compile(r"^\$ (.*)$")
ELAPSED = re.compile(r"\b\d+(?:\.\d+)?s\)")
"""The hint's thinking time (``1.4s)``): the only part of a session that varies by machine."""
MAP_HEADER = re.compile(r"^ Country +St USSR +US +Ctrl")
MAP_AGAIN = "[... the map again ...]"

ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}


def transcript_blocks(text: str) -> Iterator[tuple[int, int, str]]:
    """(first line, end line, command) of every fenced block that starts with ``$ ``: the
    command (``\\`` continues a line), then its expected output up to the closing fence."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```") and i + 1 < len(lines) and COMMAND.match(lines[i + 1]):
            j = i + 1
            cmd = lines[j][2:]
            while cmd.endswith("\\"):
                j += 1
                cmd = cmd[:-1] + " " + lines[j].strip()
            end = j + 1
            while not lines[end].startswith("```"):
                end += 1
            yield j + 1, end, cmd
            i = end
        i += 1


def parse_command(cmd: str) -> tuple[list[str], str]:
    """(arguments after ``realpolitik``, standard input) of ``[printf '...' |] realpolitik ...``."""
    stdin = ""
    if "|" in cmd:
        left, cmd = cmd.split("|", 1)
        words = shlex.split(left)
        if words[:1] != ["printf"] or len(words) != 2:
            raise ValueError(f"only `printf '...' | realpolitik ...` may feed input: {left!r}")
        stdin = words[1].encode().decode("unicode_escape")
    words = shlex.split(cmd)
    if words[:1] != ["realpolitik"]:
        raise ValueError(f"a transcript command must run realpolitik: {cmd!r}")
    return words[1:], stdin


def abbreviate(output: str) -> str:
    """The session as the page shows it: every full map after the first becomes one line
    (``[... the map again ...]``); trailing spaces dropped."""
    out: list[str] = []
    seen_map = False
    skipping = False
    for line in output.rstrip("\n").split("\n"):
        if MAP_HEADER.match(line):
            if seen_map:
                skipping = True
                out.append(MAP_AGAIN)
                continue
            seen_map = True
        if skipping:
            if set(line) == {"-"}:  # the rule under the map's last region
                skipping = False
            continue
        out.append(line.rstrip())
    return "\n".join(out)


def comparable(text: str) -> str:
    """``text`` with the machine-dependent thinking times masked."""
    return ELAPSED.sub("…s)", text)


def run_cli(args: list[str], stdin: str, cwd: Path) -> str:
    """Run the ``realpolitik`` command in this process (as a terminal with piped input would),
    in ``cwd``; returns what it printed."""
    from typer.testing import CliRunner

    from realpolitik.cli.main import app

    old = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(app, args, input=stdin, env=ENV, catch_exceptions=False)
    finally:
        os.chdir(old)
    return result.output


def replay_transcript(text: str, cwd: Path) -> list[tuple[int, int, str, str]]:
    """Run every command of a transcript in order in ``cwd`` (a save written by one is read by
    the next); (first line, end line, expected, actual) per block, both abbreviated."""
    lines = text.split("\n")
    out = []
    for start, end, cmd in transcript_blocks(text):
        args, stdin = parse_command(cmd)
        actual = abbreviate(run_cli(args, stdin, cwd))
        out.append((start, end, "\n".join(lines[start:end]), actual))
    return out


def regenerate_transcript(text: str, cwd: Path) -> str:
    """The transcript with every block's output replaced by a fresh run's."""
    lines = text.split("\n")
    for start, end, _expected, actual in reversed(replay_transcript(text, cwd)):
        lines[start:end] = actual.split("\n")
    return "\n".join(lines)


# ---------------------------------------------------------------- command line
def _write(path: Path, new: str, check: bool, changed: list[str]) -> None:
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old is not None and comparable(old) == comparable(new):
        return  # the same, but for thinking times
    changed.append(str(path.relative_to(ROOT)))
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None, log: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.golden.generate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="write nothing; list what would change")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: all)")
    parser.add_argument("--no-transcript", action="store_true", help="leave docs/transcript.md alone")
    opts = parser.parse_args(argv)
    changed: list[str] = []
    for kind, name, players in expected_files():
        if opts.game and name not in opts.game:
            continue
        log(f"{kind} {name} {players}p")
        _write(data_path(kind, name, players), dump(build(kind, name, players)), opts.check, changed)
    if not opts.no_transcript:
        import tempfile

        log("transcript")
        with tempfile.TemporaryDirectory() as tmp:
            text = TRANSCRIPT.read_text(encoding="utf-8")
            _write(TRANSCRIPT, regenerate_transcript(text, Path(tmp)), opts.check, changed)
    verb = "would change" if opts.check else "changed"
    log(f"{verb}: {', '.join(changed)}" if changed else "golden data unchanged")
    return 1 if opts.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
