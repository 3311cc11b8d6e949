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


def prompts(state: State) -> list[Prompt]:
    """Game.prompts: the prompted seat's one Prompt (none once the game is over). A turn's
    prompt comes from TURN_PROMPTS (most moves are turns): `prompt` of the turn's decision
    made once per seat, King turn and actions left, which is all its sentence reads when the hand
    holds a card (an empty one outside a King turn is asked for a take-back, CA-TURN-7)."""
    if state["phase"] == "act":
        turn, actions, king_turn = state["turn"], state["actions"], state["king_turn"]
        if 0 <= turn < 4 and 0 < actions < 4 and (king_turn or state["hands"][turn]):
            return [TURN_PROMPT_ROWS[turn][king_turn][actions - 1]]  # (TURN_PROMPTS[...], without a key to hash)
    seat = prompted_seat(state)
    if seat is None:
        return []
    return [prompt(DECISIONS[state["phase"]], seat, state, seat)]


# A King played inside a King turn leaves 3 actions (CA-ACT-KING-6); the hands hold a card.
TURN_PROMPTS = {(seat, king, actions): prompt(turn.DECISION, seat, {"king_turn": king, "actions": actions,
                                                                   "hands": [["held"]] * 4}, seat)
                for seat in range(4) for king in (False, True) for actions in (1, 2, 3)}
TURN_PROMPT_ROWS = [[tuple(TURN_PROMPTS[seat, king, actions] for actions in (1, 2, 3)) for king in (False, True)]
                    for seat in range(4)]  # by seat, King turn (0, 1) and actions left - 1 (0, 1, 2)


def legal_moves(s: State, seat: int) -> list[dict]:
    """The prompted seat's answers, then the standing answers (any seat, any time)."""
    if s["phase"] == "over" or isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s["players"]:
        return []
    if prompted_seat(s) != seat:
        return list(STANDING)
    return DECISIONS[s["phase"]].legal(s, seat) + STANDING
