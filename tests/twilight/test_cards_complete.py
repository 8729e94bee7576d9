"""Every card in the data has an event handler (docs/architecture.md: facts are data, effects are code)."""

from realpolitik.engine.twilight.board import BOARD
from realpolitik.engine.twilight.events import EVENTS
from realpolitik.engine.twilight.game import missing_events


def test_every_card_has_an_event_handler() -> None:
    assert missing_events() == []
    assert len(BOARD.cards) == 103
    assert 6 not in EVENTS  # the China Card has no event (9.5)


def test_data_matches_the_seed_numbering() -> None:
    assert BOARD.cards[35].title == "South America Scoring"
    assert BOARD.cards[81].title == "Solidarity"
    assert BOARD.cards[101].title == "Formosan Resolution"
    assert [BOARD.cards[n].ops for n in (31, 32, 98)] == [2, 2, 4]  # the seed's printed values
    assert BOARD.n == 84 and BOARD.space[8][4] == "eight_rounds"
