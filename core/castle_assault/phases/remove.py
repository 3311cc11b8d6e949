"""A removal choice (CA-ACT-REACT-8): which attack card a Sabotage or Boiling Oil takes out."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.text import say

from .. import battle
from ..data import CARDS
from ..state import State, the_battle


def remove(s: State, move: dict, events: list) -> None:
    """The victim picks the card a Sabotage or Boiling Oil removes (CA-ACT-REACT-8)."""
    b = the_battle(s)
    options = battle.removal_candidates(b, b["pending_removals"][0])
    if move["card"] not in options:
        raise IllegalMove("cannot-remove", say("Your {reaction} can remove only one of: {cards}.",
                                               reaction=CARDS.name(b["pending_removals"][0]),
                                               cards=", ".join(options)), "CA-ACT-REACT-8")
    battle.remove(s, move["card"], events)
