"""Optional capabilities are declared in ``engine.core.api`` and found with ``isinstance``; what
every game has (a position summary, invariants, a fingerprint) is the ``State`` protocol's, with
``StateBase``'s defaults; a game with two implementations creates either kind of state without
any process-wide switch."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import (
    HasImplementations,
    HasSeatAliases,
    UnknownGame,
)
from realpolitik.engine.core.presentation import Presentation


@pytest.mark.parametrize("name", available_games())
def test_every_game_offers_the_capabilities_the_tools_rely_on(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state(seed=4)
    assert isinstance(game.presentation(), Presentation)
    summary = state.position_summary()
    # every game names a few facts of its position, which its record stores with the action count
    assert summary and state.to_json()["position"] == {**summary, "actions": 0}
    assert state.check_invariants() == []
    assert state.clone().fingerprint() == state.fingerprint()
    assert set(game.search.levels) == {"easy", "normal", "hard"}
    assert "position" in state.to_json()


def test_seat_aliases_are_a_capability_some_games_have() -> None:
    assert isinstance(load_game("ideology").new_initial_state(players=3, seed=1), HasSeatAliases)
    assert not isinstance(load_game("twilight").new_initial_state(seed=1), HasSeatAliases)


def test_twilight_states_of_both_implementations_live_side_by_side() -> None:
    game = load_game("twilight")
    assert isinstance(game, HasImplementations)
    pure = game.with_implementation("pure")
    assert pure.implementation == "pure" and pure.implementations()[0] == "pure"
    a = pure.new_initial_state(seed=8)
    assert a.game() is pure and a.clone().game() is pure
    assert pure.state_from_json(a.to_json()).game() is pure
    if "compiled" not in game.implementations():
        pytest.skip("compiled core not built")
    comp = game.with_implementation("compiled")
    b = comp.new_initial_state(seed=8)
    assert type(a) is not type(b) and b.game() is comp
    for x in range(40):  # interleaved: neither run changes what the other calls
        act = (
            a.legal_actions()[x % len(a.legal_actions())] if not a.is_chance_node() else a.legal_actions()[0]
        )
        a.apply_action(act)
        b.apply_action(act)
        assert a.fingerprint() == b.fingerprint()


def test_an_unknown_implementation_is_refused() -> None:
    game = load_game("twilight")
    assert isinstance(game, HasImplementations)
    with pytest.raises(UnknownGame, match="unknown implementation 'fast'"):
        game.with_implementation("fast")


def test_the_environment_chooses_only_the_default() -> None:
    code = (
        "from realpolitik.engine import load_game; g = load_game('twilight');"
        "print(g.implementation, type(g.with_implementation('pure').new_initial_state(seed=1)).__name__)"
    )
    env = dict(os.environ, REALPOLITIK_PURE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["pure", "PureTwilightState"]


def test_the_state_base_gives_every_game_the_interface_invariants_and_an_empty_summary() -> None:
    """Dice Nim declares no invariants and no summary of its own: ``StateBase`` checks what holds
    in every game, the record stores only how many actions were played, and ``SchemaFields``
    gives the fingerprint."""
    from tests.games.dicenim import GAME

    s = GAME.new_initial_state(seed=1)
    for roll in (2, 0, 4):  # heaps of 3, 1 and 5 counters
        s.apply_action(roll)
    assert s.check_invariants() == [] and s.position_summary() == {}
    assert s.to_json()["position"] == {"actions": 3}
    assert dict(s.fingerprint())["heaps"] == (3, 1, 5)
    s.to_move = 5  # edited by hand: no such seat
    assert s.check_invariants() == ["current player 5 is neither a seat, CHANCE nor TERMINAL"]
