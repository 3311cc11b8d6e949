"""A tournament of the bot levels: N games per pairing per ruleset and player count.

    python -m bench.bench_bots [--games 20] [--first 0] [--players 2] [--ruleset NAME ...] [--budget 500]

For each pairing (search-random, search-greedy, greedy-random) the first level sits at one
seat, taking turns round the table, the second at every other. Printed per pairing: the first
level's share of the games with a winner and its 95 % Wilson interval, draws (no winner or the
move cap), the chance of doing as well by luck against an equal opponent (the one-sided
binomial p-value, as in tests/core/bots/test_tournament.py), and the first level's median and 90th-percentile CPU time per move (process time:
wall time on a shared machine would measure the neighbours' load).

Goals (2 players, one core): search beats random >= 90 % and greedy >= 65 %, greedy beats
random >= 75 %, median search move <= 2 s at the default budget. The goal column says "met"
when the whole interval clears the goal, "ok?" when only the measured rate does; with more
players it shows the fair share (1/n) to compare the first level's rate with. Seeds are fixed:
a run is reproducible (up to the time figures; a time budget makes moves depend on speed).
"""
from __future__ import annotations

import argparse
import statistics
import time

from core import games as registry
from core.bots.levels import Bot, Budget
from core.bots.tournament import match

PAIRINGS = (("search", "random"), ("search", "greedy"), ("greedy", "random"))
GOALS = {("search", "random"): 0.90, ("search", "greedy"): 0.65, ("greedy", "random"): 0.75}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first game: --first 10 --games 10 extends a 10-game run on new seeds")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--ruleset", nargs="+", default=sorted(registry))
    parser.add_argument("--budget", default=None,
                        help="search budget: iterations (default: the game's, 500, 800 or 1500) or a CPU time (2s)")
    parser.add_argument("--pairing", nargs="+", default=[f"{a}-{b}" for a, b in PAIRINGS])
    args = parser.parse_args(argv)
    clock = time.process_time      # CPU seconds: on a shared machine wall time measures the neighbours
    budget = Budget.parse(args.budget, clock)
    iterations = budget.iterations or "each game's default number of"
    print(f"bench_bots: {args.games} games per pairing (numbers {args.first}-{args.first + args.games - 1}), search budget {args.budget or 'default'} "
          f"({iterations} iterations{'' if budget.seconds is None else f', {budget.seconds} s'})")
    print(f"{'ruleset':<17} {'n':>1} {'pairing':<15} {'win rate':>8} {'95% Wilson':>14} {'W-L-D':>9} "
          f"{'goal':>5} {'p luck':>7} {'median s':>9} {'p90 s':>7}")
    for name in args.ruleset:
        game = registry[name]
        for players in args.players:
            if not game.min_players <= players <= game.max_players:
                continue
            for pairing in args.pairing:
                a_level, b_level = pairing.split("-")
                a, b = Bot(game, a_level, budget), Bot(game, b_level, budget)
                started = time.perf_counter()
                m = match(game, players, {}, a, b, args.games, f"bench:{name}:{players}:{pairing}", clock,
                          args.first)
                low, high = m.interval()
                goal = GOALS.get((a_level, b_level)) if players == 2 else None
                if goal is None:        # more than 2 players: compare with a fair share of the wins
                    verdict = f"1/{players}"
                else:
                    verdict = "met" if low >= goal else "ok?" if m.rate() >= goal else "NO"
                print(f"{name:<17} {players:>1} {pairing:<15} {m.rate():>8.0%} {low:>6.0%}-{high:<6.0%} "
                      f"{m.a_wins:>3}-{m.b_wins}-{m.draws:<3} {verdict:>5} {m.luck():>7.4f} "
                      f"{statistics.median(m.a_seconds) if m.a_seconds else 0:>9.3f} "
                      f"{percentile(m.a_seconds, 0.9):>7.3f}   ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
