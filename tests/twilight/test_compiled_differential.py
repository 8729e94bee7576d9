"""The compiled engine (the core ``_core_c`` with the loops ``_movegen_c``) against the
pure-Python reference (``rules`` with ``_movegen_py``): 500 seeded random games played in
lockstep through both, with identical legal actions, action texts and full states at every
step, events included (they run in Python on either state), and identical evaluator terms
(the architecture page, 'Speed without losing the reference').

The two implementations are two game objects (``GAME.with_implementation``), so pure and
compiled states live side by side; nothing is switched process-wide."""

from __future__ import annotations

import os
import random

import pytest

from realpolitik.bench.common import random_action
from realpolitik.engine.twilight import movegen
from realpolitik.engine.twilight.game import GAME, CompiledTwilightState, PureTwilightState
from tests.compiled import require_built

COMPILED = movegen.compiled() if movegen.compiled_core() is not None else None
GAMES = int(os.environ.get("REALPOLITIK_DIFF_GAMES", "500"))
DELUXE_GAMES = int(os.environ.get("REALPOLITIK_DIFF_DELUXE_GAMES", "50"))
"""Games of the Deluxe edition (with its optional cards), beside the seed edition's."""
BID_GAMES = int(os.environ.get("REALPOLITIK_DIFF_BID_GAMES", "50"))
"""Games with a bid (option ``bid``): US+2 in the seed edition; half as many USSR+3 in the
Deluxe edition; a fifth as many US+9 (the largest bid) in the Deluxe edition with the
tournament option."""
CHUNK = 25
"""Seeds per test case, so that a failure names its chunk (and the message its seed); small
enough that the parallel run's last case does not keep one core waiting long."""


@pytest.fixture
def both():
    require_built(COMPILED, "the compiled engine")
    return movegen.pure(), COMPILED


def _chunks(total: int) -> list[range]:
    return [range(i, min(i + CHUNK, total)) for i in range(0, total, CHUNK)]


def _case_id(v: object) -> str:
    if isinstance(v, range):
        return f"seeds{v.start}-{v.stop - 1}"
    if isinstance(v, str):
        return v
    return "tournament" if v else "standard"


@pytest.mark.parametrize(
    ("tournament", "edition", "bid", "seeds"),
    [(False, "seed", "none", r) for r in _chunks(GAMES)]
    + [(True, "seed", "none", r) for r in _chunks(GAMES // 5)]
    + [(False, "deluxe", "none", r) for r in _chunks(DELUXE_GAMES)]
    + [(False, "seed", "US+2", r) for r in _chunks(BID_GAMES)]
    + [(False, "deluxe", "USSR+3", r) for r in _chunks(BID_GAMES // 2)]
    + [(True, "deluxe", "US+9", r) for r in _chunks(BID_GAMES // 5)],
    ids=_case_id,
)
def test_lockstep_random_games_identical(
    both, tournament: bool, edition: str, bid: str, seeds: range
) -> None:
    """``GAMES`` games with the standard rules; a fifth as many with the tournament option
    (11.1: held scoring cards lose at the end of a turn); ``DELUXE_GAMES`` of the Deluxe
    edition with its optional cards; ``BID_GAMES`` and fewer with bids (their setup points
    placed at random among the countries holding the side's influence). States, legal moves,
    values and board terms are compared at every step; the fitted evaluator's terms and the
    worlds a search samples, in the first games (they cost more)."""
    pure, comp = both
    pure_game, comp_game = GAME.with_implementation("pure"), GAME.with_implementation("compiled")
    opts = {"tournament": tournament, "edition": edition, "bid": bid}
    for seed in seeds:
        a = pure_game.new_initial_state(seed=seed, **opts)
        b = comp_game.new_initial_state(seed=seed, **opts)
        assert type(a) is PureTwilightState and type(b) is CompiledTwilightState
        rng = random.Random(seed)
        while True:
            la, fa = a.legal_actions(), a.fingerprint()
            lb, fb = b.legal_actions(), b.fingerprint()
            assert la == lb, f"seed {seed} step {len(a.history)}: legal actions differ"
            assert fa == fb, f"seed {seed} step {len(a.history)}: states differ"
            for seat in (0, 1):
                assert a.evaluate(seat) == b.evaluate(seat), (
                    f"seed {seed} step {len(a.history)}: evaluations differ"
                )
            if seed < 100 and not a.is_terminal():
                for seat in (0, 1):  # the fitted evaluator's terms: the same doubles
                    assert a.eval_terms(seat) == b.eval_terms(seat), (
                        f"seed {seed} step {len(a.history)}: evaluation terms differ"
                    )
            if seed < 50 and not a.is_terminal():
                for seat in (0, 1):
                    wa = a.resample_hidden(seat, random.Random(seed))
                    wb = b.resample_hidden(seat, random.Random(seed))
                    assert wa.fingerprint() == wb.fingerprint(), (
                        f"seed {seed} step {len(a.history)}: worlds differ"
                    )
            for formosan in (False, True):
                assert pure.board_terms(a.inf, formosan) == comp.board_terms(b.inf, formosan), (
                    f"seed {seed} step {len(a.history)}: evaluator board terms differ"
                )
            if a.is_terminal():
                assert b.is_terminal() and a.returns() == b.returns()
                break
            ta = [a.action_to_string(x) for x in la]
            assert ta == [b.action_to_string(x) for x in lb]
            x = random_action(a, rng)
            a.apply_action(x)
            b.apply_action(x)


def test_kernels_agree_on_edge_masks(both) -> None:
    pure, comp = both
    inf = [0] * 168
    for i in range(0, 168, 3):
        inf[i] = i % 7
    full = (1 << 84) - 1
    for mask in (0, 1, 1 << 63, 1 << 64, 1 << 83, full, full & ~(1 << 70)):
        assert pure.mask_moves(mask) == comp.mask_moves(mask)
        assert pure.spread(mask) == comp.spread(mask)
        for side in (0, 1):
            assert pure.influence_moves(inf, side, mask, 3, 1, 1) == comp.influence_moves(
                inf, side, mask, 3, 1, 1
            )
        assert pure.realign_moves(mask, 2, 1, 0) == comp.realign_moves(mask, 2, 1, 0)
    assert pure.board_terms(inf, True) == comp.board_terms(inf, True)
    for side in (0, 1):
        assert pure.presence(inf, side) == comp.presence(inf, side)
        assert pure.control(inf, side) == comp.control(inf, side)


def test_compiled_shuffle_matches_the_reference(both) -> None:
    from realpolitik.engine.core.rng import shuffle

    core = movegen.compiled_core()
    for n in (0, 1, 2, 7, 40, 110):
        for seed in (0, 1, 2**63 + 5, 2**64 - 1, 0x632BE59BD9B4E019):
            a, b = list(range(n)), list(range(n))
            assert shuffle(a, seed) == core.rng_shuffle(b, seed)
            assert a == b


def test_the_compiled_core_runs_only_the_region_scoring_events_itself(both) -> None:
    """Every other event goes through its Python handler, on either state."""
    assert movegen.compiled_core().compiled_events() == [1, 2, 3, 35, 37, 79]


def test_native_random_playouts_are_the_same_game(both) -> None:
    """``random_playout`` (rules and _core_c): the same SplitMix64 choices, the same games, to
    the end and cut after a number of decisions, from the start and from mid-game."""
    for seed in range(100):
        limit = -1 if seed % 2 else seed % 13
        edition = "deluxe" if seed % 4 == 1 else "seed"
        bid = ("none", "US+2", "USSR+1", "none", "US+9")[seed % 5]
        ends = []
        for impl in ("pure", "compiled"):
            s = GAME.with_implementation(impl).new_initial_state(seed=seed, edition=edition, bid=bid)
            if seed % 3 == 0:
                s.random_playout(seed + 7, 40)  # from mid-game
            n = s.random_playout(seed, limit)
            ends.append((n, s.history, s.fingerprint()))
        assert ends[0] == ends[1], f"seed {seed}"
        if limit >= 0:
            assert ends[0][0] <= limit


def test_native_random_playout_stops_at_a_decision(both) -> None:
    from realpolitik.engine.core.api import CHANCE

    s = GAME.with_implementation("compiled").new_initial_state(seed=5)
    assert s.random_playout(1, 10) == 10
    assert s.current_player() not in (CHANCE,) and not s.is_terminal()
    assert s.random_playout(2, 0) == 0


def test_the_compiled_state_has_every_declared_field(both) -> None:
    """The reference's fields are declared once (``state.TSState``'s schema); the compiled
    ``CState`` carries each of them under the same name, so a compiled state's fingerprint,
    ``copy_into`` and record read the same fields as the reference's."""
    from realpolitik.engine.twilight.state import TSState

    compiled = GAME.with_implementation("compiled").new_initial_state(seed=3)
    missing = [f.name for f in TSState.SCHEMA.fields if not hasattr(compiled, f.name)]
    assert not missing
    pure = TSState.copy_into(compiled, PureTwilightState.__new__(PureTwilightState))
    assert pure.fingerprint() == compiled.fingerprint() and pure._legal is None
