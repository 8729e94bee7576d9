"""Every registered game as an OpenSpiel game: OpenSpiel's own random-simulation checks at every
player count, chance nodes, information states, resampling, serialization and OpenSpiel's bots."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'realpolitik[interop]'"
)

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from realpolitik.engine import available_games, load_game  # noqa: E402
from realpolitik.engine.core.api import Information, InvalidState  # noqa: E402
from realpolitik.interop import encoding  # noqa: E402
from realpolitik.interop import openspiel as ros  # noqa: E402
from realpolitik.interop.bots import LeafEvaluator  # noqa: E402
from tests.interop.conftest import SHORT, game_counts  # noqa: E402


def load(name: str, players: int, seed: int = 3, short: bool = False):
    """The OpenSpiel game; ``short``: with the options that keep a random game short."""
    options = SHORT.get(name, {}) if short else {}
    return pyspiel.load_game(ros.PREFIX + name, {"players": players, "seed": seed, **options})


def test_every_registered_game_is_an_openspiel_game_with_its_parameters() -> None:
    assert ros.register_all() == [f"python_realpolitik_{n}" for n in available_games()]
    registered = set(pyspiel.registered_names())
    for name in available_games():
        spec = load_game(name).spec
        assert ros.short_name(name) in registered
        game = pyspiel.load_game(ros.short_name(name))
        assert game.num_players() == spec.min_players
        assert game.num_distinct_actions() == spec.num_distinct_actions
        assert game.max_game_length() == spec.max_game_length
        assert game.get_parameters() == {"players": spec.min_players, "seed": 0, **spec.options}
        gtype = game.get_type()
        assert (gtype.min_num_players, gtype.max_num_players) == (spec.min_players, spec.max_players)
        assert gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
        assert gtype.provides_information_state_string and gtype.provides_observation_tensor


def test_a_bad_parameter_is_refused_with_the_engine_s_reason() -> None:
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_realpolitik_twilight", {"players": 3})


@pytest.mark.parametrize(("name", "players"), game_counts())
def test_openspiel_random_simulation_checks_pass(name: str, players: int) -> None:
    """OpenSpiel's own checks: legal actions, chance probabilities, observation and
    information-state strings and tensors, clones, returns and serialization round trips."""
    game = load(name, players, short=True)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", available_games())
def test_chance_nodes_are_the_engine_s_with_their_probabilities(name: str) -> None:
    game = load(name, load_game(name).spec.min_players)
    state = game.new_initial_state()
    rng = random.Random(0)
    seen = 0
    while not state.is_terminal() and seen < 3:
        if state.is_chance_node():
            seen += 1
            outcomes = state.chance_outcomes()
            assert outcomes == state.engine_state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0, "no chance node reached"


def play_until_hidden_information_matters(name: str):
    """A position a dozen random moves in, where a seat decides."""
    game = load(name, load_game(name).spec.min_players)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        elif not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("name", available_games())
def test_resampling_keeps_the_player_s_information_and_redraws_the_rest(name: str) -> None:
    state = play_until_hidden_information_matters(name)
    me = state.current_player()
    other = (me + 1) % state.num_players()
    draws = random.Random(5)
    others_seen = set()
    for _ in range(8):
        world = state.resample_from_infostate(me, draws.random)
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_string(me) == state.observation_string(me)
        assert np.array_equal(world.observation_tensor(me), state.observation_tensor(me))
        assert world.legal_actions() == state.legal_actions()
        others_seen.add(world.observation_string(other))
    if load_game(name).spec.information is Information.PERFECT:
        assert len(others_seen) == 1, "a game of perfect information has nothing to redraw"
    else:
        assert len(others_seen) > 1, "the other seat's hidden cards were never redrawn"


def test_information_state_remembers_the_order_of_moves_the_board_forgets() -> None:
    """Twilight setup: the USSR places two influence in two orders. The board (and so every
    observation) ends the same; each seat's information state still tells the two apart."""
    game = load("twilight", 2)
    start = game.new_initial_state()
    while start.is_chance_node():
        start.apply_action(start.chance_outcomes()[0][0])
    seat = start.current_player()
    texts = {a: start.action_to_string(a) for a in start.legal_actions()}
    a, b = [x for x, text in texts.items() if text.startswith("place ")][:2]
    one, two = start.clone(), start.clone()
    for state, order in ((one, (a, b)), (two, (b, a))):
        for action in order:
            assert state.current_player() == seat
            state.apply_action(action)
    for viewer in range(2):
        assert one.observation_string(viewer) == two.observation_string(viewer)
        assert one.information_state_string(viewer) != two.information_state_string(viewer)
    text = one.information_state_string(1)
    assert text.startswith("seat 1 seen ")
    observed = json.loads(text.split(" ", 4)[4])
    assert observed["seat"] == 1 and observed["opponent_hand"] is None  # the USSR's cards stay hidden
    assert observed["hand"] == sorted(one.engine_state.hands[1])


def test_serialization_round_trips_through_the_engine_record() -> None:
    game = load("ideology", 3)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(40):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    for seat in range(3):
        assert state2.information_state_string(seat) == state.information_state_string(seat)
    world = state.resample_from_infostate(0, random.Random(0).random)
    with pytest.raises(InvalidState, match="cannot be serialized"):
        pyspiel.serialize_game_and_state(game, world)


def test_wrapping_a_game_in_progress_keeps_its_position() -> None:
    engine = load_game("twilight").new_initial_state(seed=9)
    while engine.is_chance_node():
        engine.apply_action(engine.chance_outcomes()[0][0])
    wrapped = ros.wrap(engine)
    assert wrapped.legal_actions() == engine.legal_actions()
    assert wrapped.current_player() == engine.current_player()
    assert wrapped.observation_string(0) == ros._obs_json(engine, 0)
    assert np.array_equal(wrapped.observation_tensor(0), encoding.encode(engine.observation(0)))
    wrapped.apply_action(wrapped.legal_actions()[0])
    assert len(engine.history) + 1 == len(wrapped.engine_state.history)  # a clone was wrapped


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_s_own_ismcts_and_mcts_bots_play_a_whole_game(players: int) -> None:
    game = load("ideology", players, seed=6, short=True)
    bots = []
    for seat in range(players):
        evaluator = LeafEvaluator("heuristic", seat)
        if seat % 2 == 0:
            bots.append(ismcts.ISMCTSBot(game, evaluator, 0.7, 8, random_state=np.random.RandomState(seat)))
        else:
            bots.append(mcts.MCTSBot(game, 0.7, 8, evaluator, random_state=np.random.RandomState(seat)))
    state = game.new_initial_state()
    rng = random.Random(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    returns = state.returns()
    assert decisions >= players
    assert sum(returns) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in returns)
