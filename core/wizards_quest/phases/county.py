"""Setup: players in turn put a man on an empty county until none is left (WQ-SETUP-6)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import say
from core.wizards_quest import board
from core.wizards_quest.board import IDS
from core.wizards_quest.notation import bad, terr
from core.phase import Decision
from core.wizards_quest.phases.castle import put_setup_man
from core.wizards_quest.state import Frame, State


def empty_counties(st: State) -> list[int]:
    own = st["owner"]
    return [t for t in range(board.COUNTIES) if own[t] == -1]


def county_legal(st: State, f: Frame) -> list[dict]:
    return [{"type": "county", "at": IDS[t]} for t in empty_counties(st)]


def county_auto(st: State, f: Frame) -> dict | None:
    """The last empty county is taken without asking (counted in C: asked after every county)."""
    own = st["owner"]
    if own[:board.COUNTIES].count(-1) != 1:
        return None
    return {"type": "county", "at": IDS[own.index(-1)]}  # the counties come first on the map


def county_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    t = terr(mv.get("at"), "WQ-SETUP-6")
    if board.IS_CASTLE[t] or st["owner"][t] != -1:
        bad(say("{territory} is not an empty county.", territory=IDS[t]), "WQ-SETUP-6")
    put_setup_man(st, f, t, ev)



DECISION = Decision("county", moves=frozenset({"county"}), rule="WQ-SETUP-6", prompt="setup",
                    text=say("Put a man on an empty county."), legal=county_legal, resolve=county_resolve,
                    auto=county_auto)
