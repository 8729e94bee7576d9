"""One game at the terminal, without the terminal: seats, bots, dice, the log and undo.

The session moves the game on by itself for chance nodes (dice sampled from a
``random.Random`` seeded by the game seed and the move number, so the same position always
gets the same roll, after an undo or a reload too) and for AI seats, and stops at each human
decision. Every action is applied to a clone first, so an engine error never leaves a
half-applied position behind. Nothing here reads input or prints.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from realpolitik.ai.bots import Bot, make_bot
from realpolitik.ai.evaluators import sample_chance
from realpolitik.cli.screen import Renderer, seat_name
from realpolitik.engine.core.api import CHANCE, TERMINAL, Game, State
from realpolitik.engine.core.records import replay

__all__ = ["EngineFailure", "LogEntry", "Session", "Thinker"]

Thinker = Callable[[Bot, State, int], int]
"""``think(bot, state, seat) -> action``: how the UI runs a bot (e.g. with a progress bar)."""


class EngineFailure(Exception):
    """The engine or a bot failed while the program moved the game on; the position before
    the failing action is intact in the session."""


@dataclass
class LogEntry:
    """One applied action as the log shows it.

    Attributes:
        index: Its position in the history (the number of actions before it).
        actor: The seat that chose it, or ``CHANCE``.
        texts: Per viewer seat, the lines it may see (the first describes the action).
    """

    index: int
    actor: int
    texts: dict[int, list[str]] = field(default_factory=dict)


def movers_of(game: Game, state: State) -> list[tuple[int, bool]]:
    """For each action of ``state``'s history: who chose it, and whether it was a real choice
    (more than one legal action). Found by replaying the record."""
    record = state.to_json()
    actions = list(record.get("actions", state.history))
    s = replay(game, record, upto=0)
    out = []
    for a in actions:
        p = s.current_player()
        out.append((p, p >= 0 and len(s.legal_actions()) > 1))
        s.apply_action(a)
    return out


@dataclass(eq=False)
class Session:
    """A game in progress with human and AI seats.

    Attributes:
        game: The game.
        state: The position to continue from.
        humans: Human seat indices (the rest are AI); the session keeps its own copy.
        ai: The AI's bot spec (one fresh bot per AI seat).
        level: The level the spec came from, or None.
        seed: Seed of the dice.
        renderer: Used to word the log.
        bots: The bot of each AI seat.
        log: The applied actions as the log shows them.
        movers: For each action of the history, who chose it and whether it was a real choice.
    """

    game: Game
    state: State
    humans: list[int]
    ai: str
    level: str | None
    seed: int
    renderer: Renderer
    bots: dict[int, Bot] = field(init=False)
    log: list[LogEntry] = field(init=False, default_factory=list)
    movers: list[tuple[int, bool]] = field(init=False)

    def __post_init__(self) -> None:
        self.humans = list(self.humans)
        self.bots = {
            seat: make_bot(self.ai) for seat in range(self.state.num_players()) if seat not in self.humans
        }
        self.movers = movers_of(self.game, self.state) if self.state.history else []

    # ----- who is where
    def seat_name(self, seat: int) -> str:
        """Name of a seat."""
        return seat_name(self.state, seat)

    def to_move(self) -> int:
        """The player to move (a seat, ``CHANCE`` or ``TERMINAL``)."""
        return self.state.current_player()

    def human_to_move(self) -> int | None:
        """The human seat to decide now, or None."""
        p = self.state.current_player()
        return p if p in self.humans else None

    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal()

    # ----- moving on
    def dice(self) -> random.Random:
        """The RNG for the chance node at the current move number."""
        return random.Random(f"{self.seed}:{len(self.state.history)}")

    def apply(self, action: int) -> LogEntry:
        """Apply ``action`` for whoever is to move, on a clone, and log it.

        Raises:
            IllegalAction: for an illegal action (the position is unchanged).
            Exception: whatever the engine raises (the position is unchanged).
        """
        before = self.state
        actor = before.current_player()
        choice = actor >= 0 and len(before.legal_actions()) > 1
        after = before.clone()
        after.apply_action(action)
        entry = LogEntry(len(before.history), actor)
        for viewer in self.humans:
            lines = [self.renderer.describe_action(before, action, viewer)]
            lines.extend(self.renderer.describe_change(before, action, after, viewer))
            entry.texts[viewer] = lines
        self.state = after
        self.movers.append((actor, choice))
        self.log.append(entry)
        return entry

    def step(self, think: Thinker) -> LogEntry | None:
        """One move that needs no human: a die roll or an AI decision.

        Returns:
            The log entry, or None when a human is to move or the game is over.

        Raises:
            EngineFailure: when the engine or the bot fails (the position is intact).
        """
        p = self.state.current_player()
        if p == TERMINAL or p in self.humans:
            return None
        limit = self.game.spec.max_game_length
        if len(self.state.history) >= limit:
            raise EngineFailure(f"the game did not end within {limit} actions")
        try:
            if p == CHANCE:
                action = sample_chance(self.state.chance_outcomes(), self.dice())
            else:
                action = think(self.bots[p], self.state, p)
                if action not in self.state.legal_actions():
                    raise EngineFailure(f"the AI chose an illegal action ({action})")
            return self.apply(action)
        except EngineFailure:
            raise
        except Exception as exc:
            who = "the dice" if p == CHANCE else f"the AI ({self.seat_name(p)})"
            raise EngineFailure(f"{who}: {type(exc).__name__}: {exc}") from exc

    # ----- undo
    def undo_target(self, seat: int) -> int | None:
        """History length just before ``seat``'s previous real decision (forced moves, with
        one legal action, are skipped), or None."""
        for i in range(len(self.movers) - 1, -1, -1):
            if self.movers[i] == (seat, True):
                return i
        return None

    def undo(self, seat: int) -> bool:
        """Go back to just before ``seat``'s previous decision (later moves, the AI's and
        other humans', are taken back too).

        Returns:
            False when ``seat`` has made no decision yet.
        """
        target = self.undo_target(seat)
        if target is None:
            return False
        self.state = replay(self.game, self.state.to_json(), upto=target)
        del self.movers[target:]
        self.log = [e for e in self.log if e.index < target]
        return True
