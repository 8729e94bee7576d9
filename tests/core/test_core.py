"""engine.core: registry, records, map graphs, errors."""

from __future__ import annotations

import pytest

from realpolitik.engine import available_games, game_specs, load_game
from realpolitik.engine.core.api import (
    DEFAULT_LEVELS,
    GameSpec,
    InvalidState,
    SearchDefaults,
    UnknownGame,
    check_players,
)
from realpolitik.engine.core.mapgraph import build_graph, freeze
from realpolitik.engine.core.records import load_record, make_record, replay
from realpolitik.engine.core.rng import shuffle, splitmix64


def test_registry_lists_and_loads_games_by_alias() -> None:
    assert "twilight" in available_games()
    assert load_game("TS") is load_game("twilight")
    assert [s.name for s in game_specs()] == available_games()


def test_every_alias_of_every_spec_loads_its_game() -> None:
    """Aliases are listed once, in the spec; the registry answers to every one of them, in any
    case and with surrounding spaces (``war_on_terror`` used to be listed but refused)."""
    for spec in game_specs():
        for alias in spec.aliases:
            assert load_game(alias).spec.name == spec.name, alias
            assert load_game(f" {alias.upper()} ") is load_game(spec.name), alias
    assert load_game("war_on_terror").spec.name == "waronterror"


def test_unknown_game_names_the_choices() -> None:
    for name in ("chess", "war on terror", ""):
        with pytest.raises(UnknownGame) as err:
            load_game(name)
        assert f"unknown game '{name}'" in str(err.value)
        assert str(err.value).endswith("available: " + ", ".join(available_games()))


def test_fixed_count_game_starts_without_players() -> None:
    state = load_game("twilight").new_initial_state(seed=1)
    assert state.num_players() == 2


def test_bad_player_count_and_option_are_refused() -> None:
    game = load_game("twilight")
    with pytest.raises(InvalidState, match="players"):
        game.new_initial_state(players=3)
    with pytest.raises(InvalidState, match="unknown option 'fog'"):
        game.new_initial_state(seed=1, fog=True)
    spec: GameSpec = game.spec
    assert check_players(spec, None) == 2


def test_record_validation_names_the_field() -> None:
    game = load_game("twilight")
    good = make_record(game, seed=3, players=2, options={}, actions=[])
    assert load_record(good, game)["seed"] == 3
    for field, value, msg in [
        ("format", "x", "format"),
        ("format_version", 99, "format_version"),
        ("game", "chess", "game"),
        ("game_version", "old", "game_version"),
        ("seed", "three", "seed"),
        ("actions", [1, "two"], "actions"),
        ("actions", [10**9], "out of range"),
    ]:
        bad = dict(good)
        bad[field] = value
        with pytest.raises(InvalidState, match=msg):
            load_record(bad, game)
    bad = dict(good)
    del bad["options"]
    with pytest.raises(InvalidState, match="options"):
        load_record(bad, game)
    with pytest.raises(InvalidState, match="JSON object"):
        load_record([1, 2], game)


def test_replay_reports_the_first_bad_action() -> None:
    game = load_game("twilight")
    state = game.new_initial_state(seed=2)
    first = state.legal_actions()[0]
    rec = make_record(game, seed=2, players=2, options={}, actions=[first, 0])
    with pytest.raises(InvalidState, match=r"actions\[1\]"):
        replay(game, rec)


def test_map_graph_freezes_to_index_arrays() -> None:
    g = build_graph(["a", "b", "c"], [("a", "b"), ("b", "c")], "t.csv")
    fm = freeze(g, ["a", "b", "c"])
    assert fm.neighbours == ((1,), (0, 2), (1,))
    assert fm.neighbour_mask == (0b010, 0b101, 0b010)
    with pytest.raises(InvalidState, match="unknown place 'd'"):
        build_graph(["a"], [("a", "d")], "t.csv")


def test_rng_is_deterministic() -> None:
    a, b = list(range(20)), list(range(20))
    assert shuffle(a, 5) == shuffle(b, 5) and a == b
    assert splitmix64(1) != splitmix64(2)


def test_search_defaults_live_beside_the_spec_not_in_it() -> None:
    """A game's spec says what the game is; how the computer plays it (levels, search
    settings) is its ``SearchDefaults``, with the core's defaults where a game names none."""
    spec_fields = set(GameSpec.__dataclass_fields__)
    search_fields = set(SearchDefaults.__dataclass_fields__)
    assert search_fields == {"levels", "player_levels", "heuristic_follow", "c", "others", "prior"}
    assert not spec_fields & (search_fields | {"search_c", "search_others"})
    plain = SearchDefaults()
    assert dict(plain.levels) == dict(DEFAULT_LEVELS) and plain.levels_for(3) == dict(DEFAULT_LEVELS)
    for name in available_games():
        assert isinstance(load_game(name).search, SearchDefaults), name
    ideology = load_game("ideology").search
    assert ideology.levels_for(5)["normal"] == ideology.player_levels[5]["normal"]
    assert ideology.levels_for(4) == dict(ideology.levels)


def test_the_determinization_shuffle_is_random_shuffle() -> None:
    """``core.rng.shuffle_with`` (every game's determinization shuffle) is an inlined
    Fisher-Yates: the same draws and the same permutation as ``random.Random.shuffle``."""
    import random

    from realpolitik.engine.core.rng import shuffle_with

    for seed in range(40):
        items = [t % 3 for t in range(seed % 37)] + list(range(seed % 5))
        a, b = items[:], items[:]
        ra, rb = random.Random(seed), random.Random(seed)
        ra.shuffle(a)
        shuffle_with(b, rb)
        assert a == b, seed
        assert ra.getrandbits(64) == rb.getrandbits(64), seed  # the same draws consumed
