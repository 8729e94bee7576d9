"""How a hint looks at the terminal: the ranked moves (visits, value, win chance) and the
principal line, wrapped to the screen (``play``'s ``hint`` command and ``realpolitik hint``)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from realpolitik.ai.analysis import Analysis

__all__ = ["print_analysis", "wrap"]


def print_analysis(
    console: Console, analysis: Analysis, top: int, numbers: dict[int, int] | None = None
) -> None:
    """Print ranked moves (visits, value, win chance) and the principal line."""
    a = analysis
    moves = a.moves[:top]
    console.print(
        Text(
            f"Hint for {a.seat_name} ({a.bot}, {a.iterations} iterations, {a.elapsed:.1f}s):",
            style="bold",
        )
    )
    console.print(Text(f"  {'#':>3}  {'move':<44} {'visits':>6} {'value':>6} {'win':>5}"))
    for m in moves:
        num = numbers.get(m.action) if numbers else None
        value = f"{m.mean:.3f}" if m.mean is not None else "-"
        win = f"{m.win_prob * 100:.0f}%" if m.win_prob is not None else "-"
        text = m.text if len(m.text) <= 44 else m.text[:41] + "..."
        console.print(Text(f"  {num if num else '':>3}  {text:<44} {m.visits:>6} {value:>6} {win:>5}"))
    pv = a.pv
    if pv:
        line = "Principal line: " + " -> ".join(pv)
        for chunk in wrap(line, 78):
            console.print(Text(chunk))


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
