"""The bot levels: every move they choose from a seat's knowledge is legal in the real game, a
seeded bot is reproducible, and the budget is honoured."""
from __future__ import annotations

import pytest

from core import games
from core.bots.levels import LEVELS, Bot, Budget
from core.protocol import Game
from core.rng import Rng
from tests.core.bots.positions import positions

POSITIONS = 25
# Every game with bots: one that says what a seat knows (`known_state`, docs/bots.md).
WITH_BOTS = sorted(name for name in games if type(games[name]).known_state is not Game.known_state)


@pytest.mark.parametrize("ruleset", WITH_BOTS)
def test_every_level_plays_legal_moves_from_knowledge_alone(ruleset):
    game = games[ruleset]
    bots = [Bot(game, level, Budget(iterations=25)) for level in LEVELS]
    rng = Rng(f"levels:{ruleset}")
    for state in positions(ruleset, POSITIONS, rng, per_game=5):
        if game.result(state) is not None:
            continue
        seat = game.prompts(state)[0].seat
        known = game.known_state(state, seat)
        for bot in bots:
            move = bot.choose(known, seat, Rng(f"{bot.level}:{rng.below(1 << 30)}"))
            game.apply(state, seat, move)       # raises IllegalMove if the real game refuses it


@pytest.mark.parametrize("ruleset", WITH_BOTS)
def test_a_seeded_bot_is_reproducible(ruleset):
    game = games[ruleset]
    state = next(s for s in positions(ruleset, 5, Rng(f"repro:{ruleset}")) if game.result(s) is None)
    seat = game.prompts(state)[0].seat
    known = game.known_state(state, seat)
    for level in LEVELS:
        first = Bot(game, level, Budget(iterations=40)).choose(known, seat, Rng("same seed"))
        again = Bot(game, level, Budget(iterations=40)).choose(known, seat, Rng("same seed"))
        assert first == again, level


def test_search_stops_at_its_iterations_or_its_time():
    game = games["castle-assault"]
    state = game.setup(2, {}, "budget")
    seat = game.prompts(state)[0].seat
    known = game.known_state(state, seat)
    bot = Bot(game, "search", Budget(iterations=37))
    bot.choose(known, seat, Rng("b"))
    assert bot.iterations == 37
    ticks = iter(range(10_000))
    timed = Bot(game, "search", Budget.parse("5s", clock=lambda: next(ticks)))   # one "second" a look
    timed.choose(known, seat, Rng("b"))
    assert timed.iterations == 5


def test_budgets_are_read_like_people_write_them():
    assert Budget.parse("2s").seconds == 2.0
    assert Budget.parse("300").iterations == 300 and Budget.parse("300it").iterations == 300
    assert Budget.parse(None).iterations == Budget().iterations
    with pytest.raises(ValueError, match="2s"):
        Budget.parse("fast")
    with pytest.raises(ValueError, match="level"):
        Bot(games["castle-assault"], "genius")


def test_the_cli_offers_exactly_the_levels_core_has():
    """`herald bot --level` lists its choices without importing core (client-only installs)."""
    from client.bot_commands import LEVEL_NAMES
    from core.bots.levels import LEVELS

    assert tuple(LEVEL_NAMES) == tuple(LEVELS)


def test_search_tries_every_candidate_in_as_many_worlds_as_greedy_before_dropping_any(monkeypatch):
    """Wizard's Quest's dice: no candidate is dropped on fewer tries than greedy's worlds (issue 13)."""
    from core.bots.search import Halving, Search, Spend
    tried: list[tuple[int, int]] = []

    class Recording(Search):
        def play(self, i, j, rng):
            tried.append((i, j))
            return float(i) / 14      # a fixed score per candidate: the halving order is known

    dropped_after: list[list[int]] = []   # every candidate's tries when a halving drops some
    halve = Halving.halve

    def recording_halve(stats):
        dropped_after.append(list(stats.visits))
        halve(stats)

    monkeypatch.setattr(Halving, "halve", recording_halve)
    Recording(None, lambda: None, 0, [{}] * 14, first=8).run(Spend(150, None, None), Rng("first"))
    assert len(tried) == 150 and min(dropped_after[0]) == 8
