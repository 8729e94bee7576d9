"""Bot specs, inside saves and on the command line: every budget bounded, every seed in the one
seed domain, weights files read like saves (regular files of bounded size only), and a save's
bot spec read only once the save's own checks hold. Plus the other bounds a user can reach:
tournament game counts, benchmark seconds, and the expectimax bot's time cap."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import realpolitik.ai.expectimax as expectimax_module
from realpolitik.ai.bots import MAX_SAMPLES, ExpectimaxBot, make_bot
from realpolitik.ai.tournament import MAX_GAMES
from realpolitik.cli.common import CliError
from realpolitik.cli.saves import build_save, digest_of, read_game_file
from realpolitik.engine import load_game
from realpolitik.engine.core.api import SEED_MAX
from tests.cli.conftest import assert_one_line_error
from tests.fuzz.paths import special_path

WEIGHTS = ["/dev/zero", "/dev/null", "fifo", "folder", "loop", "huge"]


@pytest.mark.parametrize("kind", WEIGHTS)
def test_a_special_weights_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = special_path(tmp_path, kind)
    for bot in ("ismcts", "mcts", "heuristic", "expectimax"):
        with pytest.raises(ValueError, match=f"weights file {path}"):
            make_bot(f"{bot}:weights={path}")


def _save_with_ai(tmp_path: Path, ai: str, good_digest: bool = True) -> Path:
    state = load_game("ideology").new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    obj = build_save(state, [0], "random", None, 4)
    obj["ai"] = ai
    obj["digest"] = digest_of(obj) if good_digest else "sha256:" + "0" * 64
    path = tmp_path / "s.json"
    path.write_text(json.dumps(obj))
    return path


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "huge"])
def test_a_save_naming_special_weights_is_refused_by_every_door(cli, tmp_path: Path, kind: str) -> None:
    weights = special_path(tmp_path, kind)
    save = _save_with_ai(tmp_path, f"ismcts:iters=5,weights={weights}")
    for args in (
        ("replay", str(save)),
        ("hint", "ideology", "--load", str(save), "--iters", "5"),
        ("play", "ideology", "--load", str(save)),
        ("review", str(save), "--level", "easy", "--workers", "1"),
    ):
        r = cli(*args, input="")
        assert_one_line_error(r, "cannot load", "field 'ai'", f"weights file {weights}")
    for args in (
        ("play", "ideology", "--ai", f"ismcts:weights={weights}"),
        ("tournament", "ideology", "--bot", f"a=ismcts:weights={weights}", "--bot", "b=random",
         "--games", "2", "--out", str(tmp_path / "r.jsonl")),
    ):  # fmt: skip
        r = cli(*args, input="")
        assert_one_line_error(r, f"weights file {weights}")


def test_an_edited_save_is_refused_before_its_bot_spec_is_read(tmp_path: Path) -> None:
    """The digest is checked before the bot is built: an edited save reads no weights file."""
    weights = special_path(tmp_path, "fifo")  # reading it would block
    save = _save_with_ai(tmp_path, f"ismcts:weights={weights}", good_digest=False)
    with pytest.raises(CliError, match="the digest does not match"):
        read_game_file(str(save))


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_a_bot_seed_is_in_the_one_seed_domain(seed: int) -> None:
    for bot in ("random", "ismcts:iters=5", "expectimax"):
        spec = f"{bot}{',' if ':' in bot else ':'}seed={seed}"
        if 0 <= seed <= SEED_MAX:
            assert make_bot(spec).spec.endswith(f"seed={seed}")
        else:
            with pytest.raises(ValueError, match=f"seed must be an integer >= 0 and <= {SEED_MAX}"):
                make_bot(spec)


@pytest.mark.parametrize("seed", ["-1", "99999999999999999999999999"])
def test_a_save_with_a_seed_out_of_domain_is_refused(cli, tmp_path: Path, seed: str) -> None:
    r = cli("play", "ideology", "--ai", f"ismcts:iters=20,seed={seed}", input="")
    assert_one_line_error(r, "seed must be an integer >= 0")
    save = _save_with_ai(tmp_path, f"ismcts:iters=20,seed={seed}")
    assert_one_line_error(cli("replay", str(save)), "cannot load", "field 'ai'", "seed must be")


@given(st.integers(min_value=0, max_value=10**7))
def test_expectimax_samples_are_bounded(samples: int) -> None:
    spec = f"expectimax:samples={samples}"
    if 1 <= samples <= MAX_SAMPLES:
        assert make_bot(spec).samples == samples  # type: ignore[attr-defined]
    else:
        with pytest.raises(ValueError, match=f"samples must be an integer >= 1 and <= {MAX_SAMPLES}"):
            make_bot(spec)


class _Clock:
    """A clock that moves one second at every reading: a deadline passes after so many
    readings, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("game", ["twilight", "ideology"])
def test_expectimax_honours_its_time_cap(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    import realpolitik.ai.builtin_bots as bots_module

    clock = _Clock()
    monkeypatch.setattr(expectimax_module, "perf_counter", clock)
    monkeypatch.setattr(bots_module, "perf_counter", clock)
    state = load_game(game).new_initial_state(seed=1)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    bot = make_bot("expectimax:depth=8,time=50")
    assert isinstance(bot, ExpectimaxBot)
    assert bot.step(state, seat) in state.legal_actions()
    assert clock.now < 200  # a depth-8 search would read the clock millions of times
    clock.now = 0.0
    analysis = bot.analyse(state, seat)
    assert analysis.moves and clock.now < 400


def test_hint_takes_a_time_cap_for_expectimax(cli, tmp_path: Path) -> None:
    save = _save_with_ai(tmp_path, "random")
    r = cli("hint", "ideology", "--load", str(save), "--bot", "expectimax:depth=1", "--time", "5")
    assert r.exit_code == 0, r.output
    r = cli("hint", "ideology", "--load", str(save), "--bot", "expectimax:depth=2,samples=1000000")
    assert_one_line_error(r, "samples must be")


@pytest.mark.parametrize("games", [str(MAX_GAMES + 1), "99999999999999999999"])
def test_tournament_games_are_capped_before_any_work(cli, tmp_path: Path, games: str) -> None:
    out = tmp_path / "r.jsonl"
    r = cli(
        "tournament",
        "ideology",
        "--bot",
        "a=random",
        "--bot",
        "b=random",
        "--games",
        games,
        "--out",
        str(out),
    )
    assert_one_line_error(r, f"games must be an integer from 1 to {MAX_GAMES:,}")
    assert not out.exists()


@pytest.mark.parametrize("seconds", ["1e308", "inf", "nan", "601", "0.01"])
def test_bench_seconds_are_bounded(cli, seconds: str) -> None:
    r = cli("bench", "ideology", "--seconds", seconds)
    assert r.exit_code == 2 and "--seconds must be from 0.1 to 600" in r.output
