"""Out-of-turn answers: join windows, reaction windows, removal choices, standing answers.

Each function takes the working copy of the state, checks the answer against the rules
(raising IllegalMove with the rule ID) and applies it; flow.advance runs what follows.
"""
from __future__ import annotations

from core.protocol import Event, IllegalMove

from . import battle
from .actions import take_from_hand
from .cards import CARDS
from .state import own_standing


def standing(s: dict, seat: int, move: dict, events: list) -> None:
    """Set or clear a seat's standing answers; only that seat hears of it."""
    flag = 1 if move["pass"] == "always" else 0
    windows = (0, 1) if move["window"] == "all" else ((0,) if move["window"] == "join" else (1,))
    row = own_standing(s, seat)
    for w in windows:
        row[w] = flag
    what = {"all": "join and reaction windows", "join": "join windows", "react": "reaction windows"}
    answer = "will now pass automatically in" if flag else "will be asked again in"
    events.append(Event(f"Standing answer set: you {answer} {what[move['window']]}.", (seat,)))


def join(s: dict, seat: int, move: dict, events: list) -> None:
    """Join the attack with attack cards (CA-MULTI-4), or pass."""
    if move["type"] == "pass":
        battle.decline(s)            # never announced: a standing answer passes silently too
        return
    cards = move["cards"]
    take_from_hand(s, seat, cards, "CA-MULTI-4")
    if not cards:
        raise IllegalMove("no-join-cards", "Join with at least one card, or pass.", "CA-MULTI-4")
    for card in cards:
        if not CARDS.attack[card]:
            raise IllegalMove("not-attack-card", f"{CARDS.label(card)} cannot join an attack: only "
                              "Soldiers, Archers and Siege cards.", "CA-MULTI-4")
    battle.join(s, seat, cards, events)


def react(s: dict, seat: int, move: dict, events: list) -> None:
    """The victim commits reactions, or passes (CA-ACT-REACT-4, CA-ACT-REACT-5)."""
    cards = [] if move["type"] == "pass" else move["cards"]
    take_from_hand(s, seat, cards, "CA-ACT-REACT-1")
    if move["type"] == "react" and not cards:
        raise IllegalMove("no-reaction-cards", "React with at least one Academy card, or pass.",
                          "CA-ACT-REACT-4")
    for card in cards:
        if CARDS.deck[card] != "A":
            raise IllegalMove("not-reaction", f"{CARDS.label(card)} is not a reaction: only Academy "
                              "cards react.", "CA-ACT-REACT-1")
    battle.react(s, seat, cards, events)


def remove(s: dict, move: dict, events: list) -> None:
    """The victim picks the card a Sabotage or Boiling Oil removes (CA-ACT-REACT-8)."""
    b = s["battle"]
    options = battle.removal_candidates(b, b["need"][0])
    if move["card"] not in options:
        raise IllegalMove("cannot-remove", f"Your {CARDS.name(b['need'][0])} can remove only one of: "
                          f"{', '.join(options)}.", "CA-ACT-REACT-8", legal=[f"remove {c}" for c in options])
    battle.remove(s, move["card"], events)
