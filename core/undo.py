"""Undo by consent, as the log records it: `{"type": "undo", "seq": N}` returns to the state
before move N, which must be the entry just before it. The log stays append-only: the undo
is a new entry, and a replay (verify, `herald replay`) walks it with `Replayer`, which keeps
the one earlier state an undo can return to.

Which moves may be undone is the engine's call (`Game.undoable`); by default a move that drew
nothing from the random stream and showed no seat anything hidden from it before
(core/chance.py), and never a resignation.
"""
from __future__ import annotations

from core import chance, resign
from core.records import Event, IllegalMove
from core.text import say

KIND = "undo"


def is_undo(move) -> bool:
    return isinstance(move, dict) and move.get("type") == KIND


def entry(seq: int) -> dict:
    return {"type": KIND, "seq": seq}


def text(move: dict) -> str:
    return f"undo move {move['seq']}"


def notation(game, move: dict) -> str:
    """A logged move's notation: an undo entry's own, else the game's (as the log stores it)."""
    return text(move) if is_undo(move) else game.format(move)


def public(game, state, seat: int, move: dict) -> bool:
    """Whether every seat may see who made a logged move: an undo entry always, else the game says."""
    return True if is_undo(move) else bool(game.public_move(state, seat, move))


def undoable(game, state_before, seat: int, move: dict, players: int) -> bool:
    """The default judgement: a public move (asking the others to take back a hidden one would
    tell them it was made, and what), nothing random, nothing revealed to anyone, not a
    resignation."""
    if resign.is_resign(move) or is_undo(move) or not game.public_move(state_before, seat, move):
        return False
    try:
        return chance.trial(game, state_before, seat, move, chance.every_seat(players)).deterministic
    except IllegalMove:
        return False


class Replayer:
    """Steps through a log from the starting state, undo entries included."""

    def __init__(self, game, state):
        self.game = game
        self.state = state
        self.before_last = None  # the state before the latest entry, where an undo returns to
        self.seq = 0

    def advance(self, seat: int, move: dict):
        """The state after the next entry, without its events (`Game.next_state`): the same checks
        and state as `step`, for verify and rebuilds, which never read what happened."""
        if is_undo(move):
            return self.step(seat, move)[0]
        new_state = self.game.next_state(self.state, seat, move)
        self.before_last, self.state = self.state, new_state
        self.seq += 1
        return new_state

    def step(self, seat: int, move: dict):
        if is_undo(move):
            if move != entry(self.seq - 1) or self.before_last is None:
                raise IllegalMove("bad-undo", say("An undo at entry {seq} may only take back entry {last}.",
                                                  seq=self.seq, last=self.seq - 1))
            new_state, events = self.before_last, [Event(say("Move {seq} is taken back by consent.", seq=move["seq"]))]
            self.before_last = None  # an undo is never undone
        else:
            new_state, events = self.game.apply(self.state, seat, move)
            self.before_last = self.state
        self.state = new_state
        self.seq += 1
        return new_state, events
