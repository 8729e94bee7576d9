"""Ideology advice for the player: why a typed move is refused (citing the rule), the
evaluator's terms behind a hint's one-line explanation, and the turn and score for the
game-over summary. The presentation (``render``) offers these to the command line; a move
that ends the game is found by the command line's own look-ahead (Ideology has no dice to
give odds for: conflicts are decided by the cards spent, 5.2).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from realpolitik.engine.ideology import heuristics, rules
from realpolitik.engine.ideology.board import BOARD, TYPE_NAMES, TYPE_SHORT
from realpolitik.engine.ideology.state import (
    IN_PLAY,
    NUM_ADVANCEMENTS,
    PH_CONFLICT,
    PH_DEVELOPMENT,
    PH_FOREIGN,
    PHASE_NAMES,
    WMD_TYPE,
)

if TYPE_CHECKING:
    from realpolitik.engine.ideology.game import IdeologyState

__all__ = ["explain", "prospect_terms", "round_key", "score_text", "turn_number", "why_illegal"]

MIN_NAMED_CHANGE = 0.05  # a prospect change the explanation names (it shows as 0.1 or more)

_VERB_PHASE = {"place": PH_FOREIGN, "remove": PH_FOREIGN, "develop": PH_DEVELOPMENT, "attack": PH_CONFLICT}


def turn_number(s: IdeologyState) -> int:
    """The turn, for the game-over summary."""
    return int(s.turn)


def score_text(s: IdeologyState) -> str:
    """Global Influence by ideology, for the game-over summary."""
    return "GI " + " ".join(
        f"{BOARD.ideologies[s.ideo[x]].short} {rules.global_influence(s, x)}" for x in range(s.n)
    )


def round_key(s: IdeologyState) -> tuple[int, int]:
    """The turn and phase: the line mode draws the board once per phase."""
    return (int(s.turn), int(s.phase))


def _region(words: list[str]) -> tuple[int | None, list[str]]:
    """The longest leading run of words that names a region, and the words left."""
    for k in range(len(words), 0, -1):
        name = " ".join(words[:k]).lower()
        for r, reg in enumerate(BOARD.regions):
            if reg.name.lower() == name:
                return r, words[k:]
    return None, words


def _sector_type(word: str) -> int | None:
    w = word.lower()
    for t in range(3):
        if w in (TYPE_SHORT[t], TYPE_NAMES[t]):
            return t
    return None


def why_illegal(s: IdeologyState, text: str) -> str | None:
    """Why a typed ``place``/``remove``/``develop``/``attack`` is not legal now, citing the
    rule; None when the text is none of these or nothing more can be said.

    Args:
        s: The position.
        text: What the player typed (``place Indonesia mil``).
    """
    words = text.strip().split()
    if not words or words[0].lower() not in _VERB_PHASE:
        return None
    verb = words[0].lower()
    seat = rules.current_player(s)
    if seat < 0:
        return None
    if s.phase != _VERB_PHASE[verb]:
        return f"it is the {PHASE_NAMES[s.phase]} phase now: '{verb}' belongs to the {PHASE_NAMES[_VERB_PHASE[verb]]} phase"
    r, rest = _region(words[1:])
    if r is None:
        return "no region of that name"
    t = _sector_type(rest[0]) if rest else None
    if t is None:
        return "say the sector: mil, eco or cul"
    name = BOARD.regions[r].name
    n = s.n
    owner = s.owner[r]
    if s.where[r] != IN_PLAY:
        return f"{name} is not in play yet (4)"
    have = s.hand[seat * 3 + t]
    if verb == "develop":
        if owner != seat:
            return f"you do not control {name}: develop only your own regions (3.1)"
        if not have:
            return f"you hold no {TYPE_NAMES[t]} card"
        return f"the {TYPE_NAMES[t]} sector of {name} is full (twice its level, 3.1)"
    if verb == "remove":
        if owner == seat:
            return f"{name} is yours: remove only from independent or opponents' regions (4.2)"
        return f"you have no {TYPE_NAMES[t]} card in {name} (4.2)"
    if verb == "place":
        if owner >= 0:
            who = "you" if owner == seat else BOARD.ideologies[s.ideo[owner]].name
            return f"{name} is controlled by {who}: place only on independent regions (4.1)"
        if not have:
            return f"you hold no {TYPE_NAMES[t]} card"
        base = (r * 3 + t) * n
        if sum(s.inf[base : base + n]) >= s.dev[r]:
            return f"the {TYPE_NAMES[t]} sector of {name} is full (its level {s.dev[r]}, 4.1)"
        extra = rules.distance_penalty(s, seat, r, t, attacking=False)
        if have <= extra:
            return (
                f"{name} is distant (beyond your reach from the regions you control): it costs {1 + extra} {TYPE_NAMES[t]} "
                f"cards (4.1) and you hold {have}"
            )
        return None
    # attack
    if not have:
        return f"you hold no {TYPE_NAMES[t]} card"
    return f"no {TYPE_NAMES[t]} conflict there is open to you: check your stances and the cost (5, 5.1)"


def prospect_terms(s: IdeologyState, seat: int) -> dict[str, float]:
    """``heuristics.prospects(s)[seat]`` split by what it comes from: each region by name,
    then ``hand``, ``levels to gain``, ``cards to play``, ``advancements``, ``reach``, ``tie-break`` and ``WMD`` (their sum
    is the prospect; a test holds them together)."""
    n = s.n
    inf = s.inf
    terms: dict[str, float] = {}
    conflict = s.conflict
    pending = conflict if conflict is not None and conflict[3] != WMD_TYPE and conflict[4] == 0 else None
    for r in range(BOARD.n):
        if s.where[r] != IN_PLAY:
            continue
        b = r * 3 * n
        totals = [sum(inf[b + t * n : b + t * n + n]) for t in range(3)]
        per_seat: list[float] = [float(inf[b + x] + inf[b + n + x] + inf[b + 2 * n + x]) for x in range(n)]
        if pending is not None and pending[2] == r:
            per_seat[pending[0]] += heuristics.PENDING_SHARE
            per_seat[pending[1]] -= heuristics.PENDING_SHARE
        name = BOARD.regions[r].name
        o = s.owner[r]
        if o >= 0:
            if o == seat:
                low = min(totals)
                value = max(1, low) + heuristics.EXCESS_WEIGHT * (sum(totals) - 3 * low)
                rival = max((per_seat[x] for x in range(n) if x != o), default=0.0)
                if rival >= per_seat[o]:
                    value *= heuristics.RISK_DISCOUNT
                terms[name] = value
            continue
        cap = s.dev[r]
        all_cards = sum(per_seat)
        if all_cards <= 0 or per_seat[seat] <= 0:
            continue
        fill = sum(min(tt, cap) for tt in totals) / (3.0 * cap)
        best = max(per_seat)
        share = per_seat[seat] / all_cards
        if per_seat[seat] == best and per_seat.count(best) == 1:
            share = 0.5 + 0.5 * share
        terms[name] = cap * fill * fill * share
    hand_base = seat * 3
    terms["hand"] = heuristics.HAND_WEIGHT * (
        s.hand[hand_base] + s.hand[hand_base + 1] + s.hand[hand_base + 2]
    )
    liquid = [
        s.hand[hand_base + t] + s.deck[hand_base + t] + s.discard[hand_base + t] + s.staged[hand_base + t]
        for t in range(3)
    ]
    held = [
        ([sum(inf[r * 3 * n + t * n : r * 3 * n + t * n + n]) for t in range(3)], 2 * BOARD.level[r])
        for r in range(BOARD.n)
        if s.where[r] == IN_PLAY and s.owner[r] == seat
    ]
    if held:
        terms["levels to gain"] = heuristics.GAIN_WEIGHT * heuristics.level_gains(
            held, liquid
        )  # spends liquid
    terms["cards to play"] = sum(
        heuristics.LIQUID_TYPE * (1.0 - math.exp(-liquid[t] / heuristics.LIQUID_SCALE)) for t in range(3)
    )
    board = s.board
    levels = [0, 0, 0]
    tiebreak = 0
    reach = board.rule_reach[s.ideo[seat]][:]
    for k in range(NUM_ADVANCEMENTS):
        c = s.adv[seat * NUM_ADVANCEMENTS + k]
        if c:
            for t in range(3):
                levels[t] += c * board.adv_def[k][t]
                reach[t] = max(reach[t], board.adv_reach[k][t])
            tiebreak += c * heuristics.TIEBREAK[k]
    terms["advancements"] = sum(
        heuristics.DEFENSE_WEIGHT * min(heuristics.DEFENSE_CAP, level) for level in levels
    )
    terms["reach"] = heuristics.FREE_WEIGHT * (reach[0] + reach[1] + reach[2] - 3)
    terms["tie-break"] = heuristics.TIEBREAK_WEIGHT * tiebreak
    terms["WMD"] = float(s.adv[seat * NUM_ADVANCEMENTS + BOARD.wmd])
    return terms


def explain(before: Any, after: Any, seat: int) -> str:
    """One line naming the terms of ``seat``'s prospect that grow most between two positions
    (``+0.8 in Indonesia, +0.3 from advancements``), and what an opponent loses when a
    conflict takes their cards."""
    if after.result is not None:
        return "wins the game" if after.result[seat] > 0 else "the game ends"
    terms_before, terms_after = prospect_terms(before, seat), prospect_terms(after, seat)
    keys = list(dict.fromkeys([*terms_before, *terms_after]))
    gains = sorted(((terms_after.get(k, 0.0) - terms_before.get(k, 0.0), k) for k in keys), reverse=True)
    good = [(g, k) for g, k in gains if g >= MIN_NAMED_CHANGE][:2]
    parts = [f"+{g:.1f} in {k}" if k in BOARD.names else f"+{g:.1f} from {k}" for g, k in good]
    prospects_before, prospects_after = heuristics.prospects(before), heuristics.prospects(after)
    hurt = [(prospects_before[x] - prospects_after[x], x) for x in range(before.n) if x != seat]
    loss, x = max(hurt) if hurt else (0.0, -1)
    if loss > MIN_NAMED_CHANGE:
        parts.append(f"{BOARD.ideologies[before.ideo[x]].name} -{loss:.1f}")
    return ", ".join(parts) if parts else "holds the position (no term of the evaluation improves at once)"
