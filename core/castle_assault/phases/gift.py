"""The turn of a player whose castle has fallen (CA-TURN-8, CA-MULTI-9): give cards to a
player who still has one, or pass."""
from __future__ import annotations

from core.phase import Decision
from core.protocol import IllegalMove
from core.text import P, join as joined, say, say_n

from .. import legal
from ..battle import names
from ..flow import end_action
from ..options import option
from ..state import State
from core.records import new_event
from .hand import take_from_hand


def give(s: State, seat: int, move: dict, events: list) -> None:
    cards, to = move["cards"], move["to"]
    take_from_hand(s, seat, cards, "CA-MULTI-9")
    limit_one = option(s, "gift") == "one"
    if not cards or (limit_one and len(cards) != 1):
        raise IllegalMove("bad-gift", say("Give exactly one card.") if limit_one else say("Give at least one card."),
                          "CA-MULTI-9")
    if not (0 <= to < s["players"]) or to == seat or not s["alive"][to]:
        if not 0 <= to < s["players"]:
            who = say("There is no seat {seat}.", seat=to)
        elif to == seat:
            who = say("You cannot give to yourself.")
        else:
            who = say("Seat {seat} has lost their castle too.", seat=to)
        living = joined(", ", [say("seat {seat}", seat=p) for p in range(s["players"]) if s["alive"][p] and p != seat])
        raise IllegalMove("bad-recipient", say("{why} Cards can be given only to a player who still has a castle: "
                                               "{seats}.", why=who, seats=living), "CA-MULTI-9")
    for card in cards:
        s["hands"][seat].remove(card)
        s["hands"][to].append(card)
    events.append(new_event((say_n("{player} gives {n} card to {receiver}.", "{player} gives {n} cards to {receiver}.",
                              len(cards), player=P(seat), receiver=P(to)), None, None)))
    events.append(new_event((say("You received {cards} from {player}.", cards=names(cards), player=P(seat)), (to,), None)))
    events.append(new_event((say("You gave {cards} to {receiver}.", cards=names(cards), receiver=P(to)), (seat,), None)))
    end_action(s, events)


def gift_pass(s: State, seat: int, move: dict, events: list) -> None:
    events.append(new_event((say("{player} passes.", player=P(seat)), None, None)))
    end_action(s, events)


def gift(s: State, seat: int, move: dict, events: list) -> None:
    (give if move["type"] == "give" else gift_pass)(s, seat, move, events)


def asked(s: State, seat: int) -> str:
    """The gift turn's prompt, as option "gift" sizes it: one card (`one`) or any number (`any`)."""
    return ASKED[option(s, "gift")]


def wrong(s: State, seat: int) -> str:
    return WRONG[option(s, "gift")]


ASKED = {"one": say("You have no castle: give a card to a player who still has one, or pass."),
         "any": say("You have no castle: give one or more cards to a player who still has one, or pass.")}
WRONG = {"one": say("Without a castle your turn is: give a card to a player who still has a castle, or pass."),
         "any": say("Without a castle your turn is: give one or more cards to a player who still has a castle, or "
                    "pass.")}

DECISION = Decision(
    "gift", moves=frozenset({"give", "pass"}), rule="CA-MULTI-9", prompt="turn", describe=asked,
    legal=legal.gift_moves, resolve=gift, code="wrong-move-now", wrong=wrong)
