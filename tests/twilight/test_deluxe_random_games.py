"""Random games of the Deluxe edition with its optional cards, to the end, without an engine
error, every card in exactly one place at every step; and every Deluxe difference and every
optional card's effect is reached in them.

``REALPOLITIK_DELUXE_RANDOM_GAMES`` sets the number of games (default 300, a few seconds with
the compiled core); from 1,200 games on, the test also requires every effect to be reached and
prints what it counted (docs/twilight.md gives the command and the figures of a run)."""

from __future__ import annotations

import collections
import os
import random

import pytest

from realpolitik.bench.common import random_action
from realpolitik.engine.twilight import frames
from realpolitik.engine.twilight.board import US, USSR
from realpolitik.engine.twilight.events import EVENTS, RESUME
from realpolitik.engine.twilight.events.optional import CHE_MASK
from realpolitik.engine.twilight.game import GAME

GAMES = int(os.environ.get("REALPOLITIK_DELUXE_RANDOM_GAMES", "300"))

# What must be reached: each event of the Deluxe texts and optional cards, and each lasting
# effect where the rules (not the event) apply it.
WANTED = (
    "event 31 (4 Ops)",
    "event 32 (1 Op)",
    "event 98 Aldrich Ames Remix: discard",
    "event 104",
    "event 105",
    "event 106",
    "event 107",
    "event 108",
    "event 109",
    "event 110",
    "104 held in the Late War (no event)",
    "106 NORAD: place after DEFCON moved to 2",
    "107 Che: second coup",
    "108 Our Man in Tehran: discard",
    "109 Yuri and Samantha: VP for a US coup",
    "110 AWACS: Muslim Revolution held, no event",
)


def _count_handlers(monkeypatch: pytest.MonkeyPatch, seen: collections.Counter) -> None:
    def wrap(table: dict, n: int, label: str, step: int | None = None, chosen: bool = False) -> None:
        fn = table[n]

        def counted(s, *args):  # type: ignore[no-untyped-def]
            if (step is None or args[0] == step) and (not chosen or args[1]):
                seen[label] += 1
            return fn(s, *args)

        monkeypatch.setitem(table, n, counted)

    for n in (104, 105, 106, 107, 108, 109, 110):
        wrap(EVENTS, n, f"event {n}")
    wrap(EVENTS, 31, "event 31 (4 Ops)")
    wrap(EVENTS, 32, "event 32 (1 Op)")
    wrap(RESUME, 98, "event 98 Aldrich Ames Remix: discard", step=1)
    wrap(RESUME, 108, "108 Our Man in Tehran: discard", chosen=True)


def _note(s, seen: collections.Counter) -> None:  # type: ignore[no-untyped-def]
    frame = s.top()
    if frame is None:
        return
    k = frame[0]
    if k == frames.PLACE and frame[2] == 106:
        seen["106 NORAD: place after DEFCON moved to 2"] += 1
    elif k == frames.COUP and frame[2] == 107 and frame[6] != CHE_MASK:
        seen["107 Che: second coup"] += 1
    elif k == frames.COUP and frame[1] == US and s.turnfx >> 109 & 1:
        seen["109 Yuri and Samantha: VP for a US coup"] += 1
    if k == frames.ACTION:
        if s.turn >= 8 and 104 in s.hands[frame[1]]:
            seen["104 held in the Late War (no event)"] += 1
        if s.perm >> 110 & 1 and 56 in s.hands[USSR]:
            seen["110 AWACS: Muslim Revolution held, no event"] += 1


def test_random_deluxe_games_end_without_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: collections.Counter = collections.Counter()
    _count_handlers(monkeypatch, seen)
    ends: collections.Counter = collections.Counter()
    for seed in range(GAMES):
        s = GAME.new_initial_state(seed=seed, edition="deluxe")
        rng = random.Random(seed)
        while not s.is_terminal():
            _note(s, seen)
            assert s.check_invariants() == [], f"seed {seed} step {len(s.history)}"
            s.apply_action(random_action(s, rng))
        assert s.check_invariants() == [], f"seed {seed}"
        ends[s.end_reason.split(":")[0]] += 1
    assert sum(ends.values()) == GAMES
    if GAMES >= 1200:
        print(f"\n{GAMES} Deluxe games; endings: {dict(ends.most_common())}")
        for w in WANTED:
            print(f"  {seen[w]:6d}  {w}")
        missing = [w for w in WANTED if not seen[w]]
        assert not missing, f"not reached in {GAMES} games: {missing}"
