"""The 35 petition cards (spec section 15): kinds, counts, and the unique card ids.

Card ids are "C01".."C35"; the kind of each id is fixed so replays and views agree.
"""
from __future__ import annotations

# kind, count, men received, extra campaigns, play immediately when drawn, text
KINDS = (
    ("BOAT", 3, 1, 0, False, "1 man, then a boat for one crossing"),
    ("MEN2", 2, 2, 0, False, "2 men"),
    ("MEN3", 2, 3, 0, False, "3 men"),
    ("MEN4", 2, 4, 0, False, "4 men"),
    ("SIX", 3, 0, 0, False, "6 men if you have fewer than 7 units, else an extra campaign"),
    ("MAN-EXTRA", 3, 1, 1, False, "1 man and an extra campaign"),
    ("2MEN-EXTRA", 3, 2, 1, False, "2 men and an extra campaign"),
    ("EXTRA", 4, 0, 1, False, "an extra campaign"),
    ("DRAGON", 2, 0, 0, False, "send the dragon to a duchy"),
    ("PEACE", 2, 0, 0, False, "send the Peacemaker to a duchy"),
    ("TREASURE", 3, 0, 0, False, "move an opponent's treasure"),
    ("MINUS1", 2, 0, 0, True, "1 man fewer in reinforcements"),
    ("MINUS2", 2, 0, 0, True, "2 men fewer in reinforcements"),
    ("NOSUPPLY", 2, 0, 0, True, "no reinforcements"),
)

KIND_INFO = {k[0]: k for k in KINDS}
CUT = {"MINUS1": 1, "MINUS2": 2, "NOSUPPLY": 99}


def _catalogue():
    out, n = {}, 0
    for kind, count, *_ in KINDS:
        for _ in range(count):
            n += 1
            out[f"C{n:02d}"] = kind
    return out


CARD_KIND: dict[str, str] = _catalogue()
ALL_CARDS: tuple[str, ...] = tuple(CARD_KIND)
assert len(ALL_CARDS) == 35


def kind(card: str) -> str:
    return CARD_KIND[card]


def men(card: str) -> int:
    return KIND_INFO[CARD_KIND[card]][2]


def extra(card: str) -> int:
    return KIND_INFO[CARD_KIND[card]][3]


def immediate(card: str) -> bool:
    return KIND_INFO[CARD_KIND[card]][4]


def describe(card: str) -> str:
    k = CARD_KIND[card]
    return f"{card} {k} ({KIND_INFO[k][5]})"
