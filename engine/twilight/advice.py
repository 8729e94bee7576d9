"""Twilight Struggle advice for the player: the odds of a coup, a realignment or a space race
attempt, a move that loses the game, why a typed move is refused, what a scoring card gave
each side, and the evaluator's terms behind a hint's one-line explanation.

The presentation (``render``) offers these to the command line as ``move_odds``,
``move_danger``, ``why_illegal``, ``explain`` and ``scoring_lines``; nothing here changes a
position. Every function reads a state of either implementation (pure or compiled: the same
field names).
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine.twilight import actions, frames, heuristics, rules
from realpolitik.engine.twilight.board import (
    ASIA,
    BOARD,
    EUROPE,
    LAST_SPACE_BOX,
    MIDDLE_EAST,
    REGION_NAMES,
    SIDE_NAMES,
    US,
    USSR,
)
from realpolitik.engine.twilight.state import DEFCON_BRINK, PH_ACTION, WIN_VP, N, TSState, opp

__all__ = [
    "LEVEL_NAMES",
    "coup_odds",
    "evaluation_terms",
    "explain",
    "move_danger",
    "move_odds",
    "realign_odds",
    "region_levels",
    "scoring_lines",
    "vp_causes",
    "why_illegal",
]

LEVEL_NAMES = ("nothing", "presence", "domination", "control")  # by rules.LEVEL_*
_NOTABLE_GAIN = 0.05  # an evaluation term that gains less is not worth naming in an explanation
"""Scoring levels of a side in a region (10.1.1), by number."""


def _name(c: int) -> str:
    return BOARD.name[c]


def _frame(state: TSState) -> Any:
    """The pending frame, named (``frames.view``: the state may be a compiled one), or None."""
    return frames.view(state.stack[-1]) if state.stack and state.winner < 0 else None


# ---------------------------------------------------------------- odds
def coup_odds(state: TSState, side: int, c: int, ops: int) -> tuple[float, int]:
    """6.3.2: the chance that a coup of ``ops`` operations by ``side`` in ``c`` succeeds, and
    the influence it changes on the best roll.

    Returns:
        ``(probability, best_margin)``.
    """
    mod = rules.coup_modifier(state, side, c)
    need = 2 * BOARD.stability[c]
    wins = sum(1 for die in range(1, 7) if die + ops + mod > need)
    return wins / 6.0, max(0, 6 + ops + mod - need)


def realign_odds(state: TSState, side: int, c: int) -> tuple[float, float, float]:
    """6.2.2: both sides roll a die plus their modifiers; the higher removes the difference
    from the other's influence.

    Returns:
        ``(win, tie, expected influence removed from the opponent)`` for ``side``.
    """
    mine = rules.realign_modifier(state, side, c)
    theirs = rules.realign_modifier(state, opp(side), c)
    have = state.influence(opp(side), c)
    win = tie = removed = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            diff = (a + mine) - (b + theirs)
            if diff > 0:
                win += 1
                removed += min(diff, have)
            elif diff == 0:
                tie += 1
    return win / 36.0, tie / 36.0, removed / 36.0


def move_odds(state: TSState, action: int) -> str | None:
    """The odds of a coup, a realignment or a space race attempt and what else it does
    (DEFCON, military operations), for the choice list; None for other moves."""
    frame = _frame(state)
    if frame is None:
        return None
    d = actions.decode(action)
    k = frame.kind
    if k == frames.COUP and d.kind == "country":
        side, ops, asia_b, sea_b, free = (
            frame.player,
            frame.ops,
            frame.asia_bonus,
            frame.sea_bonus,
            frame.free_mask,
        )
        c = d.value
        if BOARD.region_mask[ASIA] >> c & 1:
            ops += asia_b
        if BOARD.sea_mask >> c & 1:
            ops += sea_b
        p, best = coup_odds(state, side, c, ops)
        parts = [f"succeeds {p:.0%}" + (f", up to {best}" if p else "")]
        if BOARD.battleground[c] and not (side == US and state.turnfx >> 41 & 1):  # 6.3.4; #41
            parts.append(f"DEFCON {state.defcon}->{state.defcon - 1}")
        else:
            parts.append("DEFCON stays")
        counts = rules.coup_adds_milops(frame.card, free)  # 6.3.3; free coups 8.2.5
        parts.append(f"mil ops +{min(ops, 5 - state.milops[side])}" if counts else "no mil ops (free)")
        return ", ".join(parts)
    if k == frames.REALIGN and d.kind == "country":
        win, tie, removed = realign_odds(state, frame.player, d.value)
        return f"wins {win:.0%}, ties {tie:.0%}, removes {removed:.1f} on average; DEFCON, mil ops unchanged"
    if d.kind == "play" and d.mode == frames.M_SPACE:
        side = frame.player  # the ACTION frame's side plays the card
        box = state.space[side] + 1 if side in (USSR, US) else 9
        if side in (USSR, US) and box <= LAST_SPACE_BOX:
            need = BOARD.space[box][1]
            return f"box {box} on 1-{need}: {need / 6:.0%}"  # 6.4.1
    return None


# ---------------------------------------------------------------- a move that loses
def move_danger(state: TSState, action: int) -> str | None:
    """A loss this move makes certain that the command line's look-ahead (which follows the
    move to the next real decision) cannot see: with the tournament rule, playing another
    card in one's last action round while a scoring card stays in hand loses at the end of
    the turn (11.1.2). None when there is no such danger."""
    frame = _frame(state)
    if (
        frame is None
        or frame.kind != frames.ACTION
        or state.phase != PH_ACTION
        or not state.options.get("tournament")
    ):
        return None
    d = actions.decode(action)
    side = frame.player
    if d.kind != "play" or d.value in rules.SCORING_CARDS:
        return None
    if state.rounds_done[side] + 1 < rules.rounds_for(state, side):
        return None
    held = sorted(c for c in state.hands[side] if c in rules.SCORING_CARDS and c != d.value)
    if not held:
        return None
    return (
        f"you would be left holding {rules.label(state, held[0])}, a scoring card: "
        "that loses at the end of the turn (11.1.2)"
    )


# ---------------------------------------------------------------- why a typed move is refused
_VERBS = {
    "place": (frames.SETUP, frames.INFLUENCE, frames.PLACE),
    "influence": (frames.INFLUENCE,),
    "coup": (frames.COUP,),
    "realign": (frames.REALIGN,),
    "remove": (frames.REMOVE,),
}
_ASKING = {
    frames.ACTION: "choosing a card to play",
    frames.HEADLINE: "choosing a headline card",
    frames.SETUP: "placing setup influence",
    frames.INFLUENCE: "placing influence",
    frames.COUP: "choosing where to coup",
    frames.REALIGN: "choosing where to realign",
    frames.PLACE: "placing influence for an event",
    frames.REMOVE: "removing influence for an event",
}


def _country(text: str) -> int | None:
    key = " ".join(text.strip().lower().replace("_", " ").split())
    if not key:
        return None
    for i in range(N):
        if key in (BOARD.ids[i].replace("_", " "), BOARD.name[i].lower()):
            return i
    pref = [i for i in range(N) if BOARD.name[i].lower().startswith(key)]
    return pref[0] if len(pref) == 1 else None


def _target_reason(state: TSState, side: int, c: int, rule: str, verb: str) -> str:
    """Why ``side`` may not coup or realign (``verb``) in ``c`` (6.2.1, 6.3.1, 8.1.5)."""
    other = SIDE_NAMES[opp(side)]
    if not state.influence(opp(side), c):
        return f"there is no {other} influence in {_name(c)} to {verb} ({rule})"
    if rules.protected(state, side) >> c & 1:
        card = "#27 US/Japan Mutual Defense Pact" if c == rules.JAPAN else "#21 NATO"
        return f"{card} protects {_name(c)}"
    if side == USSR and state.perm >> 87 & 1 and BOARD.region_mask[EUROPE] >> c & 1:
        return "#87 The Reformer: no USSR coups in Europe"
    if rules.defcon_blocked(state) >> c & 1:
        region = REGION_NAMES[BOARD.region_of[c]]
        return f"DEFCON {state.defcon} bars coups and realignments in {region} (8.1.5)"
    return ""


def why_illegal(state: TSState, text: str) -> str | None:
    """Why a typed move (``place France``, ``coup Iran``) is not legal now, citing the rule;
    None when the text names no country move this function can judge.

    Args:
        state: The position.
        text: What the player typed.
    """
    frame = _frame(state)
    if frame is None:
        return None
    verb, _, rest = text.strip().lower().partition(" ")
    if verb not in _VERBS:
        return None
    c = _country(rest)
    if c is None:
        return f"there is no country called '{rest.strip()}'" if rest.strip() else None
    k, side = frame.kind, frame.player
    if k not in _VERBS[verb]:
        asked = _ASKING.get(k, f"answering '{frames.KIND_NAMES[k]}'")
        return f"you are {asked} now, not to {verb}"
    if k == frames.SETUP:
        if not frame.mask:  # a bid's point (option bid)
            return f"a bid is placed where the {SIDE_NAMES[side]} has influence; {_name(c)} has none"
        where = "Eastern Europe (3.2)" if side == USSR else "Western Europe (3.3)"
        return f"{_name(c)} is not in {where}"
    if k == frames.INFLUENCE:
        if not rules.placement_mask(state, side) >> c & 1:
            if side == USSR and state.chernobyl >= 0 and BOARD.region_mask[state.chernobyl] >> c & 1:
                return f"#94 Chernobyl bars USSR influence in {REGION_NAMES[state.chernobyl]}"
            return f"no adjacent influence (6.1.1): {_name(c)} has no {SIDE_NAMES[side]} influence in it or next to it"
        cost = 2 if state.controls(opp(side), c) else 1
        if cost > frame.remaining:
            return f"{_name(c)} is controlled by the {SIDE_NAMES[opp(side)]}: it costs 2 ops (6.1.2), {frame.remaining} left"
        return None
    if k == frames.COUP:
        return _target_reason(state, side, c, "6.3.1", "coup") or None
    if k == frames.REALIGN:
        return _target_reason(state, side, c, "6.2.1", "realign") or None
    return None


# ---------------------------------------------------------------- scoring
def region_levels(state: TSState, r: int) -> tuple[list[int], list[list[int]], int]:
    """What each side has in region ``r`` as 10.1 scores it, without changing anything.

    Returns:
        ``(levels, tally, battlegrounds)``: per side its level (index into
        :data:`LEVEL_NAMES`), per side ``[countries, battlegrounds, adjacent to the enemy
        superpower]`` controlled (#73 Shuttle Diplomacy's uncounted battleground taken off),
        and the region's battleground count.
    """
    t = rules.region_tally(state, r)
    total_bg = bin(BOARD.region_mask[r] & BOARD.bg_mask).count("1")
    if r == ASIA and state.perm >> 101 & 1 and state.controls(US, rules.TAIWAN):
        total_bg += 1  # #101 Formosan Resolution
    if r in (ASIA, MIDDLE_EAST) and state.perm >> 73 & 1 and t[USSR][1] > 0:
        t[USSR][1] -= 1  # #73 Shuttle Diplomacy
        t[USSR][0] -= 1
    levels = [0, 0]
    for side in (USSR, US):
        mine, other = t[side], t[opp(side)]
        if mine[0] == 0:
            continue
        if mine[1] == total_bg and mine[0] > other[0]:
            levels[side] = 3
        elif mine[0] > other[0] and mine[1] > other[1] and mine[1] > 0 and mine[0] > mine[1]:
            levels[side] = 2
        else:
            levels[side] = 1
    return levels, t, total_bg


def scoring_lines(state: TSState, card: int) -> list[str]:
    """What scoring card ``card`` gives each side in ``state`` (the position it is played in):
    level, battlegrounds, countries next to the enemy superpower (10.1), or for Southeast
    Asia the countries controlled (10.1.2)."""
    if card not in BOARD.scoring:
        if not rules.CARD_SCORING[card]:
            return []
        out = []
        for side in (USSR, US):
            got = [(c, v) for c, v in rules.SEA_SCORING if state.controls(side, c)]
            total = sum(v for _, v in got)
            names = ", ".join(f"{_name(c)} {v}" for c, v in got) or "nothing"
            out.append(f"{SIDE_NAMES[side]}: {names} = {total} VP")
        return out
    region, pres, dom, ctrl = BOARD.scoring[card]
    levels, t, total_bg = region_levels(state, region)
    out = []
    for side in (USSR, US):
        lvl = levels[side]
        base = (0, pres, dom, ctrl)[lvl]
        if lvl == rules.LEVEL_CONTROL and ctrl < 0:
            out.append(f"{SIDE_NAMES[side]}: control of {REGION_NAMES[region]} wins the game (10.3.1)")
            continue
        if lvl == 0:
            out.append(f"{SIDE_NAMES[side]}: no presence = 0 VP")
            continue
        out.append(
            f"{SIDE_NAMES[side]}: {LEVEL_NAMES[lvl]} {max(base, 0)} + {t[side][1]} of {total_bg} "
            f"battlegrounds + {t[side][2]} next to the {SIDE_NAMES[opp(side)]} = "
            f"{max(base, 0) + t[side][1] + t[side][2]} VP"
        )
    return out


# ---------------------------------------------------------------- what moved the VP
END_OF_TURN = "the end of the turn (military operations short, 8.2.1; final scoring after turn 10)"
"""``vp_causes``'s cause for the turn's bookkeeping steps (4.5 E–J)."""


def _cause(frame: Any, action: int, edition: str = "seed") -> str:
    """The card, roll or step a frame (of the pure reference: named) stands for, in words."""
    if frame is None:
        return END_OF_TURN
    k = frame.kind
    if k in (frames.ACTION, frames.HEADLINE):
        d = actions.decode(action)
        return actions.card_label(d.value, edition) if d.kind == "play" else "the action round"
    if k in (frames.COUP_ROLL, frames.COUP):
        return "the coup"
    if k in (frames.SPACE_ROLL,):
        return "the space race (6.4.2)"
    if k in (frames.REALIGN_ROLL, frames.REALIGN):
        return "the realignment"
    card = getattr(frame, "card", None)  # the card most layouts are about
    if card in BOARD.cards and k not in (frames.ORDER,):
        return actions.card_label(card, edition)
    return frames.KIND_NAMES[k]


def _pure_copy(state: Any) -> TSState:
    """A pure-Python copy of a position of either implementation (the fields have the same
    names in both), for running the reference rules with a trace."""
    copy: TSState = state.pure_copy()
    return copy


def vp_causes(before: Any, action: int, after: Any) -> list[tuple[str, int, TSState]]:
    """What moved the VP marker during one action, step by step: the action's own effect,
    then each event or bookkeeping step the engine ran before the next decision (a die
    roll for one headline, then the other headline's event).

    Found by running the action again on a pure copy with ``rules.advance``'s trace (the
    reference and the compiled core play identical games); when that run does not end where
    ``after`` is, nothing is claimed (an empty list).

    Returns:
        ``[(cause, net VP to the US, the position just before that step), ...]`` in the order
        they happened.
    """
    if before.vp == after.vp or not before.stack:
        return []
    s = _pure_copy(before)
    frame = s.stack.pop()
    s.history.append(action)
    s._legal = None
    start = s.clone()
    rules.ANSWERS[frame.kind](s, frame, actions.decode(action))
    steps: list[tuple[str, int, TSState]] = []
    last = [start, s.clone()]  # the position before the latest step, and after it

    def note(cause: str, prev: TSState, now: TSState) -> None:
        if now.vp != prev.vp:
            steps.append((cause, now.vp - prev.vp, prev))

    edition = str(s.options.get("edition", "seed"))
    note(_cause(frame, action, edition), start, last[1])

    def on_step(step: Any, state: TSState) -> None:
        now = state.clone()
        note(_cause(step, action, edition), last[1], now)
        last[1] = now

    rules.advance(s, on_step)
    if s.vp != after.vp or s.winner != after.winner:
        return []
    return steps


# ---------------------------------------------------------------- the evaluator's terms
def evaluation_terms(state: TSState, seat: int) -> dict[str, float]:
    """The parts of ``heuristics.us_advantage`` (a VP-like US lead as ``seat`` sees it), by
    name; their sum is that value (a test holds them together)."""
    s = state
    terms: dict[str, float] = {"VP": float(s.vp)}
    turns_left = max(0, 10 - s.turn) + 1
    projs, bg_lead = heuristics._board_terms(s.inf, bool(s.perm >> 101 & 1))
    for region in range(6):
        proj: float = projs[region]
        if region == EUROPE and abs(proj) >= WIN_VP:
            proj = 12.0 if proj > 0 else -12.0
        terms[REGION_NAMES[region]] = (
            heuristics.REGION_WEIGHT[region] * proj * (0.6 if turns_left > 1 else 1.0)
        )
    terms["battleground influence"] = 0.08 * bg_lead
    terms["space race"] = 0.6 * (s.space[US] - s.space[USSR])
    terms["China Card"] = 0.8 if s.china == US else -0.8
    mil = 0.0
    if s.phase == PH_ACTION:
        for side in (USSR, US):
            short = max(0, s.defcon - s.milops[side])
            left = max(0, rules.rounds_for(s, side) - s.rounds_done[side])
            pen = short * (0.8 if left <= 1 else 0.4)
            mil += -pen if side == US else pen
    terms["military ops"] = mil
    sign = 1.0 if seat == US else -1.0
    hand = 0.0
    for c in s.hands[seat]:
        card = BOARD.cards[c]
        if card.scoring and c in BOARD.scoring:
            hand += 0.5 * max(-8.0, min(8.0, projs[BOARD.scoring[c][0]]))
        elif card.side == opp(seat):
            hand -= sign * 0.3 * card.ops
        else:
            hand += sign * 0.15 * card.ops
    terms["hand"] = hand
    terms["DEFCON 2"] = -sign * 0.5 if s.defcon == DEFCON_BRINK else 0.0
    return terms


def _region_phrase(before: TSState, after: TSState, seat: int, r: int) -> str:
    levels_before, tally_before, _ = region_levels(before, r)
    levels_after, tally_after, _ = region_levels(after, r)
    name = REGION_NAMES[r]
    other = opp(seat)
    parts = []
    gained_bg = tally_after[seat][1] - tally_before[seat][1]
    if gained_bg:
        parts.append(f"{gained_bg:+d} battleground{'s' if abs(gained_bg) > 1 else ''} in {name}")
    if levels_after[seat] > levels_before[seat] and levels_after[seat] >= rules.LEVEL_DOMINATION:
        parts.append(f"{LEVEL_NAMES[levels_after[seat]]} of {name}")
    if levels_after[other] < levels_before[other] and levels_before[other] >= rules.LEVEL_DOMINATION:
        parts.append(f"denies {name} {LEVEL_NAMES[levels_before[other]]}")
    if not parts:
        gained = tally_after[seat][0] - tally_before[seat][0]
        if gained:
            parts.append(f"{gained:+d} controlled in {name}")
        elif tally_after[other][0] < tally_before[other][0]:
            parts.append(f"breaks {SIDE_NAMES[other]} control in {name}")
        else:
            parts.append(f"influence in {name}")
    return ", ".join(parts)


_PHRASES = {
    "VP": "VP",
    "battleground influence": "influence on battlegrounds",
    "space race": "the space race",
    "China Card": "the China Card",
    "military ops": "military operations",
    "hand": "the cards in hand",
    "DEFCON 2": "DEFCON",
}


def explain(before: Any, after: Any, seat: int) -> str:
    """One line naming the evaluator's terms that changed most in ``seat``'s favour between
    two positions (a hint's move and the own moves that follow it): ``+1 battleground in
    Asia, denies Asia domination``."""
    if after.winner >= 0:
        return "wins the game" if after.winner == seat else "the game ends"
    terms_before, terms_after = evaluation_terms(before, seat), evaluation_terms(after, seat)
    sign = 1.0 if seat == US else -1.0
    gains = sorted(((sign * (terms_after[k] - terms_before[k]), k) for k in terms_before), reverse=True)
    good = [(g, k) for g, k in gains if g > _NOTABLE_GAIN][:2]
    if not good:
        return "holds the position (no term of the evaluation improves at once)"
    out = []
    for _g, k in good:
        if k in REGION_NAMES[:6]:
            out.append(_region_phrase(before, after, seat, REGION_NAMES.index(k)))
        elif k == "VP":
            out.append(f"+{abs(after.vp - before.vp)} VP")
        else:
            out.append(f"better {_PHRASES.get(k, k)}")
    return ", ".join(out)
