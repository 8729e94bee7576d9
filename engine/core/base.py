"""What every game's ``Game`` and ``State`` classes share, written once.

A game's classes derive from :class:`GameBase` and :class:`StateBase` and supply only what is
about the game. The template methods here do the rest: option checking against
``GameSpec.options``, restoring a state from a record (validate, start, replay, compare the
position summary), writing a record, and parsing a typed move.
"""

from __future__ import annotations

import functools
import operator
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from realpolitik.engine.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GameSpec,
    IllegalAction,
    Information,
    InvalidState,
    SearchDefaults,
    State,
    check_action,
    check_players,
    parse_action_text,
)
from realpolitik.engine.core.datafiles import packaged_texts
from realpolitik.engine.core.presentation import Presentation
from realpolitik.engine.core.records import (
    apply_record,
    check_position,
    load_record,
    make_record,
    position_of,
)

__all__ = ["CHECK_LEGAL", "DataFilesBase", "GameBase", "Rules", "RulesState", "StateBase"]

CHECK_LEGAL = os.environ.get("REALPOLITIK_CHECK_LEGAL", "") not in ("", "0")
"""``REALPOLITIK_CHECK_LEGAL=1``: every remembered list of legal actions is checked against a
fresh generation when it is used (a state edited without ``touch()`` fails loudly). The pure
pass of ``make test`` sets it."""


class GameBase:
    """Template for a game: subclasses set ``spec`` (and ``search`` where the defaults do not
    suit) and write ``new_initial_state``."""

    spec: GameSpec
    search: SearchDefaults = SearchDefaults()

    def presentation(self) -> Presentation:
        """The generic presentation (the board from the observation, plain move texts); a game
        that draws itself returns its own subclass."""
        return Presentation()

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options with defaults filled in, each checked against its default's type.

        Subclasses that need more (ranges, names) extend this and call it first.

        Args:
            options: What the caller passed.
            players: The player count in use.

        Returns:
            Every option of ``spec.options``, set.

        Raises:
            InvalidState: naming an unknown option or a value of the wrong type.
        """
        out = dict(self.spec.options)
        for key, val in options.items():
            if key not in out:
                known = ", ".join(out) or "none"
                raise InvalidState(f"options: unknown option '{key}' (known: {known})")
            default = out[key]
            if isinstance(default, bool):
                if not isinstance(val, bool):
                    raise InvalidState(f"options: '{key}' must be true or false, not {val!r}")
            elif isinstance(default, int):
                if not isinstance(val, int) or isinstance(val, bool):
                    raise InvalidState(f"options: '{key}' must be an integer, not {val!r}")
            elif isinstance(default, str) and not isinstance(val, str):
                raise InvalidState(f"options: '{key}' must be a string, not {val!r}")
            out[key] = val
        return out

    def state_from_json(self, obj: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_json()`` output: validate the record, start the game
        it names and replay its actions, then compare its position summary.

        Raises:
            InvalidState: naming the field that is wrong or the first action that does not apply.
        """
        game: Game = self  # type: ignore[assignment]
        rec = load_record(obj, game)
        players = check_players(self.spec, rec["players"])
        state = game.new_initial_state(players=players, seed=rec["seed"], **rec["options"])
        apply_record(state, rec)
        check_position(state, obj)
        return state


class DataFilesBase:
    """Template for a game whose component facts are data files a user may replace
    (:class:`~realpolitik.engine.core.api.HasDataFiles`): subclasses set ``data_package`` (the
    package whose ``data`` folder holds the files), ``data_descriptions`` (each file the game
    reads, in its reading order, with one line on what it holds) and, where the game has
    packaged variants of its data, ``data_variants`` (the first is the default)."""

    spec: GameSpec
    data_package: str
    data_descriptions: ClassVar[Mapping[str, str]]
    data_variants: ClassVar[tuple[str, ...]] = ()

    def data_files(self) -> dict[str, str]:
        """The files the game reads, each with one line on what it holds."""
        return dict(self.data_descriptions)

    def packaged_data(self, variant: str | None = None) -> dict[str, str]:
        """The packaged files' texts by name (a packaged variant's own where it has one).

        Raises:
            InvalidState: a variant the game does not have.
        """
        if variant is not None and variant not in self.data_variants:
            if not self.data_variants:
                raise InvalidState(f"{self.spec.title} has no variants of its data")
            raise InvalidState(
                f"{self.spec.title} has no data variant {variant!r}; its variants: {', '.join(self.data_variants)}"
            )
        own = variant if variant is not None and variant != self.data_variants[0] else None
        return packaged_texts(self.data_package, list(self.data_descriptions), own)


def _checked_action_text(own: Callable[[Any, int], str]) -> Callable[[Any, Any], str]:
    """``action_to_string`` that answers an id no action has with ``IllegalAction``: a bool or a
    non-integer, an id outside ``0 .. num_distinct_actions - 1``, or one the game's own text
    function cannot describe here (never ``TypeError``, ``IndexError`` or text for it)."""

    @functools.wraps(own)
    def action_to_string(self: Any, action: Any) -> str:
        if isinstance(action, bool):
            raise IllegalAction(f"action {action!r} is not an action id (an integer)")
        try:
            a = operator.index(action)
        except TypeError:
            raise IllegalAction(f"action {action!r} is not an action id (an integer)") from None
        n = self.game().spec.num_distinct_actions
        if not 0 <= a < n:
            raise IllegalAction(f"action {a} is out of range (0 to {n - 1})")
        try:
            return own(self, a)
        except (TypeError, IndexError, ValueError, KeyError) as exc:
            raise IllegalAction(f"action {a} has no meaning here ({type(exc).__name__})") from None

    action_to_string.checked = True  # type: ignore[attr-defined]
    return action_to_string


class StateBase:
    """Template for a state: the record, its position summary (none by default), the invariants
    every game has and the move parser, from ``game()``, ``num_players()``, ``seed``,
    ``options`` and ``history``.

    A subclass's ``action_to_string`` is wrapped once, when the class is made, so that an id no
    action has is ``IllegalAction`` in every game (see :func:`_checked_action_text`).
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("action_to_string")
        if own is not None and not getattr(own, "checked", False):
            cls.action_to_string = _checked_action_text(own)  # type: ignore[attr-defined]

    seed: int
    options: dict[str, Any]
    history: list[int]

    def game(self) -> Game:
        raise NotImplementedError

    def num_players(self) -> int:
        raise NotImplementedError

    def string_from_action(self, text: str) -> int:
        """Parse what ``action_to_string`` produces, a unique prefix, or a legal action id."""
        me: State = self  # type: ignore[assignment]
        return parse_action_text(me, text)

    def check_invariants(self) -> list[str]:
        """What holds in every game (a game adds its own): the player to move is a seat,
        ``CHANCE`` or ``TERMINAL``, as ``is_chance_node``/``is_terminal`` say, and the legal
        actions are sorted, distinct, in the action space, and none only at the end.

        Returns:
            One message per broken invariant (empty when sound).
        """
        me: State = self  # type: ignore[assignment]
        out: list[str] = []
        p = me.current_player()
        if not (0 <= p < me.num_players() or p in (CHANCE, TERMINAL)):
            out.append(f"current player {p} is neither a seat, CHANCE nor TERMINAL")
        if me.is_chance_node() != (p == CHANCE) or me.is_terminal() != (p == TERMINAL):
            out.append(f"current player {p} disagrees with is_chance_node()/is_terminal()")
        legal = me.legal_actions()
        if legal != sorted(set(legal)) or any(
            not 0 <= a < me.game().spec.num_distinct_actions for a in legal
        ):
            out.append(f"legal actions {legal} are not sorted distinct action ids")
        if (p == TERMINAL) != (not legal):
            out.append(f"{len(legal)} legal actions where the current player is {p}")
        return out

    def position_summary(self) -> dict[str, Any]:
        """No facts of the position beyond what every record stores (how many actions were
        played, ``records.position_of``); a game names a few of its own (turn, score)."""
        return {}

    def to_json(self) -> dict[str, Any]:
        """The record (seed, options, actions) and its position (``records.position_of``)."""
        rec = make_record(
            self.game(),
            seed=self.seed,
            players=self.num_players(),
            options=self.options,
            actions=self.history,
        )
        rec["position"] = position_of(self)
        return rec


class Rules(Protocol):
    """What :class:`RulesState` asks of a game's rules (usually its ``rules`` module)."""

    def generate_legal(self, state: Any) -> list[int]:
        """The sorted legal actions of ``state``, a fresh list."""

    def play(self, state: Any, action: int) -> None:
        """Carry out legal ``action`` (already checked and recorded in the history)."""

    def why_illegal(self, state: Any, action: int) -> str:
        """One line on why ``action`` (an id in range: the template answers the others) is
        refused in ``state``."""


class RulesState(StateBase):
    """Template for a state whose rules are a module (``rules``) of three functions:
    ``generate_legal(state)`` (the sorted legal actions, a fresh list), ``play(state, action)``
    (carry out a legal action and go on to the next decision) and ``why_illegal(state,
    action)`` (one line on why an action is refused, citing the rule where there is one).

    The protocol's ``legal_actions`` and ``apply_action`` are written here once: the legal
    actions are remembered in the ``_legal`` field (a ``CACHE`` of the game's schema) until the
    next action or ``touch()``; ``apply_action`` checks legality against them, raises
    ``IllegalAction`` with the rules' reason, appends the action to ``history``, forgets every
    cache, then plays it. ``play`` may leave ``_legal`` set to the next position's legal
    actions when it computed them anyway (a game that settles forced moves does).

    ``rules`` is a class attribute, so a state's class carries its rules: a compiled core is
    another class with another module, and states of both kinds live side by side.
    """

    if not TYPE_CHECKING:  # mypy would refuse the fields' assignments on an empty __slots__
        __slots__ = ()
    rules: ClassVar[Rules]
    _legal: list[int] | None
    history: list[int]
    result: list[float] | None

    if TYPE_CHECKING:

        def touch(self) -> None:
            """Forget remembered derived data (made from the schema's ``CACHE`` fields)."""

        def clone(self) -> Any:
            """An independent copy (made from the schema)."""

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self.rules.generate_legal(self)
        elif CHECK_LEGAL:
            fresh = self.rules.generate_legal(self)
            if fresh != legal:
                raise AssertionError(f"stale legal actions: remembered {legal}, generated {fresh}")
        return legal[:]

    def apply_action(self, action: int) -> None:
        a = action if type(action) is int else check_action(action)
        legal = self._legal
        if legal is None or CHECK_LEGAL:
            legal = self.legal_actions()
        if a not in legal:
            n = self.game().spec.num_distinct_actions
            if not 0 <= a < n:
                raise IllegalAction(f"action {a} is out of range (0 to {n - 1})")
            raise IllegalAction(self.rules.why_illegal(self, a))
        self.history.append(a)
        self.touch()
        self.rules.play(self, a)

    def returns(self) -> list[float]:
        """The result once the game is over (a shared win shares it), zeros before."""
        result = self.result
        return [0.0] * self.num_players() if result is None else result[:]

    def scores(self) -> list[float]:
        """The returns; a game with a score of its own (points, money) gives that instead."""
        return self.returns()

    def resample_hidden(self, seat: int, rng: Any) -> Any:
        """A copy, which is what a game of perfect information shows every seat. A game with
        hidden information must redraw what ``seat`` cannot see: it overrides this, and the
        default refuses to serve it (a search would otherwise see the hidden cards)."""
        if self.game().spec.information is not Information.PERFECT:
            raise NotImplementedError(
                f"{self.game().spec.title} hides information: resample_hidden must redraw it"
            )
        return self.clone()
