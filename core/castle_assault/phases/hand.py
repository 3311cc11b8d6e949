"""The hand as the phases use it: naming cards from it, spending them, drawing into it."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.text import say

from ..battle import names
from ..data import CARDS
from ..state import State
from core.records import new_event
from ..zones import draw_village


def take_from_hand(s: State, seat: int, cards: list[str], rule: str) -> None:
    """Every card must be in the hand, each named once."""
    hand = s["hands"][seat]
    if len(set(cards)) != len(cards):
        raise IllegalMove("duplicate-card", say("A card can be named only once in a move."), rule)
    for card in cards:
        if card not in hand:
            raise IllegalMove("not-in-hand", say("{card} is not in your hand.", card=CARDS.label(card)), rule)


def keys_of(cards: list[str]) -> list[str]:
    return [CARDS.key[c] for c in cards]


def spend(s: State, seat: int, cards: list[str]) -> None:
    hand = s["hands"][seat]
    for card in cards:
        hand.remove(card)
    s["discard"].extend(cards)


def draw_cards(s: State, seat: int, count: int, events: list) -> list[str]:
    got = []
    for _ in range(count):
        card = draw_village(s, events)
        if card is None:
            break
        got.append(card)
    s["hands"][seat].extend(got)
    if got:
        events.append(new_event((say("You drew {cards}.", cards=names(got)), (seat,), None)))
    return got
