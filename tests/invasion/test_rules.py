"""Rules of How to Invade a Sovereign Nation, each from a concrete position, citing the rulebook
paragraph (Italian rulebook, by heading) and testing every worked example it gives."""

from __future__ import annotations

import pytest

from realpolitik.engine.core.api import IllegalAction
from realpolitik.engine.invasion import actions, rules
from realpolitik.engine.invasion.board import BOARD, PIPELINE, POLICE, REFINERY, WAREHOUSE
from realpolitik.engine.invasion.game import GAME, InvasionState
from realpolitik.engine.invasion.state import (
    S_ACTION,
    S_ATTACK_ROLL,
    S_REBEL,
    S_REPAIR,
    S_RETREAT,
    S_WAR_PLAYERS_DIE,
    S_WITHDRAW,
)

from .helpers import act, at_action, battle, control, position, roll, territory_index, texts


# ----------------------------------------------------------------- Informazioni per iniziare
def test_setup_money_markers_price_and_last_player_bonus() -> None:
    s = GAME.new_initial_state(players=4, seed=5)
    assert s.is_chance_node() and len(s.chance_outcomes()) == 24  # turn order by dice
    s.apply_action(actions.CHANCE + 23)  # the last permutation: Yellow, Green, Blue, Red
    assert s.order == [3, 2, 1, 0]
    assert s.money == [24, 20, 20, 20]  # 10$ each, the last in order +2$ (half dollars)
    assert s.media == s.pacifism == s.influence == s.contracts == [0, 0, 0, 0]
    assert rules.price_halves(s) == 1  # 0.5$
    assert s.phase == 1 and s.turn == 1 and s.current_player() == 3


# ----------------------------------------------------------------- Prima e seconda azione
@pytest.mark.parametrize("players,columns", [(3, 2), (4, 3), (5, 4)])
def test_action_boxes_by_player_count(players: int, columns: int) -> None:
    s = position(players)
    boxes = [a for a in s.legal_actions() if actions.BOX <= a < actions.BOX + 16]
    assert len(boxes) == 4 * columns


def test_a_box_is_taken_once_and_turns_go_in_order_then_a_second_round() -> None:
    s = position(3)
    act(s, "money box 1")
    assert s.current_player() == 1
    assert "money box 1" not in texts(s)
    act(s, "money box 2")
    act(s, "new taxes")
    assert s.round == 1 and s.current_player() == 0
    with pytest.raises(IllegalAction):
        act(s, "money box 1")


# ----------------------------------------------------------------- Corruzione dei mass-media
@pytest.mark.parametrize(
    "box,points,cost", [("media box 1", 3, 12), ("media box 1", 2, 6), ("media box 2", 1, 0)]
)
def test_media_corruption_points_and_costs(box: str, points: int, cost: int) -> None:
    s = position(4)
    act(s, box)
    offered = {a - actions.MEDIA_POINTS + 1 for a in s.legal_actions()}
    assert max(offered) == (3 if box == "media box 1" else 2)
    act(s, f"media +{points}")
    assert s.media[0] == points
    assert s.money[0] == 20 - cost  # 0/3/6$ for 1/2/3 points


# ----------------------------------------------------------------- Acquisti e manovre
def test_purchases_by_land_and_by_air_and_the_box_limit() -> None:
    s = position(4)
    s.money[0] = 60
    act(s, "purchase box 3")  # 3 units, 1 move
    act(s, "buy 1 troop by land")
    act(s, "buy 1 logistics by land")
    act(s, "buy troop by air to Baghdad")
    assert s.troops_at(0, 0) == 1 and s.border_log[0] == 1  # land: to the Border
    assert s.money[0] == 60 - 2 - 2 - 4  # 1$ + 1$ + 2$
    assert s.locals[territory_index("Baghdad")] == 5  # by air into an unexplored province: a war (Baghdad 5)
    roll(s, 6)  # phase 1: a 6 adds 3 local troops
    assert s.locals[territory_index("Baghdad")] == 8
    assert texts(s) == ["done buying"]  # the 3 units are bought


def test_troop_limit_of_fifteen() -> None:
    s = position(4)
    s.money[0] = 60
    s.troops[0] = 15
    act(s, "purchase box 1")
    assert not any("troops by land" in x for x in texts(s))
    assert "buy 10 logistics by land (10$)" in texts(s)


def test_entering_an_unexplored_province_starts_a_war_and_stops() -> None:
    s = position(4)
    s.troops[0] = 6
    act(s, "purchase box 1")  # 3 moves
    act(s, "done buying")
    assert "to Bassora" not in texts(s)  # first pick the group
    act(s, "from Border")
    # the south provinces touch the Border; no crossing unexplored land
    assert set(texts(s)) == {"to Bassora", "to Muthanna", "to Dhi Qar", "to Maysan", "to Najaf", "to home"}
    act(s, "to Bassora")
    act(s, "6 troops")
    roll(s, 1)  # phase 1 die: a 1 adds none
    assert s.locals[territory_index("Bassora")] == 3  # Bassora's production (La guerra)
    assert s.battles[territory_index("Bassora")] == [0]
    assert s.moves == 2
    assert "from Bassora" not in texts(s)  # troops in a battle leave only by retreating


def test_no_crossing_a_battle_and_free_crossing_of_a_surrounded_territory() -> None:
    """Acquisti e manovre: "Non si può attraversare una provincia dove c'è un combattimento in
    corso"; "Un territorio che confina con tutti territori occupati dai giocatori ... è possibile
    attraversarlo a costo di movimento zero"."""
    s = position(4)
    for name in ("Bassora", "Muthanna", "Dhi Qar", "Maysan", "Wasit"):
        control(s, name, 1)
    s.troops[0] = 4
    costs = rules.move_costs(s, 0)
    # Maysan's neighbours (the Border, Bassora, Dhi Qar, Wasit) are all occupied: crossing it is
    # free, so Wasit is 1 move away.
    assert costs[territory_index("Wasit")] == 1
    assert costs[territory_index("Baghdad")] == 2  # Wasit has unexplored neighbours: crossing it costs 1
    # A battle in Dhi Qar and Maysan unexplored: Wasit cannot be reached from the Border.
    s = position(4)
    for name in ("Bassora", "Muthanna"):
        control(s, name, 1)
    dq = territory_index("Dhi Qar")
    s.explored[dq] = 1
    s.locals[dq] = 2
    s.troops[dq * s.n + 1] = 2
    costs = rules.move_costs(s, 0)
    assert territory_index("Wasit") not in costs
    assert costs[dq] == 1  # the battle itself may be joined
    assert costs[territory_index("Qadisiyyah")] == 2  # around it through Muthanna (not surrounded: 1)


def test_logistics_move_only_from_a_controlled_territory() -> None:
    s = position(4)
    t = control(s, "Bassora", 1, troops=1, logistics=3)
    s.troops[t * s.n + 0] = 2  # Red's troops in Blue's province
    at_action(s, 0)
    act(s, "purchase box 1")
    act(s, "done buying")
    act(s, "from Bassora")
    act(s, "to Border")
    assert s.stage == 6
    act(s, "2 troops")  # no logistics question: they are Blue's
    assert s.logistics[t] == 3 and s.troops_at(0, 0) == 2


def test_withdrawing_from_the_border_costs_a_move() -> None:
    s = position(4)
    s.troops[0] = 3
    s.border_log[0] = 2
    act(s, "purchase box 3")
    act(s, "done buying")
    act(s, "from Border")
    act(s, "to home")
    act(s, "3 troops")
    act(s, "2 logistics")
    assert s.troops_on_board(0) == 0 and s.border_log[0] == 0
    assert s.current_player() == 1  # the single move is spent: the action ends


def test_an_abandoned_province_is_taken_by_troops_moving_in() -> None:
    s = position(4)
    t = control(s, "Bassora", 1, troops=0, logistics=2)
    s.troops[0] = 2
    act(s, "purchase box 1")
    act(s, "done buying")
    act(s, "from Border")
    act(s, "to Bassora")
    act(s, "2 troops")
    assert s.controller[t] == 0  # Controllo territori: it can be stolen


def test_support_manoeuvre_adds_an_allys_troops_to_the_battle() -> None:
    s = position(3)
    b = battle(s, "Bassora", {0: 2}, 4)
    s.troops[0 * 3 + 1] = 5  # Blue waits on the Border
    act(s, "purchase box 1")
    act(s, "done buying")
    act(s, "ask for support")
    act(s, "done moving")
    assert s.current_player() == 1 and "no support" in texts(s)
    act(s, "from Border")
    assert texts(s) == ["to Bassora"]  # only into the asker's battle
    act(s, "to Bassora")
    act(s, "5 troops")
    assert s.troops_at(b, 1) == 5 and s.battles[b] == [0, 1]
    assert s.stage == S_ACTION and s.current_player() == 1  # Green could not help; Blue's turn


# ----------------------------------------------------------------- Ritirata
def test_retreat_costs_a_troop_and_a_pacifism_point() -> None:
    s = position(4)
    control(s, "Bassora", 2)
    battle(s, "Maysan", {0: 3}, 6)
    rules._end_of_turn(s)
    assert s.stage == S_RETREAT and s.current_player() == 0
    assert texts(s) == ["fight on", "retreat to Bassora"]
    act(s, "retreat to Bassora")
    assert s.troops_at(territory_index("Bassora"), 0) == 2
    assert any("retreat from Maysan" in x for x in s.log)
    assert s.pacifism[0] >= 1


# ----------------------------------------------------------------- Costruzioni
@pytest.mark.parametrize(
    "logistics,moves,money,logistics_left,warehouses,influence,contracts",
    [
        # first example: 1 contract, 1 building, 1 influence, no cost
        (2, ("contract", "build warehouse in Bassora", "influence in Bassora"), 20, 0, 1, 1, 1),
        # second example: 3 buildings, 6$ for the double repetition (plus their logistics)
        (7, ("build warehouse in Bassora", "build police in Bassora", "build warehouse in Bassora"),
         20 - 12, 7 - 1 - 2 - 1, 2, 0, 0),
        # third example: 2 influence with 2 logistics (3$ for one repetition) and 1 contract
        (2, ("influence in Bassora", "influence in Bassora", "contract"), 20 - 6, 0, 0, 2, 1),
    ],
    ids=["three different moves are free", "three buildings cost 6$", "two influence and a contract cost 3$"],
)  # fmt: skip
def test_construction_repetitions_cost_as_the_rulebook_examples(
    logistics: int,
    moves: tuple[str, ...],
    money: int,
    logistics_left: int,
    warehouses: int,
    influence: int,
    contracts: int,
) -> None:
    """Ripetizione della mossa: the rulebook's three examples (money in half dollars)."""
    s = position(4)
    b = control(s, "Bassora", 0, troops=1, logistics=logistics)
    act(s, "construction box 1")
    for move in moves:
        act(s, move)
    assert s.money[0] == money and s.logistics[b] == logistics_left
    assert s.building(b, WAREHOUSE) == warehouses
    assert s.influence[0] == influence and s.contracts[0] == contracts


def test_building_limits_and_contracts_need_a_province() -> None:
    s = position(4)
    act(s, "construction box 2")
    assert texts(s) == ["done building"]  # no province: no contract, nothing to build
    s2 = position(4)
    t = control(s2, "Bassora", 0, troops=1, logistics=20)
    s2.buildings[t * 4 + POLICE] = 1
    s2.buildings[t * 4 + WAREHOUSE] = 2
    act(s2, "construction box 1")
    assert not any(x.startswith("build") for x in texts(s2))  # 3 buildings at most


# ----------------------------------------------------------------- Denaro / Ordine di gioco
def test_money_box_gives_two_dollars_and_sets_next_turns_order() -> None:
    s = position(3)
    act(s, "new taxes")  # Red
    act(s, "money box 2")  # Blue
    act(s, "money box 1")  # Green
    assert s.money[2] == 28 and s.money[1] == 24  # Green had the last player's 2$
    for _ in range(3):
        act(s, "new taxes" if s.current_player() != 0 else "purchase box 1")
        if s.current_player() == 0 and s.stage != S_ACTION:
            act(s, "done buying")
            act(s, "done moving")
    assert s.turn == 2 and s.order == [2, 1, 0]


# ----------------------------------------------------------------- Produzione di petrolio
def test_production_bassora_three_oil_with_four_logistics_uses_one() -> None:
    s = position(4)
    t = control(s, "Bassora", 0, troops=1, logistics=3)
    assert "produce oil" not in texts(s)
    s.logistics[t] = 4
    s._legal = None
    act(s, "produce oil")
    act(s, "produce in Bassora")
    assert s.store[t] == 3 and s.logistics[t] == 3


def test_refinery_produces_one_more_with_one_logistics_fewer() -> None:
    # Raffineria example: Bassora with a refinery produces 4 oil with 3 logistics.
    s = position(4)
    t = control(s, "Bassora", 0, troops=1, logistics=3)
    s.buildings[t * 4 + REFINERY] = 1
    assert rules.production(s, t) == 4 and rules.required_logistics(s, t) == 3
    s._legal = None
    act(s, "produce oil")
    act(s, "produce in Bassora")
    assert s.store[t] == 4


# ----------------------------------------------------------------- Nuove tasse, discorso
def test_new_taxes_once_a_turn() -> None:
    s = position(3)
    act(s, "new taxes")
    assert s.money[0] == 30 and s.pacifism[0] == 1
    act(s, "money box 1")
    act(s, "money box 2")
    assert "new taxes" not in texts(s) and "speech to the nation" not in texts(s)


@pytest.mark.parametrize("before,after", [(15, 10), (12, 8), (9, 6), (6, 4), (3, 2), (1, 0)])
def test_speech_to_the_nation_table(before: int, after: int) -> None:
    s = position(4)
    s.pacifism[0] = before
    s._legal = None
    act(s, "speech to the nation")
    assert s.pacifism[0] == after and s.money[0] == 20 and s.speech_used[0] == 1


def test_speech_only_once_and_not_in_phase_three() -> None:
    s = position(4, phase=3)
    s.pacifism[0] = 5
    s._legal = None
    assert "speech to the nation" not in texts(s)
    s.phase = 2
    s.speech_used[0] = 1
    s._legal = None
    assert "speech to the nation" not in texts(s)


# ----------------------------------------------------------------- La guerra
@pytest.mark.parametrize(
    "players,locals_,ratio",
    [(8, 4, "2:1"), (5, 2, "3:1"), (3, 2, "2:1"), (2, 5, "1:2"), (1, 9, "1:4"), (4, 4, "1:1")],
)
def test_force_ratio_is_rounded_in_the_players_favour(players: int, locals_: int, ratio: str) -> None:
    from realpolitik.engine.invasion.board import RATIOS

    assert RATIOS[rules.ratio_column(players, locals_)] == ratio


def test_rulebook_example_ratio_two_to_one_rolls_three_and_four() -> None:
    # Come funziona la guerra, example C: 2:1 for the player (1:2 for the locals), rolls 3 and 4.
    s = position(4)
    s.media[0] = 8  # 7 troops allowed: no other pacifism change
    t = battle(s, "Bassora", {0: 8}, 4)
    rules._end_of_turn(s)
    assert s.stage == S_WAR_PLAYERS_DIE
    roll(s, 3)
    roll(s, 4)
    assert BOARD.combat[4][3 - 1] == 2 and BOARD.combat[2][4 - 1] == 1
    assert s.locals[t] == 2 and s.troops_at(t, 0) == 7  # the battle goes on next turn
    assert any(
        "ratio 2:1; players roll 3 -> 2 locals killed; locals roll 4 at 1:2 -> 1 troop killed" in x
        for x in s.log
    )
    assert s.pacifism[0] == 1  # Caduti in battaglia: +1 per troop lost


def _war(name: str, troops: dict[int, int], locals_: int, logistics: int) -> tuple[InvasionState, int]:
    """A battle in ``name`` with ``logistics`` there, at the end of the turn (media high
    enough that no pacifism changes but the battle's): the position and the territory."""
    s = position(4)
    s.media = [20] * 4
    t = battle(s, name, troops, locals_)
    s.logistics[t] = logistics
    rules._end_of_turn(s)
    return s, t


def test_players_win_and_the_one_who_rolls_takes_control() -> None:
    s, t = _war("Karbala", {1: 3, 0: 6}, locals_=1, logistics=2)
    roll(s, 6)
    roll(s, 6)  # locals at 1:4 (9 vs 1) kill 1: Blue rolled, Blue loses first
    assert s.locals[t] == 0 and s.controller[t] == 1 and s.troops_at(t, 1) == 2 and s.troops_at(t, 0) == 6
    assert s.logistics[t] == 2


def test_locals_win_destroy_the_logistics_with_no_retreat_possible() -> None:
    s, t = _war("Dahuk", {0: 1}, locals_=5, logistics=3)
    assert s.stage == S_WAR_PLAYERS_DIE  # no controlled neighbour: no retreat offered
    roll(s, 1)
    roll(s, 6)
    assert s.troops_at(t, 0) == 0 and s.locals[t] == 5 and s.logistics[t] == 0


def test_mutual_destruction_leaves_one_local_and_the_logistics() -> None:
    s, t = _war("Dahuk", {0: 1}, locals_=1, logistics=2)
    roll(s, 6)
    roll(s, 6)
    assert s.locals[t] == 1 and s.logistics[t] == 2 and s.controller[t] == -1


# ----------------------------------------------------------------- Ribelli / Attentati
def _rebel_turn(s, seat: int) -> None:
    s.stage = S_REBEL
    s.idx = s.order.index(seat)
    s.actor = seat
    s._legal = None


def test_rebels_are_placed_in_an_uncontrolled_east_province() -> None:
    s = position(4, phase=2)
    control(s, "Diyala", 1, troops=1)
    _rebel_turn(s, 0)
    want = {
        f"place rebels in {BOARD.territories[t].name}" for t in BOARD.east if t != territory_index("Diyala")
    }
    assert set(texts(s)) == want
    for t in BOARD.east:
        control(s, BOARD.territories[t].name, 1, troops=1)
    _rebel_turn(s, 0)
    assert texts(s) == ["rebels off the map"]


def test_rebels_move_losing_strength_and_strengthen_up_to_four() -> None:
    s = position(4, phase=2)
    s.rebel_at[0] = territory_index("Diyala")
    s.rebel_str[0] = 3
    _rebel_turn(s, 0)
    act(s, "rebels to Baghdad")
    assert s.rebel_at[0] == territory_index("Baghdad") and s.rebel_str[0] == 2
    s.rebel_str[0] = 4
    _rebel_turn(s, 0)
    assert "strengthen rebels" not in texts(s)


def test_attack_threshold_counts_troops_police_influence_and_strength() -> None:
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=3)
    control(s, "Babil", 1, troops=2)
    w = control(s, "Wasit", 1, troops=0)
    s.buildings[b * 4 + POLICE] = 1
    s.buildings[w * 4 + POLICE] = 1
    s.influence[1] = 7
    thr, how = rules.attack_threshold(s, 1, b, 2)
    assert thr == 5 + 3 + 1 + 2 - 2, how


def test_no_attack_on_ones_own_province() -> None:
    s = position(4, phase=2)
    control(s, "Baghdad", 0, troops=3)
    s.rebel_at[0] = territory_index("Baghdad")
    _rebel_turn(s, 0)
    assert not any(x.startswith("attack") for x in texts(s))


def _attack(s, seat: int, text: str, rollv: int) -> None:
    _rebel_turn(s, seat)
    act(s, text)
    while s.stage != S_ATTACK_ROLL:
        act(s, "decline")
    roll(s, rollv)


def test_successful_attack_kills_troops_and_raises_pacifism() -> None:
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=3)
    s.rebel_at[0] = b
    s.rebel_str[0] = 1
    _attack(s, 0, "attack troops in Baghdad", 5)  # threshold 3 - 1 = 2: 3 damage
    assert s.troops_at(b, 1) == 0 and s.pacifism[1] == 6
    assert s.rebel_at[0] == -1  # the rebels' die is removed


def test_roll_of_two_or_three_always_foils_and_lowers_pacifism() -> None:
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=0, logistics=2)
    s.pacifism[1] = 4
    s.rebel_at[0] = b
    s.rebel_str[0] = 4
    _attack(s, 0, "attack logistics in Baghdad", 3)  # threshold -4, but 3 always foils
    assert s.logistics[b] == 2 and s.pacifism[1] == 3


def test_roll_of_eleven_always_damages() -> None:
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=13)
    s.buildings[b * 4 + REFINERY] = 1
    s.rebel_at[0] = b
    _attack(s, 0, "attack refinery in Baghdad", 11)  # threshold 12: no damage, but 11-12 destroys
    assert s.building(b, REFINERY) == 0 and s.pacifism[1] == 4


def test_refinery_example_three_damage_pay_three_dollars_or_lose_it() -> None:
    # Danni example: a refinery (4 logistics) takes 3 damage: pay 3$ at once or it is destroyed.
    s2 = position(4, phase=2)
    b2 = control(s2, "Baghdad", 1, troops=3)
    s2.buildings[b2 * 4 + REFINERY] = 1
    s2.rebel_at[0] = b2
    _attack(s2, 0, "attack refinery in Baghdad", 5)  # threshold 3 - 1 = 2: 3 damage
    assert s2.stage == S_REPAIR and s2.current_player() == 1
    assert texts(s2) == ["let it fall", "repair"]
    act(s2, "repair")
    assert s2.money[1] == 20 - 6 and s2.building(b2, REFINERY) == 1 and s2.pacifism[1] == 0
    s3 = position(4, phase=2)
    b3 = control(s3, "Baghdad", 1, troops=3)
    s3.buildings[b3 * 4 + REFINERY] = 1
    s3.rebel_at[0] = b3
    _attack(s3, 0, "attack refinery in Baghdad", 5)
    act(s3, "let it fall")
    assert s3.building(b3, REFINERY) == 0 and s3.pacifism[1] == 4


def test_allied_rebels_add_their_strength() -> None:
    s = position(4, phase=2)
    b = control(s, "Baghdad", 1, troops=4)
    s.rebel_at[0] = b
    s.rebel_at[2] = territory_index("Babil")
    s.rebel_str[2] = 3
    _rebel_turn(s, 0)
    act(s, "attack troops in Baghdad")
    assert s.current_player() == 2 and texts(s) == ["decline", "join the attack"]
    act(s, "join the attack")
    roll(s, 6)  # threshold 4 - 4 = 0: 6 damage, 4 troops
    assert s.troops_at(b, 1) == 0 and s.rebel_at[2] == -1


# ----------------------------------------------------------------- Pacifismo
@pytest.mark.parametrize("troops,change", [(8, 0), (9, 1), (5, -1), (4, -2)])
def test_media_ten_example(troops: int, change: int) -> None:
    # Mass media e truppe in gioco: media 10 tolerates 8 troops; 5 troops -1, 4 troops -2.
    s = position(4)
    s.media[0] = 10
    s.pacifism[0] = 5
    s.troops[0] = troops
    rules._pacifism_check(s)
    assert s.pacifism[0] == 5 + change


@pytest.mark.parametrize("pac,dollars", [(3, 0), (4, 1), (7, 3), (10, 5), (13, 10), (15, 15)])
def test_pacifism_penalty_bands(pac: int, dollars: int) -> None:
    assert rules.penalty(pac) == 2 * dollars


def test_penalty_paid_with_oil_then_troops() -> None:
    s = position(4)
    s.media[0] = 20
    s.pacifism[0] = 13  # 10$
    s.money[0] = 4  # 2$
    s.oil[0] = 2  # 2 x 0.5$
    s.troops[0] = 10
    rules._pay_penalty(s, 0, rules.penalty(13))
    assert s.money[0] == 0 and s.oil[0] == 0
    assert s.troops[0] == 10 - 7  # 10 - 2 - 1 = 7$ still owed: 7 troops removed


# ----------------------------------------------------------------- Prezzo del petrolio
def test_oil_price_examples_four_players() -> None:
    # One seller, highest pacifism 7: +0 market, +2 speculation.
    assert rules.oil_price_change(4, 1, 7) == 2
    # Two sellers: -1 market, speculation 0 when the market falls.
    assert rules.oil_price_change(4, 2, 7) == -1
    # Every player sells: -3 and the die (6: 3 more, 4-5: 2, 2-3: 1, 1: none).
    assert [rules.oil_price_change(4, 4, 7, d) for d in (1, 2, 4, 6)] == [-3, -4, -5, -6]


def test_all_sellers_roll_the_market_die() -> None:
    s = position(3)
    s.price = 10
    s.sold = [1, 1, 1]
    rules._oil_check(s)
    assert s.is_chance_node()
    roll(s, 6)
    assert s.price == 4


# ----------------------------------------------------------------- Check petrolio
def test_withdraw_two_in_all_plus_pipelines_and_storage() -> None:
    """Check petrolio: "fino a 2 petroli (2 petroli in totale per tutte le province)";
    Oleodotto: 1 more from its province or the next ones."""
    s = position(4)
    a = control(s, "Bassora", 0, troops=1)
    b = control(s, "Maysan", 0, troops=1)
    s.store[a] = 3
    s.store[b] = 3
    s.buildings[a * 4 + WAREHOUSE] = 1
    rules._oil_after_price(s)
    assert s.stage == S_WITHDRAW and s.current_player() == 0
    act(s, "withdraw 1 oil from Bassora")
    act(s, "withdraw 1 oil from Maysan")
    assert s.oil[0] == 2 and s.store[a] == 2 and s.store[b] == 1  # Maysan holds 1: 1 spoils
    assert s.stage == S_ACTION  # the allowance is used up: the next turn begins
    s.store[a], s.store[b] = 3, 3
    s.buildings[b * 4 + PIPELINE] = 1
    rules._oil_after_price(s)
    for _ in range(3):
        act(s, "withdraw 1 oil from Maysan")
    assert s.oil[0] == 5
    assert rules.storage(s, a) == 4 and rules.storage(s, b) == 1
    s.buildings[a * 4 + WAREHOUSE] = 2
    assert rules.storage(s, a) == 8


# ----------------------------------------------------------------- Governo provvisorio
@pytest.mark.parametrize("name,oil,half", [("Karbala", 1, 1), ("Bassora", 3, 2)])
def test_government_production_half_rounded_up(name: str, oil: int, half: int) -> None:
    s = position(4, phase=3)
    t = control(s, name, 0, troops=1, logistics=BOARD.logistics[territory_index(name)])
    assert BOARD.oil[t] == oil
    rules._government_production(s)
    assert s.gov_oil == half and s.store[t] == half


def test_non_producing_province_costs_influence_then_money_then_oil() -> None:
    s = position(4, phase=3)
    control(s, "Karbala", 0, troops=1)
    s.influence[0] = 1
    rules._government_production(s)
    assert s.influence[0] == 0
    rules._government_production(s)
    assert s.money[0] == 20 - 8
    s.money[0] = 0
    s.oil[0] = 2
    rules._government_production(s)
    assert s.oil[0] == 1


# ----------------------------------------------------------------- Fine del gioco
def test_government_oil_thirty_five_example() -> None:
    assert rules.government_shares(35, [9, 5, 1, 0]) == [11, 8, 5, 0]


def test_government_oil_fifty_with_two_tied_first() -> None:
    assert rules.government_shares(50, [9, 9, 1, 0]) == [14, 14, 8, 0]


def test_final_wealth_and_ties_by_contracts() -> None:
    s = position(3, phase=3)
    s.money = [20, 20, 10]
    s.contracts = [1, 0, 0]  # 2$ by the track
    s.oil = [0, 4, 0]  # 4 x 0.5$ = 2$
    s.pacifism = [0, 0, 0]
    s.turn = s.turns
    rules._finish(s)
    assert s.wealth == [24, 24, 10]
    assert s.result == [1.0, 0.0, 0.0]  # tied on money: more contracts wins


def test_pacifism_penalty_is_ten_times_at_the_end() -> None:
    s = position(3, phase=3)
    s.pacifism[0] = 7
    assert rules.final_wealth(s, 0) == 20 - 60
