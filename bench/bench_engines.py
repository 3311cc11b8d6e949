"""Rules-engine speed: random-playout moves per second (prompts + random_move + apply, no
per-move checks) on one core, and the time to replay a finished game from seed and moves.

    python -m bench.bench_engines [RULESET ...] [--seconds 5]

Games cycle through every player count, and through the defaults plus each two-valued option
flipped, so variants are measured too. Both a wall-clock and a CPU-time rate are printed: on a
busy machine the CPU figure is the fair one. The goal is >= 20,000 moves/s.
"""
from __future__ import annotations

import argparse
import time

from core import games
from core.protocol import Game, replay
from core.rng import Rng

MOVE_CAP = 20000


def option_variants(game: Game) -> list[dict]:
    variants = [{}]
    for name, option in game.options.items():
        if option.kind is bool:
            variants.append({name: not option.default})
        elif option.choices and len(option.choices) == 2:
            variants.append({name: next(c for c in option.choices if c != option.default)})
    return [game.normalize_options(v) for v in variants]


def random_game(game: Game, players: int, options: dict, seed: str) -> list:
    """One random game through the public protocol; its (seat, move) list."""
    state = game.setup(players, options, seed)
    rng = Rng("bench:" + seed, scheme=2)  # the random player's own stream, not the game's
    moves = []
    while game.result(state) is None and len(moves) < MOVE_CAP:
        prompts = game.prompts(state)
        seat = prompts[rng.below(len(prompts))].seat
        move = game.random_move(state, seat, rng)
        state, _ = game.apply(state, seat, move)
        moves.append((seat, move))
    return moves


def measure(game: Game, seconds: float) -> None:
    variants = option_variants(game)
    counts = range(game.min_players, game.max_players + 1)
    total, played, longest = 0, 0, None
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        players = counts[played % len(counts)]
        options = variants[(played // len(counts)) % len(variants)]
        seed = f"bench-{played}"
        moves = random_game(game, players, options, seed)
        total += len(moves)
        played += 1
        if longest is None or len(moves) > len(longest[3]):
            longest = (players, options, seed, moves)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(f"{game.name}: {played} random games, {total} moves: {total / wall:,.0f} moves/s wall clock, "
          f"{total / cpu:,.0f} moves/s of CPU time (one core)")
    players, options, seed, moves = longest
    t0 = time.perf_counter()
    replay(game, players, options, seed, moves)
    print(f"{game.name}: replay of a finished {players}-player game of {len(moves)} moves from its seed: "
          f"{(time.perf_counter() - t0) * 1000:.1f} ms (with a state hash after every move)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="default: every registered game")
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per game")
    args = parser.parse_args(argv)
    for name in args.rulesets or list(games):
        measure(games[name], args.seconds)


if __name__ == "__main__":
    main()
