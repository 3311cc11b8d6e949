"""The printed components of Race to 21: twenty cards, t0..t19, worth 1 to 5 (four of each).
Data only, no logic (core/README.md); a game's real card list, map and tables go here."""
from __future__ import annotations

CARDS = tuple(f"t{i}" for i in range(20))
VALUES = {card: i % 5 + 1 for i, card in enumerate(CARDS)}
HAND_SIZE = 3  # cards dealt to each seat, and held while the deck lasts (TOY-2)
