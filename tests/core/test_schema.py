"""The game skeleton: a state's fields declared once (``core.schema``) and the rules template
(``core.base.RulesState``), on a small declared class, on Dice Nim and on every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.engine import load_game
from realpolitik.engine.core import base
from realpolitik.engine.core.api import IllegalAction
from realpolitik.engine.core.base import RulesState
from realpolitik.engine.core.schema import Kind, SchemaFields, field, state_fields
from tests.games import every_game


@state_fields
class Demo(SchemaFields):
    count: int = field(Kind.VALUE, "a number", 3)
    cells: list[int] = field(Kind.LIST, "a flat list", lambda: [0, 0])
    piles: list[list[int]] = field(Kind.NESTED, "lists in a list", lambda: [[1], [2]])
    result: list[float] | None = field(Kind.MAYBE_LIST, "set at the end")
    history: list[int] = field(Kind.LIST, "not the position", list, position=False)
    _memo: Any = field(Kind.CACHE, "derived")


def test_the_declaration_makes_slots_defaults_and_documentation() -> None:
    d = Demo()
    assert Demo.__slots__ == ("count", "cells", "piles", "result", "history", "_memo")
    assert (d.count, d.cells, d.piles, d.result, d.history, d._memo) == (
        3,
        [0, 0],
        [[1], [2]],
        None,
        [],
        None,
    )
    assert Demo().cells is not d.cells  # a fresh list per state
    with pytest.raises(AttributeError):
        d.other = 1  # type: ignore[attr-defined]
    assert "cells: a flat list" in (Demo.__doc__ or "")
    assert Demo.SCHEMA.names(Kind.CACHE) == ("_memo",)


def test_clone_copies_each_field_as_deep_as_its_kind_and_shares_caches() -> None:
    d = Demo()
    d.result, d._memo = [0.5, 0.5], ("derived", [1])
    c = d.clone()
    assert type(c) is Demo and c.fingerprint() == d.fingerprint()
    c.cells[0] = 9
    c.piles[0].append(7)
    assert c.result is not None
    c.result[0] = 1.0
    c.history.append(1)
    assert d.cells == [0, 0] and d.piles == [[1], [2]] and d.result == [0.5, 0.5] and d.history == []
    assert c._memo is d._memo  # a cache is never mutated in place: shared
    c.touch()
    assert c._memo is None and d._memo is not None


def test_the_fingerprint_is_the_position_only_its_values_made_immutable() -> None:
    d = Demo()
    d.history.append(4)
    d._memo = "x"
    assert d.fingerprint() == (("count", 3), ("cells", (0, 0)), ("piles", ((1,), (2,))), ("result", None))


def test_a_field_without_its_declaration_or_with_own_slots_is_refused() -> None:
    with pytest.raises(TypeError, match="declare it with field"):

        @state_fields
        class Bad(SchemaFields):
            count: int = 3

    with pytest.raises(TypeError, match="do not set __slots__"):

        @state_fields
        class Slotted(SchemaFields):
            __slots__ = ("count",)


def _mid_game(name: str, seed: int = 2) -> Any:
    game = load_game(name)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(12):  # a dozen steps, stopping short of the end
        nxt = state.clone()
        nxt.apply_action(rng.choice(state.legal_actions()))
        if nxt.is_terminal():
            break
        state = nxt
    return state


STATE_GAMES = [g for g in every_game() if isinstance(load_game(g).new_initial_state(), RulesState)]


def test_every_game_but_twilight_is_on_the_template() -> None:
    # Twilight's states have two implementations (the reference and the compiled core) with
    # their own legal-action memory; see docs/architecture.md
    assert set(STATE_GAMES) == set(every_game()) - {"twilight"}


@pytest.mark.parametrize("name", STATE_GAMES)
def test_the_template_remembers_legal_actions_refuses_with_a_reason_and_records(name: str) -> None:
    s = _mid_game(name)
    legal = s.legal_actions()
    legal.append(-5)  # the caller's copy
    assert s.legal_actions() == legal[:-1]
    n = s.game().spec.num_distinct_actions
    illegal = next(a for a in range(n) if a not in s.legal_actions())
    before = s.fingerprint(), len(s.history)
    with pytest.raises(IllegalAction) as err:
        s.apply_action(illegal)
    assert str(err.value) and (s.fingerprint(), len(s.history)) == before
    with pytest.raises(IllegalAction, match="out of range"):
        s.apply_action(n)
    a = s.legal_actions()[0]
    s.apply_action(a)
    assert s.history[-1] == a and len(s.history) == before[1] + 1


@pytest.mark.parametrize("name", STATE_GAMES)
def test_check_legal_catches_a_state_edited_without_touch(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "CHECK_LEGAL", True)
    s = _mid_game(name, seed=5)
    s.legal_actions()
    s.touch()
    assert s.legal_actions() == s.rules.generate_legal(s)  # after touch() all is well
    s._legal = [*s._legal, -1] if s._legal is not None else [-1]  # what an edit without touch() leaves
    with pytest.raises(AssertionError, match="stale legal actions"):
        s.legal_actions()


@pytest.mark.parametrize("name", STATE_GAMES)
def test_random_games_agree_with_a_fresh_generation_at_every_step(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``REALPOLITIK_CHECK_LEGAL`` for a few whole games of each game on the template (the
    pure pass of ``make test`` sets it for Twilight's suites)."""
    monkeypatch.setattr(base, "CHECK_LEGAL", True)
    game = load_game(name)
    for seed in range(3):
        s = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            c = s.clone()
            assert c.fingerprint() == s.fingerprint() and c.legal_actions() == s.legal_actions()


def test_the_template_copies_for_perfect_information_and_refuses_to_for_hidden_information() -> None:
    import dataclasses

    from realpolitik.engine.core.api import Information
    from tests.games.dicenim import GAME, DiceNimState

    s = GAME.new_initial_state(seed=1)
    s.apply_action(2)
    copy = s.resample_hidden(0, random.Random(0))
    assert copy is not s and copy.fingerprint() == s.fingerprint() and s.scores() == s.returns()

    class Hidden(DiceNimState):
        __slots__ = ()

        def game(self) -> Any:  # the same game, said to hide information
            return type(
                "G", (), {"spec": dataclasses.replace(GAME.spec, information=Information.IMPERFECT)}
            )()

    h = s.copy_into(Hidden())
    with pytest.raises(NotImplementedError, match="hides information"):
        h.resample_hidden(0, random.Random(0))
