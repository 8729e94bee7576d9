"""The component data: reconstructed facts agree with every number the rulebook gives, and a
user's replacement file is validated with an error naming the file, line and field."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.ideology.board import BOARD, BOARDS, CUL, ECO, MIL, load_board
from realpolitik.engine.ideology.effects import Effect, EffectError, parse_effects

DATA = Path(__file__).resolve().parents[2] / "engine" / "ideology" / "data"


def test_forty_three_regions_levels_one_to_three_connected_symmetric_map() -> None:
    # Contenuto: 43 Tessere Regione; levels 1-3 (designer); adjacency printed on each tile
    assert len(BOARD.regions) == 43
    assert {r.level for r in BOARD.regions} == {1, 2, 3}
    assert nx.is_connected(BOARD.graph)
    for r in BOARD.regions:
        for neighbour in r.neighbours:
            assert r.name in BOARD.regions[BOARD.region(neighbour)].neighbours


def test_regions_named_by_the_rulebook_fit_its_examples() -> None:
    level = {r.name: r.level for r in BOARD.regions}
    assert level["United States"] == 3  # 3.1: max influence 6 = 2 x 3
    assert level["Indonesia"] == 1  # 4.1: "Livello di Sviluppo 1"
    assert level["Australia"] == 2  # 7.3: "Massimo Livello di Influenza 2"
    assert level["Russia"] * 2 >= 5  # 7.1: Russia holds 5 cards in a sector
    assert level["Iceland"] == 1  # public source
    indo = set(BOARD.regions[BOARD.region("Indonesia")].neighbours)
    assert {"Australia", "Southeast Asia"} <= indo  # 4.1 example


def test_ideology_sheets_start_regions_decks_and_pairing_table() -> None:
    names = [i.name for i in BOARD.ideologies]
    assert names == ["Capitalism", "Communism", "Fascism", "Imperialism", "Islamic Fundamentalism"]
    start = {i.name: BOARD.regions[i.start_region].name for i in BOARD.ideologies}
    assert start["Capitalism"] == "United States"
    assert start["Imperialism"] == "Great Britain"
    assert start["Communism"] == "North Korea"
    for i in BOARD.ideologies:
        assert BOARD.regions[i.start_region].level == 3  # starting regions are level 3
        assert sum(i.split) == 45 and min(i.split) >= 3  # 225 / 5, and 3+3+3 at setup
    pair = {i.name: BOARD.ideologies[i.pair].name for i in BOARD.ideologies}
    assert pair == {  # Ideology per due giocatori
        "Capitalism": "Islamic Fundamentalism",
        "Communism": "Fascism",
        "Fascism": "Imperialism",
        "Imperialism": "Capitalism",
        "Islamic Fundamentalism": "Communism",
    }


def test_advancements_costs_follow_section_3_2() -> None:
    advs = {a.name: a for a in BOARD.advancements}
    assert sum(a.count for a in BOARD.advancements) == 85  # Contenuto: 85 Carte Avanzamento
    assert advs["Tactics"].cost_cards == (2, 0, 0)  # example: Tactics for 2 military cards
    assert advs["Industry"].cost_cards == (0, 2, 0)
    assert advs["Patriotism"].cost_cards == (0, 0, 2)
    # example: Propaganda bought with Tactics + Patriotism
    assert sorted(BOARD.advancements[k].name for k in advs["Propaganda"].cost_advs) == [
        "Patriotism",
        "Tactics",
    ]
    wmd = BOARD.advancements[BOARD.wmd]
    assert sorted(BOARD.advancements[k].tier for k in wmd.cost_advs) == [2, 2, 2]
    assert wmd.global_influence == 1 and wmd.tiebreak == 0
    # 5.1: Tactics, Industry, Patriotism are the levels of the three conflict types
    assert [advs[n].effects for n in ("Tactics", "Industry", "Patriotism")] == [
        (Effect("level", 1, (t,), attacking=True, defending=True),) for t in (MIL, ECO, CUL)
    ]


def test_level_two_is_not_strictly_better_than_the_two_level_ones_it_costs() -> None:
    # 3.2: a level-2 card costs two level-1s; in the reconstructed data it keeps one of their
    # two levels and widens the reach of both types instead (reduces the distance penalty)
    for k in (k for k, a in enumerate(BOARD.advancements) if a.tier == 2):
        a = BOARD.advancements[k]
        paid = [0, 0, 0]
        for c in a.cost_advs:
            for t in range(3):
                paid[t] += BOARD.adv_def[c][t]
        assert sum(BOARD.adv_def[k]) == sum(paid) - 1, a.name
        assert a.tiebreak == sum(BOARD.advancements[c].tiebreak for c in a.cost_advs)
        assert max(BOARD.adv_reach[k]) == 2 and not BOARD.adv_free_place[k] and not BOARD.adv_free_att[k]
        assert max(BOARD.adv_reach_att[k]) == 1  # conflicts (5.1) still pay beyond one step


def test_no_packaged_effect_erases_the_distance_penalty() -> None:
    for board in BOARDS.values():
        assert not any(board.adv_free_place) and not any(board.adv_free_att)
        assert not any(board.rule_free_place) and not any(board.rule_free_att)
        assert max(max(r) for r in board.rule_reach + board.adv_reach) <= 2


def test_three_special_rules_per_ideology_with_the_public_names() -> None:
    per = {i.name: [r.name for r in BOARD.rules if r.ideology == k] for k, i in enumerate(BOARD.ideologies)}
    assert all(len(v) == 3 for v in per.values())
    assert "Isolationism" in per["Capitalism"]
    assert "Iron Curtain" in per["Communism"]
    # Isolationism does not restrict diplomacy (6: every stance may be offered)
    assert not any(BOARD.isolationist)


def test_the_rulebook_data_set_holds_only_what_the_rulebook_states() -> None:
    rulebook = BOARDS["rulebook"]
    assert rulebook.rules == () and all(i.start_advancement == -1 for i in rulebook.ideologies)
    assert [a.effects for a in rulebook.advancements if a.tier == 2] == [(), (), ()]
    assert not rulebook.strike and BOARD.strike
    assert rulebook.names == BOARD.names and [i.split for i in rulebook.ideologies] == [
        i.split for i in BOARD.ideologies
    ]


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("level +1 military", Effect("level", 1, (MIL,), attacking=True, defending=True)),
        ("level +2 economic cultural attacking", Effect("level", 2, (ECO, CUL), attacking=True)),
        (
            "level +1 all defending near-home",
            Effect("level", 1, (0, 1, 2), defending=True, where="near-home"),
        ),
        ("reach 2 cultural", Effect("reach", 2, (CUL,), attacking=True, placing=True)),
        ("free military placing", Effect("free", 0, (MIL,), placing=True)),
        ("trade +1", Effect("trade", 1, ())),
    ],
)
def test_effects_are_read_from_their_text(text: str, effect: Effect) -> None:
    assert parse_effects(text) == (effect,)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("level 1 military", "write the amount as"),
        ("level +1 militry", "needs influence types"),
        ("level +1 military attacking home", "only a defending level"),
        ("reach 5 cultural", "amount must be 2..3"),
        ("bribe +1", "not an effect"),
    ],
)
def test_a_bad_effect_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(EffectError, match=message):
        parse_effects(text)


def test_any_number_of_special_rules_and_no_starting_advancement_are_accepted(tmp_path: Path) -> None:
    (tmp_path / "ideology_rules.csv").write_text(
        "ideology,rule,effects,text\n"
        "Fascism,One,level +1 military attacking,a\n"
        "Fascism,Two,trade +1,b\n"
        "Fascism,Three,reach 2 military,c\n"
        "Fascism,Four,free cultural placing; level +1 economic defending home,d\n",
        encoding="utf-8",
    )
    text = (DATA / "ideologies.csv").read_text(encoding="utf-8")
    (tmp_path / "ideologies.csv").write_text(text.replace(",Tactics,", ",,"), encoding="utf-8")
    board = load_board(tmp_path)
    fas = board.ideology("Fascism")
    assert len(board.effects_of(fas)) == 4 and board.effects_of(board.ideology("Capitalism")) == []
    assert board.ideologies[fas].start_advancement == -1
    assert board.rule_trade[fas] == 1 and board.rule_free_place[fas] == 1 << CUL


def _override(tmp_path: Path, name: str, edit) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    (tmp_path / name).write_text(edit(text), encoding="utf-8")
    return tmp_path


def test_a_user_file_replaces_the_packaged_one(tmp_path: Path) -> None:
    d = _override(tmp_path, "regions.csv", lambda t: t.replace("Iceland,1,", "Iceland,2,"))
    board = load_board(d)
    assert board.regions[board.region("Iceland")].level == 2
    assert not board.packaged and board.digest != BOARD.digest
    assert load_board(None).packaged


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        (
            "regions.csv",
            lambda t: t.replace("Iceland,1,", "Iceland,4,"),
            r"regions.csv line 11: field 'level' = 4 is outside 1..3",
        ),
        (
            "regions.csv",
            lambda t: t.replace("Iceland,1,", "Iceland,one,"),
            r"regions.csv line 11: field 'level' must be an integer",
        ),
        (
            "regions.csv",
            lambda t: t.replace("Indonesia,1,Oceania,Southeast Asia;", "Indonesia,1,Oceania,"),
            r"regions.csv line 43: field 'neighbours' of 'Indonesia' lacks 'Southeast Asia'",
        ),
        (
            "regions.csv",
            lambda t: t.replace("Canada;Mexico", "Canda;Mexico"),
            r"regions.csv line 2: field 'neighbours' of 'United States' names unknown region 'Canda'",
        ),
        (
            "ideologies.csv",
            lambda t: t.replace("13,17,15", "13,17,16"),
            r"ideologies.csv line 2: field 'cultural' military\+economic\+cultural = 46",
        ),
        (
            "ideologies.csv",
            lambda t: t.replace(
                "Capitalism,Capitalism,blue,1,United States", "Capitalism,Capitalism,blue,1,Canada"
            ),
            r"ideologies.csv line 2: field 'start_region' 'Canada' has level 2",
        ),
        (
            "advancements.csv",
            lambda t: t.replace("Tactics,TAC,1,15", "Tactics,TAC,1,16"),
            r"advancements.csv line 8: field 'count' copies add up to 86",
        ),
        (
            "ideology_rules.csv",
            lambda t: t.replace("level +1 economic attacking", "levle +1 economic attacking"),
            r"ideology_rules.csv line 3: field 'effects' 'levle' is not an effect",
        ),
        (
            "advancements.csv",
            lambda t: t.replace("Tactics+Industry,level +1 military;", "Tactics+Industry,strike;"),
            r"advancements.csv line 5: field 'effects' only the level-3 card",
        ),
        (
            "setup.toml",
            lambda t: t.replace("victory_influence = 12", "victory_influence = 10"),
            r"setup.toml line 7: field 'victory_influence' = 10 is outside 12..12",
        ),
        (
            "setup.toml",
            lambda t: t.replace("max_turns = 30", "max_turns = 'many'"),
            r"setup.toml line 8: field 'max_turns' must be an integer",
        ),
    ],
)
def test_a_bad_user_file_names_file_line_and_field(tmp_path: Path, name: str, edit, message: str) -> None:
    d = _override(tmp_path, name, edit)
    with pytest.raises(InvalidState, match=message) as err:
        load_board(d)
    assert str(tmp_path / name) in str(err.value)


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidState, match="is not a folder"):
        load_board(tmp_path / "nowhere")
