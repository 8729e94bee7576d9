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

from realpolitik.ai.tournament.config import (
    MAX_GAMES,
    RAY_INSTALL_HINT,
    GameTask,
    Outcome,
    TournamentConfig,
    TournamentError,
    chance_seed,
    game_seed,
    make_config,
    make_task,
    play_task,
    play_tasks,
    replay_row,
    resolve_game,
    seat_order,
    seeded_spec,
)
from realpolitik.ai.tournament.executors import (
    Executor,
    InlineExecutor,
    ProcessExecutor,
    RayExecutor,
    check_address,
    default_workers,
    open_executor,
)
from realpolitik.ai.tournament.results import ResultsFile, run_games
from realpolitik.ai.tournament.stats import summarize, wilson_interval

__all__ = [
    "MAX_GAMES",
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
    "check_address",
    "default_workers",
    "game_seed",
    "make_config",
    "make_task",
    "open_executor",
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
