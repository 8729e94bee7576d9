"""A fixed-size vector for any game's observation, by feature hashing.

``State.observation(seat)`` is JSON-able data whose shape differs from game to game (and whose
lists, a hand, a discard pile, change length), while OpenSpiel's observation tensor and a
PettingZoo observation space need a vector of one fixed size. This module turns any
observation into one, with no knowledge of the game, so every registered game has a vector:

1. The observation is flattened into named features. A path names where a value sits
   (``influence/Iran/1``, ``milops/0``):

   - a number (or a bool, as 0/1) at ``path`` gives the feature ``path`` with that value;
   - a string (or ``None``) at ``path`` gives the feature ``path=text`` with value 1;
   - a list gives its items at ``path/0``, ``path/1``, … and, for each item that is a number or
     a string, the membership feature ``path∋item`` with value 1 (so a hand of cards is also a
     set of cards, whatever its order);
   - a mapping gives its values at ``path/key``.

2. Each feature name is hashed (BLAKE2b, so the vector is the same in every process and on
   every machine) to a bucket in ``range(size)`` and a sign; the feature's value times the sign
   is added to that bucket (Weinberger et al., *Feature Hashing for Large Scale Multitask
   Learning*, 2009: signed hashing keeps inner products unbiased when features collide).

Numbers are not rescaled: a count is a count. With the default :data:`SIZE` of 4096 buckets an
observation of a few hundred features collides in a few buckets; the vector is a faithful
summary for learning, not an exact code (the observation string is exact).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["SIZE", "encode", "features"]

SIZE = 4096
"""Buckets in the hashed vector."""

_SLOTS: dict[str, tuple[int, float]] = {}
"""Feature name -> (bucket, sign) for :data:`SIZE` buckets, computed once per name."""


def features(obs: Any, path: str = "") -> list[tuple[str, float]]:
    """The named features of an observation (see the module docstring).

    Args:
        obs: JSON-able data (dicts, lists, strings, numbers, bools, None).
        path: The path of ``obs`` itself ("" at the top).

    Returns:
        ``(name, value)`` pairs, in the observation's order.

    Raises:
        TypeError: for a value that is not JSON-able data.
    """
    names: list[str] = []
    values: list[float] = []
    _flatten(obs, path, names, values)
    return list(zip(names, values))


def _flatten(obs: Any, path: str, names: list[str], values: list[float]) -> None:
    kind = type(obs)
    if kind is int or kind is float:
        names.append(path)
        values.append(float(obs))
    elif kind is bool:
        names.append(path)
        values.append(1.0 if obs else 0.0)
    elif obs is None or kind is str:
        names.append(f"{path}={obs if obs is not None else 'null'}")
        values.append(1.0)
    elif isinstance(obs, Mapping):
        for key, val in obs.items():
            _flatten(val, f"{path}/{key}" if path else str(key), names, values)
    elif isinstance(obs, (list, tuple)):
        for i, item in enumerate(obs):
            sub = f"{path}/{i}"
            it = type(item)
            if it is int or it is str:
                names.append(sub if it is int else f"{sub}={item}")
                values.append(float(item) if it is int else 1.0)
                names.append(f"{path}∋{item}")
                values.append(1.0)
            else:
                _flatten(item, sub, names, values)
    elif isinstance(obs, (int, float)):  # int and float subclasses (bool is handled above)
        names.append(path)
        values.append(float(obs))
    else:
        raise TypeError(f"observation holds a {type(obs).__name__} at '{path}', not JSON-able data")


def _slot(name: str) -> tuple[int, float]:
    h = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")
    slot = _SLOTS[name] = (h % SIZE, 1.0 if h >> 63 else -1.0)
    return slot


def encode(obs: Any) -> np.ndarray:
    """The hashed vector of an observation.

    Args:
        obs: ``State.observation(seat)``.

    Returns:
        A float32 array of :data:`SIZE` values.

    Raises:
        TypeError: for a value that is not JSON-able data.
    """
    names: list[str] = []
    values: list[float] = []
    _flatten(obs, "", names, values)
    slots = _SLOTS
    buckets = np.empty(len(names), dtype=np.int64)
    signed = np.empty(len(names), dtype=np.float64)
    for i, name in enumerate(names):
        slot = slots.get(name) or _slot(name)
        buckets[i] = slot[0]
        signed[i] = slot[1] * values[i]
    out = np.zeros(SIZE, dtype=np.float64)
    np.add.at(out, buckets, signed)
    return out.astype(np.float32)
