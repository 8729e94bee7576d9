"""A game's state declared once: its fields, what kind of value each holds and what it means.

A game lists its state's fields once, as annotated class attributes made with :func:`field`,
in the order its fingerprint gives them, and decorates the class with :func:`state_fields`:

    @state_fields
    class InvasionState(RulesState, SchemaFields):
        n: int = field(Kind.VALUE, "number of players", 0)
        money: list[int] = field(Kind.LIST, "half dollars per seat", list)

From that list (the class's :class:`Schema`, ``SCHEMA``) the decorator derives what every game used to write by hand: the
``__slots__``, ``__init__`` (each field set to its default), ``clone`` and ``copy_into`` (each field copied as
deep as its kind needs), ``fingerprint`` (every field of the position, hidden ones included)
and ``touch`` (forget the remembered derived data). The schema is also where a compiled core
can be generated or checked from: it names every field the core must carry and its kind.

``clone`` and ``__init__`` are generated as straight-line code when the class is made (as
:mod:`dataclasses` does), so they cost what the hand-written ones cost: a clone sits on the
search's hot path.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar

T = TypeVar("T")

__all__ = [
    "Field",
    "Kind",
    "Schema",
    "SchemaFields",
    "field",
    "state_fields",
]


class Kind:
    """How a field holds its value, and so how a clone copies it (``field(Kind.LIST, ...)``)."""

    VALUE: Final = "value"
    """An immutable value (int, str, tuple, None): a clone shares it."""
    LIST: Final = "list"
    """A flat list (or bytearray) of immutable values: a clone copies it."""
    NESTED: Final = "nested"
    """A list of flat lists: a clone copies both levels."""
    MAYBE_LIST: Final = "maybe_list"
    """None or a flat list (results, set once at the end): a clone copies the list."""
    MAPPING: Final = "mapping"
    """A dict set when the state is made and never changed (the game's options): a clone shares it."""
    CACHE: Final = "cache"
    """Derived data remembered between calls (legal actions, an evaluation): not part of the
    position, never mutated in place, so a clone shares it and ``touch()`` sets it to None."""
    SCRATCH: Final = "scratch"
    """Work space of one ``apply_action`` (an event queue): not part of the position, and a clone
    starts without it (None)."""


_KINDS = (Kind.VALUE, Kind.LIST, Kind.NESTED, Kind.MAYBE_LIST, Kind.MAPPING, Kind.CACHE, Kind.SCRATCH)


@dataclass(frozen=True)
class Field:
    """One field of a game's state.

    Attributes:
        name: The attribute name.
        kind: How a clone copies it: one of :class:`Kind`'s ``VALUE``, ``LIST``, ``NESTED``, ``MAYBE_LIST``,
            ``MAPPING``, ``CACHE``.
        doc: What it holds, in one line (the state's documentation is these lines).
        default: Its value in a new state: an immutable value, or a function of no arguments
            making a fresh one (a list, or a value read from the game's data when the state is
            made).
        position: Part of the position (its fingerprint). False for what is not the position
            itself: the record's seed, options and history, the log, a generator state that
            only feeds determinizations, and every ``CACHE``.
        rows: For a ``NESTED`` field of a fixed number of rows (two hands, two decks): that
            number, so that a clone copies them without a loop.
    """

    name: str
    kind: str
    doc: str
    default: Any = None
    position: bool = True
    rows: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"field {self.name!r}: unknown kind {self.kind!r}")
        if self.kind in (Kind.CACHE, Kind.SCRATCH) and self.position:
            object.__setattr__(self, "position", False)


_COPY_ENV: dict[str, Any] = {"_list_copy": list.copy}
"""What the generated copies refer to besides builtins."""


def _copy_expr(f: Field) -> str:
    """Python source copying field ``f`` of ``self`` (straight-line, no calls where avoidable)."""
    src = f"self.{f.name}"
    if f.kind == Kind.LIST:
        return f"{src}[:]"
    if f.kind == Kind.NESTED:
        if f.rows is not None:
            return "[" + ", ".join(f"{src}[{i}][:]" for i in range(f.rows)) + "]"
        return f"list(map(_list_copy, {src}))"  # no comprehension frame: cheaper on the hot path
    if f.kind == Kind.MAYBE_LIST:
        return f"None if {src} is None else {src}[:]"
    if f.kind == Kind.SCRATCH:
        return "None"
    return src


def _fingerprint_value(kind: str, v: Any) -> Any:
    """A field's value as an immutable, comparable one (lists as tuples, bytes for a bytearray)."""
    if v is None:
        return None
    if kind == Kind.NESTED:
        return tuple(tuple(x) for x in v)
    if isinstance(v, bytearray):
        return bytes(v)
    if isinstance(v, list):
        return tuple(v)
    if isinstance(v, dict):
        return tuple(sorted(v.items()))
    return v


class Schema:
    """The fields of one game's state, in the order its fingerprint gives them."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        names = [f.name for f in self.fields]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"fields declared twice: {', '.join(dupes)}")

    @property
    def slots(self) -> tuple[str, ...]:
        """Every field's name: the state class's ``__slots__``."""
        return tuple(f.name for f in self.fields)

    def names(self, *kinds: str) -> tuple[str, ...]:
        """The names of the fields of these kinds, in order."""
        return tuple(f.name for f in self.fields if f.kind in kinds)

    def _compile(self, name: str, lines: list[str], env: dict[str, Any]) -> Callable[..., Any]:
        source = "\n".join(lines)
        exec(compile(source, f"<schema {name}>", "exec"), env)  # code made from field names only
        fn: Callable[..., Any] = env[name]
        fn.__source__ = source  # type: ignore[attr-defined]
        return fn

    def make_init(self) -> Callable[[Any], None]:
        """``__init__``: every field set to its default (a factory called for a fresh one)."""
        env: dict[str, Any] = {}
        lines = ["def __init__(self):"]
        for i, f in enumerate(self.fields):
            env[f"_d{i}"] = f.default
            lines.append(f"    self.{f.name} = _d{i}{'()' if callable(f.default) else ''}")
        if len(lines) == 1:
            lines.append("    pass")
        return self._compile("__init__", lines, env)

    def _copy_lines(self, keep_caches: bool) -> list[str]:
        """The assignments copying every field of ``self`` into ``s``, then ``return s``."""
        lines = [
            f"    s.{f.name} = {'None' if f.kind == Kind.CACHE and not keep_caches else _copy_expr(f)}"
            for f in self.fields
        ]
        return [*lines, "    return s"]

    def make_clone(self) -> Callable[[Any], Any]:
        """``clone``: a state of the same class, each field copied as its kind needs (the
        caches shared: they hold for the same position)."""
        lines = ["def clone(self):", "    s = _new(self.__class__)", *self._copy_lines(keep_caches=True)]
        return self._compile("clone", lines, {"_new": object.__new__, **_COPY_ENV})

    def make_copy_into(self) -> Callable[[Any, Any], Any]:
        """``copy_into(self, c)``: every field copied into the empty state ``c`` (of any class
        with the same fields: a compiled twin's state into the reference's), which it returns; its
        caches start empty (they may not mean the same in another class)."""
        lines = ["def copy_into(self, s):", *self._copy_lines(keep_caches=False)]
        return self._compile("copy_into", lines, dict(_COPY_ENV))

    def make_touch(self) -> Callable[[Any], None]:
        """``touch``: every ``CACHE`` field set to None."""
        caches = self.names(Kind.CACHE)
        lines = ["def touch(self):"]
        lines += [f"    self.{name} = None" for name in caches] or ["    pass"]
        return self._compile("touch", lines, {})

    def fingerprint(self, state: Any) -> tuple[tuple[str, Any], ...]:
        """``(name, value)`` for every field of the position, values made immutable."""
        return tuple(
            (f.name, _fingerprint_value(f.kind, getattr(state, f.name))) for f in self.fields if f.position
        )


class SchemaFields:
    """Base of a state class whose fields are declared with :func:`field` (see the module's
    docstring); :func:`state_fields` fills in ``SCHEMA``, ``__slots__``, ``__init__``,
    ``clone``, ``copy_into`` and ``touch``. A subclass of a declared class (Twilight Struggle's
    pure state on ``TSState``) sets ``__slots__ = ()`` and inherits them."""

    __slots__ = ()
    SCHEMA: ClassVar[Schema]

    def fingerprint(self) -> tuple[tuple[str, Any], ...]:
        """Every field of the position (``Field.position``), in the schema's order."""
        return self.SCHEMA.fingerprint(self)


class _Spec:
    """What :func:`field` returns in a class body, until :func:`state_fields` reads it."""

    __slots__ = ("default", "doc", "kind", "position", "rows")

    def __init__(self, kind: str, doc: str, default: Any, position: bool, rows: int | None) -> None:
        self.kind, self.doc, self.default, self.position, self.rows = kind, doc, default, position, rows


def field(kind: str, doc: str, default: Any = None, *, position: bool = True, rows: int | None = None) -> Any:
    """Declare one field of a state in its class body (see :class:`Field` for the arguments).

    Typed ``Any`` as :func:`dataclasses.field` is, so that the annotation is the field's type.
    """
    return _Spec(kind, doc, default, position, rows)


def state_fields(cls: type[T]) -> type[T]:
    """Make a state class from its declared fields: the class again, with ``__slots__`` of
    every field, ``SCHEMA`` and the generated ``__init__``, ``clone``, ``copy_into`` and
    ``touch`` (those the class body does not write itself).

    Raises:
        TypeError: a field without its :func:`field` declaration, or a class that sets
            ``__slots__`` itself.
    """
    if "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: the declared fields are the slots; do not set __slots__")
    annotations = inspect.get_annotations(cls)
    fields: list[Field] = []
    body = dict(cls.__dict__)
    for name in annotations:
        spec = body.get(name)
        if isinstance(spec, _Spec):
            fields.append(Field(name, spec.kind, spec.doc, spec.default, spec.position, spec.rows))
            del body[name]
        elif not str(annotations[name]).startswith("ClassVar"):
            raise TypeError(f"{cls.__name__}.{name}: declare it with field(...)")
    schema = Schema(fields)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = schema.slots
    body["SCHEMA"] = schema
    for name, make in (
        ("__init__", schema.make_init),
        ("clone", schema.make_clone),
        ("copy_into", schema.make_copy_into),
        ("touch", schema.make_touch),
    ):
        if name not in body:
            fn = make()
            fn.__qualname__ = f"{cls.__name__}.{name}"
            body[name] = fn
    meta: Any = type(cls)
    made: type[T] = meta(cls.__name__, cls.__bases__, body)
    made.__doc__ = (cls.__doc__ or "") + "\n\nFields:\n" + "\n".join(f"    {f.name}: {f.doc}" for f in fields)
    return made
