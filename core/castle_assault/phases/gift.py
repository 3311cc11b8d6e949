"""The turn of a player whose castle has fallen (CA-TURN-8, CA-MULTI-9): give cards to a
player who still has one, or pass."""
from __future__ import annotations

from core.protocol import Event, IllegalMove

from ..battle import names
from ..data import count
from ..flow import end_action
from ..options import option
from ..state import State
from .hand import take_from_hand


def give(s: State, seat: int, move: dict, events: list) -> None:
    cards, to = move["cards"], move["to"]
    take_from_hand(s, seat, cards, "CA-MULTI-9")
    limit_one = option(s, "gift") == "one"
    if not cards or (limit_one and len(cards) != 1):
        raise IllegalMove("bad-gift", "Give exactly one card." if limit_one else "Give at least one card.",
                          "CA-MULTI-9")
    if not (0 <= to < s["players"]) or to == seat or not s["alive"][to]:
        who = ("There is no seat {}." if not 0 <= to < s["players"] else "You cannot give to yourself." if to == seat
               else "Seat {} has lost their castle too.").format(to)
        living = ", ".join(f"seat {p}" for p in range(s["players"]) if s["alive"][p] and p != seat)
        raise IllegalMove("bad-recipient", f"{who} Cards can be given only to a player who still has a castle: "
                          f"{living}.", "CA-MULTI-9")
    for card in cards:
        s["hands"][seat].remove(card)
        s["hands"][to].append(card)
    events.append(Event(f"{{P{seat}}} gives {count(len(cards), 'card')} to {{P{to}}}."))
    events.append(Event(f"You received {names(cards)} from {{P{seat}}}.", (to,)))
    events.append(Event(f"You gave {names(cards)} to {{P{to}}}.", (seat,)))
    end_action(s, events)


def gift_pass(s: State, seat: int, move: dict, events: list) -> None:
    events.append(Event(f"{{P{seat}}} passes."))
    end_action(s, events)
