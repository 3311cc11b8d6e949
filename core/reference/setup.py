"""A new game: the deal, and a scenario's exact position.

A scenario is a dict; every key is optional:

  {"hands": [["t4", "t9"], ["t0"]],   # replaces the seats' hands (cards leave the deck)
   "total": 17,                        # the total so far
   "turn": 1}                          # the seat to play

Every card stays accounted for: a card given to a hand is taken out of the deck.
"""
from __future__ import annotations

from core.text import say
from core.protocol import IllegalMove
from core.rng import Rng

from . import data
from .state import State

SCENARIO_KEYS = {"hands", "total", "turn"}


def setup_state(players: int, options: dict, seed: str, scenario: dict | None) -> State:
    """The deal (TOY-2): the deck shuffled with the game's own random stream, three cards each.
    A new game draws with scheme 2 of core/rng.py (four draws per SHA-256 block) from its first
    rules version; the three older games choose it by their "rng" option (core/options.py)."""
    rng = Rng(seed, scheme=2)
    deck = rng.shuffle(list(data.CARDS))
    hands = [sorted(deck[data.HAND_SIZE * s:data.HAND_SIZE * (s + 1)], key=order) for s in range(players)]
    state: State = {"seed": seed, "rng": rng.counter, "players": players, "options": dict(options),
                    "deck": deck[data.HAND_SIZE * players:], "hands": hands, "total": 0, "turn": 0, "winner": None}
    if scenario is not None:
        place(state, scenario)
    return state


def order(card: str) -> int:
    """Cards sort by number, t2 before t10."""
    return int(card[1:])


def place(state: State, scenario: dict) -> None:
    if not isinstance(scenario, dict) or set(scenario) - SCENARIO_KEYS:
        raise _fail(say("A scenario is an object with the keys {keys}.", keys=", ".join(sorted(SCENARIO_KEYS))))
    hands = scenario.get("hands", state["hands"])
    if not isinstance(hands, list) or len(hands) != state["players"] \
            or any(not isinstance(h, list) or any(c not in data.VALUES for c in h) for h in hands):
        raise _fail(say("A scenario's hands are one list of card ids (t0..t19) per seat."))
    given = [card for hand in hands for card in hand]
    if len(given) != len(set(given)):
        raise _fail(say("A card is in two hands."))
    dealt = [card for hand in state["hands"] for card in hand]  # back under the deck, unless given
    state["deck"] = [card for card in state["deck"] + dealt if card not in given]
    state["hands"] = [sorted(hand, key=order) for hand in hands]
    total, turn = scenario.get("total", 0), scenario.get("turn", 0)
    if type(total) is not int or total < 0 or type(turn) is not int or not 0 <= turn < state["players"]:
        raise _fail(say("A scenario's total is a whole number from 0 and its turn a seat."))
    state["total"], state["turn"] = total, turn


def _fail(message: str) -> IllegalMove:
    return IllegalMove("bad-scenario", message, "TOY-2")
