"""How good a position is for a seat, for the bots (docs/bots.md): treasures first.

Per seat: each of its own treasures collected counts most (three win, WQ-GOAL-1); then how close
its armies stand to the treasures still to collect, the men and heroes on the map, territories
and castles held (reinforcements come from kingdoms, WQ-SUPPLY-1), and cards in hand. An
eliminated seat is worth nothing. The score is the seat's worth against its strongest opponent,
squashed into 0..1; a finished game is 1 for a winner, 0 otherwise.
"""
from __future__ import annotations

import math

from . import board
from . import state as S
from .state import State

TREASURE = 12.0
NEAR = 1.5
MAN = 0.25
TERRITORY = 0.4
CASTLE = 1.0
CARD = 0.3


def worth(st: State, seat: int) -> float:
    if st["out"][seat]:
        return 0.0
    mine = S.territories(st, seat)
    total = TREASURE * S.collected(st, seat) + MAN * S.units(st, seat) + TERRITORY * len(mine)
    total += CASTLE * sum(1 for t in mine if board.IS_CASTLE[t]) + CARD * len(st["hands"][seat])
    for treasure in st["tre"]:
        if treasure[0] == seat and treasure[2] >= 0 and treasure[1] < 3 and mine:
            distance = min(board.DIST[t][treasure[2]] for t in mine)
            total += NEAR * TREASURE / (2 + distance)
    return total


def evaluate(st: State, seat: int) -> float:
    if st["win"] is not None:
        return 1.0 / len(st["win"]) if seat in st["win"] else 0.0
    mine = worth(st, seat)
    best_other = max(worth(st, other) for other in range(st["np"]) if other != seat)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 10)
