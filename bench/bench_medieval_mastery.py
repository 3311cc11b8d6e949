"""Medieval Mastery: random-playout speed (prompts + random_move + apply) and replay time.

Run from the repository root:  python -m bench.bench_medieval_mastery [games]
"""
from __future__ import annotations

import sys
import time

from core.medieval_mastery import GAME
from core.protocol import replay
from core.rng import Rng


def playout(players: int, seed: str, options: dict | None = None):
    state = GAME.setup(players, GAME.normalize_options(options or {}), seed)
    rng = Rng("bench:" + seed)
    moves = []
    while GAME.result(state) is None and len(moves) < 20000:
        prompts = GAME.prompts(state)
        seat = prompts[rng.below(len(prompts))].seat
        move = GAME.random_move(state, seat, rng)
        state, _ = GAME.apply(state, seat, move)
        moves.append((seat, move))
    return moves


def main(games: int = 200) -> None:
    total = 0
    start = time.perf_counter()
    cpu = time.process_time()
    finished = []
    for i in range(games):
        players = 2 + i % 5
        moves = playout(players, f"bench-{i}")
        total += len(moves)
        finished.append((players, f"bench-{i}", moves))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"random playouts: {games} games, {total} moves in {elapsed:.2f}s = {total / elapsed:,.0f} moves/s "
          f"(CPU time {cpu:.2f}s = {total / cpu:,.0f} moves/s on one core)")
    players, seed, moves = max(finished, key=lambda g: len(g[2]))
    start = time.perf_counter()
    replay(GAME, players, GAME.normalize_options({}), seed, moves)
    took = time.perf_counter() - start
    print(f"replay of the longest game ({players} players, {len(moves)} moves): {took * 1000:.1f} ms "
          f"(with a state hash after every move)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
