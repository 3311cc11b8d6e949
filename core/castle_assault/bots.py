"""How good a position is for a seat, for the bots (docs/bots.md): walls and shields first.

Per seat, in half points: the shields of every standing post (stationed cards included), a
bonus per standing wall and a large one for the castle, plus what the hand can do (the swords
of its attack cards, a little for any card) and loot waiting. A seat without a castle is worth
nothing. The score is the seat's worth against its strongest opponent, squashed into 0..1.
"""
from __future__ import annotations

import math

from core.bots.levels import Tuning

from .data import CARDS
from .zones import post_shields

# Search's playouts stop after 6 moves, not the default 10: long sequences of attacks and
# discards drown the signal (measured with purely random playouts: 9-1 against greedy with 6,
# 5-5 with 20; with the greedy playout player, 7-1 at the CI budget of 150 tries). Short
# playouts are cheap: the default search budget is 1,500 tries (measured with random playouts:
# 19-1 against random where 500 made 17-3).
TUNING = Tuning(rollout_moves=6, iterations=1500)
CASTLE_BONUS = 40
WALL_BONUS = 8
CARD_VALUE = 2


def worth(s: dict, seat: int) -> float:
    if not s["alive"][seat]:
        return 0.0
    total = float(CASTLE_BONUS)
    for index, post in enumerate(s["posts"][seat]):
        if post[1]:
            total += post_shields(post) + (WALL_BONUS if index else 0)
    hand = s["hands"][seat]
    total += sum(CARDS.swords[c] for c in hand) / 2 + CARD_VALUE * len(hand) + CARD_VALUE * len(s["loot"][seat])
    return total


def evaluate(s: dict, seat: int) -> float:
    if s["phase"] == "over":
        return 1.0 if s["winner"] == seat else 0.0
    mine = worth(s, seat)
    best_other = max(worth(s, other) for other in range(s["players"]) if other != seat)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 30)
