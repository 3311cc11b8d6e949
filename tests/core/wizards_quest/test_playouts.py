"""Random playouts: 300+ complete games across 2-6 players and both treasure variants,
with the game's invariants after every move (stacking, the 4-orc limit, occupancy,
treasures and cards conserved)."""
import pytest

from core.wizards_quest import GAME
from tests.core.playout import play, tiered
from tests.core.wizards_quest.helpers import check_invariants

BULK = [(2 + i % 5, i % 2 == 1, f"bulk-{i}") for i in range(300)]
FULL = [(2 + i % 5, i % 2 == 0, f"full-{i}") for i in range(10)]


@pytest.mark.slow
@pytest.mark.rule("WQ-STACK-1")
def test_three_hundred_random_games_keep_the_invariants_and_end():
    """WQ-STACK-2, WQ-STACK-3, WQ-STACK-5, WQ-STACK-7, WQ-GOAL-1: every game reaches a real end."""
    ended = collected = 0
    for players, blank, seed in BULK:
        out = play(GAME, players, seed, {"blank-treasure": blank}, full_checks=False,
                   invariants=check_invariants, max_moves=GAME.max_moves)
        ended += out.ended
        if out.ended:  # every real end has its stable reason code (core/wizards_quest/README.md)
            assert GAME.result(out.state).code in ("three-treasures", "last-standing", "all-eliminated")
        if out.ended and out.state["reason"] == "collected all three treasures":  # the stored reason code
            collected += 1
            winner = GAME.result(out.state).winners[0]
            assert sum(1 for tr in out.state["treasures"] if tr[0] == winner and tr[1] < 3 and tr[2] == -2) == 3
    assert ended == len(BULK)
    assert collected >= 100  # real ends: a player holds their crown, chest and ring


@pytest.mark.rule("WQ-STACK-5")
@pytest.mark.parametrize("players,blank,seed", tiered(FULL, set(range(5))))  # each player count in the inner loop
def test_random_games_with_full_protocol_checks(players, blank, seed):
    """Round trips, notation, hidden information and replay from the seed after every move."""
    out = play(GAME, players, seed, {"blank-treasure": blank}, full_checks=True, invariants=check_invariants)
    assert out.ended and GAME.prompts(out.state) == []
