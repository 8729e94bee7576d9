"""What advancement cards and ideology special rules do, written as data.

The rulebook leaves the cards' texts to the cards ("i cui costi, effetti e benefici sono
riportati sulle carte stesse", 3.2), so each card and special rule in the data files carries
its effects in a small language that the validator checks and the rules read as tables.
Effects are separated by ``;``; each is one of:

``level +N TYPES [attacking|defending] [anywhere|home|near-home|controlled]``
    ``N`` more advancement levels in conflicts of those types (5.1). Without
    ``attacking``/``defending`` it counts both ways, as a Tactics, Industry or Patriotism card
    does. A defending level may be limited to the ideology's starting region (``home``), that
    region and its neighbours (``near-home``) or the regions it controls (``controlled``);
    advancement cards count anywhere.
``reach N TYPES [placing|attacking]``
    With those types a region within ``N`` steps of a region the ideology controls is not
    distant (4.1, 5.1: "Alcune Carte Avanzamento consentono di ridurre questa penalità"); a
    region further away still pays the distance penalty. ``N`` is 2 or 3 (1 is the rule).
    Without ``placing``/``attacking`` it counts for placements (4.1) and conflicts (5.1).
``free TYPES [placing|attacking]``
    No distance penalty at all with those types (for placements, conflicts, or both).
``trade +N``
    ``N`` more Trading Power (phase 2).
``strike``
    (a level-3 card) Spent in the Conflict phase as an act of war (5), it discards every card
    one ideology has beside one region; the target may spend its own such card to cancel.
``war-only-if-attacked``
    The ideology may offer War only to an ideology that started a conflict against it this
    turn (a printed restriction on phase 6; none of the packaged data sets uses it).

``TYPES`` is one or more of ``military``, ``economic``, ``cultural`` (or ``all``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["KINDS", "WHERE", "Effect", "EffectError", "describe", "parse_effects"]

TYPE_WORDS = ("military", "economic", "cultural")
KINDS = ("level", "reach", "free", "trade", "strike", "war-only-if-attacked")
WHERE = ("anywhere", "home", "near-home", "controlled")
WHEN_LEVEL = ("attacking", "defending")
WHEN_FREE = ("placing", "attacking")


class EffectError(ValueError):
    """An effect text that does not follow the language (the message says what is wrong)."""


@dataclass(frozen=True)
class Effect:
    """One effect of a card or special rule.

    Attributes:
        kind: One of :data:`KINDS`.
        amount: Levels (``level``), steps (``reach``), Trading Power (``trade``); 0 otherwise.
        types: Influence types (0 military, 1 economic, 2 cultural) it applies to.
        attacking: It applies when the holder attacks (``level``) or in conflicts (``free``).
        defending: It applies when the holder defends (``level``).
        placing: It applies to Foreign-phase placements (``free``).
        where: For a defending ``level``: one of :data:`WHERE`.
    """

    kind: str
    amount: int
    types: tuple[int, ...]
    attacking: bool = False
    defending: bool = False
    placing: bool = False
    where: str = "anywhere"


def _types(words: list[str], text: str) -> tuple[tuple[int, ...], list[str]]:
    out: list[int] = []
    rest = list(words)
    while rest and (rest[0] in TYPE_WORDS or rest[0] == "all"):
        w = rest.pop(0)
        for t in range(3) if w == "all" else (TYPE_WORDS.index(w),):
            if t in out:
                raise EffectError(f"'{text}' names {TYPE_WORDS[t]} twice")
            out.append(t)
    if not out:
        raise EffectError(f"'{text}' needs influence types (military, economic, cultural or all)")
    return tuple(sorted(out)), rest


def _amount(word: str | None, text: str, lo: int, hi: int, plus: bool) -> int:
    if word is None:
        raise EffectError(f"'{text}' needs an amount")
    raw = word[1:] if plus and word.startswith("+") else word
    if plus and not word.startswith("+"):
        raise EffectError(f"'{text}': write the amount as +N")
    if not raw.isdigit() or not lo <= int(raw) <= hi:
        raise EffectError(f"'{text}': the amount must be {'+' if plus else ''}{lo}..{hi}")
    return int(raw)


def _occasion(rest: list[str], pair: tuple[str, str]) -> tuple[bool, bool, list[str]]:
    """An optional limit to one of the two occasions of ``pair`` (``attacking``/``defending``,
    ``placing``/``attacking``): whether the effect applies to the first and to the second,
    and the words after the limit."""
    if rest and rest[0] in pair:
        return rest[0] == pair[0], rest[0] == pair[1], rest[1:]
    return True, True, rest


def _no_more(rest: list[str], text: str) -> None:
    """Refuse the first word an effect leaves over."""
    if rest:
        raise EffectError(f"'{text}': '{rest[0]}' is not understood here")


def _parse_one(text: str) -> Effect:
    words = text.lower().split()
    kind = words[0]
    rest = words[1:]
    if kind == "level":
        amount = _amount(rest[0] if rest else None, text, 1, 3, plus=True)
        types, rest = _types(rest[1:], text)
        att, dfn, rest = _occasion(rest, WHEN_LEVEL)
        where = "anywhere"
        if rest and rest[0] in WHERE:
            where = rest.pop(0)
            if att:
                raise EffectError(f"'{text}': only a defending level can be limited to '{where}'")
        _no_more(rest, text)
        return Effect("level", amount, types, attacking=att, defending=dfn, where=where)
    if kind == "reach":
        amount = _amount(rest[0] if rest else None, text, 2, 3, plus=False)
        types, rest = _types(rest[1:], text)
        place, att, rest = _occasion(rest, WHEN_FREE)
        _no_more(rest, text)
        return Effect("reach", amount, types, attacking=att, placing=place)
    if kind == "free":
        types, rest = _types(rest, text)
        place, att, rest = _occasion(rest, WHEN_FREE)
        _no_more(rest, text)
        return Effect("free", 0, types, attacking=att, placing=place)
    if kind == "trade":
        amount = _amount(rest[0] if rest else None, text, 1, 3, plus=True)
        _no_more(rest[1:], text)
        return Effect("trade", amount, ())
    if kind in ("war-only-if-attacked", "strike"):
        _no_more(rest, text)
        return Effect(kind, 0, ())
    raise EffectError(f"'{kind}' is not an effect (known: {', '.join(KINDS)})")


def parse_effects(field: str) -> tuple[Effect, ...]:
    """The effects of a ``;``-separated field (empty: none).

    Raises:
        EffectError: naming the effect that is wrong.
    """
    return tuple(_parse_one(part.strip()) for part in field.split(";") if part.strip())


def _type_list(types: tuple[int, ...]) -> str:
    names = [TYPE_WORDS[t] for t in types]
    if len(names) == len(TYPE_WORDS):  # all three
        return "military, economic and cultural"
    return " and ".join(names)


def describe(e: Effect) -> str:
    """The effect in plain words (screens)."""
    if e.kind == "level":
        side = "attacking and defending"
        if not e.attacking:
            side = (
                "defending"
                + {
                    "anywhere": "",
                    "home": " its starting region",
                    "near-home": " its starting region or a region next to it",
                    "controlled": " a region it controls",
                }[e.where]
            )
        elif not e.defending:
            side = "attacking"
        return f"+{e.amount} advancement level in {_type_list(e.types)} conflicts when {side}"
    if e.kind == "reach":
        scope = "" if e.attacking and e.placing else (" in conflicts" if e.attacking else " when placing")
        return (
            f"with {_type_list(e.types)} cards, a region up to {e.amount} steps from a controlled "
            f"region is not distant{scope} (no distance penalty)"
        )
    if e.kind == "free":
        scope = (
            "placing or attacking"
            if e.attacking and e.placing
            else ("attacking" if e.attacking else "placing")
        )
        return f"no distance penalty with {_type_list(e.types)} cards when {scope}"
    if e.kind == "trade":
        return f"+{e.amount} Trading Power"
    if e.kind == "strike":
        return (
            "spend it in the Conflict phase (an act of war) to discard every card one ideology has "
            "beside a region; the target may spend its own to cancel"
        )
    return "may offer War only to an ideology that attacked it this turn"
