"""How good a position is for a seat, for the greedy and search bots (core/bots/levels.py).

A win is 1 and a loss 0. Before the end: the total within reach of the seat to play (5 or less
short of the target) is good for that seat and bad for the others, since it may win with its
next card; otherwise every seat is even.
"""
from __future__ import annotations

from .options import option


def evaluate(state: dict, seat: int) -> float:
    winner = state["winner"]
    if winner is not None:
        return 1.0 if winner == seat else 0.0
    if option(state, "target") - state["total"] > 5:
        return 0.5
    return 0.8 if state["turn"] == seat else 0.2
