"""Setup: each player in order puts a man on an empty castle (WQ-SETUP-3)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import P, say
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS, name
from core.wizards_quest.notation import bad, terr
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State


def empty_castles(st: State) -> list[int]:
    own = st["owner"]
    return [k for k in board.CASTLE_IDS if own[k] == -1]


def castle_legal(st: State, f: Frame) -> list[dict]:
    return [{"type": "castle", "at": IDS[k]} for k in empty_castles(st)]


def castle_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    t = terr(mv.get("at"), "WQ-SETUP-3")
    if not board.IS_CASTLE[t] or st["owner"][t] != -1:
        bad(say("{territory} is not an empty castle.", territory=IDS[t]), "WQ-SETUP-3", legal=[f"castle {m['at']}" for m in castle_legal(st, f)])
    put_setup_man(st, f, t, ev)


def put_setup_man(st: State, f: Frame, t: int, ev: list[Event]) -> None:
    """The asked seat's man on `t`, an empty castle or county checked already (WQ-SETUP-3, -6)."""
    st["frames"].pop()
    S.add_men(st, f["seat"], t, 1)
    if ev is not QUIET:
        told = S.TOLD.get(("puts", f["seat"], t))
        ev.append(told or S.TOLD.keep(("puts", f["seat"], t),
                                      Event(say("{player} puts a man on {where}.", player=P(f["seat"]), where=name(t)))))



DECISION = Decision("castle", moves=frozenset({"castle"}), rule="WQ-SETUP-3", prompt="setup",
                    text=say("Put a man on an empty castle."), legal=castle_legal, resolve=castle_resolve)
