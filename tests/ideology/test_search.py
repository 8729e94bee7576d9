"""Ideology's search defaults: the exploration constant by player count (``GameSpec.search_c``)."""

from __future__ import annotations

from realpolitik.ai.bots import SearchBot, make_bot
from realpolitik.engine.ideology.game import GAME, SPEC


def decision(players: int, seed: int = 4):
    """The first position of a seeded game where the seat to move has a choice."""
    s = GAME.new_initial_state(players=players, seed=seed)
    while s.current_player() < 0 or len(s.legal_actions()) < 2:
        s.apply_action(s.chance_outcomes()[0][0] if s.current_player() < 0 else s.legal_actions()[0])
    return s


def test_five_players_search_with_a_smaller_exploration_constant() -> None:
    assert set(SPEC.search_c) == {5} and 0 < SPEC.search_c[5] < 0.7
    bot = make_bot("ismcts:iters=40,seed=2")
    assert isinstance(bot, SearchBot)
    five, three = decision(5), decision(3)
    assert bot.config_for(five).c == SPEC.search_c[5]
    assert bot.config_for(three).c == 0.7  # two to four players keep the search's default
    explicit = make_bot("ismcts:iters=40,seed=2,c=0.7")
    assert isinstance(explicit, SearchBot) and explicit.config_for(five).c == 0.7


def test_the_games_constant_reaches_the_search() -> None:
    five = decision(5)
    seat = five.current_player()
    c = SPEC.search_c[5]
    by_game = make_bot("ismcts:iters=60,seed=5").analyse(five, seat)
    by_spec = make_bot(f"ismcts:iters=60,seed=5,c={c}").analyse(five, seat)
    assert [(m.action, m.visits) for m in by_game.moves] == [(m.action, m.visits) for m in by_spec.moves]
