"""Ideology behind the interface: texts, hidden information, records, evaluation, rendering,
invariants, and random play at every player count."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik.bench.common import random_action
from realpolitik.engine import load_game
from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.ideology import actions, rules
from realpolitik.engine.ideology.board import BOARD
from realpolitik.engine.ideology.game import GAME, IdeologyState
from realpolitik.engine.ideology.render import render, status
from realpolitik.engine.ideology.state import PH_DIPLOMACY, PH_FOREIGN
from tests.ideology.helpers import act, at, position, seat
from tests.ideology.test_late_phases import war_only_if_attacked_board

ROOT = Path(__file__).resolve().parents[2]


def play(players: int, seed: int, steps: int | None = None, check: bool = False):
    s = GAME.new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_terminal() and (steps is None or k < steps):
        k += 1
        if check:
            assert s.check_invariants() == []
        s.apply_action(random_action(s, rng))
    return s


def test_registered_under_its_name_and_alias() -> None:
    assert load_game("ideology") is GAME
    assert load_game("ideology-war-of-ideas") is GAME
    assert GAME.spec.version == "ideology-2"
    assert GAME.spec.min_players == 2 and GAME.spec.max_players == 5


def test_the_state_is_one_class_with_its_declared_fields_as_slots() -> None:
    s = GAME.new_initial_state(players=3, seed=1)
    assert type(s) is IdeologyState
    assert IdeologyState.__slots__ == IdeologyState.SCHEMA.slots  # declared here, not in a base
    assert all(base.__dict__.get("__slots__", ()) == () for base in IdeologyState.__mro__[1:])
    assert not hasattr(s, "__dict__")
    with pytest.raises(AttributeError):
        s.not_a_field = 1  # type: ignore[attr-defined]
    copy = s.clone()
    assert type(copy) is IdeologyState and copy.fingerprint() == s.fingerprint()
    copy.hand[0] += 1
    assert copy.fingerprint() != s.fingerprint()  # the clone's lists are its own


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_well_within_the_length_bound(players: int) -> None:
    for seed in range(4):
        s = play(players, seed, check=True)
        assert s.is_terminal()
        assert len(s.history) < GAME.spec.max_game_length // 10
        assert abs(sum(s.returns()) - 1.0) < 1e-9


@pytest.mark.parametrize("players", [3, 4, 5])
def test_action_texts_unique_and_parseable_at_every_player_count(players: int) -> None:
    s = GAME.new_initial_state(players=players, seed=players)
    rng = random.Random(players)
    for _ in range(400):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        moves = [s.action_to_string(a) for a in legal]
        assert len({t.lower() for t in moves}) == len(moves), moves
        for a, t in zip(legal, moves):
            assert s.string_from_action(t) == a
        s.apply_action(rng.choice(legal))


def test_texts_parse_without_the_penalty_suffix() -> None:
    s = position(("Fascism", "Imperialism"), in_play=["Indonesia"], hands={"Fascism": (2, 0, 0)})
    at(s, PH_FOREIGN, "Fascism")
    a = s.string_from_action("place indonesia mil")
    assert s.action_to_string(a) == "place Indonesia mil +1"
    assert actions.decode(a) == (actions.K_PLACE, BOARD.region("Indonesia"), 0, -1)


def test_observation_hides_the_other_hands() -> None:
    a = position(("Capitalism", "Fascism"), hands={"Capitalism": (1, 1, 1), "Fascism": (3, 0, 0)})
    b = position(("Capitalism", "Fascism"), hands={"Capitalism": (1, 1, 1), "Fascism": (0, 1, 2)})
    for s in (a, b):
        at(s, PH_FOREIGN, "Capitalism")
    c = seat(a, "Capitalism")
    seen_a, seen_b = a.observation(c), b.observation(c)
    # the deck compositions differ too, but only sizes are shown
    assert seen_a == seen_b
    assert a.observation(seat(a, "Fascism"))["hand"] == [3, 0, 0]
    json.dumps(seen_a)  # JSON-able


def test_resample_hidden_redraws_the_others_and_keeps_what_the_seat_sees() -> None:
    s = play(4, 9, steps=120)
    for viewer in range(4):
        seen = s.observation(viewer)
        hands = set()
        for k in range(8):
            t = s.resample_hidden(viewer, random.Random(k))
            assert t.observation(viewer) == seen
            assert t.check_invariants() == []
            assert t.hand[viewer * 3 : viewer * 3 + 3] == s.hand[viewer * 3 : viewer * 3 + 3]
            hands.add(tuple(t.hand))
        if any(s.hand_size(o) for o in range(4) if o != viewer):
            assert len(hands) > 1


def test_resample_hidden_redraws_pending_offers_within_the_rules(tmp_path: Path) -> None:
    s = position(("Capitalism", "Fascism", "Imperialism"))
    s.board = war_only_if_attacked_board(tmp_path)
    at(s, PH_DIPLOMACY, "Capitalism")
    act(s, "neutral Fascism")
    act(s, "neutral Imperialism")
    c = seat(s, "Capitalism")
    seen = set()
    for k in range(30):
        t = s.resample_hidden(seat(s, "Fascism"), random.Random(k))
        seen.add(t.offer(c, seat(s, "Fascism")))
        assert t.offer(c, seat(s, "Imperialism")) in (0, 1)  # printed rule: never war here
    assert seen == {0, 1}


def test_json_round_trip_and_edited_records_are_refused() -> None:
    s = play(5, 3, steps=300)
    rec = json.loads(json.dumps(s.to_json()))
    again = GAME.state_from_json(rec)
    assert again.fingerprint() == s.fingerprint()
    assert again.legal_actions() == s.legal_actions()
    rec["position"]["turn"] += 1
    with pytest.raises(InvalidState, match="position.turn"):
        GAME.state_from_json(rec)
    rec = json.loads(json.dumps(s.to_json()))
    rec["actions"][5] = actions.NUM_ACTIONS - 1
    with pytest.raises(InvalidState, match=r"actions\[5\]"):
        GAME.state_from_json(rec)


def test_evaluate_is_a_probability_from_visible_information() -> None:
    s = position(
        ("Capitalism", "Fascism", "Imperialism"),
        regions={
            "Mexico": {"owner": "Capitalism", "cards": {"Capitalism": (2, 2, 2)}},
            "Canada": {"owner": "Capitalism", "cards": {"Capitalism": (2, 2, 2)}},
        },
    )
    vals = [s.evaluate(x) for x in range(3)]
    assert all(0.0 <= v <= 1.0 for v in vals)
    assert abs(sum(vals) - 1.0) < 1e-9
    assert vals[seat(s, "Capitalism")] == max(vals)
    # another seat's hidden hand composition does not change what a seat estimates
    est = []
    for fas_hand in ((3, 0, 0), (0, 1, 2)):
        t = position(
            ("Capitalism", "Fascism", "Imperialism"),
            hands={"Fascism": fas_hand},
            regions={"Mexico": {"owner": "Capitalism", "cards": {"Capitalism": (2, 2, 2)}}},
        )
        est.append(t.evaluate(seat(t, "Capitalism")))
    assert est[0] == est[1]
    end = play(2, 1)
    assert [end.evaluate(x) for x in range(2)] == end.returns()


def test_render_shows_the_table_within_the_width() -> None:
    s = play(5, 2, steps=250)
    plain = render(s, 0, width=80, color=False)
    assert "\x1b[" not in plain
    assert all(len(line) <= 80 for line in plain.splitlines()), plain
    for x in range(5):
        assert BOARD.ideologies[s.ideo[x]].short in plain
    assert "Turn order:" in plain and "Diplomacy:" in plain and "Your hand" in plain
    assert "\x1b[" in render(s, 0, color=True)
    everyone = render(s, None, color=False)
    assert everyone.count(" hand: ") == 5
    assert status(s).startswith(f"Turn {s.turn}")
    end = play(3, 4)
    assert "wins" in render(end, None, color=False) or "share" in render(end, None, color=False)


def test_invariants_catch_a_broken_state() -> None:
    s = position(("Capitalism", "Fascism"))
    assert s.check_invariants() == []
    r = BOARD.region("United States")
    s.inf[(r * 3) * s.n + seat(s, "Capitalism")] = 7  # 7 > 2 x 3, and a card from nowhere
    bad = s.check_invariants()
    assert any("United States" in b for b in bad)
    assert any("accounted for" in b for b in bad)
    s = position(("Capitalism", "Fascism"))
    s.supply[0] -= 1
    assert any("Tactics" in b for b in s.check_invariants())


def test_forced_moves_are_applied_but_not_recorded() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (0, 0, 2)})
    at(s, PH_FOREIGN, "Capitalism")
    s._legal = None
    rules.settle(s)  # both pass by force (nothing to place); the Capitalist may attack Germany
    assert s.current_player() == seat(s, "Capitalism")
    n = len(s.history)
    act(s, "pass")  # the Fascist, with no cards, passes by force: the phase ends
    assert len(s.history) == n + 1 and s.phase != PH_FOREIGN


def _with_iceland_level(tmp_path: Path, level: int, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python whose Ideology data (REALPOLITIK_IDEOLOGY_DATA) is the
    packaged regions.csv with Iceland at Development Level ``level``."""
    text = (ROOT / "engine/ideology/data/regions.csv").read_text(encoding="utf-8")
    (tmp_path / "regions.csv").write_text(text.replace("Iceland,1,", f"Iceland,{level},"), encoding="utf-8")
    env = dict(os.environ, REALPOLITIK_IDEOLOGY_DATA=str(tmp_path))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


def test_user_data_changes_the_game_version(tmp_path: Path) -> None:
    res = _with_iceland_level(tmp_path, 2, "from engine.ideology.game import SPEC; print(SPEC.version)")
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip().startswith("ideology-2+data-")
    res = _with_iceland_level(tmp_path, 9, "from engine import load_game; load_game('ideology')")
    assert res.returncode != 0 and "regions.csv line 11: field 'level' = 9" in res.stderr


def greedy_move(s, seat: int, rng: random.Random) -> int:
    """One ply on ``evaluate`` in one determinization (what a heuristic bot does)."""
    legal = s.legal_actions()
    world = s.resample_hidden(seat, rng)
    best, top = legal[0], -1.0
    for a in legal:
        child = world.clone()
        child.apply_action(a)
        v = (
            child.evaluate(seat)
            if not child.is_chance_node()
            else sum(p * _after(child, o).evaluate(seat) for o, p in child.chance_outcomes())
        )
        if v > top + 1e-12:
            best, top = a, v
    return best


def _after(s, a: int):
    c = s.clone()
    c.apply_action(a)
    return c


def test_greedy_play_on_the_evaluator_beats_random_play_and_reaches_twelve() -> None:
    wins = 0.0
    real_ends = 0
    for seed in range(3):
        s = GAME.new_initial_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                acts, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(acts, probs)[0])
            elif p == 0:
                s.apply_action(greedy_move(s, 0, rng))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        wins += s.returns()[0]
        real_ends += max(s.scores()) >= BOARD.victory  # a real end, not the turn limit
    assert wins == 3 and real_ends >= 1


def test_cli_helpers_group_choices_and_never_leak_simultaneous_choices() -> None:
    from realpolitik.engine.ideology.render import choices, describe_action, question

    s = position(("Capitalism", "Fascism"), in_play=["Mexico"], hands={"Capitalism": (1, 1, 0)})
    at(s, PH_FOREIGN, "Capitalism")
    groups = choices(s, s.legal_actions())
    assert groups[0][0] is None and [t for _, t in groups[0][1]] == ["pass"]
    assert [g for g, _ in groups[1:]] == ["place"]
    assert question(s).splitlines()[0] == "Capitalism: foreign action"
    at(s, PH_DIPLOMACY, "Capitalism")
    a = s.string_from_action("peace Fascism")
    f, c = seat(s, "Fascism"), seat(s, "Capitalism")
    assert "peace" not in describe_action(s, a, f) and "offer to Fascism" in describe_action(s, a, f)
    assert describe_action(s, a, c) == "Capitalism: peace Fascism"
    assert question(s).splitlines()[0] == "Capitalism: diplomatic offer to Fascism"


def test_level_gains_spend_the_cards_left_cheapest_level_first() -> None:
    from realpolitik.engine.ideology.heuristics import level_gains

    liquid = [0, 1, 1]
    assert level_gains([([5, 3, 3], 6)], liquid) == 1 and liquid == [0, 0, 0]  # 7.1: 3 -> 4
    liquid = [3, 3, 3]
    assert level_gains([([6, 6, 6], 6)], liquid) == 0 and liquid == [3, 3, 3]  # 3.1: at the maximum
    liquid = [0, 0, 1]
    assert level_gains([([2, 0, 2], 2)], liquid) == 0  # level 1 (at least 1) needs eco to rise
    liquid = [5, 5, 5]
    assert level_gains([([4, 4, 4], 6), ([1, 1, 1], 2)], liquid) == 3  # three levels at most


def test_greedy_play_pulls_back_a_stranded_card_a_controlled_region_needs() -> None:
    # Canada (4, 3, 4) rises to level 4 with one more eco card (7.1), and every eco card of
    # Capitalism is on independent regions: pulling one back (4.2) is the way forward.
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "United States": {"owner": "Capitalism", "level": 6, "cards": {"Capitalism": (6, 6, 6)}},
            "Canada": {"owner": "Capitalism", "level": 3, "cards": {"Capitalism": (4, 3, 4)}},
            "Mexico": {"cards": {"Capitalism": (0, 2, 0)}},
            "Cuba": {"cards": {"Capitalism": (0, 1, 0)}},
            "Central America": {"cards": {"Capitalism": (0, 1, 0)}},
            "Venezuela": {"cards": {"Capitalism": (0, 1, 0)}},
            "Brazil": {"cards": {"Capitalism": (0, 2, 0)}},
            "Iceland": {"cards": {"Capitalism": (0, 1, 0)}},
        },
        hands={"Capitalism": (1, 0, 1)},
    )
    assert s.check_invariants() == []
    c = seat(s, "Capitalism")
    assert s.deck[3 * c + 1] == 0 and s.hand[3 * c + 1] == 0
    at(s, PH_FOREIGN, "Capitalism")
    move = s.action_to_string(greedy_move(s, c, random.Random(0)))
    assert move.startswith("remove ") and move.endswith(" eco"), move


def test_evaluate_caches_prospects_per_position_only() -> None:
    s = GAME.new_initial_state(players=3, seed=6)
    rng = random.Random(6)
    checked = 0
    while not s.is_terminal() and len(s.history) < 400:
        first = [s.evaluate(x) for x in range(3)]  # fills the cache
        assert [s.evaluate(x) for x in range(3)] == first  # served from it
        assert [s.clone().evaluate(x) for x in range(3)] == first  # a clone computes afresh
        checked += s._prospects is not None
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 100
