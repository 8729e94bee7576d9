"""``--data DIR`` in every command that creates a game, and ``realpolitik data GAME --export DIR``:
the user's files change the game, a bad file is one line naming file, line and field, and
records carry the data's digest."""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from realpolitik.engine import available_games, load_game, use_data
from tests.cli.conftest import assert_one_line_error

Cli = Callable[..., Result]

INVASION = load_game("invasion").spec.version
"""The packaged data's game version (``invasion-N``)."""

MUTHANNA = "Muthanna,MUT,province,south,2,4,"
"""The packaged territories.csv row the tests edit (line 4): Muthanna gives 2 oil."""


def export(cli: Cli, game: str, folder: Path, *more: str) -> None:
    r = cli("data", game, "--export", str(folder), *more)
    assert r.exit_code == 0, r.output


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def muthanna_oil(cli: Cli, folder: Path, oil: str) -> Path:
    """The invasion data exported to ``folder``, Muthanna's oil (2) written as ``oil``."""
    export(cli, "invasion", folder)
    edit(folder, "territories.csv", MUTHANNA, MUTHANNA.replace(",2,4,", f",{oil},4,"))
    return folder


@pytest.fixture
def rich_muthanna(cli: Cli, tmp_path: Path) -> Path:
    """The invasion data exported, Muthanna's oil raised from 2 to 5."""
    return muthanna_oil(cli, tmp_path / "rich", "5")


@pytest.fixture
def bad_muthanna(cli: Cli, tmp_path: Path) -> Path:
    """Muthanna's oil is not a number."""
    return muthanna_oil(cli, tmp_path / "bad", "lots")


def _played_record(state_game: str, folder: Path | None, path: Path, moves: int = 40) -> str:
    """A record of a seeded random game made under ``folder``'s data; returns its game version."""
    game = use_data(state_game, folder if folder is not None else "")
    try:
        state = game.new_initial_state(players=3, seed=4)
        rng = random.Random(4)
        while len(state.history) < moves and not state.is_terminal():
            acts = (
                [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            )
            state.apply_action(rng.choice(acts))
        path.write_text(json.dumps(state.to_json()), encoding="utf-8")
        return str(game.spec.version)
    finally:
        use_data(state_game, None)


@pytest.mark.parametrize("game", available_games())
def test_export_writes_the_packaged_files_and_a_readme_and_refuses_to_overwrite(
    cli: Cli, tmp_path: Path, game: str
) -> None:
    g = load_game(game)
    folder = tmp_path / "d"
    export(cli, game, folder)
    texts = g.packaged_data()  # type: ignore[attr-defined]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*texts, "README.txt"])
    for name, text in texts.items():
        assert (folder / name).read_text(encoding="utf-8") == text
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert f"realpolitik play {g.spec.name} --data DIR" in readme and all(n in readme for n in texts)
    (folder / next(iter(texts))).write_text("edited", encoding="utf-8")
    r = cli("data", game, "--export", str(folder))
    assert_one_line_error(r, "already holds", "--force", "nothing was written")
    assert (folder / next(iter(texts))).read_text(encoding="utf-8") == "edited"
    export(cli, game, folder, "--force")
    assert (folder / next(iter(texts))).read_text(encoding="utf-8") == next(iter(texts.values()))
    # the unedited copy is a valid data folder: the game loads from it
    r = cli("data", game, "--data", str(folder))
    assert r.exit_code == 0 and "+data-" in r.output, r.output
    assert load_game(game).spec.version == g.spec.version  # the command's data is gone after it


def test_export_of_a_variant_writes_its_own_files(cli: Cli, tmp_path: Path) -> None:
    export(cli, "ideology", tmp_path / "rb", "--variant", "rulebook")
    rulebook = load_game("ideology").packaged_data("rulebook")  # type: ignore[attr-defined]
    assert (tmp_path / "rb" / "advancements.csv").read_text(encoding="utf-8") == rulebook["advancements.csv"]
    assert_one_line_error(
        cli("data", "ideology", "--export", str(tmp_path / "x"), "--variant", "nope"), "nope"
    )
    assert_one_line_error(cli("data", "twilight", "--variant", "deluxe"), "has no variants")


def test_edited_data_changes_the_game_in_every_process(cli: Cli, rich_muthanna: Path, tmp_path: Path) -> None:
    """Muthanna at 5 oil: the board says so in this process, the version names the digest, and a
    tournament played by two worker processes records games under that version."""
    g = use_data("invasion", rich_muthanna)
    try:
        from realpolitik.engine.invasion.board import BOARD

        assert BOARD.oil[BOARD.territory("Muthanna")] == 5
        version = g.spec.version
        assert version.startswith(f"{INVASION}+data-")
    finally:
        use_data("invasion", None)
    from realpolitik.engine.invasion.board import BOARD as PACKAGED

    assert PACKAGED.oil[PACKAGED.territory("Muthanna")] == 2
    out = tmp_path / "t.jsonl"
    bots = ("--bot", "a=random", "--bot", "b=random", "--bot", "c=random")
    r = cli("tournament", "invasion", *bots, "--games", "4", "--workers", "2", "--out", str(out), "--json")
    plain = json.loads(r.stdout)
    r = cli(
        "tournament",
        "invasion",
        *bots,
        "--games",
        "4",
        "--workers",
        "2",
        "--out",
        str(tmp_path / "u.jsonl"),
        "--json",
        "--data",
        str(rich_muthanna),
    )
    assert r.exit_code == 0, r.output
    rich = json.loads(r.stdout)
    rows = [json.loads(x) for x in (tmp_path / "u.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and rich["game"].endswith(str(rich_muthanna.resolve()))
    assert [x["tournament"] for x in rows] != [
        json.loads(x)["tournament"] for x in out.read_text().splitlines()
    ]
    assert plain["game"] == "invasion"


def test_balance_compares_two_data_folders_on_paired_seeds(cli: Cli, rich_muthanna: Path) -> None:
    args = ("balance", "invasion", "--games", "4", "--workers", "1", "--json")
    r = cli(*args, "--against-data", str(rich_muthanna))
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["a"]["label"] == f"default options; data packaged ({INVASION})"
    assert out["b"]["label"].startswith(f"default options; data {rich_muthanna} ({INVASION}+data-")
    assert out["a"]["games"] == out["b"]["games"] == 4 and "comparison" in out
    r = cli(*args, "--data", str(rich_muthanna), "--against-data", str(rich_muthanna))
    assert_one_line_error(r, "give the same options and data")
    assert load_game("invasion").spec.version == INVASION


COMMANDS: dict[str, tuple[str, ...]] = {
    "play": ("play", "invasion", "--players", "3", "--seed", "1", "--ai", "random"),
    "tournament": (
        "tournament",
        "invasion",
        "--bot",
        "a=random",
        "--bot",
        "b=random",
        "--bot",
        "c=random",
        "--games",
        "1",
        "--out",
        "OUT",
    ),
    "balance": ("balance", "invasion", "--games", "1"),
    "train": ("train", "invasion", "--games", "2", "--out", "OUT"),
    "tune": ("tune", "invasion", "--pairs", "2", "--out", "OUT"),
    "data": ("data", "invasion"),
    "hint": ("hint", "invasion", "--load", "REC"),
    "replay": ("replay", "REC"),
    "review": ("review", "REC"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_names_the_file_line_and_field_of_a_bad_value(
    cli: Cli, bad_muthanna: Path, tmp_path: Path, command: str
) -> None:
    rec = tmp_path / "rec.json"
    _played_record("invasion", None, rec)
    args = [{"OUT": str(tmp_path / "out.json"), "REC": str(rec)}.get(a, a) for a in COMMANDS[command]]
    r = cli(*args, "--data", str(bad_muthanna), input="quit\n")
    where = bad_muthanna / "territories.csv"
    assert_one_line_error(r, f"{where} line 4: field 'oil' must be an integer, not 'lots'")
    assert not (tmp_path / "out.json").exists()
    r = cli(*args, "--data", str(tmp_path / "nowhere"), input="quit\n")
    assert_one_line_error(r, "--data:", "nowhere' is not a folder")
    assert load_game("invasion").spec.version == INVASION


def test_a_misspelt_file_is_refused_not_ignored(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "territory.csv").write_text("name\n", encoding="utf-8")
    r = cli("data", "invasion", "--data", str(tmp_path))
    assert_one_line_error(r, "territory.csv", "is not a file invasion reads", "territories.csv")


def test_a_record_names_its_data_and_replays_only_with_it(
    cli: Cli, rich_muthanna: Path, tmp_path: Path
) -> None:
    rec = tmp_path / "rec.json"
    version = _played_record("invasion", rich_muthanna, rec)
    digest = version.partition("+data-")[2]
    assert json.loads(rec.read_text())["game_version"] == version and digest
    r = cli("replay", str(rec), "--quiet")
    assert_one_line_error(
        r, f"made with a user's data folder with digest {digest}", "the packaged data", "--data"
    )
    r = cli("replay", str(rec), "--quiet", "--data", str(rich_muthanna))
    assert r.exit_code == 0 and "Not finished" in r.output, r.output
    edit(rich_muthanna, "territories.csv", ",5,4,", ",6,4,")
    r = cli("replay", str(rec), "--quiet", "--data", str(rich_muthanna))
    assert_one_line_error(r, f"digest {digest}", "a data folder with digest")
    plain = tmp_path / "plain.json"
    _played_record("invasion", None, plain)
    r = cli("hint", "invasion", "--load", str(plain), "--iters", "5", "--data", str(rich_muthanna))
    assert_one_line_error(r, "made with the packaged data", "a data folder with digest")


def test_a_save_made_with_data_carries_its_digest_and_loads_with_it(
    cli: Cli, rich_muthanna: Path, tmp_path: Path
) -> None:
    save = tmp_path / "s.json"
    args = ("play", "invasion", "--players", "3", "--seed", "2", "--ai", "random", "--save", str(save))
    r = cli(*args, "--data", str(rich_muthanna), input="1\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"Data from {rich_muthanna}" in r.output
    version = json.loads(save.read_text())["record"]["game_version"]
    assert version.startswith(f"{INVASION}+data-")
    r = cli("play", "invasion", "--load", str(save), "--ai", "random", input="quit\n")
    assert_one_line_error(r, "--data")
    r = cli("play", "invasion", "--load", str(save), "--data", str(rich_muthanna), input="quit\n")
    assert r.exit_code == 0, r.output


def test_twilight_data_runs_on_the_pure_reference_and_keeps_the_countries(cli: Cli, tmp_path: Path) -> None:
    """Twilight Struggle's compiled core reads the packaged data only: a user's files give the
    pure reference; the countries and cards stay the game's (events name them)."""
    folder = tmp_path / "ts"
    export(cli, "twilight", folder)
    uk = "uk,United Kingdom,europe,western_europe,5,0,"
    edit(folder, "countries.csv", uk, uk.replace(",5,0,", ",2,1,"))
    g = use_data("twilight", folder)
    try:
        from realpolitik.engine.twilight.board import BOARD

        uk_id = BOARD.country("uk")
        assert (BOARD.stability[uk_id], BOARD.battleground[uk_id]) == (2, True)
        assert g.implementations() == ("pure",)  # type: ignore[attr-defined]
        assert type(g.new_initial_state(seed=1)).__name__ == "PureTwilightState"
        assert g.spec.version.startswith("ts-seed-1+data-")
        importlib.import_module("realpolitik.engine.twilight.features")  # sets up the board loops
    finally:
        use_data("twilight", None)
    # the compiled loops are one per process: they keep the packaged board (UK stability 5)
    compiled = importlib.import_module("realpolitik.engine.twilight.movegen").compiled()
    if compiled is not None:
        inf = [0] * (2 * BOARD.n)
        inf[BOARD.n + uk_id] = 3
        assert not compiled.control(inf, 1) >> uk_id & 1
    edit(folder, "countries.csv", "uk,United Kingdom", "britain,United Kingdom")
    r = cli("data", "twilight", "--data", str(folder))
    assert_one_line_error(r, "countries.csv line ", "field 'adjacent' names unknown country 'uk'")
    path = folder / "countries.csv"
    path.write_text(re.sub(r"\buk\b", "britain", path.read_text(encoding="utf-8")), encoding="utf-8")
    r = cli("data", "twilight", "--data", str(folder))
    assert_one_line_error(r, "countries.csv line 1: field 'id'", "the countries must be the game's 84")


def test_the_environment_variable_still_names_a_data_folder(rich_muthanna: Path) -> None:
    env = {**os.environ, "REALPOLITIK_INVASION_DATA": str(rich_muthanna)}
    code = "from realpolitik.engine import load_game; print(load_game('invasion').spec.version)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.startswith(f"{INVASION}+data-")


def test_import_reads_a_data_folder_too(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text("nothing\n", encoding="utf-8")
    r = cli(
        "import", "twilight", str(log), "--out", str(tmp_path / "r.json"), "--data", str(tmp_path / "nowhere")
    )
    assert_one_line_error(r, "--data:", "nowhere' is not a folder")
