"""The hashed observation vector (needs only NumPy, so it runs without the extra too)."""

from __future__ import annotations

import numpy as np
import pytest

from realpolitik.engine import load_game
from realpolitik.interop import encoding
from tests.interop.conftest import game_counts


def test_features_name_numbers_strings_lists_and_set_membership() -> None:
    obs = {"vp": -3, "china": {"holder": "US", "face_up": True}, "hand": [7, 31], "winner": None}
    assert encoding.features(obs) == [
        ("vp", -3.0),
        ("china/holder=US", 1.0),
        ("china/face_up", 1.0),
        ("hand/0", 7.0),
        ("hand∋7", 1.0),
        ("hand/1", 31.0),
        ("hand∋31", 1.0),
        ("winner=null", 1.0),
    ]


def test_a_hand_is_a_set_whatever_its_order_in_the_membership_features() -> None:
    a = dict(encoding.features({"hand": [7, 31]}))
    b = dict(encoding.features({"hand": [31, 7]}))
    assert {k for k in a if "∋" in k} == {k for k in b if "∋" in k} == {"hand∋7", "hand∋31"}


def test_the_vector_has_a_fixed_size_and_is_the_same_in_every_call() -> None:
    v1 = encoding.encode({"vp": 2, "hand": [1, 2, 3]})
    v2 = encoding.encode({"vp": 2, "hand": [1, 2, 3]})
    assert v1.shape == (encoding.SIZE,) and v1.dtype == np.float32
    assert np.array_equal(v1, v2)
    # each feature's value lands, signed, in its bucket (sums where two collide)
    want = np.zeros(encoding.SIZE)
    for name, value in encoding.features({"vp": 2, "hand": [1, 2, 3]}):
        bucket, sign = encoding._SLOTS[name]
        assert 0 <= bucket < encoding.SIZE and sign in (-1.0, 1.0)
        want[bucket] += sign * value
    assert np.allclose(v1, want)


def test_different_observations_give_different_vectors() -> None:
    assert not np.array_equal(encoding.encode({"vp": 2}), encoding.encode({"vp": 3}))
    assert not np.array_equal(encoding.encode({"hand": [1]}), encoding.encode({"hand": [2]}))


def test_data_that_is_not_json_is_refused() -> None:
    with pytest.raises(TypeError, match="at 'x'"):
        encoding.encode({"x": object()})


@pytest.mark.parametrize(("name", "players"), game_counts())
def test_every_game_observation_encodes(name: str, players: int) -> None:
    state = load_game(name).new_initial_state(players=players, seed=4)
    for seat in range(players):
        vec = encoding.encode(state.observation(seat))
        assert vec.shape == (encoding.SIZE,)
        assert np.isfinite(vec).all() and np.count_nonzero(vec) > 0
