"""The random player's own fast ways agree with the phases' functions they stand for, on every
position of many random games (a fast path must give exactly what the rules' way gives: the same
moves, hence the same golden games)."""
import pytest

from core.rng import Rng
from core.wizards_quest import GAME as G, board, legal
from core.wizards_quest import state as S
from core.wizards_quest.battle import donor_men
from core.wizards_quest.flow import current
from core.wizards_quest.phases import camp, take

GAMES = [(2 + i % 5, i % 2 == 1, f"player-{i}") for i in range(16)]


def positions():
    """Every decision position of GAMES' random games (played through apply)."""
    for players, blank, seed in GAMES:
        st, rng = G.setup(players, {"blank-treasure": blank}, seed), Rng(seed, scheme=2)
        while G.result(st) is None:
            f = current(st)
            if f is not None:
                yield st, f
            seat = G.prompts(st)[0].seat
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))


@pytest.mark.rule("WQ-CAMP-2")
def test_the_random_players_campaigns_and_takes_are_the_phases():
    """WQ-CAMP-1, -2, -4, -5, -8, -9, WQ-SPECIAL-1..5, WQ-CHAMP-1, WQ-HERO-MOVE-1, WQ-BOAT-2,
    WQ-PEACE-3: camp.attack_options from some sources (the random player's way: one source, then
    all it holds) lists the declarations from those sources of the whole list (which test_legal.py
    checks against attack_check), in order, and with first_only the first of them; men_refused is
    attack_check's refusal of a declaration with every donor's men moved in; take_ranges holds
    every take take_allowed accepts, in order, and take_auto the only one."""
    campaigns = refusals = takes = 0
    for st, f in positions():
        seat = f["seat"]
        if f["kind"] == "ask-camp":
            mine = S.territories(st, seat)
            for with_heroes in (False, True):
                every = camp.attack_options(st, seat, with_heroes)
                assert camp.attack_options(st, seat, with_heroes, sources=mine) == every
                assert camp.attack_options(st, seat, with_heroes, first_only=True) == every[:1]
                for src in mine:
                    options = camp.attack_options(st, seat, with_heroes, sources=(src,))
                    assert options == [option for option in every if option[0] == src]
                    for _source, tgt, vs, boat, hero in options:
                        men = donor_men(st, seat, src, boat) if vs == "army" else {}
                        if men:
                            refused = "refused" in camp.attack_check(st, seat, src, tgt, vs, boat, hero, men)
                            assert legal.men_refused(st, seat, src, hero, men) == refused
                            refusals += refused
            campaigns += 1
        elif f["kind"] == "ask-take":
            (none, alone), (hero, led) = take.take_ranges(st, f)
            every = [(k, h) for h in ("", "champion", "wizard") for k in range(st["men"][f["source"]] + 1)
                     if take.take_allowed(st, f, k, h)]
            assert [(k, none) for k in alone] + [(k, hero) for k in led] == every
            assert take.take_auto(st, f) == ({"type": "take", "men": every[0][0], "hero": every[0][1]}
                                             if len(every) == 1 else None)
            takes += 1
    assert campaigns > 500 and refusals > 5 and takes > 100


@pytest.mark.rule("WQ-CAMP-2")
def test_the_nearness_of_several_goals_is_the_nearest_of_each():
    """WQ-CAMP-2 (campaigns go by land steps): the bytewise nearness row is, per territory, the
    fewest steps to any of the goals, for every set of up to four goals of a sample."""
    for size in (2, 3, 4):
        for start in range(0, board.TERRITORIES, 3):
            goals = [(start + 7 * i) % board.TERRITORIES for i in range(size)]
            assert list(legal.nearness(goals)) == [min(board.DIST[t][g] for g in goals)
                                                   for t in range(board.TERRITORIES)]
