"""Reads that stay flat as a player's games and a game's log grow, through the real HTTP stack.

    python -m bench.bench_reads [--rounds 300] [--many 1000] [--few 10] [--others 2000] [--log 1000]

Herald and the bare endpoint (bench/bare_app.py) run under gunicorn with 2 sync workers on
127.0.0.1, as in bench_http. Herald's database is built through its own API: a player in
--many games, one in --few, and --others games among other players, created in a shuffled
order (an old player's games are spread over the whole table). Then, in one run:

(a) GET /games for the player in --many games (a page: 30 summaries) against the player in
    --few, and the first for a page of 200 (?limit=200), in turn request by request; p50 of each.
(b) GET /games/{id}/moves (a page of --log entries: standing answers, then a real Castle
    Assault game) against the bare app reading the same rows with one SQL statement from
    Herald's file and sending them as JSON, alternating request by request; p50 of each.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench.bench_http import (free_port, herald_games, new_game, put_herald, request, run_threads, standing_answers,
                              start_gunicorn)

PLAYERS_OTHER = 20
BUILD_THREADS = 4


def register(port, name: str) -> str:
    status, me = request(port, "POST", "/players", {"name": name, "email": f"{name}@example.org"})
    assert status == 201, me
    return me["token"]


def build_tables(port, many: int, few: int, others: int) -> tuple[str, str]:
    """(token of the player in `many` games, token of the one in `few`); every game has two seats."""
    heavy, light = register(port, "many"), register(port, "few")
    crowd = [register(port, f"other{i}") for i in range(PLAYERS_OTHER)]
    rng = random.Random(14)
    plan = [heavy] * many + [light] * few + [None] * others
    rng.shuffle(plan)
    seatings = [(who, [who, rng.choice(crowd)]) if who else (crowd[i % PLAYERS_OTHER], rng.sample(crowd, 2))
                for i, who in enumerate(plan)]
    chunks = [seatings[i::BUILD_THREADS] for i in range(BUILD_THREADS)]
    pool = [threading.Thread(target=lambda chunk=chunk: [new_game(port, c, j) for c, j in chunk]) for chunk in chunks]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return heavy, light


def log_game(port, db_path, token, entries: int) -> int:
    """A two-seat Castle Assault game of `token` with at least `entries` moves: standing answers,
    then a whole random game."""
    [(game, moves)] = herald_games(port, db_path, token, 1).items()
    pads = standing_answers(entries - entries % 4)
    played = pads + moves
    run_threads([[(game, seq, seat, move) for seq, (seat, move) in enumerate(played)]], put_herald(port, token), 1)
    return game


def interleaved(rounds: int, *senders) -> list[float]:
    """p50 seconds of each request, timed in turn round after round (the order rotates)."""
    times: list[list[float]] = [[] for _ in senders]
    for r in range(rounds):
        for k in range(len(senders)):
            side = (r + k) % len(senders)
            t0 = time.perf_counter()
            status = senders[side]()
            times[side].append(time.perf_counter() - t0)
            assert status == 200, status
    return [statistics.median(t) for t in times]


def getter(port, path, token=None):
    return lambda: request(port, "GET", path, token=token)[0]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="timed requests per side")
    parser.add_argument("--many", type=int, default=1000)
    parser.add_argument("--few", type=int, default=10)
    parser.add_argument("--others", type=int, default=2000, help="games among other players")
    parser.add_argument("--log", type=int, default=1000, help="standing answers before the real game")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        herald_db = Path(tmp, "herald.db")
        herald_port, bare_port = free_port(), free_port()
        env = {"HERALD_DATABASE_URL": f"sqlite:///{herald_db}", "HERALD_MAIL_DIR": str(Path(tmp, "mail")),
               "BARE_DATABASE_URL": f"sqlite:///{Path(tmp, 'bare.db')}", "BARE_HERALD_DATABASE": str(herald_db),
               "HERALD_RATELIMIT_JOIN": "1000000 per minute", "HERALD_RATELIMIT_REGISTER": "1000000 per minute"}
        herald = start_gunicorn("server.app:create_app()", env, herald_port)
        bare = start_gunicorn("bench.bare_app:create_app()", env, bare_port)
        try:
            started = time.perf_counter()
            heavy, light = build_tables(herald_port, args.many, args.few, args.others)
            game = log_game(herald_port, herald_db, heavy, args.log)
            print(f"built {args.many + args.few + args.others + 1} games in {time.perf_counter() - started:.0f} s; "
                  f"{args.rounds} timed requests per side, alternating; gunicorn 2 workers each")
            report_listing(herald_port, heavy, light, args)
            report_log(herald_port, bare_port, heavy, game, args.rounds)
        finally:
            for proc in (herald, bare):
                proc.terminate()
                proc.wait()


def report_listing(port, heavy, light, args):
    many, few, many_full = interleaved(args.rounds, getter(port, "/games", heavy), getter(port, "/games", light),
                                       getter(port, "/games?limit=200", heavy))
    entries = len(request(port, "GET", "/games", token=heavy)[1])
    print(f"(a) GET /games, player in {args.many:5} games: {many * 1000:6.2f} ms p50 ({entries} summaries: a page)")
    print(f"    GET /games, player in {args.few:5} games: {few * 1000:6.2f} ms p50 ({args.few} summaries)")
    print(f"    ratio {args.many}/{args.few}: {many / few:.2f}  (goal <= 1.5)")
    print(f"    GET /games?limit=200, player in {args.many} games: {many_full * 1000:6.2f} ms p50 "
          f"(ratio to {args.few}: {many_full / few:.2f})")


def report_log(herald_port, bare_port, token, game, rounds):
    herald, bare = interleaved(rounds, getter(herald_port, f"/games/{game}/moves", token),
                               getter(bare_port, f"/log/{game}"))
    entries = len(request(herald_port, "GET", f"/games/{game}/moves", token=token)[1]["moves"])
    print(f"(b) GET /games/{{id}}/moves, {entries} entries: {herald * 1000:6.2f} ms p50")
    print(f"    bare SQL read of the same rows:  {bare * 1000:6.2f} ms p50")
    print(f"    ratio Herald/bare: {herald / bare:.2f}  (goal <= 1.5)")


if __name__ == "__main__":
    main()
