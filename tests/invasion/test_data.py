"""The data files load through a validator that names the file, the line and the field of any
error, and holds the rulebook's own numbers fixed."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.invasion.board import BOARD, DATA_FILES, load_board


def _packaged(name: str) -> str:
    return resources.files("realpolitik.engine.invasion").joinpath("data", name).read_text(encoding="utf-8")


def _override(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_packaged_data_holds_the_rulebook_numbers() -> None:
    assert BOARD.packaged
    bassora = BOARD.territory("Bassora")
    assert (BOARD.oil[bassora], BOARD.logistics[bassora]) == (3, 4)
    assert BOARD.oil[BOARD.territory("Karbala")] == 1 and BOARD.oil[BOARD.territory("Baghdad")] == 5
    assert BOARD.territories[0].kind == "border" and BOARD.price_track[0] == 1
    assert BOARD.south and BOARD.east
    for t, ns in enumerate(BOARD.neighbours):
        assert all(t in BOARD.neighbours[j] for j in ns)  # symmetric


def test_the_border_touches_the_south_provinces_and_only_them() -> None:
    """Logistiche: from the Territorio di Confine "per prime verranno attaccate le province del
    Sud (indicate in marrone)": every south province is one move from the Border, nothing else
    is."""
    assert set(BOARD.neighbours[0]) == set(BOARD.south)
    assert {BOARD.territories[t].name for t in BOARD.south} == {
        "Bassora",
        "Muthanna",
        "Dhi Qar",
        "Maysan",
        "Najaf",
    }


def test_every_seat_of_a_five_player_game_has_a_south_province_to_attack_first() -> None:
    """Logistiche: purchases by land enter at the Territorio di Confine and "per prime verranno
    attaccate le province del Sud"; the game takes 3 to 5 players (Informazioni per iniziare).
    With four south provinces the fifth seat had none: the battles in all four block the way
    inland ("Non si può attraversare una provincia dove c'è un combattimento in corso") and it
    won none of 400 heuristic games. Najaf (the governorate on the Saudi border) is the fifth,
    with the 2 oil a seat may withdraw a turn, so no first province falls short of it."""
    assert len(BOARD.south) >= 5
    for t in BOARD.south:
        assert BOARD.oil[t] >= BOARD.withdraw


def test_a_border_that_misses_a_south_province_is_refused(tmp_path: Path) -> None:
    text = _packaged("territories.csv").replace(
        "Border,BRD,border,border,0,0,Bassora;Muthanna;Dhi Qar;Maysan;Najaf",
        "Border,BRD,border,border,0,0,Bassora;Muthanna",
    )
    text = text.replace("Dhi Qar,DHQ,province,south,2,2,Border;", "Dhi Qar,DHQ,province,south,2,2,")
    text = text.replace("Maysan,MAY,province,south,2,2,Border;", "Maysan,MAY,province,south,2,2,")
    text = text.replace("Najaf,NAJ,province,south,2,2,Border;", "Najaf,NAJ,province,south,2,2,")
    with pytest.raises(InvalidState, match="line 2: field 'neighbours'"):
        load_board(_override(tmp_path, "territories.csv", text))


def test_an_owner_may_override_one_file(tmp_path: Path) -> None:
    text = _packaged("tracks.toml").replace("value = [0, 2, 4, 7,", "value = [0, 3, 5, 8,")
    board = load_board(_override(tmp_path, "tracks.toml", text))
    assert not board.packaged and board.contracts[1] == 3


@pytest.mark.parametrize(
    "name,old,new,where",
    [
        (
            "territories.csv",
            "Bassora,BAS,province,south,3,4",
            "Bassora,BAS,province,south,2,4",
            "line 3: field 'oil'",
        ),
        (
            "territories.csv",
            "Karbala,KAR,province,centre,1,2,Najaf;Babil;Anbar",
            "Karbala,KAR,province,centre,1,2,Najaf;Babil;Atlantis",
            "line 9: field 'neighbours'",
        ),
        (
            "territories.csv",
            "Dahuk,DAH,province,north,1,2",
            "Dahuk,DAH,province,nowhere,1,2",
            "field 'group'",
        ),
        ("combat.csv", "5,0,1,2,2,3,4,4", "5,0,1,2,x,3,4,4", "line 6: field '1:1'"),
        ("buildings.csv", "refinery,R,4,1", "refinery,R,3,1", "field 'cost'"),
        ("tracks.toml", "[4, 1], [7, 3]", "[4, 2], [7, 3]", "field 'penalty'"),
        ("setup.toml", "money = 10", "money = 12", "field 'money'"),
    ],
)
def test_a_bad_file_is_refused_with_file_line_and_field(
    tmp_path: Path, name: str, old: str, new: str, where: str
) -> None:
    text = _packaged(name)
    assert old in text
    folder = _override(tmp_path, name, text.replace(old, new, 1))
    with pytest.raises(InvalidState) as err:
        load_board(folder)
    assert name in str(err.value) and where in str(err.value)


def test_every_data_file_is_listed() -> None:
    for name in DATA_FILES:
        assert _packaged(name)
