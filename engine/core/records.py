"""Versioned JSON game records: seed + options + actions replay to the identical state.

A record is plain JSON (never pickle). ``load_record`` validates every field and raises
``InvalidState`` naming the field; ``replay`` rebuilds the state by re-applying the actions
and names the first action that does not apply.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from realpolitik.engine.core.api import SEED_MAX, Game, IllegalAction, InvalidState, State

KNOWN_CARD_ROW = 4  # a known card: [index, seat, card, out]

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "HasKnownCards",
    "apply_record",
    "dumps",
    "load_record",
    "make_record",
    "replay",
]

RECORD_FORMAT = "realpolitik-record"
RECORD_VERSION = 1
RECORD_FIELDS = frozenset(
    (
        "format",
        "format_version",
        "game",
        "game_version",
        "seed",
        "players",
        "seats",
        "options",
        "actions",
        "position",
        "known_cards",
    )
)
"""Every field a record may have; any other is refused (as a save refuses unknown fields).

``known_cards`` (optional, games with hidden hands that implement :class:`HasKnownCards`): a
game imported from a log of a real game, whose deals the log does not show, pins the cards a
side is known to hold. Each entry ``[index, seat, card, out]`` means: before ``actions[index]``
(after the last action when ``index`` is their count), ``seat`` holds ``card``, exchanged with
``out`` from its hand, which goes where ``card`` was (the draw deck or the other hand). Records
without the field are unchanged."""


@runtime_checkable
class HasKnownCards(Protocol):
    """A state whose hidden deals a record may pin (``known_cards``)."""

    def pin_card(self, seat: int, card: int, out: int) -> None:
        """Give ``seat`` the unseen ``card`` for ``out`` from its hand; ``InvalidState`` says why not."""

    def use_known_cards(self, known: list[list[int]], strict: bool) -> None:
        """Keep a record's entries: those whose index is the number of actions played so far are
        pinned now, the later ones as play reaches them, and the state's own record carries
        them. ``strict``: an entry that does not apply is ``InvalidState`` (else passed over)."""


def make_record(
    game: Game, *, seed: int, players: int, options: Mapping[str, Any], actions: list[int]
) -> dict[str, Any]:
    """Build a record dict.

    Args:
        game: The game played.
        seed: The seed the initial state was created with.
        players: Player count.
        options: Options passed to ``new_initial_state``.
        actions: Every action applied, chance outcomes included.

    Returns:
        A JSON-able dict.
    """
    spec = game.spec
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "game": spec.name,
        "game_version": spec.version,
        "seed": seed,
        "players": players,
        "seats": list(spec.seats_for(players)),
        "options": dict(options),
        "actions": list(actions),
    }


def _need(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise InvalidState(f"record: missing field '{key}'")
    val = obj[key]
    if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
        raise InvalidState(f"record: field '{key}' has the wrong type ({type(val).__name__})")
    return val


def load_record(obj: Any, game: Game | None = None) -> dict[str, Any]:
    """Validate a record's shape (not yet its actions).

    Args:
        obj: Parsed JSON.
        game: When given, the record must be of this game and version.

    Returns:
        The record with fields normalised.

    Raises:
        InvalidState: naming the offending field.
    """
    if not isinstance(obj, Mapping):
        raise InvalidState("record: expected a JSON object")
    if obj.get("format") != RECORD_FORMAT:
        raise InvalidState(f"record: field 'format' must be '{RECORD_FORMAT}'")
    extra = sorted(str(k) for k in obj if k not in RECORD_FIELDS)
    if extra:
        raise InvalidState(f"record: unknown field '{extra[0]}'")
    ver = _need(obj, "format_version", int)
    if ver != RECORD_VERSION:
        raise InvalidState(f"record: format_version {ver} is not supported (expected {RECORD_VERSION})")
    name = _need(obj, "game", str)
    gver = _need(obj, "game_version", str)
    seed = _need(obj, "seed", int)
    if not 0 <= seed <= SEED_MAX:
        raise InvalidState(f"record: field 'seed' must be from 0 to {SEED_MAX}, not {seed}")
    players = _need(obj, "players", int)
    options = _need(obj, "options", dict)
    actions = _need(obj, "actions", list)
    seats = obj.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(x, str) for x in seats)):
        raise InvalidState("record: field 'seats' must be a list of seat names")
    for i, a in enumerate(actions):
        if not isinstance(a, int) or isinstance(a, bool) or a < 0:
            raise InvalidState(f"record: actions[{i}] is not a non-negative integer")
    known = _known_cards(obj, len(actions))
    if game is not None:
        if name != game.spec.name:
            raise InvalidState(f"record: field 'game' is '{name}', expected '{game.spec.name}'")
        if gver != game.spec.version:
            raise InvalidState(_version_error(gver, game.spec.version))
        for i, a in enumerate(actions):
            if a >= game.spec.num_distinct_actions:
                raise InvalidState(f"record: actions[{i}] = {a} is out of range")
        spec = game.spec
        if not spec.min_players <= players <= spec.max_players:
            raise InvalidState(
                f"record: field 'players' is {players}; {spec.title} takes {spec.min_players}-{spec.max_players}"
            )
        if seats is not None and seats != list(spec.seats_for(players)):
            raise InvalidState(
                f"record: field 'seats' is {seats!r}, expected {list(spec.seats_for(players))!r} for {players} players"
            )
        unknown = sorted(str(k) for k in options if k not in spec.options)
        if unknown:
            names = ", ".join(spec.options) or "none"
            raise InvalidState(f"record: field 'options' has unknown option '{unknown[0]}' (known: {names})")
    out = {
        "format": RECORD_FORMAT,
        "format_version": ver,
        "game": name,
        "game_version": gver,
        "seed": seed,
        "players": players,
        "seats": seats,
        "options": dict(options),
        "actions": list(actions),
    }
    if known is not None:
        out["known_cards"] = known
    return out


def _known_cards(obj: Mapping[str, Any], n_actions: int) -> list[list[int]] | None:
    """The optional ``known_cards`` field, checked for shape: ``[index, seat, card, out]``
    entries of integers, indexes from 0 to the number of actions and never decreasing."""
    if "known_cards" not in obj:
        return None
    val = obj["known_cards"]
    if not isinstance(val, list):
        raise InvalidState("record: field 'known_cards' must be a list")
    out: list[list[int]] = []
    last = 0
    for i, e in enumerate(val):
        if (
            not isinstance(e, list)
            or len(e) != KNOWN_CARD_ROW
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in e)
        ):
            raise InvalidState(
                f"record: known_cards[{i}] must be [index, seat, card, out], non-negative integers"
            )
        if e[0] > n_actions:
            raise InvalidState(f"record: known_cards[{i}] index {e[0]} is past the {n_actions} actions")
        if e[0] < last:
            raise InvalidState(
                f"record: known_cards[{i}] index {e[0]} comes before the previous entry's {last}"
            )
        last = e[0]
        out.append(list(e))
    return out


def replay(game: Game, record: Mapping[str, Any], upto: int | None = None) -> State:
    """Rebuild the state a record describes.

    Args:
        game: The game (checked against the record).
        record: A record (validated here).
        upto: Apply only the first ``upto`` actions.

    Returns:
        The state after the actions.

    Raises:
        InvalidState: if the record is malformed or an action does not apply.
    """
    rec = load_record(record, game)
    state = game.new_initial_state(players=rec["players"], seed=rec["seed"], **rec["options"])
    return apply_record(state, rec, upto)


def apply_record(state: State, rec: Mapping[str, Any], upto: int | None = None) -> State:
    """Apply a validated record's actions (the first ``upto``) to its initial ``state``, with its
    ``known_cards`` pinned in place: an entry at index ``i`` just before ``actions[i]``, the
    entries at the last applied index too. ``InvalidState`` names what does not apply."""
    actions = rec["actions"] if upto is None else rec["actions"][:upto]
    known = rec.get("known_cards")
    if not known:
        return apply_actions(state, actions)
    if not isinstance(state, HasKnownCards):
        raise InvalidState("record: field 'known_cards' is for games with hidden hands; this game has none")
    state.use_known_cards([list(e) for e in known], strict=True)
    apply_actions(state, actions)
    state.use_known_cards([list(e) for e in known], strict=False)
    return state


def apply_actions(state: State, actions: Sequence[int]) -> State:
    """Apply a record's actions to ``state`` in order; an action that does not apply is an
    ``InvalidState`` naming its index."""
    for i, a in enumerate(actions):
        try:
            state.apply_action(a)
        except IllegalAction as exc:
            raise InvalidState(f"record: actions[{i}] = {a} does not apply: {exc}") from None
    return state


def position_of(state: Any) -> dict[str, Any]:
    """What a record stores of its final position: the game's ``position_summary()`` and, for
    every game, how many actions were played, so a record whose last actions were dropped is
    caught even when they changed nothing the summary shows."""
    out = dict(state.position_summary())
    out["actions"] = len(state.history)
    return out


def check_position(state: Any, record: Any) -> None:
    """Compare a record's optional ``position`` summary with ``state.position_summary()``.

    A saved record carries a few facts about its final position (turn, VP, …); an edited action
    list that still happens to be legal is caught here. Raises ``InvalidState`` naming the field.
    """
    pos = record.get("position") if isinstance(record, Mapping) else None
    if pos is None:
        return
    if not isinstance(pos, Mapping):
        raise InvalidState("record: field 'position' must be an object")
    mine = position_of(state)
    for key, val in pos.items():
        if key not in mine:
            raise InvalidState(f"record: field 'position.{key}' is unknown")
        if mine[key] != val:
            raise InvalidState(
                f"record: field 'position.{key}' is {val!r} but the actions give {mine[key]!r}"
            )


def dumps(record: Mapping[str, Any]) -> str:
    """Serialize a record compactly but readably (one line per field)."""
    return json.dumps(record, indent=1, sort_keys=False)


def _version_error(record: str, engine: str) -> str:
    """Why a record of another game version is refused; when the versions differ only in their
    data (``+data-<digest>``: a user's data folder), name both data sets and the way out."""
    rbase, _, rdata = record.partition("+data-")
    ebase, _, edata = engine.partition("+data-")
    if rbase == ebase and rdata != edata:
        made = f"a user's data folder with digest {rdata}" if rdata else "the packaged data"
        used = f"a data folder with digest {edata}" if edata else "the packaged data"
        return (
            f"record: made with {made}, but this run reads {used}; "
            f"give --data with the folder the record was made with"
        )
    return f"record: field 'game_version' is '{record}', this engine is '{engine}'"
