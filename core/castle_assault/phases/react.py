"""A reaction window (CA-ACT-REACT-1..5): the victim of an attack plays Academy cards, or passes."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.text import say

from .. import battle
from ..data import CARDS
from ..state import State
from .hand import take_from_hand


def react(s: State, seat: int, move: dict, events: list) -> None:
    """The victim commits reactions, or passes (CA-ACT-REACT-4, CA-ACT-REACT-5)."""
    cards = [] if move["type"] == "pass" else move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-REACT-1")
    if move["type"] == "react" and not cards:
        raise IllegalMove("no-reaction-cards", say("React with at least one Academy card, or pass."),
                          "CA-ACT-REACT-4")
    for card in cards:
        if CARDS.deck[card] != "A":
            raise IllegalMove("not-reaction", say("{card} is not a reaction: only Academy cards react.",
                                                  card=CARDS.label(card)), "CA-ACT-REACT-1")
    battle.react(s, seat, cards, events)
