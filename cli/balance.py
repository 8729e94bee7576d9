"""``realpolitik balance``: is a game (or a variant of it) balanced, and what did a change do?

Self-play games with the tournament's machinery (seeds, seat rotation, worker pool, resumable
results file, its protections), each row also holding the final position's balance facts
(``HasBalanceFacts``). The figures come from ``ai.balance``; this module parses options, shows
a progress bar, prints the tables (or one JSON object) and draws ``--plot``.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from realpolitik.ai.balance import Lines, compare, game_lines, summarize_balance
from realpolitik.ai.bots import bot_names, split_specs
from realpolitik.ai.tournament import (
    MAX_GAMES,
    Outcome,
    ResultsFile,
    TournamentConfig,
    make_config,
    run_games,
)
from realpolitik.ai.tournament.config import game_ref
from realpolitik.cli.common import (
    CliError,
    check_seed_option,
    chosen_game,
    friendly_errors,
    game_by_name,
    game_options,
    make_console,
)
from realpolitik.cli.jobs import (
    AddressOption,
    Backend,
    BackendOption,
    GamesWorkersOption,
    Progress,
    QuietOption,
    Work,
)
from realpolitik.cli.options import DataOption, GameOptionsOption, ResumeOption, VariantOption, json_option
from realpolitik.cli.outputs import check_plot_path, plot_option, write_plot
from realpolitik.engine import data_in_use, use_data
from realpolitik.engine.core.api import Game, check_players

__all__ = ["against_path", "balance_cmd", "plot_balance"]

FLAT_LABELS = 3
"""The most bars whose labels a plot writes flat under its axis; more are turned so that they fit."""


def _bot_list(bot: str | None, bots: str | None, players: int | None, game: Game) -> list[tuple[str, str]]:
    """``(name, spec)`` per seat: ``--bot`` in every seat, or ``--bots`` one per seat (a spec
    given twice is named ``spec#2``…)."""
    if bot is not None and bots is not None:
        raise CliError("give --bot SPEC (every seat) or --bots SPEC,SPEC,... (one per seat), not both")
    specs = split_specs(bots) if bots is not None else [bot or "random"]
    if not specs:
        raise CliError("--bots is empty; e.g. --bots heuristic,random")
    if bots is None or len(specs) == 1:
        n = players if players is not None else check_players(game.spec, None)
        specs = specs * n
    elif players is not None and players != len(specs):
        raise CliError(f"--players {players} but --bots names {len(specs)} bots: give one per player")
    out: list[tuple[str, str]] = []
    for i, spec in enumerate(specs):
        k = specs[:i].count(spec)
        out.append((spec if k == 0 and specs.count(spec) == 1 else f"{spec}#{k + 1}", spec))
    return out


def against_path(out: Path) -> Path:
    """Where the compared set's games go beside ``--out``: ``r.jsonl`` -> ``r.against.jsonl``."""
    return out.with_name(f"{out.stem}.against{out.suffix}")


class _Progress(Progress):
    """The progress bar, with the count of games stopped by an engine error."""

    def __init__(self, total: int, done: int, enabled: bool) -> None:
        super().__init__(total, "game", enabled, initial=done)
        self.errors = 0

    def __call__(self, row: dict[str, Any]) -> None:
        self.update(1)

    def failed(self, count: int) -> None:
        self.errors += count
        if count:
            self.update(count)
            self.postfix(f"{self.errors} engine errors")


class _Arm:
    """One set of games: its configuration, results file and what came of it."""

    def __init__(self, label: str, cfg: TournamentConfig, path: Path, resume: bool) -> None:
        self.label, self.cfg, self.path = label, cfg, path
        self.results = ResultsFile(path, cfg, resume=resume)
        self.failures: list[Outcome] = []

    def note(self) -> None:
        r = self.results
        if r.invalid_count or r.duplicates or r.truncated:
            typer.echo(
                f"note: {self.path}: skipped {r.invalid_count} invalid and {r.duplicates} repeated "
                f"lines, cut {r.truncated} bytes of an unfinished last line",
                err=True,
            )

    def lines(self, seats: Sequence[str], by_bot: bool) -> dict[int, Lines]:
        out: dict[int, Lines] = {}
        for row in self.results.iter_done():
            lines = game_lines(row, seats)
            if by_bot:
                for seat, ret in zip(row["seats"], row["returns"]):
                    x, c = lines.get(("bot", seat["bot"]), (0.0, 0.0))
                    lines[("bot", seat["bot"])] = (x + ret, c + 1.0)
            out[row["game_id"]] = lines
        return out

    def errors(self) -> dict[str, Any]:
        first = self.failures[0] if self.failures else None
        return {
            "count": len(self.failures),
            "first": None if first is None else f"game {first.game_id}: {first.error}",
        }


def _with_bots(summary: dict[str, Any], lines: dict[int, Lines]) -> dict[str, Any]:
    """The summary with each bot's share (only when the seats hold different bots)."""
    totals: dict[str, list[float]] = {}
    for game in lines.values():
        for key, (x, c) in game.items():
            if key[0] == "bot":
                acc = totals.setdefault(key[1], [0.0, 0.0])
                acc[0] += x
                acc[1] += c
    if totals:
        from realpolitik.ai.stats import wilson_interval

        summary["bots"] = {
            name: {
                "games": int(c),
                "wins": x,
                "share": x / c if c else 0.0,
                "ci95": list(wilson_interval(x, int(c))),
            }
            for name, (x, c) in totals.items()
        }
    return summary


# --------------------------------------------------------------------------- the tables


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: Sequence[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def _share_table(title: str, first: str, shares: dict[str, Any], what: str = "wins") -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for col in ("games", what, "share", "95% CI"):
        table.add_column(col, justify="right")
    for name, s in shares.items():
        table.add_row(name, str(s["games"]), f"{round(s['wins'], 2):g}", _pct(s["share"]), _ci(s["ci95"]))
    return table


def _num(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def _show_summary(console: Any, s: dict[str, Any]) -> None:
    console.print(_share_table("win share by seat", "seat", s["seats"]))
    if s.get("bots"):
        console.print(_share_table("win share by bot", "bot", s["bots"]))
    if s["turn_order"]:
        console.print(_share_table("win share by place in the first turn order", "place", s["turn_order"]))
        f = s["first_player"]
        lo, hi = f["ci95"]
        console.print(
            f"first-player advantage: {100 * f['advantage'] + 0.0:+.1f} points over an even {_pct(f['even'])} "
            f"(95% CI {100 * lo:+.1f} to {100 * hi:+.1f})"
        )
    for what, shares in s["roles"].items():
        console.print(_share_table(f"win share by {what}", what, shares))
    if s["ends"]:
        console.print(_share_table("how games end", "end", s["ends"], what="ended so"))
    table = Table(title="length", title_justify="left")
    for col in ("in", "median", "10–90%", "min–max", "mean"):
        table.add_column(col, justify="left" if col == "in" else "right")
    for name, v in s["length"].items():
        table.add_row(
            name, _num(v["median"]), f"{_num(v['p10'])}–{_num(v['p90'])}",
            f"{_num(v['min'])}–{_num(v['max'])}", f"{v['mean']:.1f}",
        )  # fmt: skip
    console.print(table)
    if s["measures"]:
        console.print(_measures_table(s["measures"]))


def _measures_table(measures: dict[str, Any]) -> Table:
    """The game's own measures: mean per game or per seat with its 95% interval, and spread."""
    table = Table(title="the game's measures", title_justify="left")
    for col in ("measure", "per", "mean", "95% CI", "10–90%", "min–max"):
        table.add_column(col, justify="left" if col in ("measure", "per") else "right")
    for name, v in measures.items():
        ci = v["ci95"]
        table.add_row(
            name, v["per"], f"{v['mean']:.1f}", "" if ci is None else f"{ci[0]:.1f}–{ci[1]:.1f}",
            f"{_num(v['p10'])}–{_num(v['p90'])}", f"{_num(v['min'])}–{_num(v['max'])}",
        )  # fmt: skip
    return table


def _show_errors(console: Any, label: str, errors: dict[str, Any]) -> None:
    if errors["count"]:
        console.print(
            f"{label}engine errors: {errors['count']} games stopped with an error, left out of the "
            f"figures (first: {errors['first']})"
        )
    else:
        console.print(f"{label}engine errors: none")


def _show_comparison(console: Any, out: dict[str, Any]) -> None:
    comp = out["comparison"]
    table = Table(
        title=f"A: {out['a']['label']}  ·  B: {out['b']['label']}  ·  {comp['paired_games']} paired games",
        title_justify="left",
    )
    for col in ("line", "A", "B", "B − A", "95% CI", ""):
        table.add_column(col, justify="left" if col in ("line", "") else "right")
    for ln in comp["lines"]:
        mean = ln["section"] in ("length", "measure")
        fmt = (lambda x: f"{x:.1f}") if mean else _pct
        diff = f"{ln['diff']:+.1f}" if mean else f"{100 * ln['diff']:+.1f}"
        ci = ln["ci95"]
        if ci is None:
            shown, mark = "", ""
        else:
            shown = f"{ci[0]:+.1f} to {ci[1]:+.1f}" if mean else f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f}"
            mark = "*" if ci[0] > 0 or ci[1] < 0 else ""
        table.add_row(ln["line"], fmt(ln["a"]), fmt(ln["b"]), diff, shown, mark)
    console.print(table)
    console.print(
        "differences in points (shares) or in rounds, turns, decisions, actions and the game's "
        "measures (means); "
        "* marks a difference whose 95% interval leaves out 0"
    )


# --------------------------------------------------------------------------- the figure


def plot_balance(out: dict[str, Any], lines: dict[str, dict[int, Lines]], path: Path) -> None:
    """One PNG: win shares with 95% intervals by seat, by place in the first turn order and by
    role, and a histogram of the games' lengths; both sets side by side when compared."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    arms: list[str] = [k for k in ("a", "b") if k in out] or ["single"]
    summaries = {k: (out[k] if k in out else out) for k in arms}
    first = summaries[arms[0]]
    groups: list[tuple[str, str, list[str]]] = [("win share by seat", "seats", list(first["seats"]))]
    if first["turn_order"]:
        groups.append(("by place in the first turn order", "turn_order", list(first["turn_order"])))
    for what in first["roles"]:
        labels = sorted({lab for s in summaries.values() for lab in s["roles"].get(what, {})})
        groups.append((f"by {what}", f"roles/{what}", labels))
    fig = Figure(figsize=(4.2 * (len(groups) + 1), 4.4))
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(groups) + 1)
    width = 0.8 / len(arms)
    for ax, (title, where, labels) in zip(axes, groups):
        for j, arm in enumerate(arms):
            s = summaries[arm]
            table = s["roles"].get(where.split("/", 1)[1], {}) if where.startswith("roles/") else s[where]
            rates = [table[lab]["share"] if lab in table else 0.0 for lab in labels]
            err = [
                [
                    max(0.0, r - table[lab]["ci95"][0]) if lab in table else 0.0
                    for r, lab in zip(rates, labels)
                ],
                [
                    max(0.0, table[lab]["ci95"][1] - r) if lab in table else 0.0
                    for r, lab in zip(rates, labels)
                ],
            ]
            xs = [i - 0.4 + width * (j + 0.5) for i in range(len(labels))]
            name = f"{arm.upper()}: {summaries[arm]['label']}" if arm != "single" else None
            ax.bar(xs, rates, width, yerr=err, capsize=3, color=f"C{j}", label=name)
        turned = len(labels) > FLAT_LABELS
        ax.set_xticks(range(len(labels)), labels, rotation=30 if turned else 0, fontsize="small")
        ax.set_ylim(0, 1)
        ax.axhline(1 / len(first["seats"]), color="grey", linewidth=0.8, linestyle="--")
        ax.set_title(f"{title} (95% CI)", fontsize="medium")
        if len(arms) > 1:
            ax.legend(fontsize="small")
    hist = axes[-1]

    def spread(m: str) -> int:
        return len({g[("length", m)][0] for ls in lines.values() for g in ls.values() if ("length", m) in g})

    measure = next((m for m in ("rounds", "turns", "decisions") if spread(m) > 1), "actions")
    for j, arm in enumerate(arms):
        values = [g[("length", measure)][0] for g in lines[arm].values() if ("length", measure) in g]
        if values:
            name = f"{arm.upper()}: {summaries[arm]['label']}" if arm != "single" else None
            hist.hist(values, bins=min(30, max(5, len(set(values)))), alpha=0.6, color=f"C{j}", label=name)
    hist.set_title(f"length in {measure}", fontsize="medium")
    hist.set_ylabel("games")
    if len(arms) > 1:
        hist.legend(fontsize="small")
    games = " / ".join(str(s["games"]) for s in summaries.values())
    fig.suptitle(f"{out['title']}: {games} games, {out['players']} players, {out['bots_text']}")
    fig.tight_layout()
    write_plot(fig, path)


# --------------------------------------------------------------------------- the command


def _data_refs(game: Game, data: Path | None, against: Path | None) -> tuple[list[str], dict[str, str]]:
    """The game references of the two sets (``game_ref``: the data folder each reads, so the
    workers read it too) and what each set's label adds about its data (``--data``,
    ``--against-data``). Without either, the plain name for both and no label."""
    if data is None and against is None:
        return [game.spec.name, game.spec.name], {}
    name = game.spec.name
    before = data_in_use(name)
    folders = [before or ""]
    shown = [str(data) if data is not None else before or "packaged"]  # as the user typed it
    versions = [game.spec.version]
    if against is not None:
        other = game_by_name(name, against)
        folders.append(data_in_use(name) or "")
        shown.append(str(against))
        versions.append(other.spec.version)
        use_data(name, before or "")  # the first set's data again, until its games run
    refs = [game_ref(name, f) for f in folders]
    labels = {ref: f"; data {s} ({v})" for ref, s, v in zip(refs, shown, versions, strict=False)}
    return refs + refs[:1] * (2 - len(refs)), labels


def _options_label(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"


@contextlib.contextmanager
def _results_folder(out: Path | None) -> Iterator[Path | None]:
    """Without ``--out`` the rows go to a temporary folder removed afterwards."""
    if out is not None:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="realpolitik-balance-") as tmp:
        yield Path(tmp)


@friendly_errors
def balance_cmd(
    game: Annotated[str, typer.Argument(help="The game, e.g. ideology (see `realpolitik games`).")],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            min=1,
            help="Players (default: the number of --bots, else the fewest the game takes).",
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help=f"The bot in every seat (default random; {', '.join(bot_names())})."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="One bot per seat, comma-separated (ismcts:iters=500,c=0.3,heuristic); seats rotate game by game.",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games", min=1, help=f"Games to play (at most {MAX_GAMES:,}; each set when comparing)."
        ),
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Every game's seed derives from it.")] = 0,
    variant: VariantOption = None,
    option: GameOptionsOption = None,
    against_variant: Annotated[
        str | None,
        typer.Option(
            "--against-variant", help="Compare with the same games under this variant (paired seeds)."
        ),
    ] = None,
    against_option: Annotated[
        list[str] | None,
        typer.Option(
            "--against-option",
            help="Compare with the same games under this option NAME=VALUE (repeatable; over --option).",
        ),
    ] = None,
    data: DataOption = None,
    against_data: Annotated[
        Path | None,
        typer.Option(
            "--against-data",
            file_okay=False,
            help="Compare with the same games reading this data folder (paired seeds; "
            "the games compared read --data, else the packaged files).",
        ),
    ] = None,
    workers: GamesWorkersOption = None,
    backend: BackendOption = Backend.local,
    address: AddressOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Results file, one JSON line per game (compared games in OUT's name with .against).",
            dir_okay=False,
        ),
    ] = None,
    resume: ResumeOption = False,
    as_json: Annotated[bool, json_option("one JSON object instead of tables")] = False,
    plot: Annotated[Path | None, plot_option("Write a PNG of the win shares and lengths.")] = None,
    quiet: QuietOption = False,
) -> None:
    """How balanced GAME is under self-play: win share by seat, by place in the first turn order and by role, how games end and how long they last; with --against-variant or --against-option, what a change did, on the same seeds.

    Games that stop with an engine error are counted and left out of the figures. Each finished game is appended to OUT at once: run the same command again with --resume to finish a killed run.
    """
    check_seed_option(seed)
    work = Work.check(backend, workers, address, as_json=as_json, quiet=quiet)
    if resume and out is None:
        raise CliError("--resume needs --out (the results file to continue)")
    if plot is not None:
        check_plot_path(plot)
    g, options = chosen_game(game, data, option, variant)
    comparing = against_variant is not None or bool(against_option) or against_data is not None
    refs, data_labels = _data_refs(g, data, against_data)
    other: dict[str, Any] = {}
    if comparing:
        other = {**options, **game_options(g, against_option or (), against_variant)}
        if {**g.spec.options, **other} == {**g.spec.options, **options} and refs[0] == refs[1]:
            raise CliError(
                "--against-variant/--against-option/--against-data give the same options and data as the games compared"
            )
    seat_bots = _bot_list(bot, bots, players, g)
    cfgs = [
        (
            "A" if comparing else "",
            make_config(refs[0], seat_bots, games, seed=seed, options=options, facts=True),
        )
    ]
    if comparing:
        cfgs.append(("B", make_config(refs[1], seat_bots, games, seed=seed, options=other, facts=True)))
    n = cfgs[0][1].players
    for _, cfg in cfgs:  # the game checks the values at the door, not in the first game
        g.new_initial_state(players=n, seed=cfg.seed, **cfg.options)
    seats = list(g.spec.seats_for(n))
    by_bot = len({spec for _, spec in seat_bots}) > 1
    with _results_folder(out) as tmp, contextlib.ExitStack() as stack:
        base = out if out is not None else (tmp or Path(".")) / "balance.jsonl"
        arms: list[_Arm] = []
        for label, cfg in cfgs:
            path = against_path(base) if label == "B" else base
            arm = _Arm(label, cfg, path, resume)
            stack.callback(arm.results.close)
            arms.append(arm)
        for arm in arms:
            arm.note()
        total = sum(a.cfg.games for a in arms)
        done = sum(a.results.done_count() for a in arms)
        progress = _Progress(total, done, work.progress)
        try:
            if done < total:
                with work.open(todo=total - done, game=cfgs[0][1].game) as executor:
                    for arm in arms:
                        arm.failures = run_games(arm.results, executor, progress)
                        progress.failed(len(arm.failures))
        finally:
            progress.close()
        lines = {
            ("b" if a.label == "B" else "a" if a.label else "single"): a.lines(seats, by_bot) for a in arms
        }
    bots_text = ", ".join(dict.fromkeys(spec for _, spec in seat_bots))
    result: dict[str, Any] = {
        "game": g.spec.name,
        "title": g.spec.title,
        "players": n,
        "bot_specs": [spec for _, spec in seat_bots],
        "bots_text": bots_text,
        "seed": seed,
        "games_asked": games,
    }
    for arm in arms:
        key = "b" if arm.label == "B" else "a" if arm.label else "single"
        summary = _with_bots(summarize_balance(lines[key].values(), seats), lines[key])
        summary.update(
            options=dict(arm.cfg.options),
            label=_options_label(dict(arm.cfg.options)) + data_labels.get(arm.cfg.game, ""),
            errors=arm.errors(),
            results=None if out is None else str(arm.path),
        )
        if key == "single":
            result.update(summary)
        else:
            result[key] = summary
    if comparing:
        result["comparison"] = compare(lines["a"], lines["b"])
    played = [result[k]["games"] for k in ("a", "b") if k in result] or [result["games"]]
    if as_json:
        typer.echo(json.dumps(result))
    else:
        console = make_console()
        head = (
            f"{g.spec.title}: {n} players, {bots_text} in every seat"
            if not by_bot
            else (
                f"{g.spec.title}: {n} players, bots {', '.join(s for _, s in seat_bots)} rotating over the seats"
            )
        )
        console.print(head)
        if comparing:
            for k in ("a", "b"):
                console.print(f"{k.upper()}: {result[k]['label']}: {result[k]['games']} games")
                _show_errors(console, f"{k.upper()}: ", result[k]["errors"])
            _show_comparison(console, result)
        else:
            console.print(f"{result['label']}: {result['games']} games")
            _show_summary(console, result)
            _show_errors(console, "", result["errors"])
        if out is not None:
            console.print("results: " + ", ".join(str(a.path) for a in arms))
    if plot is not None and all(played):
        plot_balance(result, lines, plot)
    if not all(played):
        raise CliError("no game finished: every game stopped with an engine error (see above)")
