"""The Ideology self-play bench's command line."""

from realpolitik.bench.ideology_balance import split_bots


def test_bot_list_keeps_each_specs_parameters() -> None:
    assert split_bots("ismcts:iters=1000,c=0.3,weights=w.json,heuristic,random") == [
        "ismcts:iters=1000,c=0.3,weights=w.json",
        "heuristic",
        "random",
    ]
    assert split_bots("heuristic") == ["heuristic"]
    assert split_bots("heuristic:follow=8,ismcts:iters=10, heuristic,") == [
        "heuristic:follow=8",
        "ismcts:iters=10",
        "heuristic",
    ]
