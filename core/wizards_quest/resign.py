"""A resignation in Wizard's Quest.

Two players: the other one wins (WQ-END-4, the last player standing). More: the resigning
player's men and heroes leave the map, so they are out of the game as a player with no
pieces is (WQ-END-1), with WQ-END-2's rulings: skipped in every "in order" sequence, hand
and boats discarded, their own treasures still on the map removed; WQ-END-4 ends the game
when one player is left. Not during the setup (before round 1) and not while a battle they
fight is being resolved: those are finished first.
"""
from __future__ import annotations

from core import resign
from core.protocol import Event, IllegalMove
from core.text import P, say
from core.wizards_quest import state as S
from core.wizards_quest.effects import check_eliminations
from core.wizards_quest.flow import rng_of, settle
from core.wizards_quest.state import State


def apply(st: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    if st["eliminated"][seat]:
        raise IllegalMove("already-out", say("You are out of the game already."), "WQ-END-1")
    new = S.clone(st)
    ev = [Event(say("{player} resigns.", player=P(seat)))]
    left = resign.other_seats(st["players"], seat, [s for s in range(st["players"]) if st["eliminated"][s]])
    if len(left) == 1:
        new["winners"], new["reason"], new["frames"] = left, f"{{P{seat}}} resigned", []
        ev.append(Event(say("{player} is the last player standing and wins.", player=P(left[0]))))  # WQ-END-4
        return new, ev
    if st["round"] < 1:
        raise IllegalMove("in-setup", say("You can resign once the setup is over (round 1)."), "WQ-END-2")
    if any(f["kind"] == "fight" and seat in (f["attacker"], f["defender"]) for f in st["frames"]):
        raise IllegalMove("battle-pending", say("You are fighting a battle: you can resign once it is over."), "WQ-END-2")
    for t, owner in enumerate(new["owner"]):
        if owner == seat:
            new["owner"][t], new["men"][t] = -1, 0
    S.own(new, "champion")[seat] = -1
    S.own(new, "wizard")[seat] = -1
    new["frames"] = [f for f in new["frames"] if not (f["kind"].startswith("ask-") and f.get("seat") == seat)]
    ev.append(Event(say("{player}'s men and heroes leave the map.", player=P(seat))))
    check_eliminations(new, ev)  # WQ-END-1, WQ-END-2, WQ-END-4
    settle(new, rng_of(st), ev)
    return new, ev
