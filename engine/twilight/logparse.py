"""Reading a text log of an online Twilight Struggle game (``importlog.py`` follows it with the
engine): card and country names as the logs spell them, the log cut into blocks (one action
round or one turn's headlines, ``--- Turn N, ... ---``), and what a block states (:func:`facts`:
the card and its use, influence totals, dice, VP and DEFCON, cards shown).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from realpolitik.engine.twilight.board import BOARD, US, USSR

__all__ = [
    "Block",
    "Facts",
    "Log",
    "LogError",
    "card_number",
    "country_number",
    "facts",
    "name_key",
    "parse_log",
]

N = len(BOARD.name)
CHINA = 6
OUR_MAN_IN_TEHRAN = 108
TEHRAN_LOOK = 5  # card 108: the US looks at the draw deck's top 5 cards
SIDES = {"USSR": USSR, "US": US}


class LogError(Exception):
    """A log line the import cannot follow: ``line`` (1-based) and why."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


def name_key(text: str) -> str:
    """A name as the logs and the engine's data can both be matched on: lower case, letters and
    digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower().replace("*", ""))


_TITLES = {name_key(c.title): n for n, c in BOARD.cards.items()}
_ALIASES = {"mideastscoring": 3}


@functools.lru_cache(maxsize=4096)
def card_number(name: str) -> int | None:
    """The engine's card number for a card name as the logs spell it (``None`` if unknown)."""
    key = name_key(name)
    if key in _ALIASES:
        return _ALIASES[key]
    if key in _TITLES:
        return _TITLES[key]
    hits = {n for t, n in _TITLES.items() if t and (key.startswith(t) or t.startswith(key)) and key}
    return hits.pop() if len(hits) == 1 else None


_COUNTRY = {name_key(n): i for i, n in enumerate(BOARD.name)}
_COUNTRY["uk"] = BOARD.name.index("United Kingdom")
_COUNTRY["seafricanstates"] = BOARD.name.index("Southeast African States")


def country_number(name: str) -> int | None:
    """The engine's country number for a country name as the logs spell it (``None`` if unknown)."""
    return _COUNTRY.get(name_key(name))


# ----- parsing -----

HEADER = re.compile(r"^--- Turn (\d+), (?:(USSR|US) AR(\d+)|both Headline): ?(.*?) ?---$")
PREFIX = re.compile(r"^Turn \d+, (?:(?:USSR|US) AR\d+|Headline Phase): .*?: (.*)$")
CLEANUP = re.compile(r"^Turn \d+, Cleanup(?:: (.*))?$")
INFL = re.compile(r"^(USSR|US) ([+-]\d+) in (.+?) \[(\d+)\]\[(\d+)\]$")
SCORE = re.compile(r"Score is (?:(USSR|US) (\d+)|even)\.")
DEFCON = re.compile(r"^DEFCON (?:degrades|improves) to (\d)")
MODE = re.compile(r"^(Place Influence|Coup|Realignment|Space Race) \((\d+) Ops\):")
EVENT = re.compile(r"^Event: (.*)$")
HEADLINES = re.compile(r"^(USSR|US) Headlines (.*)$")
TARGET = re.compile(r"^Target: (.*)$")
MILOPS = re.compile(r"^(USSR|US) Military Ops to (\d+)")
KNOWN = re.compile(r"^(USSR|US) (reveals|discards|plays) (.*?)(?: from hand)?$")
RETURNS = re.compile(r"^(?:USSR|US) returns (.*) to (?:USSR|US)$")
DICE = (
    ("coup", re.compile(r"^(?:SUCCESS|FAILURE): (\d+) ")),
    ("realign", re.compile(r"^(USSR|US) rolls (\d+)\b")),
    ("space", re.compile(r"^Die roll: (\d+) ")),
    ("event", re.compile(r"^(?:VICTORY|DEFEAT): (\d+)")),
    ("trap", re.compile(r"^Trap Roll: (\d+)")),
)
MODE_WORD = {"Place Influence": "influence", "Coup": "coup", "Realignment": "realign", "Space Race": "space"}


@dataclass
class Block:
    """One action round or one turn's headlines, with the lines that belong to it."""

    line: int  # the header's line number
    turn: int
    side: int  # USSR, US, or -1 for the headlines
    action_round: int
    card_name: str
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def is_headline(self) -> bool:
        return self.side < 0


@dataclass
class Log:
    bid: str = "none"
    optional_cards: bool = False
    setup: list[tuple[int, str]] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    end_line: int = 0


def parse_log(text: str) -> Log:
    """Split a log into its setup lines and blocks (duplicated lines dropped, cleanup lines
    kept with the block they follow whatever turn they name, headers' ``[score]`` ignored)."""
    log = Log()
    cur: Block | None = None
    in_setup = False
    prev = ""
    lines = text.splitlines()
    log.end_line = len(lines)
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(("[score", "REPLAY", "DATA_SOURCE")):
            continue
        m = HEADER.match(line)
        if m:
            turn = int(m.group(1))
            side = SIDES[m.group(2)] if m.group(2) else -1
            new = Block(no, turn, side, int(m.group(3) or 0), m.group(4).strip())
            if cur is not None and (cur.turn, cur.side, cur.action_round, cur.card_name) == (
                turn,
                side,
                new.action_round,
                new.card_name,
            ):
                continue  # a repeated header: its lines go on in the same block
            cur = new
            log.blocks.append(cur)
            prev = ""
            continue
        m = re.match(r"^Turn (\d+), (USSR|US) AR(\d+)$", line)
        if m:  # a round announced without a header or a card: a pass (space box 8's round)
            cur = Block(no, int(m.group(1)), SIDES[m.group(2)], int(m.group(3)), "")
            log.blocks.append(cur)
            prev = ""
            continue
        if line == prev and not INFL.match(line):  # a repeated line (never an influence total)
            continue
        prev = line
        if line.startswith("SETUP:"):
            in_setup = True
            continue
        if line.startswith("Handicap influence:"):
            hm = re.match(r"Handicap influence: (USSR|US) \+(\d+)", line)
            if hm and int(hm.group(2)) > 0:
                log.bid = f"{hm.group(1)}+{hm.group(2)}"
            continue
        if line == "Optional Cards Added":
            log.optional_cards = True
            continue
        if in_setup:
            if INFL.match(line):
                log.setup.append((no, line))
                continue
            if PREFIX.match(line) or HEADLINES.match(line):
                in_setup = False
            else:
                continue  # player names, scenario, clock
        c = CLEANUP.match(line)
        if c:
            if c.group(1) and cur is not None:
                cur.lines.append((no, c.group(1)))
            continue
        p = PREFIX.match(line)
        if p:
            line = p.group(1)
        elif re.match(r"^Turn \d+, (?:USSR|US) AR\d+: *:?$", line):
            continue  # the prefix of a round that has no card (a log's cut end)
        elif re.match(r"^Turn \d+, (?:USSR|US) AR\d+: .*:$", line):
            continue  # a card's prefix with no use after it (a log cut inside the round)
        if cur is not None:
            cur.lines.append((no, line))
    return log


# ----- what a block states -----


@dataclass
class Facts:
    targets: dict[int, int]  # inf index (side * N + country) -> total after the block
    vp: int | None
    defcon: int | None
    dice: dict[str, list[int]]
    mode: str | None
    mode_line: int
    modes: list[str]
    event_line: int
    names: set[str]
    targets_named: list[int]
    headlines: dict[int, int]
    known: dict[int, list[int]]
    milops: dict[int, int] = field(default_factory=dict)
    returned: set[int] = field(default_factory=set)
    discarded: set[int] = field(default_factory=set)
    """Cards the block says a side discards (``US discards X``), of those it shows."""
    """Cards given back unplayed (Grain Sales to Soviets: ``US returns X to USSR``)."""
    from_deck: set[int] = field(default_factory=set)
    """Cards discarded from the draw deck's top, not from a hand (Our Man in Tehran's
    ``US discards X`` lines)."""


def _no_dice() -> dict[str, list[int]]:
    out: dict[str, list[int]] = {k: [] for k, _ in DICE}
    out["realign0"], out["realign1"] = [], []
    return out


def facts(block: Block, lines: Iterable[tuple[int, str]] | None = None) -> Facts:
    f = Facts(
        {},
        None,
        None,
        _no_dice(),
        None,
        -1,
        [],
        -1,
        set(),
        [],
        {},
        {0: [], 1: []},
    )
    tehran = False  # in Our Man in Tehran's lines: its discards come from the deck's top
    for i, (no, line) in enumerate(block.lines if lines is None else lines):
        m = EVENT.match(line)
        tehran = bool(m and card_number(m.group(1)) == OUR_MAN_IN_TEHRAN) or (
            tehran and line.startswith("US discards ")
        )
        m = INFL.match(line)
        if m:
            c = country_number(m.group(3))
            if c is None:
                raise LogError(no, f"unknown country '{m.group(3)}'")
            f.targets[US * N + c] = int(m.group(4))
            f.targets[USSR * N + c] = int(m.group(5))
            continue
        m = SCORE.search(line)
        if m:
            f.vp = 0 if m.group(1) is None else (int(m.group(2)) * (1 if m.group(1) == "US" else -1))
        m = DEFCON.match(line)
        if m:
            f.defcon = int(m.group(1))
        m = MODE.match(line)
        if m:
            f.modes.append(MODE_WORD[m.group(1)])
            if f.mode is None:
                f.mode, f.mode_line = MODE_WORD[m.group(1)], i
        if f.mode is None and f.event_line < 0 and not block.is_headline:
            # the round's card played for its event: its event line comes before any use
            # (after a line the round opens with, as We Will Bury You's 3 VP)
            m = EVENT.match(line)
            n = card_number(m.group(1)) if m else None
            if n is not None and n == card_number(block.card_name) and BOARD.cards[n].side in (block.side, 2):
                f.mode, f.mode_line = "event", i
        m = EVENT.match(line)
        if m:
            if f.event_line < 0:
                f.event_line = i
            f.names.add(name_key(m.group(1)))
        m = MILOPS.match(line)
        if m:
            f.milops[SIDES[m.group(1)]] = int(m.group(2))
        m = TARGET.match(line)
        if m:
            c = country_number(m.group(1))
            if c is not None:
                f.targets_named.append(c)
        m = HEADLINES.match(line)
        if m:
            n = card_number(m.group(2))
            if n is None:
                raise LogError(no, f"unknown card '{m.group(2)}'")
            f.headlines[SIDES[m.group(1)]] = n
        m = KNOWN.match(line)
        if m:
            n = card_number(m.group(3))
            if n is not None:
                if tehran:
                    f.from_deck.add(n)  # not a card of the US hand
                else:
                    f.known[SIDES[m.group(1)]].append(n)
                f.names.add(name_key(m.group(3)))
                if m.group(2) == "discards":
                    f.discarded.add(n)
        m = RETURNS.match(line)
        if m:
            n = card_number(m.group(1))
            if n is not None:
                f.returned.add(n)
        for kind, rx in DICE:
            m = rx.match(line)
            if m:
                if kind == "realign":
                    f.dice["realign" + str(SIDES[m.group(1)])].append(int(m.group(2)))
                else:
                    f.dice[kind].append(int(m.group(1)))
    return f
