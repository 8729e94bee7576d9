"""`realpolitik bench`: the shape of its JSON, a game without compiled paths, and
bad input. (The figures themselves are measured, never asserted.)"""

from __future__ import annotations

import json

from realpolitik.engine.twilight import movegen

KEYS = {"playouts_per_s", "steps_per_s", "clone_us", "legal_actions_us", "ismcts_iters_per_s"}


def test_twilight_json_has_pure_compiled_and_ratios(cli) -> None:
    r = cli("bench", "twilight", "--seconds", "0.1", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert KEYS | {"native_playouts_per_s"} <= set(out["pure"])
    if movegen.compiled() is None:
        assert out["compiled"] is None and "not built" in out["note"]
        return
    assert set(out["compiled"]) == set(out["pure"])
    assert set(out["ratio"]) == set(out["pure"])
    assert all(v > 0 for v in out["pure"].values()) and all(v > 0 for v in out["compiled"].values())


def test_a_game_without_compiled_paths_is_measured_pure_with_a_note(cli) -> None:
    r = cli("bench", "ideology", "--seconds", "0.1", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert KEYS <= set(out["pure"]) and out["compiled"] is None
    assert "no compiled hot paths" in out["note"]


def test_the_table_names_every_figure(cli) -> None:
    r = cli("bench", "twilight", "--seconds", "0.1")
    assert r.exit_code == 0, r.output
    for k in KEYS | {"native_playouts_per_s"}:
        assert k in r.output


def test_an_unknown_game_is_one_line_and_exit_2(cli) -> None:
    r = cli("bench", "chess", "--seconds", "0.1")
    assert r.exit_code == 2
    assert "error:" in r.output and "Traceback" not in r.output
