"""Every registered game as a PettingZoo AEC environment: PettingZoo's own API and seed tests at
every player count, masks, rewards and the observation encoding."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install 'realpolitik[interop]'")

from pettingzoo.test import api_test, seed_test

from realpolitik.engine import load_game
from realpolitik.engine.core.api import IllegalAction, InvalidState
from realpolitik.interop import encoding
from realpolitik.interop.pettingzoo import env
from tests.interop.conftest import SHORT, game_counts


@pytest.mark.parametrize(("name", "players"), game_counts())
def test_pettingzoo_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo's advice for observations held in a dict (the action-mask convention)
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, players=players, render_mode="ansi"), num_cycles=100)
        seed_test(lambda: env(name, players=players), num_cycles=50)


def test_the_mask_is_the_legal_actions_of_the_agent_to_move_only() -> None:
    e = env("twilight")
    e.reset(seed=3)
    mover = e.agent_selection
    other = next(a for a in e.agents if a != mover)
    seat = e.possible_agents.index(mover)
    mask = e.observe(mover)["action_mask"]
    assert np.flatnonzero(mask).tolist() == e.state.legal_actions()
    assert e.state.current_player() == seat
    assert not e.observe(other)["action_mask"].any()
    obs = e.observe(mover)["observation"]
    assert np.array_equal(obs, encoding.encode(e.state.observation(seat)))
    assert e.infos[mover]["seat"] in ("USSR", "US")


def test_a_whole_game_ends_with_the_engine_s_returns_as_rewards() -> None:
    e = env("ideology", players=3, **SHORT["ideology"])
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    assert e.agents == []
    assert sum(totals.values()) == pytest.approx(1.0)
    assert [totals[a] for a in e.possible_agents] == pytest.approx(e.state.returns())


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    a, b, c = env("twilight"), env("twilight"), env("twilight")
    a.reset(seed=5)
    b.reset(seed=5)
    c.reset(seed=6)
    agent = a.agent_selection
    assert np.array_equal(a.observe(agent)["observation"], b.observe(agent)["observation"])
    assert not np.array_equal(a.observe(agent)["observation"], c.observe(agent)["observation"])


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(InvalidState, match="players"):
        env("twilight", players=3)
    e = env("twilight")
    e.reset(seed=1)
    with pytest.raises(IllegalAction, match="not legal"):
        e.step(load_game("twilight").spec.num_distinct_actions - 1)
    with pytest.raises(ValueError, match="seed"):
        e.reset(seed=-1)
