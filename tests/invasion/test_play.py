"""The presentation (board, status, log lines, help and legend) and the evaluator."""

from __future__ import annotations

import random

from realpolitik.bench.common import random_playout
from realpolitik.engine import load_game
from realpolitik.engine.invasion import prospects, render
from realpolitik.engine.invasion.game import GAME, InvasionState

from .helpers import control, position


def _midgame(seed: int = 2, steps: int = 200):
    s = GAME.new_initial_state(players=4, seed=seed)
    random_playout(s, random.Random(seed), steps)
    return s


def test_registered_under_its_name_and_alias() -> None:
    assert load_game("invasion") is GAME and load_game("how-to-invade") is GAME
    assert GAME.spec.min_players == 3 and GAME.spec.max_players == 5


def test_one_state_class_declares_the_fields_as_slots() -> None:
    s = _midgame()
    assert type(s) is InvasionState and type(s.clone()) is InvasionState
    assert InvasionState.__slots__ == InvasionState.SCHEMA.slots
    assert not hasattr(s, "__dict__")  # every base class keeps __slots__ = (): no instance dict
    assert s.clone().fingerprint() == s.fingerprint()


def test_board_lists_every_territory_tracks_and_boxes() -> None:
    s = _midgame()
    text = render.render(s, None, color=False)
    for word in ("Bassora", "Baghdad", "Border", "boxes", "media", "purchase", "oil price", "gov"):
        assert word in text
    assert "\x1b[" not in text
    assert "phase" in render.status(s) and render.question(s)


def test_help_and_legend_explain_the_screen() -> None:
    for abbr in ("med", "pac", "inf", "con", "trp", "reb", "ctl", "loc", "bld", "prod", "BRD", "gov"):
        assert abbr in render.LEGEND
    assert "purchase box" in render.HELP and "sell" in render.HELP
    assert all(len(line) <= 78 for line in render.HELP.splitlines() + render.LEGEND.splitlines())


def test_change_lines_are_the_log_lines_the_action_added() -> None:
    s = position(3)
    before = s.clone()
    s.apply_action(s.string_from_action("new taxes"))
    lines = render.describe_change(before, 0, s, None)
    assert lines == ["Red raises new taxes: +5$", "Red pacifism 0 -> 1 (new taxes)"]
    assert render.describe_action(before, before.string_from_action("new taxes"), None) == "Red: new taxes"


def test_show_a_territory_and_the_log() -> None:
    s = position(4)
    control(s, "Bassora", 1, troops=2, logistics=3)
    assert "Blue: 2 troops" in render.show(s, None, "BAS")
    assert "turn order by dice" in render.show(s, None, "log")


def test_evaluation_is_a_probability_and_prefers_the_richer_seat() -> None:
    s = _midgame()
    vals = [s.evaluate(p) for p in range(4)]
    assert all(0.0 <= v <= 1.0 for v in vals) and abs(sum(vals) - 1.0) < 1e-9
    t = position(4)
    t.money[2] += 40
    t.touch()
    assert t.evaluate(2) > t.evaluate(0)


def test_battle_odds_follow_the_combat_table() -> None:
    assert prospects.battle_odds(1, 1)[0] == 0.0  # 1:1 always kills both: mutual destruction
    assert prospects.battle_odds(10, 2)[0] > 0.9
    assert prospects.battle_odds(2, 8)[0] < 0.05


def test_the_board_fits_the_full_screens_narrow_pane() -> None:
    # at 80x24 the full screen's board pane is about 46 columns: the seat table wrapped
    # (its rebels column on a line of its own); below 66 columns the tables are compact
    s = GAME.new_initial_state(players=5, seed=3)
    rng = random.Random(3)
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() < 0:
            outs = s.chance_outcomes()
            a = rng.choices([x for x, _ in outs], [w for _, w in outs])[0]
        else:
            a = rng.choice(s.legal_actions())
        s.apply_action(a)
    text = render.render(s, 0, width=46, color=False)
    assert max(len(line) for line in text.splitlines()) <= 46
    assert "BAS S" in text and "reb  Red" in text
    wide = render.render(s, 0, width=80, color=False)
    assert "BAS Bassora" in wide and "How to Invade a Sovereign Nation" in wide
