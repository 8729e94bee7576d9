"""Every game draws itself through one typed ``Presentation``: the base is the generic drawing
(every hook callable, built on the ``State`` interface alone), and each game's subclass
reaches every drawing function its ``render`` module offers, so the CLI looks nothing up by
name."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest
from rich.text import Text

from realpolitik.engine import available_games, load_game
from realpolitik.engine.core.presentation import (
    GENERIC_MOVES_HELP,
    Drawable,
    Presentation,
    choices_by_verb,
)

HOOKS = {
    "board": ("board",),
    "render": ("board", "map_view"),
    "map_view": ("map_view",),
    "tracks": ("tracks",),
    "hand": ("hand",),
    "status": ("status",),
    "round_key": ("round_key",),
    "question": ("question",),
    "choices": ("choices",),
    "default_choice": ("default_choice",),
    "describe_action": ("describe_action",),
    "describe_change": ("describe_change",),
    "move_odds": ("move_odds",),
    "move_danger": ("move_danger",),
    "why_illegal": ("why_illegal",),
    "explain": ("explain",),
    "turn_number": ("turn_number",),
    "score_text": ("score_text",),
    "show": ("show",),
    "result": ("result",),
    "HELP": ("moves_help",),
    "LEGEND": ("legend",),
    "SHOW_TOPICS": ("show_topics",),
    "REDRAW_AFTER_OWN_MOVE": ("redraw_after_own_move",),
}
"""A ``render`` module's function or text -> the presentation's members that must use it (the
names the CLI once looked up in the module)."""


def _overrides(cls: type[Presentation], member: str) -> bool:
    return any(member in vars(k) for k in cls.__mro__ if k is not Presentation and k is not object)


@pytest.mark.parametrize("name", available_games())
def test_a_games_presentation_reaches_every_drawing_function_of_its_render_module(name: str) -> None:
    game = load_game(name)
    pres = game.presentation()
    assert isinstance(pres, Presentation) and type(pres) is not Presentation
    module = sys.modules[type(pres).__module__]
    offered = [hook for hook in HOOKS if hasattr(module, hook)]
    assert {"question", "choices", "result", "HELP", "LEGEND"} <= set(offered)
    missing = [m for hook in offered for m in HOOKS[hook] if not _overrides(type(pres), m)]
    assert not missing, f"{name}: the render module offers these, the presentation ignores them"
    assert pres.moves_help == module.HELP and pres.legend == module.LEGEND


@pytest.mark.parametrize("name", available_games())
def test_the_presentation_draws_what_the_render_module_draws(name: str) -> None:
    game = load_game(name)
    pres = game.presentation()
    module = sys.modules[type(pres).__module__]
    state = game.new_initial_state(seed=5)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert pres.question(state) == module.question(state)
    assert pres.choices(state, state.legal_actions()) == module.choices(state, state.legal_actions())
    assert pres.result(state) == module.result(state)
    drawn = pres.board(state, 0)
    assert isinstance(drawn, str | Drawable)
    if hasattr(module, "render"):  # the line-mode board is the whole table in colour, 80 columns
        assert drawn == module.render(state, 0, width=80, color=True)


def test_every_hook_of_the_base_is_the_generic_drawing() -> None:
    game = load_game("twilight")
    state = game.new_initial_state(seed=2)
    pres = Presentation()
    board = pres.board(state, 0)
    assert isinstance(board, str) and board.splitlines()[0] == "\x1b[1mTwilight Struggle\x1b[0m"
    assert all(len(line) <= 78 for line in board.splitlines()[1:])
    assert pres.map_view(state, 0, 60) == board
    assert pres.tracks(state, 0, 60) is None and pres.hand(state, 0, 60) is None
    assert pres.status(state, 0) == "0 actions played | scores: USSR 0, US 0"
    assert pres.round_key(state) is None and pres.turn_number(state) is None
    assert pres.question(state) == "USSR to move"
    actions = state.legal_actions()
    assert pres.choices(state, actions) == [(None, [(a, state.action_to_string(a)) for a in actions])]
    assert pres.default_choice(state) is None
    assert pres.describe_action(state, actions[0], 0) == f"USSR: {state.action_to_string(actions[0])}"
    after = state.clone()
    after.apply_action(actions[0])
    assert pres.describe_change(state, actions[0], after, 0) == []
    assert pres.move_odds(state, actions[0]) is None and pres.move_danger(state, actions[0]) is None
    assert pres.why_illegal(state, "coup Iran") is None
    assert pres.explain(state, after, 0).startswith("the evaluation for USSR goes ")
    assert pres.score_text(state) == "USSR 0, US 0"
    with pytest.raises(ValueError, match="nothing called 'nowhere' to show; try: "):
        pres.show(state, 0, "nowhere")
    assert pres.result(state) == "the game is not over"
    assert pres.moves_help == GENERIC_MOVES_HELP and pres.legend == ""
    assert pres.show_topics == "a key of the observation" and pres.redraw_after_own_move is False


def test_every_public_method_of_the_base_is_documented_and_typed() -> None:
    for name, fn in inspect.getmembers(Presentation, inspect.isfunction):
        if name.startswith("_"):
            continue
        assert fn.__doc__, name
        assert "return" in fn.__annotations__, name


def test_what_a_game_draws_with_rich_is_a_drawable_and_the_core_needs_no_rich() -> None:
    assert isinstance(Text("x"), Drawable) and not isinstance("x", Drawable)
    code = "import sys, realpolitik.engine.core.presentation; print('rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_choices_by_verb_puts_the_other_moves_first_then_one_titled_group_per_verb() -> None:
    class Texts:
        def action_to_string(self, action: int) -> str:
            return ("pass", "move to A", "build town", "move to B", "done", "buy card")[action]

    groups = choices_by_verb(Texts(), [0, 1, 2, 3, 4, 5], ("move", "build", "sell"))  # type: ignore[arg-type]
    assert groups == [
        (None, [(0, "pass"), (4, "done"), (5, "buy card")]),
        ("build", [(2, "build town")]),
        ("move", [(1, "move to A"), (3, "move to B")]),
    ]
    assert choices_by_verb(Texts(), [2], ("build",)) == [("build", [(2, "build town")])]  # type: ignore[arg-type]
