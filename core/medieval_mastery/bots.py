"""How good a position is for a seat, for the bots (docs/bots.md): victory points first.

Per seat (per team with Alliance): VP against the target dominates; knights on the board and in
the castle, territories held and cards in hand break ties. The score is the seat's worth against
its strongest opponent, squashed into 0..1; a finished game is 1 for a winner, 0 otherwise.
"""
from __future__ import annotations

import math

from . import rules

VP_WEIGHT = 1.0
KNIGHT_WEIGHT = 0.08
TERRITORY_WEIGHT = 0.3
CARD_WEIGHT = 0.1


def worth(st: dict, seat: int) -> float:
    knights = st["castle"][seat] + sum(k for owner, k in zip(st["own"], st["kn"]) if owner == seat)
    return (VP_WEIGHT * rules.vp(st, seat) + KNIGHT_WEIGHT * knights
            + TERRITORY_WEIGHT * st["own"].count(seat) + CARD_WEIGHT * len(st["hand"][seat]))


def team_worth(st: dict, seat: int) -> float:
    return sum(worth(st, member) for member in rules.team_of(st, seat))


def evaluate(st: dict, seat: int) -> float:
    if st["win"] is not None:
        return 1.0 if seat in st["win"]["seats"] else 0.0
    mine = team_worth(st, seat)
    others = [team_worth(st, other) for other in range(st["n"]) if other not in rules.team_of(st, seat)]
    best_other = max(others) if others else 0.0
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 6)
