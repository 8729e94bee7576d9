"""Pending decisions: the frames on ``TSState.stack``, and the helpers events use to push them.

A frame is a tuple whose first item is its kind and second the side that decides (or
``CHANCE_P`` for dice, ``AUTO`` for bookkeeping the engine runs by itself). Decisions are
atomic (docs/architecture.md): a frame asks one small question; answering it pops or rewrites the frame
and may push more.

Each kind has a ``typing.NamedTuple`` class below (``FRAME_TYPES[kind]``) whose fields name the
items; the pure reference (``rules``, ``events``, the helpers here) builds these and reads them by
name. The compiled core (``_core_c``) builds and reads plain tuples with the same items, so code
that may meet a compiled state's frame reads it through :func:`view`. A named frame equals, and
hashes like, the plain tuple with the same items: the two implementations' stacks compare equal.

Events push frames with the helpers below. Inside an event or resume handler the pushes are
queued and land on the stack in call order (the first pushed is decided first), so a handler
reads top to bottom like the card text.

Frame layouts (the class, then its items; ``kind`` and ``player``, the deciding side, come first):
    SETUP        Setup: remaining, mask                         mask 0: a bid (where player has influence)
    HEADLINE     Headline
    ACTION       Action: only, return_card                      choose a card and its use
    ORDER        Order: card, mode                              opponent's event before/after ops
    OPSTART      OpStart: side, card, mode                      open the ops frame for a card (AUTO)
    INFLUENCE    Influence: card, remaining, asia_bonus, sea_bonus
    REALIGN      Realign: card, remaining, asia_bonus, sea_bonus, free_mask
    REALIGN_ROLL RealignRoll: side, country, ussr_die           two dice, USSR's first (CHANCE)
    COUP         Coup: card, ops, asia_bonus, sea_bonus, free_mask
    COUP_ROLL    CoupRoll: side, country, ops, free             (CHANCE)
    SPACE_ROLL   SpaceRoll: side, card                          space race (CHANCE)
    OPSMODE      OpsMode: card, modes, ops_override             choose how to use an event's ops
    EVENT        Event: card, side, finisher                    run a card's event, then FINISH it (AUTO)
                 FiredEvent: card, side                         an event another event makes occur (AUTO)
    FINISH       Finish: card, side, fired                      move a played card on (AUTO)
    PLACE        Place: card, target_side, remaining, mask, cap, placed, optional
    REMOVE       Remove: card, target_side, remaining, mask, cap, removed, optional
    CCOUNTRY     ChooseCountry: card, step, mask, data
    COPTION      ChooseOption: card, step, labels, data
    CCARD        ChooseCard: card, step, cards, verb, allow_pass, data
    ROLL         Roll: card, step, data                         (CHANCE)
    RANDOM_CARD  RandomCard: card, step, from_side, data        a random card from a hand (CHANCE)
    CALL         Call: card, step, data                         continue an event, no decision (AUTO)
    TRAP         Trap: card                                     Quagmire / Bear Trap discard
    TRAP_ROLL    TrapRoll: side, card                           (CHANCE)
    HELD         Held                                           box-6 discard of the held card
"""

from __future__ import annotations

from typing import Any, NamedTuple

from realpolitik.engine.twilight.state import TSState

AUTO = -2
CHANCE_P = -1

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


# ----- the frame layouts, one class per kind (the module docstring's table) -----
class Setup(NamedTuple):
    """3.2-3.3 and a bid: place ``remaining`` influence in ``mask`` (0: where ``player`` has some)."""

    kind: int
    player: int
    remaining: int
    mask: int


class Headline(NamedTuple):
    """4.5 A: ``player`` chooses a headline card."""

    kind: int
    player: int


class Action(NamedTuple):
    """An action round: play a card and choose its use (``only``: the cards allowed, or None
    for the hand; ``return_card``: the card whose event offered this play, 0 for none)."""

    kind: int
    player: int
    only: tuple[int, ...] | None
    return_card: int


class Order(NamedTuple):
    """5.2: the opponent's event ``card`` happens before or after the operations (``mode``)."""

    kind: int
    player: int
    card: int
    mode: int


class OpStart(NamedTuple):
    """Open the operations frame of ``card`` used as ``mode`` by ``side`` (AUTO)."""

    kind: int
    player: int
    side: int
    card: int
    mode: int


class Influence(NamedTuple):
    """6.1: place ``remaining`` ops of influence (the China Card's Asia and Vietnam Revolts'
    Southeast Asia bonus ops counted in, and kept apart to know where they may go)."""

    kind: int
    player: int
    card: int
    remaining: int
    asia_bonus: int
    sea_bonus: int


class Realign(NamedTuple):
    """6.2: choose a realignment target, ``remaining`` rolls left (``free_mask``: free rolls
    in these countries that ignore DEFCON, 0 for ordinary ones)."""

    kind: int
    player: int
    card: int
    remaining: int
    asia_bonus: int
    sea_bonus: int
    free_mask: int


class RealignRoll(NamedTuple):
    """6.2: the two realignment dice in ``country``, the USSR's first (``ussr_die`` 0 until rolled)."""

    kind: int
    player: int
    side: int
    country: int
    ussr_die: int


class Coup(NamedTuple):
    """6.3: choose a coup target with ``ops`` (``free_mask``: a free coup in these countries, 6.3.5)."""

    kind: int
    player: int
    card: int
    ops: int
    asia_bonus: int
    sea_bonus: int
    free_mask: int


class CoupRoll(NamedTuple):
    """6.3: the coup die in ``country`` (``free``: 1 for a free coup)."""

    kind: int
    player: int
    side: int
    country: int
    ops: int
    free: int


class SpaceRoll(NamedTuple):
    """6.4: ``side``'s space race die for ``card``."""

    kind: int
    player: int
    side: int
    card: int


class OpsMode(NamedTuple):
    """Choose how to use an event's ops (``modes``: bitmask of ``M_*``; ``ops_override``: a
    fixed ops value instead of the card's, 0 for none)."""

    kind: int
    player: int
    card: int
    modes: int
    ops_override: int


class Event(NamedTuple):
    """Run ``card``'s event for ``side`` (AUTO), then FINISH it for ``finisher`` (-1: its FINISH
    frame is pushed apart)."""

    kind: int
    player: int
    card: int
    side: int
    finisher: int


class FiredEvent(NamedTuple):
    """Run ``card``'s event for ``side`` when another card's event makes it occur (AUTO; no FINISH)."""

    kind: int
    player: int
    card: int
    side: int


class Finish(NamedTuple):
    """Move the played ``card`` on once everything before is done (AUTO; ``fired``: its event occurred)."""

    kind: int
    player: int
    card: int
    side: int
    fired: bool


class Place(NamedTuple):
    """Place ``remaining`` influence of ``target_side``, one point at a time (see :func:`place`)."""

    kind: int
    player: int
    card: int
    target_side: int
    remaining: int
    mask: int
    cap: int
    placed: tuple[int, ...]
    optional: bool


class Remove(NamedTuple):
    """Remove ``remaining`` influence of ``target_side``, one point at a time (see :func:`remove`)."""

    kind: int
    player: int
    card: int
    target_side: int
    remaining: int
    mask: int
    cap: int
    removed: tuple[int, ...]
    optional: bool


class ChooseCountry(NamedTuple):
    """Choose a country in ``mask``; resumes ``card``'s handler at ``step`` with ``data``."""

    kind: int
    player: int
    card: int
    step: int
    mask: int
    data: tuple[Any, ...]


class ChooseOption(NamedTuple):
    """Choose one of ``labels``; resumes ``card``'s handler at ``step`` with ``data``."""

    kind: int
    player: int
    card: int
    step: int
    labels: tuple[str, ...]
    data: tuple[Any, ...]


class ChooseCard(NamedTuple):
    """Choose one of ``cards`` to ``verb`` (``allow_pass``: or none); resumes ``card``'s handler."""

    kind: int
    player: int
    card: int
    step: int
    cards: tuple[int, ...]
    verb: str
    allow_pass: bool
    data: tuple[Any, ...]


class Roll(NamedTuple):
    """One die for ``card``'s event (CHANCE); resumes its handler at ``step``."""

    kind: int
    player: int
    card: int
    step: int
    data: tuple[Any, ...]


class RandomCard(NamedTuple):
    """A card at random from ``from_side``'s hand (CHANCE); resumes ``card``'s handler at ``step``."""

    kind: int
    player: int
    card: int
    step: int
    from_side: int
    data: tuple[Any, ...]


class Call(NamedTuple):
    """Resume ``card``'s handler at ``step`` once the frames above are done (AUTO)."""

    kind: int
    player: int
    card: int
    step: int
    data: tuple[Any, ...]


class Trap(NamedTuple):
    """#42 Quagmire / #44 Bear Trap (``card``): discard a card of 2+ ops, then roll to get free."""

    kind: int
    player: int
    card: int


class TrapRoll(NamedTuple):
    """The die of ``side`` to get free of the trap ``card`` (CHANCE)."""

    kind: int
    player: int
    side: int
    card: int


class Held(NamedTuple):
    """Space race box 6: ``player`` may discard the card held at the end of the turn."""

    kind: int
    player: int


Frame = (
    Setup
    | Headline
    | Action
    | Order
    | OpStart
    | Influence
    | Realign
    | RealignRoll
    | Coup
    | CoupRoll
    | SpaceRoll
    | OpsMode
    | Event
    | FiredEvent
    | Finish
    | Place
    | Remove
    | ChooseCountry
    | ChooseOption
    | ChooseCard
    | Roll
    | RandomCard
    | Call
    | Trap
    | TrapRoll
    | Held
)
"""Any frame of the pure reference."""

FRAME_TYPES: tuple[type[Any], ...] = (
    Setup,
    Headline,
    Action,
    Order,
    OpStart,
    Influence,
    Realign,
    RealignRoll,
    Coup,
    CoupRoll,
    SpaceRoll,
    OpsMode,
    Event,
    Finish,
    Place,
    Remove,
    ChooseCountry,
    ChooseOption,
    ChooseCard,
    Roll,
    RandomCard,
    Call,
    Trap,
    TrapRoll,
    Held,
)
"""The class of each kind's frames, ``FRAME_TYPES[kind]`` (an EVENT frame of four items is a
:class:`FiredEvent`)."""
_FIRED_EVENT_ITEMS = len(FiredEvent._fields)


def view(frame: tuple[Any, ...]) -> Any:
    """``frame`` as its named tuple: a compiled state's frames are plain tuples (the same items).

    Code that may read a compiled state's stack (texts, advice, the log importer, events) reads
    its frames through this; a named frame is returned as it is.
    """
    if frame.__class__ is not tuple:
        return frame
    kind = frame[0]
    cls = FiredEvent if kind == EVENT and len(frame) == _FIRED_EVENT_ITEMS else FRAME_TYPES[kind]
    try:
        return cls._make(frame)
    except TypeError:
        raise ValueError(
            f"frame {frame!r} ({KIND_NAMES[kind]}) has {len(frame)} items; {cls.__name__} has {len(cls._fields)}"
        ) from None


def for_state(s: TSState, frame: tuple[Any, ...]) -> tuple[Any, ...]:
    """``frame`` as the stack of ``s`` holds it: named on a pure state (the reference reads its
    frames by name), a plain tuple on a compiled one (its core checks for exactly a tuple).
    Events run on either; a position built by hand (tests) puts its frames through this."""
    if isinstance(s, TSState):
        named: tuple[Any, ...] = view(frame)
        return named
    return frame if frame.__class__ is tuple else tuple(frame)


def push(s: TSState, frame: tuple[Any, ...]) -> None:
    """Push a frame (:func:`for_state`); inside a handler it is queued to keep call order."""
    frame = for_state(s, frame)
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
        push(s, Place(PLACE, chooser, card, target_side, n, mask, cap, (), optional))


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
        push(s, Remove(REMOVE, chooser, card, target_side, n, mask, cap, (), optional))


def choose_country(
    s: TSState, chooser: int, card: int, step: int, mask: int, data: tuple[Any, ...] = ()
) -> None:
    """Ask ``chooser`` for one country in ``mask``; resumes ``card`` at ``step`` with its index.

    When ``mask`` is empty the handler is resumed at once with -1.
    """
    push(s, ChooseCountry(CCOUNTRY, chooser, card, step, mask, data))


def choose_option(
    s: TSState, chooser: int, card: int, step: int, labels: tuple[str, ...], data: tuple[Any, ...] = ()
) -> None:
    """Ask ``chooser`` to pick one of ``labels``; resumes with the label's index."""
    push(s, ChooseOption(COPTION, chooser, card, step, tuple(labels), data))


def choose_card(
    s: TSState,
    chooser: int,
    card: int,
    step: int,
    cards: tuple[int, ...],
    verb: str,
    allow_pass: bool = False,
    data: tuple[Any, ...] = (),
) -> None:
    """Ask ``chooser`` for one card number of ``cards``; resumes with it (0 = passed or none)."""
    push(s, ChooseCard(CCARD, chooser, card, step, tuple(cards), verb, allow_pass, data))


def roll(s: TSState, card: int, step: int, data: tuple[Any, ...] = ()) -> None:
    """Roll one die (a chance node); resumes ``card`` at ``step`` with the result 1..6."""
    push(s, Roll(ROLL, CHANCE_P, card, step, data))


def random_card(s: TSState, card: int, step: int, from_side: int, data: tuple[Any, ...] = ()) -> None:
    """Draw a card at random from ``from_side``'s hand (chance); resumes with it (0 if empty)."""
    push(s, RandomCard(RANDOM_CARD, CHANCE_P, card, step, from_side, data))


def call(s: TSState, card: int, step: int, data: tuple[Any, ...] = ()) -> None:
    """Resume ``card`` at ``step`` once the frames pushed before this one are done."""
    push(s, Call(CALL, AUTO, card, step, data))


def free_coup(s: TSState, side: int, card: int, ops: int, mask: int) -> None:
    """A free coup attempt (6.3.5) in ``mask``: ignores DEFCON limits, no military ops; may be declined."""
    push(s, Coup(COUP, side, card, ops, 0, 0, mask))


def free_realign(s: TSState, side: int, card: int, rolls: int, mask: int) -> None:
    """Free realignment rolls in ``mask`` that ignore DEFCON limits (Tear Down This Wall)."""
    push(s, Realign(REALIGN, side, card, rolls, 0, 0, mask))


def conduct_ops(s: TSState, side: int, card: int, modes: int = MODE_BITS_OPS, ops: int = 0) -> None:
    """``side`` conducts operations with ``card`` (modes: bitmask of M_* it may choose).

    Args:
        s: State.
        side: Who conducts them.
        card: The card whose ops value is used.
        modes: Allowed uses, a bitmask over M_INFLUENCE/M_REALIGN/M_COUP/M_SPACE.
        ops: A fixed ops value instead of the card's (Olympic boycott: 4).
    """
    push(s, OpsMode(OPSMODE, side, card, modes, ops))


def fire_event(s: TSState, card: int, side: int) -> None:
    """Run ``card``'s event for ``side`` (used when an event makes another card's event occur)."""
    push(s, FiredEvent(EVENT, AUTO, card, side))


def finish_card(s: TSState, card: int, side: int, fired: bool) -> None:
    """Move a played card to the discard / removed pile once everything before is done."""
    push(s, Finish(FINISH, AUTO, card, side, fired))
