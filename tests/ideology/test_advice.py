"""Ideology advice (``engine/ideology/advice.py``): refusals that cite the rule, the
evaluator's terms behind a hint's explanation, and the summary hooks."""

from __future__ import annotations

import random

from realpolitik.cli.screen import Renderer
from realpolitik.engine import load_game
from realpolitik.engine.ideology import advice, heuristics
from realpolitik.engine.ideology.board import BOARD

GAME = load_game("ideology")


def _foreign_action(seed: int = 4):
    s = GAME.new_initial_state(players=3, seed=seed)
    rng = random.Random(0)
    while not (s.current_player() >= 0 and "foreign" in s.decision_name()):
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions()) if p < 0 else s.legal_actions()[0])
    return s


def test_refusals_cite_the_rule() -> None:
    s = _foreign_action()
    seat = s.current_player()
    other = next(r for r in range(BOARD.n) if s.owner[r] >= 0 and s.owner[r] != seat)
    name = BOARD.regions[other].name
    owner = BOARD.ideologies[s.ideo[s.owner[other]]].name
    said = advice.why_illegal(s, f"place {name} mil")
    assert said == f"{name} is controlled by {owner}: place only on independent regions (4.1)"
    assert advice.why_illegal(s, "develop Russia cul") == (
        "it is the foreign phase now: 'develop' belongs to the development phase"
    )
    assert advice.why_illegal(s, "place Atlantis mil") == "no region of that name"
    assert advice.why_illegal(s, "hello") is None
    assert Renderer(GAME).refusal(s, f"place {name} mil") == said  # reached through the presentation


def test_prospect_terms_add_up_to_the_evaluator_in_a_seeded_game() -> None:
    s = GAME.new_initial_state(players=3, seed=4)
    rng = random.Random(1)
    checked = 0
    while not s.is_terminal() and len(s.history) < 600:
        if len(s.history) % 20 == 0:
            for seat in range(3):
                terms = advice.prospect_terms(s, seat)
                assert abs(sum(terms.values()) - heuristics.prospects(s)[seat]) < 1e-9
                checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked >= 30


def test_explanation_names_the_region_a_placement_builds() -> None:
    s = _foreign_action()
    seat = s.current_player()
    place = next(a for a in s.legal_actions() if s.action_to_string(a).startswith("place "))
    text = s.action_to_string(place)
    region = max((name for name in BOARD.names if f"place {name} " in text), key=len)
    after = s.clone()
    after.apply_action(place)
    assert f"in {region}" in advice.explain(s, after, seat)


def test_summary_hooks() -> None:
    s = GAME.new_initial_state(players=3, seed=4)
    r = Renderer(GAME)
    assert r.turn_number(s) == 1
    assert r.score_text(s).startswith("GI ")
    assert r.round_key(s) == (1, s.phase)


def test_hints_name_seats_by_their_ideology() -> None:
    """A hint names the hinted seat with its ideology (``Player 1 (Communism)``), and the other
    seats' expected replies in its principal line by their ideologies, as the board does."""
    from realpolitik.ai.bots import make_bot
    from realpolitik.engine.ideology.game import GAME

    s = GAME.new_initial_state(players=3, seed=5)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    me = s.current_player()
    a = make_bot("ismcts:iters=300,seed=1").analyse(s, me)
    # a seat's first name (Capitalism, Islamic Fundamentalism, ...), as every screen shows it
    short = {seat: name.title() for name, seat in reversed(list(s.seat_aliases().items()))}
    assert a.seat_name == f"Player {me + 1} ({short[me]})"
    ideologies = {short[x] for x in range(3) if x != me}
    replies = [t for m in a.moves for t in m.pv if t.endswith(", expected)")]
    assert replies, "the principal lines hold no other seat's reply"
    assert all(t.rsplit(" (", 1)[1].removesuffix(", expected)") in ideologies for t in replies)
