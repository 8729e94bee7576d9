"""Setup (3.x), the turn sequence (4.x), the headline (4.5 C), scoring and victory (10.x)."""

from __future__ import annotations

import pytest

from realpolitik.engine.core.api import IllegalAction
from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.board import BOARD
from realpolitik.engine.twilight.game import GAME
from realpolitik.engine.twilight.state import PH_ACTION, PH_END, PH_HEADLINE
from tests.twilight.helpers import US, USSR, act, all_cards, c, fire, inf, position, texts


def test_setup_fixed_influence_hands_and_china_3_1_to_3_3() -> None:
    s = GAME.new_initial_state(seed=5)
    assert s.current_player() == USSR and s.stack[-1][0] == frames.SETUP
    assert len(s.hands[USSR]) == 8 and len(s.hands[US]) == 8
    assert all(BOARD.cards[x].period == 1 for x in s.hands[0] + s.hands[1])
    assert s.china == USSR and s.china_up
    assert inf(s, "north_korea") == (3, 0) and inf(s, "uk") == (0, 5)
    assert inf(s, "canada") == (0, 0)  # the seed's US setup has no Canada
    # 3.2: 6 free USSR points only in Eastern Europe, one at a time
    assert {BOARD.region_of[actions.decode(a).value] for a in s.legal_actions()} == {0}
    for _ in range(6):
        act(s, "place Poland")
    assert s.current_player() == US
    assert all(rules.BOARD.we_mask >> actions.decode(a).value & 1 for a in s.legal_actions())
    for _ in range(7):
        act(s, "place Italy")
    assert sum(s.inf[: BOARD.n]) == 15 and sum(s.inf[BOARD.n :]) == 23
    assert s.phase == PH_HEADLINE and s.current_player() == USSR


def play_setup(s) -> None:
    while s.stack and s.stack[-1][0] == frames.SETUP:
        s.apply_action(s.legal_actions()[0])


def test_headline_is_hidden_then_resolved_by_ops_us_first_on_ties_4_5_c() -> None:
    s = GAME.new_initial_state(seed=1)
    play_setup(s)
    s.hands = [[30, 19, 7], [63, 26, 4]]  # Decolonization 2, Colonial Rear Guards 2
    for x in (30, 19, 7, 63, 26, 4):
        rules.take_card(s, x) if x in s.deck else None
    s.hands = [[30, 19, 7], [63, 26, 4]]
    s.deck = [x for x in s.deck if x not in (30, 19, 7, 63, 26, 4)]
    s.discard = []
    s.touch()
    act(s, "#30 Decolonization: headline")
    obs = s.observation(US)
    assert obs["headline"] == {"USSR": "hidden"}  # simultaneous choice: the US may not see it
    assert s.observation(USSR)["headline"] == {"USSR": 30}
    act(s, "#63 Colonial Rear Guards: headline")
    # tie on 2 ops: the US event first (4.5 C) — its 4 placements come before the USSR's
    assert s.current_player() == US and s.stack[-1][0] == frames.PLACE


def test_scoring_headline_goes_second_and_china_cannot_be_headlined() -> None:
    s = GAME.new_initial_state(seed=2)
    play_setup(s)
    assert all(actions.decode(a).value != 6 for a in s.legal_actions())
    s.deck = [x for x in s.deck if x not in (1, 26)] + [
        x for x in s.hands[0] + s.hands[1] if x not in (1, 26)
    ]
    s.hands = [[1], [26]]
    s.set_inf(USSR, c("north_korea"), 3)
    s.touch()
    act(s, "#1 Asia Scoring: headline")
    act(s, "#26 CIA Created: headline")
    # CIA (1 op) resolves before the 0-value scoring card: the US conducts its op first
    assert s.current_player() == US and s.stack[-1][0] == frames.OPSMODE


def test_defectors_cancel_the_ussr_headline() -> None:
    """#103 in the US headline cancels the USSR headline (discarded, not removed)."""
    s = GAME.new_initial_state(seed=3)
    play_setup(s)
    keep = (14, 103)
    s.deck = [x for x in s.deck if x not in keep] + [x for x in s.hands[0] + s.hands[1] if x not in keep]
    s.hands = [[14], [103]]
    s.touch()
    act(s, "#14 COMECON: headline")
    act(s, "#103 Defectors: headline")
    assert 14 in s.discard and 14 not in s.removed
    assert sum(s.inf[BOARD.n + x] for x in range(BOARD.n)) == 23  # nothing placed by COMECON


def test_space_box_4_reveals_the_opponent_headline_6_4_4() -> None:
    # the reference's headline_step pushes the reference's frames: a pure state
    s = position(space=(0, 4), hands=([30, 19], [63, 26]), implementation="pure")
    s.phase = PH_HEADLINE
    s.action_round = 0
    s.stack = []
    rules.headline_step(s)
    assert s.current_player() == USSR  # the opponent of the box-4 holder picks first
    s.apply_action(actions.play(30, frames.M_HEADLINE))
    assert s.observation(US)["headline"] == {"USSR": 30}  # shown to the US before it picks


def test_action_rounds_alternate_ussr_first_6_then_7_4_5_d() -> None:
    s = position(turn=2, hands=([30, 19, 7], [63, 26, 4]))
    s.phase = PH_ACTION
    s.action_round = 0
    s.phasing = US
    s.stack = []
    rules.action_step(s)
    assert s.stack[-1] == (frames.ACTION, USSR, None, 0) and s.action_round == 1
    assert rules.rounds_for(s, USSR) == 6
    s.turn = 4
    assert rules.rounds_for(s, US) == 7
    s.turnfx |= 1 << 86  # North Sea Oil
    assert rules.rounds_for(s, US) == 8


def _eighth_round(implementation: str, ussr_hand: list[int], tournament: bool = False):
    """Turn 4: the USSR, alone at space box 8, opens its optional eighth action round."""
    s = position(
        turn=4, space=(8, 0), hands=(ussr_hand, [19]), tournament=tournament, implementation=implementation
    )
    s.action_round, s.phasing, s.rounds_done = 7, US, [7, 7]
    s.stack = []
    s.touch()
    s._core.advance(s)
    assert s.action_round == 8 and s.stack[-1] == (frames.ACTION, USSR, None, 0)
    return s


@pytest.mark.parametrize("implementation", GAME.implementations())
def test_eighth_round_is_optional_6_4_4(implementation: str) -> None:
    """Space box 8 'may' take an eighth round: without a scoring card, ``pass`` is offered."""
    s = _eighth_round(implementation, [26])
    assert actions.option(actions.OPT_PASS) in s.legal_actions()


@pytest.mark.parametrize("implementation", GAME.implementations())
def test_eighth_round_cannot_pass_holding_a_scoring_card_4_5_d(implementation: str) -> None:
    """4.5 D: scoring cards may not be held, so the USSR at box 8 holding Asia Scoring must
    play it in its eighth round: no ``pass``."""
    s = _eighth_round(implementation, [1, 26])
    assert s.legal_actions() == [actions.play(1, frames.M_EVENT)]


@pytest.mark.parametrize("implementation", GAME.implementations())
def test_eighth_round_pass_with_a_scoring_card_loses_under_tournament_option_11_1(
    implementation: str,
) -> None:
    """With the tournament option nothing is enforced (11.1): passing is allowed, and the held
    Asia Scoring loses the game at the end of the turn."""
    s = _eighth_round(implementation, [1, 26], tournament=True)
    assert actions.option(actions.OPT_PASS) in s.legal_actions()
    s.apply_action(actions.option(actions.OPT_PASS))
    assert s.winner == US


def test_player_without_cards_skips_rounds_4_5_d() -> None:
    s = position(turn=2, hands=([], [63, 26]), china=US, china_up=False)
    s.phase = PH_ACTION
    s.action_round = 0
    s.phasing = US
    s.stack = []
    rules.action_step(s)
    assert s.stack[-1][1] == US and s.action_round == 1


def test_deck_reshuffles_discards_when_empty_4_3() -> None:
    s = position()
    s.deck = [30]
    s.discard = [19, 26]
    assert rules.draw(s) == 30
    got = rules.draw(s)
    assert got in (19, 26) and s.discard == [] and len(s.deck) == 1


def test_mid_war_added_at_turn_4_without_discards_4_4() -> None:
    s = GAME.new_initial_state(seed=9)
    play_setup(s)
    s.stack = []
    s.turn = 4
    s.discard = [s.deck.pop()]
    before_discard = list(s.discard)
    s.hands = [[], []]
    deck_before = len(s.deck)
    rules.begin_turn(s)
    assert len(s.hands[USSR]) == 9 and len(s.hands[US]) == 9  # 4.5 B: nine cards from turn 4
    assert s.discard == before_discard  # 4.4: discards stay out
    mid = {n for n, x in BOARD.cards.items() if x.period == 2 and n <= 103}  # the seed edition's
    assert mid <= set(s.deck + s.hands[0] + s.hands[1])
    assert len(s.deck) == deck_before + len(mid) - 18
    assert not any(BOARD.cards[x].period == 3 for x in s.deck)


def test_turn_start_improves_defcon_8_1_6() -> None:
    s = position(turn=3, defcon=2)
    s.stack = []
    rules.begin_turn(s)
    assert s.defcon == 3


def test_card_is_in_exactly_one_place_through_a_game() -> None:
    s = GAME.new_initial_state(seed=4)
    assert sorted(all_cards(s)) == [n for n in range(1, 104) if n != 6]  # the seed edition's 103


def test_central_america_scoring_example_10_1_2() -> None:
    """10.1.2 example (Hebrew rulebook): USSR controls Cuba, Haiti, Dominican Rep.; the US
    Guatemala and 1 in Panama: USSR 3 (domination) + 1 (Cuba bg) + 1 (Cuba next to the USA)
    = 5, US 1: net 4 to the USSR."""
    s = position(
        inf={
            "cuba": (3, 0),
            "haiti": (1, 0),
            "dominican_republic": (1, 0),
            "guatemala": (0, 1),
            "panama": (0, 1),
        }
    )
    fire(s, 37, USSR)
    assert s.vp == -4


def test_domination_needs_a_non_battleground_10_1_1() -> None:
    """USSR: Cuba and Mexico (both battlegrounds, next to the USA); US: Guatemala. More
    countries and battlegrounds, but no non-battleground: presence only, 1 + 2 + 2 = 5 vs 1."""
    s = position(inf={"cuba": (3, 0), "mexico": (2, 0), "guatemala": (0, 1)})
    fire(s, 37, USSR)
    assert s.vp == -4
    s = position(inf={"cuba": (3, 0), "mexico": (2, 0), "haiti": (1, 0), "guatemala": (0, 1)})
    fire(s, 37, USSR)
    assert s.vp == -(3 + 2 + 2) + 1  # with Haiti: domination


def test_region_control_needs_all_battlegrounds_10_1_1() -> None:
    s = position(inf={"cuba": (3, 0), "mexico": (2, 0), "panama": (2, 0), "haiti": (1, 0)})
    fire(s, 37, USSR)
    assert s.vp == -(5 + 3 + 2)


def test_europe_control_wins_at_europe_scoring_10_3_1() -> None:
    bgs = [x for x in range(BOARD.n) if BOARD.region_of[x] == 0 and BOARD.battleground[x]]
    s = position()
    for x in bgs:
        s.set_inf(US, x, BOARD.stability[x])
    s.set_inf(US, c("canada"), 4)
    fire(s, 2, USSR)
    assert s.winner == US and "Europe" in s.end_reason


def test_southeast_asia_scoring_card_38() -> None:
    s = position(inf={"thailand": (2, 0), "vietnam": (0, 1), "burma": (2, 0)})
    fire(s, 38, US)
    assert s.vp == -(2 + 1) + 1
    assert 38 in s.removed  # 7.2: the only scoring card removed after play


def test_twenty_vp_wins_at_once_10_3_1() -> None:
    s = position(vp=-18, inf={"cuba": (3, 0), "haiti": (1, 0), "dominican_republic": (1, 0)})
    fire(s, 37, USSR)
    assert s.winner == USSR and s.vp <= -20


def test_final_scoring_after_turn_10_and_draw_10_3_2() -> None:
    s = position(turn=10, vp=0, china=USSR)
    s.phase = PH_END
    s.action_round = 1
    s.stack = []
    rules.end_step(s)
    assert s.is_terminal()
    assert s.vp == -1 and s.winner == USSR  # only the China Card's VP (card #6)
    s = position(turn=10, vp=1, china=USSR)
    s.phase, s.action_round, s.stack = PH_END, 1, []
    rules.end_step(s)
    assert s.winner == 2 and s.returns() == [0.5, 0.5]


def test_final_scoring_twenty_does_not_stop_scoring_10_3_2() -> None:
    s = position(
        turn=10, vp=19, china=US, inf={"cuba": (3, 0), "haiti": (1, 0), "dominican_republic": (1, 0)}
    )
    s.phase, s.action_round, s.stack = PH_END, 1, []
    rules.end_step(s)
    # +1 China = 20, then Central America −5: the game goes on to the end of final scoring
    assert s.vp == 15 and s.winner == US


def test_illegal_action_names_the_reason() -> None:
    s = position(hands=([30], [26]))
    s.stack = [frames.for_state(s, (frames.ACTION, USSR, None, 0))]
    try:
        s.apply_action(actions.play(26, frames.M_EVENT))
    except Exception as exc:  # IllegalAction
        assert "not in the USSR hand" in str(exc)
    else:
        raise AssertionError("accepted a card the USSR does not hold")
    try:
        s.apply_action(actions.play(30, frames.M_SPACE))
    except Exception as exc:
        assert "space" in str(exc)
    assert texts(s)


def test_remembered_legal_actions_are_private_and_forgotten_after_a_move() -> None:
    """rules.legal_actions remembers its answer for the next apply; callers get their own list,
    a move forgets it, and touch() forgets it after a direct edit."""
    s = GAME.new_initial_state(seed=4)
    first = s.legal_actions()
    first.clear()  # the caller's list is its own
    again = s.legal_actions()
    assert again and again == rules._legal_actions(s, frames.view(s.stack[-1]))
    s.apply_action(again[0])
    assert s.legal_actions() == rules._legal_actions(s, frames.view(s.stack[-1]))
    with pytest.raises(IllegalAction):
        s.apply_action(again[0] + 10_000)
    s.touch()
    assert s._legal is None
