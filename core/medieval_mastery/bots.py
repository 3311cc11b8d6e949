"""How good a position is for a seat, for the bots (docs/bots.md): victory points first.

Per seat (per team with Alliance): VP against the target dominates; knights on the board and in
the castle, territories held and cards in hand break ties. The score is the seat's worth against
its strongest opponent, squashed into 0..1; a finished game is 1 for a winner, 0 otherwise.
"""
from __future__ import annotations

import math

from core.bots.levels import Tuning

from . import rules

VP_WEIGHT = 1.0
KNIGHT_WEIGHT = 0.08
TERRITORY_WEIGHT = 0.3
CARD_WEIGHT = 0.1
# Search's playouts run 20 moves, not the default 10: a Medieval Mastery turn (cards, manoeuvres,
# a battle's commitments and support) is long, and a playout cut short scores a battle before it
# is fought (measured at the CI budget of 150 tries against greedy: 12-4 with 10 moves, 10-6 with
# 6 on 16 games; 8-0 with 20 on the CI seeds, where 8 moves made 7-1).
TUNING = Tuning(rollout_moves=20)


def worth(st: dict, seat: int) -> float:
    knights = st["castle"][seat] + sum(k for owner, k in zip(st["owner"], st["knights"]) if owner == seat)
    return (VP_WEIGHT * rules.vp(st, seat) + KNIGHT_WEIGHT * knights
            + TERRITORY_WEIGHT * st["owner"].count(seat) + CARD_WEIGHT * len(st["hand"][seat]))


def team_worth(st: dict, seat: int) -> float:
    return sum(worth(st, member) for member in rules.team_of(st, seat))


def evaluate(st: dict, seat: int) -> float:
    if st["win"] is not None:
        return 1.0 if seat in st["win"]["seats"] else 0.0
    mine = team_worth(st, seat)
    others = [team_worth(st, other) for other in range(st["players"]) if other not in rules.team_of(st, seat)]
    best_other = max(others) if others else 0.0
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 6)
