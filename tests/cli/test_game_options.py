"""Game options from the command line: ``--option NAME=VALUE`` (and ``--variant``, its short
form) reach every command that creates a game the same way, checked before any game starts."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from realpolitik.bench.common import random_playout
from realpolitik.cli.common import CliError, game_options
from realpolitik.engine import load_game


def test_options_are_read_as_the_type_of_their_default() -> None:
    ideology = load_game("ideology")
    got = game_options(ideology, ["max_turns=12"], "rulebook")
    assert got == {"max_turns": 12, "variant": "rulebook"}
    assert game_options(load_game("twilight"), ["tournament=yes"]) == {"tournament": True}


@pytest.mark.parametrize(
    ("game", "texts", "variant", "said"),
    [
        (
            "twilight",
            [],
            "rulebook",
            "Twilight Struggle has no variants; its options: tournament (default False), "
            "edition (default 'seed'), optional_cards (default False)",
        ),
        ("twilight", ["speed=3"], None, "Twilight Struggle has no option 'speed'"),
        ("twilight", ["tournament"], None, "--option takes NAME=VALUE, not 'tournament'"),
        ("twilight", ["tournament=maybe"], None, "option 'tournament' is true or false, not 'maybe'"),
        ("ideology", ["max_turns=x"], None, "option 'max_turns' is a whole number, not 'x'"),
        ("ideology", ["variant=rulebook"], "rulebook", "option 'variant' is given twice"),
    ],
)
def test_a_bad_option_is_one_clear_message(
    game: str, texts: list[str], variant: str | None, said: str
) -> None:
    with pytest.raises(CliError, match=None) as err:
        game_options(load_game(game), texts, variant)
    assert said in str(err.value)


def test_games_json_lists_each_games_options(cli: Callable[..., Result]) -> None:
    rows = json.loads(cli("games", "--json").stdout)
    by_name = {r["name"]: r for r in rows}
    assert by_name["ideology"]["options"]["variant"] == "reconstructed"
    assert by_name["twilight"]["options"] == {
        "tournament": False,
        "edition": "seed",
        "optional_cards": False,
        "bid": "none",
    }


def test_twilight_edition_options_from_the_command_line() -> None:
    twilight = load_game("twilight")
    got = game_options(twilight, ["edition=deluxe"])
    assert got == {"edition": "deluxe"}
    state = twilight.new_initial_state(seed=2, **got)
    assert state.options["optional_cards"] is True
    assert game_options(twilight, ["edition=deluxe", "optional_cards=no"]) == {
        "edition": "deluxe",
        "optional_cards": False,
    }


def test_a_deluxe_save_reloads_and_replays_identically(cli: Callable[..., Result], tmp_path: Path) -> None:
    """A Deluxe game with its optional cards, 400 seeded random moves in: its record carries the
    options, reloads through both implementations to the same position, and `play --load`
    takes it."""
    game = load_game("twilight")
    state = game.new_initial_state(seed=5, edition="deluxe")
    random_playout(state, random.Random(5), max_steps=400)
    record = state.to_json()
    assert record["options"] == {
        "tournament": False,
        "edition": "deluxe",
        "optional_cards": True,
        "bid": "none",
    }
    for implementation in game.implementations():
        again = game.with_implementation(implementation).state_from_json(record)
        assert again.fingerprint() == state.fingerprint() and again.history == state.history
    save = tmp_path / "deluxe.json"
    save.write_text(json.dumps(record))
    r = cli("play", "twilight", "--load", str(save), "--ai", "random", input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output


def test_tournament_takes_the_variant_play_takes(cli: Callable[..., Result], tmp_path: Path) -> None:
    """Self-play on Ideology's rulebook data set from the CLI (before, only `play` took
    --variant): every row records the option, and a bad value is refused before any game."""
    out = tmp_path / "r.jsonl"
    args = ("tournament", "ideology", "--bot", "a=random", "--bot", "b=random", "--games", "2")
    r = cli(*args, "--out", str(out), "--variant", "rulebook", "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2 and all(row["options"] == {"variant": "rulebook"} for row in rows)

    bad = tmp_path / "bad.jsonl"
    r = cli(*args, "--out", str(bad), "--option", "variant=nonsense")
    assert r.exit_code == 1
    assert "'variant' must be one of reconstructed, rulebook, not 'nonsense'" in r.output
    assert "Traceback" not in r.output and not bad.exists()


def test_play_takes_options_and_refuses_them_with_a_save(cli: Callable[..., Result], tmp_path: Path) -> None:
    r = cli("play", "ideology", "--seed", "3", "--option", "max_turns=x", input="")
    assert r.exit_code == 1 and "option 'max_turns' is a whole number, not 'x'" in r.output
    save = tmp_path / "s.json"
    r = cli("play", "twilight", "--seed", "3", "--ai", "random", "--save", str(save), input="quit\n")
    assert save.exists(), r.output
    r = cli("play", "twilight", "--load", str(save), "--option", "tournament=true", input="quit\n")
    assert r.exit_code == 1
    assert "--players, --variant and --option cannot be combined with --load" in r.output
