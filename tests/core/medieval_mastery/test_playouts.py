"""Random playouts across 2-6 players and every option, with the game's invariants after
every move (MM-EDGE-6 dice, MM-REDIS-3 capacity, MM-COMP-1 cards, MM-WIN-1 VP, MM-WIN-2 end)."""
import pytest

from core.medieval_mastery import GAME, data, rules
from tests.core.medieval_mastery.helpers import total_cards
from tests.core.playout import play, tiered

OPTION_SETS = [
    {},
    {"windows": "strict"},
    {"siege": True},
    {"life-and-death": True},
    {"skirmish": True},
    {"mayhem": True},
    {"mayhem": True, "siege": True, "life-and-death": True, "windows": "strict"},
    {"skirmish": True, "mayhem": True, "life-and-death": True},
]
TEAM_SETS = [(4, {"teams": "2"}), (6, {"teams": "2"}), (6, {"teams": "3"}),
             (6, {"teams": "3", "mayhem": True, "windows": "strict"}), (4, {"teams": "2", "life-and-death": True})]


def knights_on_map(st, seat):
    total = st["castle"][seat] + sum(k for o, k in zip(st["owner"], st["knights"]) if o == seat)
    b = st["battle"]
    if b is not None and b["attacker"] == seat:
        total += b["attack_knights"]
    return total


def tile_vp(st, slot):
    tile = st["tile"][slot]
    return 0 if tile == "Homelands" and st["options"]["skirmish"] else data.TILES[tile][0]


def dice(st, seat):
    """Counted here from the rules, not with the engine's helper (MM-EDGE-6)."""
    b = st["battle"]
    force = 1 if b is not None and b["attacker"] == seat and b["attack_knights"] > 0 else 0
    return st["owner"].count(seat) + -(-st["castle"][seat] // 6) + force


def invariants(st):
    n = st["players"]
    view = GAME.view(st, None)
    for seat in range(n):
        # Knights are conserved: start + gained - lost (MM-TURN-1, MM-LOSS-1).
        assert knights_on_map(st, seat) == st["start_knights"][seat] + st["gained"][seat] - st["lost"][seat]
        # Dice: never more than 10 (MM-EDGE-6).
        assert dice(st, seat) <= data.DICE_PER_PLAYER
        # VP is the sum of the controlled tiles (MM-WIN-1).
        assert view["seats"][seat]["vp"] == sum(tile_vp(st, s) for s, o in enumerate(st["owner"]) if o == seat)
        # 18 cards across deck, hand, discard and table (MM-COMP-1).
        assert total_cards(st, seat) == data.DECK_SIZE
        assert st["castle"][seat] >= 0
    b = st["battle"]
    for slot, (owner, k) in enumerate(zip(st["owner"], st["knights"])):
        contested = b is not None and b["node"] == slot
        if owner >= 0 and not contested:
            assert 1 <= k <= rules.capacity(st, slot), (slot, owner, k)  # MM-REDIS-3, MM-TERM-CONTROL
        if owner < 0:
            assert k == 0
    if st["win"] is not None:
        winners = st["win"]["seats"]
        goal = rules.target_vp(st)
        siege = b is not None and b["siege"]
        if not siege:
            assert sum(rules.vp(st, s) for s in winners) >= goal  # MM-WIN-2 / MM-OPT-ALLIANCE-3
    else:
        goal = rules.target_vp(st)
        groups = rules.teams(st) or [[s] for s in range(n)]
        assert all(sum(rules.vp(st, s) for s in g) < goal for g in groups)


def check_end(out, players):
    assert out.ended
    res = GAME.result(out.state)
    assert res is not None and all(0 <= w < players for w in res.winners)
    invariants(out.state)


CASES = [(2 + i % 5, OPTION_SETS[i % len(OPTION_SETS)], i) for i in range(440)] + \
        [(p, o, 1000 + i) for i in range(12) for p, o in TEAM_SETS]


@pytest.mark.slow
def test_bulk_random_games_keep_the_invariants():
    """500 complete games, invariants after every move (no per-move protocol checks)."""
    for players, options, i in CASES:
        out = play(GAME, players, f"bulk-{i}", options, full_checks=False, invariants=invariants)
        check_end(out, players)
    assert len(CASES) >= 500


FULL_CASES = [(p, o) for p in range(2, 7) for o in OPTION_SETS[:3]] + TEAM_SETS


# The inner loop: every player count with the defaults, two option sets and two teams' games.
@pytest.mark.parametrize("players,options", tiered(FULL_CASES, {0, 1, 3, 5, 6, 9, 12, 15}))
def test_full_checks_subset(players, options):
    """Protocol checks (round trips, no leaks, replay) on a subset of games."""
    out = play(GAME, players, f"full-{players}-{sorted(options.items())}", options, invariants=invariants)
    check_end(out, players)
