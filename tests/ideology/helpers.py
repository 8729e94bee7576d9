"""Build concrete Ideology positions for rule tests.

Typical use::

    s = position(("Fascism", "Imperialism", "Communism"),
                 regions={"Indonesia": {"cards": {"Fascism": (1, 0, 0)}}},
                 hands={"Fascism": (3, 0, 0)})
    at(s, PH_FOREIGN, "Fascism")        # the Fascist acts next in the Foreign phase
    act(s, "place Indonesia mil")       # by action text (a unique prefix is enough)

``position`` starts from the real setup (start regions with 3+3+3 cards), then applies the
overrides; every card not on the board or in a hand is put back in its owner's deck, so the
45-card conservation invariant holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from realpolitik.engine.ideology import rules
from realpolitik.engine.ideology.board import BOARD, STANCE_NAMES
from realpolitik.engine.ideology.game import GAME, IdeologyState
from realpolitik.engine.ideology.state import IN_PLAY, NUM_ADVANCEMENTS, OFF_DECK

Cards = tuple[int, int, int]


def reg(name: str) -> int:
    """Region index by name."""
    return BOARD.region(name)


def seat(s: IdeologyState, ideology: str) -> int:
    """Seat playing an ideology."""
    return s.seat_of[BOARD.ideology(ideology)]


def position(
    ideologies: Iterable[str] = ("Capitalism", "Fascism", "Imperialism"),
    *,
    regions: Mapping[str, Mapping] | None = None,
    hands: Mapping[str, Cards] | None = None,
    discards: Mapping[str, Cards] | None = None,
    advancements: Mapping[str, Mapping[str, int]] | None = None,
    stances: Mapping[tuple[str, str], str] | None = None,
    in_play: Iterable[str] = (),
    turn: int = 1,
    seed: int = 0,
    max_turns: int | None = None,
    variant: str | None = None,
) -> IdeologyState:
    """A position with exactly the given facts.

    Args:
        ideologies: Ideology per seat, seat 0 first.
        regions: Per region name: ``owner`` (ideology or None), ``level`` (current
            Development Level) and ``cards`` (ideology -> (mil, eco, cul)); the region is
            put face up and its cards replaced.
        hands: Cards in hand per ideology (others: empty hands).
        discards: Discard piles per ideology (others: empty).
        advancements: Advancements owned per ideology (replacing the starting one).
        stances: Stance per pair of ideologies (others neutral).
        in_play: More regions turned face up, empty and independent.
        turn: Turn number.
        seed: Seed (card draws).
        max_turns: The ``max_turns`` option.
        variant: The ``variant`` option (data set).

    Returns:
        The state, resting in the Resource phase bookkeeping of ``turn``; call ``at`` to
        choose the phase and the seat to act.
    """
    names = list(ideologies)
    opts: dict = {"ideologies": ",".join(names)}
    if max_turns is not None:
        opts["max_turns"] = max_turns
    if variant is not None:
        opts["variant"] = variant
    s = GAME.new_initial_state(players=len(names), seed=seed, **opts)
    n = s.n
    s.turn = turn
    for name in in_play:
        s.where[reg(name)] = IN_PLAY
    for name, spec in (regions or {}).items():
        r = reg(name)
        s.where[r] = IN_PLAY
        owner = spec.get("owner")
        s.owner[r] = -1 if owner is None else seat(s, owner)
        s.dev[r] = spec.get("level", BOARD.level[r])
        for x in range(n):
            for t in range(3):
                s.inf[(r * 3 + t) * n + x] = 0
        for who, cards in spec.get("cards", {}).items():
            for t in range(3):
                s.inf[(r * 3 + t) * n + seat(s, who)] = cards[t]
    for x in range(n):
        b = x * 3
        name = BOARD.ideologies[s.ideo[x]].name
        hand = _lookup(hands, name) or (0, 0, 0)
        disc = _lookup(discards, name) or (0, 0, 0)
        for t in range(3):
            on_board = sum(s.inf[t * n + x :: 3 * n])
            left = BOARD.ideologies[s.ideo[x]].split[t] - on_board - hand[t] - disc[t]
            if left < 0:
                raise ValueError(f"{name}: more {t} cards placed than its deck holds")
            s.hand[b + t] = hand[t]
            s.discard[b + t] = disc[t]
            s.staged[b + t] = 0
            s.deck[b + t] = left
    if advancements is not None:
        s.supply = [a.count for a in BOARD.advancements]
        s.adv = [0] * (NUM_ADVANCEMENTS * n)
        for who, owned in advancements.items():
            x = seat(s, who)
            for adv, k in owned.items():
                i = BOARD.advancement(adv)
                s.adv[x * NUM_ADVANCEMENTS + i] = k
                s.supply[i] -= k
    s.stance = [1] * (n * n)
    for (a, b), stance_name in (stances or {}).items():
        i, j = seat(s, a), seat(s, b)
        s.stance[i * n + j] = s.stance[j * n + i] = STANCE_NAMES.index(stance_name)
    s.attacked = [0] * n
    s._legal = None
    return s


def _lookup(table: Mapping[str, Cards] | None, name: str) -> Cards | None:
    if not table:
        return None
    for k, v in table.items():
        if BOARD.ideology(k) == BOARD.ideology(name):
            return v
    return None


def at(s: IdeologyState, phase: int, ideology: str, *, traded: int = 0) -> IdeologyState:
    """Put the state in ``phase`` with ``ideology`` to act (no conflict running)."""
    s.phase = phase
    s.idx = s.order.index(seat(s, ideology))
    s.passes = 0
    s.conflict = None
    s.traded = traded
    s.offer_to = 0
    s.offers = [-1] * (s.n * s.n)
    s._legal = None
    return s


def act(s: IdeologyState, text: str) -> int:
    """Apply the legal action whose text matches; returns its id."""
    a = s.string_from_action(text)
    s.apply_action(a)
    return a


def texts(s: IdeologyState) -> list[str]:
    """Texts of the legal actions."""
    return [s.action_to_string(a) for a in s.legal_actions()]


def cards_in(s: IdeologyState, region: str, ideology: str) -> Cards:
    """(mil, eco, cul) cards of an ideology beside a region."""
    r, x, n = reg(region), seat(s, ideology), s.n
    return tuple(s.inf[(r * 3 + t) * n + x] for t in range(3))  # type: ignore[return-value]


def hand(s: IdeologyState, ideology: str) -> Cards:
    """(mil, eco, cul) in an ideology's hand."""
    b = seat(s, ideology) * 3
    return tuple(s.hand[b : b + 3])  # type: ignore[return-value]


def discard(s: IdeologyState, ideology: str) -> Cards:
    """(mil, eco, cul) in an ideology's discard pile."""
    b = seat(s, ideology) * 3
    return tuple(s.discard[b : b + 3])  # type: ignore[return-value]


def gi(s: IdeologyState, ideology: str) -> int:
    """Global Influence of an ideology."""
    return rules.global_influence(s, seat(s, ideology))


def sound(s: IdeologyState) -> None:
    """Assert the invariants hold."""
    assert s.check_invariants() == []


__all__ = [
    "IN_PLAY",
    "OFF_DECK",
    "act",
    "at",
    "cards_in",
    "discard",
    "gi",
    "hand",
    "position",
    "reg",
    "seat",
    "sound",
    "texts",
]
