"""Exact errors: an illegal action is ``IllegalAction``, a bad record is ``InvalidState``,
never a ``TypeError`` or ``IndexError`` from inside the engine."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.api import HasImplementations, IllegalAction, InvalidState

COUNTS = [
    (name, n)
    for name in available_games()
    for n in range(load_game(name).spec.min_players, load_game(name).spec.max_players + 1)
]


@pytest.mark.parametrize("impl", ["pure", "compiled"])
def test_a_card_in_a_headline_frame_that_is_not_in_hand_is_illegal_not_an_index_error(impl: str) -> None:
    game = load_game("twilight")
    assert isinstance(game, HasImplementations)
    if impl not in game.implementations():
        pytest.skip("the compiled core is not built here")
    s = game.with_implementation(impl).new_initial_state(seed=3)
    for _ in range(13):
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(IllegalAction, match="not in the USSR hand"):
        s.apply_action(8)


@pytest.mark.parametrize("key", ["seed", "players", "nonsense"])
@pytest.mark.parametrize("name", available_games())
def test_an_option_the_game_does_not_have_is_invalid_state(name: str, key: str) -> None:
    game = load_game(name)
    rec = game.new_initial_state(seed=1).to_json()
    rec["options"] = {**rec["options"], key: 3}
    with pytest.raises(InvalidState, match=key):
        game.state_from_json(rec)


@pytest.mark.parametrize("name", available_games())
def test_records_refuse_unknown_fields_and_junk_seats(name: str) -> None:
    game = load_game(name)
    rec = game.new_initial_state(seed=1).to_json()
    for change, needle in (
        ({"comment": "hi"}, "unknown field 'comment'"),
        ({"seats": "junk"}, "seats"),
        ({"seats": [1, 2]}, "seats"),
        ({"seats": list(reversed(rec["seats"]))}, "seats"),
        ({"players": game.spec.max_players + 1}, "players"),
    ):
        with pytest.raises(InvalidState, match=needle):
            game.state_from_json(rec | change)


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_a_record_missing_its_last_actions_is_refused(name: str, players: int) -> None:
    game = load_game(name)
    rng = random.Random(f"{name}/{players}")
    for trial in range(4):
        s = game.new_initial_state(players=players, seed=trial)
        for _ in range(rng.randrange(1, 400)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        rec = s.to_json()
        assert game.state_from_json(rec).to_json() == rec
        for drop in (1, 2):
            if len(rec["actions"]) >= drop:
                with pytest.raises(InvalidState, match="position"):
                    game.state_from_json(rec | {"actions": rec["actions"][:-drop]})


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_a_stray_letter_never_plays_a_move(name: str, players: int) -> None:
    from realpolitik.cli.screen import match_words

    game = load_game(name)
    rng = random.Random(f"letters/{name}/{players}")
    s = game.new_initial_state(players=players, seed=5)
    checked = 0
    while not s.is_terminal() and checked < 60:
        if not s.is_chance_node():
            checked += 1
            for letter in "abcdefghijklmnopqrstuvwxyz":
                texts = {
                    a: s.action_to_string(a).lower().replace(":", " ").split() for a in s.legal_actions()
                }
                try:
                    a = s.string_from_action(letter)
                except IllegalAction:
                    pass
                else:
                    assert letter in texts[a], (letter, s.action_to_string(a))
                found = match_words(s, letter)
                assert found is None or letter in texts[found], (letter, s.action_to_string(found))
        s.apply_action(rng.choice(s.legal_actions()))
