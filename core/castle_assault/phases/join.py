"""A join window (CA-MULTI-4): another player's attack, joined with attack cards or passed."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.text import say

from .. import battle
from ..data import CARDS
from ..state import State
from .hand import take_from_hand


def join(s: State, seat: int, move: dict, events: list) -> None:
    """Join the attack with attack cards (CA-MULTI-4), or pass."""
    if move["type"] == "pass":
        battle.decline(s)            # never announced: a standing answer passes silently too
        return
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-MULTI-4")
    if not cards:
        raise IllegalMove("no-join-cards", say("Join with at least one card, or pass."), "CA-MULTI-4")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", say("{card} cannot join an attack: only Soldiers, Archers and Siege "
                                                     "cards.", card=CARDS.label(card)), "CA-MULTI-4")
    battle.join(s, seat, cards, events)
