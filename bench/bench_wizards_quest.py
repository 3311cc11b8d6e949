"""Speed of the wizards-quest engine: `python -m bench.bench_wizards_quest [--seconds 5]`.

First the figures of bench_engines for this ruleset (random-playout moves per second on one core,
replay of a finished game with a state hash after every move); then the random stream's two
schemes side by side: the same seeds played with the option rng 1 (one SHA-256 per draw, every
game created before rules version 3) and rng 2 (four draws per SHA-256 block, new games), in
alternating rounds so that both see the same load, with the ratio of their CPU rates.

With `--against TREE` (another checkout, e.g. a detached worktree of main) it compares instead
this tree's engine with that one's, in alternating rounds of subprocesses on the same seeds:
random-playout moves per CPU second, and CPU microseconds per move of replay with a state hash
after every move, with the ratios (the moves each tree played are compared too: a speed-up must
not change a single move).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.bench_engines import main as engines_main, random_game
from core import games

GAME = games["wizards-quest"]


def scheme_round(scheme: int, seeds: range) -> tuple[int, float]:
    """(moves, CPU seconds) of one random game per seed, every player count in turn."""
    moves, start = 0, time.process_time()
    for i in seeds:
        options = GAME.normalize_options({"rng": scheme})
        moves += len(random_game(GAME, 2 + i % 5, options, f"bench-{i}")[1])  # (last state, moves)
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


# Run inside each tree (only bench_engines' and the protocol's public functions, which both have).
MEASURE = """
import hashlib, json, sys, time
from bench.bench_engines import option_variants, random_game
from core import games
from core.protocol import replay
game = games["wizards-quest"]
variants = option_variants(game)
specs = [(2 + i % 5, variants[(i // 5) % len(variants)], f"bench-{i}") for i in range(int(sys.argv[1]))]
start = time.process_time()
moves_of = lambda found: found[1] if isinstance(found, tuple) else found  # (last state, moves), or moves before
played = [(p, o, s, moves_of(random_game(game, p, o, s))) for p, o, s in specs]
playing = time.process_time() - start
start = time.process_time()
for p, o, s, moves in played:
    replay(game, p, o, s, moves)
replaying = time.process_time() - start
digest = hashlib.sha256(json.dumps([m for *_, m in played], sort_keys=True).encode()).hexdigest()
print(json.dumps({"moves": sum(len(m) for *_, m in played), "play": playing, "replay": replaying, "digest": digest}))
"""


def tree_round(tree: Path, games_per_round: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", MEASURE, str(games_per_round)], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def compare_trees(other: Path, rounds: int, games_per_round: int) -> None:
    """This tree against `other`, alternating which goes first, CPU time only (a shared machine)."""
    trees = {"this": Path(__file__).resolve().parent.parent, "other": other.resolve()}
    totals = {name: {"moves": 0, "play": 0.0, "replay": 0.0} for name in trees}
    digests: dict[str, set[str]] = {name: set() for name in trees}
    for r in range(rounds):
        for name in (("this", "other") if r % 2 == 0 else ("other", "this")):
            figures = tree_round(trees[name], games_per_round)
            digests[name].add(figures.pop("digest"))
            for key, value in figures.items():
                totals[name][key] += value
    rate = {name: t["moves"] / t["play"] for name, t in totals.items()}
    per_move = {name: 1e6 * t["replay"] / t["moves"] for name, t in totals.items()}
    for name in trees:
        print(f"wizards-quest, {name} tree ({trees[name]}): {totals[name]['moves']} moves, playouts "
              f"{rate[name]:,.0f} moves/s of CPU, replay with a hash after every move {per_move[name]:.1f} us of CPU a move")
    print(f"this / other: playout rate x{rate['this'] / rate['other']:.2f}, replay time per move "
          f"x{per_move['this'] / per_move['other']:.2f}; same moves: {digests['this'] == digests['other']}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time of bench_engines")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds of the scheme comparison")
    parser.add_argument("--games", type=int, default=10, help="games per round and scheme (or tree)")
    parser.add_argument("--against", type=Path, help="another checkout to compare this engine with")
    args = parser.parse_args(argv)
    if args.against is not None:
        compare_trees(args.against, args.rounds, args.games)
        return
    engines_main(["wizards-quest", "--seconds", str(args.seconds)])
    compare_schemes(args.rounds, args.games)


if __name__ == "__main__":
    main()
