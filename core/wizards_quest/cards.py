"""The petition cards' catalogue, built from `data.CARD_KINDS`: unique ids and what each does.

Card ids are "C01".."C35"; the kind of each id is fixed so replays and views agree.
"""
from __future__ import annotations

from core.memo import Memo
from core.text import Msg, say, term
from core.wizards_quest.data import CARD_KINDS, CUT

KINDS = CARD_KINDS  # kind, count, men, extra campaigns, played at once, text (the glossary reads it)
KIND_INFO = {k[0]: k for k in CARD_KINDS}


def _catalogue() -> dict[str, str]:
    out, n = {}, 0
    for kind, count, *_ in CARD_KINDS:
        for _ in range(count):
            n += 1
            out[f"C{n:02d}"] = kind
    return out


CARD_KIND: dict[str, str] = _catalogue()
ALL_CARDS: tuple[str, ...] = tuple(CARD_KIND)
assert len(ALL_CARDS) == 35
__all__ = ["ALL_CARDS", "CARD_KIND", "CUT", "KINDS", "describe", "extra", "immediate", "kind", "men"]


def kind(card: str) -> str:
    return CARD_KIND[card]


def men(card: str) -> int:
    return KIND_INFO[CARD_KIND[card]][2]


def extra(card: str) -> int:
    return KIND_INFO[CARD_KIND[card]][3]


def immediate(card: str) -> bool:
    return KIND_INFO[CARD_KIND[card]][4]


def describe(card: str) -> Msg:
    """A card as players read it: its id (as moves name it) and what it does, "C15 (1 man and
    an extra campaign)"; the kind's code (MAN-EXTRA) is the catalogue's, not theirs. What it does
    is the card's name in the term lists (the original prints no name, only the card's text)."""
    said = DESCRIBED.get(card)  # (said once for each card: a card is drawn, played, discarded)
    if said is None:
        said = say("{card} ({text})", card=card, text=term(KIND_INFO[CARD_KIND[card]][5]))
        if type(card) is str:
            DESCRIBED.keep(card, said)
    return said


DESCRIBED = Memo(512)  # card -> describe(card)
