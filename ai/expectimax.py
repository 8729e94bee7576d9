"""Depth-limited expectimax (*-minimax) with exact chance enumeration.

- **Depth** counts decision plies; chance nodes never consume depth. At depth 0 a decision
  node is scored by ``evaluate``; a finished game always by ``returns()``.
- **Chance nodes** are enumerated with their probabilities (``chance_outcomes()``).
- **Two seats** (or one): minimax on the searching seat's value — the seat maximises it, the
  opponent minimises it — with alpha-beta at decision nodes and Ballard's Star1 pruning at
  chance nodes (values are bounded to [0, 1], so the bounds are exact). Pruning never changes
  the value.
- **More than two seats**: max-n (Luckhardt & Irani 1986). Every node yields a value vector
  (``evaluate(p)`` for each seat) and the player to move picks the child that maximises their
  own component, the first such child on ties. Max-n is used rather than the paranoid
  assumption because every seat in these games plays for itself; it does not prune.

The search runs on the state it is given. A bot that must not read hidden information calls it
on a determinization (``resample_hidden``); see ``ai.bots``.

**A deadline** (``perf_counter()`` seconds) may be given to every entry point: the search checks
it at every leaf and raises :class:`SearchTimeout` once it has passed, so a deep search on a
wide game stops on time; without one the search is exact and as long as it takes.
"""

from __future__ import annotations

import math
from time import perf_counter

from realpolitik.engine.core.api import CHANCE, TERMINAL, State, seat_label

TWO_PLAYERS = 2  # at most two seats: one side's gain is the other's loss (minimax)

__all__ = ["SearchTimeout", "expectimax_action_values", "expectimax_pv", "expectimax_value"]


class SearchTimeout(Exception):
    """The search's deadline passed before it finished."""


class _Leaves:
    """Leaves evaluated so far, and the deadline checked at each one."""

    __slots__ = ("deadline", "n")

    def __init__(self, deadline: float | None) -> None:
        self.n = 0
        self.deadline = math.inf if deadline is None else deadline

    def count(self) -> None:
        self.n += 1
        if self.deadline != math.inf and perf_counter() > self.deadline:
            raise SearchTimeout


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _minimax(state: State, seat: int, depth: int, alpha: float, beta: float, leaves: _Leaves) -> float:
    """Fail-soft alpha-beta / Star1 value of ``state`` for ``seat`` (two seats)."""
    p = state.current_player()
    if p == TERMINAL:
        leaves.count()
        return _clip(float(state.returns()[seat]))
    if p == CHANCE:
        total = 0.0
        rest = 1.0
        for action, prob in state.chance_outcomes():
            rest -= prob
            if prob <= 0.0:
                continue
            child = state.clone()
            child.apply_action(action)
            # Node value = total + prob * v + (value of the rest, somewhere in [0, rest]).
            v = _minimax(child, seat, depth, (alpha - total - rest) / prob, (beta - total) / prob, leaves)
            total += prob * v
            if total + rest <= alpha:
                return total + rest
            if total >= beta:
                return total
        return total
    if depth <= 0:
        leaves.count()
        return _clip(state.evaluate(seat))
    maximise = p == seat
    best = -math.inf if maximise else math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        v = _minimax(child, seat, depth - 1, alpha, beta, leaves)
        if maximise:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        elif v < best:
            best = v
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    return best


def _maxn(state: State, depth: int, players: int, leaves: _Leaves) -> list[float]:
    """Max-n value vector of ``state`` (more than two seats)."""
    p = state.current_player()
    if p == TERMINAL:
        leaves.count()
        return [_clip(float(r)) for r in state.returns()]
    if p == CHANCE:
        acc = [0.0] * players
        for action, prob in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            vec = _maxn(child, depth, players, leaves)
            for q in range(players):
                acc[q] += prob * vec[q]
        return acc
    if depth <= 0:
        leaves.count()
        return [_clip(state.evaluate(q)) for q in range(players)]
    best: list[float] | None = None
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        vec = _maxn(child, depth - 1, players, leaves)
        if best is None or vec[p] > best[p]:
            best = vec
    assert best is not None
    return best


def _value(state: State, seat: int, depth: int, leaves: _Leaves) -> float:
    players = state.num_players()
    if players <= TWO_PLAYERS:
        return _minimax(state, seat, depth, -math.inf, math.inf, leaves)
    return _maxn(state, depth, players, leaves)[seat]


def expectimax_value(state: State, seat: int, depth: int, deadline: float | None = None) -> float:
    """The depth-limited expectimax value of a state for a seat.

    Args:
        state: Any state (not modified).
        seat: Whose value.
        depth: Decision plies to search (0 = the evaluator, or the enumerated chance
            expectation of it when ``state`` is a chance node).
        deadline: ``perf_counter()`` time to stop by (None: none).

    Returns:
        The value in [0, 1].

    Raises:
        SearchTimeout: when the deadline passed first.
    """
    return _value(state, seat, depth, _Leaves(deadline))


def expectimax_action_values(
    state: State,
    seat: int,
    depth: int,
    leaves: dict[int, int] | None = None,
    deadline: float | None = None,
    into: dict[int, float] | None = None,
) -> dict[int, float]:
    """The exact value of every legal move at a decision node, for ``seat``.

    The move itself is the first of ``depth`` plies (so ``depth >= 1``). Each move is searched
    with a full window, so every value is exact, not a bound.

    Args:
        state: A decision node (not modified).
        seat: Whose value (usually the player to move).
        depth: Decision plies including the move.
        leaves: When given, ``leaves[action]`` is increased by the leaves evaluated under
            each move.
        deadline: ``perf_counter()`` time to stop by (None: none).
        into: When given, each move's value is stored here as soon as it is known (what was
            searched before a :class:`SearchTimeout` is kept).

    Returns:
        ``{action: value}`` in legal-action order.

    Raises:
        ValueError: at a chance or terminal node, or for ``depth < 1``.
        SearchTimeout: when the deadline passed first.
    """
    if state.current_player() < 0:
        raise ValueError("expectimax_action_values needs a decision node")
    if depth < 1:
        raise ValueError("depth must be at least 1")
    out: dict[int, float] = {} if into is None else into
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        counter = _Leaves(deadline)
        out[action] = _value(child, seat, depth - 1, counter)
        if leaves is not None:
            leaves[action] = leaves.get(action, 0) + counter.n
    return out


def expectimax_pv(state: State, seat: int, depth: int, deadline: float | None = None) -> list[str]:
    """The principal variation of a depth-limited search, as action texts.

    Each decision is the mover's best reply found by a search of the remaining depth (the
    seat maximises its value; with two seats the opponent minimises it, with more each
    maximises their own); chance nodes follow their most probable outcome, shown in brackets.
    Another seat's moves are marked as expected replies (``influence Japan (US, expected)``).

    Args:
        state: The position (not modified).
        seat: The searching seat.
        depth: Decision plies.
        deadline: ``perf_counter()`` time to stop by (None: none); the variation found by
            then is returned.

    Returns:
        Action texts.
    """
    texts: list[str] = []
    try:
        _pv(state.clone(), seat, depth, deadline, texts)
    except SearchTimeout:
        pass
    return texts


def _pv(s: State, seat: int, depth: int, deadline: float | None, texts: list[str]) -> None:
    players = s.num_players()
    while depth > 0:
        p = s.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            action = max(s.chance_outcomes(), key=lambda o: o[1])[0]
            texts.append(f"[{s.action_to_string(action)}]")
            s.apply_action(action)
            continue
        if players <= TWO_PLAYERS:
            vals = expectimax_action_values(s, seat, depth, deadline=deadline)
            pick = max if p == seat else min
            action = pick(vals, key=lambda a: vals[a])
        else:
            best_vec: list[float] | None = None
            action = -1
            for a in s.legal_actions():
                child = s.clone()
                child.apply_action(a)
                vec = _maxn(child, depth - 1, players, _Leaves(deadline))
                if best_vec is None or vec[p] > best_vec[p]:
                    best_vec, action = vec, a
        text = s.action_to_string(action)
        if p != seat:  # another seat's reply, found in a sampled world: expected, not known
            text = f"{text} ({seat_label(s, p, dealt_only=True)}, expected)"
        texts.append(text)
        s.apply_action(action)
        depth -= 1
