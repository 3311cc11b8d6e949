"""Wizard's Quest throughput: random-playout moves per second (prompts + random_move + apply,
no conformance checks) over 2-6 players and both treasure variants, and the time to replay
a finished game from its seed and moves.

Run from the repository root:  python -m bench.bench_wizards_quest [seconds]
"""
from __future__ import annotations

import sys
import time

from core.protocol import replay
from core.rng import Rng
from core.wizards_quest import GAME


def random_game(players: int, options: dict, seed: str, max_moves: int = 20000) -> list:
    """One random game through the public protocol; returns its (seat, move) list."""
    state = GAME.setup(players, options, seed)
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
    return moves


def main(seconds: float = 5.0) -> None:
    total, games, start, cpu0 = 0, 0, time.perf_counter(), time.process_time()
    longest = None
    while time.perf_counter() - start < seconds:
        players = 2 + games % 5
        options = GAME.normalize_options({"blank_treasure": games % 2 == 1})
        seed = f"bench-{games}"
        moves = random_game(players, options, seed)
        total += len(moves)
        games += 1
        if longest is None or len(moves) > len(longest[3]):
            longest = (players, options, seed, moves)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    print(f"random playouts: {games} games, {total} moves in {elapsed:.2f} s "
          f"= {total / elapsed:,.0f} moves/s wall clock, {total / cpu:,.0f} moves per CPU second "
          f"(one core, no per-move checks; the CPU figure is the one that does not depend on other load)")
    players, options, seed, moves = longest
    t0 = time.perf_counter()
    replay(GAME, players, options, seed, moves)
    t1 = time.perf_counter()
    print(f"replay of a finished {players}-player game of {len(moves)} moves from its seed: "
          f"{(t1 - t0) * 1000:.1f} ms (with a state hash after every move)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
