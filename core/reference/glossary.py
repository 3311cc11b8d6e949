"""What `herald explain` would answer for Race to 21 (core/glossary.py; the server offers no
guide for a game it does not offer): the cards and the words of the board.

Entries are built from data.py, so a card list swapped there explains itself. Every title and
text is a message (core/text.py), as in the real games: an offered game's glossary is said in
the reader's language (tests/core/test_messages.py checks it).
"""
from __future__ import annotations

from core.glossary import Entry, Glossary
from core.text import say

from .data import HAND_SIZE, VALUES

GAME = "toy-race"


def build() -> Glossary:
    g = Glossary(GAME)
    for card, value in VALUES.items():
        g.add(card, say("Card {card}", card=card), "card",
              say("A card worth {value}: played, it adds {value} to the total (TOY-2).", value=value))
    g.add_terms([
        (["total"], say("Total"), say("the sum of every card played so far; reaching the target wins."), "TOY-2"),
        (["target"], say("Target"), say("the total that ends the game (option target, 21 unless chosen)."), "TOY-2"),
        (["deck"], say("Deck"), say("the face-down draw pile; each seat holds {n} cards while it lasts.", n=HAND_SIZE),
         "TOY-2"),
        (["hand", "your hand"], say("Hand"), say("your cards, which only you see; the card ids are t0..t19."), "TOY-2"),
        (["turn"], say("Turn"), say("one seat plays at a time, in seat order, skipping seats that resigned."), "TOY-1"),
    ])
    g.pattern(r"(\d+)/(\d+)", lambda m: Entry(say("Total {total} of {target}", total=m.group(1), target=m.group(2)),
                                              "symbol", say("The total is {total}; {target} wins.", total=m.group(1),
                                                            target=m.group(2)), "TOY-2"))
    return g


GLOSSARY = build()
