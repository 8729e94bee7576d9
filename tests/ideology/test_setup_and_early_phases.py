"""Setup and phases 1-4 (Resources, Trading, Development, Foreign), from concrete positions.
Section names refer to the seed rulebook (Ideology: The War of Ideas, Italian rulebook)."""

from __future__ import annotations

import pytest

from realpolitik.engine.core.api import CHANCE, IllegalAction, InvalidState
from realpolitik.engine.ideology import actions, rules
from realpolitik.engine.ideology.board import BOARD
from realpolitik.engine.ideology.game import GAME
from realpolitik.engine.ideology.state import (
    IN_PLAY,
    NUM_ADVANCEMENTS,
    OFF_DECK,
    PH_CONFLICT,
    PH_DEVELOPMENT,
    PH_FOREIGN,
    PH_RESOURCES,
    PH_REVEAL,
    PH_TRADING,
)
from tests.ideology.helpers import act, at, cards_in, discard, gi, hand, position, reg, seat, sound, texts

# ----------------------------------------------------------------------------- setup


def test_setup_start_regions_with_three_cards_per_sector_and_level_three() -> None:
    s = GAME.new_initial_state(players=5, seed=1)
    for x in range(5):
        card = BOARD.ideologies[s.ideo[x]]
        r = card.start_region
        assert s.owner[r] == x and s.where[r] == IN_PLAY and s.dev[r] == 3
        assert [s.cards(r, t, x) for t in range(3)] == [3, 3, 3]
        assert rules.global_influence(s, x) == 3  # Obiettivo del gioco: everyone starts at 3
        # 45 - 9 on the board = 36 in deck + hand (3 drawn in phase 1 of turn 1)
        assert sum(s.deck[x * 3 : x * 3 + 3]) + s.hand_size(x) == 36
        assert s.hand_size(x) == 3
        assert s.adv[x * NUM_ADVANCEMENTS + card.start_advancement] == 1  # one starting advancement
    assert sum(1 for w in s.where if w == OFF_DECK) == 38  # the rest form the region deck
    sound(s)
    s = GAME.new_initial_state(players=5, seed=1, variant="rulebook")
    assert sum(s.adv) == 0  # the rulebook names no starting advancement
    sound(s)


def test_a_named_ideology_is_dealt_to_its_seat_and_the_rest_at_random() -> None:
    for seed in range(20):
        s = GAME.new_initial_state(players=3, seed=seed, ideologies="Communism")
        assert s.ideology_name(0) == "Communism" and len(set(s.ideo)) == 3
        s = GAME.new_initial_state(players=4, seed=seed, ideologies=",Fascism")
        assert s.ideology_name(1) == "Fascism" and len(set(s.ideo)) == 4
        # 2 players: the other one follows the pairing table either way
        s = GAME.new_initial_state(players=2, seed=seed, ideologies=",Fascism")
        assert [s.ideology_name(x) for x in (0, 1)] == ["Communism", "Fascism"]
    assert GAME.new_initial_state(players=3, seed=4).ideo == rules.deal_ideologies(3, 4)
    assert GAME.options_for_seats(["Communism"], 3) == {"ideologies": "Communism"}
    assert GAME.options_for_seats(["1", "fascism"], 3) == {"ideologies": ",Fascism"}
    assert GAME.options_for_seats(["Player 1"], 3) == {}


def test_setup_unused_start_regions_go_into_the_region_deck() -> None:
    s = GAME.new_initial_state(players=2, seed=0, ideologies="Capitalism,Fascism")
    assert s.where[reg("Great Britain")] == OFF_DECK and s.where[reg("Iran")] == OFF_DECK
    assert s.owner[reg("Great Britain")] == -1


def test_turn_order_chart_by_colour_space_shifted_left() -> None:
    s = GAME.new_initial_state(players=3, seed=0, ideologies="Imperialism,Capitalism,Fascism")
    # chart spaces: Capitalism 1, Fascism 3, Imperialism 4 -> markers close to the left
    assert [s.ideology_name(x) for x in s.order] == ["Capitalism", "Fascism", "Imperialism"]


def test_two_player_game_second_ideology_from_the_pairing_table() -> None:
    seen = set()
    for seed in range(60):
        first, second = rules.deal_ideologies(2, seed)
        assert second == BOARD.ideologies[first].pair
        seen.add(first)
    assert seen == set(range(5))  # the first ideology is dealt at random


def test_random_deal_gives_distinct_ideologies() -> None:
    for n in (3, 4, 5):
        for seed in range(20):
            d = rules.deal_ideologies(n, seed)
            assert len(set(d)) == n


def test_options_are_validated() -> None:
    with pytest.raises(InvalidState, match="unknown ideology 'Monarchy'"):
        GAME.new_initial_state(players=2, ideologies="Capitalism,Monarchy")
    with pytest.raises(InvalidState, match="names 3 ideologies for 2 players"):
        GAME.new_initial_state(players=2, ideologies="Capitalism,Fascism,Communism")
    with pytest.raises(InvalidState, match="at most once"):
        GAME.new_initial_state(players=2, ideologies="Capitalism,capitalism")
    with pytest.raises(InvalidState, match="max_turns"):
        GAME.new_initial_state(players=2, max_turns=0)
    with pytest.raises(InvalidState, match="unknown option 'fog'"):
        GAME.new_initial_state(players=2, fog=True)
    with pytest.raises(InvalidState, match="players"):
        GAME.new_initial_state(players=6)


# ----------------------------------------------------------------------------- 1. resources


def test_resources_example_draws_up_to_global_influence() -> None:
    # 1, example: GI 3, one card kept from the previous turn -> draws only two
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (0, 1, 0)})
    deck_before = sum(s.deck[seat(s, "Capitalism") * 3 :][:3])
    rules.begin_turn(s)
    assert sum(hand(s, "Capitalism")) == 3
    assert sum(s.deck[seat(s, "Capitalism") * 3 :][:3]) == deck_before - 2
    assert sum(hand(s, "Fascism")) == 3
    sound(s)


def test_resources_hand_size_is_public() -> None:
    s = GAME.new_initial_state(players=3, seed=2)
    obs = s.observation(0)
    assert obs["hand_sizes"] == [3, 3, 3]
    assert obs["hand"] == s.hand[0:3]


def test_resources_reshuffle_the_discard_pile_when_the_deck_runs_out() -> None:
    s = position(("Capitalism", "Fascism"))
    c = seat(s, "Capitalism")
    # empty Capitalism's deck into its discard pile
    for t in range(3):
        s.discard[c * 3 + t] += s.deck[c * 3 + t]
        s.deck[c * 3 + t] = 0
    rules.begin_turn(s)
    assert sum(hand(s, "Capitalism")) == 3
    assert sum(discard(s, "Capitalism")) == 0
    assert sum(s.deck[c * 3 : c * 3 + 3]) == 36 - 3
    sound(s)


def test_resources_fewer_cards_when_deck_and_discard_are_empty() -> None:
    s = position(("Capitalism", "Fascism"))
    c = seat(s, "Capitalism")
    s.deck[c * 3 : c * 3 + 3] = [2, 0, 0]  # the rest are elsewhere (not checked here)
    s.discard[c * 3 : c * 3 + 3] = [0, 0, 0]
    assert rules.draw(s, c, 5) == 2
    assert hand(s, "Capitalism") == (2, 0, 0)


def test_resources_discard_down_is_simultaneous_and_hidden_until_all_have_chosen() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (3, 1, 1), "Fascism": (2, 2, 1)})
    rules.begin_turn(s)  # both hold 5 with GI 3
    rules.settle(s)
    c, f = seat(s, "Capitalism"), seat(s, "Fascism")
    assert s.phase == PH_RESOURCES and s.current_player() == c
    before = s.observation(f)
    act(s, "discard mil")
    assert s.observation(f)["discards"] == before["discards"]  # not revealed yet
    assert s.observation(f)["hand_sizes"][c] == 4  # hand size stays public
    assert s.observation(c)["staged"] == [1, 0, 0]
    assert s.observation(f)["staged"] == [0, 0, 0]
    act(s, "discard mil")
    assert s.current_player() == f
    act(s, "discard eco")
    act(s, "discard eco")
    # everyone has chosen: the discards are revealed together and trading begins
    assert s.phase == PH_TRADING
    assert discard(s, "Capitalism") == (2, 0, 0) and discard(s, "Fascism") == (0, 2, 0)
    sound(s)


# ----------------------------------------------------------------------------- 2. trading


def test_trading_example_capitalist_trading_power_is_one_at_start() -> None:
    s = GAME.new_initial_state(players=3, seed=5, ideologies="Capitalism,Fascism,Imperialism")
    c = seat(s, "Capitalism")
    assert s.phase == PH_TRADING and s.current_player() == c
    assert rules.trading_power(s, c) == 1  # 2, example
    t = next(x for x in texts(s) if x.startswith("trade"))
    act(s, t)
    # trading power used up: Capitalism draws one new card at once and the next seat trades
    assert s.hand_size(c) == 3 and sum(discard(s, "Capitalism")) == 1
    assert s.current_player() == seat(s, "Fascism")
    sound(s)


def test_trading_power_counts_regions_with_any_influence_not_control() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "Mexico": {"cards": {"Capitalism": (0, 1, 0)}},
            "Cuba": {"cards": {"Capitalism": (1, 0, 0)}},
        },
    )
    assert rules.trading_power(s, seat(s, "Capitalism")) == 3
    assert rules.trading_power(s, seat(s, "Fascism")) == 1


def test_trading_discard_one_at_a_time_then_done_draws_the_same_number() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={"Mexico": {"cards": {"Capitalism": (0, 1, 0)}}},
        hands={"Capitalism": (2, 1, 0)},
    )
    at(s, PH_TRADING, "Capitalism")
    assert sorted(texts(s)) == ["done", "trade eco", "trade mil"]
    act(s, "trade mil")
    assert s.traded == 1 and hand(s, "Capitalism") == (1, 1, 0)
    act(s, "done")
    assert sum(hand(s, "Capitalism")) == 3 and discard(s, "Capitalism") == (1, 0, 0)
    sound(s)


def test_trading_commonwealth_adds_one_trading_power() -> None:
    s = position(("Imperialism", "Fascism"))
    assert rules.trading_power(s, seat(s, "Imperialism")) == 2  # reconstructed rule


# ----------------------------------------------------------------------------- 3. development


def test_development_example_united_states_holds_six_per_sector() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (4, 0, 0)})
    at(s, PH_DEVELOPMENT, "Capitalism")
    for _ in range(3):
        act(s, "develop United States mil")
    assert cards_in(s, "United States", "Capitalism") == (6, 3, 3)
    assert hand(s, "Capitalism") == (1, 0, 0)
    assert "develop United States mil" not in texts(s)  # 3.1: max 2 x 3 = 6
    sound(s)


def test_development_only_in_controlled_regions() -> None:
    s = position(("Capitalism", "Fascism"), in_play=["Mexico"], hands={"Capitalism": (1, 1, 1)})
    at(s, PH_DEVELOPMENT, "Capitalism")
    assert not any("Mexico" in t for t in texts(s))


def test_development_example_imperialist_buys_tactics_then_propaganda() -> None:
    # 3.2, example: Patriotism owned; 2 military cards buy Tactics; both buy Propaganda
    s = position(
        ("Imperialism", "Fascism"),
        hands={"Imperialism": (2, 0, 0)},
        advancements={"Imperialism": {"Patriotism": 1}},
    )
    i = seat(s, "Imperialism")
    tac, pat, pro = (BOARD.advancement(x) for x in ("Tactics", "Patriotism", "Propaganda"))
    at(s, PH_DEVELOPMENT, "Imperialism")
    assert "buy Propaganda" not in texts(s)
    act(s, "buy Tactics")
    assert hand(s, "Imperialism") == (0, 0, 0) and discard(s, "Imperialism") == (2, 0, 0)
    act(s, "buy Propaganda")  # paid with an advancement bought this very phase
    assert (
        s.adv[i * NUM_ADVANCEMENTS + pro] == 1
        and s.adv[i * NUM_ADVANCEMENTS + tac] == 0
        and s.adv[i * NUM_ADVANCEMENTS + pat] == 0
    )
    # spent advancements go back to their piles
    assert s.supply[tac] == BOARD.advancements[tac].count
    assert s.supply[pat] == BOARD.advancements[pat].count
    assert s.supply[pro] == BOARD.advancements[pro].count - 1
    sound(s)


def test_development_wmd_costs_the_three_level_two_and_adds_global_influence() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        advancements={"Capitalism": {"Technological Supremacy": 1, "Innovation": 1, "Propaganda": 1}},
    )
    at(s, PH_DEVELOPMENT, "Capitalism")
    assert gi(s, "Capitalism") == 3
    act(s, "buy Weapons of Mass Destruction")
    assert gi(s, "Capitalism") == 4  # 1: +1 per WMD
    c = seat(s, "Capitalism")
    assert sum(s.adv[c * NUM_ADVANCEMENTS : c * NUM_ADVANCEMENTS + NUM_ADVANCEMENTS]) == 1
    sound(s)


def test_development_cannot_buy_from_an_empty_pile() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (2, 0, 0)})
    s.supply[BOARD.advancement("Tactics")] = 0
    s.adv[seat(s, "Fascism") * NUM_ADVANCEMENTS + BOARD.advancement("Tactics")] += 15 - 1  # keep the count
    s.supply[BOARD.advancement("Tactics")] = 0
    fas = seat(s, "Fascism") * NUM_ADVANCEMENTS + BOARD.advancement("Tactics")
    s.adv[fas] = 15
    at(s, PH_DEVELOPMENT, "Capitalism")
    assert "buy Tactics" not in texts(s)
    sound(s)


def test_development_each_seat_completes_its_turn_then_the_next() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (2, 0, 0), "Fascism": (1, 0, 0)})
    at(s, PH_DEVELOPMENT, "Capitalism")
    act(s, "develop United States mil")
    assert s.current_player() == seat(s, "Capitalism")  # still the Capitalist's turn
    act(s, "done")
    assert s.current_player() == seat(s, "Fascism")
    act(s, "develop Germany mil")  # with its hand empty the Fascist is done: forced, so automatic
    assert s.phase == PH_REVEAL and s.current_player() == CHANCE


# ----------------------------------------------------------------------------- 4. foreign


def test_foreign_reveal_is_a_uniform_chance_node_over_the_region_deck() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (0, 0, 2)})
    s.phase = PH_REVEAL
    s._legal = None
    assert s.is_chance_node() and s.current_player() == CHANCE
    outs = s.chance_outcomes()
    assert len(outs) == 41 and all(abs(p - 1 / 41) < 1e-12 for _, p in outs)
    indo = next(a for a, _ in outs if s.action_to_string(a) == "reveal Indonesia")
    s.apply_action(indo)
    assert s.where[reg("Indonesia")] == IN_PLAY and s.owner[reg("Indonesia")] == -1
    assert s.revealed == reg("Indonesia") and s.observation(1)["revealed"] == "Indonesia"
    assert s.phase == PH_FOREIGN and s.current_player() == seat(s, "Capitalism")
    # Innovation (starting) reaches two steps; Indonesia is three from the United States
    assert "place Indonesia cul +1" in texts(s)


def test_foreign_example_fascist_distance_penalty_in_indonesia() -> None:
    # 4.1, example: no Fascist region next to Indonesia -> discard a military card first
    s = position(("Fascism", "Imperialism", "Communism"), in_play=["Indonesia"], hands={"Fascism": (2, 0, 0)})
    at(s, PH_FOREIGN, "Fascism")
    assert "place Indonesia mil +1" in texts(s)
    act(s, "place Indonesia mil")
    assert cards_in(s, "Indonesia", "Fascism") == (1, 0, 0)
    assert hand(s, "Fascism") == (0, 0, 0) and discard(s, "Fascism") == (1, 0, 0)
    sound(s)


def test_foreign_distance_penalty_needs_two_cards_in_hand() -> None:
    s = position(("Fascism", "Imperialism"), in_play=["Indonesia"], hands={"Fascism": (1, 0, 0)})
    at(s, PH_FOREIGN, "Fascism")
    assert not any(t.startswith("place Indonesia") for t in texts(s))


def test_foreign_no_penalty_next_to_a_controlled_region() -> None:
    s = position(
        ("Fascism", "Imperialism"),
        in_play=["Indonesia"],
        hands={"Fascism": (1, 0, 0)},
        regions={"Australia": {"owner": "Fascism", "cards": {"Fascism": (2, 2, 2)}}},
    )
    at(s, PH_FOREIGN, "Fascism")
    assert "place Indonesia mil" in texts(s)
    act(s, "place Indonesia mil")
    assert discard(s, "Fascism") == (0, 0, 0)


def test_foreign_reach_reduces_the_distance_penalty_to_regions_two_steps_away() -> None:
    # 4.1 "Alcune Carte Avanzamento consentono di ridurre questa penalità": reconstructed as
    # reach 2 (Royal Navy: military and economic; Innovation: economic and cultural, placing)
    s = position(
        ("Imperialism", "Communism"),
        in_play=["Italy", "Balkans"],
        hands={"Imperialism": (2, 2, 2)},
        advancements={"Imperialism": {}},
    )
    at(s, PH_FOREIGN, "Imperialism")  # Great Britain - France - Italy - Balkans
    assert {"place Italy mil", "place Italy eco", "place Italy cul +1"} <= set(texts(s))
    assert {"place Balkans mil +1", "place Balkans eco +1"} <= set(texts(s))  # three steps: paid
    s = position(
        ("Imperialism", "Communism"),
        in_play=["Italy", "Balkans"],
        hands={"Imperialism": (2, 2, 2)},
        advancements={"Imperialism": {"Innovation": 1}},
    )
    at(s, PH_FOREIGN, "Imperialism")
    assert {"place Italy mil", "place Italy eco", "place Italy cul", "place Balkans cul +1"} <= set(texts(s))
    act(s, "place Balkans cul")
    assert discard(s, "Imperialism") == (0, 0, 1)
    # the rulebook data set: no reach at all
    s = position(
        ("Imperialism", "Communism"),
        in_play=["Italy"],
        hands={"Imperialism": (2, 2, 2)},
        advancements={"Imperialism": {"Technological Supremacy": 1}},
        variant="rulebook",
    )
    at(s, PH_FOREIGN, "Imperialism")
    assert {"place Italy mil +1", "place Italy eco +1", "place Italy cul +1"} <= set(texts(s))


def test_foreign_example_communist_fills_the_only_free_sector_of_indonesia() -> None:
    # 4.1, second example: level 1; a Fascist military and an Imperialist economic card
    s = position(
        ("Communism", "Fascism", "Imperialism"),
        regions={"Indonesia": {"cards": {"Fascism": (1, 0, 0), "Imperialism": (0, 1, 0)}}},
        hands={"Communism": (3, 3, 3)},
    )
    at(s, PH_FOREIGN, "Communism")
    indo = [t for t in texts(s) if t.startswith("place Indonesia")]
    assert indo == ["place Indonesia cul +1"]  # distant: three steps from North Korea


def test_foreign_independent_max_is_its_current_level() -> None:
    s = position(
        ("Communism", "Fascism"),
        regions={"Mexico": {"level": 1, "cards": {"Fascism": (1, 0, 0)}}},
        hands={"Communism": (3, 3, 3)},
    )
    at(s, PH_FOREIGN, "Communism")
    assert not any(t.startswith("place Mexico mil") for t in texts(s))
    s.dev[reg("Mexico")] = 2
    s._legal = None
    assert any(t.startswith("place Mexico mil") for t in texts(s))


def test_foreign_remove_own_card_from_independent_or_enemy_region_only() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        regions={
            "Mexico": {"cards": {"Capitalism": (1, 0, 0)}},
            "Germany": {"owner": "Fascism", "cards": {"Fascism": (3, 3, 3), "Capitalism": (0, 1, 0)}},
        },
    )
    at(s, PH_FOREIGN, "Capitalism")
    moves = texts(s)
    assert "remove Mexico mil" in moves and "remove Germany eco" in moves
    assert not any(t.startswith("remove United States") for t in moves)
    act(s, "remove Germany eco")
    assert cards_in(s, "Germany", "Capitalism") == (0, 0, 0)
    assert discard(s, "Capitalism") == (0, 1, 0)  # discarded, not back to hand
    sound(s)


def test_foreign_one_action_at_a_time_until_all_pass_in_a_row() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        in_play=["Mexico", "Iceland"],
        hands={"Capitalism": (2, 0, 0), "Fascism": (0, 0, 4)},
    )
    c, f = seat(s, "Capitalism"), seat(s, "Fascism")
    at(s, PH_FOREIGN, "Capitalism")
    act(s, "place Mexico mil")
    assert s.current_player() == f  # one action, then the next seat
    act(s, "pass")
    assert s.current_player() == c and s.passes == 1
    act(s, "pass")  # both passed in a row
    assert s.phase != PH_FOREIGN
    other = position(
        ("Capitalism", "Fascism"),
        in_play=["Mexico", "Iceland"],
        hands={"Capitalism": (2, 0, 0), "Fascism": (0, 0, 4)},
    )
    at(other, PH_FOREIGN, "Capitalism")
    act(other, "pass")
    act(other, "place Iceland cul")  # an action breaks the run of passes
    assert other.phase == PH_FOREIGN and other.passes == 0 and other.current_player() == c
    act(other, "pass")  # a seat that passed may act again later
    assert other.phase == PH_FOREIGN and other.current_player() == f


def test_foreign_placing_on_controlled_regions_is_not_allowed() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (3, 3, 3)})
    at(s, PH_FOREIGN, "Capitalism")
    assert not any(t.startswith("place Germany") for t in texts(s))


def test_illegal_action_names_the_phase() -> None:
    s = position(("Capitalism", "Fascism"), hands={"Capitalism": (1, 0, 0)})
    at(s, PH_FOREIGN, "Capitalism")
    with pytest.raises(
        IllegalAction, match="'place Germany mil' is not legal now .foreign phase, Capitalism"
    ):
        s.apply_action(actions.PLACE + reg("Germany") * 3)
    with pytest.raises(IllegalAction, match=r"action 99999 is out of range \(0 to \d+\)"):
        s.apply_action(99999)


def test_conflict_phase_follows_foreign() -> None:
    s = position(
        ("Capitalism", "Fascism"),
        in_play=["Mexico"],
        hands={"Capitalism": (0, 0, 2), "Fascism": (0, 0, 2)},
        regions={"Cuba": {"cards": {"Fascism": (0, 0, 1)}}},
    )
    at(s, PH_FOREIGN, "Capitalism")
    act(s, "pass")
    act(s, "pass")
    assert s.phase == PH_CONFLICT and s.current_player() == seat(s, "Capitalism")
