"""Speed of the wizards-quest engine: `python -m bench.bench_wizards_quest [--seconds 5]`.

First the figures of bench_engines for this ruleset (random-playout moves per second on one core,
replay of a finished game with a state hash after every move); then the random stream's two
schemes side by side: the same seeds played with the option rng 1 (one SHA-256 per draw, every
game created before rules version 3) and rng 2 (four draws per SHA-256 block, new games), in
alternating rounds so that both see the same load, with the ratio of their CPU rates.
"""
from __future__ import annotations

import argparse
import time

from bench.bench_engines import main as engines_main, random_game
from core import games

GAME = games["wizards-quest"]


def scheme_round(scheme: int, seeds: range) -> tuple[int, float]:
    """(moves, CPU seconds) of one random game per seed, every player count in turn."""
    moves, start = 0, time.process_time()
    for i in seeds:
        options = GAME.normalize_options({"rng": scheme})
        moves += len(random_game(GAME, 2 + i % 5, options, f"bench-{i}"))
    return moves, time.process_time() - start


def compare_schemes(rounds: int, games_per_round: int) -> None:
    totals = {1: [0, 0.0], 2: [0, 0.0]}
    for r in range(rounds):
        seeds = range(r * games_per_round, (r + 1) * games_per_round)
        for scheme in ((1, 2) if r % 2 == 0 else (2, 1)):
            moves, cpu = scheme_round(scheme, seeds)
            totals[scheme][0] += moves
            totals[scheme][1] += cpu
    rate = {scheme: moves / cpu for scheme, (moves, cpu) in totals.items()}
    print(f"wizards-quest: rng 1 {rate[1]:,.0f} moves/s, rng 2 {rate[2]:,.0f} moves/s of CPU time "
          f"({rounds} alternating rounds of {games_per_round} games each): rng 2 / rng 1 = {rate[2] / rate[1]:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time of bench_engines")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds of the scheme comparison")
    parser.add_argument("--games", type=int, default=10, help="games per round and scheme")
    args = parser.parse_args(argv)
    engines_main(["wizards-quest", "--seconds", str(args.seconds)])
    compare_schemes(args.rounds, args.games)


if __name__ == "__main__":
    main()
