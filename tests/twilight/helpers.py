"""Build concrete Twilight Struggle positions for rule and event tests.

Typical use::

    s = position(turn=2, defcon=4, inf={"france": (0, 3)}, hands=([], [27]))
    fire(s, 27, US)                 # run card #27's event for the US
    act(s, "place US Japan")        # answer questions by their action text
    die(s, 4)                       # force a die result
    assert finished(s)              # the event is over (the sentinel round is on top)

``position`` empties the board and the hands, keeps every card in exactly one pile (the rest
go to the deck), and leaves the state in the action-round phase with no pending decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from realpolitik.engine.twilight import actions, frames, rules
from realpolitik.engine.twilight.board import BOARD, US, USSR
from realpolitik.engine.twilight.game import GAME, TwilightState
from realpolitik.engine.twilight.state import PH_ACTION, N, opp

FILLER = (19, 26)  # cards put in hands so that a 'next round' sentinel can exist


def c(name: str) -> int:
    """Country index by id or name."""
    return BOARD.country(name)


def position(
    *,
    turn: int = 1,
    action_round: int = 1,
    defcon: int = 5,
    vp: int = 0,
    inf: Mapping[str, tuple[int, int]] | None = None,
    hands: tuple[Iterable[int], Iterable[int]] = ((), ()),
    discard: Iterable[int] = (),
    removed: Iterable[int] = (),
    china: int = USSR,
    china_up: bool = True,
    space: tuple[int, int] = (0, 0),
    milops: tuple[int, int] = (0, 0),
    perm: Iterable[int] = (),
    turnfx: Iterable[int] = (),
    phasing: int = USSR,
    seed: int = 0,
    tournament: bool = False,
    edition: str = "seed",
    implementation: str | None = None,
) -> TwilightState:
    """A position with exactly the given facts (influence as (USSR, US) per country).

    ``implementation`` ('pure' or 'compiled') picks the state class; default: ``GAME``'s."""
    game = GAME if implementation is None else GAME.with_implementation(implementation)
    s = game.new_initial_state(seed=seed, tournament=tournament, edition=edition)
    s.stack = []
    s.inf = [0] * (2 * N)
    for name, (a, b) in (inf or {}).items():
        s.set_inf(USSR, c(name), a)
        s.set_inf(US, c(name), b)
    s.turn, s.action_round, s.defcon, s.vp = turn, action_round, defcon, vp
    s.phase = PH_ACTION
    s.phasing = phasing
    s.space = list(space)
    s.milops = list(milops)
    s.china, s.china_up = china, china_up
    s.perm = 0
    for n in perm:
        s.set_perm(n)
    s.turnfx = 0
    for n in turnfx:
        s.set_turn(n)
    placed: set[int] = set()
    s.hands = [list(hands[0]), list(hands[1])]
    s.discard = list(discard)
    s.removed = list(removed)
    for pile in (s.hands[0], s.hands[1], s.discard, s.removed):
        placed.update(pile)
    s.inplay = []
    s.box = []
    s.deck = [n for n in rules.cards_in_game(s.options) if n not in placed and n != rules.CHINA]
    s.headline = [0, 0]
    s.history = []
    s.round_start = [s.presence_mask(USSR), s.presence_mask(US)]
    s.touch()
    return s


def _filler(s: TwilightState, side: int) -> None:
    if not s.hands[side]:
        for f in FILLER:
            if f in s.deck:
                s.deck.remove(f)
                s.hands[side].append(f)
                return


def fire(s: TwilightState, card: int, side: int, *, by: int | None = None) -> None:
    """Run ``card``'s event for ``side`` as if ``by`` (default ``side``) played it as an event.

    A sentinel (the opponent's next action round) is put under the event so that the test can
    see where the event ends: ``finished(s)``.
    """
    player = side if by is None else by
    _filler(s, opp(player))
    rules.take_card(s, card)
    s.inplay.append(card)
    s.phasing = player
    s.round_start[player] = s.presence_mask(player)
    s.stack.append(frames.for_state(s, (frames.ACTION, opp(player), None, 0)))
    s.stack.append(frames.for_state(s, (frames.EVENT, frames.AUTO, card, side, player)))
    s._core.advance(s)  # the state's own machine: rules, or the compiled core


def play(s: TwilightState, side: int, card: int, mode: str) -> None:
    """``side`` plays ``card`` from its hand in an action round (mode: event/influence/realign/coup/space)."""
    _filler(s, opp(side))
    if card != rules.CHINA and card not in s.hands[side]:
        rules.take_card(s, card)
        s.hands[side].append(card)
    s.phasing = side
    s.round_start[side] = s.presence_mask(side)
    s.stack.append(frames.for_state(s, (frames.ACTION, opp(side), None, 0)))
    s.stack.append(frames.for_state(s, (frames.ACTION, side, None, 0)))
    s.apply_action(actions.play(card, frames.MODE_NAMES.index(mode)))


def finished(s: TwilightState) -> bool:
    """True when only the sentinel round remains (or the game ended)."""
    if s.winner >= 0:
        return True
    return len(s.stack) == 1 and s.stack[-1][0] == frames.ACTION


def act(s: TwilightState, text: str) -> None:
    """Apply the legal action whose text is ``text`` (exact match, case-insensitive)."""
    want = text.strip().lower()
    for a in s.legal_actions():
        if s.action_to_string(a).lower() == want:
            s.apply_action(a)
            return
    opts = [s.action_to_string(a) for a in s.legal_actions()]
    raise AssertionError(f"no legal action '{text}'; legal: {opts}")


def texts(s: TwilightState) -> list[str]:
    """Texts of the legal actions."""
    return [s.action_to_string(a) for a in s.legal_actions()]


def die(s: TwilightState, face: int) -> None:
    """Force the pending die roll."""
    assert s.is_chance_node(), f"no die is pending (top frame: {s.stack[-1] if s.stack else None})"
    s.apply_action(actions.die(face))


def draw_card(s: TwilightState, card: int) -> None:
    """Force the pending random card draw."""
    assert s.is_chance_node()
    s.apply_action(actions.card_choice(card))


def inf(s: TwilightState, name: str) -> tuple[int, int]:
    """(USSR, US) influence in a country."""
    i = c(name)
    return s.influence(USSR, i), s.influence(US, i)


def all_cards(s: TwilightState) -> list[int]:
    """Every card location flattened (for the one-place invariant)."""
    out = list(s.hands[0]) + list(s.hands[1]) + s.deck + s.discard + s.removed + s.box + s.inplay
    out += [h for h in s.headline if h > 0]
    return out


__all__ = [
    "BOARD",
    "US",
    "USSR",
    "act",
    "all_cards",
    "c",
    "die",
    "draw_card",
    "finished",
    "fire",
    "inf",
    "play",
    "position",
    "texts",
]
