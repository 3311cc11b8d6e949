"""Speed of the castle-assault engine.

    python -m bench.bench_castle_assault [--seconds 5]
        the figures of bench_engines for this game alone;
    python -m bench.bench_castle_assault --against OLD_TREE [--games 300]
        this tree's engine against the one in OLD_TREE (e.g. a `git worktree` of main), side by
        side in one process: the same random games (bench_engines' seeds, player counts and
        option variants) are played by each engine in turn, game by game, so that the machine's
        load falls on both alike. Prints the CPU-time rate of each, the replay time per move
        with a state hash after every move, and the ratios.
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

from bench.bench_engines import main as bench_engines_main
from bench.bench_engines import option_variants, random_game
from core.castle_assault import GAME
from core.protocol import Game, replay


def load_engine(tree: str) -> Game:
    """The castle-assault Game of another source tree, imported under its own package name."""
    package = Path(tree) / "core" / "castle_assault"
    spec = importlib.util.spec_from_file_location("castle_assault_against", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    if spec is None or spec.loader is None:
        raise SystemExit(f"No castle-assault package in {tree}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.GAME


def compare(engines: dict[str, Game], games: int) -> None:
    variants = {name: option_variants(engine) for name, engine in engines.items()}
    cpu = {name: 0.0 for name in engines}
    replayed = {name: 0.0 for name in engines}
    moves = {name: 0 for name in engines}
    for played in range(games):
        players = 2 + played % 3
        seed = f"bench-{played}"
        for name, engine in engines.items():
            options = variants[name][(played // 3) % len(variants[name])]
            start = time.process_time()
            log = random_game(engine, players, options, seed)[1]  # (last state, moves)
            middle = time.process_time()
            replay(engine, players, options, seed, log)
            cpu[name] += middle - start
            replayed[name] += time.process_time() - middle
            moves[name] += len(log)
    for name in engines:
        print(f"{name:>7}: {moves[name]} moves in {games} games: {moves[name] / cpu[name]:,.0f} random moves/s "
              f"of CPU time; replay {replayed[name] / moves[name] * 1e6:.1f} us/move with a state hash")
    before, after = list(engines)
    print(f"ratio {after}/{before}: {moves[after] / cpu[after] / (moves[before] / cpu[before]):.2f}x random moves/s, "
          f"{(replayed[before] / moves[before]) / (replayed[after] / moves[after]):.2f}x replay speed")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a source tree whose castle-assault engine to compare with")
    parser.add_argument("--games", type=int, default=300, help="games per engine with --against")
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time without --against")
    args = parser.parse_args(argv)
    if args.against is None:
        bench_engines_main(["castle-assault", "--seconds", str(args.seconds)])
        return
    compare({"before": load_engine(args.against), "after": GAME}, args.games)


if __name__ == "__main__":
    main()
