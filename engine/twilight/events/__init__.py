"""Card events: one handler per card, registered by card number.

``@event(n)`` registers ``handler(state, side)`` — ``side`` implements the event (the card's
owner, or the player for a two-sided card). Events that ask questions push frames with the
helpers in ``engine.twilight.frames`` and continue in ``@resume(n)`` handlers
``fn(state, step, choice, data)``. A test asserts every card in the data has a handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from realpolitik.engine.twilight.state import TSState

EventFn = Callable[[TSState, int], None]
ResumeFn = Callable[[TSState, int, int, tuple[Any, ...]], None]

EVENTS: dict[int, EventFn] = {}
RESUME: dict[int, ResumeFn] = {}


def event(n: int) -> Callable[[EventFn], EventFn]:
    """Register the event handler of card ``n``."""

    def deco(fn: EventFn) -> EventFn:
        if n in EVENTS:
            raise RuntimeError(f"card #{n} has two event handlers")
        EVENTS[n] = fn
        return fn

    return deco


def resume(n: int) -> Callable[[ResumeFn], ResumeFn]:
    """Register the continuation of card ``n``'s event (called after each of its questions)."""

    def deco(fn: ResumeFn) -> ResumeFn:
        if n in RESUME:
            raise RuntimeError(f"card #{n} has two resume handlers")
        RESUME[n] = fn
        return fn

    return deco


def load_all() -> None:
    """Import every module of handlers (idempotent)."""
    from realpolitik.engine.twilight.events import (  # noqa: F401
        early_war,
        late_war,
        mid_war_36_to_57,
        mid_war_58_to_80,
        optional,
        scoring,
    )
