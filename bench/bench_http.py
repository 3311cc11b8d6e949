"""Move submissions through the real HTTP stack, Herald against bare append endpoints.

    python -m bench.bench_http [--moves 3000] [--threads 4] [--pad 5000] [--synchronous normal]
                               [--workers 2] [--bare-connects-per-request]

Both servers run under gunicorn with 2 sync workers (--workers) on 127.0.0.1, each on its own SQLite
file in WAL mode with the same `synchronous`: NORMAL unless told, so that the ratio is what
Herald's move path costs beyond an append, not the disk (FULL's one fsync per move is
measured by bench_synchronous). The bare app keeps its connection, as Herald keeps its
pooled ones. They are driven by the same client in one run:

(a) throughput: the same PUTs to each, in slices, the sides taking turns (the order rotates):
    the bare app's move append (bench/bare_app.py: token lookup, the seat is the caller's,
    the game's row, the engine applies the move, canonical state and its hash, the chain
    link, the move row and the game's new state; the goal's baseline), Herald, and the bare row append (only an insert;
    shown for scale). Herald's moves are real Castle Assault moves: the bench, as the
    operator, reads each game's seed from the database and plays the games locally with the
    core engine to know which moves will be legal; the bare move append gets the same games
    (seed, options, players) and the same moves.
(b) latency: p50 of Herald's real moves in four fresh games (log length < ~150) against, in
    turn move by move, the real moves of four games whose logs were first padded to --pad entries with standing-answer
    moves (legal at any time, and they take the same path: lock, cached state, rules,
    chain link, snapshot, outbox).

The client shares the machine's two cores with the servers; it is the same for both sides.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.bench_engines import random_game
from core import games

ROOT = Path(__file__).resolve().parent.parent
RULESET = "castle-assault"
ROUNDS = 12  # (a): the PUTs go in this many slices, the sides taking turns


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(port, method, path, body=None, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else None)


def start_gunicorn(app: str, env: dict, port: int, workers: int = 2) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}",
                             "--log-level", "warning", app], cwd=ROOT, env={**os.environ, **env})
    for _ in range(200):
        try:
            if request(port, "GET", "/health")[0] == 200:
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"{app} did not start")


def new_game(port, creator, joiners, ruleset=RULESET) -> int:
    """A started game: `creator` creates it, the i-th token of `joiners` takes seat i."""
    status, game = request(port, "POST", "/games", {"ruleset": ruleset, "seats": len(joiners)}, creator)
    assert status == 201, game
    for index, (invite, token) in enumerate(zip(game["invites"], joiners)):
        another = {"another_seat": True} if token in joiners[:index] else {}  # one token at several seats
        status, joined = request(port, "POST", "/games/join", {"invite": invite["code"], **another}, token)
        assert status == 200, joined
    return game["id"]


def herald_games(port, db_path, token, count, players=2, bare_port=None):
    """Create and fill `count` games; return {game_id: [(seat, move), ...]}. With `bare_port`,
    {game_id: (the same game set up on the bare app: its id, [(seat, move), ...])}."""
    ids = [new_game(port, token, [token] * players) for _ in range(count)]
    with sqlite3.connect(db_path) as db:
        rows = {gid: (seed, json.loads(opts)) for gid, seed, opts in
                db.execute("SELECT id, seed, options FROM games")}
    engine = games[RULESET]
    planned = {gid: random_game(engine, players, rows[gid][1], rows[gid][0])[1] for gid in ids}  # (last state, moves)
    if bare_port is None:
        return planned
    return {gid: (bare_game(bare_port, token, players, *rows[gid]), moves) for gid, moves in planned.items()}


def bare_game(port, token, players: int, seed: str, options: dict) -> int:
    """The same game on the bare app, every seat held by `token`'s player."""
    status, game = request(port, "POST", "/games", {"ruleset": RULESET, "players": players, "options": options,
                                                     "seed": seed}, token)
    assert status == 201, game
    return game["id"]


def run_threads(work: list[list], send, threads: int) -> float:
    """Each thread sends its own lists in order (one game's moves stay in sequence)."""
    buckets = [work[i::threads] for i in range(threads)]
    errors = []

    def worker(bucket):
        for job in bucket:
            for item in job:
                status = send(item)
                if status not in (200, 201):
                    errors.append(status)

    pool = [threading.Thread(target=worker, args=(b,)) for b in buckets]
    start = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise SystemExit(f"{len(errors)} requests failed, e.g. HTTP {errors[0]}")
    return elapsed


def workers_cpu(master: subprocess.Popen) -> float:
    """CPU seconds (user + system) the gunicorn master's worker processes have used so far
    (Linux /proc): what a request costs the server, whatever else the machine is doing."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields[1]) == master.pid:  # fields[1]: the parent's pid
            total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def alternating(work: list[list], sides: list, threads: int, rounds: int = ROUNDS) -> list[tuple[float, float]]:
    """(seconds, server CPU seconds) each side took for all of `work`, sent a slice of games at a
    time, the sides in turn (which goes first rotates), so that all meet the same load on the
    machine. `sides`: (send, gunicorn master) pairs."""
    slices = [work[i::rounds] for i in range(rounds)]
    times = [[0.0, 0.0] for _ in sides]
    for r, part in enumerate(slices):
        for k in range(len(sides)):
            side = (r + k) % len(sides)
            send, master = sides[side]
            cpu = workers_cpu(master)
            times[side][0] += run_threads(part, send, threads)
            times[side][1] += workers_cpu(master) - cpu
    return [(wall, cpu) for wall, cpu in times]


def put_herald(port, token):
    def send(item):
        gid, seq, seat, move = item
        status, body = request(port, "PUT", f"/games/{gid}/moves/{seq}?seat={seat}", {"move": move}, token)
        return status
    return send


def put_bare_row(port, token):
    def send(item):
        gid, seq, seat, move = item
        return request(port, "PUT", f"/rows/{gid}/{seq}", {"move": move}, token)[0]
    return send


def put_bare_move(port, token, bare_ids: dict):
    def send(item):
        gid, seq, seat, move = item
        return request(port, "PUT", f"/games/{bare_ids[gid]}/moves/{seq}?seat={seat}", {"move": move}, token)[0]
    return send


def standing_answers(count: int) -> list[tuple[int, dict]]:
    """`count` (seat, move) standing answers of a two-seat Castle Assault game: legal at any time,
    they change nothing in the game, and a multiple of 4 leaves both seats on "ask" as at the start."""
    return [(seq % 2, {"type": "standing", "pass": "always" if seq % 4 < 2 else "ask", "window": "all"})
            for seq in range(count)]


def timed_put(port, token, job) -> float:
    gid, seq, seat, move = job
    t0 = time.perf_counter()
    status, body = request(port, "PUT", f"/games/{gid}/moves/{seq}?seat={seat}", {"move": move}, token)
    assert status == 201, body
    return time.perf_counter() - t0


def timed_in_turn(port, token, short: list, long: list) -> tuple[list[float], list[float]]:
    """Latencies of two lists of moves, one move of each in turn (each list stays in order)."""
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(max(len(short), len(long))):
        for side, jobs in enumerate((short, long)):
            if i < len(jobs):
                times[side].append(timed_put(port, token, jobs[i]))
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000, help="PUTs per side for throughput")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--pad", type=int, default=5000, help="log length for the latency comparison")
    parser.add_argument("--synchronous", default="normal", choices=("normal", "full"),
                        help="SQLite's synchronous setting, for both servers")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--bare-connects-per-request", action="store_true",
                        help="the bare app opens a connection per request (by default it keeps one per worker)")
    args = parser.parse_args(argv)
    if args.pad % 4:
        parser.error("--pad must be a multiple of 4: the padding's standing answers then leave both seats as they began")

    with tempfile.TemporaryDirectory() as tmp:
        herald_db = Path(tmp, "herald.db")
        herald_port, bare_port = free_port(), free_port()
        env = {"HERALD_DATABASE_URL": f"sqlite:///{herald_db}", "HERALD_MAIL_DIR": str(Path(tmp, "mail")),
               "BARE_DATABASE_URL": f"sqlite:///{Path(tmp, 'bare.db')}",
               "HERALD_SQLITE_SYNCHRONOUS": args.synchronous, "BARE_SQLITE_SYNCHRONOUS": args.synchronous,
               "BARE_KEEP_CONNECTION": "0" if args.bare_connects_per_request else "1",
               # Limits stay on (their cost is measured); the set-up joins many games at once.
               "HERALD_RATELIMIT_JOIN": "1000000 per minute"}
        herald = start_gunicorn("server.app:create_app()", env, herald_port, args.workers)
        bare = start_gunicorn("bench.bare_app:create_app()", env, bare_port, args.workers)
        try:
            status, me = request(herald_port, "POST", "/players", {"name": "bench", "email": "bench@example.org"})
            assert status == 201, me
            token = me["token"]
            assert request(bare_port, "POST", "/players", {"token": token})[0] == 201

            # (a) throughput
            work, total, bare_ids = [], 0, {}
            while total < args.moves:
                for gid, (bare_id, moves) in herald_games(herald_port, herald_db, token, args.threads,
                                                          bare_port=bare_port).items():
                    work.append([(gid, seq, seat, move) for seq, (seat, move) in enumerate(moves)])
                    bare_ids[gid] = bare_id
                    total += len(moves)
            (move_time, move_cpu), (herald_time, herald_cpu), (row_time, row_cpu) = alternating(
                work, [(put_bare_move(bare_port, token, bare_ids), bare), (put_herald(herald_port, token), herald),
                       (put_bare_row(bare_port, token), bare)], args.threads)
            print(f"(a) {total} PUTs per side, {args.threads} client threads, gunicorn 2 workers each, "
                  f"synchronous={args.synchronous} for both, bare app "
                  f"{'connecting per request' if args.bare_connects_per_request else 'keeping its connection'}")
            print(f"    {'':48} {'moves/s':>8} {'server CPU ms/move':>19} {'moves per CPU-s':>16}")
            for label, wall, cpu in (("bare move append (seat, rules, hash, chain)", move_time, move_cpu),
                                     ("Herald move path", herald_time, herald_cpu),
                                     ("bare row append (an insert, no move checked)", row_time, row_cpu)):
                print(f"    {label:<48} {total / wall:8.0f} {cpu / total * 1000:19.2f} {total / cpu:16.0f}")
            print(f"    Herald / bare move append: {move_time / herald_time:.2f} by throughput, "
                  f"{move_cpu / herald_cpu:.2f} by server CPU per move  (goal >= 1.0)")
            print(f"    Herald / bare row append:  {row_time / herald_time:.2f} by throughput, "
                  f"{row_cpu / herald_cpu:.2f} by server CPU per move")

            # (b) latency against log length
            fresh = herald_games(herald_port, herald_db, token, 4)
            pads = standing_answers(args.pad)
            padded = herald_games(herald_port, herald_db, token, 4)
            for gid in padded:
                run_threads([[(gid, seq, seat, move) for seq, (seat, move) in enumerate(pads)]],
                            put_herald(herald_port, token), 1)
            # The standing answers changed nothing in the game itself, and the last one leaves
            # both seats on "ask" as at the start: the planned moves are still the legal ones.
            short, long = timed_in_turn(
                herald_port, token,
                [(gid, seq, seat, move) for gid, moves in fresh.items() for seq, (seat, move) in enumerate(moves)],
                [(gid, args.pad + seq, seat, move) for gid, moves in padded.items()
                 for seq, (seat, move) in enumerate(moves)])
            p_short, p_long = statistics.median(short), statistics.median(long)
            print(f"(b) p50 move latency, log length < {max(len(m) for m in fresh.values())}: "
                  f"{p_short * 1000:6.2f} ms over {len(short)} moves")
            print(f"    p50 move latency, log length >= {args.pad}: {p_long * 1000:6.2f} ms over {len(long)} moves")
            print(f"    ratio long/short: {p_long / p_short:6.2f}  (goal <= 1.2)")
        finally:
            herald.terminate()
            bare.terminate()
            herald.wait()
            bare.wait()


if __name__ == "__main__":
    main()
