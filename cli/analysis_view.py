"""How a hint looks at the terminal: the ranked moves (visits, value, win chance) and the
principal line, wrapped to the screen (``play``'s ``hint`` command and ``realpolitik hint``)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from realpolitik.ai.analysis import Analysis
from realpolitik.cli.screen import Renderer
from realpolitik.engine.core.api import State

__all__ = ["NOISE_NOTE", "explain_top", "print_analysis", "wrap"]

NOISE_NOTE = (
    "The top moves are within the search's noise (each value inside the other's 95% interval): "
    "either may be best; a longer search (realpolitik hint --iters N) can tell them apart."
)
"""Said under a hint whose top two moves the search cannot tell apart."""

MOVE_WIDTH = 44
"""Columns of the move in a hint's table; a longer move is cut with ``...``."""


def print_analysis(
    console: Console,
    analysis: Analysis,
    top: int,
    numbers: dict[int, int] | None = None,
    explanation: str | None = None,
) -> None:
    """Print ranked moves (visits, value, win chance), why the top move (one line from the
    evaluator's terms) and the principal line (other seats' moves in it are expected replies
    from sampled hands, marked so)."""
    a = analysis
    moves = a.moves[:top]
    console.print(
        Text(
            f"Hint for {a.seat_name} ({a.bot}, {a.iterations} iterations, {a.elapsed:.1f}s):",
            style="bold",
        )
    )
    console.print(Text(f"  {'#':>3}  {'move':<{MOVE_WIDTH}} {'visits':>6} {'value':>6} {'win':>5}"))
    for m in moves:
        num = numbers.get(m.action) if numbers else None
        value = f"{m.mean:.3f}" if m.mean is not None else "-"
        win = f"{m.win_prob * 100:.0f}%" if m.win_prob is not None else "-"
        text = m.text if len(m.text) <= MOVE_WIDTH else m.text[: MOVE_WIDTH - len("...")] + "..."
        console.print(
            Text(f"  {num if num else '':>3}  {text:<{MOVE_WIDTH}} {m.visits:>6} {value:>6} {win:>5}")
        )
    if a.within_noise:
        for chunk in wrap(NOISE_NOTE, 78):
            console.print(Text(chunk))
    if explanation and moves:
        for chunk in wrap(f"Why {moves[0].text}: {explanation}", 78):
            console.print(Text(chunk))
    pv = a.pv
    if pv:
        line = "Principal line: " + " -> ".join(pv)
        for chunk in wrap(line, 78):
            console.print(Text(chunk))


def explain_top(renderer: Renderer, state: State, analysis: Analysis) -> str:
    """The one-line reason for the top move: the evaluator's terms that change most between
    the position and the one after the move and the own moves the line plays next."""
    from realpolitik.cli.advice import own_line

    if not analysis.moves:
        return ""
    after = own_line(state, analysis.seat, analysis.pv or [analysis.moves[0].text])
    return renderer.explain(state, after, analysis.seat)


def wrap(text: str, width: int, indent: int = 4) -> list[str]:
    """Wrap at spaces; continuation lines are indented by ``indent``."""
    if len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    words = text.strip(" ").split(" ")
    out: list[str] = []
    cur = " " * lead
    for w in words:
        if cur.strip() and len(cur) + 1 + len(w) > width:
            out.append(cur)
            cur = " " * indent + w
        else:
            cur = f"{cur} {w}" if cur.strip() else cur + w
    if cur.strip():
        out.append(cur)
    return out
