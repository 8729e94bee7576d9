"""The shared data-file reader: override rules and one-line errors naming file, line, field."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.core.datafiles import DataSource, read_sources, row_int

PKG = "realpolitik.engine.ideology"


def test_a_users_file_replaces_only_itself(tmp_path: Path) -> None:
    (tmp_path / "setup.toml").write_text("victory_influence = 12\n", encoding="utf-8")
    src = read_sources(PKG, ("setup.toml", "regions.csv"), "VAR", tmp_path)
    assert src["setup.toml"].user and src["setup.toml"].origin == str(tmp_path / "setup.toml")
    assert not src["regions.csv"].user and src["regions.csv"].origin == "regions.csv"


def test_a_variant_replaces_the_files_it_holds() -> None:
    plain = read_sources(PKG, ("ideologies.csv", "regions.csv"), "VAR", None)
    rulebook = read_sources(PKG, ("ideologies.csv", "regions.csv"), "VAR", None, "rulebook")
    assert rulebook["ideologies.csv"].origin == "rulebook/ideologies.csv"
    assert rulebook["ideologies.csv"].text != plain["ideologies.csv"].text
    assert rulebook["regions.csv"].origin == "regions.csv"


def test_folder_and_encoding_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(InvalidState, match=r"^VAR: '.*nowhere' is not a folder$"):
        read_sources(PKG, ("setup.toml",), "VAR", tmp_path / "nowhere")
    (tmp_path / "setup.toml").write_bytes(b"\xff\xfe = 1\n")
    with pytest.raises(InvalidState, match=r"setup.toml line 1: the file is not UTF-8 text$"):
        read_sources(PKG, ("setup.toml",), "VAR", tmp_path)


def test_rows_name_the_line_and_field() -> None:
    src = DataSource("t.csv", "a,b\n1,2\n\n,\n3,4,5\n", "t.csv")
    with pytest.raises(InvalidState, match=r"^t.csv line 5: field 'b' is followed by extra values"):
        src.rows(("a", "b"))
    ok = DataSource("t.csv", "b,a,c\n2,1,x\n,,\n7,x,y\n", "t.csv")
    got = ok.rows(("a", "b"))
    assert [line for line, _ in got] == [2, 4] and got[0][1]["a"] == "1"
    assert row_int(ok, 2, got[0][1], "b", 0, 5) == 2
    with pytest.raises(InvalidState, match=r"^t.csv line 4: field 'a' must be an integer, not 'x'$"):
        row_int(ok, 4, got[1][1], "a", 0, 9)
    with pytest.raises(InvalidState, match=r"^t.csv line 4: field 'b' = 7 is outside 0..5$"):
        row_int(ok, 4, got[1][1], "b", 0, 5)
    with pytest.raises(InvalidState, match=r"^t.csv line 1: field 'd' is missing from the header$"):
        ok.rows(("d",))
    short = DataSource("t.csv", "a,b\n1\n", "t.csv")
    with pytest.raises(InvalidState, match=r"^t.csv line 2: field 'b' is missing$"):
        short.rows(("a", "b"))


def test_toml_errors_and_key_lines() -> None:
    src = DataSource("s.toml", "[a]\nx = 1\n  y= 2\n", "s.toml")
    assert src.toml() == {"a": {"x": 1, "y": 2}} and src.line_of("y") == 3 and src.line_of("z") == 1
    with pytest.raises(InvalidState, match=r"^s.toml line 2: "):
        DataSource("s.toml", "x = 1\ny = \n", "s.toml").toml()


def test_a_users_file_is_named_from_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "setup.toml").write_text("x = \n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    src = read_sources(PKG, ("setup.toml",), "VAR", (tmp_path / "d").resolve())
    assert src["setup.toml"].origin == "d/setup.toml"
    with pytest.raises(InvalidState, match=r"^d/setup.toml line 1: "):
        src["setup.toml"].toml()
