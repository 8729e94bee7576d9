"""Write the corpus of broken saves and records (``tests/fuzz/corpus/``) that the suite checks:
each is refused with one line by every command that reads a game file, and left byte-identical.

The corpus is kept in the repository so a change in the program never changes the files it is
tested against; regenerate it on purpose with ``python -m tests.fuzz.make_corpus`` (seeded: the
same files every time while the games play the same).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from realpolitik.cli.saves import build_save, digest_of
from realpolitik.engine import load_game

CORPUS = Path(__file__).parent / "corpus"


def _played(name: str, players: int, seed: int, moves: int) -> Any:
    state = load_game(name).new_initial_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _text(obj: Any) -> bytes:
    return (json.dumps(obj, indent=1) + "\n").encode()


def _resealed(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> bytes:
    """A save changed by ``change`` with its digest recomputed (so the change itself is caught)."""
    obj = json.loads(json.dumps(save))
    change(obj)
    obj["digest"] = digest_of(obj)
    return _text(obj)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(obj: Any) -> None:
        *keys, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        for k in keys:
            obj = obj[k]
        obj[last] = value

    return change


def _drop_last(obj: dict[str, Any]) -> None:
    obj["record"]["actions"] = obj["record"]["actions"][:-1]


def corpus() -> dict[str, bytes]:
    """File name -> contents."""
    ts = _played("twilight", 2, 7, 30)
    save = build_save(ts, [0], "ismcts:iters=5,seed=7", "easy", 7)
    save["saved_at"] = "2025-01-01T00:00:00Z"
    save["digest"] = digest_of(save)
    good = _text(save)
    ide = _played("ideology", 3, 11, 80).to_json()
    n = len(ts.to_json()["actions"])
    files: dict[str, bytes] = {
        "empty.json": b"",
        "whitespace.json": b" \n\t\n",
        "null-bytes.json": b"\x00" * 64,
        "not-utf8.json": good[:40] + b"\xff\xfe" + good[40:],
        "bom.json": b"\xef\xbb\xbf" + good,
        "truncated-half.json": good[: len(good) // 2],
        "truncated-end.json": good[:-3],
        "top-level-list.json": b"[" + good + b"]",
        "top-level-string.json": b'"realpolitik-save"',
        "huge-integer.json": b'{"format": ' + b"9" * 5000 + b"}",
        "deep-nesting.json": b"[" * 100_000 + b"]" * 100_000,
        "nan-seed.json": good.replace(b'"seed": 7,', b'"seed": NaN,', 1),
        "wrong-format.json": _text(save | {"format": "chess-save"}),
        "save-version-2.json": _text(save | {"save_version": 2}),
        "save-version-bool.json": _text(save | {"save_version": True}),
        "missing-digest.json": _text({k: v for k, v in save.items() if k != "digest"}),
        "digest-mismatch.json": _text(save | {"saved_at": "2030-01-01T00:00:00Z"}),
        "unknown-field.json": _resealed(save, _set("comment", "hello")),
        "humans-unknown-seat.json": _resealed(save, _set("humans", ["Martians"])),
        "humans-empty.json": _resealed(save, _set("humans", [])),
        "humans-twice.json": _resealed(save, _set("humans", ["USSR", "USSR"])),
        "ai-unknown-bot.json": _resealed(save, _set("ai", "nosuchbot:iters=5")),
        "ai-huge-budget.json": _resealed(save, _set("ai", "ismcts:iters=" + "9" * 30)),
        "level-unknown.json": _resealed(save, _set("level", "godlike")),
        "seed-negative.json": _resealed(save, _set("seed", -5)),
        "seed-too-large.json": _resealed(save, _set("seed", 2**64)),
        "seed-string.json": _resealed(save, _set("seed", "7")),
        "record-other-game.json": _resealed(save, _set("record.game", "ideology")),
        "record-unknown-game.json": _resealed(
            save, lambda o: o.update(game="chess") or o["record"].update(game="chess")
        ),
        "record-action-out-of-range.json": _resealed(save, _set(f"record.actions.{n - 1}", 10**6)),
        "record-action-negative.json": _resealed(save, _set("record.actions.0", -1)),
        "record-action-illegal.json": _resealed(save, _set("record.actions.2", 0)),
        "record-actions-not-a-list.json": _resealed(save, _set("record.actions", "1,2,3")),
        "record-dropped-last-action.json": _resealed(save, _drop_last),
        "record-option-seed.json": _resealed(save, _set("record.options.seed", 3)),
        "record-seats-junk.json": _resealed(save, _set("record.seats", "junk")),
        "record-extra-field.json": _resealed(save, _set("record.note", 1)),
        "record-players-99.json": _resealed(save, _set("record.players", 99)),
        "record-position-edited.json": _resealed(save, _set("record.position.actions", n + 1)),
        "record-game-version.json": _resealed(save, _set("record.game_version", "0.0-old")),
        "bare-record-format-version-9.json": _text(ide | {"format_version": 9}),
        "bare-record-string-actions.json": _text(ide | {"actions": [str(a) for a in ide["actions"]]}),
        "bare-record-dropped-last-action.json": _text(ide | {"actions": ide["actions"][:-1]}),
        "bare-record-option-players.json": _text(ide | {"options": {**ide["options"], "players": 4}}),
        "bare-record-unknown-field.json": _text(ide | {"winner": "me"}),
        "bare-record-seats-junk.json": _text(ide | {"seats": [1, 2, 3]}),
        "bare-record-seed-negative.json": _text(ide | {"seed": -1}),
    }
    return files


def main() -> None:
    """Write every file of the corpus (and remove none)."""
    CORPUS.mkdir(exist_ok=True)
    for name, data in corpus().items():
        (CORPUS / name).write_bytes(data)
    print(f"wrote {len(corpus())} files to {CORPUS}")


if __name__ == "__main__":
    main()
