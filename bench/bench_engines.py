"""Rules-engine speed: random-playout moves per second on one core, and the time to replay a
finished game from seed and moves.

    python -m bench.bench_engines [RULESET ...] [--seconds 5]

A random playout is the game's `random_playout` (the goal's figure, what rollouts play): the
random player to the end. The same games are also played through the public protocol, move by
move (prompts + random_move + apply, with apply's checks and copy), game by game in turns with
the playouts, so the two rates are measured side by side; both give the same moves. Games cycle
through every player count, and through the defaults plus each two-valued option flipped, so
variants are measured too. Rates are per second of CPU time (on a busy machine the fair one); the
playout's wall-clock rate is printed too. The goal is >= 40,000 moves/s (issue 14).
"""
from __future__ import annotations

import argparse
import time

from core import games
from core.protocol import Game, replay
from core.rng import BLOCKS, Rng

MOVE_CAP = 20000


def option_variants(game: Game) -> list[dict]:
    variants = [{}]
    for name, option in game.options.items():
        if option.kind is bool:
            variants.append({name: not option.default})
        elif option.choices and len(option.choices) == 2:
            variants.append({name: next(c for c in option.choices if c != option.default)})
    return [game.normalize_options(v) for v in variants]


def random_game(game: Game, players: int, options: dict, seed: str, *, through_apply: bool = False) -> list:
    """One random game, its (seat, move) list: by the game's `random_playout`, or through the
    protocol's loop of prompts, random_move and apply (the same moves)."""
    state = game.setup(players, options, seed)
    rng = Rng("bench:" + seed, scheme=2)  # the random player's own stream, not the game's
    if through_apply:
        return Game.random_playout(game, state, rng, MOVE_CAP)[1]
    return game.random_playout(state, rng, MOVE_CAP)[1]


def measure(game: Game, seconds: float) -> None:
    variants = option_variants(game)
    counts = range(game.min_players, game.max_players + 1)
    total, played, longest = 0, 0, None
    playout_cpu = apply_cpu = 0.0
    start = time.perf_counter()
    playout_wall = 0.0
    while time.perf_counter() - start < seconds:
        players = counts[played % len(counts)]
        options = variants[(played // len(counts)) % len(variants)]
        seed = f"bench-{played}"
        for through_apply in (False, True) if played % 2 else (True, False):  # in turns, which goes first
            BLOCKS.clear()  # the same game's random stream, hashed again for each way (a new game's is)
            t0, c0 = time.perf_counter(), time.process_time()
            moves = random_game(game, players, options, seed, through_apply=through_apply)
            c1, t1 = time.process_time(), time.perf_counter()
            if through_apply:
                apply_cpu += c1 - c0
            else:
                playout_cpu += c1 - c0
                playout_wall += t1 - t0
        total += len(moves)
        played += 1
        if longest is None or len(moves) > len(longest[3]):
            longest = (players, options, seed, moves)
    print(f"{game.name}: {played} random games, {total} moves: random_playout {total / playout_cpu:,.0f} moves/s "
          f"of CPU time (one core; {total / playout_wall:,.0f} wall clock); through apply move by move "
          f"{total / apply_cpu:,.0f} moves/s ({apply_cpu / playout_cpu:.2f}x the time)")
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
