"""One module per kind of decision, each declaring its `Decision` record (core/phase.py): `turn`
(the phase `act`, a turn's action), `gift` (the turn of a seat without a castle), `join` and
`react` (the out-of-turn windows of a battle), `remove` (the victim's removal choice);
`standing` (standing answers, any time) and `hand` (what they share) ask nothing.

DECISIONS is the explicit registry, by the state's phase: the seat flow.prompted_seat names is
asked its phase's question (`prompts`) and offered its answers (`legal_moves`); game.py's
`apply_decision` refuses any other move (core.phase.check) and has the answer carried out
(core.phase.decide); flow.advance then runs whatever follows automatically.
"""
from __future__ import annotations

from core.phase import prompt, registry
from core.protocol import Prompt

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
