"""The state of Race to 21: a JSON-ready dict, stored as it is (`to_json` is the state itself).

A real game declares here a `TypedDict` per part of its state, one comment per key, and
`FORMAT_1` when a later state format renamed keys (core/statekeys.py); this game is at state
format 1 and has one part.
"""
from __future__ import annotations

from typing import NotRequired, TypedDict


class State(TypedDict):
    seed: str  # the game's seed: never in a view (core/bots/worlds.py draws a fresh one for a sampled world)
    rng: int  # the random stream's counter after the deal (core/rng.py); nothing is drawn later
    players: int  # seats 0..players-1, in turn order
    options: dict  # the normalized options the game was created with (read by options.option)
    deck: list[str]  # the draw pile, top first: hidden from every seat
    hands: list[list[str]]  # each seat's cards, sorted: hidden from the other seats
    total: int  # the shared total of the cards played
    turn: int  # the seat to play
    winner: int | None  # None while the game runs; a seat; -1 when it ended without a winner
    resigned: NotRequired[list[int]]  # seats that resigned; absent until someone does (TOY-1)


def clone(state: State) -> State:
    """A copy a move may change: only what a move changes is copied (the hands and the deck),
    which a generic deep copy cannot know."""
    new = dict(state)
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["deck"] = list(state["deck"])
    return new  # type: ignore[return-value]
