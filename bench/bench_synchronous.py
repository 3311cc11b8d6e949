"""The cost of SQLite's synchronous=FULL (the default) against NORMAL on the move path.

    python -m bench.bench_synchronous [--moves 600] [--chunk 20]

Two Herald servers run under gunicorn (2 workers) on 127.0.0.1, each on its own SQLite file
in the same folder (on disk, not tmpfs, where fsync would cost nothing): one with
HERALD_SQLITE_SYNCHRONOUS=full, one with normal. One client plays real Castle Assault moves,
alternating between the two servers every --chunk moves, so both see the same machine load;
it prints the p50/p90 latency of a move PUT and the moves per second of each, and the ratios.
In WAL mode NORMAL syncs only at checkpoints, so an acknowledged move can vanish on power loss;
FULL syncs the WAL at every commit.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.bench_http import free_port, herald_games, request, start_gunicorn


def server(folder: Path, synchronous: str):
    db = folder / f"{synchronous}.db"
    port = free_port()
    proc = start_gunicorn("server.app:create_app()", {"HERALD_DATABASE_URL": f"sqlite:///{db}",
                                                      "HERALD_SQLITE_SYNCHRONOUS": synchronous,
                                                      "HERALD_MAIL_DIR": str(folder / "mail")}, port)
    status, player = request(port, "POST", "/players", {"name": "bench", "email": "bench@example.org"})
    assert status == 201, player
    return proc, port, db, player["token"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600, help="moves per server")
    parser.add_argument("--chunk", type=int, default=20, help="moves in a row before switching server")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="herald-sync-", dir="/var/tmp"))
    sides = {name: server(folder, name) for name in ("full", "normal")}
    try:
        queues = {}
        for name, (_proc, port, db, token) in sides.items():
            planned = herald_games(port, db, token, max(1, args.moves // 40 + 2))
            queues[name] = [(gid, seq, seat, move) for gid, moves in planned.items()
                            for seq, (seat, move) in enumerate(moves)][:args.moves]
        same = min(len(q) for q in queues.values())  # the same number of moves on each side
        queues = {name: q[:same] for name, q in queues.items()}
        latencies = {name: [] for name in sides}
        while any(queues.values()):
            for name, (_proc, port, _db, token) in sides.items():
                chunk, queues[name] = queues[name][:args.chunk], queues[name][args.chunk:]
                for gid, seq, seat, move in chunk:
                    started = time.perf_counter()
                    status, body = request(port, "PUT", f"/games/{gid}/moves/{seq}?seat={seat}", {"move": move}, token)
                    latencies[name].append(time.perf_counter() - started)
                    assert status == 201, body
        report(latencies)
    finally:
        for proc, *_ in sides.values():
            proc.terminate()
            proc.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def report(latencies: dict) -> None:
    figures = {}
    for name, values in latencies.items():
        values = sorted(values)
        p50, p90 = statistics.median(values), values[int(len(values) * 0.9)]
        figures[name] = (p50, p90, len(values) / sum(values))
        print(f"synchronous={name:6} moves {len(values):5}  p50 {p50 * 1000:6.2f} ms  p90 {p90 * 1000:6.2f} ms  "
              f"{figures[name][2]:7.1f} moves/s (one client)")
    full, normal = figures["full"], figures["normal"]
    print(f"ratio FULL/NORMAL: p50 latency {full[0] / normal[0]:.2f}, p90 {full[1] / normal[1]:.2f}, "
          f"throughput {full[2] / normal[2]:.2f}")


if __name__ == "__main__":
    main()
