"""What a resignation does in Race to 21 (core/resign.py: the move every game accepts).

The resigning seat's cards leave the game and its turns are skipped from then on (TOY-1); when
one seat is left, it wins (result code "resigned"). The key "resigned" appears in the state only
once someone resigns, so the states of games without a resignation keep their hashes.
"""
from __future__ import annotations

from core.text import P, say
from core import resign
from core.protocol import Event

from . import flow
from .state import State, clone


def apply(state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    gone = sorted(set(state.get("resigned", [])) | {seat})
    new = clone(state)
    new["resigned"] = gone
    new["hands"][seat] = []
    events = [Event(say("{player} resigns.", player=P(seat)))]
    left = resign.other_seats(state["players"], seat, gone)
    if len(left) == 1:
        new["winner"] = left[0]
        events.append(Event(say("{player} wins.", player=P(left[0]))))
    elif state["turn"] == seat:
        new["turn"] = flow.next_seat(new, seat)
    return new, events
