"""The driver: who is asked now, and what follows a move (the next seat, the end of the game).

One seat decides at a time: the seat whose turn it is (TOY-1). Turns go round in seat order and
skip seats that resigned.
"""
from __future__ import annotations

from core.text import P, say
from core.protocol import Event, Prompt, Result

from .options import option
from .state import State

# Every ending the game can have (Game.result_codes): a code is looked up here, never made from
# the reason's English, and the conformance test checks every random game ends with one of them.
RESULT_CODES = {
    "target": "a seat brought the total to the target or past it (TOY-2)",
    "no-winner": "every hand ran out before the total reached the target",
    "resigned": "every other seat resigned",
}


def prompts(state: State) -> list[Prompt]:
    if state["winner"] is not None:
        return []
    return [Prompt(state["turn"], "turn", asked(state))]


def asked(state: State) -> str:
    """The turn's question, with the running total (the turn's Decision says it too)."""
    return say("Play a card (total {total}/{target}).", total=state["total"], target=option(state, "target"))


def is_asked(state: State, seat: int) -> bool:
    return state["winner"] is None and state["turn"] == seat


def after_move(state: State, seat: int, events: list[Event]) -> None:
    """What follows `seat`'s move: a win at the target, else the next seat's turn, and the end
    without a winner once every hand is empty."""
    if state["total"] >= option(state, "target"):
        state["winner"] = seat
        events.append(Event(say("{player} wins.", player=P(seat))))
        return
    state["turn"] = next_seat(state, seat)
    if not any(state["hands"]):
        state["winner"] = -1


def next_seat(state: State, seat: int) -> int:
    gone = state.get("resigned", [])
    following = [(seat + i) % state["players"] for i in range(1, state["players"] + 1)]
    return next(s for s in following if s not in gone)


def result(state: State) -> Result | None:
    winner = state["winner"]
    if winner is None:
        return None
    if winner == -1:
        return Result((), say("Nobody reached the target."), "no-winner")
    if state["total"] < option(state, "target"):
        return Result((winner,), say("Every other seat resigned."), "resigned")
    return Result((winner,), say("Reached {target}.", target=option(state, "target")), "target")
