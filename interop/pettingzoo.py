"""Every registered game as a PettingZoo AEC environment with action masks.

::

    from realpolitik.interop.pettingzoo import env

    e = env("ideology", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are the seats, ``player_0`` … in seat order (OpenSpiel's player numbers); each agent's
``infos`` entry names its seat (``{"seat": "USSR"}``). Only seats decide: chance nodes (dice) are
resolved inside ``step`` and ``reset`` by the environment's generator, so ``agent_selection`` is
always the seat to move.

- ``reset(seed=s)`` starts a new game whose engine seed (deck order) is ``s`` and seeds the
  generator that rolls the dice; with no seed, both come from the previous generator (seeded
  with 0 when the environment is made), so every run is reproducible.
- An observation is ``{"observation": vector, "action_mask": mask}``: ``vector`` is the seat's
  ``State.observation(seat)`` hashed into ``interop.encoding.SIZE`` float32 values (see
  ``interop.encoding``); ``mask`` is an int8 vector over ``num_distinct_actions`` with 1 at each
  legal action when the agent is to move, and all zeros otherwise.
- Rewards are zero until the end, then the engine's returns (win 1, loss 0, shared wins
  split); every agent terminates then. A game longer than the spec's ``max_game_length``
  decisions and chance outcomes is truncated (it cannot happen in a game that keeps its spec).
- ``render()`` (render mode ``ansi``) returns the selected agent's observation as JSON text.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from realpolitik.ai.evaluators import sample_chance
from realpolitik.engine import load_game
from realpolitik.engine.core.api import SEED_MAX, IllegalAction, State
from realpolitik.interop import encoding

__all__ = ["RealpolitikEnv", "agent_names", "env"]


def agent_names(players: int) -> list[str]:
    """The agent names at a player count: ``player_0`` … in seat order."""
    return [f"player_{seat}" for seat in range(players)]


class RealpolitikEnv(AECEnv):
    """A realpolitik game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: A registered game name or alias.
        players: Player count (default: the game's minimum).
        render_mode: None or ``ansi``.
        **options: The game's options (``GameSpec.options``).

    Raises:
        RealpolitikError: for an unknown game, player count or option.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "realpolitik_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any):
        super().__init__()
        self._game = load_game(game)
        spec = self._game.spec
        # a first state checks the player count and the options
        first = self._game.new_initial_state(players=players, seed=0, **options)
        self._players = first.num_players()
        self._options = dict(options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = agent_names(self._players)
        self._seat_names = spec.seats_for(self._players)
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n = spec.num_distinct_actions
        self._obs_space = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (encoding.SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._act_space = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random(0)
        self.state: State = first
        self._length = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (see the module docstring for the seed)."""
        if seed is not None:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
                raise ValueError(f"seed must be an integer in 0..{SEED_MAX}, not {seed!r}")
            self._rng = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(63)
        self.state = self._game.new_initial_state(players=self._players, seed=game_seed, **self._options)
        self._length = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            a: {"seat": name} for a, name in zip(self.agents, self._seat_names)
        }
        self._advance()

    def _advance(self) -> None:
        """Roll the dice up to the next decision, then select its seat or end the game."""
        state = self.state
        limit = self._game.spec.max_game_length
        while state.is_chance_node() and self._length < limit:
            state.apply_action(sample_chance(state.chance_outcomes(), self._rng))
            self._length += 1
        if state.is_terminal():
            for agent, ret in zip(self.possible_agents, state.returns()):
                self.rewards[agent] = float(ret)
                self.terminations[agent] = True
        elif self._length >= limit:
            for agent in self.possible_agents:
                self.truncations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
            return
        # the game is over: keep the selected agent, PettingZoo's dead steps remove them all

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self._game.spec.num_distinct_actions, dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": encoding.encode(self.state.observation(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.state.legal_actions()
        if action is None or int(action) not in legal:
            raise IllegalAction(f"{agent}: action {action} is not legal here")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply_action(int(action))
        self._length += 1
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self._seat[self.agent_selection]
        return json.dumps(self.state.observation(seat), sort_keys=True)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> RealpolitikEnv:
    """A realpolitik game as a PettingZoo AEC environment (see :class:`RealpolitikEnv`)."""
    return RealpolitikEnv(game, players=players, render_mode=render_mode, **options)
