"""The Ideology self-play bench's command line."""

import json

from realpolitik.ai.bots import split_specs


def test_bot_list_keeps_each_specs_parameters() -> None:
    assert split_specs("ismcts:iters=1000,c=0.3,weights=w.json,heuristic,random") == [
        "ismcts:iters=1000,c=0.3,weights=w.json",
        "heuristic",
        "random",
    ]
    assert split_specs("heuristic") == ["heuristic"]
    assert split_specs("heuristic:follow=8,ismcts:iters=10, heuristic,") == [
        "heuristic:follow=8",
        "ismcts:iters=10",
        "heuristic",
    ]


def test_seat_replay_with_the_same_bot_reproduces_each_game(tmp_path, capsys) -> None:
    from realpolitik.bench import ideology_seats
    from realpolitik.bench.ideology_balance import play_one

    rows = [play_one((seed, 3, ["heuristic", "random", "heuristic"], "reconstructed", 6)) for seed in (1, 2)]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for row in rows:
        assert ideology_seats.replay((row, 1, "random", "reconstructed", 30)) == row["returns"][1]
    ideology_seats.main([str(path), "--bot", "random", "--instead", "random"])
    out = capsys.readouterr().out
    won = sum(r["returns"][1] for r in rows)
    share = f"{won:g} ({won / 2:.0%})"
    assert f"  {'all games':<24}    2 games: random won {share}, random {share}\n" in out
