"""The plain War on Terror state: flat int lists, a one-int RNG, its fields declared once.

Sides: seats ``0..n-1`` are the empires' money, hands and camps; index ``n`` is the
terrorists' shared purse, hand and training camp (the terrorist players share one turn and
its resources). Layouts (``K`` card types):

- ``hand[side * K + k]``: cards of type ``k`` held by a side;
- ``camp[side * 4 + z]``: units of size ``z`` (1..3) in a side's training camp;
- ``decks[d]``: the empire (0) and terrorist (1) decks, bottom first, top last; the bottom
  ``known[d]`` cards were played since the last shuffle (a played card goes to the bottom,
  so everyone knows their order); the rest are face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.base import RulesState
from realpolitik.engine.core.schema import (
    CACHE,
    LIST,
    MAPPING,
    MAYBE_LIST,
    NESTED,
    VALUE,
    SchemaFields,
    field,
    state_fields,
)

__all__ = [
    "OUT_OF_TURN",
    "PHASE_NAMES",
    "P_ASK",
    "P_AXIS",
    "P_COMBAT",
    "P_DEBT",
    "P_DIE",
    "P_EXTRA_DECK",
    "P_FIRST",
    "P_MOVE_TO",
    "P_OIL",
    "P_OUT",
    "P_OVER",
    "P_PLAY",
    "P_RESPOND",
    "P_SETUP",
    "P_TARGET",
    "P_TARGET_SEAT",
    "RESUME_CARD",
    "RESUME_DIE",
    "WotState",
]

P_FIRST = 0  # chance: 2d6 each, the highest starts the preparation round
P_SETUP = 1  # a seat places its starting villages
P_DIE = 2  # chance: the action die
P_AXIS = 3  # chance: the Axis of Evil spins
P_EXTRA_DECK = 4  # an evil empire picks the deck of its extra card
P_PLAY = 5  # the main part of a turn
P_TARGET = 6  # a played card's country target
P_TARGET_SEAT = 7  # a played card's seat target
P_COMBAT = 8  # chance: the card's 2d6
P_MOVE_TO = 9  # a terrorist move's destination
P_OIL = 10  # chance: the oil dice end the turn
P_OVER = 11
P_RESPOND = 12  # a seat whose development a card targets answers before it resolves
P_ASK = 13  # a seat is asked whether it acts out of turn (a window, Azioni fuori dal tuo turno)
P_OUT = 14  # a seat acts out of turn: dismantles, changes sides, or is done
P_DEBT = 15  # a debtor chooses the development to remove for its refund (Bancarotta)
# the phases in which a seat decides during another seat's turn (``paused`` is the latter)
OUT_OF_TURN = (P_RESPOND, P_ASK, P_OUT, P_DEBT)
# what an out-of-turn window goes back to once every seat asked has answered
RESUME_DIE = 0  # the start of a turn: the action die
RESUME_CARD = 1  # the pending card: its roll, or its effect

PHASE_NAMES = (
    "first player roll",
    "preparation round",
    "action die",
    "Axis of Evil",
    "extra card",
    "play",
    "card target",
    "card target",
    "combat roll",
    "terrorist move",
    "oil dice",
    "game over",
    "answer to an attack",
    "act out of turn?",
    "acting out of turn",
    "paying a debt",
)


@state_fields
class WotState(RulesState, SchemaFields):
    """One War on Terror position, its fields in the order the fingerprint gives them
    (``legal_actions``, ``apply_action``, ``clone`` and ``fingerprint`` come from the skeleton,
    the rest of the protocol from ``game.WarOnTerrorState``, which binds the rules)."""

    n: int = field(VALUE, "number of players (seats, clockwise)", 0)
    seed: int = field(VALUE, "seed of the initial state", 0)
    options: dict[str, Any] = field(MAPPING, "options given to ``new_initial_state``", dict, position=False)
    history: list[int] = field(LIST, "every action applied, chance outcomes included", list, position=False)
    rng: int = field(VALUE, "SplitMix64 state for card draws and shuffles (hidden information)", 0)
    max_rounds: int = field(VALUE, "round limit (house rule; see docs/rulings.md)", 0)
    phase: int = field(VALUE, "one of the ``P_*`` codes", 0)
    resume_phase: int = field(VALUE, "phase to return to after an Axis of Evil spin", 0)
    actor: int = field(VALUE, "the seat deciding now (also during chance nodes: whose turn it is)", 0)
    turn_seat: int = field(VALUE, "the seat whose turn slot is running", 0)
    round: int = field(VALUE, "round number; 0 in the preparation round, 1 = the first round (no attacks)", 0)
    start_seat: int = field(VALUE, "the seat that played the first turn (a round starts with its slot)", 0)
    turns: int = field(VALUE, "turns played (empire and terrorist turns)", 0)
    setup_order: list[int] = field(LIST, "seats in preparation-round order (counter-clockwise)", list)
    setup_left: int = field(VALUE, "starting villages the placing seat has left to place", 0)
    owner: list[int] = field(LIST, "per country, the empire with a development there, or -1", list)
    size: list[int] = field(
        LIST, "per country, the development's size (0 none, 1 village, 2 town, 3 city)", list
    )
    unit: list[int] = field(
        LIST, "per country, the terrorist unit (0 none, 1 vanguard, 2 column, 3 cell)", list
    )
    radiation: list[int] = field(LIST, "per country, 1 when a radiation counter lies there", list)
    chit: list[int] = field(LIST, "per country, its oil chit (0 = blank); hidden until ``revealed``", list)
    spare: list[int] = field(LIST, "the oil chits left in the box (hidden)", list)
    revealed: list[int] = field(LIST, "per country, 1 once its oil chit is face up", list)
    freed: list[int] = field(
        LIST,
        "per continent, 1 while it is freed: a card effect removed its last empire development, and no empire has developed there since (the terrorists' points under the ``cleared`` house rule; kept under either reading)",
        list,
    )
    terrorist: list[int] = field(LIST, "per seat, 1 once it plays for the terrorists", list)
    tseats: list[int] = field(LIST, "terrorist seats in the order they changed sides", list)
    terrorist_turns: int = field(VALUE, "terrorist turns played (the seats take them in rotation)", 0)
    money: list[int] = field(LIST, "per side (seats, then the terrorist purse), money in millions", list)
    hand: list[int] = field(LIST, "cards per side and type (see module docstring)", list)
    camp: list[int] = field(LIST, "training-camp units per side and size", list)
    decks: list[list[int]] = field(NESTED, "the two decks (see module docstring)", lambda: [[], []], rows=2)
    known: list[int] = field(LIST, "publicly known bottom cards of each deck", list)
    evil: int = field(VALUE, "the Evil Empire's seat, or -1", 0)
    builds: int = field(VALUE, "developments the action die still allows this turn", 0)
    free_builds: int = field(VALUE, "free developments (Free Development cards) still to place this turn", 0)
    buys: int = field(VALUE, "extra cards that may still be bought this turn", 0)
    moves: int = field(VALUE, "terrorist moves left this turn", 0)
    die: int = field(VALUE, "the action die's last face (0..5), or -1", 0)
    pcard: int = field(VALUE, "the card type being resolved, or -1", 0)
    ptarget: int = field(VALUE, "its target (country, or seat for seat cards), or -1", 0)
    paused: int = field(
        VALUE,
        "while another seat decides out of turn (``OUT_OF_TURN`` phases: answering a card, a window, a debt), the seat whose turn it is (``actor`` is the deciding seat then); -1 otherwise",
        0,
    )
    asking: list[int] = field(
        LIST, "the seats still to be asked in the open out-of-turn window, in order", list
    )
    resume: int = field(VALUE, "what the open window goes back to (``RESUME_DIE`` or ``RESUME_CARD``)", 0)
    debts: list[int] = field(
        LIST,
        "debts still to be paid, flat triples (debtor seat, amount, creditor side or -1 for the World Bank), the first being paid now (Bancarotta)",
        list,
    )
    cleared_only: bool = field(
        VALUE,
        'option ``terrorist_points == "cleared"`` (house rule): a continent counts for the terrorists only while ``freed``; otherwise (the rulebook) every continent with no empire development counts',
        False,
    )
    holds: bool = field(
        VALUE,
        "option ``last_empire_holds`` (house rule): the last empire neither changes sides by choice nor dismantles its last development",
        False,
    )
    tw_any: bool = field(
        VALUE,
        "option ``terrorist_win == \"any_time\"``: the terrorists' points are counted the moment they reach the target; otherwise (the ruling) only in the Terrorist Player's own turn",
        False,
    )
    move_from: int = field(VALUE, "the country of the unit being moved, or -1", 0)
    units_seen: int = field(VALUE, "1 once a terrorist unit has stood on the board (World Peace needs it)", 0)
    last_roll: int = field(VALUE, "the last 2d6 total (combat or oil), or 0", 0)
    result: list[float] | None = field(MAYBE_LIST, "returns per seat once the game is over, else None")
    end_reason: str = field(VALUE, "how the game ended ('' while it runs)", "")
    _legal: list[int] | None = field(CACHE, "the legal actions, remembered until the next action")

    if TYPE_CHECKING:

        def clone(self) -> WotState: ...
        def touch(self) -> None: ...

    def side(self, seat: int) -> int:
        """The side index of a seat: itself while an empire, ``n`` (the shared terrorist
        purse, hand and camp) once a terrorist."""
        return self.n if self.terrorist[seat] else seat

    def empires(self) -> list[int]:
        """Seats still playing as empires."""
        return [p for p in range(self.n) if not self.terrorist[p]]
