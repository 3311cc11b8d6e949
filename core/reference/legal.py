"""The legal moves, and the random player (the conformance test checks that every move it
chooses is accepted, and `random_playout` plays it)."""
from __future__ import annotations

from core.rng import Rng

from .state import State


def legal_moves(state: State, seat: int) -> list[dict]:
    """Every legal move of `seat`: each card of its hand, or the pass of an empty hand (TOY-2);
    none for a seat that is not asked."""
    if state["winner"] is not None or seat != state["turn"]:
        return []
    return [{"play": card} for card in state["hands"][seat]] or [{"pass": True}]


def random_move(state: State, seat: int, rng: Rng) -> dict:
    return rng.choice(legal_moves(state, seat))
