"""A resignation in Castle Assault.

Two players: the other one wins (CA-END-3: a single castle remains). Three or four: the
resigning player is eliminated as when their castle falls (CA-MULTI-7..13), except that
nobody conquered it: their fortress leaves play (CA-MULTI-13), the cards stationed in it and
their hand and loot go to the discard pile (no conqueror takes spoils, CA-MULTI-12), and
they never act again (standing answers decline every join and reaction; their turns pass,
CA-MULTI-9, having no card to give). The game goes on until a single castle remains
(CA-MULTI-14). While an attack on their own fortress is being fought they cannot resign:
the battle is finished first.
"""
from __future__ import annotations

from core.protocol import IllegalMove
from core.text import P, say

from . import flow
from .state import State, clone, own
from core.records import new_event


def apply(state: State, seat: int, move: dict):
    if not state["alive"][seat]:
        raise IllegalMove("already-out", say("You have no castle any more; there is nothing to resign."),
                          "CA-MULTI-11")
    b = state["battle"]
    if b is not None and seat in (b["attacker"], b["victim"]):
        raise IllegalMove("battle-pending", say("You are fighting a battle: you can resign once it is over."),
                          "CA-MULTI-2")
    s = clone(state)
    events = [new_event((say("{player} resigns.", player=P(seat)), None, None))]
    left = [p for p in range(s["players"]) if p != seat and s["alive"][p]]
    if len(left) == 1:
        flow.finish(s, left[0], flow.resigned(P(seat), P(left[0])), events)  # CA-END-3
        return s, events
    _leave(s, seat, events)
    if s["turn"] == seat and s["phase"] in ("act", "gift"):
        flow.next_turn(s, events)
    flow.advance(s, events)  # a join they were asked about is declined by their standing answer
    return s, events


def _leave(s: State, seat: int, events: list) -> None:
    """Eliminated without a conqueror (CA-MULTI-7, -12, -13)."""
    own(s, "alive")[seat] = False
    own(s, "standing")[seat] = [1, 1]  # declines every join, passes every reaction
    dropped = s["hands"][seat] + s["loot"][seat]
    s["hands"][seat], own(s, "loot")[seat] = [], []
    for post in s["posts"][seat]:
        dropped.extend(post[2])
    s["discard"].extend(dropped)
    own(s, "out_of_game").extend(post[0] for post in s["posts"][seat])
    own(s, "posts")[seat] = []
    events.append(new_event((say("{player}'s fortress leaves play and their cards are discarded.", player=P(seat)), None, None)))
