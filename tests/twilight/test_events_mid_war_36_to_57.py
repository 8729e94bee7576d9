"""Mid War events, group A (#36, #39–#57 without scoring): exact outcomes from built positions."""

from __future__ import annotations

import pytest

from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.events.mid_war_36_to_57 import summit_bonus
from realpolitik.engine.twilight.game import GAME
from tests.twilight.helpers import BOARD, US, USSR, act, c, die, finished, fire, inf, play, position, texts


# ---------------------------------------------------------------- #36 Brush War
def test_brush_war_success_replaces_influence():
    """#36: USSR attacks Panama; one adjacent US-controlled country (Costa Rica) gives −1;
    4 − 1 = 3 wins: 1 VP, 3 Military Ops, US Influence replaced by USSR Influence."""
    s = position(turn=4, inf={"panama": (1, 2), "costa_rica": (0, 3), "colombia": (1, 1)})
    fire(s, 36, USSR)
    act(s, "choose Panama")
    die(s, 4)
    assert inf(s, "panama") == (3, 0)
    assert s.vp == -1
    assert s.milops == [3, 0]
    assert finished(s)
    assert s.discard == [36]


def test_brush_war_minus_one_per_adjacent_enemy_country():
    """#36: two adjacent US-controlled countries give −2: a 4 becomes 2 and fails; Military Ops
    still count (7.6)."""
    s = position(turn=4, inf={"panama": (0, 2), "costa_rica": (0, 3), "colombia": (0, 1)})
    fire(s, 36, USSR)
    act(s, "choose Panama")
    die(s, 4)
    assert inf(s, "panama") == (0, 2)
    assert s.vp == 0
    assert s.milops == [3, 0]
    assert finished(s)


def test_brush_war_us_player_no_enemy_influence_needed():
    """#36 played by the US: a target with no USSR Influence may be attacked (7.6); a 3 wins."""
    s = position(turn=4, milops=(0, 4))
    fire(s, 36, US)
    act(s, "choose Laos/Cambodia")
    die(s, 3)
    assert inf(s, "laos_cambodia") == (0, 0)
    assert s.vp == 1
    assert s.milops == [0, 5]  # capped at 5
    assert finished(s)


def test_brush_war_targets_stability_and_nato():
    """#36: only stability 1–2 countries; the USSR may not attack a US-controlled European
    country under NATO (Turkey), but may once NATO is off; the US may attack Turkey-like targets."""
    s = position(turn=4, inf={"turkey": (0, 2)}, perm=[21])
    fire(s, 36, USSR)
    opts = texts(s)
    assert "choose Turkey" not in opts
    assert "choose Greece" in opts  # stability 2, not US-controlled
    assert "choose France" not in opts  # stability 3
    assert "choose Angola" in opts
    want = sum(1 for i in range(BOARD.n) if BOARD.stability[i] <= 2) - 1
    assert len(opts) == want
    s2 = position(turn=4, inf={"turkey": (0, 2)})
    fire(s2, 36, USSR)
    assert "choose Turkey" in texts(s2)


def test_brush_war_played_as_event_is_discarded_not_removed():
    """#36 is not starred: after the event it goes to the discards."""
    s = position(turn=4, inf={"haiti": (0, 1)}, hands=([36], []))
    play(s, USSR, 36, "event")
    act(s, "choose Haiti")
    die(s, 6)
    assert inf(s, "haiti") == (1, 0)
    assert s.vp == -1
    assert 36 in s.discard and 36 not in s.removed


# ---------------------------------------------------------------- #39 Arms Race
def test_arms_race_three_vp_when_required_met():
    """#39: the player has more Military Ops than the opponent and at least DEFCON: 3 VP."""
    s = position(turn=4, defcon=3, milops=(1, 3))
    fire(s, 39, US)
    assert s.vp == 3
    assert finished(s)


def test_arms_race_one_vp_when_required_not_met():
    """#39: more Military Ops than the opponent but fewer than DEFCON: 1 VP."""
    s = position(turn=4, defcon=4, milops=(2, 1))
    fire(s, 39, USSR)
    assert s.vp == -1


def test_arms_race_no_vp_when_not_more():
    """#39: equal Military Ops: nothing."""
    s = position(turn=4, defcon=2, milops=(3, 3))
    fire(s, 39, USSR)
    assert s.vp == 0
    assert finished(s)


# ---------------------------------------------------------------- #40 Cuban Missile Crisis
def test_cuban_missile_crisis_sets_defcon_and_flag():
    """#40: DEFCON set to 2; the crisis flag is set for the player; the card is removed."""
    s = position(turn=4, defcon=4, hands=([40], []))
    play(s, USSR, 40, "event")
    assert s.defcon == 2
    assert s.missile_crisis == 1 << USSR
    assert 40 in s.removed
    assert s.winner == -1


def test_cuban_missile_crisis_opponent_coup_loses():
    """#40: after the USSR's crisis, any US coup attempt loses the game for the US."""
    s = position(turn=4, defcon=5, inf={"angola": (1, 0)})
    fire(s, 40, USSR)
    assert s.defcon == 2
    s.stack.clear()
    s.hands[US] = [41]
    play(s, US, 41, "coup")
    act(s, "coup Angola")
    assert s.winner == USSR


def test_cuban_missile_crisis_cancel_by_us():
    """#40: the US cancels the USSR's crisis by removing 2 US Influence from West Germany."""
    s = position(turn=4, inf={"west_germany": (0, 3)})
    fire(s, 40, USSR)
    assert "cancel Cuban Missile Crisis: remove 2 from West Germany" in texts(s)
    act(s, "cancel Cuban Missile Crisis: remove 2 from West Germany")
    assert inf(s, "west_germany") == (0, 1)
    assert s.missile_crisis == 0


# ---------------------------------------------------------------- #41 Nuclear Subs
def test_nuclear_subs_us_battleground_coup_keeps_defcon():
    """#41: for the rest of the turn US battleground coups do not degrade DEFCON."""
    s = position(turn=4, defcon=3, inf={"angola": (2, 0)})
    fire(s, 41, US)
    assert s.flag(41)
    s.stack.clear()
    s.hands[US] = [57]
    play(s, US, 57, "coup")
    act(s, "coup Angola")
    die(s, 1)  # 1 + 4 - 2 = 3: removes 2 USSR, adds 1 US
    assert s.defcon == 3
    assert inf(s, "angola") == (0, 1)
    assert s.milops[US] == 4


def test_nuclear_subs_played_by_ussr_for_ops_still_fires():
    """#41 is a US event: played by the USSR for Ops it still happens (5.2) and is removed."""
    s = position(turn=4, hands=([41], []))
    play(s, USSR, 41, "influence")
    act(s, "event first")
    assert s.flag(41)
    act(s, "influence Poland")
    act(s, "influence Poland")
    assert inf(s, "poland") == (2, 0)
    assert 41 in s.removed


# ---------------------------------------------------------------- #42 Quagmire / #44 Bear Trap
def test_quagmire_sets_trap_and_is_removed():
    """#42: Quagmire's lasting effect is set; the starred card is removed."""
    s = position(turn=4, hands=([42], []))
    play(s, USSR, 42, "event")
    assert s.perm >> 42 & 1
    assert 42 in s.removed
    assert finished(s)


def test_quagmire_played_by_us_for_ops_traps_us():
    """#42 is a USSR event: when the US plays it for Ops, the trap still falls on the US (5.2)."""
    s = position(turn=4, hands=([], [42]))
    play(s, US, 42, "influence")
    act(s, "ops first")
    act(s, "influence Mexico")
    act(s, "influence Mexico")
    act(s, "influence Mexico")
    assert s.perm >> 42 & 1
    assert inf(s, "mexico") == (0, 3)
    assert 42 in s.removed


def test_bear_trap_sets_trap():
    """#44: Bear Trap's lasting effect is set."""
    s = position(turn=4)
    fire(s, 44, US)
    assert s.perm >> 44 & 1
    assert not s.perm >> 42 & 1
    assert finished(s)


ASIA_SCORING, DEFECTORS, DUCK_AND_COVER = 1, 103, 4
IMPLEMENTATIONS = GAME.implementations()


def _trapped_round(implementation: str, action_round: int, us_hand: list[int], tournament: bool = False):
    """Turn 4: the USSR plays #42 Quagmire as its event in action round ``action_round``; the US round
    ``action_round`` that follows opens with the trap (the state's own turn sequence runs it)."""
    s = position(turn=4, hands=([42, 19], us_hand), tournament=tournament, implementation=implementation)
    s.action_round, s.phasing, s.rounds_done = action_round, USSR, [action_round, action_round - 1]
    s.stack = [frames.for_state(s, (frames.ACTION, USSR, None, 0))]
    s.touch()
    s.apply_action(actions.play(42, frames.M_EVENT))
    assert s.stack[-1][0] == frames.TRAP and s.current_player() == US and s.rounds_done[US] == action_round
    return s


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_quagmire_cannot_force_the_last_scoring_card_to_be_held_10_1_5(implementation: str):
    """10.1.5, 4.5 D: turn 4, US action round 7 (its last), hand Defectors and Asia Scoring,
    trapped by Quagmire: discarding Defectors would leave Asia Scoring held, so the only
    choice is to play Asia Scoring."""
    s = _trapped_round(implementation, 7, [DEFECTORS, ASIA_SCORING])
    assert s.legal_actions() == [actions.play(ASIA_SCORING, frames.M_EVENT)]
    s.apply_action(actions.play(ASIA_SCORING, frames.M_EVENT))
    assert ASIA_SCORING in s.discard and DEFECTORS in s.hands[US]  # kept, not discarded
    assert s.turn == 5 and s.perm >> 42 & 1  # the turn ended; still trapped (no roll)


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_quagmire_offers_the_scoring_card_beside_the_discard_with_tournament_option(implementation: str):
    """10.1.5 with the tournament option (11.1), where holding is not prevented but loses: the
    trapped US may still play Asia Scoring instead of discarding Defectors."""
    s = _trapped_round(implementation, 7, [DEFECTORS, ASIA_SCORING], tournament=True)
    assert s.legal_actions() == sorted(
        [actions.card_choice(DEFECTORS), actions.play(ASIA_SCORING, frames.M_EVENT)]
    )


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_quagmire_early_round_offers_discards_and_scoring_cards_10_1_5(implementation: str):
    """An earlier trapped round: the 2+ Ops card may be discarded (then the roll), or the
    scoring card played; a 1-Op card is neither."""
    s = _trapped_round(implementation, 3, [DEFECTORS, ASIA_SCORING, DUCK_AND_COVER, 26])
    assert s.legal_actions() == sorted(
        [
            actions.card_choice(DEFECTORS),
            actions.card_choice(DUCK_AND_COVER),
            actions.play(ASIA_SCORING, frames.M_EVENT),
        ]
    )
    s.apply_action(actions.card_choice(DEFECTORS))
    assert DEFECTORS in s.discard and s.is_chance_node()
    die(s, 4)  # 1-4 frees the US
    assert not s.perm >> 42 & 1


def _bear_trapped_round(implementation: str, ussr_hand: list[int]):
    """Turn 4, USSR action round 2 under #44 Bear Trap (the turn sequence opens the trap)."""
    s = position(turn=4, hands=(ussr_hand, [19]), perm=[44], implementation=implementation)
    s.action_round, s.phasing, s.rounds_done = 1, US, [1, 1]
    s.stack = []
    s.touch()
    s._core.advance(s)
    assert s.stack[-1][0] == frames.TRAP and s.current_player() == USSR and s.action_round == 2
    return s


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_bear_trap_without_2_ops_cards_plays_only_scoring_cards(implementation: str):
    """#44: with no card of 2+ Ops left, the USSR may only play scoring cards; the trap stays."""
    s = _bear_trapped_round(implementation, [ASIA_SCORING, 26])
    assert s.legal_actions() == [actions.play(ASIA_SCORING, frames.M_EVENT)]
    s.apply_action(actions.play(ASIA_SCORING, frames.M_EVENT))
    assert ASIA_SCORING in s.discard and s.perm >> 44 & 1 and s.current_player() == US


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_bear_trap_without_2_ops_or_scoring_cards_passes(implementation: str):
    """#44: with neither a 2+ Ops card nor a scoring card, the trapped round passes."""
    s = _bear_trapped_round(implementation, [26])
    assert s.legal_actions() == [actions.option(actions.OPT_PASS)]


# ---------------------------------------------------------------- #43 SALT Negotiations
def test_salt_improves_defcon_and_takes_card():
    """#43: DEFCON +2 (3 -> 5), coups −1 this turn, the player takes a non-scoring card."""
    s = position(turn=4, defcon=3, discard=[12, 35, 20])
    fire(s, 43, US)
    assert s.defcon == 5
    assert s.flag(43)
    opts = texts(s)
    assert sorted(opts) == sorted(["pass", "#12 Romanian Abdication: take", "#20 Olympic Games: take"])
    act(s, "#20 Olympic Games: take")
    assert 20 in s.hands[US]
    assert s.discard == [12, 35]
    assert finished(s)


def test_salt_defcon_capped_and_pass():
    """#43: DEFCON 4 improves only to 5 (8.1.2); passing leaves the discards alone."""
    s = position(turn=4, defcon=4, discard=[12])
    fire(s, 43, USSR)
    assert s.defcon == 5
    act(s, "pass")
    assert s.discard == [12]
    assert 12 not in s.hands[USSR]
    assert finished(s)


def test_salt_no_card_to_take_asks_nothing():
    """#43: with only scoring cards in the discards there is no question."""
    s = position(turn=4, defcon=2, discard=[1])
    fire(s, 43, USSR)
    assert s.defcon == 4
    assert finished(s)


def test_salt_coup_modifier():
    """#43: the −1 applies to a later coup roll this turn."""
    s = position(turn=4, defcon=3, inf={"angola": (0, 1)})
    fire(s, 43, USSR)
    s.stack.clear()
    s.hands[USSR] = [54]
    play(s, USSR, 54, "coup")
    act(s, "coup Angola")
    die(s, 3)  # 3 + 1 - 1 - 2 = 1: removes 1 US
    assert inf(s, "angola") == (0, 0)


# ---------------------------------------------------------------- #45 Summit
CENTRAL_AMERICA_DOMINATED = {"cuba": (3, 0), "nicaragua": (1, 0)}  # by the USSR, nothing controlled elsewhere
ALL_DEFCON_MOVES = ["DEFCON up", "DEFCON down", "DEFCON unchanged"]


def test_summit_bonus_for_a_dominated_region():
    """#45: the USSR dominates Central America and controls nothing else: +1 to its roll."""
    s = position(turn=4, inf=CENTRAL_AMERICA_DOMINATED)
    assert summit_bonus(s, USSR) == 1
    assert summit_bonus(s, US) == 0


@pytest.mark.parametrize(
    ("defcon", "influence", "side", "dice", "vp", "moves", "move", "defcon_after"),
    [
        # 3+1 > 3: 2 VP to the USSR, which then degrades DEFCON
        (4, CENTRAL_AMERICA_DOMINATED, USSR, (3, 3), -2, ALL_DEFCON_MOVES, "DEFCON down", 3),
        # the US rolls higher: 2 VP to the US, which chooses DEFCON up
        (3, {}, USSR, (2, 5), 2, ALL_DEFCON_MOVES, "DEFCON up", 4),
        # equal totals (3+1 = 4): no VP and no DEFCON question
        (3, CENTRAL_AMERICA_DOMINATED, US, (3, 4), 0, None, None, 3),
        # at DEFCON 5 the winner may only degrade or leave it (8.1.2)
        (5, {}, USSR, (6, 1), -2, ["DEFCON down", "DEFCON unchanged"], "DEFCON unchanged", 5),
    ],
    ids=["ussr-wins-with-region-bonus", "us-wins-and-improves", "tie-does-nothing", "no-up-at-defcon-5"],
)
def test_summit(
    defcon: int,
    influence: dict[str, tuple[int, int]],
    side: int,
    dice: tuple[int, int],
    vp: int,
    moves: list[str] | None,
    move: str | None,
    defcon_after: int,
) -> None:
    """#45: both roll (USSR die first), each +1 per region it dominates or controls; the
    higher gains 2 VP and may move DEFCON one step either way or leave it."""
    s = position(turn=4, defcon=defcon, inf=influence)
    fire(s, 45, side)
    die(s, dice[0])  # USSR die
    die(s, dice[1])  # US die
    assert s.vp == vp
    if moves is not None:
        assert s.current_player() == (US if vp > 0 else USSR)
        assert texts(s) == moves
        act(s, move)
    assert s.defcon == defcon_after
    assert finished(s)


def test_summit_winner_degrading_to_1_loses():
    """#45: the winner who moves DEFCON from 2 to 1 causes the war and loses (8.1.3)."""
    s = position(turn=4, defcon=2)
    fire(s, 45, USSR)
    die(s, 1)
    die(s, 6)
    act(s, "DEFCON down")
    assert s.winner == USSR


def test_summit_bonus_control_and_formosan():
    """#45: control counts as one region; Taiwan is not a battleground for Summit (#101)."""
    s = position(
        turn=4,
        inf={"japan": (0, 4), "taiwan": (0, 3), "australia": (0, 4), "north_korea": (3, 0)},
        perm=[101],
    )
    assert summit_bonus(s, US) == 0  # Asia: 1 battleground each, so no domination
    s2 = position(turn=4, inf={"mexico": (0, 2), "cuba": (0, 3), "panama": (0, 2)})
    assert summit_bonus(s2, US) == 1  # all Central American battlegrounds: control


# ---------------------------------------------------------------- #46 How I Learned to Stop Worrying
def test_how_i_learned_sets_defcon_and_milops():
    """#46: the player sets DEFCON (5 -> 3) and its Military Ops become 5."""
    s = position(turn=4, defcon=5, milops=(1, 2))
    fire(s, 46, US)
    assert texts(s) == ["DEFCON 1", "DEFCON 2", "DEFCON 3", "DEFCON 4", "DEFCON 5"]
    act(s, "DEFCON 3")
    assert s.defcon == 3
    assert s.milops == [1, 5]
    assert finished(s)


def test_how_i_learned_can_raise_defcon():
    """#46: DEFCON may also be raised (2 -> 5)."""
    s = position(turn=4, defcon=2)
    fire(s, 46, USSR)
    act(s, "DEFCON 5")
    assert s.defcon == 5
    assert s.milops[USSR] == 5


def test_how_i_learned_defcon_1_loses():
    """#46: choosing DEFCON 1 ends the game; the player loses (8.1.3)."""
    s = position(turn=4, defcon=3)
    fire(s, 46, USSR, by=USSR)
    act(s, "DEFCON 1")
    assert s.winner == US


# ---------------------------------------------------------------- #47 Junta
def test_junta_places_then_free_coup():
    """#47: 2 USSR Influence in Chile, then a free 2-Ops coup in Panama: 4 + 2 − 4 = 2 removes
    the US 1 and adds 1; Panama is a battleground (DEFCON −1); no Military Ops (8.2.5)."""
    s = position(turn=4, defcon=4, inf={"panama": (0, 1), "cuba": (0, 1)})
    fire(s, 47, USSR)
    act(s, "choose Chile")
    assert inf(s, "chile") == (2, 0)
    assert sorted(texts(s)) == ["coup Cuba", "coup Panama", "pass"]
    act(s, "coup Panama")
    die(s, 4)
    assert inf(s, "panama") == (1, 0)
    assert s.defcon == 3
    assert s.milops == [0, 0]
    assert finished(s)


def test_junta_coup_may_be_declined():
    """#47: the free coup is optional."""
    s = position(turn=4, inf={"argentina": (2, 0)})
    fire(s, 47, US)
    act(s, "choose Mexico")
    assert inf(s, "mexico") == (0, 2)
    act(s, "pass")
    assert inf(s, "argentina") == (2, 0)
    assert finished(s)


def test_junta_coup_uses_modified_ops():
    """#47: the coup uses the card's Ops with the player's modifiers (Red Scare: 2 − 1 = 1)."""
    s = position(turn=4, inf={"haiti": (2, 0)})
    s.red_scare = 1 << US
    fire(s, 47, US)
    act(s, "choose Haiti")
    assert inf(s, "haiti") == (2, 2)
    act(s, "coup Haiti")
    die(s, 3)  # 3 + 1 − 2 = 2 (with 2 Ops it would be 3)
    assert inf(s, "haiti") == (0, 2)
    assert s.defcon == 5
    assert finished(s)


# ---------------------------------------------------------------- #48 Kitchen Debates
def test_kitchen_debates_us_more_battlegrounds():
    """#48: the US controls 2 battlegrounds, the USSR 1: 2 VP to the US."""
    s = position(turn=4, inf={"mexico": (0, 2), "panama": (0, 2), "cuba": (3, 0)})
    fire(s, 48, US)
    assert s.vp == 2
    assert 48 not in s.inplay


def test_kitchen_debates_no_vp_when_equal():
    """#48: equal battleground counts: nothing."""
    s = position(turn=4, inf={"mexico": (0, 2), "cuba": (3, 0)})
    fire(s, 48, US)
    assert s.vp == 0
    assert finished(s)


# ---------------------------------------------------------------- #49 Missile Envy
def test_missile_envy_own_event_fires():
    """#49: the US takes the USSR's highest card, Nuclear Subs (a US event): it fires for the
    US and, starred, is removed; Missile Envy goes to the USSR, which must use it next round."""
    s = position(turn=4, hands=([41, 54], [49]))
    play(s, US, 49, "event")
    assert s.flag(41)
    assert 41 in s.removed
    assert sorted(s.hands[USSR]) == [49, 54]
    assert s.missile_envy == USSR
    assert 49 not in s.discard
    assert finished(s)


def test_missile_envy_opponent_event_used_for_ops():
    """#49: the USSR takes NATO (a US event, 4 Ops): it uses the Ops and NATO does not fire;
    NATO is discarded, not removed."""
    s = position(turn=4, hands=([], [21, 41]), perm=[16])
    fire(s, 49, USSR)
    assert s.stack[-1][0] == frames.OPSMODE and s.stack[-1][2] == 21
    assert "ops: space" not in texts(s)
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Poland")
    assert inf(s, "poland") == (4, 0)
    assert not s.perm >> 21 & 1
    assert 21 in s.discard
    assert s.hands[US] == [41, 49]
    assert s.missile_envy == US
    assert finished(s)


def test_missile_envy_tie_opponent_chooses():
    """#49: two 4-Ops cards: the USSR picks which to give; it gives Muslim Revolution (a USSR
    event), so the US uses its 4 Ops."""
    s = position(turn=4, hands=([56, 57, 54], []))
    fire(s, 49, US)
    assert s.current_player() == USSR
    assert sorted(texts(s)) == ["#56 Muslim Revolution: give", "#57 ABM Treaty: give"]
    act(s, "#56 Muslim Revolution: give")
    assert s.stack[-1][0] == frames.OPSMODE and s.stack[-1][1] == US
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Mexico")
    assert inf(s, "mexico") == (0, 4)
    assert 56 in s.discard
    assert sorted(s.hands[USSR]) == [49, 54, 57]


def test_missile_envy_both_event_fires():
    """#49: a both-sides card taken (ABM Treaty) fires for the taker: DEFCON +1 then its Ops."""
    s = position(turn=4, defcon=3, hands=([57, 54], []))
    fire(s, 49, US)
    assert s.defcon == 4
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Canada")
    assert inf(s, "canada") == (0, 4)
    assert 57 in s.discard
    assert finished(s)


def test_missile_envy_blocked_event_gives_ops():
    """#49: the US takes NATO before Marshall Plan / Warsaw Pact: the event cannot occur (5.2),
    so the US uses its Ops (7.5); NATO goes to the discards."""
    s = position(turn=4, hands=([21], []))
    fire(s, 49, US)
    assert s.stack[-1][0] == frames.OPSMODE
    act(s, "ops: influence")
    for _ in range(4):
        act(s, "influence Canada")
    assert not s.perm >> 21 & 1
    assert 21 in s.discard


def test_missile_envy_only_scoring_cards_no_effect():
    """#49: the opponent holds only scoring cards: nothing is exchanged; #49 is discarded."""
    s = position(turn=4, hands=([1, 2], []))
    fire(s, 49, US)
    assert finished(s)
    assert sorted(s.hands[USSR]) == [1, 2]
    assert 49 in s.discard
    assert s.missile_envy == -1


def test_missile_envy_printed_ops_value():
    """#49: the highest printed value counts: under Brezhnev Doctrine SALT (3) and Muslim
    Revolution (4) are both worth 4 to the USSR, but Muslim Revolution is taken with no tie."""
    s = position(turn=4, hands=([43, 56], []), turnfx=[51])
    fire(s, 49, US)
    assert s.stack[-1][0] == frames.OPSMODE and s.stack[-1][2] == 56
    assert s.hands[USSR] == [43, 49]
    assert rules.ops_value(s, 56, US) == 4


def test_missile_envy_under_aldrich_ames_keeps_order():
    """#49 after #98: the card taken from the US hand leaves the dictated order; the rest stay."""
    s = position(turn=8, hands=([], [21, 26, 41]), turnfx=[98])
    s.ames = [26, 21, 41]
    fire(s, 49, USSR)
    assert s.ames == [26, 41]
    assert s.missile_envy == US
    assert sorted(s.hands[US]) == [26, 41, 49]


# ---------------------------------------------------------------- #50 We Will Bury You
def test_we_will_bury_you_degrades_and_arms():
    """#50: DEFCON −1 and the 3 VP threat is armed; the card is removed."""
    s = position(turn=4, defcon=4, hands=([50], []))
    play(s, USSR, 50, "event")
    assert s.defcon == 3
    assert s.bury_you_pending == 1
    assert 50 in s.removed
    assert s.vp == 0


def test_we_will_bury_you_at_defcon_2_phasing_loses():
    """#50: played for Ops by the US at DEFCON 2, the event takes DEFCON to 1; the US, phasing,
    loses (8.1.3)."""
    s = position(turn=4, defcon=2, hands=([], [50]))
    play(s, US, 50, "influence")
    act(s, "event first")
    assert s.winner == USSR


# ---------------------------------------------------------------- #51 Brezhnev Doctrine
def test_brezhnev_doctrine_plus_one_ops():
    """#51: USSR cards get +1 Ops (max 4) this turn; US cards are unchanged."""
    s = position(turn=4)
    fire(s, 51, USSR)
    assert s.flag(51)
    assert rules.ops_value(s, 54, USSR) == 2
    assert rules.ops_value(s, 57, USSR) == 4
    assert rules.ops_value(s, 54, US) == 1


# ---------------------------------------------------------------- #52 Portuguese Empire Crumbles
def test_portuguese_empire_crumbles():
    """#52: 2 USSR Influence in SE African States and in Angola."""
    s = position(turn=4, inf={"angola": (1, 2)})
    fire(s, 52, USSR)
    assert inf(s, "se_african_states") == (2, 0)
    assert inf(s, "angola") == (3, 2)
    assert finished(s)


# ---------------------------------------------------------------- #53 South African Unrest
def test_south_african_unrest_two_in_south_africa():
    """#53: option one: 2 USSR Influence in South Africa."""
    s = position(turn=4, inf={"south_africa": (0, 1)})
    fire(s, 53, USSR)
    act(s, "2 in South Africa")
    assert inf(s, "south_africa") == (2, 1)
    assert finished(s)


def test_south_african_unrest_split_adjacent():
    """#53: option two: 1 in South Africa and 2 split among adjacent countries (Angola, Botswana)."""
    s = position(turn=4)
    fire(s, 53, USSR)
    act(s, "1 in South Africa, 2 adjacent")
    assert inf(s, "south_africa") == (1, 0)
    assert sorted(texts(s)) == ["place USSR Angola", "place USSR Botswana"]
    act(s, "place USSR Angola")
    act(s, "place USSR Botswana")
    assert inf(s, "angola") == (1, 0)
    assert inf(s, "botswana") == (1, 0)
    assert finished(s)


def test_south_african_unrest_played_by_us_ussr_decides():
    """#53 played by the US for Ops: the USSR event fires and the USSR chooses (5.2)."""
    s = position(turn=4, hands=([], [53]))
    play(s, US, 53, "influence")
    act(s, "event first")
    assert s.current_player() == USSR
    act(s, "1 in South Africa, 2 adjacent")
    act(s, "place USSR Angola")
    act(s, "place USSR Angola")
    assert inf(s, "angola") == (2, 0)
    assert s.current_player() == US


# ---------------------------------------------------------------- #54 Allende
def test_allende():
    """#54: 2 USSR Influence in Chile; starred, removed."""
    s = position(turn=4, hands=([54], []))
    play(s, USSR, 54, "event")
    assert inf(s, "chile") == (2, 0)
    assert 54 in s.removed


# ---------------------------------------------------------------- #55 Willy Brandt
def test_willy_brandt_vp_influence_and_nato():
    """#55: 1 VP to the USSR, 2 USSR Influence in West Germany, NATO no longer covers it."""
    s = position(turn=4, inf={"west_germany": (0, 6), "france": (0, 3)}, perm=[21])
    assert rules.protected(s, USSR) >> c("west_germany") & 1
    fire(s, 55, USSR)
    assert s.vp == -1
    assert inf(s, "west_germany") == (2, 6)
    assert s.perm >> 55 & 1
    assert not rules.protected(s, USSR) >> c("west_germany") & 1
    assert rules.protected(s, USSR) >> c("france") & 1
    assert finished(s)


def test_willy_brandt_cancelled_by_tear_down_this_wall():
    """#55: after #96 the event cannot occur; the US playing it for Ops gets only the Ops (5.2)."""
    s = position(turn=4, perm=[96], hands=([], [55]))
    play(s, US, 55, "influence")
    act(s, "influence Canada")
    act(s, "influence Canada")
    assert inf(s, "west_germany") == (0, 0)
    assert s.vp == 0
    assert not s.perm >> 55 & 1
    assert 55 in s.discard


# ---------------------------------------------------------------- #56 Muslim Revolution
def test_muslim_revolution_choose_two():
    """#56: the USSR removes all US Influence from two of the listed countries it chooses."""
    s = position(
        turn=4,
        inf={"iran": (0, 3), "egypt": (1, 2), "jordan": (0, 1), "israel": (0, 2)},
    )
    fire(s, 56, USSR)
    assert sorted(texts(s)) == ["choose Egypt", "choose Iran", "choose Jordan"]
    act(s, "choose Iran")
    assert sorted(texts(s)) == ["choose Egypt", "choose Jordan"]
    act(s, "choose Egypt")
    assert inf(s, "iran") == (0, 0)
    assert inf(s, "egypt") == (1, 0)
    assert inf(s, "jordan") == (0, 1)
    assert inf(s, "israel") == (0, 2)
    assert finished(s)


def test_muslim_revolution_two_or_fewer_automatic():
    """#56: with US Influence in only one listed country, it is cleared without a question."""
    s = position(turn=4, inf={"saudi_arabia": (0, 4), "israel": (0, 2)})
    fire(s, 56, USSR)
    assert inf(s, "saudi_arabia") == (0, 0)
    assert inf(s, "israel") == (0, 2)
    assert finished(s)
    assert 56 in s.discard


def test_muslim_revolution_played_by_us_for_ops():
    """#56 played by the US for Ops: the USSR event still happens (5.2)."""
    s = position(turn=4, inf={"iraq": (0, 2), "libya": (0, 1)}, hands=([], [56]))
    play(s, US, 56, "influence")
    act(s, "event first")
    assert inf(s, "iraq") == (0, 0)
    assert inf(s, "libya") == (0, 0)
    assert s.current_player() == US


# ---------------------------------------------------------------- #57 ABM Treaty
def test_abm_treaty_improves_defcon_then_ops():
    """#57: DEFCON +1, then the player conducts 4 Ops (no Space Race)."""
    s = position(turn=4, defcon=2, inf={"angola": (0, 1)})
    fire(s, 57, USSR)
    assert s.defcon == 3
    assert sorted(texts(s)) == ["ops: coup", "ops: influence", "ops: realign"]
    act(s, "ops: coup")
    act(s, "coup Angola")
    assert s.defcon == 2  # battleground coup
    die(s, 1)  # 1 + 4 - 2 = 3
    assert inf(s, "angola") == (2, 0)
    assert s.milops[USSR] == 4
    assert finished(s)
    assert 57 in s.discard


def test_abm_treaty_defcon_capped():
    """#57: at DEFCON 5 the improvement does nothing (8.1.2); the Ops still follow."""
    s = position(turn=4, defcon=5)
    fire(s, 57, US)
    assert s.defcon == 5
    assert s.stack[-1][0] == frames.OPSMODE and s.stack[-1][2] == 57
