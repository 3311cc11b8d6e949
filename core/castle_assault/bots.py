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

# Greedy plays 2 random moves after a candidate, not the default 6: in Castle Assault that is the
# rest of the seat's own turn, while 6 reach into the opponent's random replies and drown the
# move's own worth (against random, 100 games on the bench's seeds 100-199: 75-25 with 2, 63-37
# with 6; on 100 other seeds 87-13 with 2, 72-28 with 6). Search's playouts stop after 4 moves,
# not the default 10 (against that greedy at the CI budget of 150 tries: 7-1 on the CI seeds and
# 14-2 on 16 others with 4; 5-3 and 12-4 with 6; 7-1 and 11-5 with 3). Short playouts are cheap:
# the default search budget is 1,500 tries (measured with random playouts: 19-1 against random
# where 500 made 17-3).
TUNING = Tuning(rollout_moves=4, iterations=1500, greedy_moves=2)
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
