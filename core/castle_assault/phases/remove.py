"""A removal choice (CA-ACT-REACT-8): which attack card a Sabotage or Boiling Oil takes out."""
from __future__ import annotations

from core.phase import Decision
from core.protocol import IllegalMove
from core.text import Msg, say

from .. import battle, legal
from ..data import CARDS
from ..state import State, the_battle


def remove(s: State, seat: int, move: dict, events: list) -> None:
    """The victim picks the card a Sabotage or Boiling Oil removes (CA-ACT-REACT-8)."""
    b = the_battle(s)
    options = battle.removal_candidates(b, b["pending_removals"][0])
    if move["card"] not in options:
        raise IllegalMove("cannot-remove", say("Your {reaction} can remove only one of: {cards}.",
                                               reaction=CARDS.name(b["pending_removals"][0]),
                                               cards=", ".join(options)), "CA-ACT-REACT-8")
    battle.remove(s, move["card"], events)


def asked(s: State, seat: int) -> Msg:
    return say("Choose the attack card your {reaction} removes.", reaction=CARDS.name(the_battle(s)["pending_removals"][0]))


# The victim's choice of the card a removal reaction takes out (CA-ACT-REACT-8); a removal
# without a real choice is flow's automatic step (battle.settle_trivial_removals), since one
# that finds nothing to remove has no answer at all.
DECISION = Decision("remove", moves=frozenset({"remove"}), rule="CA-ACT-REACT-8", prompt="choice", describe=asked,
                    legal=legal.remove_moves, resolve=remove, code="wrong-move-now",
                    wrong=say("Choose the attack card your reaction removes: remove <card>."))
