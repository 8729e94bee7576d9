"""The package's import graph: no circle between modules, and the layers import downwards only
(engine <- ai <- cli; bench and interop beside cli).

The graph is read from the installed package's sources with ``ast``, so it sees every import
that can run, those inside functions included. Imports under ``if TYPE_CHECKING:`` never run,
so they make no circle; they still count for the layers.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGES = ("engine", "ai", "cli", "bench", "interop")
ROOT = "realpolitik"

# Layer -> the layers it must never import.
FORBIDDEN = {
    "engine": ("ai", "cli", "bench", "interop"),
    "ai": ("cli", "bench", "interop"),
    "bench": ("cli",),
    "interop": ("cli", "bench"),
}

# Circles left in place, each with why: (the modules every one of its members starts with, why).
KNOWN_CIRCLES: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("realpolitik.engine.twilight.rules", "realpolitik.engine.twilight.events"),
        "Twilight Struggle's card events call the rules' helpers (scoring, placing influence), "
        "and the rules dispatch to the events the card modules register; undoing it means "
        "moving those helpers out of rules.py, a change to the rules module of its own.",
    ),
)


def _known(circle: frozenset[str]) -> bool:
    return any(all(m.startswith(prefixes) for m in circle) for prefixes, _ in KNOWN_CIRCLES)


def _modules() -> tuple[dict[str, Path], set[str]]:
    """(module name -> source file for every ``.py`` file of the five packages, the names of
    the compiled modules built from ``.pyx`` files)."""
    found: dict[str, Path] = {}
    compiled: set[str] = set()
    for package in PACKAGES:
        top = importlib.import_module(f"{ROOT}.{package}")
        for folder in map(Path, top.__path__):
            for path in sorted(folder.rglob("*.py")):
                parts = path.relative_to(folder).with_suffix("").parts
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                found[".".join((ROOT, package, *parts))] = path
            for path in folder.rglob("*.pyx"):
                compiled.add(".".join((ROOT, package, *path.relative_to(folder).with_suffix("").parts)))
            for suffix in EXTENSION_SUFFIXES:  # an installed wheel ships the built modules, no .pyx
                for path in folder.rglob(f"*{suffix}"):
                    rel = path.relative_to(folder)
                    compiled.add(".".join((ROOT, package, *rel.parent.parts, path.name.removesuffix(suffix))))
    return found, compiled


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, str, bool]]:
    """Every import in ``tree``: (module, name taken from it or "", whether it runs).

    ``from p import m`` gives ``("p", "m", …)``: the caller decides whether ``p.m`` is a module.
    ``importlib.import_module("p.m")`` with a literal name counts as ``import p.m``.
    """
    package = module if is_package else module.rpartition(".")[0]

    def walk(node: ast.AST, runs: bool) -> Iterator[tuple[str, str, bool]]:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from walk(child, False)
            for child in node.orelse:
                yield from walk(child, runs)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, "", runs
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                yield base, alias.name, runs
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value, "", runs
        for child in ast.iter_child_nodes(node):
            yield from walk(child, runs)

    yield from walk(tree, True)


@functools.cache
def _graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(edges that run, every edge) between the package's modules, parsed once per process
    (the tests only read it).

    ``from p import m`` reaches the module ``p.m`` when there is one, else ``p`` itself; the
    packages a module sits in, which Python imports on the way, are not counted as edges.
    """
    modules, compiled = _modules()
    runs: dict[str, set[str]] = {m: set() for m in modules}
    every: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for base, name, at_run_time in _imports(tree, module, path.name == "__init__.py"):
            full = f"{base}.{name}" if name else base
            target = full if full in modules or full in compiled else base
            if target in modules and target != module:
                every[module].add(target)
                if at_run_time:
                    runs[module].add(target)
    return runs, every


def _circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(root: str) -> None:
        # Iterative, so a deep graph cannot exhaust the recursion limit.
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def _layer(module: str) -> str:
    return module.split(".")[1]


def test_the_walk_sees_the_package() -> None:
    runs, every = _graph()
    assert "realpolitik.engine.core.api" in runs
    assert "realpolitik.cli.main" in runs
    assert "realpolitik.engine.core.api" in every["realpolitik.engine"]


def test_the_cycle_finder_finds_a_circle_and_only_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(edges) == [frozenset({"a", "b", "c"})]


def test_no_import_circle_between_modules() -> None:
    runs, _ = _graph()
    circles = [sorted(c) for c in _circles(runs) if not _known(c)]
    assert circles == []


def test_known_circles_are_still_circles() -> None:
    """An allowed circle that is gone comes off the list."""
    runs, _ = _graph()
    found = _circles(runs)
    for prefixes, _ in KNOWN_CIRCLES:
        assert any(all(m.startswith(prefixes) for m in c) for c in found), prefixes


def test_layers_import_downwards_only() -> None:
    _, every = _graph()
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in every.items()
        for target in targets
        if _layer(target) in FORBIDDEN.get(_layer(module), ())
    )
    assert wrong == []
