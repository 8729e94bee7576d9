"""Ideology's search defaults at five players: the exploration constant (``SearchDefaults.c``) and
the diplomatic offers the search passes through (``plan_step``)."""

from __future__ import annotations

from realpolitik.ai.bots import SearchBot, make_bot
from realpolitik.ai.ismcts import SearchConfig, search
from realpolitik.engine.core.api import HasPlan
from realpolitik.engine.ideology import rules
from realpolitik.engine.ideology.board import BOARD
from realpolitik.engine.ideology.game import GAME, SEARCH
from realpolitik.engine.ideology.state import PH_DIPLOMACY
from tests.ideology.helpers import at, position, seat
from tests.ideology.test_late_phases import war_only_if_attacked_board


def decision(players: int, seed: int = 4):
    """The first position of a seeded game where the seat to move has a choice."""
    s = GAME.new_initial_state(players=players, seed=seed)
    while s.current_player() < 0 or len(s.legal_actions()) < 2:
        s.apply_action(s.chance_outcomes()[0][0] if s.current_player() < 0 else s.legal_actions()[0])
    return s


def test_five_players_search_with_a_smaller_exploration_constant() -> None:
    assert set(SEARCH.c) == {5} and 0 < SEARCH.c[5] < 0.7
    bot = make_bot("ismcts:iters=40,seed=2")
    assert isinstance(bot, SearchBot)
    five, three = decision(5), decision(3)
    assert bot.config_for(five).c == SEARCH.c[5]
    assert bot.config_for(three).c == 0.7  # two to four players keep the search's default
    explicit = make_bot("ismcts:iters=40,seed=2,c=0.7")
    assert isinstance(explicit, SearchBot) and explicit.config_for(five).c == 0.7


def test_the_games_constant_reaches_the_search() -> None:
    five = decision(5)
    seat = five.current_player()
    c = SEARCH.c[5]
    by_game = make_bot("ismcts:iters=60,seed=5").analyse(five, seat)
    by_spec = make_bot(f"ismcts:iters=60,seed=5,c={c}").analyse(five, seat)
    assert [(m.action, m.visits) for m in by_game.moves] == [(m.action, m.visits) for m in by_spec.moves]


FIVE = ("Capitalism", "Communism", "Fascism", "Imperialism", "Islamic Fundamentalism")


def fascism_leads(players: tuple[str, ...] = FIVE):
    """Fascism controls a second region (Global Influence 5 against 3), the Capitalist offers."""
    s = position(players, regions={"Cuba": {"owner": "Fascism", "level": 2, "cards": {"Fascism": (2, 2, 2)}}})
    return at(s, PH_DIPLOMACY, "Capitalism")


def test_the_five_player_offer_is_war_on_the_unique_leader_and_peace_elsewhere() -> None:
    s = fascism_leads()
    me = seat(s, "Capitalism")
    assert rules.global_influence(s, seat(s, "Fascism")) > max(
        rules.global_influence(s, x) for x in range(5) if x != seat(s, "Fascism")
    )
    offered = {}
    for target in rules.targets(s, me):
        step = s.plan_step(me)
        assert (
            step is not None and step in s.legal_actions() and s.plan_step(me) == step
        )  # legal, deterministic
        offered[BOARD.ideologies[s.ideo[target]].name] = s.action_to_string(step).split()[0]
        s.apply_action(step)
    assert offered == {
        "Communism": "peace",
        "Fascism": "war",
        "Imperialism": "peace",
        "Islamic Fundamentalism": "peace",
    }


def test_no_leader_means_peace_and_a_forbidden_war_means_neutral(tmp_path) -> None:
    s = at(position(FIVE), PH_DIPLOMACY, "Capitalism")  # everyone at 3: no one ahead
    assert s.action_to_string(s.plan_step(seat(s, "Capitalism"))).startswith("peace")
    s = fascism_leads()
    s.board = war_only_if_attacked_board(tmp_path)  # Capitalism may make war only on an attacker
    s._legal = None
    me = seat(s, "Capitalism")
    while rules.targets(s, me)[s.offer_to] != seat(s, "Fascism"):
        s.apply_action(s.plan_step(me))
    assert s.action_to_string(s.plan_step(me)).startswith("neutral")


def test_the_plan_is_only_for_five_player_diplomacy() -> None:
    assert fascism_leads(FIVE[:3]).plan_step(0) is None  # three players: the search branches
    s = decision(5)
    assert s.phase != PH_DIPLOMACY and s.plan_step(s.current_player()) is None
    assert not isinstance(s, HasPlan)  # the heuristic bot has no plan to follow


def test_ismcts_passes_through_five_player_diplomacy() -> None:
    s = fascism_leads()
    me = seat(s, "Capitalism")
    result = search(s, me, SearchConfig(iters=50), seed=3)
    assert [stat.action for stat in result.stats if stat.visits] == [s.plan_step(me)]
    assert make_bot("ismcts:iters=50").step(s, me) == s.plan_step(me)


def test_the_kth_target_is_the_kth_opponent_in_turn_order() -> None:
    s = decision(5)
    for order in ([0, 1, 2, 3, 4], [3, 1, 4, 0, 2], [4, 3, 2, 1, 0]):
        s.order = order
        for me in range(5):
            assert [rules.target(s, me, k) for k in range(4)] == rules.targets(s, me)


def test_at_five_players_the_other_seats_are_modelled_greedy() -> None:
    """``SearchDefaults.others``: at five players a search expands another seat's one-ply
    best move (by its own ``evaluate``) first, with the plan's virtual visits; the searching
    seat's nodes and two to four players are unchanged; a spec may say otherwise."""
    assert SEARCH.others == {5: "greedy"}
    bot = make_bot("ismcts:iters=40,seed=2")
    assert isinstance(bot, SearchBot)
    assert bot.config_for(decision(5)).others == "greedy"
    assert bot.config_for(decision(3)).others == "search"
    explicit = make_bot("ismcts:iters=40,seed=2,others=search")
    assert isinstance(explicit, SearchBot) and explicit.config_for(decision(5)).others == "search"
    assert make_bot("ismcts:others=greedy").config_for(decision(3)).others == "greedy"


def test_the_greedy_model_expands_the_other_seats_best_move_first() -> None:
    import random

    from realpolitik.ai.evaluators import best_move
    from realpolitik.ai.ismcts import GREEDY_TIE, PLAN_PRIOR_VISITS, grow_tree
    from realpolitik.bench.common import positions

    checked = 0
    for s in positions(GAME, 12, seed=3, players=5, min_legal=2, tries=50):
        me = s.current_player()
        if s.plan_step(me) is not None:
            continue
        config = SearchConfig(iters=120, c=0.2, determinize=False, others="greedy")
        root, _ = grow_tree(s, me, config, random.Random(1))
        for a, child in root.children.items():
            after = s.clone()
            after.apply_action(a)
            p = after.current_player()
            if p < 0 or p == me or after.plan_step(p) is not None or not child.children:
                continue
            legal = after.legal_actions()
            if len(legal) < 2:
                continue
            best = best_move(after, legal, p, tie=GREEDY_TIE)
            scores = {}
            for x in legal:
                w = after.clone()
                w.apply_action(x)
                scores[x] = w.evaluate(p)
            assert scores[best] >= max(scores.values()) - 1e-9  # the other seat's one-ply best
            assert child.children[best].visits >= PLAN_PRIOR_VISITS  # the greedy move's virtual visits
            assert sum(k.visits for k in child.children.values()) == child.visits - 1 + PLAN_PRIOR_VISITS
            checked += 1
    assert checked >= 2
