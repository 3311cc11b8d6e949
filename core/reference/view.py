"""What a seat may see, and its terminal rendering.

Hidden information (`Game.hidden_information`): the deck from everyone, each hand from the other
seats. `hidden_from` lists those card ids; the conformance test checks that no view holds one
of them (nor the seed), and core/undo.py uses them to tell a move that revealed something.
"""
from __future__ import annotations

from core.text import join, say

from .data import VALUES
from .options import option
from .state import State


def view(state: State, seat: int | None) -> dict:
    return {"total": state["total"], "target": option(state, "target"), "turn": state["turn"],
            "deck": len(state["deck"]), "hand_sizes": [len(h) for h in state["hands"]],
            "hand": list(state["hands"][seat]) if seat is not None else None,
            "winner": state["winner"]}


def hidden_from(state: State, seat: int | None) -> list[str]:
    hidden = list(state["deck"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            hidden += hand
    return hidden


def render(v: dict, seat: int | None) -> str:
    hand = " ".join(f"{c}({VALUES[c]})" for c in v["hand"] or []) or "-"
    return join("\n", [say("Total {total}/{target}, seat {seat} to play, deck {deck}", total=v["total"],
                           target=v["target"], seat=v["turn"], deck=v["deck"]),
                       say("Hand sizes: {sizes}", sizes=str(v["hand_sizes"])), say("Your hand: {hand}", hand=hand)])
