"""The plain Twilight Struggle state: flat int lists and bitmasks, a hand-written clone().

Sides: USSR = 0, US = 1. ``vp`` is signed: positive favours the US (10.2.1). Influence is one
flat list, ``inf[side * N + country]``. Pending decisions live on ``stack`` as frames, named
tuples (see ``frames.py``): the state is a small machine whose top frame says who decides what.

``_core_c.CState`` is the compiled twin: the same fields under the same names (a ``cdef
class``), so that everything outside the core reads and writes either alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from realpolitik.engine.core.schema import Kind, SchemaFields, field, state_fields
from realpolitik.engine.twilight import _movegen_py, movegen
from realpolitik.engine.twilight.board import BOARD, US, USSR

__all__ = ["N", "TSState", "opp"]

N = BOARD.n
CountryId = int
Side = int


def opp(side: Side) -> Side:
    """The other superpower."""
    return 1 - side


def war_period(turn: int) -> int:
    """The war a turn belongs to (4.1): 1 Early (turns 1–3), 2 Mid (4–7), 3 Late (8–10)."""
    return 1 if turn <= LAST_EARLY_WAR_TURN else 2 if turn <= LAST_MID_WAR_TURN else 3


# Phases of the turn (4.5).
PH_SETUP = 0
PH_HEADLINE = 1
PH_ACTION = 2
PH_END = 3
GAME_OVER = 4

# The numbers of the game's clock and tracks that the rules compare against.
LAST_EARLY_WAR_TURN = 3  # 4.1: turns 1–3 are the Early War
FIRST_MID_WAR_TURN = 4  # 4.1: turns 4–7 the Mid War
LAST_MID_WAR_TURN = 7
FIRST_LATE_WAR_TURN = 8  # 4.1: turns 8–10 the Late War
LAST_TURN = 10
DEFCON_MAX = 5  # 8.1: the DEFCON track runs from 5 down to 1
DEFCON_BRINK = (
    2  # 8.1.5: one step from nuclear war (no coups in the Middle East; a battleground coup ends the game)
)
WIN_VP = 20  # 10.3.1: 20 VP wins at once
DRAW = 2  # the ``winner`` of a drawn game
# ``bury_you_pending`` (#50 We Will Bury You): the US's next round is awaited, then that round is on
# (the US may answer with #32 UN Intervention before the USSR scores).
BURY_YOU_AWAITED = 1
BURY_YOU_ANSWERABLE = 3


@state_fields
class TSState(SchemaFields):
    """All of one Twilight Struggle position, its fields declared once (in the order the
    fingerprint gives them); the compiled core's ``CState`` has the same fields under the same
    names (``tests/twilight/test_compiled_differential.py`` checks it against this
    declaration). Fields are public for rules/events code."""

    inf: list[int] = field(Kind.LIST, "influence, ``inf[side * N + c]``", lambda: [0] * (2 * N))
    vp: int = field(Kind.VALUE, "victory points, positive = US ahead", 0)
    defcon: int = field(Kind.VALUE, "DEFCON level 1..5", 5)
    turn: int = field(Kind.VALUE, "turn 1..10", 1)
    action_round: int = field(Kind.VALUE, "action round within the turn (0 during the headline)", 0)
    phase: int = field(Kind.VALUE, "one of the PH_* constants", PH_SETUP)
    phasing: int = field(Kind.VALUE, "the phasing side (4.2), or -1 outside a player's round", -1)
    milops: list[int] = field(Kind.LIST, "military operations this turn, per side", lambda: [0, 0])
    space: list[int] = field(Kind.LIST, "space race box reached, per side (0 = start)", lambda: [0, 0])
    space_tries: list[int] = field(Kind.LIST, "space race attempts this turn, per side", lambda: [0, 0])
    rounds_done: list[int] = field(Kind.LIST, "action rounds played this turn, per side", lambda: [0, 0])
    hands: list[list[int]] = field(
        Kind.NESTED, "card numbers in each side's hand (never the China Card)", lambda: [[], []], rows=2
    )
    deck: list[int] = field(Kind.LIST, "draw deck, top = last element", list)
    discard: list[int] = field(Kind.LIST, "discard pile", list)
    removed: list[int] = field(Kind.LIST, "cards removed from the game", list)
    box: list[int] = field(Kind.LIST, "Mid/Late War cards not yet added to the deck", list)
    inplay: list[int] = field(Kind.LIST, "cards being played right now (between hand and discard)", list)
    china: int = field(Kind.VALUE, "side holding the China Card", USSR)
    china_up: bool = field(Kind.VALUE, "whether the China Card is face up", True)
    headline: list[int] = field(Kind.LIST, "headline card chosen per side (0 = none yet)", lambda: [0, 0])
    perm: int = field(Kind.VALUE, "bit n set = card n's lasting effect is in play for the game", 0)
    turnfx: int = field(Kind.VALUE, "bit n set = card n's effect lasts for the rest of this turn", 0)
    red_scare: int = field(Kind.VALUE, "bit s set = side s suffers Red Scare/Purge's -1 this turn", 0)
    missile_crisis: int = field(
        Kind.VALUE,
        "bit s set = side s played Cuban Missile Crisis this turn (the other side must not coup)",
        0,
    )
    death_squads: int = field(
        Kind.VALUE, "bit s set = side s played Latin American Death Squads this turn", 0
    )
    chernobyl: int = field(
        Kind.VALUE, "region the USSR may not place influence in by operations (-1 = none)", -1
    )
    missile_envy: int = field(
        Kind.VALUE, "side that must play Missile Envy for operations next round (-1 = none)", -1
    )
    ames: list[int] = field(
        Kind.LIST, "US cards in the order the USSR dictated (Aldrich Ames), first = next to play", list
    )
    revealed: int = field(Kind.VALUE, "bit s set = side s's hand is shown to the opponent this turn", 0)
    bury_you_pending: int = field(
        Kind.VALUE,
        "BURY_YOU_AWAITED / BURY_YOU_ANSWERABLE: We Will Bury You awaits or is in the US's next round (0 = neither)",
        0,
    )
    round_start: list[int] = field(
        Kind.LIST,
        "per side, bitmask of countries with own influence at the start of its round",
        lambda: [0, 0],
    )
    stack: list[Any] = field(
        Kind.LIST, "pending decisions (``frames``: a named tuple per kind), top = last", list
    )
    rng: int = field(Kind.VALUE, "SplitMix64 state for shuffles", 0)
    winner: int = field(Kind.VALUE, "-1 while running; 0 USSR, 1 US, 2 draw", -1)
    end_reason: str = field(Kind.VALUE, "why the game ended", "")
    history: list[int] = field(Kind.LIST, "every action applied", list, position=False)
    seed: int = field(Kind.VALUE, "the seed the game started from", 0)
    options: dict[str, Any] = field(Kind.MAPPING, "options the game started with", dict, position=False)
    _queue: list[tuple[Any, ...]] | None = field(
        Kind.SCRATCH, "events queued while one action is applied (frames.py)"
    )
    _legal: tuple[int, tuple[Any, ...], list[int]] | None = field(
        Kind.CACHE,
        "(history length, top frame, legal ids) from the last legal_actions(): apply() checks legality against it",
    )

    if TYPE_CHECKING:

        def clone(self) -> TSState: ...
        def touch(self) -> None: ...
        def copy_into(self, c: TSState) -> TSState: ...

    # ----- influence and control (2.1.7) -----
    def influence(self, side: Side, c: CountryId) -> int:
        """Influence of ``side`` in country ``c``."""
        return self.inf[side * N + c]

    def add_inf(self, side: Side, c: CountryId, n: int) -> None:
        """Add ``n`` influence (never below zero when ``n`` is negative)."""
        k = side * N + c
        v = self.inf[k] + n
        self.inf[k] = v if v > 0 else 0

    def remove_inf(self, side: Side, c: CountryId, n: int) -> int:
        """Remove up to ``n`` influence; returns how much was removed."""
        k = side * N + c
        have = self.inf[k]
        take = n if n < have else have
        self.inf[k] = have - take
        return take

    def set_inf(self, side: Side, c: CountryId, n: int) -> None:
        """Set influence exactly."""
        self.inf[side * N + c] = n if n > 0 else 0

    def controller(self, c: CountryId) -> int:
        """Side controlling ``c`` (2.1.7), or -1."""
        stability = BOARD.stability[c]
        a = self.inf[c]
        b = self.inf[N + c]
        if a >= stability and a - b >= stability:
            return USSR
        if b >= stability and b - a >= stability:
            return US
        return -1

    def controls(self, side: Side, c: CountryId) -> bool:
        """True when ``side`` controls ``c``."""
        stability = BOARD.stability[c]
        mine = self.inf[side * N + c]
        return mine >= stability and mine - self.inf[(1 - side) * N + c] >= stability

    def control_mask(self, side: Side) -> int:
        """Bitmask of countries ``side`` controls."""
        return _control(self.inf, side)

    def presence_mask(self, side: Side) -> int:
        """Bitmask of countries where ``side`` has any influence."""
        return _presence(self.inf, side)

    def influence_to_control(self, side: Side, c: CountryId) -> int:
        """Influence ``side`` needs in ``c`` to control it with the opponent's as it is."""
        need = self.inf[(1 - side) * N + c] + BOARD.stability[c]
        return need if need > BOARD.stability[c] else BOARD.stability[c]

    # ----- tracks -----
    def gain_vp(self, side: Side, n: int) -> None:
        """``side`` gains ``n`` VP (10.2.2); negative ``n`` means the opponent gains."""
        self.vp += n if side == US else -n

    def flag(self, card: int) -> bool:
        """True when card ``card``'s lasting effect is in play (game or turn)."""
        return bool((self.perm | self.turnfx) >> card & 1)

    def set_perm(self, card: int, on: bool = True) -> None:
        """Set or clear a game-long effect."""
        if on:
            self.perm |= 1 << card
        else:
            self.perm &= ~(1 << card)

    def set_turn(self, card: int, on: bool = True) -> None:
        """Set or clear a rest-of-turn effect."""
        if on:
            self.turnfx |= 1 << card
        else:
            self.turnfx &= ~(1 << card)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.winner >= 0

    def end(self, winner: int, reason: str) -> None:
        """End the game now (winner 0 USSR, 1 US, 2 draw)."""
        if self.winner < 0:
            self.winner = winner
            self.end_reason = reason
            self.stack.clear()
            self.phasing = -1


assert (
    movegen.pure() is _movegen_py
)  # the reference loops (movegen gave them the board); the compiled core calls its own twin
_control = _movegen_py.control
_presence = _movegen_py.presence
