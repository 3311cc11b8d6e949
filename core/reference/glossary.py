"""What `herald explain` would answer for Race to 21 (core/glossary.py; the server offers no
guide for a game it does not offer): the cards and the words of the board.

Entries are built from data.py, so a card list swapped there explains itself.
"""
from __future__ import annotations

from core.glossary import Entry, Glossary

from .data import HAND_SIZE, VALUES

GAME = "toy-race"


def build() -> Glossary:
    g = Glossary(GAME)
    for card, value in VALUES.items():
        g.add(card, f"Card {card}", "card", f"A card worth {value}: played, it adds {value} to the total (TOY-2).")
    g.add_terms([
        (["total"], "Total", "the sum of every card played so far; reaching the target wins.", "TOY-2"),
        (["target"], "Target", "the total that ends the game (option target, 21 unless chosen).", "TOY-2"),
        (["deck"], "Deck", f"the face-down draw pile; each seat holds {HAND_SIZE} cards while it lasts.", "TOY-2"),
        (["hand", "your hand"], "Hand", "your cards, which only you see; the card ids are t0..t19.", "TOY-2"),
        (["turn"], "Turn", "one seat plays at a time, in seat order, skipping seats that resigned.", "TOY-1"),
    ])
    g.pattern(r"(\d+)/(\d+)", lambda m: Entry(f"Total {m.group(1)} of {m.group(2)}", "symbol",
                                              f"The total is {m.group(1)}; {m.group(2)} wins.", "TOY-2"))
    return g


GLOSSARY = build()
