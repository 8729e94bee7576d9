"""The pending decisions as named tuples (``frames``): the pure reference builds and reads them
by name, the compiled core keeps plain tuples with the same items, and ``frames.view`` reads
either alike."""

from __future__ import annotations

import pytest

from realpolitik.engine.twilight import frames
from realpolitik.engine.twilight.board import US, USSR
from realpolitik.engine.twilight.game import GAME, CompiledTwilightState
from tests.compiled import require_built
from tests.twilight.helpers import position


def test_every_kind_has_a_class_whose_fields_start_with_kind_and_player() -> None:
    assert len(frames.FRAME_TYPES) == len(frames.KIND_NAMES)
    for cls in (*frames.FRAME_TYPES, frames.FiredEvent):
        assert cls._fields[:2] == ("kind", "player"), cls


def test_a_named_frame_equals_and_hashes_like_the_plain_tuple() -> None:
    named = frames.Influence(frames.INFLUENCE, USSR, 20, 3, 1, 0)
    plain = (frames.INFLUENCE, USSR, 20, 3, 1, 0)
    assert named == plain and hash(named) == hash(plain)
    assert named.remaining == 3 and named.asia_bonus == 1


def test_view_names_a_plain_frame_and_leaves_a_named_one() -> None:
    named = frames.view((frames.COUP, US, 47, 2, 0, 0, 5))
    assert type(named) is frames.Coup and named.ops == 2 and named.free_mask == 5
    assert frames.view(named) is named
    # an EVENT frame of four items is another card's event made to occur: no finisher
    fired = frames.view((frames.EVENT, frames.AUTO, 27, US))
    assert type(fired) is frames.FiredEvent and fired.card == 27
    played = frames.view((frames.EVENT, frames.AUTO, 27, US, USSR))
    assert type(played) is frames.Event and played.finisher == USSR


def test_a_frame_with_the_wrong_number_of_items_is_refused_with_its_kind() -> None:
    with pytest.raises(ValueError, match=r"\(influence\) has 7 items; Influence has 6"):
        frames.view((frames.INFLUENCE, USSR, 20, 1, 0, 0, 0))


def test_a_pure_state_holds_named_frames_and_a_compiled_one_plain_tuples() -> None:
    pure = position(implementation="pure")
    frames.push(pure, (frames.ACTION, USSR, None, 0))
    assert type(pure.stack[-1]) is frames.Action
    assert type(pure.top()) is frames.Action
    require_built(CompiledTwilightState, "the compiled engine")
    compiled = position(implementation="compiled")
    frames.push(compiled, frames.Action(frames.ACTION, USSR, None, 0))
    assert type(compiled.stack[-1]) is tuple  # the compiled core checks for exactly a tuple
    assert type(compiled.top()) is frames.Action and compiled.top().only is None


def test_a_compiled_position_copied_for_the_reference_gets_named_frames() -> None:
    require_built(CompiledTwilightState, "the compiled engine")
    s = GAME.with_implementation("compiled").new_initial_state(seed=2)
    assert all(type(f) is tuple for f in s.stack)
    copy = s.pure_copy()
    assert copy.stack == s.stack
    assert [type(f) for f in copy.stack] == [frames.Setup] * len(s.stack)
