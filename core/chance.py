"""Did a move involve chance or reveal something hidden? For previews and undo by consent.

A preview (dry run) and an undo are only safe for moves whose outcome the mover could
work out alone: no draw from the random stream (a die, a shuffle, a random discard) and
nothing that was hidden from a seat before the move (a card drawn from a deck, a face-down
card turned) appearing in that seat's view after it. Both are checked from the outside,
through the protocol, so every engine gets them without code of its own; an engine may
still override `Game.undoable` with a finer judgement.
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass

from core.rng import draw_counter


@contextmanager
def counting_draws():
    """Count every block drawn from any `core.rng.Rng` inside the block: yields a one-item list."""
    counter = [0]
    token = draw_counter.set(counter)
    try:
        yield counter
    finally:
        draw_counter.reset(token)


@dataclass
class Trial:
    """A move applied without being played: the new state and events, and what it involved."""

    state: object
    events: list
    draws: int  # random blocks drawn while applying
    revealed_to: tuple  # seats (None: spectators) whose view now shows something hidden before

    @property
    def deterministic(self) -> bool:
        return self.draws == 0 and not self.revealed_to


def trial(game, state, seat: int, move: dict, watch) -> Trial:
    """Apply `move` for `seat` (IllegalMove propagates) and judge it; `watch` lists the seats
    (None for spectators) whose views are checked for newly revealed secrets."""
    with counting_draws() as counter:
        new_state, events = game.apply(state, seat, move)
    revealed = tuple(s for s in watch if _newly_visible(game, state, new_state, s))
    return Trial(new_state, events, counter[0], revealed)


def every_seat(players: int) -> list:
    """Every seat and the spectators: whom an undo must have told nothing."""
    return list(range(players)) + [None]


def _newly_visible(game, before, after, seat) -> bool:
    """Does `seat`'s view after the move show a token that was hidden from it before?"""
    hidden = set(game.hidden_from(before, seat))
    if not hidden:
        return False
    text = json.dumps(game.view(after, seat))
    return any(f'"{token}"' in text for token in hidden)
