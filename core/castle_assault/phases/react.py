"""A reaction window (CA-ACT-REACT-1..5): the victim of an attack plays Academy cards, or passes."""
from __future__ import annotations

from core.memo import Memo
from core.phase import Decision
from core.protocol import IllegalMove
from core.text import Msg, say

from .. import battle, legal
from ..data import CARDS
from ..flow import react_auto
from ..state import Battle, State, the_battle
from ..zones import post_name, resolve_target, target_of
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


def asked(s: State, seat: int) -> Msg:
    """The window's prompt: the victim's card under attack, by day or by night."""
    b = the_battle(s)
    key = (b["attacker"], b["night_card"] is None, b["target"], resolve_target(s, b["target"]))
    said = SAID.get(key)
    if said is None:
        if b["night_card"]:
            said = say("Your {target} is under night attack (cards hidden): react with Academy cards, or pass.",
                       target=target_owned(s, b))
        else:
            said = say("Your {target} is under attack: react with Academy cards, or pass.", target=target_owned(s, b))
        SAID.keep(key, said)
    return said


SAID = Memo(4096)


def target_owned(s: State, b: Battle) -> Msg:
    """The victim's own card under attack, as 'Your ...' names it."""
    owner, index, card = target_of(s, b)
    if card is not None:
        return say("{card} on {post}", card=CARDS.name(card), post=post_name(index))
    return say("castle") if index == 0 else say("wall {post}", post=post_name(index))


# The victim of an attack, asked to react (CA-ACT-REACT-1) unless nobody asks it (react_auto).
DECISION = Decision("react", moves=frozenset({"react", "pass"}), rule="CA-ACT-REACT-1", prompt="reaction",
                    describe=asked, legal=legal.window_moves, resolve=react, auto=react_auto, code="wrong-move-now",
                    wrong=say("You may react with Academy cards, or pass."))
