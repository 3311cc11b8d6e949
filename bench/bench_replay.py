"""What `herald server verify` asks of an engine: replay stored games move by move (core/undo's
Replayer.advance, as verify does: apply's checks and state, no events) with a state hash after every move. CPU time per move, best of
--rounds, on the same seeded random games every run (every player count, the option variants
of bench_engines, each game cut at --moves moves as bench_storage's games are).

    python -m bench.bench_replay [RULESET ...] [--games 150] [--moves 110] [--rounds 5]
    python -m bench.bench_replay medieval-mastery --against ../base   # two trees, interleaved

With --against, this file runs by turns on this tree's code and on the other checkout's (each
run in its own process with that tree on PYTHONPATH, so each imports its own engines; the other
tree needs no copy of this bench) and prints both figures side by side: on a machine others
share, only figures of the same run are comparable.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.bench_engines import option_variants, random_game
from core import games
from core.protocol import Game
from core.undo import Replayer


def recorded_games(game: Game, count: int, cap: int) -> list[tuple]:
    """(players, options, seed, moves) of `count` seeded random games, each cut at `cap` moves."""
    variants = option_variants(game)
    seats = range(game.min_players, game.max_players + 1)
    out = []
    for number in range(count):
        players, options = seats[number % len(seats)], variants[(number // len(seats)) % len(variants)]
        seed = f"replay-{number}"
        found = random_game(game, players, options, seed)  # (last state, moves); a list of moves in older trees
        out.append((players, options, seed, (found[1] if isinstance(found, tuple) else found)[:cap]))
    return out


def replay_seconds(game: Game, recorded: list[tuple]) -> float:
    """CPU seconds to set each game up and replay it with a state hash after every move."""
    started = time.process_time()
    for players, options, seed, moves in recorded:
        advance = verify_step(Replayer(game, game.setup(players, options, seed)))
        for seat, move in moves:
            game.state_hash(advance(seat, move))
    return time.process_time() - started


def verify_step(replayer: Replayer):
    """What verify steps with: `Replayer.advance` (no events), or `step`'s state on a tree from
    before it (an --against checkout)."""
    advance = getattr(replayer, "advance", None)
    return advance if advance is not None else lambda seat, move: replayer.step(seat, move)[0]


def measure(name: str, count: int, cap: int, rounds: int) -> float:
    """Microseconds of CPU per replayed move, best of `rounds`."""
    game = games[name]
    recorded = recorded_games(game, count, cap)
    moves = sum(len(entry[3]) for entry in recorded)
    return min(replay_seconds(game, recorded) for _ in range(rounds)) / moves * 1e6


def side_by_side(args: argparse.Namespace, names: list[str]) -> None:
    """This tree and --against by turns, one process per run, `--turns` times each."""
    trees = {"this tree": Path.cwd(), "against": args.against.resolve()}
    flags = ["--games", str(args.games), "--moves", str(args.moves), "--rounds", str(args.rounds), "--quiet"]
    for name in names:
        found: dict[str, list[float]] = {label: [] for label in trees}
        for _ in range(args.turns):
            for label, tree in trees.items():
                env = {**os.environ, "PYTHONPATH": str(tree)}
                out = subprocess.run([sys.executable, __file__, name, *flags], cwd=tree, env=env,
                                     capture_output=True, text=True, check=True).stdout
                found[label].append(float(out.split()[-1]))
        mine, theirs = min(found["this tree"]), min(found["against"])
        print(f"{name}: replay + state hash, CPU us/move (best of {args.turns} interleaved runs): "
              f"against {theirs:.1f}, this tree {mine:.1f} ({mine / theirs:.2f}x); runs: "
              f"against {', '.join(f'{v:.1f}' for v in found['against'])}; "
              f"this tree {', '.join(f'{v:.1f}' for v in found['this tree'])}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="default: every registered game")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--moves", type=int, default=110, help="moves kept of each game")
    parser.add_argument("--rounds", type=int, default=5, help="replays of the whole set; the best counts")
    parser.add_argument("--against", type=Path, help="another checkout (e.g. a worktree of main) to compare with")
    parser.add_argument("--turns", type=int, default=3, help="with --against: runs of each tree, interleaved")
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = args.rulesets or list(games)
    if args.against:
        side_by_side(args, names)
        return
    for name in names:
        us = measure(name, args.games, args.moves, args.rounds)
        print(us if args.quiet else f"{name}: replay + state hash after every move: {us:.1f} us of CPU per move")


if __name__ == "__main__":
    main()
