"""Reading a game's data files: packaged defaults, a user's folder overriding some of them.

Every game whose components are data (Ideology, War on Terror, How to Invade a Sovereign
Nation) reads its CSV and TOML files through this module, so that the override rules and the
error format are the same everywhere: a bad file raises ``InvalidState`` with one line naming
the file, the line and the field (``regions.csv line 11: field 'level' = 4 is outside 1..3``).
What each file must hold is the game's own business (its ``board.py``).
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from realpolitik.engine.core.api import InvalidState

BAND_ROW = 2  # a band: [lowest, value]

__all__ = [
    "DataSource",
    "TomlTable",
    "data_digest",
    "data_env_var",
    "packaged_texts",
    "read_sources",
    "row_int",
    "rows",
    "unknown_files",
]


class DataSource:
    """One data file's text and where it came from.

    Attributes:
        name: The file name (``regions.csv``).
        text: Its whole text.
        origin: What errors call it: the bare name for a packaged file, ``variant/name`` for a
            packaged variant's file, the path for a user's file.
        user: Whether the file came from the user's folder.
    """

    def __init__(self, name: str, text: str, origin: str, user: bool = False) -> None:
        self.name = name
        self.text = text
        self.origin = origin
        self.user = user

    def fail(self, line: int, field: str, msg: str) -> InvalidState:
        """The error for one field of one line (to raise)."""
        return InvalidState(f"{self.origin} line {line}: field '{field}' {msg}")

    def line_of(self, key: str) -> int:
        """The line where a TOML key is set (1 when it is not found)."""
        for i, ln in enumerate(self.text.splitlines(), start=1):
            if re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", ln):
                return i
        return 1

    def rows(self, columns: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
        """The CSV rows as ``(line, {column: stripped text})``, blank rows skipped.

        Args:
            columns: The columns the file must have (in any order; other columns are allowed
                and left to the caller).
        """
        reader = csv.DictReader(io.StringIO(self.text))
        header = tuple(reader.fieldnames or ())
        for col in columns:
            if col not in header:
                raise self.fail(1, col, "is missing from the header")
        out: list[tuple[int, dict[str, str]]] = []
        for row in reader:
            line = reader.line_num
            if None in row:
                raise self.fail(
                    line, columns[-1], "is followed by extra values (quote fields holding commas)"
                )
            if all(not (v or "").strip() for v in row.values()):
                continue
            for col in columns:
                if row.get(col) is None:
                    raise self.fail(line, col, "is missing")
            out.append((line, {k: (v or "").strip() for k, v in row.items()}))
        return out

    def integer(self, line: int, field: str, raw: str, lo: int, hi: int) -> int:
        """One integer field, checked against its range."""
        try:
            v = int(raw)
        except ValueError:
            raise self.fail(line, field, f"must be an integer, not '{raw}'") from None
        if not lo <= v <= hi:
            raise self.fail(line, field, f"= {v} is outside {lo}..{hi}")
        return v

    def toml(self) -> dict[str, Any]:
        """The file parsed as TOML; a syntax error names its line."""
        try:
            return tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            raise InvalidState(f"{self.origin} line {m.group(1) if m else '?'}: {exc}") from None


class TomlTable:
    """One table of a TOML data file (``[costs]``), each value read with its check and the
    file's line in every error, worded as a CSV field's are (``setup.toml line 7: field
    'card' = 1001 is outside 0..1000``)."""

    def __init__(self, src: DataSource, doc: Mapping[str, Any], name: str) -> None:
        self.src = src
        self.name = name
        tab = doc.get(name)
        if not isinstance(tab, dict):
            raise src.fail(1, name, f"table [{name}] is missing")
        self.tab: dict[str, Any] = tab

    def integer(self, key: str, lo: int, hi: int) -> int:
        if key not in self.tab:
            raise self.src.fail(self.src.line_of(f"[{self.name}]"), key, f"is missing from [{self.name}]")
        v = self.tab[key]
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.src.fail(self.src.line_of(key), key, f"must be an integer, not {v!r}")
        if not lo <= v <= hi:
            raise self.src.fail(self.src.line_of(key), key, f"= {v} is outside {lo}..{hi}")
        return v

    def only(self, keys: Sequence[str]) -> None:
        """Refuse a key the game does not read (a misspelt setting would be ignored)."""
        for key in self.tab:
            if key not in keys:
                raise self.src.fail(self.src.line_of(key), key, "is not a known setting")

    def halves(self, key: str, lo: float, hi: float, length: tuple[int, int]) -> tuple[int, ...]:
        """A list of dollar amounts (multiples of 0.5) as half-dollar ints."""
        seq = self.seq(key, length)
        out = []
        for v in seq:
            if not isinstance(v, int | float) or isinstance(v, bool) or not lo <= v <= hi or (v * 2) % 1:
                raise self.src.fail(
                    self.src.line_of(key), key, f"value {v!r} must be a multiple of 0.5 in {lo}..{hi}"
                )
            out.append(int(v * 2))
        return tuple(out)

    def ints(self, key: str, lo: int, hi: int, length: tuple[int, int]) -> tuple[int, ...]:
        seq = self.seq(key, length)
        for v in seq:
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise self.src.fail(
                    self.src.line_of(key), key, f"value {v!r} must be an integer in {lo}..{hi}"
                )
        return tuple(seq)

    def bands(self, key: str, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
        """``[[lowest, value], ...]`` rows with increasing ``lowest``."""
        seq = self.seq(key, (1, 20))
        out: list[tuple[int, int]] = []
        for row in seq:
            if (
                not isinstance(row, list)
                or len(row) != BAND_ROW
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in row)
                or not lo <= row[1] <= hi
            ):
                raise self.src.fail(self.src.line_of(key), key, f"row {row!r} must be [lowest, value]")
            if out and row[0] <= out[-1][0]:
                raise self.src.fail(self.src.line_of(key), key, "rows must start at increasing values")
            out.append((row[0], row[1]))
        return tuple(out)

    def seq(self, key: str, length: tuple[int, int]) -> list[Any]:
        if key not in self.tab:
            raise self.src.fail(self.src.line_of(f"[{self.name}]"), key, f"is missing from [{self.name}]")
        v = self.tab[key]
        if not isinstance(v, list) or not length[0] <= len(v) <= length[1]:
            raise self.src.fail(
                self.src.line_of(key), key, f"must be a list of {length[0]}..{length[1]} values"
            )
        return v

    def by_count(self, key: str, lo: int, hi: int, counts: Sequence[int]) -> dict[int, int]:
        """A sub-table ``player count = value`` giving a value for each of ``counts``."""
        if key not in self.tab:
            raise self.src.fail(self.src.line_of(f"[{self.name}]"), key, f"is missing from [{self.name}]")
        val = self.tab[key]
        line = self.src.line_of(key)
        if not isinstance(val, dict):
            raise self.src.fail(line, key, "must be a table of player count = value")
        out: dict[int, int] = {}
        for k, v in val.items():
            if not k.isdigit() or not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise self.src.fail(line, f"{key}.{k}", f"must map a count to an integer in {lo}..{hi}")
            out[int(k)] = v
        if sorted(out) != sorted(counts):
            raise self.src.fail(line, key, f"must give a value for each of {', '.join(map(str, counts))}")
        return out


def data_env_var(game: str) -> str:
    """The environment variable naming a user's data folder for ``game``
    (``REALPOLITIK_INVASION_DATA``); ``--data DIR`` sets it for the processes a command starts."""
    return f"REALPOLITIK_{game.upper()}_DATA"


def data_digest(sources: Mapping[str, DataSource], files: Sequence[str]) -> str:
    """The SHA-256 of the files in use, first 10 hex digits: what a record made with a user's
    data names in its ``game_version`` (``invasion-4+data-<digest>``)."""
    return hashlib.sha256("\0".join(sources[n].text for n in files).encode("utf-8")).hexdigest()[:10]


def packaged_texts(package: str, files: Sequence[str], variant: str | None = None) -> dict[str, str]:
    """The packaged files' texts (a packaged variant's own where it has one), by file name."""
    return {n: s.text for n, s in read_sources(package, files, "", None, variant).items()}


def unknown_files(directory: str | os.PathLike[str], files: Sequence[str]) -> list[str]:
    """Data-like files (``.csv``, ``.toml``) in a user's folder that the game does not read: a
    misspelt name would otherwise be ignored without a word."""
    return sorted(
        p.name
        for p in Path(directory).iterdir()
        if p.suffix.lower() in (".csv", ".toml") and p.name not in files and not p.name.startswith(".")
    )


def rows(src: DataSource, columns: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
    """``src.rows(columns)``: the CSV rows with their line numbers."""
    return src.rows(columns)


def row_int(src: DataSource, line: int, row: Mapping[str, str], key: str, lo: int, hi: int) -> int:
    """The integer in column ``key`` of a row read by :func:`rows`, checked against its range."""
    return src.integer(line, key, row.get(key, ""), lo, hi)


def _shown(path: Path) -> str:
    """A user's file as errors name it: relative to the working folder when it is inside it
    (``my-data/regions.csv``), else the whole path."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def read_sources(
    package: str,
    files: Sequence[str],
    env_var: str,
    directory: str | os.PathLike[str] | None,
    variant: str | None = None,
) -> dict[str, DataSource]:
    """Every data file of a game: the user's copy if their folder holds one, else the packaged one.

    Args:
        package: The game's package; its files are in its ``data`` folder.
        files: The file names to read.
        env_var: The environment variable that names the user's folder (for errors).
        directory: The user's folder, or None for the packaged files only.
        variant: A packaged variant (a subfolder of ``data``) whose files replace the defaults
            it holds; None for the defaults.

    Raises:
        InvalidState: the folder is not a folder, or a user's file is not UTF-8 text.
    """
    pkg = resources.files(package).joinpath("data")
    var = pkg.joinpath(variant) if variant is not None else None
    user = Path(directory) if directory is not None else None
    if user is not None and not user.is_dir():
        raise InvalidState(f"{env_var}: '{user}' is not a folder")
    out: dict[str, DataSource] = {}
    for name in files:
        if user is not None and (user / name).is_file():
            path = user / name
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise InvalidState(f"{_shown(path)} line 1: the file is not UTF-8 text") from None
            out[name] = DataSource(name, text, _shown(path), user=True)
        elif var is not None and var.joinpath(name).is_file():
            out[name] = DataSource(name, var.joinpath(name).read_text(encoding="utf-8"), f"{variant}/{name}")
        else:
            out[name] = DataSource(name, pkg.joinpath(name).read_text(encoding="utf-8"), name)
    return out
