"""War on Terror rules from concrete positions, each test citing the rulebook section
(War on Terror, the boardgame, Italian rulebook, 1st edition) or the ruling it checks."""

from __future__ import annotations

import pytest

from realpolitik.engine import load_game
from realpolitik.engine.core.api import CHANCE, IllegalAction, InvalidState
from realpolitik.engine.waronterror import actions, rules, state
from realpolitik.engine.waronterror.board import BOARD
from realpolitik.engine.waronterror.game import WarOnTerrorState

GAME = load_game("waronterror")
K = len(BOARD.cards)
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
# the two house rules (docs/rulings.md, "War on Terror: the game as it is played"): tests of
# card mechanics on near-empty boards use them, so that a seat changing sides does not hand
# the terrorists every empty continent (the rulebook's reading, the default)
AS_PLAYED = {"terrorist_points": "cleared", "last_empire_holds": True}


def c(name: str) -> int:
    i = BOARD.country(name)
    assert i >= 0, name
    return i


def card(key: str) -> int:
    return next(k for k, x in enumerate(BOARD.cards) if x.key == key)


def blank(n: int = 4, actor: int = RED, round_: int = 2, **options: object) -> WarOnTerrorState:
    """A position in the play step of ``actor``'s turn: empty board, empty hands, 300m each."""
    s = GAME.new_initial_state(players=n, seed=1, **options)
    for x in range(n + 1):
        for k in range(K):
            cnt = s.hand[x * K + k]
            if cnt:
                s.hand[x * K + k] = 0
                s.decks[BOARD.cards[k].deck].extend([k] * cnt)
    s.phase = state.P_PLAY
    s.round = round_
    s.actor = s.turn_seat = s.start_seat = actor
    s.builds = 0
    s.buys = 2
    s.money = [300] * n + [0]
    s.touch()
    return s


def put(s: WarOnTerrorState, seat: int, name: str, size: int = 1, chit: int | None = None) -> int:
    x = c(name)
    s.owner[x] = seat
    s.size[x] = size
    s.revealed[x] = 1
    if chit is not None:
        s.chit[x] = chit
    s.touch()
    return x


def give(s: WarOnTerrorState, side: int, key: str, count: int = 1) -> int:
    k = card(key)
    d = s.decks[BOARD.cards[k].deck]
    for _ in range(count):
        d.remove(k)
        s.hand[side * K + k] += 1
    s.known[BOARD.cards[k].deck] = min(s.known[BOARD.cards[k].deck], len(d))
    s.touch()
    return k


def act(s: WarOnTerrorState, text: str) -> None:
    s.apply_action(s.string_from_action(text))


def aim(s: WarOnTerrorState, target: str) -> None:
    """Choose a card's target; a targeted empire lets it resolve and a seat asked whether it
    acts out of turn does not (both are tested apart)."""
    act(s, f"target {target}")
    if s.phase == state.P_RESPOND:
        act(s, "let it resolve")
    skip_windows(s)


def skip_windows(s: WarOnTerrorState) -> None:
    """Every seat asked whether it acts out of turn answers no."""
    while s.phase == state.P_ASK:
        act(s, "no action out of turn")


def roll(s: WarOnTerrorState, value: int) -> None:
    assert s.current_player() == CHANCE
    s.apply_action(actions.CHANCE_OUTCOME + value)


# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("n", "villages", "money", "cards"),
    [(2, 4, 400, 4), (3, 3, 300, 3), (4, 3, 300, 3), (5, 2, 200, 2), (6, 2, 200, 2)],
)
def test_setup_by_player_count(n: int, villages: int, money: int, cards: int) -> None:
    # Inizio del Gioco: dotazione iniziale
    s = GAME.new_initial_state(players=n, seed=5)
    assert s.money[:n] == [money] * n
    assert all(sum(s.hand[p * K : p * K + K]) == cards for p in range(n))
    assert all(BOARD.cards[k].deck == 0 for p in range(n) for k in range(K) if s.hand[p * K + k])
    roll(s, 1)  # Blue rolled highest
    assert s.phase == state.P_SETUP and s.actor == BLUE and s.setup_left == villages
    assert s.chance_outcomes() == []


def test_preparation_round_counter_clockwise_last_placer_starts_no_attack_in_round_one() -> None:
    # Round di preparazione: counter-clockwise from the highest roll, all villages at once,
    # chits revealed where built, the last placer starts, then clockwise
    s = GAME.new_initial_state(players=4, seed=5)
    roll(s, 1)
    placed = []
    names = iter(
        [
            "Canada",
            "Alaska",
            "Greenland",
            "Brazil",
            "Peru",
            "Argentina",
            "France",
            "Spain",
            "Italy",
            "India",
            "China",
            "Japan",
        ]
    )
    while s.phase == state.P_SETUP:
        placed.append(s.actor)
        act(s, f"place village in {next(names)}")
    assert placed == [BLUE] * 3 + [RED] * 3 + [YELLOW] * 3 + [GREEN] * 3
    assert s.revealed[c("Canada")] and s.revealed[c("Japan")] and not s.revealed[c("Mexico")]
    # Azioni fuori dal tuo turno: before Green's first turn the others may act, clockwise
    asked = []
    while s.phase == state.P_ASK:
        asked.append(s.actor)
        act(s, "no action out of turn")
    assert asked == [YELLOW, RED, BLUE]
    assert s.phase == state.P_DIE and s.actor == GREEN and s.round == 1
    roll(s, 0)  # 2 developments
    give(s, GREEN, "war7")
    assert actions.PLAY + card("war7") not in s.legal_actions()  # no attacks in the first round
    act(s, "end turn")
    roll(s, 7)
    skip_windows(s)
    assert s.actor == YELLOW and s.round == 1  # clockwise: Green, then Yellow


def test_turn_order_is_clockwise_and_rounds_count_from_the_starting_seat() -> None:
    s = blank(4, actor=GREEN, round_=1)
    s.start_seat = GREEN
    s.phase = state.P_OIL
    roll(s, 2)
    skip_windows(s)
    assert s.actor == YELLOW and s.round == 1
    s.phase = state.P_OIL
    roll(s, 2)
    skip_windows(s)
    assert s.actor == RED and s.round == 1
    s.phase = state.P_OIL
    roll(s, 2)
    s.phase = state.P_OIL
    roll(s, 2)
    skip_windows(s)
    assert s.actor == GREEN and s.round == 2


# ----------------------------------------------------------------------------- action die


def test_action_die_faces() -> None:
    # Turno di gioco dell'Impero 1-2: numbers allow developments; symbols act at once; then
    # two free empire cards
    s = blank()
    s.phase = state.P_DIE
    roll(s, 2)  # 4 developments
    assert s.builds == 4 and s.phase == state.P_PLAY
    assert sum(s.hand[:K]) == 2
    s = blank()
    s.phase = state.P_DIE
    roll(s, 3)  # extra card
    assert s.builds == 0 and sum(s.hand[:K]) == 3
    s = blank()
    s.phase = state.P_DIE
    s.known[0] = 5
    roll(s, 4)  # shuffle the empire deck
    assert s.known[0] == 0
    s = blank()
    s.phase = state.P_DIE
    roll(s, 5)  # spin the Axis of Evil
    assert s.phase == state.P_AXIS
    roll(s, RED)
    assert s.evil == RED and s.phase == state.P_PLAY
    e, t = s.hand_counts(RED)
    assert (e, t) == (2, 4)  # 2 on turning evil + 2 free from each deck


# ----------------------------------------------------------------------------- developments


def test_skipped_size_counts_as_one_development_and_costs_both_sizes() -> None:
    # Urbanizzazioni, example: a 3 on the die, village to city for 150m, 2 developments left
    s = blank()
    s.builds = 3
    put(s, RED, "Canada")
    act(s, "build city in Canada")
    assert s.size[c("Canada")] == 3
    assert s.money[RED] == 300 - 150
    assert s.builds == 2


def test_build_only_bordering_and_one_development_per_country() -> None:
    s = blank()
    s.builds = 2
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    legal = {s.action_to_string(a) for a in s.legal_actions()}
    assert "build village in USA East" in legal
    assert "build village in USA West" not in legal  # another empire's country
    assert "build village in Mexico" not in legal  # not bordering
    act(s, "build town in USA East")  # village + town: 75m
    assert s.money[RED] == 225 and s.revealed[c("USA East")]


def test_building_across_a_sea_route_pays_the_route() -> None:
    # Urbanizzazioni: building across a sea route costs its printed money
    s = blank()
    s.builds = 1
    put(s, RED, "USA East")
    route = BOARD.sea_cost[(c("USA East"), c("United Kingdom"))]
    assert route == 100
    act(s, "build village in United Kingdom")
    assert s.money[RED] == 300 - 25 - route


def test_columns_cells_and_radiation_limit_building() -> None:
    # Terroristi: columns and cells block any development; Segnalini Radiazioni: nothing
    # bigger than a village in a radioactive country
    s = blank()
    s.builds = 3
    put(s, RED, "Canada")
    s.unit[c("USA East")] = 2
    s.unit[c("USA West")] = 1
    s.radiation[c("Alaska")] = 1
    s.touch()
    legal = {s.action_to_string(a) for a in s.legal_actions()}
    assert not any("USA East" in t and t.startswith("build") for t in legal)
    assert "build village in USA West" in legal  # a vanguard does not block
    assert "build village in Alaska" in legal and "build town in Alaska" not in legal


def test_dismantle_refunds_the_piece_price() -> None:
    # Urbanizzazioni, example: removing a town gives 50m
    s = blank()
    put(s, RED, "Canada", 2)
    put(s, RED, "Alaska", 1)
    act(s, "dismantle Canada")
    assert s.money[RED] == 350 and s.owner[c("Canada")] == -1


# ----------------------------------------------------------------------------- oil


def test_oil_example_town_pair_earns_200_village_50() -> None:
    # Lancio dei Dadi Petrolio, example: A rolls 9; B has two towns on 9s and takes 200m,
    # C a village on a 9 (ruling: 50m, the table, not the example's 90m); A nothing
    s = blank(3, actor=RED)
    put(s, RED, "Canada", 3, chit=8)
    put(s, BLUE, "France", 2, chit=9)
    put(s, BLUE, "Spain", 2, chit=9)
    put(s, GREEN, "India", 1, chit=9)
    act(s, "end turn")
    assert s.phase == state.P_OIL
    roll(s, 9)
    assert s.money[:3] == [300, 500, 350]


def test_oil_blocked_by_cell_and_radiation_not_by_column() -> None:
    s = blank()
    put(s, RED, "Canada", 1, chit=6)
    put(s, RED, "Alaska", 1, chit=6)
    put(s, RED, "Greenland", 1, chit=6)
    s.unit[c("Canada")] = 3
    s.radiation[c("Alaska")] = 1
    s.unit[c("Greenland")] = 2
    act(s, "end turn")
    roll(s, 6)
    assert s.money[RED] == 350


# ----------------------------------------------------------------------------- terrorists


def test_buy_place_and_upgrade_terrorists() -> None:
    # Terroristi: vanguard 10m, upgrade by adding units (a column is 5 vanguards, 40m more;
    # a cell 2 columns), one unit per country, a camp kept off the board
    s = blank()
    act(s, "buy vanguard in Peru")
    act(s, "upgrade unit in Peru")
    assert s.unit[c("Peru")] == 2 and s.money[RED] == 300 - 10 - 40
    act(s, "upgrade unit in Peru")
    assert s.unit[c("Peru")] == 3 and s.money[RED] == 300 - 100
    assert actions.BUY_UNIT + c("Peru") not in s.legal_actions()
    act(s, "buy vanguard for the camp")
    assert s.camp[RED * 4 + 1] == 1
    act(s, "place camp vanguard in Brazil")
    assert s.unit[c("Brazil")] == 1 and s.camp[RED * 4 + 1] == 0


def test_columns_and_cells_can_be_bought_for_the_training_camp() -> None:
    # Turno di gioco dell'Impero 3: "Comprare una qualsiasi quantità di terroristi ... piazzati
    # in qualsiasi punto del tabellone o tenuti da parte per un uso successivo ... 'campo di
    # addestramento terroristi'"; Il Turno del Giocatore Terrorista: "Acquistare un qualsiasi
    # numero di terroristi ... o tenerli fuori da esso": any unit, at its price (Terroristi)
    s = blank()
    act(s, "buy column for the camp")
    act(s, "buy cell for the camp")
    assert s.camp[RED * 4 + 1 : RED * 4 + 4] == [0, 1, 1] and s.money[RED] == 300 - 50 - 100
    act(s, "place camp cell in Peru")
    assert s.unit[c("Peru")] == 3
    s.money[RED] = 60
    s.touch()
    legal = {s.action_to_string(a) for a in s.legal_actions()}
    assert "buy column for the camp" in legal and "buy cell for the camp" not in legal
    # the terrorists' turn buys for their shared camp
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "France")
    rules.convert(s, BLUE)
    s.actor = s.turn_seat = BLUE
    s.phase = state.P_PLAY
    s.touch()
    act(s, "buy cell for the camp")
    assert s.camp[s.n * 4 + 3] == 1


# ----------------------------------------------------------------------------- Axis of Evil


def test_axis_of_evil_turns_a_colour_in_play_evil_and_war_on_it_pays() -> None:
    # L'Asse del Male: 2 free terrorist cards, draws and buys from either deck, 25m for War
    s = blank()
    k = give(s, RED, "evil")
    act(s, "play Who's Evil?")
    assert s.phase == state.P_AXIS
    roll(s, BLUE)
    assert s.evil == BLUE and s.hand_counts(BLUE) == (0, 2)
    roll_free = blank()
    roll_free.evil = BLUE
    roll_free.actor = roll_free.turn_seat = BLUE
    roll_free.phase = state.P_DIE
    roll(roll_free, 0)
    # ruling: "2 carte gratuite da ciascuno dei due mazzi" -- 2 free cards from each deck,
    # where the extra and bought cards come "dall'uno o dall'altro mazzo" (docs/rulings.md)
    assert roll_free.hand_counts(BLUE) == (2, 2)
    assert actions.BUY_CARD_T in roll_free.legal_actions()
    # a spin to a colour not in play: nobody is evil
    s2 = blank(2)
    s2.evil = RED
    s2.phase = state.P_AXIS
    s2.resume_phase = state.P_PLAY
    roll(s2, 5)
    assert s2.evil == -1
    # War on the Evil Empire earns the attacker 25m
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    give(s, RED, "war7")
    act(s, "play War (7+)")
    aim(s, "USA West")
    assert s.money[RED] == 325
    _ = k


# ----------------------------------------------------------------------------- combat and cards


def test_war_hit_destroys_and_expands_miss_keeps() -> None:
    # Combattimenti: 2d6 against the card's number (+1 for a town, +2 for a city)
    s = blank()
    put(s, RED, "Canada")
    put(s, BLUE, "USA West", 2)
    put(s, BLUE, "Japan")
    give(s, RED, "war7", 2)
    act(s, "play War (7+)")
    assert s.phase == state.P_TARGET
    aim(s, "USA West")
    assert s.phase == state.P_COMBAT
    assert rules.combat_need(s, card("war7"), c("USA West")) == 8
    roll(s, 7)  # miss
    assert s.owner[c("USA West")] == BLUE
    act(s, "play War (7+)")
    aim(s, "USA West")
    roll(s, 8)  # hit
    assert s.owner[c("USA West")] == RED and s.size[c("USA West")] == 1


def test_war_on_a_terrorist_unit_and_world_peace() -> None:
    # La pace nel Mondo: the board cleared of terrorists, the remaining empires share
    s = blank(3)
    put(s, RED, "Canada")
    put(s, BLUE, "France")
    put(s, GREEN, "India")
    s.unit[c("Alaska")] = 1
    s.units_seen = 1
    give(s, RED, "war6")
    act(s, "play War (6+)")
    aim(s, "Alaska")
    roll(s, 6)
    assert s.unit[c("Alaska")] == 0
    act(s, "end turn")
    roll(s, 12)
    assert s.phase == state.GAME_OVER and s.end_reason == "world peace"
    assert s.returns() == pytest.approx([1 / 3] * 3)


def test_nuclear_weapons_and_radiation_cleanup() -> None:
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "China", 3)
    s.unit[c("China")] = 1
    give(s, RED, "nuke")
    give(s, RED, "cleanup")
    act(s, "play Nuclear Weapons")
    aim(s, "China")
    roll(s, 5)
    assert s.owner[c("China")] == -1 and s.unit[c("China")] == 0 and s.radiation[c("China")] == 1
    assert rules.radiation_left(s) == BOARD.radiation - 1
    act(s, "play Radiation Clean-up")
    aim(s, "China")
    assert s.radiation[c("China")] == 0


def test_free_development_and_explorers() -> None:
    s = blank()
    put(s, RED, "USA East")
    give(s, RED, "freedev")
    give(s, RED, "explore")
    act(s, "play Free Development")
    assert s.free_builds == 1 and s.builds == 0
    act(s, "build village in United Kingdom")  # pieces free, the route (100m) still paid
    assert s.money[RED] == 200 and s.free_builds == 0
    act(s, "play Explorers")
    assert "target Caribbean" in {s.action_to_string(a) for a in s.legal_actions()}
    aim(s, "Caribbean")  # free village across a sea route
    assert s.owner[c("Caribbean")] == RED and s.money[RED] == 200


def test_espionage_steals_a_card() -> None:
    s = blank()
    give(s, RED, "spy")
    give(s, BLUE, "kyoto", 2)
    act(s, "play Espionage")
    assert s.phase == state.P_TARGET_SEAT
    assert s.legal_actions() == [actions.TARGET_SEAT + BLUE]
    aim(s, "Blue")
    assert s.hand[RED * K + card("kyoto")] == 1 and s.hand[BLUE * K + card("kyoto")] == 1


def test_kyoto_protocol_taxes_towns_and_cities() -> None:
    s = blank()
    put(s, BLUE, "France", 2)
    put(s, BLUE, "Spain", 3)
    put(s, BLUE, "Italy", 1)
    give(s, RED, "kyoto")
    act(s, "play Kyoto Protocol")
    aim(s, "Blue")
    assert s.money[BLUE] == 300 - BOARD.kyoto_town - BOARD.kyoto_city


def test_oil_gush_pays_one_development() -> None:
    s = blank()
    put(s, RED, "Canada", 2, chit=5)
    give(s, RED, "gush")
    act(s, "play Oil Gush")
    aim(s, "Canada")
    assert s.money[RED] == 400


def test_regime_change_takes_a_development() -> None:
    s = blank()
    put(s, RED, "Canada")
    put(s, BLUE, "USA East", 2)
    put(s, BLUE, "France")
    give(s, RED, "regime")
    act(s, "play Regime Change")
    aim(s, "USA East")
    roll(s, 9)  # needs 8 + 1 for a town
    assert s.owner[c("USA East")] == RED and s.size[c("USA East")] == 2


def test_terrorist_buy_off() -> None:
    s = blank()
    s.unit[c("Peru")] = 2
    give(s, RED, "buyoff")
    act(s, "play Terrorist Buy Off")
    aim(s, "Peru")
    assert s.unit[c("Peru")] == 0 and s.money[RED] == 300 - 5 * BOARD.buy_off_per_vanguard


def test_intelligence_leak_is_a_documented_no_op() -> None:
    s = blank()
    give(s, RED, "leak")
    before = s.fingerprint()
    act(s, "play Intelligence Leak")
    after = s.fingerprint()
    changed = {a[0] for a, b in zip(before, after) if a != b}
    assert changed <= {"hand", "decks", "known"}
    assert s.phase == state.P_PLAY


def test_terrorist_attack_reduces_one_size_with_unit_strength() -> None:
    # a cell attacking a city: 8 + 2 (city) - 2 (cell) = 8
    s = blank()
    put(s, BLUE, "France", 3)
    put(s, BLUE, "Spain", 1)
    s.unit[c("France")] = 3
    give(s, RED, "attack8")
    act(s, "play Terrorist Attack (8+)")
    aim(s, "France")
    assert rules.combat_need(s, card("attack8"), c("France")) == 8
    roll(s, 8)
    assert s.size[c("France")] == 2 and s.owner[c("France")] == BLUE


def test_suicide_bomber_wmds_dirty_bomb() -> None:
    s = blank()
    put(s, BLUE, "France", 2)
    put(s, BLUE, "Spain", 2)
    put(s, BLUE, "Italy", 2)
    put(s, BLUE, "Germany", 1)
    for name in ("France", "Spain", "Italy"):
        s.unit[c(name)] = 1
    give(s, RED, "suicide", 2)
    give(s, RED, "wmd")
    give(s, RED, "dirty")
    act(s, "play Suicide Bomber")
    aim(s, "France")
    roll(s, 7)  # needs 7 + 1 (town): a miss still spends the bomber
    assert s.owner[c("France")] == BLUE and s.unit[c("France")] == 0
    s.unit[c("France")] = 1
    act(s, "play Suicide Bomber")
    aim(s, "France")
    roll(s, 8)
    assert s.owner[c("France")] == -1 and s.unit[c("France")] == 0
    act(s, "play WMDs")
    aim(s, "Spain")
    roll(s, 7)  # needs 8
    assert s.owner[c("Spain")] == BLUE
    give(s, RED, "wmd")
    act(s, "play WMDs")
    aim(s, "Spain")
    roll(s, 8)
    assert s.owner[c("Spain")] == -1 and s.unit[c("Spain")] == 0 and s.radiation[c("Spain")]
    act(s, "play Dirty Bomb")
    aim(s, "Italy")
    roll(s, 7)
    assert s.size[c("Italy")] == 1 and s.radiation[c("Italy")] and s.unit[c("Italy")] == 1


def test_oil_theft_hijack_birthday() -> None:
    s = blank(3)
    put(s, BLUE, "France", 2, chit=6)
    s.unit[c("France")] = 1
    put(s, GREEN, "India")
    give(s, RED, "theft")
    give(s, RED, "hijack")
    give(s, RED, "birthday")
    act(s, "play Oil Theft")
    aim(s, "France")
    assert s.money[:3] == [400, 200, 300]
    act(s, "play Plane Hijack")
    aim(s, "Green")
    assert s.money[:3] == [450, 200, 250]
    act(s, "play It's Your Birthday")
    # Azioni fuori dal tuo turno: every empire made to pay is asked first, clockwise
    assert s.phase == state.P_ASK and s.current_player() == BLUE
    act(s, "no action out of turn")
    assert s.phase == state.P_ASK and s.current_player() == GREEN
    act(s, "no action out of turn")
    assert s.money[:3] == [470, 190, 240]


def test_movement_recruitment_training_video_appeal() -> None:
    s = blank()
    give(s, RED, "move")
    give(s, RED, "recruit")
    give(s, RED, "training")
    give(s, RED, "video")
    act(s, "play Terrorist Recruitment")
    aim(s, "Peru")
    assert s.unit[c("Peru")] == 1
    act(s, "play Terrorist Training")
    aim(s, "Peru")
    assert s.unit[c("Peru")] == 2
    act(s, "play Terrorist Movement")
    assert s.moves == 2
    act(s, "move unit from Peru")
    aim(s, "Brazil")
    assert s.unit[c("Brazil")] == 2 and s.unit[c("Peru")] == 0 and s.moves == 1
    before = sum(s.hand[:K])
    act(s, "play Video Appeal")
    assert sum(s.hand[:K]) == before - 1 + 2


def test_video_appeal_draws_only_face_down_cards() -> None:
    # reconstructed (PROVENANCE.md): with the rest of the terrorist deck in hands, Video
    # Appeal and It's Your Birthday would draw each other back from the bottom for ever
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    d = s.decks[1]
    keep = [card("video")] * 2 + [card("birthday")] * 3 + [card("attack8")]
    for k in list(d):
        if k in keep:
            keep.remove(k)
        else:
            d.remove(k)
            s.hand[GREEN * K + k] += 1
    give(s, RED, "video", 2)
    give(s, RED, "birthday", 3)
    assert d == [card("attack8")] and s.known[1] == 0
    act(s, "play It's Your Birthday")
    skip_windows(s)
    act(s, "play Video Appeal")  # one face-down card left: it draws that one only
    assert s.hand[RED * K + card("attack8")] == 1 and s.hand[RED * K + card("birthday")] == 2
    assert s.known[1] == len(d) == 2  # the two played cards, face up at the bottom
    assert actions.PLAY + card("video") not in s.legal_actions()  # nothing face down to draw


def test_every_card_kind_has_a_test_here() -> None:
    tested = {
        "war", "nuclear_weapons", "radiation_cleanup", "free_development", "explorers", "espionage",
        "kyoto_protocol", "oil_gush", "regime_change", "terrorist_buy_off", "whos_evil",
        "intelligence_leak", "terrorist_attack", "suicide_bomber", "wmds", "dirty_bomb", "oil_theft",
        "plane_hijack", "its_your_birthday", "terrorist_movement", "terrorist_recruitment",
        "terrorist_training", "video_appeal",
    }  # fmt: skip
    assert {x.kind for x in BOARD.cards} <= tested


# ----------------------------------------------------------------------------- changing sides


def test_voluntary_conversion_to_terrorist() -> None:
    # Diventare Terrorista: developments become equivalent units in the camp, empire cards
    # swapped for as many terrorist cards, money kept, the turn ends (only the oil dice)
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada", 1)
    put(s, RED, "Alaska", 2)
    put(s, RED, "Greenland", 3)
    put(s, BLUE, "France")
    give(s, RED, "war7", 2)
    give(s, RED, "attack8")
    s.camp[RED * 4 + 1] = 2
    act(s, "become terrorist")
    n = s.n
    assert s.terrorist[RED] and s.terrorist_seats == [RED]
    assert rules.developments(s, RED) == []
    assert s.camp[n * 4 + 1 : n * 4 + 4] == [3, 1, 1]
    assert s.hand_counts(n) == (0, 3)
    assert s.money[n] == 300 and s.money[RED] == 0
    assert s.phase == state.P_OIL


def test_conversion_when_every_development_is_destroyed() -> None:
    s = blank()
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    put(s, BLUE, "France")
    put(s, GREEN, "India")
    give(s, BLUE, "war6")
    s.actor = s.turn_seat = BLUE
    s.touch()
    act(s, "play War (6+)")
    aim(s, "Canada")
    roll(s, 6)
    assert s.terrorist[RED] and s.owner[c("Canada")] == BLUE
    assert s.phase == state.P_PLAY  # Blue's turn goes on


def test_bankruptcy_the_debtor_chooses_what_to_remove() -> None:
    # Bancarotta: "Se un Impero non ha denaro sufficiente per coprire i debiti dopo aver
    # rimosso le costruzioni ... viene dichiarato in bancarotta": a debtor short of money
    # removes developments of its choice, pays, and keeps the rest
    s = blank()
    put(s, BLUE, "France", 2)
    put(s, BLUE, "Spain", 1)
    s.money[BLUE] = 40
    rules.pay(s, BLUE, 80, RED)
    assert s.phase == state.P_DEBT and s.current_player() == BLUE and rules.turn_actor(s) == RED
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == ["dismantle France", "dismantle Spain"]
    act(s, "dismantle France")  # 40m + the town's 50m pays the 80m
    assert s.phase == state.P_PLAY and s.current_player() == RED and not s.debts
    assert s.money[BLUE] == 10 and s.money[RED] == 380 and not s.terrorist[BLUE]
    assert s.owner[c("Spain")] == BLUE and s.owner[c("France")] == -1
    # removing the village first leaves the debt standing: the town goes too, and with no
    # development left the seat changes sides (Diventare Terrorista 1), its debt paid
    s = blank(**AS_PLAYED)
    put(s, BLUE, "France", 2)
    put(s, BLUE, "Spain", 1)
    s.money[BLUE] = 40
    rules.pay(s, BLUE, 80, RED)
    act(s, "dismantle Spain")
    assert (
        s.phase == state.P_DEBT
        and s.money[BLUE] == 65
        and s.legal_actions() == [actions.DISMANTLE + c("France")]
    )
    act(s, "dismantle France")
    assert s.money[RED] == 380 and s.terrorist[BLUE] and s.money[s.n] == 35


def test_kyoto_protocol_on_an_empire_without_money_removes_only_what_pays() -> None:
    # Bancarotta: Red (India) plays Kyoto Protocol on Blue (a city in Peru, a village in
    # Brazil, 0m): removing the city alone (100m) pays the 50m tax; Blue keeps its village
    s = blank()
    put(s, RED, "India")
    put(s, BLUE, "Peru", 3)
    put(s, BLUE, "Brazil", 1)
    s.money[BLUE] = 0
    give(s, RED, "kyoto")
    act(s, "play Kyoto Protocol")
    act(s, "target Blue")
    assert s.phase == state.P_ASK and s.current_player() == BLUE  # it may act out of turn first
    act(s, "no action out of turn")
    assert s.phase == state.P_DEBT and s.current_player() == BLUE
    act(s, "dismantle Peru")
    assert s.money[BLUE] == 100 - BOARD.kyoto_city and s.owner[c("Brazil")] == BLUE
    assert not s.terrorist[BLUE] and s.phase == state.P_PLAY and s.current_player() == RED


def test_bankruptcy_only_when_everything_is_gone_and_the_debt_stands() -> None:
    # Bancarotta: 10m, a city (100m) and a village (25m) cannot pay 500m: everything is
    # removed for its refund, all of it goes to the creditor, and the seat turns terrorist
    # with nothing left to become units (no choice is asked: all goes whatever the order)
    s = blank(**AS_PLAYED)
    put(s, BLUE, "France", 3)
    put(s, BLUE, "Spain", 1)
    s.money[BLUE] = 10
    rules.pay(s, BLUE, 500, RED)
    assert s.terrorist[BLUE] and s.money[RED] == 300 + 135 and s.money[s.n] == 0
    assert rules.developments(s, BLUE) == [] and s.camp[s.n * 4 + 1 : s.n * 4 + 4] == [0, 0, 0]
    assert s.phase == state.P_PLAY and s.current_player() == RED


def test_terrorists_share_one_turn_in_the_first_convert_slot() -> None:
    # Il Turno del Giocatore Terrorista: one shared turn and purse; the action die gives
    # terrorist moves; 2 free terrorist cards
    s = blank(**AS_PLAYED)
    for seat, name in ((RED, "Canada"), (BLUE, "France"), (GREEN, "India"), (YELLOW, "Peru")):
        put(s, seat, name)
    rules.convert(s, BLUE)
    rules.convert(s, YELLOW)
    assert s.terrorist_seats == [BLUE, YELLOW]
    s.phase = state.P_OIL
    roll(s, 2)  # end of Red's turn: Blue's slot is the terrorist turn
    assert s.phase == state.P_ASK and s.actor == GREEN  # the empires may act out of turn first, clockwise
    skip_windows(s)
    assert rules.terrorist_turn(s) and s.actor == BLUE
    s.unit[c("Peru")] = 1
    roll(s, 1)  # 3 on the die: 3 terrorist moves
    assert s.moves == 3 and s.hand_counts(s.n)[1] >= 2
    assert actions.BECOME not in s.legal_actions()
    act(s, "end turn")
    roll(s, 2)
    skip_windows(s)
    assert s.actor == GREEN  # Yellow's slot is skipped
    s.phase = state.P_OIL
    roll(s, 2)
    skip_windows(s)
    s.phase = state.P_OIL
    roll(s, 2)
    skip_windows(s)
    assert rules.terrorist_turn(s) and s.actor == YELLOW  # the seats take the turn in rotation


# ----------------------------------------------------------------------------- victory


def test_empire_victory_by_liberation_points() -> None:
    # Vincere il Gioco: whole continents plus one per city against the table (4 empires: 10)
    s = blank()
    for x in BOARD.members[BOARD.continents.index("Asia")]:
        s.owner[x], s.size[x], s.revealed[x] = RED, 1, 1
    for x in BOARD.members[BOARD.continents.index("Europe")][:-1]:
        s.owner[x], s.size[x], s.revealed[x] = RED, 1, 1
    put(s, RED, "Canada", 2)
    s.builds = 1
    s.touch()
    assert rules.liberation_points(s, RED) == 5
    last = BOARD.members[BOARD.continents.index("Europe")][-1]
    act(s, f"build village in {BOARD.countries[last]}")
    assert rules.liberation_points(s, RED) == 9 and s.phase == state.P_PLAY
    s.builds = 1
    act(s, "build city in Canada")
    assert s.phase == state.GAME_OVER and s.end_reason == "empire victory" and s.returns()[RED] == 1.0


def _americas_empty(actor: int = GREEN, **options: object) -> WarOnTerrorState:
    """Green and Yellow have changed sides; Red holds Europe, Asia, Australasia and Nowhere,
    Blue Africa and a country of Europe; no development in the Americas. In the play step of
    ``actor``'s turn (Green's: the terrorists' turn, in the slot of the first to change sides)."""
    s = blank(**options)
    for name in ("France", "India", "Australia", "Nowhere"):
        put(s, RED, name)
    put(s, BLUE, "Egypt")
    put(s, BLUE, "Spain")
    rules.convert(s, GREEN)
    rules.convert(s, YELLOW)
    s.actor = s.turn_seat = actor
    s.touch()
    return s


def _pass_turn(s: WarOnTerrorState) -> None:
    """The running turn ends (oil dice 2: nobody earns); the next begins, nobody acting out of
    turn, with the action die's first face (2 developments)."""
    act(s, "end turn")
    roll(s, 2)
    skip_windows(s)
    if s.phase != state.GAME_OVER:
        roll(s, 0)


def test_terrorist_points_rulebook_example() -> None:
    # Vincere il Gioco: "i Terroristi prendono punti per ogni continente completamente libero
    # da urbanizzazioni Imperiali"; the example: "America del Nord e del Sud non contengono
    # costruzioni; il Giocatore terrorista ha 5 Punti Liberazione" (never settled: they count)
    s = _americas_empty()
    assert s.phase == state.P_PLAY and rules.terrorist_points(s) == 5 and rules.points_to_win(s) == 8
    # "In una partita in cui sono rimasti 2 Imperi, il Giocatore terrorista può prendere Africa
    # e NOWhere per assicurarsi la vittoria (8 punti)"
    s2 = s.clone()
    rules.dismantle(s2, BLUE, c("Egypt"))
    assert rules.terrorist_points(s2) == 7 and s2.phase == state.P_PLAY
    rules.dismantle(s2, RED, c("Nowhere"))
    assert s2.phase == state.GAME_OVER and s2.end_reason == "terrorist victory"
    assert s2.returns() == [0.0, 0.0, 0.5, 0.5]
    # "In alternativa, si può concentrare sull'abbattimento di uno degli Imperi rimasti e così
    # sarà necessario prendere solo l'Africa per ottenere i 7 punti"
    rules.convert(s, BLUE)
    assert rules.points_to_win(s) == 7 and rules.terrorist_points(s) == 7
    assert s.phase == state.GAME_OVER and s.end_reason == "terrorist victory"


def test_terrorist_points_count_in_the_terrorists_own_turn() -> None:
    # Vincere il Gioco does not say when the terrorists' points are counted; ruling
    # (docs/rulings.md): in the Terrorist Player's own turn ("L'impero giocherà come Terrorista
    # a partire dal regolare turno successivo"; the terrorists "take" continents in their turn)
    s = _americas_empty(actor=RED)
    assert not rules.terrorist_turn(s)
    rules.dismantle(s, BLUE, c("Egypt"))
    rules.dismantle(s, RED, c("Nowhere"))
    assert rules.terrorist_points(s) == 8 and rules.points_to_win(s) == 8
    assert s.phase == state.P_PLAY  # Red's turn: not counted yet
    # Red settles Nowhere again before the terrorists' turn: 7 points, no victory
    refilled = s.clone()
    refilled.builds = 1
    refilled.touch()
    act(refilled, "build village in Nowhere")
    _pass_turn(refilled)  # Blue's turn
    _pass_turn(refilled)  # the terrorists' turn (Green's slot)
    assert rules.terrorist_turn(refilled) and refilled.phase != state.GAME_OVER
    assert rules.terrorist_points(refilled) == 7
    # nobody settles again: the terrorists' turn begins with their points counted
    _pass_turn(s)
    assert s.phase != state.GAME_OVER and s.turn_seat == BLUE
    act(s, "end turn")
    roll(s, 2)
    assert s.phase == state.GAME_OVER and s.end_reason == "terrorist victory"
    assert s.returns() == [0.0, 0.0, 0.5, 0.5]


def test_terrorist_points_count_at_any_time_under_the_option() -> None:
    # option terrorist_win="any_time": the moment the continents are empty
    s = _americas_empty(actor=RED, terrorist_win="any_time")
    rules.dismantle(s, BLUE, c("Egypt"))
    assert s.phase == state.P_PLAY
    rules.dismantle(s, RED, c("Nowhere"))
    assert s.phase == state.GAME_OVER and s.end_reason == "terrorist victory"


def test_terrorist_win_option_is_checked() -> None:
    with pytest.raises(InvalidState, match="terrorist_win"):
        GAME.new_initial_state(players=3, terrorist_win="never")


def test_terrorist_points_cleared_house_rule() -> None:
    # option terrorist_points="cleared" (house rule, docs/rulings.md): a continent counts
    # only once a card's effect removed its last development, until an empire builds there
    s = blank(terrorist_points="cleared")
    rules.convert(s, GREEN)
    rules.convert(s, YELLOW)
    for k in range(len(BOARD.continents)):
        s.freed[k] = 0
    na, sa = BOARD.continents.index("North America"), BOARD.continents.index("South America")
    s.freed[na] = s.freed[sa] = 1
    assert rules.terrorist_points(s) == 5 and rules.points_to_win(s) == 8
    afr, now = BOARD.continents.index("Africa"), BOARD.continents.index("Nowhere")
    assert BOARD.continent_value[afr] + BOARD.continent_value[now] == 3
    assert BOARD.continent_value[afr] == 2
    rules.place_development(s, RED, c("Canada"), 1)  # an empire back in North America
    assert s.freed[na] == 0


def test_terrorist_victory_when_a_card_clears_a_continent() -> None:
    s = blank(2, terrorist_points="cleared")
    put(s, RED, "Canada")
    put(s, RED, "Nowhere")
    put(s, BLUE, "France")
    rules.convert(s, BLUE)
    for name in ("South America", "Africa", "Australasia"):
        s.freed[BOARD.continents.index(name)] = 1
    assert rules.terrorist_points(s) == 6 and rules.points_to_win(s) == 7  # one empire left
    s.phase = state.P_PLAY
    s.actor = s.turn_seat = BLUE
    s.unit[c("Nowhere")] = 1
    give(s, s.n, "suicide")
    act(s, "play Suicide Bomber")
    aim(s, "Nowhere")
    roll(s, 7)
    assert s.phase == state.GAME_OVER and s.end_reason == "terrorist victory" and s.returns() == [0.0, 1.0]


def test_dismantling_or_converting_does_not_free_a_continent_under_the_house_rule() -> None:
    s = blank(**AS_PLAYED)
    put(s, RED, "Nowhere")
    put(s, RED, "Canada")
    act(s, "dismantle Nowhere")
    assert s.freed[BOARD.continents.index("Nowhere")] == 0
    act(s, "become terrorist")
    assert rules.terrorist_points(s) == 0


def test_round_limit_ends_the_game_nearest_its_target_wins() -> None:
    s = GAME.new_initial_state(players=2, seed=1, max_rounds=1)
    s2 = blank(2)
    s2.max_rounds = 1
    s2.round = 1
    put(s2, RED, "Canada", 3)
    put(s2, BLUE, "France")
    s2.phase = state.P_OIL
    s2.actor = s2.turn_seat = BLUE
    s2.start_seat = RED
    roll(s2, 2)
    assert s2.phase == state.GAME_OVER and s2.end_reason == "round limit" and s2.returns() == [1.0, 0.0]
    assert s.max_rounds == 1


def test_illegal_moves_are_refused_with_a_reason() -> None:
    s = blank()
    with pytest.raises(IllegalAction, match="not legal now"):
        s.apply_action(actions.BUILD + 3 * c("Japan"))


def test_the_last_empire_may_change_sides_by_the_text() -> None:
    # Diventare Terrorista (3), Azioni fuori dal tuo turno: any empire may change sides or
    # remove its developments at any time, the last one too; then no empire is left and the
    # whole table shares the terrorists' win
    s = blank(3)
    for name in ("India", "France", "Canada", "Nowhere"):  # 13 points held: 6 left free
        put(s, RED, name)
    put(s, BLUE, "Brazil")
    put(s, GREEN, "Egypt")
    rules.convert(s, BLUE)
    rules.convert(s, GREEN)
    s.touch()
    assert s.phase == state.P_PLAY and s.empires() == [RED] and rules.terrorist_points(s) == 6
    assert actions.BECOME in s.legal_actions() and actions.DISMANTLE + c("India") in s.legal_actions()
    act(s, "become terrorist")
    assert s.phase == state.GAME_OVER and s.end_reason == "no empire left"
    assert s.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_the_last_empire_cannot_change_sides_by_choice_under_the_house_rule() -> None:
    # option last_empire_holds (house rule): the last empire neither becomes a terrorist by
    # choice nor dismantles its last development; with two empires left both are offered
    s = blank(3, **AS_PLAYED)
    put(s, RED, "Canada")
    put(s, GREEN, "India")
    rules.convert(s, BLUE)
    s.touch()
    assert s.string_from_action("become terrorist") in s.legal_actions()
    assert actions.DISMANTLE + c("Canada") in s.legal_actions()
    rules.convert(s, GREEN)
    s.touch()
    assert s.phase == state.P_PLAY and s.empires() == [RED]
    assert actions.BECOME not in s.legal_actions()
    assert actions.DISMANTLE + c("Canada") not in s.legal_actions()
    put(s, RED, "Alaska")
    assert actions.DISMANTLE + c("Canada") in s.legal_actions()  # not its last development


def test_the_last_empire_falling_is_shared_by_the_whole_table() -> None:
    # ruling (Vincere il Gioco): once the last empire is destroyed every seat belongs to the
    # Terrorist Player and the world is free of empires: the common win is the table's
    s = blank(3, **AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    rules.convert(s, GREEN)
    rules.convert(s, BLUE)
    s.touch()
    assert s.phase == state.P_PLAY and s.empires() == [RED]
    s.unit[c("Canada")] = 1
    s.actor = s.turn_seat = GREEN  # the terrorists' shared turn
    give(s, rules.actor_side(s), "attack8")
    act(s, "play Terrorist Attack (8+)")
    aim(s, "Canada")
    roll(s, 8)
    assert s.phase == state.GAME_OVER and s.end_reason == "no empire left"
    assert s.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


# ----------------------------------------------------------------------------- out of turn
# Azioni fuori dal tuo turno: "ad ogni tappa del gioco" a player may remove its developments
# or change sides. Ruling (docs/rulings.md): the targeted empire answers a hostile card aimed
# at one of its developments before the card resolves.


def war_on_blue_town(key: str = "war7", size: int = 2) -> WarOnTerrorState:
    """Red (a village in Canada) has played the card ``key`` (War (7+)) on Blue's development
    of ``size`` (a town) in USA West; Blue, with a village in France too, answers."""
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "USA West", size=size)
    put(s, BLUE, "France")
    k = give(s, RED, key)
    act(s, f"play {BOARD.cards[k].name}")
    act(s, "target USA West")
    return s


def test_a_targeted_empire_answers_before_the_roll() -> None:
    s = war_on_blue_town()
    assert s.phase == state.P_RESPOND and s.current_player() == BLUE
    assert s.paused == RED and rules.turn_actor(s) == RED
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "become terrorist",
        "dismantle USA West",
        "let it resolve",
    ]
    act(s, "let it resolve")
    assert s.phase == state.P_COMBAT and s.actor == RED and s.paused == -1
    roll(s, 9)  # 7 + 1 for a town
    assert s.owner[c("USA West")] == RED and s.size[c("USA West")] == 1


def test_dismantling_the_target_spends_the_card_without_a_roll() -> None:
    s = war_on_blue_town()
    act(s, "dismantle USA West")
    assert s.money[BLUE] == 300 + 50  # the town's refund
    assert s.owner[c("USA West")] == -1 and s.size[c("USA West")] == 0
    assert s.phase == state.P_PLAY and s.current_player() == RED and s.pending_card == -1
    assert s.decks[0][0] == card("war7")  # played: at the bottom of its deck
    assert s.owner[c("Canada")] == RED and s.money[RED] == 300  # Red gains nothing
    assert not s.terrorist[BLUE]


def test_changing_sides_in_answer_spends_the_card_and_red_plays_on() -> None:
    s = war_on_blue_town()
    s.builds = 2
    act(s, "become terrorist")
    assert s.terrorist[BLUE] and s.terrorist_seats == [BLUE]
    assert s.owner[c("USA West")] == -1 and s.camp[s.n * 4 + 2] == 1 and s.camp[s.n * 4 + 1] == 1
    # Red's turn goes on where it was (not ended: it was not Blue's turn)
    assert s.phase == state.P_PLAY and s.current_player() == RED and s.builds == 2


def test_regime_change_dismantled_in_answer_takes_nothing() -> None:
    s = war_on_blue_town("regime", size=3)
    act(s, "dismantle USA West")
    assert s.money[BLUE] == 400 and s.owner[c("USA West")] == -1
    assert rules.pieces_used(s, RED, 3) == 0


def test_dismantling_the_last_development_in_answer_changes_sides() -> None:
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "USA West")
    give(s, RED, "war7")
    act(s, "play War (7+)")
    act(s, "target USA West")
    act(s, "dismantle USA West")
    # Diventare Terrorista (1): every development gone, the seat turns terrorist
    assert s.terrorist[BLUE] and s.money[s.n] == 325 and s.phase == state.P_PLAY and s.actor == RED


def _terrorists_attack(s: WarOnTerrorState, seat: int, where: str, units: int) -> None:
    """``seat`` changes sides; in its turn the terrorists' vanguard of ``units`` in ``where``
    plays Terrorist Attack (8+) on the village there."""
    rules.convert(s, seat)
    s.phase = state.P_PLAY
    s.actor = s.turn_seat = seat
    s.unit[c(where)] = units
    give(s, s.n, "attack8")
    s.touch()
    assert rules.terrorist_turn(s)
    act(s, "play Terrorist Attack (8+)")
    act(s, f"target {where}")


def test_an_empire_answers_a_terrorist_attack_in_the_terrorists_turn() -> None:
    s = blank(3, **AS_PLAYED)
    put(s, RED, "Canada")
    put(s, RED, "France", size=2)
    put(s, BLUE, "Brazil")
    put(s, GREEN, "China")
    _terrorists_attack(s, GREEN, "France", 2)
    assert s.current_player() == RED and rules.actor_side(s) == RED
    before = s.money[s.n]
    act(s, "dismantle France")
    assert s.money[RED] == 350 and s.money[s.n] == before  # the refund is Red's, not the purse's
    assert s.current_player() == GREEN and rules.terrorist_turn(s) and rules.actor_side(s) == s.n


def _terrorists_attack_canada(red: tuple[str, ...]) -> WarOnTerrorState:
    """Two players: Blue has changed sides; in its turn the terrorists' vanguard in Canada
    attacks Red's village there (Red, the last empire, holds villages in ``red``; the house
    rules, so that the last empire holds)."""
    s = blank(2, **AS_PLAYED)
    for name in red:
        put(s, RED, name)
    put(s, BLUE, "France")
    _terrorists_attack(s, BLUE, "Canada", 1)
    return s


def test_no_answer_without_a_choice_or_a_hostile_card() -> None:
    # the last empire with a single development has nothing to answer with
    s = _terrorists_attack_canada(("Canada",))
    assert s.phase == state.P_COMBAT
    # War on a terrorist unit alone: nobody answers
    s = blank()
    put(s, RED, "Canada")
    s.unit[c("USA West")] = 1
    give(s, RED, "war7")
    act(s, "play War (7+)")
    act(s, "target USA West")
    assert s.phase == state.P_COMBAT
    # Oil Gush on one's own development: not hostile
    s = blank()
    put(s, RED, "Canada", chit=6)
    give(s, RED, "gush")
    act(s, "play Oil Gush")
    act(s, "target Canada")
    assert s.phase == state.P_PLAY and s.money[RED] == 350


def test_the_last_empire_answers_only_by_dismantling() -> None:
    s = _terrorists_attack_canada(("Canada", "USA West"))
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == ["dismantle Canada", "let it resolve"]


# ----------------------------------------------------------------------------- windows
# Azioni fuori dal tuo turno: "Ad ogni tappa del gioco, un giocatore può ... Rimuovere
# qualsiasi quantità di proprie costruzioni ... Diventare Terrorista". Ruling (docs/rulings.md):
# a window at the start of every turn (every other empire) and before a card makes an empire
# pay (its debtors), one quick "act out of turn?" each.


def test_changing_sides_at_the_start_of_another_turn_lowers_the_terrorists_target() -> None:
    # Yellow is the terrorists; North America and Asia are empty: 8 points, 9 needed with
    # three empires. Before the terrorists' turn Blue (a village in Europe, beside Red's)
    # changes sides: two empires left, 8 needed, the terrorists win (Blue shares it)
    s = blank(actor=GREEN)
    for name in ("France", "Brazil", "Egypt", "Australia"):
        put(s, RED, name)
    put(s, BLUE, "Spain")
    put(s, GREEN, "Nowhere")
    put(s, YELLOW, "Peru")
    rules.convert(s, YELLOW)
    assert s.phase == state.P_PLAY and rules.terrorist_points(s) == 8 and rules.points_to_win(s) == 9
    act(s, "end turn")
    roll(s, 7)
    assert rules.terrorist_turn(s) and s.phase == state.P_ASK and s.current_player() == RED
    assert rules.turn_actor(s) == YELLOW
    assert s.legal_actions() == [actions.PASS, actions.ACT]
    act(s, "no action out of turn")
    assert s.current_player() == BLUE
    act(s, "act out of turn")
    assert s.phase == state.P_OUT
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "become terrorist",
        "dismantle Spain",
        "done out of turn",
    ]
    act(s, "become terrorist")
    assert s.phase == state.GAME_OVER and s.end_reason == "terrorist victory"
    assert s.returns() == [0.0, 0.5, 0.0, 0.5]


def test_a_window_lets_a_seat_dismantle_then_the_turn_begins() -> None:
    s = blank(**AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "France", 2)
    put(s, BLUE, "Spain")
    s.phase = state.P_OIL
    roll(s, 7)  # Red's turn ends: Blue's begins, the others asked first
    assert s.phase == state.P_ASK and s.current_player() == GREEN  # Green and Yellow have no development
    act(s, "act out of turn")
    assert s.legal_actions() == [actions.BECOME, actions.DONE]
    act(s, "done out of turn")
    act(s, "no action out of turn")  # Yellow
    assert s.current_player() == RED
    act(s, "act out of turn")
    act(s, "dismantle Canada")  # its last: Diventare Terrorista (1)
    assert s.terrorist[RED] and s.money[s.n] == 325
    # every seat asked: Blue's turn begins with its action die
    assert s.phase == state.P_DIE and s.actor == BLUE and rules.turn_actor(s) == BLUE
    s2 = blank(**AS_PLAYED)
    put(s2, RED, "Canada")
    put(s2, RED, "Alaska")
    s2.phase = state.P_OIL
    s2.actor = s2.turn_seat = GREEN
    roll(s2, 7)  # Yellow's turn: Red asked first
    act(s2, "act out of turn")
    before = s2.money[RED]
    act(s2, "dismantle Alaska")
    assert s2.phase == state.P_OUT and s2.money[RED] == before + 25  # it may go on
    act(s2, "done out of turn")
    assert s2.phase == state.P_ASK and s2.current_player() == BLUE


def test_changing_sides_before_a_tax_leaves_nothing_to_pay() -> None:
    # the window before Kyoto Protocol: Blue changes sides, the tax finds no town to tax
    s = blank(**AS_PLAYED)
    put(s, RED, "India")
    put(s, BLUE, "Peru", 3)
    put(s, BLUE, "Brazil", 2)
    give(s, RED, "kyoto")
    give(s, RED, "hijack")
    act(s, "play Kyoto Protocol")
    act(s, "target Blue")
    act(s, "act out of turn")
    act(s, "become terrorist")
    assert s.terrorist[BLUE] and s.money[s.n] == 300
    assert s.phase == state.P_PLAY and s.current_player() == RED and s.pending_card == -1
    assert s.money[RED] == 300 and not s.debts
    # Plane Hijack names an empire; a target that changed sides first owes nothing
    put(s, GREEN, "Egypt")
    act(s, "play Plane Hijack")
    act(s, "target Green")
    act(s, "act out of turn")
    act(s, "become terrorist")
    assert s.money[RED] == 300 and s.money[s.n] == 600


def test_no_window_without_anything_to_do() -> None:
    # under the house rule the last empire with one development has nothing to do out of
    # turn, and a terrorist seat is never asked
    s = blank(2, **AS_PLAYED)
    put(s, RED, "Canada")
    put(s, BLUE, "France")
    rules.convert(s, BLUE)
    s.phase = state.P_OIL
    s.actor = s.turn_seat = RED
    roll(s, 7)
    assert rules.terrorist_turn(s) and s.phase == state.P_DIE
    # by the text it may change sides: it is asked
    s = blank(2)
    for name in ("India", "France", "Canada", "Nowhere"):
        put(s, RED, name)
    put(s, BLUE, "Brazil")
    rules.convert(s, BLUE)
    s.phase = state.P_OIL
    s.actor = s.turn_seat = RED
    roll(s, 7)
    assert s.phase == state.P_ASK and s.current_player() == RED


def test_options_are_checked() -> None:
    from realpolitik.engine.core.api import InvalidState

    with pytest.raises(InvalidState, match="terrorist_points"):
        GAME.new_initial_state(players=3, terrorist_points="freed")
    s = GAME.new_initial_state(players=3, **AS_PLAYED)
    assert s.cleared_only and s.last_empire_holds
    s = GAME.new_initial_state(players=3)
    assert not s.cleared_only and not s.last_empire_holds
