"""One module per kind of decision, each declaring its `Decision` record (core/phase.py): `turn`
(the phase `act`, a turn's action), `gift` (the turn of a seat without a castle), `join` and
`react` (the out-of-turn windows of a battle), `remove` (the victim's removal choice);
`standing` (standing answers, any time) and `hand` (what they share) ask nothing.

DECISIONS is the explicit registry, by the state's phase: the seat flow.prompted_seat names is
asked its phase's question (`prompts`), offered its answers (`legal_moves`), refused any other
move (`check_allowed`) and has its answer carried out (`decide`); flow.advance then runs
whatever follows automatically.
"""
from __future__ import annotations

from core.phase import check, decide as carry_out, prompt, registry
from core.protocol import Event, Prompt

from ..flow import prompted_seat
from ..legal import STANDING
from ..state import State
from . import gift, join, react, remove, turn

DECISIONS = registry((turn.DECISION, gift.DECISION, join.DECISION, react.DECISION, remove.DECISION))


def prompts(s: State) -> list[Prompt]:
    seat = prompted_seat(s)
    if seat is None:
        return []
    return [prompt(DECISIONS[s["phase"]], seat, s, seat)]


def legal_moves(s: State, seat: int) -> list[dict]:
    """The prompted seat's answers, then the standing answers (any seat, any time)."""
    if s["phase"] == "over" or isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s["players"]:
        return []
    if prompted_seat(s) != seat:
        return list(STANDING)
    return DECISIONS[s["phase"]].legal(s, seat) + STANDING


def check_allowed(state: State, kind: str) -> None:
    """Refuse a move the current phase does not ask for, saying what it does ask for (the
    server lists the legal moves beside the error)."""
    check(DECISIONS[state["phase"]], kind)


def decide(s: State, seat: int, move: dict, events: list[Event]) -> None:
    """Apply the prompted seat's decision to the working copy `s` (already checked by check_allowed)."""
    carry_out(DECISIONS[s["phase"]], s, seat, move, events)
