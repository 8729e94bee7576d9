"""What the player is told beyond the rules: coup, realignment and space race odds, moves that
lose, why a typed move is refused, what moved the VP, scoring breakdowns and the evaluator's
terms behind a hint (``engine/twilight/advice.py``), each from a concrete position."""

from __future__ import annotations

import random
import re

from realpolitik.cli.screen import Renderer
from realpolitik.engine.twilight import actions, advice, frames, heuristics, rules
from realpolitik.engine.twilight.game import GAME
from tests.twilight.helpers import US, USSR, c, play, position


def _action(s, text: str) -> int:
    for a in s.legal_actions():
        if s.action_to_string(a).lower() == text.lower():
            return a
    raise AssertionError(f"no legal '{text}'")


def test_coup_odds_defcon_and_military_ops_6_3() -> None:
    """Iran (stability 2) with 3 ops: the coup needs die + 3 > 4, so 2-6 succeed (6.3.2); a
    battleground coup costs a DEFCON level (6.3.4) and earns 3 military ops (6.3.3)."""
    s = position(inf={"iran": (0, 1)})
    play(s, USSR, 7, "coup")  # #7 Socialist Governments, 3 ops
    assert advice.move_odds(s, _action(s, "coup Iran")) == "succeeds 83%, up to 5, DEFCON 5->4, mil ops +3"


def test_coup_odds_off_the_battlegrounds_keep_defcon() -> None:
    s = position(inf={"cameroon": (0, 1)})
    play(s, USSR, 7, "coup")
    assert (
        advice.move_odds(s, _action(s, "coup Cameroon")) == "succeeds 100%, up to 7, DEFCON stays, mil ops +3"
    )


def test_realignment_odds_6_2_2() -> None:
    """Egypt, US 2, USSR 0, nothing adjacent: the US rolls +1 (more influence). The USSR wins
    on a lead of 2 or more (10 of 36), ties on a lead of 1 (5 of 36), and removes
    (1*4 + 2*3 + 2*2 + 2*1) / 36 = 16/36 on average (at most the 2 there)."""
    s = position(inf={"egypt": (0, 2)})
    play(s, USSR, 7, "realign")
    assert advice.realign_odds(s, USSR, c("egypt")) == (10 / 36, 5 / 36, 16 / 36)
    text = advice.move_odds(s, _action(s, "realign Egypt"))
    assert text == "wins 28%, ties 14%, removes 0.4 on average; DEFCON, mil ops unchanged"


def test_space_race_odds_6_4_1() -> None:
    s = position(hands=([7], []))
    s.stack.append(frames.for_state(s, (frames.ACTION, USSR, None, 0)))
    s.touch()
    assert advice.move_odds(s, actions.play(7, frames.M_SPACE)) == "box 1 on 1-3: 50%"
    assert advice.move_odds(s, actions.play(7, frames.M_INFLUENCE)) is None


def test_a_battleground_coup_at_defcon_2_is_marked_as_losing() -> None:
    s = position(defcon=2, inf={"angola": (0, 1), "cameroon": (0, 1)})
    play(s, USSR, 7, "coup")
    r = Renderer(GAME)
    said = r.danger(s, _action(s, "coup Angola"), USSR)
    assert said is not None and said.startswith("loses the game at once (the US wins")
    assert r.danger(s, _action(s, "coup Cameroon"), USSR) is None


def test_holding_a_scoring_card_after_the_last_round_is_marked_11_1_2() -> None:
    s = position(tournament=True, hands=([1, 7], [19]))
    s.rounds_done[USSR] = rules.rounds_for(s, USSR) - 1
    s.stack.append(frames.for_state(s, (frames.ACTION, USSR, None, 0)))
    s.touch()
    said = advice.move_danger(s, actions.play(7, frames.M_INFLUENCE))
    assert said is not None and "#1 Asia Scoring" in said and "(11.1.2)" in said
    assert advice.move_danger(s, actions.play(1, frames.M_EVENT)) is None  # playing the scoring card is safe
    s.rounds_done[USSR] -= 1
    assert advice.move_danger(s, actions.play(7, frames.M_INFLUENCE)) is None  # a round is left for it


def test_why_a_typed_move_is_refused_cites_the_rule() -> None:
    s = position(inf={"east_germany": (3, 0)})
    play(s, USSR, 7, "influence")
    assert advice.why_illegal(s, "place France").startswith("no adjacent influence (6.1.1)")
    assert advice.why_illegal(s, "coup Iran") == "you are placing influence now, not to coup"
    assert advice.why_illegal(s, "place Atlantis") == "there is no country called 'atlantis'"
    assert advice.why_illegal(s, "place Poland") is None  # legal: nothing to say
    s = position(defcon=2, inf={"iran": (0, 1), "cameroon": (0, 1)})
    play(s, USSR, 7, "coup")
    assert advice.why_illegal(s, "coup Iran") == "DEFCON 2 bars coups and realignments in Middle East (8.1.5)"
    assert advice.why_illegal(s, "coup Egypt") == "there is no US influence in Egypt to coup (6.3.1)"


def test_scoring_breakdown_adds_up_to_the_vp_change() -> None:
    """Middle East Scoring (presence 3, domination 5, control 7; 10.1): the USSR controls Iran
    and Iraq (battlegrounds) and Lebanon, the US Israel (battleground)."""
    s = position(inf={"iran": (2, 0), "iraq": (3, 0), "lebanon": (1, 0), "israel": (0, 4)}, hands=([3], []))
    lines = advice.scoring_lines(s, 3)
    assert lines == [
        "USSR: domination 5 + 2 of 6 battlegrounds + 0 next to the US = 7 VP",
        "US: presence 3 + 1 of 6 battlegrounds + 0 next to the USSR = 4 VP",
    ]
    s.stack.append(frames.for_state(s, (frames.ACTION, US, None, 0)))
    s.stack.append(frames.for_state(s, (frames.ACTION, USSR, None, 0)))
    s.touch()
    before = s.clone()
    s.apply_action(actions.play(3, frames.M_EVENT))
    assert s.vp - before.vp == -3
    assert advice.vp_causes(before, actions.play(3, frames.M_EVENT), s)[0][:2] == (
        "#3 Middle East Scoring",
        -3,
    )


def _seeded_game(seed: int):
    rng = random.Random(seed)
    s = GAME.new_initial_state(seed=seed)
    while not s.is_terminal() and len(s.history) < 2500:
        before = s.clone()
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        yield before, a, s


def test_vp_causes_name_every_step_and_add_up_in_seeded_games() -> None:
    changed = 0
    for seed in (1, 2, 3, 4):
        for before, a, after in _seeded_game(seed):
            causes = advice.vp_causes(before, a, after)
            if before.vp != after.vp:
                assert causes, (seed, len(before.history))
                assert sum(net for _, net, _ in causes) == after.vp - before.vp
                assert all(net for _, net, _ in causes)
                changed += 1
            for cause, _, _ in causes:
                assert cause.startswith(("#", "the "))
    assert changed >= 4  # the VP moved in these games, and every move was explained


def test_evaluation_terms_sum_to_the_evaluator_in_seeded_games() -> None:
    for k, (before, _, _) in enumerate(_seeded_game(3)):
        if k % 25:
            continue
        for seat in (USSR, US):
            if before.winner >= 0:
                continue
            terms = advice.evaluation_terms(before, seat)
            assert abs(sum(terms.values()) - heuristics.us_advantage(before, seat)) < 1e-9


def test_explanation_names_battlegrounds_and_denied_domination() -> None:
    """South Korea (stability 3, an Asian battleground): USSR control of it adds a
    battleground in Asia; taking Japan from the US breaks its domination there."""
    before = position(inf={"japan": (0, 4), "taiwan": (0, 3), "philippines": (0, 2)})
    after = before.clone()
    after.set_inf(USSR, c("south_korea"), 3)
    assert advice.explain(before, after, USSR).startswith("+1 battleground in Asia")
    lost = before.clone()
    lost.set_inf(US, c("taiwan"), 0)
    lost.set_inf(US, c("japan"), 0)
    said = advice.explain(before, lost, USSR)
    assert re.search(r"denies Asia (domination|presence)|breaks US control in Asia", said), said


def test_a_step_with_two_vp_changes_names_each_cause() -> None:
    """Seeded game 1: the US plays #2 Europe Scoring as the turn's last card; the scoring gives
    the US 3 VP, then the end of the turn gives the USSR 2 for US military operations short
    (8.2.1). The log says which is which, not one net line that credits the card."""
    for before, a, after in _seeded_game(1):
        causes = advice.vp_causes(before, a, after)
        if len(causes) > 1:
            break
    else:
        raise AssertionError("no step with two VP changes in seeded game 1")
    assert [(cause.split(" (")[0], net) for cause, net, _ in causes] == [
        ("#2 Europe Scoring", 3),
        ("the end of the turn", -2),
    ]
    lines = Renderer(GAME).describe_change(before, a, after, None)
    assert "US gains 3 VP from #2 Europe Scoring" in lines
    assert any(
        line.startswith("USSR gains 2 VP from the end of the turn (military operations short")
        for line in lines
    )
    assert "#2 Europe Scoring: USSR: no presence = 0 VP" in lines


def test_a_revealed_hand_is_logged_for_the_other_side() -> None:
    """#26 CIA Created: the USSR shows its hand this turn; the US log lists the cards."""
    s = position(hands=([7, 9], [19]), inf={"japan": (0, 1)})
    s.stack.append(frames.for_state(s, (frames.ACTION, USSR, None, 0)))
    s.stack.append(frames.for_state(s, (frames.ACTION, US, None, 0)))
    s.hands[US].append(26)
    s.deck.remove(26)
    s.touch()
    before = s.clone()
    s.apply_action(actions.play(26, frames.M_EVENT))
    lines = Renderer(GAME).describe_change(before, actions.play(26, frames.M_EVENT), s, US)
    assert "USSR hand revealed: #7 Socialist Governments, #9 Vietnam Revolts" in lines
    assert not any(
        "hand revealed" in line
        for line in Renderer(GAME).describe_change(before, actions.play(26, frames.M_EVENT), s, USSR)
    )
