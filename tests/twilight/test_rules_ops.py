"""Operations (6.1–6.4), control (2.1.7), ops modifiers (7.4), DEFCON (8.1) and military
operations (8.2), each from a concrete position with its exact outcome."""

from __future__ import annotations

from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.state import PH_END, PH_HEADLINE
from tests.twilight.helpers import US, USSR, act, c, die, finished, inf, play, position, texts


def test_control_needs_stability_and_margin_2_1_7() -> None:
    """2.1.7 example: Israel (stability 4) needs 4 influence and a lead of 4."""
    s = position(inf={"israel": (0, 4)})
    assert s.controller(c("israel")) == US
    s = position(inf={"israel": (1, 4)})
    assert s.controller(c("israel")) == -1
    s = position(inf={"israel": (1, 5)})
    assert s.controller(c("israel")) == US


def test_influence_must_be_adjacent_to_influence_at_round_start_6_1_3() -> None:
    """6.1.3 example: US with Panama and South Korea can reach Costa Rica and Colombia,
    but not Nicaragua through Costa Rica placed this round."""
    s = position(inf={"panama": (0, 1), "south_korea": (0, 1)}, hands=([], [29]))
    play(s, US, 29, "influence")
    options = texts(s)
    assert "influence Costa Rica" in options and "influence Colombia" in options
    assert "influence Nicaragua" not in options
    act(s, "influence Costa Rica")
    assert "influence Nicaragua" not in texts(s)
    act(s, "influence Colombia")
    act(s, "influence South Korea")
    assert finished(s)
    assert inf(s, "costa_rica") == (0, 1) and inf(s, "colombia") == (0, 1)
    assert inf(s, "south_korea") == (0, 2)


def test_superpower_adjacent_countries_always_open_6_1_4() -> None:
    s = position(hands=([], [29]))
    play(s, US, 29, "influence")
    assert {"influence Canada", "influence Mexico", "influence Cuba", "influence Japan"} <= set(texts(s))


def test_enemy_controlled_costs_two_until_control_breaks_6_1_2() -> None:
    """6.1.2 example: US 2 in Turkey; USSR spends 4 ops: 2 for the first point, then 1 each."""
    s = position(inf={"turkey": (0, 2), "romania": (1, 0)}, hands=([39], []))
    s.turnfx |= 1 << 51  # Brezhnev: 3-op card becomes 4
    play(s, USSR, 39, "influence")
    act(s, "influence Turkey")  # costs 2 (US controls Turkey)
    act(s, "influence Turkey")  # now uncontrolled: 1
    act(s, "influence Turkey")  # 1
    assert finished(s)
    assert inf(s, "turkey") == (3, 2)


def test_realignment_example_6_2_2() -> None:
    """6.2.2 example: US realigns North Korea (USSR 3, US 0); US rolls 5, USSR rolls 2 (+2) = 4:
    the USSR loses one influence."""
    s = position(inf={"north_korea": (3, 0)}, hands=([], [26]), defcon=5)
    play(s, US, 26, "realign")
    act(s, "realign North Korea")
    die(s, 2)  # USSR die first
    die(s, 5)  # US die
    assert inf(s, "north_korea") == (2, 0)
    assert finished(s)


def test_realignment_can_backfire() -> None:
    """6.2.2: the higher roll removes the difference from the other side, even the realigner."""
    s = position(inf={"iran": (1, 2), "iraq": (0, 0)}, hands=([30], []))
    play(s, USSR, 30, "realign")
    act(s, "realign Iran")
    die(s, 1)
    die(s, 6)  # US 6 +1 (more influence) = 7 vs 1 → USSR loses its 1
    assert inf(s, "iran") == (0, 2)


def test_coup_example_mexico_6_3_2() -> None:
    """6.3.2 example: 3-ops coup in Mexico (USSR 2), die 4: 7 − 4 = 3 → remove 2, add 1 US;
    the US scores 3 military ops (6.3.3); Mexico is a battleground: DEFCON −1 (6.3.4)."""
    s = position(inf={"mexico": (2, 0)}, hands=([], [29]), defcon=5)
    play(s, US, 29, "coup")
    act(s, "coup Mexico")
    assert s.milops[US] == 3 and s.defcon == 4
    die(s, 4)
    assert inf(s, "mexico") == (0, 1)
    assert finished(s)


def test_failed_coup_changes_nothing_but_tracks() -> None:
    s = position(inf={"india": (2, 0)}, hands=([], [26]), defcon=5)  # India stability 3
    play(s, US, 26, "coup")
    act(s, "coup India")
    die(s, 5)  # 5 + 1 − 6 = 0: fails
    assert inf(s, "india") == (2, 0)
    assert s.milops[US] == 1 and s.defcon == 4


def test_coup_needs_opponent_influence_6_3_1() -> None:
    s = position(inf={"mexico": (0, 1)}, hands=([], [26]))
    s.stack = [frames.for_state(s, (frames.ACTION, US, None, 0))]
    assert actions.play(26, frames.M_COUP) not in s.legal_actions()
    assert actions.play(26, frames.M_INFLUENCE) in s.legal_actions()
    assert rules.coup_targets(s, US) == 0
    s.set_inf(USSR, c("mexico"), 1)
    s.touch()  # edited by hand after legal_actions()
    assert actions.play(26, frames.M_COUP) in s.legal_actions()


def test_defcon_bars_coups_and_realignments_by_region_8_1_5() -> None:
    inf_map = {"italy": (1, 0), "iran": (1, 0), "thailand": (1, 0), "egypt": (1, 0), "mexico": (1, 0)}
    targets = {}
    for level in (5, 4, 3, 2):
        s = position(inf=inf_map, defcon=level)
        targets[level] = {rules.BOARD.name[x] for x in rules.bits(rules.coup_targets(s, US))}
    assert targets[5] == {"Italy", "Iran", "Thailand", "Egypt", "Mexico"}
    assert targets[4] == {"Iran", "Thailand", "Egypt", "Mexico"}
    assert targets[3] == {"Iran", "Egypt", "Mexico"}
    assert targets[2] == {"Mexico"}
    s = position(inf=inf_map, defcon=2)
    assert rules.bits(rules.realign_targets(s, US)) == [c("mexico")]


def test_coup_to_defcon_1_loses_for_the_phasing_player_8_1_3() -> None:
    s = position(inf={"mexico": (2, 0)}, hands=([], [29]), defcon=2)
    play(s, US, 29, "coup")
    act(s, "coup Mexico")
    assert s.is_terminal() and s.winner == USSR and s.defcon == 1
    assert "DEFCON 1" in s.end_reason
    assert s.returns() == [1.0, 0.0]


def test_defcon_never_exceeds_5_8_1_2() -> None:
    s = position(defcon=4)
    rules.improve_defcon(s, 3)
    assert s.defcon == 5


def test_free_coup_ignores_defcon_but_still_degrades_6_3_5() -> None:
    s = position(inf={"italy": (0, 1)}, defcon=3)
    s.stack.append(frames.for_state(s, (frames.ACTION, US, None, 0)))
    s.hands[US].append(26)
    frames.free_coup(s, USSR, 47, 2, rules.EUROPE_MASK)
    s._core.advance(s)  # the state's own machine: rules, or the compiled core
    assert "coup Italy" in texts(s) and "pass" in texts(s)
    act(s, "coup Italy")
    assert s.defcon == 2 and s.milops[USSR] == 0  # 8.2.5: free coups are not military ops
    die(s, 3)  # 3 + 2 − 4 = 1
    assert inf(s, "italy") == (0, 0)


def test_space_race_success_first_and_second_vp_6_4() -> None:
    """6.4.1/6.4.3: box 1 needs a 2-op card and a roll of 1–3; 2 VP first, 1 VP second."""
    s = position(hands=([30], [26]))
    play(s, USSR, 30, "space")
    die(s, 3)
    assert s.space == [1, 0] and s.vp == -2
    s2 = position(space=(1, 0), hands=([], [63]))
    play(s2, US, 63, "space")
    die(s2, 3)
    assert s2.space == [1, 1] and s2.vp == 1


def test_space_race_failed_roll_and_min_ops_6_4_1() -> None:
    s = position(hands=([30, 26], []))
    s.stack = [frames.for_state(s, (frames.ACTION, USSR, None, 0))]
    s.phasing = USSR
    legal = s.legal_actions()
    assert actions.play(26, frames.M_SPACE) not in legal  # 1 op < 2 needed
    assert actions.play(30, frames.M_SPACE) in legal
    s.hands[US].append(63)
    s.stack.insert(0, frames.for_state(s, (frames.ACTION, US, None, 0)))
    s.apply_action(actions.play(30, frames.M_SPACE))
    die(s, 4)
    assert s.space == [0, 0] and s.vp == 0 and 30 in s.discard


def test_space_attempt_cancels_opponent_event_6_4_5() -> None:
    """6.4.5: a card used for the space race has no event, whoever it belongs to."""
    s = position(inf={"france": (0, 3)}, hands=([17], []))
    s.hands[USSR].append(17)
    play(s, US, 17, "space")  # the US holds De Gaulle (a USSR event) and sends it to space
    die(s, 6)
    assert inf(s, "france") == (0, 3)
    assert 17 in s.discard and 17 not in s.removed


def test_one_space_attempt_per_turn_two_with_box_2_6_4_2() -> None:
    s = position(space=(0, 0), hands=([30, 13], []))
    s.space_tries = [1, 0]
    assert not rules.space_allowed(s, USSR, 2)
    s.space = [2, 0]
    assert rules.space_allowed(s, USSR, 2)  # box 2: two attempts per turn
    s.space_tries = [2, 0]
    assert not rules.space_allowed(s, USSR, 2)
    s.space = [8, 0]
    s.space_tries = [0, 0]
    assert not rules.space_allowed(s, USSR, 4)  # 6.4.6: finished the track


def test_space_box_8_gives_eight_rounds_6_4_4() -> None:
    s = position(turn=5, space=(8, 3))
    assert rules.rounds_for(s, USSR) == 8 and rules.rounds_for(s, US) == 7
    s.space = [8, 8]
    assert rules.rounds_for(s, USSR) == 7  # the ability ends when the second side arrives


def test_ops_modifiers_stack_7_4_example() -> None:
    """7.4 example: China Card in Asia 4+1, Vietnam Revolts +1, Red Scare −1 = 5."""
    s = position(turnfx=(9,), inf={"vietnam": (1, 0), "thailand": (1, 0)})
    s.red_scare = 1 << USSR
    assert rules.ops_value(s, 6, USSR) == 3
    s.stack = [frames.for_state(s, (frames.ACTION, US, None, 0))]
    s.hands[US].append(26)
    rules.open_ops(s, USSR, 6, frames.M_INFLUENCE)
    assert s.stack[-1][3] == 5  # 3 + China bonus + Vietnam bonus


def test_containment_and_red_scare_bounds_7_4() -> None:
    s = position(turnfx=(25,))
    assert rules.ops_value(s, 21, US) == 4  # capped at 4
    assert rules.ops_value(s, 26, US) == 2
    assert rules.ops_value(s, 26, USSR) == 1  # 7.4.1: only the US benefits
    s.red_scare = 1 << US
    assert rules.ops_value(s, 26, US) == 1  # 2 − 1
    s.turnfx = 0
    assert rules.ops_value(s, 26, US) == 1  # never below 1


def test_china_bonus_needs_all_points_in_asia_9_6() -> None:
    # the reference's open_ops pushes the reference's frames: a pure state
    s = position(inf={"thailand": (1, 0), "poland": (1, 0)}, implementation="pure")
    s.stack = [frames.for_state(s, (frames.ACTION, US, None, 0))]
    s.hands[US].append(26)
    s.round_start[USSR] = s.presence_mask(USSR)
    rules.open_ops(s, USSR, 6, frames.M_INFLUENCE)
    rules.advance(s)
    act(s, "influence Poland")  # outside Asia: the bonus point is lost with it
    assert s.stack[-1][3] == 3 and s.stack[-1][4] == 0  # 5 − 1 (Poland) − 1 (bonus lost)


def test_china_card_passes_face_down_and_flips_at_turn_end_9_3() -> None:
    s = position(inf={"thailand": (1, 0)}, hands=([30], [26]), china=USSR)
    play(s, USSR, 6, "influence")
    for _ in range(5):
        act(s, "influence Thailand")
    assert s.china == US and not s.china_up
    assert not rules.china_available(s, US)
    s.phase = PH_END
    s.action_round = 1
    s.stack = []
    rules.end_step(s)
    assert s.china_up


def test_china_card_not_in_headline_9_5() -> None:
    s = position(hands=([30, 26], [63]))
    s.phase = PH_HEADLINE
    s.stack = [frames.for_state(s, (frames.HEADLINE, USSR))]
    assert all(actions.decode(a).value != 6 for a in s.legal_actions())


def test_military_ops_shortfall_gives_vp_8_2_1() -> None:
    """8.2.1 example: DEFCON 4, US did 2 → USSR gains 2; USSR did 3 → US gains 1."""
    s = position(defcon=4, milops=(3, 2))
    s.phase = PH_END
    s.action_round = 0
    s.stack = []
    rules.end_step(s)
    assert s.vp == -1


def test_opponent_event_fires_with_ops_and_order_choice_5_2() -> None:
    """5.2: the US plays De Gaulle (USSR event) for ops: the USSR gets the event; the US picks
    the order; the starred card is removed."""
    s = position(inf={"france": (0, 3), "uk": (0, 5)}, hands=([], [17]))
    play(s, US, 17, "influence")
    assert texts(s) == ["event first", "ops first"]
    act(s, "ops first")
    for _ in range(3):
        act(s, "influence France")
    assert inf(s, "france") == (1, 4)  # 3+3 = 6, then De Gaulle: −2 US, +1 USSR
    assert 17 in s.removed and s.flag(17)


def test_prerequisite_missing_event_does_not_happen_card_discarded_5_2_example_1() -> None:
    """5.2 example 1: the USSR plays NATO for ops before Marshall Plan / Warsaw Pact: no event,
    and the starred card goes to the discard."""
    s = position(inf={"poland": (1, 0)}, hands=([21], []))
    play(s, USSR, 21, "influence")
    assert "event first" not in texts(s)
    for _ in range(4):
        act(s, "influence Poland")
    assert not s.flag(21) and 21 in s.discard and 21 not in s.removed


def test_prohibited_event_only_gives_ops_5_2_example_2() -> None:
    """5.2 example 2: Arab-Israeli War under Camp David: ops only, card discarded."""
    s = position(inf={"israel": (0, 1)}, hands=([], [13]), perm=(65,))
    play(s, US, 13, "influence")
    act(s, "influence Israel")
    act(s, "influence Israel")
    assert finished(s) and 13 in s.discard and s.milops[USSR] == 0


def test_scoring_card_cannot_be_held_4_5_d() -> None:
    s = position(turn=2, hands=([1, 30], [26]))
    s.rounds_done = [6, 5]
    s.stack = [frames.for_state(s, (frames.ACTION, USSR, None, 0))]
    s.action_round = 6
    assert {actions.decode(a).value for a in s.legal_actions() if actions.decode(a).kind == "play"} == {1}


def test_tournament_rule_holding_a_scoring_card_loses_11_1_2() -> None:
    s = position(turn=2, hands=([1], [26]), tournament=True)
    s.phase = PH_END
    s.action_round = 0
    s.stack = []
    s.defcon = 5
    s.milops = [5, 5]
    rules.end_step(s)
    assert s.winner == US and "11.1.2" in s.end_reason
    assert s.revealed == 3  # 11.1.1: held cards revealed
