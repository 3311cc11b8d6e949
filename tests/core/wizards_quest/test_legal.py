"""The fast enumeration of campaign declarations agrees with the campaign rules themselves."""
import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G, board, legal
from core.wizards_quest.flow import current
from core.wizards_quest.phases import camp


def declarations_by_the_rules(st, seat, with_heroes):
    """Every plain declaration `attack_check` accepts, in the order of the map (the slow way)."""
    creatures = [t for t in (st["dragon"], st["peace"]) if t >= 0]
    out = []
    for src in range(board.TERRITORIES):
        if st["owner"][src] != seat:
            continue
        reach = [(t, False) for t in board.ADJ[src]]
        reach += [(t, True) for t in board.BOAT_REACH[src] if camp.boat_ready(st, seat)]
        reach += [(src, False)] if src in creatures else []
        for tgt, boat in reach:
            for vs in ([c for c in ("dragon", "peace") if st[c] == tgt] if tgt in creatures else ["army"]):
                for hero in ("", "champion", "wizard") if with_heroes else ("",):
                    if "refused" not in camp.attack_check(st, seat, src, tgt, vs, boat, hero, {}):
                        out.append((src, tgt, vs, boat, hero))
    return out


@pytest.mark.rule("WQ-CAMP-2")
def test_the_listed_campaigns_are_exactly_those_the_rules_accept():
    """WQ-CAMP-1, WQ-CAMP-9, WQ-SPECIAL-1..5, WQ-CHAMP-1, WQ-HERO-MOVE-1, WQ-BOAT-2, WQ-PEACE-3."""
    checked = 0
    for game in range(12):
        st = G.setup(2 + game % 5, {"blank-treasure": game % 2 == 1}, f"camp-{game}")
        rng = Rng(f"camp-{game}")
        while G.result(st) is None:
            f = current(st)
            if f is not None and f["kind"] == "ask-camp":
                for with_heroes in (False, True):
                    assert camp.attack_options(st, f["seat"], with_heroes) == \
                        declarations_by_the_rules(st, f["seat"], with_heroes)
                    checked += 1
            seat = G.prompts(st)[0].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))
    assert checked > 200


@pytest.mark.rule("WQ-CAMP-2")
def test_the_nearness_rows_are_the_steps_to_the_nearest_goal():
    """WQ-CAMP-2 (campaigns go by land steps): the random player's nearness rows are, per
    territory, the fewest steps to any of the seat's treasures (20 with none), along random games."""
    for players in (2, 4, 6):
        st, rng = G.setup(players, {}, f"strengths-{players}"), Rng(f"strengths-{players}", scheme=2)
        while G.result(st) is None:
            goals = legal.goals(st, 0)
            assert list(legal.nearness(goals)) == [min((board.DIST[t][g] for g in goals), default=20)
                                                   for t in range(board.TERRITORIES)]
            seat = G.prompts(st)[0].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))
