"""Every card in the data has an event handler (docs/architecture.md: facts are data, effects are code)."""

import re

from realpolitik.engine.twilight.board import BOARD
from realpolitik.engine.twilight.cards import SEED_CARDS, Card, card_name
from realpolitik.engine.twilight.events import EVENTS
from realpolitik.engine.twilight.game import missing_events


def test_every_card_has_an_event_handler() -> None:
    assert missing_events() == []
    assert len(BOARD.cards) == 110  # the seed's 103 and the Deluxe edition's 7 optional cards
    assert [n for n in BOARD.cards if n > SEED_CARDS] == list(range(104, 111))
    assert 6 not in EVENTS  # the China Card has no event (9.5)


def test_data_matches_the_seed_numbering() -> None:
    assert BOARD.cards[35].title == "South America Scoring"
    assert BOARD.cards[81].title == "Solidarity"
    assert BOARD.cards[101].title == "Formosan Resolution"
    assert [BOARD.cards[n].ops for n in (31, 32, 98)] == [2, 2, 4]  # the seed's printed values
    assert BOARD.n == 84 and BOARD.space[8][4] == "eight_rounds"


def test_card_names_match_the_titles() -> None:
    """``Card``: one name per card number, each word of the name in the card's title."""
    names = {k: v for k, v in vars(Card).items() if k.isupper()}
    assert sorted(names.values()) == sorted(BOARD.cards)
    for name, number in names.items():
        title = re.sub(r"[^a-z0-9]+", " ", BOARD.cards[number].title.lower().replace("'", "")).split()
        assert all(word in title for word in name.lower().split("_")), (name, BOARD.cards[number].title)
        assert card_name(number) == name
