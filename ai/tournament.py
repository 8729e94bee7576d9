"""Self-play tournaments: seat rotation, seeded games, parallel execution, JSONL results, ratings.

A tournament plays ``games`` games of one game between one bot per seat. Game ``i`` seats the
bots by :func:`seat_order` (every bot plays every seat equally often) and is seeded by
:func:`game_seed` from the tournament seed alone, so any game can be played again from its
results row (:func:`replay_row`). Games run in an executor — :class:`InlineExecutor` (this
process), :class:`ProcessExecutor` (a persistent pool of spawned processes) or
:class:`RayExecutor` (Ray tasks, local or on a cluster). Workers receive only small
:class:`GameTask` values (strings and ints) and build game and bots themselves; states are
never pickled. Only the parent writes the results file (:class:`ResultsFile`): one JSON line per
finished game, fsync'd, so a killed run loses at most the games in flight and ``resume``
carries on where it stopped. :func:`summarize` turns rows into win rates with Wilson intervals
and OpenSkill (Plackett–Luce) ratings.

Game-agnostic: a game is a registry name (``twilight``) or ``module:attribute`` for a game
outside the registry (tests, plugins); nothing here knows any game or assumes two seats.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import importlib
import itertools
import json
import math
import multiprocessing
import multiprocessing.connection
import os
import random
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from dataclasses import dataclass, field
from functools import lru_cache
from time import perf_counter
from typing import Any, TypeGuard

from realpolitik.ai.bots import format_spec, make_bot, parse_spec
from realpolitik.ai.match import MatchResult, play_match
from realpolitik.engine import load_game
from realpolitik.engine.core.api import Game, InvalidState, RealpolitikError, check_players
from realpolitik.engine.core.records import load_record

__all__ = [
    "RAY_INSTALL_HINT",
    "Executor",
    "GameTask",
    "InlineExecutor",
    "Outcome",
    "ProcessExecutor",
    "RayExecutor",
    "ResultsFile",
    "TournamentConfig",
    "TournamentError",
    "chance_seed",
    "game_seed",
    "make_config",
    "make_task",
    "play_task",
    "play_tasks",
    "replay_row",
    "resolve_game",
    "run_games",
    "seat_order",
    "seeded_spec",
    "summarize",
    "wilson_interval",
]  # fmt: skip

ROW_VERSION = 1
"""Version of the results-row layout (field ``v``)."""

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

OTHER = "a row of another tournament"

RAY_INSTALL_HINT = "--backend ray needs Ray, which is not installed: pip install 'realpolitik[ray]'"
"""The one line shown when Ray cannot be imported."""


class TournamentError(RealpolitikError):
    """A tournament that cannot run as asked (bad bots, a results file of another tournament…)."""


# --------------------------------------------------------------------------- configuration


@dataclass(frozen=True)
class TournamentConfig:
    """What a tournament is; everything a game's seed and seating derive from.

    Attributes:
        game: Registry name of the game, or ``module:attribute`` for one outside the registry.
        bots: ``(name, canonical spec)`` per bot; their number is the player count.
        games: Games to play (ids ``0 .. games-1``).
        seed: The tournament seed every game seed derives from.
        options: Options passed to ``new_initial_state`` in every game.
    """

    game: str
    bots: tuple[tuple[str, str], ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Seats per game (one bot each)."""
        return len(self.bots)

    def key(self, game: Game) -> str:
        """A short fingerprint of everything but the game count, stored in every row.

        Rows of another tournament (other game or version, bots, seed, options) have another key,
        so ``resume`` refuses to mix them; raising ``games`` keeps the key and extends the run.
        """
        spec = game.spec
        ident = {"game": spec.name, "version": spec.version, "seed": self.seed,
                 "options": dict(self.options), "bots": [list(b) for b in self.bots]}  # fmt: skip
        blob = json.dumps(ident, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


def resolve_game(ref: str) -> Game:
    """The game named by a registry name or alias, or by ``package.module:attribute`` (a game
    object or class). Raises ``UnknownGame``, or ``TournamentError`` when the import fails."""
    if ":" not in ref:
        return load_game(ref)
    module, _, attr = ref.partition(":")
    try:
        obj: Any = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise TournamentError(f"cannot load game '{ref}': {exc}") from None
    game: Game = obj() if isinstance(obj, type) else obj
    return game


def make_config(
    game: str,
    bots: Sequence[tuple[str, str]],
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> TournamentConfig:
    """Check a tournament's settings and canonicalize its bot specs (see :class:`TournamentConfig`).

    ``players``, when given, must equal the number of bots; ``game`` becomes the canonical
    registry name when it is one.

    Raises:
        TournamentError: for a bad name, count or player number.
        ValueError: for a bot spec that does not parse (from ``make_bot``).
        InvalidState: for a player count the game does not take.
    """
    g = resolve_game(game)
    ref = game if ":" in game else g.spec.name
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise TournamentError(f"games must be a positive integer, not {games!r}")
    if not bots:
        raise TournamentError("no bots: give one --bot NAME=SPEC per player")
    if players is not None and players != len(bots):
        raise TournamentError(
            f"--players {players} but {len(bots)} --bot entries: give exactly one --bot per player"
        )
    check_players(g.spec, len(bots))
    seen: set[str] = set()
    canon: list[tuple[str, str]] = []
    for name, spec in bots:
        name = name.strip()
        if not name:
            raise TournamentError("a bot name is empty; use --bot NAME=SPEC")
        if name in seen:
            raise TournamentError(
                f"bot name '{name}' is given twice; name each bot, e.g. --bot a=random --bot b=random"
            )
        seen.add(name)
        canon.append((name, make_bot(spec).spec))
    return TournamentConfig(ref, tuple(canon), games, int(seed), dict(options or {}))


# --------------------------------------------------------------------------- schedule and seeds


@lru_cache(maxsize=16)
def _base_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """The (n-1)! seatings with bot 0 in seat 0, in lexicographic order."""
    return tuple((0, *rest) for rest in itertools.permutations(range(1, n)))


def seat_order(game_id: int, n: int) -> tuple[int, ...]:
    """Which bot sits in each seat in game ``game_id`` of an ``n``-bot tournament.

    Games come in blocks of ``n``: one base seating and its ``n`` cyclic rotations, so after
    every ``n`` games each bot has played each seat exactly once; the ``(n-1)!`` blocks run
    through every seat permutation exactly once per ``n!`` games.

    Returns:
        ``order[seat]`` = index of the bot in that seat.
    """
    if n < 1 or game_id < 0:
        raise ValueError(f"seat_order: need n >= 1 and game_id >= 0, got n={n}, game_id={game_id}")
    bases = _base_orders(n)
    block, shift = divmod(game_id, n)
    base = bases[block % len(bases)]
    return tuple(base[(seat + shift) % n] for seat in range(n))


def _derive(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(seed: int, game_id: int) -> int:
    """The seed of game ``game_id`` (a 63-bit int; the initial state is created with it)."""
    return _derive("realpolitik-game", seed, game_id)


def chance_seed(seed_of_game: int) -> int:
    """The seed of the ``random.Random`` that samples a game's chance nodes."""
    return _derive("realpolitik-chance", seed_of_game)


def seeded_spec(spec: str, seed_of_game: int, seat: int) -> str:
    """The spec a bot plays a game with (recorded in the row): ``spec`` with a seed derived
    from the game seed and the seat (so two copies of one spec differ), unless it sets its own."""
    name, raw = parse_spec(spec)
    if "seed" in raw:
        return spec
    candidate = format_spec(name, {**raw, "seed": _derive("realpolitik-bot", seed_of_game, seat)})
    try:
        parse_spec(candidate)
    except ValueError:  # a bot without a seed parameter
        return spec
    return candidate


@dataclass(frozen=True)
class GameTask:
    """One game to play, as small picklable values (never a state): the game reference, the
    game's id and seed, bot name and seeded spec per seat, game options, tournament key."""

    game: str
    game_id: int
    seed: int
    bots: tuple[str, ...]
    specs: tuple[str, ...]
    options: Mapping[str, Any]
    key: str


@dataclass(frozen=True)
class Outcome:
    """What a worker hands back: the game's results row, or (``row`` None) the error that stopped
    it as ``Type: message``. ``line``, when set, is the row's results-file line already encoded
    by the worker (then ``row`` may leave out the record): the parent writes it as it is, which
    keeps JSON encoding and the record's pickling off the parent's core."""

    game_id: int
    row: dict[str, Any] | None = None
    error: str | None = None
    line: bytes | None = None


def make_task(cfg: TournamentConfig, game_id: int, key: str) -> GameTask:
    """The task of game ``game_id``: its seating, seed and seeded bot specs."""
    order = seat_order(game_id, cfg.players)
    seed = game_seed(cfg.seed, game_id)
    bots = tuple(cfg.bots[b][0] for b in order)
    specs = tuple(seeded_spec(cfg.bots[b][1], seed, seat) for seat, b in enumerate(order))
    return GameTask(cfg.game, game_id, seed, bots, specs, dict(cfg.options), key)


def play_task(task: GameTask) -> Outcome:
    """Play one game (in whichever process runs it) and build its results row; a failing game
    does not raise, its error comes back in the outcome."""
    start = perf_counter()
    try:
        game = resolve_game(task.game)
        state = game.new_initial_state(players=len(task.specs), seed=task.seed, **task.options)
        bots = [make_bot(s) for s in task.specs]
        result = play_match(state, bots, random.Random(chance_seed(task.seed)))
    except Exception as exc:
        return Outcome(task.game_id, error=f"{type(exc).__name__}: {exc}")
    seats = game.spec.seats_for(len(task.specs))
    row = {
        "v": ROW_VERSION, "tournament": task.key, "game": game.spec.name, "game_id": task.game_id,
        "seed": task.seed, "options": dict(task.options),
        "seats": [{"seat": seat, "bot": b, "spec": sp} for seat, b, sp in zip(seats, task.bots, task.specs)],
        "returns": result.returns, "scores": result.scores, "length": result.length,
        "decisions": result.decisions, "duration": round(perf_counter() - start, 6), "record": result.record,
    }  # fmt: skip
    return Outcome(task.game_id, row=_light(row), line=_line(row))


def play_tasks(tasks: Sequence[GameTask]) -> list[Outcome]:
    """Play several games in turn (one remote call of an executor)."""
    return [play_task(t) for t in tasks]


def replay_row(row: Mapping[str, Any], game: Game | None = None) -> MatchResult:
    """Play a row's game again from the row alone (seed, options and seeded bot specs); ``game``
    defaults to the registry game the row names. The record equals the row's while the engine
    and bots are unchanged."""
    g = game or load_game(row["game"])
    state = g.new_initial_state(players=len(row["seats"]), seed=row["seed"], **row.get("options", {}))
    bots = [make_bot(s["spec"]) for s in row["seats"]]
    return play_match(state, bots, random.Random(chance_seed(row["seed"])))


# --------------------------------------------------------------------------- executors


class Executor:
    """Runs game tasks somewhere; yields outcomes in batches as games finish.

    Subclasses run lists of tasks (``_submit``; one list is one remote call) and collect them
    (``_done``, ``_result``). Two lists per worker are out at a time, so no worker waits while
    the parent writes and fsyncs. Very short games are handed out several at a time, up to
    about ``chunk_seconds`` of play per list (judged from the games so far) and shrinking
    towards the end so that workers finish together; this keeps per-call overhead from eating
    the parallel speed-up. Games of ``chunk_seconds`` or more go one by one. A kill loses the
    games being played and those finished in the same list.
    """

    workers: int = 1
    """Games it runs at once."""

    chunk_seconds: float = 0.0
    """Play handed out per call when games are short (0: always one game per call)."""

    max_chunk: int = 16
    """Most games per call."""

    def run(self, tasks: Iterable[GameTask], total: int | None = None) -> Iterator[list[Outcome]]:
        """Play every task; each yielded batch holds the outcomes that finished together.

        Args:
            tasks: The games (consumed lazily).
            total: How many there are, when ``tasks`` has no ``len`` (sizes the last hand-outs).

        Raises:
            TournamentError: when the executor breaks (a pool process died); the batch
                finished with it is yielded first.
        """
        if total is None:
            total = len(tasks) if isinstance(tasks, Sized) else 1 << 62
        todo = iter(tasks)
        pending: dict[Any, list[int]] = {}
        played, spent, given = 0, 0.0, 0
        try:
            while True:
                while len(pending) < 2 * self.workers:
                    size = 1
                    if played and self.chunk_seconds > 0:  # guided: smaller hand-outs near the end
                        size = int(self.chunk_seconds * played / max(spent, 1e-9))
                        size = max(1, min(self.max_chunk, size, (total - given) // (2 * self.workers)))
                    chunk = list(itertools.islice(todo, size))
                    if not chunk:
                        break
                    given += len(chunk)
                    pending[self._submit(chunk)] = [t.game_id for t in chunk]
                if not pending:
                    return
                batch: list[Outcome] = []
                broken: TournamentError | None = None
                for handle in self._done(list(pending)):
                    ids = pending.pop(handle)
                    try:
                        batch.extend(self._result(handle))
                    except TournamentError as exc:
                        broken = exc
                    except Exception as exc:
                        batch.extend(Outcome(gid, error=f"{type(exc).__name__}: {exc}") for gid in ids)
                for out in batch:
                    if out.row is not None:
                        played, spent = played + 1, spent + out.row["duration"]
                yield batch
                if broken is not None:
                    raise broken
        finally:
            for handle in pending:
                self._cancel(handle)

    def _submit(self, tasks: list[GameTask]) -> Any:
        raise NotImplementedError

    def _done(self, handles: list[Any]) -> list[Any]:
        """Wait for at least one handle to finish; return every finished one."""
        raise NotImplementedError

    def _result(self, handle: Any) -> list[Outcome]:
        raise NotImplementedError

    def _cancel(self, handle: Any) -> None:
        pass

    def close(self) -> None:
        """Release processes or the Ray connection."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InlineExecutor(Executor):
    """Plays the games one by one in this process (tests, debugging)."""

    def run(self, tasks: Iterable[GameTask], total: int | None = None) -> Iterator[list[Outcome]]:
        for task in tasks:
            yield [play_task(task)]


def _exit_with_parent() -> None:
    """Block until the parent process is gone (even by ``kill -9``), then end this worker."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)


def _init_worker(game_ref: str) -> None:
    """Set up a pool process: never outlive the parent; import the engine, bots and game once."""
    threading.Thread(target=_exit_with_parent, daemon=True, name="exit-with-parent").start()
    try:
        resolve_game(game_ref)
    except Exception:
        pass


class ProcessExecutor(Executor):
    """A persistent pool of ``workers`` spawned processes (reused across runs).

    A worker that dies (killed, out of memory) stops the run with a :class:`TournamentError`
    once the games that did finish are handed back. Workers end with the parent, even after
    ``kill -9``.
    """

    def __init__(self, workers: int, game: str, start_method: str = "spawn") -> None:
        if workers < 1:
            raise TournamentError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self.chunk_seconds = 0.02
        self._pool = cf.ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context(start_method),
            initializer=_init_worker,
            initargs=(game,),
        )

    def _submit(self, tasks: list[GameTask]) -> Any:
        return self._pool.submit(play_tasks, tasks)

    def _done(self, handles: list[Any]) -> list[Any]:
        return list(cf.wait(handles, return_when=cf.FIRST_COMPLETED).done)

    def _result(self, handle: Any) -> list[Outcome]:
        try:
            return handle.result()  # type: ignore[no-any-return]
        except cf.process.BrokenProcessPool:
            raise TournamentError(
                "a worker process died (killed or out of memory); the finished games are saved — "
                "run again with --resume to carry on"
            ) from None

    def _cancel(self, handle: Any) -> None:
        handle.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TournamentError(RAY_INSTALL_HINT) from None
    return ray


class RayExecutor(Executor):
    """Ray tasks, one CPU each: a private local Ray instance, or an existing cluster.

    Without ``address`` Ray starts on this machine with ``num_cpus=workers``, no dashboard, and
    every server bound to the loopback interface. With ``address`` (``HOST:PORT`` of a head
    started by ``ray start --head``) the games run on the whole cluster; every node needs this
    package installed. ``workers`` then caps the games in flight (default: the cluster's CPUs).
    """

    def __init__(self, workers: int | None, address: str | None = None) -> None:
        envs, saved = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "RAY_USAGE_STATS_ENABLED"), dict(os.environ)
        if not address:
            # Keep Ray on loopback: otherwise it resolves 127.0.0.1 to the machine's public
            # address and its gRPC servers listen on every interface (read at import time).
            # And a private instance reports no usage statistics.
            os.environ.update(dict.fromkeys(envs, "0"))
            if (consts := sys.modules.get("ray._private.ray_constants")) is not None:
                setattr(consts, "ENABLE_RAY_CLUSTER", False)  # noqa: B010 — an attribute Ray reads
        try:
            ray = self._ray = _import_ray()
            self._owned = not ray.is_initialized()
            quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
            if self._owned and address:
                ray.init(address=address, **quiet)
            elif self._owned:
                ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                         _node_ip_address="127.0.0.1", **quiet)  # fmt: skip
        finally:
            for env in envs:
                os.environ.pop(env, None)
                os.environ.update({env: saved[env]} if env in saved else {})
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        self.workers = min(workers, cpus) if workers else cpus
        self.chunk_seconds = 0.2
        self._remote = ray.remote(num_cpus=1)(play_tasks)

    def _submit(self, tasks: list[GameTask]) -> Any:
        return self._remote.remote(tasks)

    def _done(self, handles: list[Any]) -> list[Any]:
        self._ray.wait(handles, num_returns=1)
        return list(self._ray.wait(handles, num_returns=len(handles), timeout=0)[0])

    def _result(self, handle: Any) -> list[Outcome]:
        return self._ray.get(handle)  # type: ignore[no-any-return]

    def _cancel(self, handle: Any) -> None:
        try:
            self._ray.cancel(handle, force=True)
        except Exception:
            pass

    def close(self) -> None:
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()


# --------------------------------------------------------------------------- results file


def _num(x: Any) -> TypeGuard[float]:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _check_row(obj: Any, cfg: TournamentConfig, game: Game, key: str) -> dict[str, Any]:
    """A results row, validated against its tournament; raises ValueError saying what is wrong."""
    if not isinstance(obj, dict) or not isinstance(obj.get("tournament"), str):
        raise ValueError("not a results row")
    if obj["tournament"] != key:
        raise ValueError(OTHER)
    if obj.get("v") != ROW_VERSION or obj.get("game") != game.spec.name:
        raise ValueError("wrong row version or game")
    gid, n = obj.get("game_id"), cfg.players
    if not (_num(gid) and isinstance(gid, int) and gid >= 0):
        raise ValueError("game_id is not a non-negative integer")
    if obj.get("seed") != game_seed(cfg.seed, gid):
        raise ValueError(f"game {gid}: seed does not derive from the tournament seed")
    seats, order, names = obj.get("seats"), seat_order(gid, n), game.spec.seats_for(n)
    if not isinstance(seats, list) or len(seats) != n:
        raise ValueError(f"game {gid}: seats is not a list of {n}")
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("seat") != names[i] or s.get("bot") != cfg.bots[order[i]][0]:
            raise ValueError(f"game {gid}: seat {i} does not match the rotation")
        if not isinstance(s.get("spec"), str):
            raise ValueError(f"game {gid}: seat {i} has no spec")
    for name in ("returns", "scores"):
        vals = obj.get(name)
        if not isinstance(vals, list) or len(vals) != n or not all(_num(v) for v in vals):
            raise ValueError(f"game {gid}: {name} is not {n} numbers")
    length, duration = obj.get("length"), obj.get("duration")
    if not (_num(length) and isinstance(length, int) and length >= 0):
        raise ValueError(f"game {gid}: length is not a non-negative integer")
    if not (_num(duration) and duration >= 0):
        raise ValueError(f"game {gid}: duration is not a non-negative number")
    try:
        record = load_record(obj.get("record"), game)
    except InvalidState as exc:
        raise ValueError(f"game {gid}: {exc}") from None
    if record["seed"] != obj["seed"] or record["players"] != n or len(record["actions"]) != length:
        raise ValueError(f"game {gid}: record does not match the row")
    return obj


def _light(row: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != "record"}


def _line(row: Mapping[str, Any]) -> bytes:
    """A row as one line of the results file."""
    return (json.dumps(row, separators=(",", ":")) + "\n").encode()


class ResultsFile:
    """The JSONL results of one tournament: loaded and validated on open, appended to by the parent.

    On open every complete line is parsed and validated; invalid lines are skipped (and
    counted), a repeated game id keeps its first row, and a last line without its newline (a
    write cut short by a kill) is cut off the file. Appends write one line per row with a single
    ``write`` each, then ``fsync`` once per batch. An exclusive lock keeps a second run out.
    """

    def __init__(self, path: str | os.PathLike[str], cfg: TournamentConfig, *, resume: bool) -> None:
        """Open (creating) the file of ``cfg``'s tournament; without ``resume`` it must be empty.

        Raises:
            TournamentError: for a non-empty file without ``resume``, rows of another
                tournament, a file that holds no results, or one another run is writing.
        """
        self.path = os.fspath(path)
        self.cfg = cfg
        self.game = resolve_game(cfg.game)
        self.key = cfg.key(self.game)
        self.rows: dict[int, dict[str, Any]] = {}
        """Valid rows by game id (first row of each id), without their records (kept on disk)."""
        self.invalid: list[str] = []
        """Why each skipped line was skipped."""
        self.duplicates = 0
        """Rows skipped because their game id was already present."""
        self.truncated = 0
        """Bytes of an unterminated last line that were cut off."""
        if not resume and os.path.exists(self.path) and os.path.getsize(self.path) > 0:
            raise TournamentError(
                f"{self.path} already has results; pass --resume to continue it, or choose another --out"
            )
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            self._lock()
            self._load()
        except BaseException:
            os.close(self._fd)
            raise

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # not on Windows
            return
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise TournamentError(f"{self.path} is being written by another tournament run") from None

    def _load(self) -> None:
        size = os.fstat(self._fd).st_size
        data = os.pread(self._fd, size, 0) if size else b""
        end = data.rfind(b"\n") + 1
        if end < len(data):
            os.ftruncate(self._fd, end)
            self.truncated = len(data) - end
        other = 0
        for line in data[:end].splitlines():
            if not line.strip():
                continue
            try:
                row = _check_row(json.loads(line), self.cfg, self.game, self.key)
            except (ValueError, UnicodeDecodeError) as exc:
                if str(exc) == OTHER:
                    other += 1
                self.invalid.append(str(exc))
                continue
            if row["game_id"] in self.rows:
                self.duplicates += 1
            else:
                self.rows[row["game_id"]] = _light(row)
        if other:
            raise TournamentError(
                f"{self.path} holds {other} games of another tournament (different game, bots, "
                "seed or options); choose another --out"
            )
        if self.invalid and not self.rows:
            raise TournamentError(f"{self.path} is not a results file of this tournament ({self.invalid[0]})")

    def append(self, rows: Sequence[Mapping[str, Any]], lines: Sequence[bytes | None] | None = None) -> None:
        """Append rows (one line each) and fsync; ignores ids already present. ``lines[i]``, when
        given and not None, is row ``i``'s line already encoded (``Outcome.line``)."""
        wrote = False
        for i, row in enumerate(rows):
            gid = row["game_id"]
            if gid in self.rows:
                continue
            given = lines[i] if lines is not None else None
            line = given if given is not None else _line(row)
            view = memoryview(line)
            while view:
                view = view[os.write(self._fd, view) :]
            self.rows[gid] = _light(row)
            wrote = True
        if wrote:
            os.fsync(self._fd)

    def done(self) -> list[dict[str, Any]]:
        """The rows of games ``0 .. games-1``, by game id (without records)."""
        return [self.rows[i] for i in sorted(self.rows) if i < self.cfg.games]

    def close(self) -> None:
        """Close the file (and drop the lock)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_games(
    results: ResultsFile,
    executor: Executor,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> list[Outcome]:
    """Play every game of ``results``' tournament that it does not hold yet, in ``executor``;
    ``on_row`` is called in the parent with each new row once it is on disk (without its
    record when the worker encoded the line: ``Outcome.line``).

    Returns:
        The outcomes of the games that failed (not written; a later ``resume`` retries them).
    """
    cfg = results.cfg
    ids = [i for i in range(cfg.games) if i not in results.rows]
    failures: list[Outcome] = []
    for batch in executor.run((make_task(cfg, i, results.key) for i in ids), total=len(ids)):
        done = [o for o in batch if o.row is not None]
        results.append([o.row for o in done], [o.line for o in done])  # type: ignore[misc]
        failures.extend(o for o in batch if o.row is None)
        if on_row is not None:
            for o in done:
                on_row(o.row)  # type: ignore[arg-type]
    return sorted(failures, key=lambda o: o.game_id)


# --------------------------------------------------------------------------- statistics


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``wins`` (possibly fractional: shared wins)
    in ``games`` games at normal quantile ``z`` (default 95% two-sided); ``(0, 1)`` for none."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(max(p * (1 - p) / games + z2 / (4 * games * games), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def summarize(
    rows: Iterable[Mapping[str, Any]], bots: Sequence[tuple[str, str]], seats: Sequence[str], game: str
) -> dict[str, Any]:
    """Per-bot statistics of finished games.

    Wins are the sum of a bot's returns (a shared win counts as its share); the interval is
    Wilson's at 95%. Ratings are OpenSkill Plackett–Luce, updated game by game in game-id
    order (so the result does not depend on the order games finished), every seat its own team
    ranked by its return (equal returns share a rank).

    Args:
        rows: Rows (``game_id``, ``seats[*].bot``, ``returns``, ``length``, ``duration`` are read).
        bots: ``(name, spec)`` per bot; seats: seat names in order; game: echoed.

    Returns:
        ``{"game", "games", "bots": {name: {"spec", "games", "wins", "win_rate", "ci95",
        "rating": {"mu", "sigma", "ordinal"}, "by_seat": {seat: {"games", "wins", "win_rate",
        "ci95"}}}}, "seats": {seat: {...}}, "avg_length", "avg_duration"}``.
    """
    from openskill.models import PlackettLuce

    ordered = sorted(rows, key=lambda r: r["game_id"])
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name, _ in bots}
    games, wins = {name: 0 for name, _ in bots}, {name: 0.0 for name, _ in bots}
    seat_games = {name: dict.fromkeys(seats, 0) for name, _ in bots}
    seat_wins = {name: dict.fromkeys(seats, 0.0) for name, _ in bots}
    total_by_seat = dict.fromkeys(seats, 0.0)
    for row in ordered:
        names = [s["bot"] for s in row["seats"]]
        returns = [float(x) for x in row["returns"]]
        for seat, (name, ret) in enumerate(zip(names, returns)):
            games[name] += 1
            wins[name] += ret
            seat_games[name][seats[seat]] += 1
            seat_wins[name][seats[seat]] += ret
            total_by_seat[seats[seat]] += ret
        ranks = [1.0 + sum(1 for y in returns if y > x) for x in returns]
        rated = model.rate([[ratings[n]] for n in names], ranks=ranks)
        for name, team in zip(names, rated):
            ratings[name] = team[0]
    n = len(ordered)
    out_bots: dict[str, Any] = {}
    for name, spec in bots:
        r = ratings[name]
        out_bots[name] = {
            "spec": spec,
            **_rate(wins[name], games[name]),
            "rating": {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()},
            "by_seat": {s: _rate(seat_wins[name][s], seat_games[name][s]) for s in seats},
        }
    return {
        "game": game,
        "games": n,
        "bots": out_bots,
        "seats": {s: _rate(total_by_seat[s], n) for s in seats},
        "avg_length": sum(r["length"] for r in ordered) / n if n else 0.0,
        "avg_duration": sum(r["duration"] for r in ordered) / n if n else 0.0,
    }
