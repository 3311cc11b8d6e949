"""The turn (TOY-2): play a card of your hand, its value added to the total, then draw one;
pass only with an empty hand."""
from __future__ import annotations

from core.phase import Decision
from core.protocol import Event, IllegalMove
from core.text import P, say

from .. import flow, legal
from ..data import VALUES
from ..notation import format_move
from ..state import State, clone


def decide(state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    """A well-formed move by the seat whose turn it is (Game.apply's preamble checked both)."""
    choices = legal.legal_moves(state, seat)
    if move not in choices:
        raise IllegalMove("not-in-hand", say("You can only play a card from your hand."), "TOY-2",
                          [format_move(m) for m in choices])
    new = clone(state)
    events: list[Event] = []
    if "play" in move:
        play(new, seat, move["play"], events)
    else:
        events.append(Event(say("{player} passed.", player=P(seat))))
    flow.after_move(new, seat, events)
    return new, events


DECISION = Decision("turn", moves=frozenset({"play", "pass"}), rule="TOY-2", prompt="turn", describe=flow.asked,
                    legal=legal.legal_moves, resolve=decide)


def play(state: State, seat: int, card: str, events: list[Event]) -> None:
    state["hands"][seat].remove(card)
    state["total"] += VALUES[card]
    events.append(Event(say("{player} played {value}; total {total}.", player=P(seat), value=VALUES[card],
                            total=state["total"])))
    if state["deck"]:
        drawn = state["deck"].pop(0)
        state["hands"][seat] = sorted(state["hands"][seat] + [drawn], key=lambda c: int(c[1:]))
        events.append(Event(say("You drew a {value} ({card}).", value=VALUES[drawn], card=drawn), (seat,)))  # only the drawer sees it
