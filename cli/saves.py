"""Saved games: versioned JSON, written atomically, validated completely when read.

A save is the game's own record (``state.to_json()``: seed, options and every action, chance
outcomes included) plus who sits where::

    {"format": "realpolitik-save", "save_version": 1, "game": "twilight",
     "humans": ["USSR"], "ai": "ismcts:iters=2500,time=2.0,seed=7", "level": "normal",
     "seed": 7, "saved_at": "2025-01-01T12:00:00Z",
     "record": {...state.to_json()...}, "digest": "sha256:..."}

Reading checks, in order, and refuses the file with one line naming the problem: size, UTF-8,
JSON syntax (a truncated file fails here), the format tag, ``save_version``, every field's
type, no unknown fields, the game (registered, and the one asked for), the record (the game's
``state_from_json`` re-applies every action and compares the stored position summary, so an
edited action or summary is refused), the seats, the level, the seed, the SHA-256 digest over
everything else (an edit that still gives a legal game is refused too), and only then the bot
spec (building a bot may read its weights file, which is read like a save: a regular file of
bounded size).
Nothing is ever written while reading, and nothing is pickled. A bare game record (format
``realpolitik-record``) is accepted where a save is, with default seats.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from realpolitik.cli.common import CliError, game_by_name
from realpolitik.cli.levels import LEVELS
from realpolitik.engine import load_game
from realpolitik.engine.core.api import SEED_MAX, Game, RealpolitikError, State
from realpolitik.engine.core.files import (
    FileRefused,
    check_output,
    read_bounded,
    rescue_folders,
    shown,
    write_atomic,
    write_new_file,
)
from realpolitik.engine.core.records import RECORD_FORMAT

__all__ = [
    "MAX_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Loaded",
    "build_save",
    "check_save_path",
    "digest_of",
    "is_save_bytes",
    "read_game_file",
    "write_json_atomic",
    "write_rescue",
    "write_save",
]

SAVE_FORMAT = "realpolitik-save"
SAVE_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
"""Larger files are refused before parsing."""
SAVE_KIND = "a realpolitik save"

FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "save_version": int,
    "game": str,
    "humans": list,
    "ai": str,
    "level": (str, type(None)),
    "seed": int,
    "saved_at": str,
    "record": dict,
    "digest": str,
}


@dataclass
class Loaded:
    """A game read from a save or record file.

    Attributes:
        path: The file.
        game: The game it is of.
        state: The position it describes (every action re-applied).
        is_save: True for a save, False for a bare record.
        humans: Human seat indices (a record: empty).
        ai: The AI spec stored in the save ("" for a record).
        level: The stored level, or None.
        seed: The stored dice seed (a record: its game seed).
    """

    path: str
    game: Game
    state: State
    is_save: bool
    humans: list[int] = field(default_factory=list)
    ai: str = ""
    level: str | None = None
    seed: int = 0


def _canonical(obj: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in obj.items() if k != "digest"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def digest_of(obj: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` over every field but ``digest``, in canonical JSON."""
    return "sha256:" + hashlib.sha256(_canonical(obj)).hexdigest()


def build_save(state: State, humans: list[int], ai: str, level: str | None, seed: int) -> dict[str, Any]:
    """The save of a position.

    Args:
        state: The position.
        humans: Human seat indices.
        ai: The AI's bot spec.
        level: The level, or None when the AI spec was given directly.
        seed: The dice seed.

    Returns:
        The JSON-able save, with its digest.
    """
    game = state.game()
    seats = game.spec.seats_for(state.num_players())
    obj: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "save_version": SAVE_VERSION,
        "game": game.spec.name,
        "humans": [seats[h] for h in humans],
        "ai": ai,
        "level": level,
        "seed": seed,
        "saved_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "record": state.to_json(),
    }
    obj["digest"] = digest_of(obj)
    return obj


def _dumps(obj: Mapping[str, Any]) -> str:
    """One top-level field per line, each value compact (long action lists stay one line)."""
    items = [f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}" for k, v in obj.items()]
    return "{\n" + ",\n".join(items) + "\n}\n"


def is_save_bytes(raw: bytes) -> bool:
    """Whether a file's bytes are a realpolitik save or record (the only files a save replaces)."""
    if raw.startswith(b'{\n "format": "' + SAVE_FORMAT.encode() + b'"'):
        return True  # what this program writes: no need to parse a long game
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and obj.get("format") in (SAVE_FORMAT, RECORD_FORMAT)


def _as_cli_error(exc: FileRefused) -> CliError:
    return CliError(str(exc))


def write_json_atomic(path: str | os.PathLike[str], obj: Mapping[str, Any]) -> None:
    """Write a save (or record) atomically, under the rule of every output file
    (:func:`realpolitik.engine.core.files.write_atomic`): a temporary file in the same folder,
    ``fsync``, ``os.replace``; a symbolic link is written through, a file that exists keeps its
    permissions; a file that is not a realpolitik save or record, a device, a FIFO or a link
    to nothing is refused rather than replaced.

    Raises:
        CliError: when the file cannot be written (the message names it and why).
    """
    try:
        write_atomic(path, _dumps(obj).encode("utf-8"), kind=SAVE_KIND, is_ours=is_save_bytes, verb="save to")
    except FileRefused as exc:
        raise _as_cli_error(exc) from None


def write_save(
    path: str | os.PathLike[str], state: State, humans: list[int], ai: str, level: str | None, seed: int
) -> None:
    """Build and atomically write a save (see :func:`build_save`)."""
    write_json_atomic(path, build_save(state, humans, ai, level, seed))


def check_save_path(path: str | os.PathLike[str]) -> None:
    """Refuse, before a game starts, a ``--save`` file that could not be written or that holds
    something else: its folder must exist and take a new file, it must not be a device, a FIFO
    or a link to nothing, and a file already there must hold a realpolitik save or record
    (never a user's other file).

    Raises:
        CliError: naming the file and the problem.
    """
    try:
        check_output(path, kind=SAVE_KIND, is_ours=is_save_bytes, verb="save to")
    except FileRefused as exc:
        raise _as_cli_error(exc) from None


def write_rescue(
    state: State, humans: list[int], ai: str, level: str | None, seed: int
) -> tuple[str | None, str]:
    """Save a game that could not be saved where asked, under a new name that overwrites
    nothing: in the current folder, else in the temporary folder.

    Returns:
        The file written (None when nowhere could be written) and the last reason for failure.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    data = _dumps(build_save(state, humans, ai, level, seed)).encode("utf-8")
    return write_new_file(
        rescue_folders(),
        f"{state.game().spec.name}-rescue-{stamp}",
        ".json",
        data,
        kind=SAVE_KIND,
        is_ours=is_save_bytes,
    )


def _read_json(path: str) -> Any:
    try:
        raw = read_bounded(path, MAX_BYTES, kind="a save")
    except FileRefused as exc:
        raise _as_cli_error(exc) from None
    if not raw.strip():
        raise CliError(f"cannot load {shown(path)}: the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(f"cannot load {shown(path)}: not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"cannot load {shown(path)}: not valid JSON (truncated or damaged?) at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise CliError(f"cannot load {shown(path)}: JSON nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts (4300)
        raise CliError(f"cannot load {shown(path)}: a number in it has too many digits (damaged?)") from None


def _seat_indices(game: Game, players: int, names: Any, path: str) -> list[int]:
    seats = list(game.spec.seats_for(players))
    out: list[int] = []
    for i, n in enumerate(names):
        if not isinstance(n, str) or n not in seats:
            raise CliError(
                f"cannot load {path}: humans[{i}] = {n!r} is not a seat of {game.spec.title} ({', '.join(seats)})"
            )
        idx = seats.index(n)
        if idx in out:
            raise CliError(f"cannot load {path}: seat '{n}' is listed twice in 'humans'")
        out.append(idx)
    return out


def _load_record(game: Game, record: Any, path: str) -> State:
    # A record read from a file must say how many actions it holds (``position.actions``, which
    # every record this program writes carries): without it, a record whose last actions were
    # dropped would replay as a shorter game.
    pos = record.get("position") if isinstance(record, dict) else None
    if not isinstance(pos, dict) or "actions" not in pos:
        raise CliError(
            f"cannot load {shown(path)}: record field 'position' with its number of 'actions' is missing "
            "(every record this program writes has it; without it dropped actions go unseen)"
        )
    try:
        return game.state_from_json(record)
    except RealpolitikError as exc:
        raise CliError(f"cannot load {path}: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # An engine that cannot re-apply the record is as good as a refused record.
        raise CliError(f"cannot load {path}: record does not replay ({type(exc).__name__}: {exc})") from None


def read_game_file(
    path: str, expect_game: str | None = None, allow_record: bool = True, data: Path | None = None
) -> Loaded:
    """Read and validate a save (or a bare record) without changing the file.

    Args:
        path: The file.
        expect_game: When given, the file must be of this game (name or alias).
        allow_record: Accept a bare ``realpolitik-record`` too.
        data: The data folder the game reads (``--data``; a file made with other data is
            refused, naming both digests).

    Returns:
        What the file holds.

    Raises:
        CliError: one line naming the file and the first problem found.
    """
    want = load_game(expect_game).spec.name if expect_game is not None else None
    obj = _read_json(path)
    if not isinstance(obj, dict):
        raise CliError(f"cannot load {path}: expected a JSON object at the top level")
    fmt = obj.get("format")
    if fmt == RECORD_FORMAT and allow_record:
        name = obj.get("game")
        if not isinstance(name, str):
            raise CliError(f"cannot load {path}: record field 'game' is missing or not a string")
        game = _game_of(name, want, path, data)
        state = _load_record(game, obj, path)
        return Loaded(path, game, state, is_save=False, seed=int(obj.get("seed", 0)))
    if fmt != SAVE_FORMAT:
        raise CliError(
            f"cannot load {path}: not a realpolitik save (field 'format' is {fmt!r}, expected '{SAVE_FORMAT}')"
        )
    ver = obj.get("save_version")
    if not isinstance(ver, int) or isinstance(ver, bool):
        raise CliError(f"cannot load {path}: field 'save_version' is missing or not an integer")
    if ver != SAVE_VERSION:
        raise CliError(
            f"cannot load {path}: save_version {ver} is not supported (this program reads version {SAVE_VERSION})"
        )
    for key, kind in FIELDS.items():
        if key not in obj:
            raise CliError(f"cannot load {path}: field '{key}' is missing")
        val = obj[key]
        if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
            raise CliError(f"cannot load {path}: field '{key}' has the wrong type ({type(val).__name__})")
    extra = sorted(set(obj) - set(FIELDS))
    if extra:
        raise CliError(f"cannot load {path}: unknown field '{extra[0]}'")
    game = _game_of(obj["game"], want, path, data)
    record = obj["record"]
    if record.get("game") != obj["game"]:
        raise CliError(
            f"cannot load {path}: the record is of game {record.get('game')!r}, the save says {obj['game']!r}"
        )
    state = _load_record(game, record, path)
    humans = _seat_indices(game, state.num_players(), obj["humans"], path)
    if not humans:
        raise CliError(f"cannot load {path}: field 'humans' names no seat")
    if obj["level"] is not None and obj["level"] not in LEVELS:
        raise CliError(
            f"cannot load {path}: field 'level' = {obj['level']!r} is not one of {', '.join(LEVELS)}"
        )
    if not 0 <= obj["seed"] <= SEED_MAX:
        raise CliError(f"cannot load {path}: field 'seed' must be from 0 to {SEED_MAX}, not {obj['seed']}")
    if obj["digest"] != digest_of(obj):
        raise CliError(
            f"cannot load {path}: the digest does not match the contents (the file was edited or damaged)"
        )
    # The bot spec last, once the record and the digest hold: building a bot may read a file
    # (weights=PATH), and an edited save must not make the program read anything.
    from realpolitik.ai.bots import make_bot  # imported late: the AI package is heavy

    try:
        make_bot(obj["ai"])
    except ValueError as exc:
        raise CliError(f"cannot load {path}: field 'ai': {exc}") from None
    return Loaded(
        path,
        game,
        state,
        is_save=True,
        humans=humans,
        ai=obj["ai"],
        level=obj["level"],
        seed=obj["seed"],
    )


def _game_of(name: str, want: str | None, path: str, data: Path | None = None) -> Game:
    try:
        game = game_by_name(name, data)
    except RealpolitikError as exc:
        raise CliError(f"cannot load {path}: {exc}") from None
    if want is not None and game.spec.name != want:
        raise CliError(f"cannot load {path}: it is a game of '{game.spec.name}', not '{want}'")
    return game
