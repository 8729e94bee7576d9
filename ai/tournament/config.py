"""A tournament as data: its configuration, the seat rotation and seeds of each game, the small
task a worker plays and the outcome it returns."""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from time import perf_counter
from typing import Any

from realpolitik.ai.bots import format_spec, make_bot, parse_spec
from realpolitik.ai.match import MatchResult, play_match
from realpolitik.engine import load_game, use_data
from realpolitik.engine.core.api import SEED_MAX, Game, HasBalanceFacts, RealpolitikError, check_players

ROW_VERSION = 1
"""Version of the results-row layout (field ``v``)."""

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
        facts: Whether every row also holds the final position's balance facts
            (``HasBalanceFacts``; ``realpolitik balance``), None for a game without them.
    """

    game: str
    bots: tuple[tuple[str, str], ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    facts: bool = False

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
        if self.facts:  # a tournament's key is unchanged, a balance run's differs from it
            ident["facts"] = True
        blob = json.dumps(ident, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(blob).hexdigest()[:16]


DATA_REF = "+data="
"""In a game reference, what separates the game's name from the data folder it reads."""


def game_ref(name: str, data: str | os.PathLike[str] | None) -> str:
    """The reference to game ``name`` reading ``data`` (a folder; ``""`` for the packaged files;
    None for whatever the process reads), which every process running a game resolves alike."""
    return name if data is None else f"{name}{DATA_REF}{data}"


def resolve_game(ref: str) -> Game:
    """The game named by a registry name or alias, or by ``package.module:attribute`` (a game
    object or class); ``name+data=FOLDER`` is the game reading that data folder
    (``engine.use_data``, ``""`` for the packaged files: workers get the parent's data).
    Raises ``UnknownGame``, ``InvalidState`` for bad data, or ``TournamentError`` when the
    import fails."""
    name, sep, folder = ref.partition(DATA_REF)
    if sep:
        return use_data(name, folder)
    if ":" not in ref:
        return load_game(ref)
    module, _, attr = ref.partition(":")
    try:
        obj: Any = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise TournamentError(f"cannot load game '{ref}': {exc}") from None
    game: Game = obj() if isinstance(obj, type) else obj
    return game


MAX_GAMES = 1_000_000
"""Most games one tournament plays: the parent keeps a small tuple per finished game, and a
results file of this many games is already some gigabytes."""


def make_config(
    game: str,
    bots: Sequence[tuple[str, str]],
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    facts: bool = False,
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
    name, sep, folder = game.partition(DATA_REF)
    ref = game_ref(g.spec.name, folder) if sep else game if ":" in game else g.spec.name
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise TournamentError(f"games must be an integer from 1 to {MAX_GAMES:,}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise TournamentError(f"seed must be an integer from 0 to {SEED_MAX}, not {seed!r}")
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
    return TournamentConfig(ref, tuple(canon), games, int(seed), dict(options or {}), facts)


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
    game's id and seed, bot name and seeded spec per seat, game options, tournament key, and
    whether the row holds the final position's balance facts."""

    game: str
    game_id: int
    seed: int
    bots: tuple[str, ...]
    specs: tuple[str, ...]
    options: Mapping[str, Any]
    key: str
    facts: bool = False


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


def light_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """A row without its game record (what the parent keeps in memory)."""
    return {k: v for k, v in row.items() if k != "record"}


def encode_row(row: Mapping[str, Any]) -> bytes:
    """A row as one line of the results file."""
    return (json.dumps(row, separators=(",", ":")) + "\n").encode()


def make_task(cfg: TournamentConfig, game_id: int, key: str) -> GameTask:
    """The task of game ``game_id``: its seating, seed and seeded bot specs."""
    order = seat_order(game_id, cfg.players)
    seed = game_seed(cfg.seed, game_id)
    bots = tuple(cfg.bots[b][0] for b in order)
    specs = tuple(seeded_spec(cfg.bots[b][1], seed, seat) for seat, b in enumerate(order))
    return GameTask(cfg.game, game_id, seed, bots, specs, dict(cfg.options), key, cfg.facts)


def play_task(task: GameTask) -> Outcome:
    """Play one game (in whichever process runs it) and build its results row; a failing game
    does not raise, its error comes back in the outcome."""
    start = perf_counter()
    try:
        game = resolve_game(task.game)
        state = game.new_initial_state(players=len(task.specs), seed=task.seed, **task.options)
        bots = [make_bot(s) for s in task.specs]
        result = play_match(state, bots, random.Random(chance_seed(task.seed)))
        end = result.state
        facts = end.balance_facts() if task.facts and isinstance(end, HasBalanceFacts) else None
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
    if task.facts:
        row["facts"] = facts
    return Outcome(task.game_id, row=light_row(row), line=encode_row(row))


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
