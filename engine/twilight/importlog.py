"""Import a text log of a real online Twilight Struggle game into a record.

The logs (one line per decision kind: setup, headlines, card and use, influence with totals,
coups, realignments, wars, space rolls, event choices, DEFCON, VP) do not show hands, draws or
the deck order. The import follows the log block by block (a block is one action round or one
turn's headlines, ``--- Turn N, ... ---``) and finds the engine's decisions and dice that give
the block's stated outcome:

- at the start of each turn the cards each side is known to hold that turn (its headline, the
  cards it plays, the cards it shows or discards) are pinned into its hand (``pin_card``; the
  record's ``known_cards``), and a scoring card the side does not play is swapped back into the
  draw deck, so that the engine's deal agrees with the log;
- inside a block, a depth-first search over the engine's decisions and chance outcomes, led by
  the block's lines (the card and its use, targets, the dice shown in the order shown), keeps
  only the lines that end with the influence totals the block states (``[US][USSR]`` after
  each change, no other country touched), and its last ``Score is`` and ``DEFCON`` values.

A block that no line of play explains stops the import with ``line N: why``; what was imported
so far is the record. Reading the log (names, blocks, what a block states) is ``logparse.py``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from realpolitik.engine.core.api import InvalidState, State
from realpolitik.engine.core.records import position_of
from realpolitik.engine.twilight import advice, frames
from realpolitik.engine.twilight.board import BOARD, US, USSR
from realpolitik.engine.twilight.cards import DELUXE_OPS
from realpolitik.engine.twilight.game import GAME, TwilightGame, TwilightState
from realpolitik.engine.twilight.logparse import (
    CHINA,
    MODE,
    SCORE,
    TEHRAN_LOOK,
    Block,
    Facts,
    Log,
    LogError,
    N,
    card_number,
    country_number,
    facts,
    name_key,
    parse_log,
)
from realpolitik.engine.twilight.state import GAME_OVER

__all__ = [
    "ImportResult",
    "LogError",
    "cut_at_use",
    "ended_by_final_scoring",
    "import_log",
    "parse_log",
    "turn_end_vp",
]


# ----- following the log with the engine -----


TURN_END_VP = "turn end vp"


def turn_end_vp(before: Any, action: int, after: Any) -> int:
    """The VP the turn's end added while ``action`` was played (4.5 E: military operations
    short, 8.2.1), which a log states only where it logs the turn's cleanup."""
    return sum(d for cause, d, _ in advice.vp_causes(before, action, after) if cause == advice.END_OF_TURN)


def ended_by_final_scoring(s: Any) -> bool:
    """Whether the game is over by the final scoring after turn 10 (10.3.2), which the logs
    do not state."""
    return bool(s.is_terminal() and s.phase == GAME_OVER)


def _key(s: Any) -> tuple[Any, ...]:
    frame = s.top()
    if frame is None:
        return ("end",)
    if frame.kind == frames.HEADLINE:
        return (s.turn, "headline")
    return (s.turn, s.action_round, s.phasing)


def at_block_start(s: Any) -> bool:
    """A decision that opens a block: a headline, or an action round's card (not a card an
    event lets a side play)."""
    if s.is_terminal():
        return True
    frame = s.top()
    return frame is not None and (
        frame.kind in (frames.HEADLINE, frames.TRAP) or (frame.kind == frames.ACTION and frame.only is None)
    )


_VERBS = (
    "place US ",
    "place USSR ",
    "remove US ",
    "remove USSR ",
    "place ",
    "remove ",
    "influence ",
    "realign ",
    "coup ",
    "choose ",
)


def _action_country(text: str) -> int | None:
    for v in _VERBS:
        if text.startswith(v):
            return country_number(text[len(v) :])
    return None


class _Budget(Exception):
    pass


_MAX_SEARCH_DEPTH = 400  # actions one block's search may chain before it gives a line of play up


@dataclass
class Search:
    block: Block
    f: Facts
    start_inf: list[int]
    start_key: tuple[Any, ...]
    first_card: int | None
    nodes: int = 0
    limit: int = 60000
    last: bool = False
    start_vp: int = 0
    cut: bool = False
    """The log ends inside this block: a line of play may stop wherever the block's lines do
    (every die shown used, the stated totals reached)."""

    def done(self, s: Any, used: dict[str, int]) -> bool:
        if s.is_terminal() and not self.last:
            return False
        inf = s.inf
        for idx, v in self.f.targets.items():
            if inf[idx] != v:
                return False
        if self.last and ended_by_final_scoring(s):
            pass  # the final scoring (10.3.2) that follows the last block is not in the logs
        elif self.f.vp is not None and self.f.vp not in (s.vp, s.vp - used.get(TURN_END_VP, 0)):
            return False  # the score stated before the turn's end (8.2.1), or after it
        elif self.f.vp is None and s.vp != self.start_vp and s.turn == self.block.turn and not self.cut:
            return False  # every VP change in a turn is logged with its score (unless cut off)
        if self.f.defcon is None or s.is_terminal():
            return True
        if s.turn != self.block.turn:
            # the turn's end improved DEFCON by 1 (4.5 F), which the log gives with the next
            # turn's headlines
            return bool(s.defcon == min(5, self.f.defcon + 1))
        return bool(s.defcon == self.f.defcon)

    def ok(self, s: Any) -> bool:
        """No influence changed outside the countries the block names."""
        inf = s.inf
        t = self.f.targets
        for i, (a, b) in enumerate(zip(inf, self.start_inf, strict=True)):
            if a != b and i not in t:
                return False
        return True

    def options(self, s: Any, used: dict[str, int]) -> list[tuple[int, dict[str, int]]]:
        """Candidate actions, most likely first, with the dice they consume."""
        if s.is_chance_node():
            frame = s.top()
            outs = [a for a, _ in s.chance_outcomes()]
            texts = {a: s.action_to_string(a) for a in outs}
            kind = {
                frames.COUP_ROLL: "coup",
                frames.SPACE_ROLL: "space",
                frames.TRAP_ROLL: "trap",
                frames.ROLL: "event",
            }.get(frame.kind)
            if frame.kind == frames.REALIGN_ROLL:
                kind = "realign0" if frame.ussr_die == 0 else "realign1"
            if kind is not None:
                q = self.f.dice[kind]
                k = used.get(kind, 0)
                first = []
                if k < len(q):
                    want = f"roll {q[k]}"
                    first = [(a, used | {kind: k + 1}) for a in outs if texts[a] == want]
                if k < len(q):
                    return first  # the die the log shows, and no other
                if kind != "event":
                    return []  # coups, realignments, space and traps always show their dice
                return [(a, used) for a in outs]
            named = [a for a in outs if _card_named(texts[a], self.f.names)]
            return [(a, used) for a in (named or outs)]
        legal = s.legal_actions()
        texts = {a: s.action_to_string(a) for a in legal}
        frame = s.top()
        if (
            frame.kind == frames.ACTION
            and frame.only is None
            and _key(s) == self.start_key
            and self.first_card is not None
        ):
            head = f"#{_shown(self.first_card)} "
            modes = list(dict.fromkeys(self.f.modes))
            if self.f.mode == "event":
                modes = ["event", *modes]
            elif 0 <= self.f.event_line < self.f.mode_line:
                modes.reverse()  # the opponent's event first: the side's own use comes last
            if not modes:  # no use shown: the event, or the opponent's event ended the game first
                own = BOARD.cards[self.first_card].side in (self.block.side, 2) or self.first_card == CHINA
                modes = ["event"] if own else ["influence", "coup", "realign"]
            plays = [
                (a, used)
                for m in modes
                for a in legal
                if texts[a].startswith(head) and texts[a].endswith(": " + m)
            ]
            if any("Cuban Missile Crisis" in line and "no longer" in line for _, line in self.block.lines):
                cancel = [(a, used) for a in legal if texts[a].startswith("cancel Cuban Missile Crisis")]
                return cancel + plays  # the threatened side cancels the crisis first
            return plays
        if frame.kind == frames.HEADLINE:
            n = self.f.headlines.get(frame.player)
            return [(a, used) for a in legal if n is not None and texts[a].startswith(f"#{_shown(n)} ")]
        if frame.kind == frames.ORDER:
            ev_first = 0 <= self.f.event_line < self.f.mode_line or self.f.mode_line < 0
            order = ("event first", "ops first") if ev_first else ("ops first", "event first")
            return [(a, used) for w in order for a in legal if texts[a] == w]
        returned = tuple(f"#{_shown(n)} " for n in self.f.returned)
        scored = []
        for a in legal:
            t = texts[a]
            if returned and frame.kind == frames.ACTION and t.startswith(returned):
                continue  # the log gives the card back: it is not played
            c = _action_country(t)
            score = 5
            if t == "return it" and returned:
                score = 0
            if self.f.discarded and t.endswith(": discard") and t.startswith("#"):
                if not t.startswith(tuple(f"#{_shown(n)} " for n in self.f.discarded)):
                    continue  # a card the log shows kept, not discarded
            if c is not None:
                if t.startswith(("coup ", "realign ")):
                    if self.f.targets_named:
                        if c not in self.f.targets_named:
                            continue
                        score = 0
                    elif (US * N + c) not in self.f.targets:
                        continue
                else:
                    sides = _sides_of(t, frame.player)
                    idxs = [sd * N + c for sd in sides]
                    if not any(i in self.f.targets for i in idxs):
                        if t.startswith(("place", "remove", "influence")):
                            continue
                        score = 8
                    else:
                        score = 2
                        for i in idxs:
                            if i in self.f.targets:
                                d = self.f.targets[i] - s.inf[i]
                                if (d > 0 and t.startswith(("place", "influence"))) or (
                                    d < 0 and t.startswith("remove")
                                ):
                                    score = 0
            elif _card_named(t, self.f.names):
                score = 1
                use = t.rsplit(": ", 1)[-1] if ": " in t else ""
                if use in self.f.modes or (use == "event" and self.f.event_line >= 0):
                    score = 0
            elif frame.kind == frames.COPTION and any(m in t for m in self.f.modes):
                score = 1  # an event's choice of a use the block shows (Junta: coup or realign)
            elif t.startswith("#") and frame.kind == frames.CCARD:
                score = 9  # a card the block does not name: after passing
            elif t.startswith("ops: "):
                score = 1 if t[5:] in self.f.modes else 7
            elif t in ("pass", "done", "stop", "no"):
                score = 6
            scored.append((score, a))
        scored.sort(key=lambda x: x[0])
        return [(a, used) for _, a in scored]

    def _all_dice(self, used: dict[str, int]) -> bool:
        return all(used.get(kind, 0) == len(q) for kind, q in self.f.dice.items())

    def run(self, s: Any) -> list[int] | None:
        """The actions from ``s`` to the end of the block that match it, or None."""
        out: list[int] = []
        if self._dfs(s, {}, out, 0):
            return out
        return None

    def _dfs(self, s: Any, used: dict[str, int], out: list[int], depth: int) -> bool:
        if depth > 0 and (s.is_terminal() or (at_block_start(s) and _key(s) != self.start_key)):
            return self.done(s, used)
        if self.cut and depth > 0 and self._all_dice(used) and self.done(s, used):
            return True
        if depth > _MAX_SEARCH_DEPTH:
            return False
        for a, u in self.options(s, used):
            self.nodes += 1
            if self.nodes > self.limit:
                raise _Budget
            c = s.clone()
            try:
                c.apply_action(a)
            except Exception:
                continue
            if not self.ok(c):
                continue
            if c.turn != s.turn or ended_by_final_scoring(c):
                u = u | {TURN_END_VP: turn_end_vp(s, a, c)}
            out.append(a)
            if self._dfs(c, u, out, depth + 1):
                return True
            out.pop()
        return False


def _sides_of(text: str, decider: int) -> list[int]:
    if " USSR " in f" {text} ":
        return [USSR]
    if " US " in f" {text} ":
        return [US]
    if text.startswith("influence "):
        return [decider]
    return [USSR, US]


def _card_named(text: str, names: set[str]) -> bool:
    """Whether an action's card (``#N Title: ...``, ``draw #N Title``) is one the block names."""
    m = re.search(r"#\d+ (.*?)(?::|$)", text)
    if not m:
        return False
    if name_key(m.group(1)) in names:
        return True
    n = card_number(m.group(1))
    return n is not None and any(card_number(x) == n for x in names)


_EDITION = {"edition": "deluxe"}


def _shown(n: int) -> int:
    from realpolitik.engine.twilight.cards import DELUXE_NUMBER

    return int(DELUXE_NUMBER.get(n, n))


def _ops(n: int) -> int:
    """Card ``n``'s printed Ops in the Deluxe printing the logs are of (Red Scare/Purge 4)."""
    return DELUXE_OPS.get(n, BOARD.cards[n].ops)


def _title(n: int) -> str:
    return BOARD.cards[n].title


# ----- the import -----


@dataclass
class ImportResult:
    record: dict[str, Any]
    state: State
    decisions: int  # blocks in the log (setup, headlines, action rounds)
    imported: int  # of them, imported
    complete: bool
    error: str | None
    checks: int = 0  # Score / DEFCON statements compared
    block_ends: list[tuple[int, int]] = field(default_factory=list)
    """(header line, actions played) at the end of each imported block."""

    def summary(self) -> dict[str, Any]:
        s: Any = self.state
        return {
            "decisions": self.decisions,
            "imported": self.imported,
            "complete": self.complete,
            "vp": s.vp,
            "defcon": s.defcon,
            "turn": s.turn,
            "actions": len(s.history),
            "error": self.error,
        }


def _block_cards(b: Block) -> list[tuple[int, int]]:
    """(side, card) of the cards a block shows a side holding: its headline or play, and the
    cards it shows, discards or plays from its hand."""
    f = facts(b)
    found: list[tuple[int, int]] = [(side, n) for side, n in sorted(f.headlines.items())]
    if not b.is_headline:
        n = card_number(b.card_name)
        if n is not None and n != CHINA:
            found.append((b.side, n))
    for side, ns in f.known.items():
        found.extend((side, n) for n in ns)
    return found


def _turn_cards(log: Log) -> dict[int, dict[int, list[int]]]:
    """Per turn, the cards each side is known to hold at its start (headline, plays, shows,
    discards; a card that changes hands in the turn counts for the side that shows it first).
    Key -1 of a turn's entry: the most ops a side's other cards may have (Missile Envy: the
    card given is the highest)."""
    out: dict[int, dict[int, list[int]]] = {}
    for b in log.blocks:
        sides = out.setdefault(b.turn, {USSR: [], US: [], -1: [9, 9]})
        f = facts(b)
        if "missileenvy" in f.names:
            for side, ns in f.known.items():
                if len(ns) == 1:
                    sides[-1][side] = min(sides[-1][side], _ops(ns[0]))
        for side, n in _block_cards(b):
            if n not in sides[USSR] and n not in sides[US]:
                sides[side].append(n)
    return out


def _pin_block(s: Any, log: Log, i: int, pins: list[list[int]]) -> None:
    """Before block ``i``: the cards it shows a side holding are put into that hand if the
    turn's first pins could not (a hand too full, cards drawn in the turn), each exchanged with
    a card the side is not shown holding later in the turn."""
    b = log.blocks[i]
    later: set[int] = set()
    for block_after in log.blocks[i:]:
        if block_after.turn != b.turn:
            break
        later.update(n for _, n in _block_cards(block_after))
    scoring = {n for n, c in BOARD.cards.items() if c.scoring}
    seen: set[int] = set()
    for side, card in _block_cards(b):
        if card in seen:
            continue  # a card that changes hands in the block: its first holder's
        seen.add(card)
        hand = s.hands[side]
        if card in hand or (card not in s.deck and card not in s.hands[1 - side]):
            continue
        into_other = card in s.hands[1 - side]
        spare = [c for c in hand if c not in later and c != CHINA]
        spare.sort(key=lambda c: into_other and c in scoring)
        if spare:
            s.pin_card(side, card, spare[0])
            pins.append([len(s.history), side, card, spare[0]])
    # a scoring card drawn during the turn (Ask Not..., a reshuffle) that the log does not show
    # played goes back to the draw deck: held at the turn's end it would lose the game (11.1)
    for side in (USSR, US):
        for card in [c for c in s.hands[side] if c in scoring and c not in later]:
            repl = [c for c in s.deck if c not in scoring and c not in later]
            if repl:
                s.pin_card(side, repl[0], card)
                pins.append([len(s.history), side, repl[0], card])


def _later_cards(log: Log, i: int) -> set[int]:
    """The cards blocks ``i`` onwards show a side holding in block ``i``'s turn."""
    turn = log.blocks[i].turn
    later: set[int] = set()
    for block_after in log.blocks[i:]:
        if block_after.turn != turn:
            break
        later.update(n for _, n in _block_cards(block_after))
    return later


def _pin_deck_top(s: Any, log: Log, i: int, cards: set[int], pins: list[list[int]]) -> None:
    """Before block ``i``: each card it shows discarded from the draw deck's top (card 108 Our
    Man in Tehran's look at the top 5) is brought among those top cards, exchanged with one of
    them that the log does not show (``pin_card`` through a hand: from a hand, the hand gets
    that top card; from the deck, three exchanges with a hand that ends as it was)."""
    later = _later_cards(log, i)
    scoring = {n for n, c in BOARD.cards.items() if c.scoring}
    for card in sorted(cards):
        top = s.deck[-TEHRAN_LOOK:]
        if card in top:
            continue
        spare_top = [c for c in top if c not in cards and c not in later and c not in scoring]
        if not spare_top:
            continue
        swap = spare_top[0]
        holder = next((h for h in (USSR, US) if card in s.hands[h]), None)
        if holder is not None:  # the card goes to the deck's top, the holder gets that card
            s.pin_card(holder, swap, card)
            pins.append([len(s.history), holder, swap, card])
            continue
        if card not in s.deck:
            continue  # discarded or removed: the search says what fails
        # through a hand, which ends as it was: its card h out to the card's place, the card
        # out to the top card's place, h back in exchange for the top card
        side = US if s.hands[US] else USSR
        if not s.hands[side]:
            continue
        h = s.hands[side][0]
        for into, out in ((card, h), (swap, card), (h, swap)):
            s.pin_card(side, into, out)
            pins.append([len(s.history), side, into, out])


def _pin_turn(s: Any, need: dict[int, list[int]], pins: list[list[int]]) -> None:
    """Put each side's known cards of the turn into its hand, and unplayed scoring cards out."""
    wanted = {
        USSR: [c for c in dict.fromkeys(need[USSR]) if c != CHINA],
        US: [c for c in dict.fromkeys(need[US]) if c != CHINA],
    }
    everyone = set(wanted[USSR]) | set(wanted[US])
    scoring = {n for n, c in BOARD.cards.items() if c.scoring}
    for side in (USSR, US):
        other = 1 - side
        for card in wanted[side]:
            hand = s.hands[side]
            if card in hand:
                continue
            if card not in s.deck and card not in s.hands[other]:
                continue  # not where a pin can reach: the search will say what fails
            into_other = card in s.hands[other]
            spare = [c for c in hand if c not in wanted[side] and c != CHINA]
            spare.sort(key=lambda c: (c in everyone, into_other and c in scoring and c not in wanted[other]))
            if not spare:
                continue
            out = spare[0]
            s.pin_card(side, card, out)
            pins.append([len(s.history), side, card, out])
    caps = need.get(-1, [9, 9])
    for side in (USSR, US):
        for card in list(s.hands[side]):
            if card in wanted[side] or card == CHINA:
                continue
            if card in scoring or _ops(card) > caps[side]:
                repl = [c for c in s.deck if c not in scoring and c not in everyone and _ops(c) <= caps[side]]
                if not repl:
                    continue
                s.pin_card(side, repl[0], card)
                pins.append([len(s.history), side, repl[0], card])


def import_log(
    text: str,
    *,
    game: TwilightGame | None = None,
    seed: int = 0,
    limit: int = 60000,
    progress: Callable[[int, int], None] | None = None,
) -> ImportResult:
    """Follow a log with the engine; stop at the first block no line of play explains."""
    g = game or GAME
    log = parse_log(text)
    options: dict[str, Any] = {
        "edition": "deluxe",
        "optional_cards": log.optional_cards,
        "bid": log.bid,
        "tournament": True,
    }
    s: Any = g.new_initial_state(seed=seed, **options)
    pins: list[list[int]] = []
    turns = _turn_cards(log)
    decisions = 1 + len(log.blocks)
    imported = 0
    error: str | None = None
    checks = 0
    pinned_turns: set[int] = set()
    ends: list[tuple[int, int]] = []
    try:
        if not log.setup:
            raise LogError(1, "no setup lines (USSR +N in Country [US][USSR]) before the first headline")
        setup = Block(log.setup[0][0], 0, -1, 0, "setup", list(log.setup))
        f = facts(setup)
        srch = Search(setup, f, list(s.inf), ("setup",), None, limit=limit)
        acts = _setup(s, f)
        if acts is None:
            raise LogError(setup.line, "the setup lines do not match the setup (and bid) the engine allows")
        imported = 1
        for i, b in enumerate(log.blocks):
            if progress is not None:
                progress(i, len(log.blocks))
            if s.is_terminal():
                if _log_ends(log.blocks[i:]):
                    imported = decisions  # the rest are headers with no lines: the log's end
                    break
                raise LogError(b.line, f"the game is over in the engine ({s.end_reason}) but the log goes on")
            if s.turn not in pinned_turns:
                pinned_turns.add(s.turn)
                _pin_turn(s, turns.get(s.turn, {USSR: [], US: []}), pins)
            _pin_block(s, log, i, pins)
            if not b.is_headline and not b.card_name:
                # a round with no card: a pass (no card left, or only one it may keep), or
                # where the log was cut
                frame = s.top()
                if frame is not None and frame.kind == frames.ACTION and frame.player == b.side:
                    passes = [a for a in s.legal_actions() if s.action_to_string(a) == "pass"]
                    if passes:
                        s.apply_action(passes[0])
                    elif i < len(log.blocks) - 1:
                        raise LogError(
                            b.line, f"{('USSR', 'US')[b.side]} plays no card, but the engine has it play"
                        )
                imported += 1
                continue
            if not b.lines and i == len(log.blocks) - 1:
                imported += 1
                break
            f = facts(b)
            first = None
            if not b.is_headline:
                first = card_number(b.card_name) if b.card_name else None
                if b.card_name and first is None:
                    raise LogError(b.line, f"unknown card '{b.card_name}'")
            why = _check_block_start(s, b)
            if why:
                raise LogError(b.line, why)
            _pin_deck_top(s, log, i, f.from_deck, pins)
            srch = Search(
                b,
                f,
                list(s.inf),
                _key(s),
                first,
                limit=limit,
                last=_log_ends(log.blocks[i + 1 :]),
                start_vp=s.vp,
            )
            budget = False
            srch.cut = srch.last and cut_at_use(b)
            try:
                acts = srch.run(s)
                if acts is None and srch.last and not srch.cut:
                    srch.cut, srch.nodes = True, 0  # a log cut inside its last block
                    acts = srch.run(s)
            except _Budget:
                acts, budget = None, True
            if acts is None:
                why = _explain(s, b, f)
                held = first is None or first == CHINA or first in s.hands[b.side]
                if held and first is not None and not srch.options(s.clone(), {}):
                    mode = " or ".join(dict.fromkeys(f.modes)) or "its event"
                    why = (
                        f"the engine does not let {('USSR', 'US')[b.side]} play {b.card_name} for {mode} here"
                    )
                elif budget:
                    why += f" within {limit} tries"
                raise LogError(b.line, why)
            for a in acts:
                s.apply_action(a)
            checks += (f.vp is not None) + (f.defcon is not None)
            imported += 1
            ends.append((b.line, len(s.history)))
    except LogError as exc:
        error = str(exc)
    s.use_known_cards([list(p) for p in pins], strict=False)
    rec = s.to_json()
    rec["position"] = position_of(s)
    return ImportResult(rec, s, decisions, imported, error is None, error, checks, ends)


def cut_at_use(b: Block) -> bool:
    """Whether a block ends with a use and nothing after it (``Coup (3 Ops):``): a log cut
    there, whose record stops there too (after the use is chosen), not at a line of play that
    goes on by declining it (a free coup passed, the turn's end)."""
    return bool(b.lines) and MODE.match(b.lines[-1][1]) is not None


def _log_ends(rest: list[Block]) -> bool:
    """Whether the blocks after a point hold no more play: headers with no lines, or rounds
    with no card (a side with no card left passes) whose lines only state the final scoring
    (``US gains 7 VP. Score is US 17.``), which the engine scores at the end of turn 10."""
    for b in rest:
        if not b.lines:
            continue
        if b.is_headline or b.card_name or not all(SCORE.search(line) for _, line in b.lines):
            return False
    return True


def _setup(s: Any, f: Facts) -> list[int] | None:
    acts: list[int] = []
    while not s.is_terminal() and s.top().kind == frames.SETUP:
        best = None
        for a in s.legal_actions():
            c = _action_country(s.action_to_string(a))
            side = s.top().player
            if c is None:
                continue
            i = side * N + c
            if i in f.targets and s.inf[i] < f.targets[i]:
                best = a
                break
        if best is None:
            return None
        s.apply_action(best)
        acts.append(best)
    for i, v in f.targets.items():
        if s.inf[i] != v:
            return None
    return acts


def _check_block_start(s: Any, b: Block) -> str | None:
    frame = s.top()
    if b.is_headline:
        if frame.kind != frames.HEADLINE:
            return f"a headline in the log, but the engine is at turn {s.turn} {frames.KIND_NAMES[frame.kind]} (AR {s.action_round})"
        if s.turn != b.turn:
            return f"the log's turn {b.turn} headline comes at the engine's turn {s.turn}"
        return None
    if frame.kind not in (frames.ACTION, frames.TRAP):
        return (
            f"an action round in the log, but the engine asks for a {frames.KIND_NAMES[frame.kind]} decision"
        )
    if frame.player != b.side:
        return f"the log's {('USSR', 'US')[b.side]} AR{b.action_round}, but the engine's {('USSR', 'US')[frame.player]} is to play (turn {s.turn} AR {s.action_round})"
    if s.turn != b.turn:
        return f"the log's turn {b.turn} AR{b.action_round} comes at the engine's turn {s.turn}"
    return None


def _explain(s: Any, b: Block, f: Facts) -> str:
    side = ("USSR", "US")[b.side] if b.side >= 0 else "both"
    n = card_number(b.card_name) if b.card_name else None
    if n is not None and b.side >= 0 and n != CHINA and n not in s.hands[b.side]:
        where = (
            "in the discard pile"
            if n in s.discard
            else "removed from the game"
            if n in s.removed
            else "in play"
            if n in s.inplay
            else "out of reach"
        )
        return f"{side} plays {b.card_name}, which the engine has {where}"
    what = f"turn {b.turn} {'headline' if b.side < 0 else side + ' AR' + str(b.action_round)} ({b.card_name or 'no card'})"
    return f"no line of play in the engine gives {what} as logged (influence totals, dice, VP, DEFCON)"


def record_of(result: ImportResult) -> dict[str, Any]:
    return result.record


def check_record(record: dict[str, Any], game: TwilightGame | None = None) -> TwilightState:
    """Load an imported record as any record is loaded (validated, replayed, position compared)."""
    g = game or GAME
    state = g.state_from_json(record)
    if not isinstance(state, TwilightState):
        raise InvalidState("not a Twilight Struggle record")
    return state
