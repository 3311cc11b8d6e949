"""Engine cost in machine instructions per move, under valgrind's callgrind: a figure the load of
other work on the machine does not move, to compare two trees (or a tree and python-chess).

    python -m bench.bench_instructions RULESET [--games 12] [--kind apply|playout|chess]

`bench_engines` gives the goal's figure (moves per CPU second as a ratio to python-chess in the
same run), but on a shared two-core machine its rounds move by 20-40 %. This counts the
instructions of a fixed set of whole games (the same deal of player counts and variants as
`bench_engines`, seeds `bench-0`, `bench-1`, ...) played the chosen way, minus those of the same
process playing none (imports, setup of the interpreter), divided by the moves played. Counts
differ from CPU time (cache misses, branch prediction), so the goal is still checked with
`bench_engines`; a change that lowers the count lowers the time. Each run hashes strings with
the same seed (`PYTHONHASHSEED=0`): with a random one the count moves by ~0.5 % between runs of
the same tree, as sets and dicts of strings are laid out differently.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def play(ruleset: str, games: int, kind: str) -> int:
    """Play `games` games of `kind`; the moves played."""
    from bench.bench_engines import Deal, chess_game, random_game
    from core import games as registry

    moves = 0
    if kind == "chess":
        import chess  # noqa: F401  # imported when no game is played too: its import is not a move's cost
        for seed in range(games):
            moves += chess_game(seed)[0]
        return moves
    deal = Deal(registry[ruleset])
    for _ in range(games):
        players, options, seed = deal.next()
        moves += len(random_game(deal.game, players, options, seed, through_apply=kind == "apply")[1])
    return moves


def instructions(ruleset: str, games: int, kind: str) -> tuple[int, int]:
    """(instructions, moves) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        moves_file = os.path.join(folder, "moves")
        code = (f"import sys; sys.path.insert(0, {os.getcwd()!r}); from bench.bench_instructions import play; "
                f"open({moves_file!r}, 'w').write(str(play({ruleset!r}, {games}, {kind!r})))")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
                       check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        with open(out) as f:
            total = int(re.search(r"^summary: (\d+)", f.read(), re.M).group(1))
        with open(moves_file) as f:
            return total, int(f.read())


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--kind", choices=("apply", "playout", "chess"), default="apply")
    args = parser.parse_args(argv)
    base, _ = instructions(args.ruleset, 0, args.kind)
    total, moves = instructions(args.ruleset, args.games, args.kind)
    print(json.dumps({"ruleset": args.ruleset, "kind": args.kind, "games": args.games, "moves": moves,
                      "instructions_per_move": round((total - base) / max(moves, 1))}))


if __name__ == "__main__":
    main()
