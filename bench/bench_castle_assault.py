"""Castle Assault throughput: random-playout moves per second (prompts + random_move + apply,
no conformance checks) and the time to replay a finished game from its seed and moves.

Run from the repository root:  python -m bench.bench_castle_assault [seconds]
"""
from __future__ import annotations

import sys
import time

from core.castle_assault import GAME
from core.protocol import replay
from core.rng import Rng


def random_game(players: int, seed: str, max_moves: int = 20000) -> tuple[list, int]:
    """One random game through the public protocol; returns (moves, move count)."""
    state = GAME.setup(players, {}, seed)
    rng = Rng("bench:" + seed)
    moves = []
    for _ in range(max_moves):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        seat = prompts[rng.below(len(prompts))].seat
        move = GAME.random_move(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        moves.append((seat, move))
    return moves, len(moves)


def main(seconds: float = 5.0) -> None:
    total, games, start, cpu_start = 0, 0, time.perf_counter(), time.process_time()
    longest = None
    while time.perf_counter() - start < seconds:
        players = 2 + games % 3
        seed = f"bench-{games}"
        moves, count = random_game(players, seed)
        total += count
        games += 1
        if longest is None or count > len(longest[2]):
            longest = (players, seed, moves)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"random playouts: {games} games, {total} moves in {elapsed:.2f} s "
          f"= {total / elapsed:,.0f} moves/s wall clock, {total / cpu:,.0f} moves/s of CPU time "
          f"(one core, no per-move checks; on a busy machine the CPU figure is the fairer one)")
    players, seed, moves = longest
    t0 = time.perf_counter()
    replay(GAME, players, GAME.normalize_options({}), seed, moves)
    t1 = time.perf_counter()
    print(f"replay of a finished {players}-player game of {len(moves)} moves from its seed: "
          f"{(t1 - t0) * 1000:.1f} ms (with a state hash after every move)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
