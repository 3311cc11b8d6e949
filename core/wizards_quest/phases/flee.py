"""Where a beaten creature flees: the winner picks the duchy, a die the county (WQ-SPECIAL-7)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import say
from core.wizards_quest.effects import send_creature
from core.wizards_quest.notation import duchy
from core.phase import Decision
from core.wizards_quest.state import Frame, State


def flee_legal(st: State, f: Frame) -> list[dict]:
    return [{"type": "flee", "duchy": d} for d in range(1, 7)]


def flee_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    d = duchy(mv.get("duchy"), "WQ-SPECIAL-7")
    st["frames"].pop()
    send_creature(st, f["who"], d, rng, ev)



DECISION = Decision("flee", moves=frozenset({"flee"}), rule="WQ-SPECIAL-7", prompt="flee",
                    text=say("Choose the duchy the beaten creature flees to."), legal=flee_legal, resolve=flee_resolve)
