"""Readings of the How to Invade rulebook (Italian edition) that an earlier engine got wrong or
left unwritten, each from a concrete position and citing the paragraph by its Italian heading:
the Border Territory is no province, one combat die a side, who loses the troop when several
retreat, the oil withdrawal chosen by the player, an ally's police station, and the rulings on
repairs, penalty payments and the last turn's penalty (``docs/rulings.md``)."""

from __future__ import annotations

import json

import pytest

from realpolitik.engine.core.api import InvalidState
from realpolitik.engine.invasion import actions, rules
from realpolitik.engine.invasion.board import BOARD, POLICE, REFINERY, WAREHOUSE
from realpolitik.engine.invasion.game import GAME
from realpolitik.engine.invasion.policy import plan_step
from realpolitik.engine.invasion.state import (
    S_ACTION,
    S_ATTACK_ROLL,
    S_DEFEND,
    S_REPAIR,
    S_RETREAT,
    S_WAR_PLAYERS_DIE,
    S_WITHDRAW,
)

from .helpers import act, at_action, battle, control, position, roll, territory_index, texts


def _move_home_to_border(s, seat: int, province: str, troops: int) -> None:
    """``seat`` moves ``troops`` from ``province`` to the Border with a purchase box."""
    at_action(s, seat)
    act(s, "purchase box 1")
    act(s, "done buying")
    act(s, f"from {province}")
    act(s, "to Border")
    act(s, f"{troops} troops")


# ----------------------------------------------------------------- Territorio di Confine
def test_troops_moving_into_the_border_do_not_make_it_a_province() -> None:
    """Logistiche / Acquisti: the Territorio di Confine is where purchases by land arrive and
    the invasion starts from; Controllo territori and Graduatoria di governo are about
    provinces, so moving troops into it controls nothing."""
    s = position(4)
    s.media = [20] * 4
    control(s, "Bassora", 0, troops=3)
    _move_home_to_border(s, 0, "Bassora", 2)
    assert s.troops_at(0, 0) == 2
    assert s.controller[0] == -1
    assert s.provinces_of(0) == 1


def test_a_seat_with_troops_only_on_the_border_gets_no_contract() -> None:
    """Appalti: "se si controlla almeno 1 provincia"; troops on the Border are not a province."""
    s = position(4)
    s.media = [20] * 4
    b = control(s, "Bassora", 0, troops=2)
    _move_home_to_border(s, 0, "Bassora", 2)
    s.controller[b] = 1  # Bassora passes to Blue (Diplomazia e alleanze: control may be ceded)
    at_action(s, 0, round_=1)
    act(s, "construction box 1")
    assert "contract" not in texts(s)


def test_the_border_does_not_count_in_the_government_ranking() -> None:
    """Graduatoria di governo: "Numero di provincie occupate x 2,5"; Red and Blue hold one
    province each, Red also has troops on the Border: they tie for first place."""
    s = position(4, phase=3)
    s.media = [20] * 4
    control(s, "Bassora", 0, troops=3)
    control(s, "Maysan", 1, troops=1)
    _move_home_to_border(s, 0, "Bassora", 2)
    s.gov_oil = 35
    s.turn = s.turns
    rules._finish(s)
    assert s.gov_share[0] == s.gov_share[1] == (11 + 8) // 2


# ----------------------------------------------------------------- Come funziona la guerra
def test_each_side_rolls_one_die() -> None:
    """Come funziona la guerra: "si lanciano i due dadi ... Dado Bianco rappresenta i locali",
    and example C's rolls are 3 (the player) and 4 (the locals): one die a side, faces 1-6."""
    s = position(4)
    s.media = [20] * 4
    t = battle(s, "Bassora", {0: 8}, 4)
    rules._end_of_turn(s)
    assert s.stage == S_WAR_PLAYERS_DIE
    for _ in range(2):  # the player's die, then the locals' white die
        outcomes = s.chance_outcomes()
        assert [a - actions.CHANCE for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
        assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
        roll(s, 3 if s.stage == S_WAR_PLAYERS_DIE else 4)
    assert len(BOARD.combat[0]) == 6  # the table has a row per face
    assert s.locals[t] == 2 and s.troops_at(t, 0) == 7  # example C: 2 locals, 1 troop


# ----------------------------------------------------------------- Ritirata
def test_when_two_retreat_the_seat_that_controls_the_die_loses_the_troop() -> None:
    """Ritirata: "perderà la truppa chi aveva il controllo del dado in battaglia" (Blue came
    into the battle first, so Blue rolls; Red plays first in the turn order); both take 1
    pacifism."""
    s = position(4)
    s.media = [20] * 4
    control(s, "Bassora", 2, troops=1)
    battle(s, "Maysan", {1: 2, 0: 2}, 9)  # Blue came in first
    rules._end_of_turn(s)
    assert s.stage == S_RETREAT and s.current_player() == 1  # the die's controller is asked first
    act(s, "retreat to Bassora")
    assert s.stage == S_RETREAT and s.current_player() == 0
    act(s, "retreat to Bassora")
    b = territory_index("Bassora")
    assert s.troops_at(b, 1) == 1 and s.troops_at(b, 0) == 2
    assert any("Red pacifism 0 -> 1 (retreat from Maysan)" in x for x in s.log)
    assert any("Blue pacifism 0 -> 1 (retreat from Maysan)" in x for x in s.log)


def test_when_the_die_controller_stays_the_first_other_retreating_loses() -> None:
    """Ritirata (ruling): the die's controller fights on; of the others, the first in the
    battle's order to retreat loses the troop."""
    s = position(4)
    s.media = [20] * 4
    control(s, "Bassora", 2, troops=1)
    t = battle(s, "Maysan", {1: 2, 3: 2, 0: 2}, 12)
    rules._end_of_turn(s)
    act(s, "fight on")  # Blue
    assert s.current_player() == 3
    act(s, "retreat to Bassora")
    act(s, "retreat to Bassora")  # Red
    b = territory_index("Bassora")
    assert s.troops_at(b, 3) == 1 and s.troops_at(b, 0) == 2
    assert s.battles[t] == [1]


# ----------------------------------------------------------------- Check petrolio
def _three_provinces(s) -> tuple[int, int, int]:
    """The withdrawal example: 3 oil in Bassora without a warehouse, 3 in Maysan with one, 1 in
    Dhi Qar with two."""
    a = control(s, "Bassora", 0, troops=1)
    b = control(s, "Maysan", 0, troops=1)
    c = control(s, "Dhi Qar", 0, troops=1)
    s.store[a], s.store[b], s.store[c] = 3, 3, 1
    s.buildings[b * 4 + WAREHOUSE] = 1
    s.buildings[c * 4 + WAREHOUSE] = 2
    return a, b, c


def test_the_player_chooses_where_to_withdraw_from_and_keeps_every_barrel() -> None:
    """Check petrolio: "Ogni giocatore ritira dalle province che controlla fino a 2 petroli":
    where from is the player's choice. Taking both from Bassora (storage 1) spoils nothing."""
    s = position(4)
    a, b, c = _three_provinces(s)
    rules._oil_after_price(s)
    assert s.stage == S_WITHDRAW and s.current_player() == 0
    assert texts(s) == [
        "done withdrawing",
        "withdraw 1 oil from Bassora",
        "withdraw 1 oil from Dhi Qar",
        "withdraw 1 oil from Maysan",
    ]
    act(s, "withdraw 1 oil from Bassora")
    act(s, "withdraw 1 oil from Bassora")
    assert s.stage == S_ACTION  # 2 in all: the turn goes on
    assert s.oil[0] == 2 and [s.store[a], s.store[b], s.store[c]] == [1, 3, 1]
    assert not any("spoils" in x for x in s.log)


def test_a_player_may_withdraw_fewer_than_two() -> None:
    """Check petrolio: "fino a 2 petroli": up to two, so stopping is a choice."""
    s = position(4)
    _three_provinces(s)
    rules._oil_after_price(s)
    act(s, "withdraw 1 oil from Dhi Qar")
    act(s, "done withdrawing")
    assert s.stage == S_ACTION and s.oil[0] == 1


def test_a_pipeline_adds_a_barrel_only_from_its_province_or_the_next() -> None:
    """Oleodotto: "1 petrolio in più ... dalla provincia dove viene costruito o dalle provincie
    vicine"."""
    s = position(4)
    k = control(s, "Karbala", 0, troops=1)
    d = control(s, "Dahuk", 0, troops=1)
    s.store[k], s.store[d] = 3, 3
    s.buildings[d * 4 + 2] = 1  # a pipeline in Dahuk, far from Karbala
    rules._oil_after_price(s)
    act(s, "withdraw 1 oil from Karbala")
    act(s, "withdraw 1 oil from Karbala")
    assert texts(s) == ["done withdrawing", "withdraw 1 oil from Dahuk"]
    act(s, "withdraw 1 oil from Dahuk")
    assert s.oil[0] == 3


def test_the_plan_withdraws_the_oil_that_would_spoil() -> None:
    """Check petrolio: "Se in una provincia rimangono più petroli di quelli che può stockare
    questi petroli vanno eliminati": the heuristic plan takes the barrels that would spoil."""
    s = position(4)
    a, _, _ = _three_provinces(s)
    rules._oil_after_price(s)
    assert plan_step(s, 0) == actions.WITHDRAW + a
    s.apply_action(actions.WITHDRAW + a)
    assert plan_step(s, 0) == actions.WITHDRAW + a


# ----------------------------------------------------------------- Alleanza negli attentati
def test_an_allys_police_station_counts_as_ones_own() -> None:
    """Alleanza di giocatori negli attentati: "applicare il bonus dell'edificio dell'alleato come
    se fosse il proprio"; Stazione di polizia: +1 next door. Blue's station in Maysan, lent to
    Red, raises Red's threshold in Bassora by 1."""
    s = position(4, phase=2)
    b = control(s, "Bassora", 0, troops=2)
    m = control(s, "Maysan", 1, troops=0)
    s.buildings[m * 4 + POLICE] = 1
    assert rules.attack_threshold(s, 0, b, 1)[0] == 2 + 0 - 1
    assert rules.attack_threshold(s, 0, b, 1, (1,))[0] == 2 + 1 - 1
    s.rebel_at[2] = territory_index("Dhi Qar")
    s.stage, s.idx, s.actor = 14, s.order.index(2), 2  # Green's rebels act
    s.touch()
    act(s, "attack troops in Bassora")
    assert s.stage == S_DEFEND and s.current_player() == 1
    assert texts(s) == ["keep them out", "lend police stations"]
    act(s, "lend police stations")
    assert s.stage == S_ATTACK_ROLL
    roll(s, 4)  # threshold 2 troops + 1 police - 1 strength = 2: 2 damage
    assert s.troops_at(b, 0) == 0
    assert any("+ 1 police" in x for x in s.log)


# ----------------------------------------------------------------- Danni, Check pacifismo
def test_a_repair_cannot_be_paid_by_selling_oil() -> None:
    """Danni: "dovrà pagare immediatamente 1$ per ogni danno"; Check pacifismo: selling oil out
    of one's turn is allowed only for the pacifism penalty ("questo è il solo caso"). A seat
    with 2$ and 5 oil cannot pay 3$ of repairs: the refinery falls, the oil stays."""
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=3)
    s.buildings[b * 4 + REFINERY] = 1
    s.money[1] = 4
    s.oil[1] = 5
    s.rebel_at[0] = b
    s.stage, s.idx, s.actor = 14, 0, 0
    s.touch()
    act(s, "attack refinery in Baghdad")
    while s.stage != S_ATTACK_ROLL:
        act(s, "keep them out" if s.stage == S_DEFEND else "decline")
    roll(s, 5)  # threshold 3 - 1 = 2: 3 damage
    assert s.stage != S_REPAIR
    assert s.building(b, REFINERY) == 0 and s.oil[1] == 5 and s.money[1] == 4


def test_a_penalty_is_paid_with_oil_before_troops() -> None:
    """Check pacifismo: "può vendere dei petroli in suo possesso ... o togliere 1 propria truppa";
    ruling: oil first, at the current price, then a troop per dollar still owed."""
    s = position(4)
    s.price = 3  # 2$ a barrel
    s.money[0] = 0
    s.oil[0] = 1
    s.troops[0] = 4
    rules._pay_penalty(s, 0, rules.penalty(7))  # 3$: 1 oil (2$), then 1 troop
    assert s.oil[0] == 0 and s.troops[0] == 3 and s.money[0] == 0


def test_the_last_turn_pays_the_normal_penalty_and_then_ten_times_it() -> None:
    """Check pacifismo: the penalty is paid at the end of every turn; Vittoria finale: "Si applica
    10 volte la normale penalità": the last turn pays both."""
    s = position(3, phase=3)
    s.turn = s.turns
    s.pacifism = [8, 0, 0]  # no troops, media 0: 1 point lower in the check, 7 (3$)
    s.stage = S_ACTION
    s.round = 1
    s.idx = 2
    s.actor = 2
    s.touch()
    act(s, "new taxes")  # the last action of the game: the end-of-turn checks run
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.wealth is not None
    assert s.wealth[0] == 2 * (10 - 3 - 10 * 3)  # 10$ - 3$ paid in the check - 30$ at the end


# ----------------------------------------------------------------- records
def test_records_of_the_earlier_rules_are_refused_with_their_version() -> None:
    """A record of an earlier engine is refused, naming its version: invasion-1 (two dice a
    side, no withdrawal decisions, no lent police stations) and invasion-2 (a board of four
    south provinces, where the same seeds give other games) and invasion-3 (the heuristic
    plan's rebels attacked whatever was next to them, and it sold all its oil for supplies:
    the bot's moves in a record differ)."""
    assert GAME.spec.version == "invasion-4"
    s = position(4)
    act(s, "money box 1")
    record = json.loads(json.dumps(s.to_json()))
    assert GAME.state_from_json(record).history == s.history
    for old in ("invasion-1", "invasion-2", "invasion-3"):
        record["game_version"] = old
        with pytest.raises(InvalidState, match=f"'{old}', this engine is 'invasion-4'"):
            GAME.state_from_json(record)
