"""Action ids <-> meaning and text.

Action ids (``NUM_ACTIONS`` in all):
    PLAY    card * 8 + mode        play a card (mode: event/influence/realign/coup/space/headline)
    COUNTRY 900 + country          a country answer (place, remove, coup, realign, choose)
    OPTION  1000 + k               option k of the pending question (labels come from the frame)
    CARD    1100 + card            choose a card (discard, take, order)
    DIE     1250 + face            a die result (chance)

The meaning of COUNTRY/OPTION/CARD depends on the pending frame, so ``action_to_string``
needs the state. Texts are short and unique among the legal actions of a state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from realpolitik.engine.twilight import frames
from realpolitik.engine.twilight import movegen as _movegen
from realpolitik.engine.twilight.board import BOARD, REGION_NAMES, SIDE_NAMES
from realpolitik.engine.twilight.cards import DELUXE_NUMBER

PLAY_BASE = 0
COUNTRY_BASE = 900
OPTION_BASE = 1000
CARD_BASE = 1100
DIE_BASE = 1250
NUM_ACTIONS = DIE_BASE + 7

assert COUNTRY_BASE == _movegen.COUNTRY_BASE

# Fixed option numbers used by engine frames.
OPT_PASS = 0
OPT_EVENT_FIRST = 1
OPT_OPS_FIRST = 2
OPT_CANCEL_CRISIS_CUBA = 3
OPT_CANCEL_CRISIS_WGERMANY = 4
OPT_CANCEL_CRISIS_TURKEY = 5
OPT_RETURN = 6
OPT_DONE = 7
OPT_MODE_BASE = 10  # + M_* for OPSMODE frames
OPT_MODE_PASS = 19


def play(card: int, mode: int) -> int:
    """PLAY action id."""
    return PLAY_BASE + card * 8 + mode


def country(c: int) -> int:
    """COUNTRY action id."""
    return COUNTRY_BASE + c


def option(k: int) -> int:
    """OPTION action id."""
    return OPTION_BASE + k


def card_choice(card: int) -> int:
    """CARD action id."""
    return CARD_BASE + card


def die(face: int) -> int:
    """DIE action id."""
    return DIE_BASE + face


@dataclass(frozen=True)
class Decoded:
    """An action id split into its kind and value.

    Attributes:
        kind: One of ``play``, ``country``, ``option``, ``card``, ``die``.
        value: Card number, country index, option number or die face.
        mode: For ``play``, the card-use mode.
    """

    kind: str
    value: int
    mode: int = 0


def decode(a: int) -> Decoded:
    """Split an action id (ids in range come from a table built once: no allocation)."""
    if 0 <= a < NUM_ACTIONS:
        return _DECODED[a]
    return _decode(a)


def _decode(a: int) -> Decoded:
    if a < COUNTRY_BASE:
        return Decoded("play", a // 8, a % 8)
    if a < OPTION_BASE:
        return Decoded("country", a - COUNTRY_BASE)
    if a < CARD_BASE:
        return Decoded("option", a - OPTION_BASE)
    if a < DIE_BASE:
        return Decoded("card", a - CARD_BASE)
    return Decoded("die", a - DIE_BASE)


_DECODED = tuple(_decode(a) for a in range(NUM_ACTIONS))


def card_label(n: int, edition: str = "seed") -> str:
    """``#27 US/Japan Mutual Defense Pact``: the number printed in ``edition`` (the Deluxe
    edition prints three cards under other numbers, ``cards.DELUXE_NUMBER``) and the title."""
    c = BOARD.cards.get(n)
    shown = DELUXE_NUMBER.get(n, n) if edition == "deluxe" else n
    return f"#{shown} {c.title}" if c else f"#{shown}"


FIXED_OPTIONS = {
    OPT_PASS: "pass",
    OPT_EVENT_FIRST: "event first",
    OPT_OPS_FIRST: "ops first",
    OPT_CANCEL_CRISIS_CUBA: "cancel Cuban Missile Crisis: remove 2 from Cuba",
    OPT_CANCEL_CRISIS_WGERMANY: "cancel Cuban Missile Crisis: remove 2 from West Germany",
    OPT_CANCEL_CRISIS_TURKEY: "cancel Cuban Missile Crisis: remove 2 from Turkey",
    OPT_RETURN: "return it",
    OPT_DONE: "done",
    OPT_MODE_PASS: "decline",
}


def to_string(frame: tuple[Any, ...] | None, a: int, edition: str = "seed") -> str:
    """Text of action ``a`` answering ``frame`` (the state's top frame); cards are shown with
    the numbers printed in ``edition``."""
    d = decode(a)
    top: Any = frames.view(frame) if frame else None  # a compiled state's frame is a plain tuple
    kind = top.kind if top else -1
    if d.kind == "play":
        return f"{card_label(d.value, edition)}: {frames.MODE_NAMES[d.mode]}"
    if d.kind == "die":
        return f"roll {d.value}"
    if d.kind == "country":
        name = BOARD.name[d.value] if 0 <= d.value < BOARD.n else f"country {d.value}"
        verb = {
            frames.SETUP: "place",
            frames.INFLUENCE: "influence",
            frames.REALIGN: "realign",
            frames.COUP: "coup",
            frames.PLACE: "place",
            frames.REMOVE: "remove",
        }.get(kind, "choose")
        if kind in (frames.PLACE, frames.REMOVE) and top is not None:
            return f"{verb} {SIDE_NAMES[top.target_side]} {name}"
        return f"{verb} {name}"
    if d.kind == "card":
        if kind == frames.CCARD and top is not None:
            return f"{card_label(d.value, edition)}: {top.verb}"
        if kind == frames.TRAP:
            return f"{card_label(d.value, edition)}: discard"
        if kind == frames.HELD:
            return f"{card_label(d.value, edition)}: discard held card"
        if kind == frames.RANDOM_CARD:
            return f"draw {card_label(d.value, edition)}"
        return card_label(d.value, edition)
    # option
    k = d.value
    if kind == frames.COPTION and top is not None:
        labels = top.labels
        return labels[k] if 0 <= k < len(labels) else f"option {k}"
    if kind == frames.OPSMODE and OPT_MODE_BASE <= k < OPT_MODE_BASE + 6:
        return f"ops: {frames.MODE_NAMES[k - OPT_MODE_BASE]}"
    if kind in (frames.PLACE, frames.REMOVE, frames.CCARD, frames.COUP, frames.HELD) and k in (
        OPT_PASS,
        OPT_DONE,
    ):
        return "done" if k == OPT_DONE else "pass"
    if k in FIXED_OPTIONS:
        return FIXED_OPTIONS[k]
    return f"option {k}"


def region_label(r: int) -> str:
    """Region name by index (6 = Southeast Asia)."""
    return REGION_NAMES[r]
