"""How good a position is for a seat, for the bots (docs/bots.md): treasures first.

Per seat: each of its own treasures collected counts most (three win, WQ-GOAL-1); then, for each
one still to collect, how close a real army of its own stands (an army of 2 or more strength: a
lone man adjacent takes nothing), the men and heroes on the map, the territories in its kingdoms
(they are next turn's reinforcements, WQ-SUPPLY-1..3) and other territories, castles held, and
cards in hand. An eliminated seat is worth nothing. The score is the seat's worth against its
strongest opponent, squashed into 0..1; a finished game is 1 for a winner, 0 otherwise.
"""
from __future__ import annotations

import math

from core.bots.levels import Tuning

from . import board
from . import state as S
from .state import State

TREASURE = 12.0
NEAR = 1.5
ARMY = 2           # the strength from which an army counts as able to reach a treasure
WEAK_STEPS = 2     # a treasure reached only by weaker pieces counts as this many steps further
MAN = 0.25
KINGDOM = 0.35     # per territory in a kingdom: one more man each turn (WQ-SUPPLY-3)
TERRITORY = 0.15
CASTLE = 1.0
CARD = 0.3
# Greedy weighs each move in 8 sampled worlds, not the default 4: Wizard's Quest's dice and
# hidden treasures make a few worlds noisy (measured, 40 games against random on the bench's
# seeds: 35-5 with 8 worlds, 31-9 with 4; a greedy move still takes about 20 ms).
# Search tries every candidate in as many worlds as greedy before dropping any (one try each is
# too few for a battle's dice). Measured at 150 tries against greedy, 8 games each: the CI seeds
# 5-3 before, 6-2 after; 8 other seeds 6-2 before, 8-0 after.
# Search thinks 800 tries a move, not 500: against greedy on the bench's games 0-19 (tuning)
# 17-3 against 13-7 at 500, median move about 1.3 s of CPU on a loaded machine (docs/bots.md).
TUNING = Tuning(greedy_worlds=8, search_first_tries=8, iterations=800)


def steps_to(st: State, mine: list[int], goal: int) -> int:
    """Steps from the seat's nearest real army to `goal` (weaker pieces count further away)."""
    return min(board.DIST[t][goal] + (0 if S.army_strength(st, t) >= ARMY else WEAK_STEPS) for t in mine)


def worth(st: State, seat: int) -> float:
    if st["eliminated"][seat]:
        return 0.0
    mine = S.territories(st, seat)
    total = TREASURE * S.collected(st, seat) + MAN * S.units(st, seat) + TERRITORY * len(mine)
    total += KINGDOM * S.kingdom_size(st, seat)
    total += CASTLE * sum(1 for t in mine if board.IS_CASTLE[t]) + CARD * len(st["hands"][seat])
    for treasure in st["treasures"]:
        if treasure[0] == seat and treasure[2] >= 0 and treasure[1] < 3 and mine:
            total += NEAR * TREASURE / (2 + steps_to(st, mine, treasure[2]))
    return total


def evaluate(st: State, seat: int) -> float:
    if st["winners"] is not None:
        return 1.0 / len(st["winners"]) if seat in st["winners"] else 0.0
    mine = worth(st, seat)
    best_other = max(worth(st, other) for other in range(st["players"]) if other != seat)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 10)
