"""Pending decisions: the tuples on ``TSState.stack``, and the helpers events use to push them.

A frame is a tuple whose first item is its kind and second the side that decides (or
``CHANCE_P`` for dice, ``AUTO`` for bookkeeping the engine runs by itself). Decisions are
atomic (docs/architecture.md): a frame asks one small question; answering it pops or rewrites the frame
and may push more.

Events push frames with the helpers below. Inside an event or resume handler the pushes are
queued and land on the stack in call order (the first pushed is decided first), so a handler
reads top to bottom like the card text.

Frame layouts (``k`` = kind, ``p`` = deciding side):
    SETUP        (k, p, remaining, mask)                              mask 0: a bid (where p has influence)
    HEADLINE     (k, p)
    ACTION       (k, p, only_cards_or_None, return_card)              choose a card and its use
    ORDER        (k, p, card, mode)                                   opponent's event before/after ops
    OPSTART      (k, AUTO, side, card, mode[, fixed_ops])             open the ops frame for a card
    INFLUENCE    (k, p, card, remaining, asia_bonus, sea_bonus)
    REALIGN      (k, p, card, remaining, asia_bonus, sea_bonus, free_mask)
    REALIGN_ROLL (k, CHANCE, side, country, ussr_die)                 two dice, USSR's first
    COUP         (k, p, card, ops, asia_bonus, sea_bonus, free_mask)
    COUP_ROLL    (k, CHANCE, side, country, ops, free)
    SPACE_ROLL   (k, CHANCE, side, card)                              space race
    OPSMODE      (k, p, card, modes, ops_override)                    choose how to use an event's ops
    EVENT        (k, AUTO, card, side[, finisher])                    run a card's event (then FINISH it)
    FINISH       (k, AUTO, card, side, fired)                         move a played card on
    PLACE        (k, p, card, target_side, remaining, mask, cap, placed, optional)
    REMOVE       (k, p, card, target_side, remaining, mask, cap, removed, optional)
    CCOUNTRY     (k, p, card, step, mask, data)
    COPTION      (k, p, card, step, labels, data)
    CCARD        (k, p, card, step, cards, verb, allow_pass, data)
    ROLL         (k, CHANCE, card, step, data)
    RANDOM_CARD  (k, CHANCE, card, step, from_side, data)             a random card from a hand
    CALL         (k, AUTO, card, step, data)                          continue an event, no decision
    TRAP         (k, p, card)                                         Quagmire / Bear Trap discard
    TRAP_ROLL    (k, CHANCE, side, card)
    HELD         (k, p)                                               box-6 discard of the held card
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.twilight.state import TSState

AUTO = -2
CHANCE_P = -1

# The optional last items of two layouts (absent: no finisher, the card's own ops).
EVENT_FINISHER = 4
OPSTART_FIXED_OPS = 5
# Where most layouts keep the card they are about (texts look for it there).
CARD_ITEM = 2

(
    SETUP,
    HEADLINE,
    ACTION,
    ORDER,
    OPSTART,
    INFLUENCE,
    REALIGN,
    REALIGN_ROLL,
    COUP,
    COUP_ROLL,
    SPACE_ROLL,
    OPSMODE,
    EVENT,
    FINISH,
    PLACE,
    REMOVE,
    CCOUNTRY,
    COPTION,
    CCARD,
    ROLL,
    RANDOM_CARD,
    CALL,
    TRAP,
    TRAP_ROLL,
    HELD,
) = range(25)

KIND_NAMES = (
    "setup",
    "headline",
    "action",
    "order",
    "opstart",
    "influence",
    "realign",
    "realign roll",
    "coup",
    "coup roll",
    "space roll",
    "ops mode",
    "event",
    "finish",
    "place",
    "remove",
    "choose country",
    "choose option",
    "choose card",
    "roll",
    "random card",
    "call",
    "trap",
    "trap roll",
    "held card",
)

CHANCE_KINDS = frozenset((REALIGN_ROLL, COUP_ROLL, SPACE_ROLL, ROLL, RANDOM_CARD, TRAP_ROLL))
AUTO_KINDS = frozenset((OPSTART, EVENT, FINISH, CALL))

# Card-use modes (part of the PLAY action).
M_EVENT, M_INFLUENCE, M_REALIGN, M_COUP, M_SPACE, M_HEADLINE = range(6)
MODE_NAMES = ("event", "influence", "realign", "coup", "space", "headline")
OPS_MODES = (M_INFLUENCE, M_REALIGN, M_COUP)
MODE_BITS_OPS = (1 << M_INFLUENCE) | (1 << M_REALIGN) | (1 << M_COUP)


def push(s: TSState, frame: tuple) -> None:
    """Push a frame; inside a handler it is queued to keep call order."""
    q = s._queue
    if q is not None:
        q.append(frame)
    else:
        s.stack.append(frame)


def run_handler(s: TSState, fn: Any, *args: Any) -> None:
    """Call an event/resume handler so that its pushes land in call order."""
    outer = s._queue
    s._queue = []
    try:
        fn(s, *args)
        q = s._queue
    finally:
        s._queue = outer
    if q:
        if outer is not None:
            outer.extend(q)
        else:
            s.stack.extend(reversed(q))


# ----- helpers for event code -----
def place(
    s: TSState,
    chooser: int,
    target_side: int,
    n: int,
    mask: int,
    cap: int = 0,
    card: int = 0,
    optional: bool = False,
) -> None:
    """``chooser`` places ``n`` influence of ``target_side``, one point at a time.

    Args:
        s: State.
        chooser: Side making the choices.
        target_side: Whose influence is placed.
        n: Points to place.
        mask: Countries allowed.
        cap: At most this many points per country (0 = no limit).
        card: The card whose event this is (for the text).
        optional: The chooser may stop early ("up to").
    """
    if n > 0 and mask:
        push(s, (PLACE, chooser, card, target_side, n, mask, cap, (), optional))


def remove(
    s: TSState,
    chooser: int,
    target_side: int,
    n: int,
    mask: int,
    cap: int = 0,
    card: int = 0,
    optional: bool = False,
) -> None:
    """``chooser`` removes ``n`` influence of ``target_side``, one point at a time (see ``place``)."""
    if n > 0 and mask:
        push(s, (REMOVE, chooser, card, target_side, n, mask, cap, (), optional))


def choose_country(s: TSState, chooser: int, card: int, step: int, mask: int, data: tuple = ()) -> None:
    """Ask ``chooser`` for one country in ``mask``; resumes ``card`` at ``step`` with its index.

    When ``mask`` is empty the handler is resumed at once with -1.
    """
    push(s, (CCOUNTRY, chooser, card, step, mask, data))


def choose_option(
    s: TSState, chooser: int, card: int, step: int, labels: tuple[str, ...], data: tuple = ()
) -> None:
    """Ask ``chooser`` to pick one of ``labels``; resumes with the label's index."""
    push(s, (COPTION, chooser, card, step, tuple(labels), data))


def choose_card(
    s: TSState,
    chooser: int,
    card: int,
    step: int,
    cards: tuple[int, ...],
    verb: str,
    allow_pass: bool = False,
    data: tuple = (),
) -> None:
    """Ask ``chooser`` for one card number of ``cards``; resumes with it (0 = passed or none)."""
    push(s, (CCARD, chooser, card, step, tuple(cards), verb, allow_pass, data))


def roll(s: TSState, card: int, step: int, data: tuple = ()) -> None:
    """Roll one die (a chance node); resumes ``card`` at ``step`` with the result 1..6."""
    push(s, (ROLL, CHANCE_P, card, step, data))


def random_card(s: TSState, card: int, step: int, from_side: int, data: tuple = ()) -> None:
    """Draw a card at random from ``from_side``'s hand (chance); resumes with it (0 if empty)."""
    push(s, (RANDOM_CARD, CHANCE_P, card, step, from_side, data))


def call(s: TSState, card: int, step: int, data: tuple = ()) -> None:
    """Resume ``card`` at ``step`` once the frames pushed before this one are done."""
    push(s, (CALL, AUTO, card, step, data))


def free_coup(s: TSState, side: int, card: int, ops: int, mask: int) -> None:
    """A free coup attempt (6.3.5) in ``mask``: ignores DEFCON limits, no military ops; may be declined."""
    push(s, (COUP, side, card, ops, 0, 0, mask))


def free_realign(s: TSState, side: int, card: int, rolls: int, mask: int) -> None:
    """Free realignment rolls in ``mask`` that ignore DEFCON limits (Tear Down This Wall)."""
    push(s, (REALIGN, side, card, rolls, 0, 0, mask))


def conduct_ops(s: TSState, side: int, card: int, modes: int = MODE_BITS_OPS, ops: int = 0) -> None:
    """``side`` conducts operations with ``card`` (modes: bitmask of M_* it may choose).

    Args:
        s: State.
        side: Who conducts them.
        card: The card whose ops value is used.
        modes: Allowed uses, a bitmask over M_INFLUENCE/M_REALIGN/M_COUP/M_SPACE.
        ops: A fixed ops value instead of the card's (Olympic boycott: 4).
    """
    push(s, (OPSMODE, side, card, modes, ops))


def fire_event(s: TSState, card: int, side: int) -> None:
    """Run ``card``'s event for ``side`` (used when an event makes another card's event occur)."""
    push(s, (EVENT, AUTO, card, side))


def finish_card(s: TSState, card: int, side: int, fired: bool) -> None:
    """Move a played card to the discard / removed pile once everything before is done."""
    push(s, (FINISH, AUTO, card, side, fired))
