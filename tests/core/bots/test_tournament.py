"""CI-sized tournaments: on fixed seeds, greedy beats random and search beats greedy beyond
chance in Medieval Mastery and Castle Assault (issue 13 asks it of at least one ruleset per
run); in Wizard's Quest search meets issue 13's goal against greedy (65 % of the games) but not
beyond chance on 8 games (docs/bots.md). Each plays GAMES two-player games, seats alternating; a level
is "better beyond chance" when the one-sided binomial probability of winning that many decided
games by luck (an even match) is under 5 % (7 of 8 games at least). Search plays at a small
budget (SEARCH_BUDGET, not the default) so the search tournaments cost about one (Medieval
Mastery, Castle Assault) to three (Wizard's Quest) minutes of CPU each. Every tournament is in
the slow tier; bench.bench_bots measures the same at full size."""
from __future__ import annotations

import pytest

from core import games
from core.bots.levels import Bot, Budget
from core.bots.tournament import luck, match

GAMES = 8
SEARCH_BUDGET = Budget(iterations=150)
CHANCE = 0.05


def test_luck_is_the_binomial_tail():
    assert luck(8, 8) == 1 / 256 and luck(0, 8) == 1.0 and abs(luck(7, 8) - 9 / 256) < 1e-12
    assert luck(7, 8) < CHANCE <= luck(6, 8)


@pytest.mark.parametrize("ruleset,better,worse", [
    pytest.param("medieval-mastery", "greedy", "random", marks=pytest.mark.slow),
    pytest.param("medieval-mastery", "search", "greedy", marks=pytest.mark.slow),
    pytest.param("castle-assault", "search", "greedy", marks=pytest.mark.slow),
])
def test_the_better_level_wins_beyond_chance(ruleset, better, worse):
    m = tournament(ruleset, better, worse)
    assert m.luck() < CHANCE, f"{ruleset}: {better} {m.a_wins}-{m.b_wins} {worse} ({m.draws} draws)"


@pytest.mark.slow
def test_wizards_quest_search_meets_its_goal_against_greedy():
    """Issue 13's goal, search beats greedy in at least 65 % of the games, on the CI seeds at the
    CI budget: 6-2 there (8-0 on 8 other seeds, 14-2 together). Not beyond chance on these 8
    games (p = 0.14), which neither a greedy shortlist, a margin for greedy's choice nor other
    playout lengths changed (docs/bots.md)."""
    m = tournament("wizards-quest", "search", "greedy")
    assert m.a_wins >= 0.65 * (m.a_wins + m.b_wins), f"search {m.a_wins}-{m.b_wins} greedy ({m.draws} draws)"


def tournament(ruleset: str, better: str, worse: str):
    """GAMES two-player games of `better` against `worse` on the CI seeds, search at SEARCH_BUDGET."""
    game = games[ruleset]
    return match(game, 2, {}, Bot(game, better, SEARCH_BUDGET), Bot(game, worse, SEARCH_BUDGET), GAMES,
                 f"ci-tournament:{better}-{worse}")
