"""The results file: one JSON line per finished game, fsync'd, written only by the parent, checked
line by line on resume; and ``run_games``, which plays what the file does not hold yet."""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeGuard

from realpolitik.ai.tournament.config import (
    OTHER,
    ROW_VERSION,
    Outcome,
    TournamentConfig,
    TournamentError,
    encode_row,
    game_seed,
    make_task,
    resolve_game,
    seat_order,
)
from realpolitik.ai.tournament.executors import Executor
from realpolitik.engine.core.api import Game, InvalidState
from realpolitik.engine.core.records import load_record

MAX_REASONS_KEPT = 100  # invalid lines described in full; the rest only counted

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
    if cfg.facts:
        decisions = obj.get("decisions")
        if not (_num(decisions) and isinstance(decisions, int) and 0 <= decisions <= length):
            raise ValueError(f"game {gid}: decisions is not an integer from 0 to the length")
        _check_facts(obj.get("facts", False), n, gid)
    return obj


def _check_facts(facts: Any, n: int, gid: int) -> None:
    """A row's balance facts (``HasBalanceFacts``): None, or their documented shape."""
    if facts is None:
        return
    bad = f"game {gid}: facts"
    if not isinstance(facts, dict) or not isinstance(facts.get("end_kind"), str):
        raise ValueError(f"{bad} are not balance facts")
    order = facts.get("first_order")
    if not isinstance(order, list) or sorted(x for x in order if isinstance(x, int)) != list(range(n)):
        raise ValueError(f"{bad}: first_order is not the {n} seats in some order")
    roles = facts.get("roles")
    if not isinstance(roles, dict) or not all(
        isinstance(labels, list) and len(labels) == n and all(isinstance(x, str) for x in labels)
        for labels in roles.values()
    ):
        raise ValueError(f"{bad}: roles is not a label per seat for each kind of role")
    for name in ("rounds", "turns"):
        v = facts.get(name)
        if v is not None and not (_num(v) and isinstance(v, int) and v >= 0):
            raise ValueError(f"{bad}: {name} is not a count")
    measures = facts.get("measures", {})
    if not isinstance(measures, dict) or not all(
        isinstance(name, str)
        and (_num(v) or (isinstance(v, list) and len(v) == n and all(_num(x) for x in v)))
        for name, v in measures.items()
    ):
        raise ValueError(f"{bad}: measures is not a number, or a number per seat, for each name")


MAX_LINE = 64 * 1024 * 1024
"""A results line longer than this is skipped as invalid without being held in memory whole."""


class ResultsFile:
    """The JSONL results of one tournament: loaded and validated on open, appended to by the parent.

    On open the file is read line by line (never whole: its size does not bound the memory
    used) and every complete line is validated; invalid lines are skipped (and counted), a
    repeated game id keeps its first row. Nothing in the file changes until it is proven to
    be this tournament's: at least one valid row, or an unterminated last line that starts
    as this tournament's rows do. Only then is an unterminated last line cut off, and only when
    it is the start of one of this tournament's rows (a write cut short by a kill); any other
    unfinished last line is refused, untouched. A file that is not ours is refused untouched. Appends write one line per row with
    a single ``write`` each, then ``fsync`` once per batch. An exclusive lock keeps a second
    run out. In memory the parent keeps, per game, only what the statistics read (returns,
    length, duration), never a row.
    """

    def __init__(self, path: str | os.PathLike[str], cfg: TournamentConfig, *, resume: bool) -> None:
        """Open (creating) the file of ``cfg``'s tournament; without ``resume`` it must be empty.

        Raises:
            TournamentError: for a non-empty file without ``resume``, rows of another
                tournament, a file that holds no results, something that is not a regular
                file, or one another run is writing.
        """
        self.path = os.fspath(path)
        self.cfg = cfg
        self.game = resolve_game(cfg.game)
        self.key = cfg.key(self.game)
        self.rows: dict[int, tuple[tuple[float, ...], int, float]] = {}
        """Valid games by id (the first row of each id): returns, length and duration."""
        self.extra: dict[int, tuple[int, dict[str, Any] | None]] = {}
        """With ``cfg.facts``: each game's decisions and balance facts, by id."""
        self.invalid: list[str] = []
        """Why each skipped line was skipped (the first hundred reasons)."""
        self.invalid_count = 0
        """How many lines were skipped as invalid."""
        self.duplicates = 0
        """Rows skipped because their game id was already present."""
        self.truncated = 0
        """Bytes of an unterminated last line that were cut off."""
        try:
            if os.path.exists(self.path) and not os.path.isfile(self.path):
                raise TournamentError(f"{self.path} is not a regular file; choose another --out")
            if not resume and os.path.exists(self.path) and os.path.getsize(self.path) > 0:
                raise TournamentError(
                    f"{self.path} already has results; pass --resume to continue it, or choose another --out"
                )
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            raise TournamentError(f"cannot open {self.path}: {exc.strerror or exc}") from None
        try:
            if not stat.S_ISREG(os.fstat(self._fd).st_mode):
                raise TournamentError(f"{self.path} is not a regular file; choose another --out")
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

    def _skip(self, reason: str) -> None:
        self.invalid_count += 1
        if len(self.invalid) < MAX_REASONS_KEPT:
            self.invalid.append(reason)

    def _load(self) -> None:
        other = 0
        end = 0  # offset just past the last complete line
        tail = b""  # the start of an unterminated last line
        with os.fdopen(os.dup(self._fd), "rb") as f:
            f.seek(0)
            while True:
                line = f.readline(MAX_LINE)
                if not line:
                    break
                if not line.endswith(b"\n"):
                    if len(line) == MAX_LINE:  # an overlong line: skip to its end
                        start = line[:256]
                        while line and not line.endswith(b"\n"):
                            line = f.readline(MAX_LINE)
                        if line:
                            end = f.tell()
                            self._skip("a line longer than the longest results row")
                            continue
                        tail = start
                        break
                    tail = line[:256]
                    break
                end = f.tell()
                if not line.strip():
                    continue
                try:
                    row = _check_row(json.loads(line), self.cfg, self.game, self.key)
                except (ValueError, UnicodeDecodeError, RecursionError) as exc:
                    if str(exc) == OTHER:
                        other += 1
                    self._skip(str(exc) or type(exc).__name__)
                    continue
                if row["game_id"] in self.rows:
                    self.duplicates += 1
                else:
                    self._keep(row)
        if other:
            raise TournamentError(
                f"{self.path} holds {other} game{'' if other == 1 else 's'} of another tournament "
                "(different game or game version, bots, seed or options); choose another --out"
            )
        prefix = self._row_prefix()
        cut_row = tail.startswith(prefix) or prefix.startswith(tail)  # a row a kill cut short
        ours = bool(self.rows) or (not self.invalid_count and tail.startswith(prefix))
        if (self.invalid_count or tail) and not ours:
            why = self.invalid[0] if self.invalid else "its only line is not a results row"
            raise TournamentError(
                f"{self.path} is not a results file of this tournament ({why}); it was left unchanged"
            )
        if tail and not cut_row:  # someone's unfinished line, not a row: never cut it
            raise TournamentError(
                f"{self.path} ends in an unfinished line that is not a results row; "
                "it was left unchanged (end it with a newline, or remove it, to resume)"
            )
        if tail:
            size = os.fstat(self._fd).st_size
            os.ftruncate(self._fd, end)
            self.truncated = size - end

    def _row_prefix(self) -> bytes:
        """How every line of this tournament begins (``encode_row`` keeps the key order)."""
        return b'{"v":' + str(ROW_VERSION).encode() + b',"tournament":' + json.dumps(self.key).encode()

    def _keep(self, row: Mapping[str, Any]) -> None:
        self.rows[row["game_id"]] = (
            tuple(float(x) for x in row["returns"]),
            int(row["length"]),
            float(row["duration"]),
        )
        if self.cfg.facts:
            self.extra[row["game_id"]] = (int(row["decisions"]), row.get("facts"))

    def append(self, rows: Sequence[Mapping[str, Any]], lines: Sequence[bytes | None] | None = None) -> None:
        """Append rows (one line each) and fsync; ignores ids already present. ``lines[i]``, when
        given and not None, is row ``i``'s line already encoded (``Outcome.line``)."""
        wrote = False
        try:
            for i, row in enumerate(rows):
                gid = row["game_id"]
                if gid in self.rows:
                    continue
                given = lines[i] if lines is not None else None
                line = given if given is not None else encode_row(row)
                view = memoryview(line)
                while view:
                    view = view[os.write(self._fd, view) :]
                self._keep(row)
                wrote = True
            if wrote:
                os.fsync(self._fd)
        except OSError as exc:  # a full disk: the rows already written stay, --resume carries on
            raise TournamentError(
                f"cannot write to {self.path}: {exc.strerror or exc}; the games written so far are "
                "kept — run again with --resume to carry on"
            ) from None

    def row_view(self, game_id: int) -> dict[str, Any]:
        """What the statistics read of game ``game_id``: ``game_id``, ``seats[*].bot``,
        ``returns``, ``length``, ``duration``, and with ``cfg.facts`` ``decisions`` and
        ``facts`` (built on demand from the compact form)."""
        returns, length, duration = self.rows[game_id]
        order = seat_order(game_id, self.cfg.players)
        view = {
            "game_id": game_id,
            "seats": [{"bot": self.cfg.bots[b][0]} for b in order],
            "returns": list(returns),
            "length": length,
            "duration": duration,
        }
        if game_id in self.extra:
            view["decisions"], view["facts"] = self.extra[game_id]
        return view

    def done_count(self) -> int:
        """How many of games ``0 .. games-1`` the file holds."""
        return sum(1 for i in self.rows if i < self.cfg.games)

    def iter_done(self) -> Iterator[dict[str, Any]]:
        """The rows of games ``0 .. games-1`` in game-id order, one at a time (see ``row_view``)."""
        for i in sorted(i for i in self.rows if i < self.cfg.games):
            yield self.row_view(i)

    def done(self) -> list[dict[str, Any]]:
        """The rows of games ``0 .. games-1``, by game id (see ``row_view``)."""
        return list(self.iter_done())

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
    # The ids are streamed, never listed: a large --games costs nothing before the first game.
    ids = (i for i in range(cfg.games) if i not in results.rows)
    total = cfg.games - results.done_count()
    failures: list[Outcome] = []
    for batch in executor.run((make_task(cfg, i, results.key) for i in ids), total=total):
        done = [o for o in batch if o.row is not None]
        results.append([o.row for o in done], [o.line for o in done])  # type: ignore[misc]
        failures.extend(o for o in batch if o.row is None)
        if on_row is not None:
            for o in done:
                on_row(o.row)  # type: ignore[arg-type]
    return sorted(failures, key=lambda o: o.game_id)
