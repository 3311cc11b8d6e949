"""A join window (CA-MULTI-4): another player's attack, joined with attack cards or passed."""
from __future__ import annotations

from core.memo import Memo
from core.phase import Decision
from core.protocol import IllegalMove
from core.text import Msg, P, say

from .. import battle, legal
from ..data import CARDS
from ..flow import join_auto
from ..state import State, the_battle
from ..zones import resolve_target
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


def asked(s: State, seat: int) -> Msg:
    """The window's prompt: whose attack, on what, by day or by night."""
    b = the_battle(s)
    # It depends only on these: the same battle asks every joiner the same question.
    key = (b["attacker"], b["night_card"] is None, b["target"], resolve_target(s, b["target"]))
    said = SAID.get(key)
    if said is None:
        target = battle.target_label(s, b["target"])
        if b["night_card"]:
            said = say("{player}'s night attack on {target}: join it with attack cards, or pass.",
                       player=P(b["attacker"]), target=target)
        else:
            said = say("{player}'s attack on {target}: join it with attack cards, or pass.", player=P(b["attacker"]),
                       target=target)
        SAID.keep(key, said)
    return said


SAID = Memo(4096)

# Another player's attack (CA-MULTI-4), each possible joiner asked in turn (CA-MULTI-5).
DECISION = Decision("join", moves=frozenset({"join", "pass"}), rule="CA-MULTI-4", prompt="join", describe=asked,
                    legal=legal.window_moves, resolve=join, auto=join_auto, code="wrong-move-now",
                    wrong=say("You may join this attack with attack cards, or pass."))
