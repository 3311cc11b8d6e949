"""What a gathered batch of moves costs PostgreSQL and its sender, part by part.

    python -m bench.bench_batch_cost [--batches 600] [--rounds 6] [--moves 4]

One durable PostgreSQL (as bench_cluster's), 16 Castle Assault games made by this tree's server,
one connection, and batches of `--moves` moves of different games sent one after another with
nothing else running: so the CPU each side spends on a batch is measured without the threads,
hand-overs and contention of a loaded server (bench_cluster measures those). The batch is the
server's as bench_cluster models it (server/store/groupcommit.py in a lane): BEGIN with the
games' lock and the move's reads (table talk, webhooks), then every write, each kind in one
statement of several rows, with the COMMIT. Beside it, each with one part taken away:

- the lock without the move's reads;
- the writes alone in one round trip, with no lock before them: what a batch could reach if
  its moves were worked out before any round trip (on each process's cached games rows,
  checked as they are written) instead of after the lock;
- the lock alone (BEGIN with the lock, then COMMIT): what the first round trip costs;
- chained: each round trip carries a batch's writes and COMMIT and the next batch's BEGIN and
  lock, so that a batch costs one round trip with its lock kept (what a lane's batches back to
  back could reach; docs/benchmarks.md says why the server does not chain them).

Each round runs every variant for `--batches` batches, by turns (the order reversed every other
round); the report gives the medians over rounds of PostgreSQL's CPU per batch (its backend's,
from /proc) and the sender's (this process's: driver, statements, the model's values).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from functools import partial
from typing import Callable

from bench.bench_cluster import (TICK, DurablePostgres, MoveValues, _stat, client_cpu, commit_games, lock_many,
                                 move_models, queued_writes, statement)
from server.store.roundtrips import merged


def writes(cursor, batch: list[MoveValues]) -> list[bytes]:
    """The batch's writes as a lane sends them: each kind one statement of several rows."""
    queued = [write for game in batch for write in queued_writes(game)]
    return [statement(cursor, sql, params, True) for sql, params, _ in merged(queued)]


def locked(lock: Callable[[int], str], then_writes: bool):
    """A batch that locks its games first (`lock`), then sends its writes (or nothing) with the COMMIT."""
    def send(cursor, batch: list[MoveValues]) -> None:
        ids = tuple(game.game_id for game in batch)
        cursor.execute(b"BEGIN; " + statement(cursor, lock(len(ids)), ids, True))
        cursor.fetchall()
        cursor.execute(b"; ".join((writes(cursor, batch) if then_writes else []) + [b"COMMIT"]))
    return send


def unlocked(cursor, batch: list[MoveValues]) -> None:
    cursor.execute(b"; ".join([b"BEGIN", *writes(cursor, batch), b"COMMIT"]))


class Chained:
    """Batches back to back, each round trip its batch's writes, the COMMIT, and the next
    batch's BEGIN and lock (here the same games': the next batch's cost the same); `close`
    commits the last one begun."""

    def __init__(self) -> None:
        self.begun = False

    def __call__(self, cursor, batch: list[MoveValues]) -> None:
        ids = tuple(game.game_id for game in batch)
        lock = b"BEGIN; " + statement(cursor, lock_many(len(ids)), ids, True)
        if not self.begun:
            cursor.execute(lock)
            cursor.fetchall()
            self.begun = True
        cursor.execute(b"; ".join(writes(cursor, batch) + [b"COMMIT", lock]))
        cursor.fetchall()

    def close(self, cursor) -> None:
        if self.begun:
            cursor.execute(b"COMMIT")
            self.begun = False


VARIANTS = {
    "as the server sends it (lock with reads; writes with COMMIT)": locked(lock_many, True),
    "the lock without the move's reads": locked(partial(lock_many, reads=False), True),
    "the writes alone, in one round trip (no lock)": unlocked,
    "the lock alone (BEGIN with it; COMMIT)": locked(lock_many, False),
    "chained: writes, COMMIT, the next BEGIN and lock, one round trip": Chained(),
}


def finish(send, cursor) -> None:
    """End what a variant left begun (Chained)."""
    close = getattr(send, "close", None)
    if close is not None:
        close(cursor)


def backend_cpu(pid: int) -> float:
    found = _stat(pid)
    assert found is not None, "the backend has gone"
    return found[1] / TICK


def measure(url: str, games: list[int], batches: int, rounds: int, size: int) -> dict[str, list[tuple[float, float]]]:
    import psycopg2

    connection = psycopg2.connect(url)
    connection.autocommit = True  # as peewee runs psycopg2 (the statements send BEGIN themselves)
    cursor = connection.cursor()
    models = move_models(cursor, games)
    groups = [models[i:i + size] for i in range(0, len(models) - size + 1, size)]
    pid = connection.get_backend_pid()
    for send in VARIANTS.values():  # every statement prepared on the connection before it counts
        send(cursor, groups[0])
        finish(send, cursor)
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in VARIANTS}
    for number in range(rounds):
        for name in (list(VARIANTS) if number % 2 == 0 else list(VARIANTS)[::-1]):
            send = VARIANTS[name]
            server0, client0 = backend_cpu(pid), client_cpu()
            for i in range(batches):
                send(cursor, groups[i % len(groups)])
            finish(send, cursor)
            found[name].append(((backend_cpu(pid) - server0) / batches * 1000,
                                (client_cpu() - client0) / batches * 1000))
        print(f"round {number + 1}/{rounds} done", file=sys.stderr, flush=True)
    connection.close()
    return found


def report(found: dict[str, list[tuple[float, float]]], size: int) -> list[str]:
    medians = {name: (statistics.median(pg for pg, _ in runs), statistics.median(sender for _, sender in runs))
               for name, runs in found.items()}
    first = sum(next(iter(medians.values())))
    lines = [f"| a batch of {size} moves, one after another | PostgreSQL ms | sender ms | both, a move | / as sent |",
             "|---|---|---|---|---|"]
    for name, (pg, sender) in medians.items():
        lines.append(f"| {name} | {pg:.3f} | {sender:.3f} | {(pg + sender) / size:.3f} | {(pg + sender) / first:.2f} |")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=600, help="batches per variant per round")
    parser.add_argument("--rounds", type=int, default=6, help="rounds, the variants by turns (medians reported)")
    parser.add_argument("--moves", type=int, default=4, help="moves per batch (HERALD_GROUP_COMMIT's default: 4)")
    args = parser.parse_args(argv)
    if not shutil.which("initdb"):
        print("PostgreSQL's initdb is not on PATH", file=sys.stderr)
        return 2
    postgres = DurablePostgres()
    postgres.start()
    try:
        url = postgres.new_database()
        _token, games = commit_games(url, 16)
        started = time.monotonic()
        found = measure(url, games, args.batches, args.rounds, args.moves)
        print("\n".join(report(found, args.moves)))
        print(f"\n({args.rounds} rounds of {args.batches} batches per variant, {time.monotonic() - started:.0f} s)")
    finally:
        postgres.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
