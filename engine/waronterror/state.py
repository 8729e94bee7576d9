"""The plain War on Terror state: flat int lists, a one-int RNG, a hand-written ``clone()``.

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

from typing import Any

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


class WotState:
    """One War on Terror position (the protocol methods live in ``game.WarOnTerrorState``).

    Attributes:
        n: Number of players (seats, clockwise).
        seed: Seed of the initial state.
        options: Options given to ``new_initial_state``.
        history: Every action applied, chance outcomes included.
        rng: SplitMix64 state for card draws and shuffles (hidden information).
        max_rounds: Round limit (house rule; see docs/rulings.md).
        phase: One of the ``P_*`` codes.
        ret: Phase to return to after an Axis of Evil spin.
        actor: The seat deciding now (also during chance nodes: whose turn it is).
        turn_seat: The seat whose turn slot is running.
        round: Round number; 0 in the preparation round, 1 = the first round (no attacks).
        start_seat: The seat that played the first turn (a round starts with its slot).
        turns: Turns played (empire and terrorist turns).
        setup_order: Seats in preparation-round order (counter-clockwise).
        setup_left: Starting villages the placing seat has left to place.
        owner: Per country, the empire with a development there, or -1.
        size: Per country, the development's size (0 none, 1 village, 2 town, 3 city).
        unit: Per country, the terrorist unit (0 none, 1 vanguard, 2 column, 3 cell).
        rad: Per country, 1 when a radiation counter lies there.
        chit: Per country, its oil chit (0 = blank); hidden until ``revealed``.
        spare: The oil chits left in the box (hidden).
        revealed: Per country, 1 once its oil chit is face up.
        freed: Per continent, 1 while it is freed: a card effect removed its last empire
            development, and no empire has developed there since (the terrorists' points under
            the ``cleared`` house rule; kept under either reading).
        terrorist: Per seat, 1 once it plays for the terrorists.
        tseats: Terrorist seats in the order they changed sides.
        tturns: Terrorist turns played (the seats take them in rotation).
        money: Per side (seats, then the terrorist purse), money in millions.
        hand: Cards per side and type (see module docstring).
        camp: Training-camp units per side and size.
        decks: The two decks (see module docstring).
        known: Publicly known bottom cards of each deck.
        evil: The Evil Empire's seat, or -1.
        builds: Developments the action die still allows this turn.
        free_builds: Free developments (Free Development cards) still to place this turn.
        buys: Extra cards that may still be bought this turn.
        moves: Terrorist moves left this turn.
        die: The action die's last face (0..5), or -1.
        pcard: The card type being resolved, or -1.
        ptarget: Its target (country, or seat for seat cards), or -1.
        paused: While another seat decides out of turn (``OUT_OF_TURN`` phases: answering a
            card, a window, a debt), the seat whose turn it is (``actor`` is the deciding seat
            then); -1 otherwise.
        asking: The seats still to be asked in the open out-of-turn window, in order.
        resume: What the open window goes back to (``RESUME_DIE`` or ``RESUME_CARD``).
        debts: Debts still to be paid, flat triples (debtor seat, amount, creditor side or -1
            for the World Bank), the first being paid now (Bancarotta).
        cleared_only: Option ``terrorist_points == "cleared"`` (house rule): a continent
            counts for the terrorists only while ``freed``; otherwise (the rulebook) every
            continent with no empire development counts.
        holds: Option ``last_empire_holds`` (house rule): the last empire neither changes
            sides by choice nor dismantles its last development.
        tw_any: Option ``terrorist_win == "any_time"``: the terrorists' points are counted
            the moment they reach the target; otherwise (the ruling) only in the Terrorist
            Player's own turn.
        move_from: The country of the unit being moved, or -1.
        units_seen: 1 once a terrorist unit has stood on the board (World Peace needs it).
        last_roll: The last 2d6 total (combat or oil), or 0.
        result: Returns per seat once the game is over, else None.
        end_reason: How the game ended ('' while it runs).
        _legal: Remembered legal actions (history length, list) or None.
    """

    __slots__ = (
        "n",
        "seed",
        "options",
        "history",
        "rng",
        "max_rounds",
        "phase",
        "ret",
        "actor",
        "turn_seat",
        "round",
        "start_seat",
        "turns",
        "setup_order",
        "setup_left",
        "owner",
        "size",
        "unit",
        "rad",
        "chit",
        "spare",
        "revealed",
        "freed",
        "terrorist",
        "tseats",
        "tturns",
        "money",
        "hand",
        "camp",
        "decks",
        "known",
        "evil",
        "builds",
        "free_builds",
        "buys",
        "moves",
        "die",
        "pcard",
        "ptarget",
        "paused",
        "asking",
        "resume",
        "debts",
        "cleared_only",
        "holds",
        "tw_any",
        "move_from",
        "units_seen",
        "last_roll",
        "result",
        "end_reason",
        "_legal",
    )

    n: int
    seed: int
    options: dict[str, Any]
    history: list[int]
    rng: int
    max_rounds: int
    phase: int
    ret: int
    actor: int
    turn_seat: int
    round: int
    start_seat: int
    turns: int
    setup_order: list[int]
    setup_left: int
    owner: list[int]
    size: list[int]
    unit: list[int]
    rad: list[int]
    chit: list[int]
    spare: list[int]
    revealed: list[int]
    freed: list[int]
    terrorist: list[int]
    tseats: list[int]
    tturns: int
    money: list[int]
    hand: list[int]
    camp: list[int]
    decks: list[list[int]]
    known: list[int]
    evil: int
    builds: int
    free_builds: int
    buys: int
    moves: int
    die: int
    pcard: int
    ptarget: int
    paused: int
    asking: list[int]
    resume: int
    debts: list[int]
    cleared_only: bool
    holds: bool
    tw_any: bool
    move_from: int
    units_seen: int
    last_roll: int
    result: list[float] | None
    end_reason: str
    _legal: tuple[int, list[int]] | None

    _LISTS = (
        "history",
        "setup_order",
        "owner",
        "size",
        "unit",
        "rad",
        "chit",
        "spare",
        "revealed",
        "freed",
        "terrorist",
        "tseats",
        "money",
        "hand",
        "camp",
        "known",
        "asking",
        "debts",
    )

    def clone(self) -> WotState:
        """An independent copy."""
        c = object.__new__(type(self))
        for name in WotState.__slots__:
            setattr(c, name, getattr(self, name))
        for name in WotState._LISTS:
            setattr(c, name, getattr(self, name)[:])
        c.decks = [self.decks[0][:], self.decks[1][:]]
        c.result = None if self.result is None else self.result[:]
        c._legal = None
        return c

    def touch(self) -> None:
        """Forget the remembered legal actions (after fields were edited by hand)."""
        self._legal = None

    def side(self, seat: int) -> int:
        """The side index of a seat: itself while an empire, ``n`` (the shared terrorist
        purse, hand and camp) once a terrorist."""
        return self.n if self.terrorist[seat] else seat

    def empires(self) -> list[int]:
        """Seats still playing as empires."""
        return [p for p in range(self.n) if not self.terrorist[p]]
