"""Single-observer information-set MCTS (SO-ISMCTS) and, without determinization, plain MCTS.

The algorithm follows Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search"
(IEEE TCIAIG 4(2), 2012):

- every iteration starts from a *determinization*: ``state.resample_hidden(seat, rng)``, a full
  state consistent with what the searching seat knows (plain MCTS uses ``state.clone()``);
- one tree, keyed by action sequences, is shared by all determinizations. Opponents' decisions
  are tree nodes too. Each edge stores the statistics of the player who chose it (max-n: every
  seat maximises its own return), so the same code plays any number of seats;
- an action is not legal in every determinization, so selection is a subset-armed bandit: UCB1
  uses the child's *availability* count (how often it was legal when its parent was visited)
  in place of the parent's visit count;
- chance nodes are sampled by their probabilities and get their own children (keyed ``~a``, so
  they never collide with decision actions); they do not count as an expansion;
- a node with a single legal action is passed through without spending the expansion;
- a game whose states offer a plan (``HasPlan``: How to Invade) has the plan's move expanded
  first at every node, so that seats with few visits below a node play what the plan plays
  (the ``heuristic`` bots it is measured against), and that child starts with
  ``SearchConfig.prior`` virtual visits (:data:`PLAN_PRIOR_VISITS` unless a spec sets
  ``prior`` or the game its ``SearchDefaults.prior``: How to Invade 100) worth :data:`PLAN_PRIOR_VALUE` each, so the search
  keeps to the plan until real returns show a better move (the virtual visits are taken out of
  the root statistics it reports); elsewhere the expansion order is random and nothing is
  virtual;
- with ``others="greedy"`` (a game may name it by player count, ``SearchDefaults.others``),
  a node where another seat decides has that seat's greedy move expanded first, the move
  whose resulting position its own ``evaluate`` scores best (as the ``heuristic`` bot plays),
  with the same virtual visits as a plan's move (``prior``); the searching seat's nodes are
  unchanged;
- a game whose states carry a chosen step out with the plan (``HasPlanSteps``: How to Invade's
  purchases, movements and productions once a box is taken) has those decisions passed
  through like single-action nodes: the tree branches on the strategic choices (which box or
  free action, media, constructions, support, retreats, rebels) and the plan does the
  bookkeeping, as the evaluator assumes when it scores a box half done;
- progressive widening below the root: a node with more than :data:`PW_MIN_ACTIONS` actions
  expands a new child only while it has fewer than ``PW_K * visits ** widen`` children;
- rollouts play ``rollout`` decisions with a cheap policy (chance nodes in between are sampled
  and do not count), then the state is scored by ``returns()`` if it ended, else by
  ``evaluate(p)`` for each seat ``p`` that chose an action on the path.

Root parallelism (``workers``): each worker grows its own tree from its own seed, in a forked
process, and root statistics are merged by summing. Workers talk JSON over a pipe — nothing is
pickled; the state reaches them through ``fork``. Where ``fork`` is unavailable the workers run
one after another in this process, which gives the identical result.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from time import perf_counter
from typing import TYPE_CHECKING, Any

from realpolitik.ai import tree as _tree
from realpolitik.ai.evaluators import ROLLOUT_POLICIES, best_move, sample_chance, uniform_policy
from realpolitik.engine.core.api import CHANCE, TERMINAL, HasPlan, HasPlanSteps, State, seat_label

__all__ = [
    "MAX_PRIOR",
    "OTHERS",
    "PLAN_PRIOR_VALUE",
    "PLAN_PRIOR_VISITS",
    "PROGRESS_EVERY",
    "PW_K",
    "PW_MIN_ACTIONS",
    "Node",
    "Progress",
    "RootStat",
    "SearchConfig",
    "SearchResult",
    "grow_tree",
    "merge_results",
    "principal_variation",
    "search",
]

PW_MIN_ACTIONS = 8
"""Progressive widening applies only at nodes with more legal actions than this."""

PW_K = 2.0
"""Progressive widening constant: at most ``PW_K * visits ** widen`` children."""

PV_MAX_LEN = 12
"""Longest principal variation reported."""

PV_SAMPLES = 8
"""Representative determinizations used to print a principal variation."""

PROGRESS_EVERY = 256
"""Iterations between two calls of a search's progress callback."""

Progress = Callable[[int], None]
"""``progress(iterations_done)``: how a search reports how far it has come."""


PLAN_PRIOR_VISITS = 10
"""Virtual visits a plan's child starts with (``HasPlan`` games only)."""

PLAN_PRIOR_VALUE = 1.0
"""The return each virtual visit of a plan's child counts (the best return: the plan is
trusted until its real returns pull its mean down)."""

MAX_PRIOR = 10_000
"""The most virtual visits a plan's move may start with (``SearchConfig.prior``)."""
OTHERS = ("search", "greedy")
"""How a search grows the other seats' nodes (``SearchConfig.others``)."""

GREEDY_TIE = 1e-9
"""Values closer than this are equal when the greedy model picks another seat's move (the
first such move in action order wins)."""

MAX_ITERS = 500_000
"""The most iterations one search runs, over all its workers, whatever its time budget: the
trees grow about 0.55 KB an iteration, so a search holds at most about 280 MB of nodes."""

MAX_SECONDS = 3600.0
"""The longest time budget of one search (seconds per move)."""


@dataclass(frozen=True)
class SearchConfig:
    """How one search runs.

    Attributes:
        iters: Iteration budget (total over all workers); None for no iteration limit.
        time: Wall-time budget in seconds (each worker); None for no time limit.
        c: UCB1 exploration constant (returns are in [0, 1]).
        rollout: Rollout decisions before the evaluator scores the state (0 = evaluate at once).
        policy: Rollout policy name, a key of ``ai.evaluators.ROLLOUT_POLICIES``.
        widen: Progressive widening exponent in [0, 1]; 0 turns widening off.
        workers: Root-parallel worker processes.
        determinize: True for ISMCTS (search determinizations), False for plain MCTS on the
            true state (which reads hidden information).
        tree: The tree code, ``pure`` or ``compiled`` (``ai.tree``); None for the default.
            Both grow the same trees.
        prior: Virtual visits, each worth :data:`PLAN_PRIOR_VALUE`, that the plan's move
            starts with in a game that offers a plan (``HasPlan``), and another seat's greedy
            move with ``others="greedy"``; with 0 it is only expanded first. Unused otherwise.
        others: How the other seats' nodes are grown: ``search`` (like the searching
            seat's) or ``greedy`` (their greedy move expanded first, with virtual visits).
    """

    iters: int | None = 2000
    time: float | None = None
    c: float = 0.7
    rollout: int = 0
    policy: str = "random"
    widen: float = 0.5
    workers: int = 1
    determinize: bool = True
    tree: str | None = None
    prior: int = PLAN_PRIOR_VISITS
    others: str = "search"

    def __post_init__(self) -> None:
        if self.iters is None and self.time is None:
            raise ValueError("a search needs a budget: iters or time")
        if self.iters is not None and not 1 <= self.iters <= MAX_ITERS:
            raise ValueError(f"iters must be between 1 and {MAX_ITERS} (the trees' memory), not {self.iters}")
        if self.time is not None and not 0 < self.time <= MAX_SECONDS:
            raise ValueError(f"time must be more than 0 and at most {MAX_SECONDS:g} seconds, not {self.time}")
        if not 0 <= self.prior <= MAX_PRIOR:
            raise ValueError(f"prior must be between 0 and {MAX_PRIOR} virtual visits, not {self.prior}")
        if self.others not in OTHERS:
            raise ValueError(f"unknown model of the other seats '{self.others}'; valid: {', '.join(OTHERS)}")
        if self.policy not in ROLLOUT_POLICIES:
            raise ValueError(f"unknown rollout policy '{self.policy}'; valid: {', '.join(ROLLOUT_POLICIES)}")


if TYPE_CHECKING:
    from realpolitik.ai._tree_py import Node
else:
    Node = _tree.module().Node
    """Tree node class of the default tree code (``ai.tree``: compiled or the reference)."""


@dataclass
class RootStat:
    """Merged statistics of one root move.

    Attributes:
        action: The move.
        visits: Iterations that started with it.
        total: Sum of the searching seat's returns over those iterations.
        sumsq: Sum of their squares.
        pv: The principal variation starting with this move, as action texts (filled only
            when asked for).
    """

    action: int
    visits: int = 0
    total: float = 0.0
    sumsq: float = 0.0
    pv: list[str] = field(default_factory=list)

    @property
    def mean(self) -> float | None:
        """Mean return, or None when the move was never tried."""
        return self.total / self.visits if self.visits else None


@dataclass
class SearchResult:
    """What a search learnt about the root.

    Attributes:
        seat: The searching seat.
        iterations: Iterations run (over all workers).
        elapsed: Wall time in seconds (the slowest worker).
        stats: One entry per root legal action, in action order.
    """

    seat: int
    iterations: int
    elapsed: float
    stats: list[RootStat]

    def best(self) -> RootStat:
        """The most visited move (ties: higher mean, then lower action id)."""
        return max(self.stats, key=lambda s: (s.visits, s.mean or 0.0, -s.action))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (used to send results between processes)."""
        return {
            "seat": self.seat,
            "iterations": self.iterations,
            "elapsed": self.elapsed,
            "stats": [[s.action, s.visits, s.total, s.sumsq, s.pv] for s in self.stats],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SearchResult:
        """Inverse of :meth:`to_json`."""
        stats = [RootStat(int(a), int(v), float(t), float(q), list(pv)) for a, v, t, q, pv in obj["stats"]]
        return cls(int(obj["seat"]), int(obj["iterations"]), float(obj["elapsed"]), stats)


def grow_tree(
    state: State,
    seat: int,
    config: SearchConfig,
    rng: random.Random,
    progress: Progress | None = None,
    priors: dict[int, int] | None = None,
    root: Node | None = None,
    forced: Sequence[int] = (),
) -> tuple[Node, int]:
    """Run the search loop and return its tree.

    Args:
        state: The position; ``seat`` must be to move. Not modified.
        seat: The searching seat.
        config: Budget and parameters (``workers`` is ignored here).
        rng: Drives determinizations, chance samples, expansion order and rollouts.
        progress: Called with the iterations done so far every :data:`PROGRESS_EVERY`
            iterations (a progress bar); it must not touch the search.
        priors: Filled, if given, with the virtual visits each root child started with (the
            plan's move of a ``HasPlan`` game; empty elsewhere).
        root: A tree grown before from the same position and seat, to grow further (its
            statistics are kept); None starts a new tree.
        forced: Actions every iteration plays first, from the root, before selection, as far
            as they are legal in its determinization: a line of ``seat``'s own decisions
            whose statistics a review wants (``realpolitik review``). Empty for an ordinary
            search.

    Returns:
        ``(root, iterations)``: the tree and the iterations run by this call.
    """
    impl = _tree.module(config.tree)  # compiled or the reference (ai.tree); the same trees either way
    new_node, select, backpropagate = impl.Node, impl.select, impl.backpropagate
    if root is None:
        root = new_node()
    players = state.num_players()
    determinize = config.determinize
    c = config.c
    rollout_len = config.rollout
    widen = config.widen
    policy = ROLLOUT_POLICIES[config.policy]
    uniform = policy is uniform_policy
    max_iters = config.iters if config.iters is not None else MAX_ITERS  # memory bound
    deadline = perf_counter() + config.time if config.time is not None else math.inf
    timed = config.time is not None
    rand = rng.random
    chance, terminal = CHANCE, TERMINAL
    planned = isinstance(state, HasPlan)  # the game's plan is expanded first (none elsewhere)
    stepped = isinstance(state, HasPlanSteps)  # the plan carries a chosen box out (none elsewhere)
    prior_visits, prior_total = config.prior, config.prior * PLAN_PRIOR_VALUE
    greedy_others = config.others == "greedy"

    iterations = 0
    while iterations < max_iters:
        if timed and perf_counter() >= deadline and iterations > 0:
            break
        s = state.resample_hidden(seat, rng) if determinize else state.clone()
        node = root
        path: list[tuple[Node, int]] = []
        for a in forced:  # a review's line: every iteration goes through it where it is legal
            if s.current_player() < 0 or a not in s.legal_actions():
                break  # a world where the line cannot go on (an event drew otherwise): search on from here
            child = node.children.get(a)
            if child is None:
                child = node.children[a] = new_node()
            path.append((child, s.current_player()))
            s.apply_action(a)
            node = child

        # Selection and expansion.
        while True:
            p = s.current_player()
            if p < 0:
                if p == chance:
                    a = sample_chance(s.chance_outcomes(), rng)
                    s.apply_action(a)
                    child = node.children.get(~a)
                    if child is None:
                        child = node.children[~a] = new_node()
                    path.append((child, -1))
                    node = child
                    continue
                if p == terminal:
                    break
                raise ValueError(f"current_player() returned unsupported value {p}")
            if stepped:
                a = s.plan_step(p)  # type: ignore[attr-defined]
                legal = s.legal_actions() if a is None else [a]
            else:
                legal = s.legal_actions()
            children = node.children
            n_legal = len(legal)
            if n_legal == 1:
                a = legal[0]
                child = children.get(a)
                if child is None:
                    child = children[a] = new_node()
                else:
                    child.avail += 1
                path.append((child, p))
                s.apply_action(a)
                node = child
                continue
            best, best_a, untried = select(node, legal, c)  # UCB1 over the available children
            if untried and (
                best is None
                or node is root
                or widen <= 0.0
                or n_legal <= PW_MIN_ACTIONS
                or n_legal - untried < PW_K * node.visits**widen
            ):
                a = -1
                if planned:
                    a = s.plan_action(p)  # type: ignore[attr-defined]
                    if a is None or a in children:
                        a = -1
                elif greedy_others and p != seat and not children:
                    a = best_move(s, legal, p, tie=GREEDY_TIE)  # the other seat as the heuristic bot plays it
                if a < 0:
                    k = int(rand() * untried)
                    for a in legal:
                        if a not in children:
                            if k == 0:
                                break
                            k -= 1
                    child = children[a] = new_node()
                else:  # the plan's (or greedy) move: virtual visits keep the search on it until it finds better
                    child = children[a] = new_node()
                    child.visits = prior_visits
                    child.total = prior_total
                    if priors is not None and node is root:
                        priors[a] = prior_visits
                path.append((child, p))
                s.apply_action(a)
                break
            if best is None:
                raise ValueError(f"player {p} has no legal action at a decision node")
            path.append((best, p))
            s.apply_action(best_a)
            node = best

        # Rollout, cut by the evaluator.
        depth = 0
        while True:
            p = s.current_player()
            if p < 0:
                if p == chance:
                    s.apply_action(sample_chance(s.chance_outcomes(), rng))
                    continue
                break
            if depth >= rollout_len:
                break
            legal = s.legal_actions()
            s.apply_action(legal[int(rand() * len(legal))] if uniform else policy(s, legal, p, rng))
            depth += 1

        # Backpropagation. The heuristic is asked only for the seats that chose on the path.
        backpropagate(root, path, s, players, seat)
        iterations += 1
        if progress is not None and iterations % PROGRESS_EVERY == 0:
            progress(iterations)
    return root, iterations


def principal_variation(
    root: Node, first: int, reps: list[State], max_len: int = PV_MAX_LEN, seat: int | None = None
) -> list[str]:
    """Follow the most visited children from a root move and name the moves.

    A determinized tree mixes many worlds, so each action is named in a representative state
    where it is legal: the candidates are advanced in lockstep and those where the next action
    is illegal drop out. Chance outcomes are shown in brackets. With ``seat``, another seat's
    decision is marked as an expected reply (``influence Japan (US, expected)``): it comes
    from sampled hands, not from knowing them.

    Args:
        root: The search tree's root.
        first: The root move the line starts with.
        reps: Representative root states (consumed: they are modified).
        max_len: Longest line.
        seat: The searching seat, to mark the other seats' moves; None marks nothing.

    Returns:
        Action texts, starting with ``first``'s.
    """
    texts: list[str] = []
    node = root
    key = first
    alive = reps
    while len(texts) < max_len:
        child = node.children.get(key)
        if child is None or child.visits == 0:
            break
        is_chance = key < 0
        action = ~key if is_chance else key
        keep = []
        for s in alive:
            p = s.current_player()
            if p != TERMINAL and (p == CHANCE) == is_chance and action in s.legal_actions():
                keep.append(s)
        if not keep:
            break
        text = keep[0].action_to_string(action)
        mover = keep[0].current_player()
        if is_chance:
            text = f"[{text}]"
        elif seat is not None and mover != seat:
            text = f"{text} ({seat_label(keep[0], mover, dealt_only=True)}, expected)"
        texts.append(text)
        for s in keep:
            s.apply_action(action)
        alive = keep
        node = child
        if not node.children:
            break
        kids = node.children
        key = max(kids, key=lambda k: (kids[k].visits, -k))
    return texts


def _search_one(
    state: State,
    seat: int,
    config: SearchConfig,
    seed: int,
    with_pv: bool,
    progress: Progress | None = None,
) -> SearchResult:
    """One tree, one process."""
    rng = random.Random(seed)
    start = perf_counter()
    priors: dict[int, int] = {}
    root, iterations = grow_tree(state, seat, config, rng, progress, priors)
    elapsed = perf_counter() - start
    stats = []
    for a in state.legal_actions():
        child = root.children.get(a)
        if child is None:
            stats.append(RootStat(a))
        else:
            v = priors.get(a, 0)  # the plan's virtual visits are not reported as played
            stats.append(RootStat(a, child.visits - v, child.total - v * PLAN_PRIOR_VALUE, child.sumsq))
    if with_pv:
        pv_rng = random.Random(f"{seed}/pv")
        if config.determinize:
            base = [state.resample_hidden(seat, pv_rng) for _ in range(PV_SAMPLES)]
        else:
            base = [state.clone()]
        for st in stats:
            if st.visits:
                st.pv = principal_variation(root, st.action, [b.clone() for b in base], seat=seat)
    return SearchResult(seat, iterations, elapsed, stats)


def merge_results(parts: list[SearchResult]) -> SearchResult:
    """Merge root-parallel results by summing root statistics.

    The principal variation of each move comes from the worker that visited it most (the
    first such worker on ties).

    Args:
        parts: Results of the same root searched by different workers.

    Returns:
        One result.
    """
    merged: dict[int, RootStat] = {}
    pv_visits: dict[int, int] = {}
    for part in parts:
        for st in part.stats:
            m = merged.get(st.action)
            if m is None:
                m = merged[st.action] = RootStat(st.action)
                pv_visits[st.action] = -1
            m.visits += st.visits
            m.total += st.total
            m.sumsq += st.sumsq
            if st.visits > pv_visits[st.action]:
                pv_visits[st.action] = st.visits
                m.pv = list(st.pv)
    return SearchResult(
        seat=parts[0].seat,
        iterations=sum(p.iterations for p in parts),
        elapsed=max(p.elapsed for p in parts),
        stats=[merged[a] for a in sorted(merged)],
    )


def _worker_main(
    conn: Connection, state: State, seat: int, config: SearchConfig, seed: int, with_pv: bool
) -> None:
    """Entry point of a forked worker: search, then send the result as JSON bytes."""
    try:
        payload = _search_one(state, seat, config, seed, with_pv).to_json()
    except BaseException as exc:  # report every failure to the parent, then exit
        payload = {"error": f"{type(exc).__name__}: {exc}"}
    try:
        conn.send_bytes(json.dumps(payload).encode())
    finally:
        conn.close()


def _run_forked(
    ctx: Any, state: State, seat: int, jobs: list[tuple[SearchConfig, int]], with_pv: bool
) -> list[SearchResult]:
    """Run jobs in forked processes; results come back in job order."""
    running = []
    for cfg, seed in jobs:
        recv, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker_main, args=(send, state, seat, cfg, seed, with_pv), daemon=True)
        proc.start()
        send.close()
        running.append((proc, recv))
    results: list[SearchResult] = []
    errors: list[str] = []
    for proc, recv in running:
        try:
            obj = json.loads(recv.recv_bytes().decode())
        except EOFError:
            obj = {"error": "worker exited without a result"}
        finally:
            recv.close()
        proc.join()
        if "error" in obj:
            errors.append(str(obj["error"]))
        else:
            results.append(SearchResult.from_json(obj))
    if errors:
        raise RuntimeError(f"search worker failed: {errors[0]}")
    return results


def _fork_context() -> Any:
    """The ``fork`` multiprocessing context, or None where the platform has none."""
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


def search(
    state: State,
    seat: int,
    config: SearchConfig,
    seed: int,
    with_pv: bool = False,
    parallel: bool = True,
    progress: Progress | None = None,
) -> SearchResult:
    """Search a position for ``seat`` (who must be to move).

    With ``config.workers > 1`` the iteration budget is split evenly over the workers (each
    gets the whole time budget); worker ``i`` is seeded from ``(seed, i)``, so the merged
    result is the same on every run for a fixed seed and iteration budget.

    Args:
        state: The position (not modified). ISMCTS only reads it through
            ``resample_hidden(seat, ...)`` and the seat's own ``legal_actions()``.
        seat: The searching seat.
        config: Budget and parameters.
        seed: Seed of this search.
        with_pv: Also compute each root move's principal variation.
        parallel: Use processes for workers (False runs them in turn here, same result).
        progress: Called with the iterations done so far (see :func:`grow_tree`); with
            forked workers it is not called (their counts stay in their processes).

    Returns:
        The merged root statistics.

    Raises:
        ValueError: if ``seat`` is not to move.
    """
    to_move = state.current_player()
    if to_move != seat:
        raise ValueError(f"seat {seat} is not to move (current player: {to_move})")
    if config.workers <= 1:
        return _search_one(state, seat, config, seed, with_pv, progress)
    jobs: list[tuple[SearchConfig, int]] = []
    total = config.iters
    cap = max(1, MAX_ITERS // config.workers)  # a time budget alone: the trees still fit
    for i in range(config.workers):
        iters: int | None = cap
        if total is not None:
            iters = total // config.workers + (1 if i < total % config.workers else 0)
            if iters == 0:
                continue
        jobs.append(
            (replace(config, iters=iters, workers=1), random.Random(f"{seed}/worker{i}").getrandbits(63))
        )
    ctx = _fork_context() if parallel else None
    if ctx is None:
        parts = [_search_one(state, seat, cfg, sd, with_pv) for cfg, sd in jobs]
    else:
        parts = _run_forked(ctx, state, seat, jobs, with_pv)
    return merge_results(parts)
