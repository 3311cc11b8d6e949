"""Herald's move PUT against the bare move append in one process, without an HTTP server.

    python -m bench.bench_move_path [--games 30] [--drop-cache] [--second-writer] [--rounds 3]

bench_http measures the two under gunicorn, where the run-to-run spread (about ±8 % of one and
the same code on this 2-core machine) is as large as the difference asked about. Here both apps
run in this process behind Flask's test clients, on their own SQLite files (WAL, synchronous
NORMAL), and are driven move by move in turn on the same Castle Assault games (the bench plays
each game with the core engine first, as bench_http does), so both see the same moment of the
machine's load. Each PUT is timed in CPU time of the process (user + system).

--drop-cache   empties Herald's state cache before every move: the snapshot is then read and
               parsed, as a second worker does for about every other move.
--second-writer  another connection commits to each database before every move, so SQLite's
               page cache is stale, as after the other worker's write.
"""
from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import tempfile

from bench.bench_engines import random_game
from core import games

RULESET = "castle-assault"


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def herald_client(folder: str):
    from server.app import create_app
    from server.config import load_config

    config = load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder}/herald.db", "HERALD_MAIL_DIR": f"{folder}/mail",
                          "HERALD_PUBLIC_URL": "https://herald.example.org", "HERALD_EMAIL_CHECK_DNS": "0",
                          "HERALD_RATELIMIT_ENABLED": "0", "HERALD_SQLITE_SYNCHRONOUS": "normal"})
    return create_app(config).test_client()


def bare_client(folder: str):
    os.environ["BARE_DATABASE_URL"] = f"sqlite:///{folder}/bare.db"
    from bench import bare_app  # reads BARE_DATABASE_URL when imported

    return bare_app.create_app().test_client()


def two_players(herald, bare) -> list[dict]:
    """Their auth headers; on the bare app the first holds every seat."""
    players = [herald.post("/players", json={"name": f"p{i}", "email": f"p{i}@example.org"}).json for i in range(2)]
    bare.post("/players", json={"token": players[0]["token"]})
    return [{"Authorization": f"Bearer {p['token']}"} for p in players]


def new_games(herald, bare, headers: list[dict], count: int) -> list[tuple]:
    """`count` games started on both apps with the same seed: (Herald's id, the bare app's id, moves)."""
    from server.store.models import Game

    jobs = []
    for _ in range(count):
        created = herald.post("/games", headers=headers[0], json={"ruleset": RULESET, "seats": 2}).json
        for header, invite in zip(headers, created["invites"]):
            herald.post("/games/join", headers=header, json={"invite": invite["code"]})
        game = Game.get_by_id(created["id"])
        bare_id = bare.post("/games", headers=headers[0], json={"ruleset": RULESET, "players": 2, "seed": game.seed,
                                                                 "options": game.options}).json["id"]
        jobs.append((game.id, bare_id, random_game(games[RULESET], 2, game.options, game.seed)[1]))  # (last state, moves)
    return jobs


def one_round(herald, bare, headers, jobs, drop_cache: bool, writers) -> tuple[float, float, int]:
    """CPU seconds of Herald's PUTs and of the bare app's, and the moves made by each."""
    from server.store import state_cache

    spent, moves = [0.0, 0.0], 0
    for herald_id, bare_id, planned in jobs:
        for seq, (seat, move) in enumerate(planned):
            for writer in writers:
                writer.execute("INSERT INTO bench_poke VALUES (1)")
            if drop_cache:
                state_cache.clear()
            start = cpu()
            answer = herald.put(f"/games/{herald_id}/moves/{seq}", headers=headers[seat], json={"move": move})
            middle = cpu()
            bare_answer = bare.put(f"/games/{bare_id}/moves/{seq}?seat={seat}", headers=headers[0],
                                   json={"move": move})
            spent[0] += middle - start
            spent[1] += cpu() - middle
            assert answer.status_code == 201 and bare_answer.status_code == 201, (answer.json, bare_answer.json)
            moves += 1
    return spent[0], spent[1], moves


def second_writers(folder: str) -> list[sqlite3.Connection]:
    """A connection per database that commits a row before each move (synchronous NORMAL, as a worker's)."""
    writers = []
    for name in ("herald.db", "bare.db"):
        writer = sqlite3.connect(f"{folder}/{name}", isolation_level=None)
        writer.execute("PRAGMA synchronous=NORMAL")
        writer.execute("CREATE TABLE IF NOT EXISTS bench_poke (x)")
        writers.append(writer)
    return writers


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="Castle Assault games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--drop-cache", action="store_true", help="empty Herald's state cache before every move")
    parser.add_argument("--second-writer", action="store_true", help="another connection commits before every move")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="herald-move-path-")
    herald, bare = herald_client(folder), bare_client(folder)
    writers = second_writers(folder) if args.second_writer else []
    headers, ratios = two_players(herald, bare), []
    for number in range(args.rounds):
        jobs = new_games(herald, bare, headers, args.games)
        mine, theirs, moves = one_round(herald, bare, headers, jobs, args.drop_cache, writers)
        ratios.append(theirs / mine)
        print(f"round {number + 1}: {moves} moves; CPU per PUT: Herald {mine / moves * 1e6:.0f} us, "
              f"bare move append {theirs / moves * 1e6:.0f} us; bare / Herald {theirs / mine:.2f}", flush=True)
    print(f"bare / Herald, median of {len(ratios)} rounds: {statistics.median(ratios):.2f} (goal >= 1.0)")


if __name__ == "__main__":
    main()
