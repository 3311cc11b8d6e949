"""A move PUT (and the GET of its game before it) of this tree against another tree, interleaved.

    python -m bench.bench_move_ab --against OLD_TREE [--games 20] [--rounds 3] [--postgres]

Each tree's server runs in a process of its own (Flask's test client, as in bench_move_path,
no HTTP server), importing `server` and `core` from its tree, on its own database: a SQLite
file (WAL, synchronous NORMAL), or with --postgres a database of a throwaway PostgreSQL server
(initdb + pg_ctl on 127.0.0.1, as the tests start it). Both play the same Castle Assault games
(the same seeds, so the same moves, planned with the core engine), the two taking turns move by
move, the order swapping every move, so that the machine's load falls on both alike. Each
PUT is timed in the worker's CPU time (user + system) and in wall time; the wall time includes
PostgreSQL's own work, which the CPU time of the worker does not. Before each PUT the mover reads
the game (GET /games/{id}, as `herald show` or a woken `herald wait` does), timed the same way
and reported beside it.

OLD_TREE is a checkout of the other version, e.g. `git archive main | tar -x -C /tmp/base`.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RULESET = "castle-assault"
HERE = Path(__file__).resolve()


# --- the worker: one tree's app, driven over stdin/stdout -------------------------------------

def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def worker(database_url: str, folder: str) -> None:
    import random

    from bench.bench_engines import random_game
    from core import games
    from server.table import seeds
    from server.app import create_app
    from server.config import load_config
    from server.store.models import Game

    draws = random.Random(28)  # the same game seeds in both trees: the same games and moves
    config = load_config({
        "HERALD_DATABASE_URL": database_url, "HERALD_MAIL_DIR": f"{folder}/mail",
        "HERALD_PUBLIC_URL": "https://herald.example.org", "HERALD_EMAIL_CHECK_DNS": "0",
        "HERALD_RATELIMIT_ENABLED": "0", "HERALD_SQLITE_SYNCHRONOUS": "normal"})
    config[seeds.SOURCE] = lambda: "%032x" % draws.getrandbits(128)  # server/table/seeds.py: set in code
    app = create_app(config)
    client = app.test_client()
    players = [client.post("/players", json={"name": f"p{i}", "email": f"p{i}@example.org"}).json for i in range(2)]
    headers = [{"Authorization": f"Bearer {p['token']}"} for p in players]
    jobs: list[tuple[int, list]] = []
    for line in sys.stdin:
        order = json.loads(line)
        if order["op"] == "new":
            created = client.post("/games", headers=headers[0], json={"ruleset": RULESET, "seats": 2}).json
            for header, invite in zip(headers, created["invites"]):
                client.post("/games/join", headers=header, json={"invite": invite["code"]})
            game = Game.get_by_id(created["id"])
            jobs.append((game.id, random_game(games[RULESET], 2, game.options, game.seed)[1]))  # (last state, moves)
            answer = {"seed": game.seed, "moves": len(jobs[-1][1])}
        else:  # play: the game read, then one move of it, each timed
            game_id, planned = jobs[order["game"]]
            seq = order["seq"]
            seat, move = planned[seq]
            start, start_wall = _cpu(), time.perf_counter()
            read = client.get(f"/games/{game_id}", headers=headers[seat])
            read_cpu, read_wall = _cpu() - start, time.perf_counter() - start_wall
            assert read.status_code == 200, read.json
            start, start_wall = _cpu(), time.perf_counter()
            response = client.put(f"/games/{game_id}/moves/{seq}", headers=headers[seat], json={"move": move})
            cpu, wall = _cpu() - start, time.perf_counter() - start_wall
            assert response.status_code == 201, response.json
            answer = {"cpu": cpu, "wall": wall, "read_cpu": read_cpu, "read_wall": read_wall}
        print(json.dumps(answer), flush=True)


# --- the driver -------------------------------------------------------------------------------

class Side:
    def __init__(self, name: str, tree: Path, database_url: str, folder: str):
        self.name = name
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        self.process = subprocess.Popen([sys.executable, str(HERE), "--worker", database_url, folder], cwd=tree,
                                        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, **order) -> dict:
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker stopped (see its error above)")
        return json.loads(line)

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="the other source tree (the 'before'); required")
    parser.add_argument("--games", type=int, default=20, help="Castle Assault games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--postgres", action="store_true", help="each side on a PostgreSQL database")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(*args.worker)
    if not args.against:
        parser.error("--against OLD_TREE is required")
    folder = tempfile.mkdtemp(prefix="herald-move-ab-")
    postgres = None
    if args.postgres:
        sys.path.insert(0, str(HERE.parents[1]))
        from tests.server.postgres import PostgresServer

        postgres = PostgresServer()
        postgres.start()
        urls = [postgres.new_database(), postgres.new_database()]
    else:
        urls = [f"sqlite:///{folder}/before.db", f"sqlite:///{folder}/after.db"]
    os.makedirs(f"{folder}/b", exist_ok=True)
    os.makedirs(f"{folder}/a", exist_ok=True)
    sides = [Side("before", Path(args.against).resolve(), urls[0], f"{folder}/b"),
             Side("after", HERE.parents[1], urls[1], f"{folder}/a")]
    try:
        ratios, walls, read_ratios, made = [], [], [], 0
        for number in range(args.rounds):
            lengths = []
            for _ in range(args.games):
                answers = [side.ask(op="new") for side in sides]
                assert len({a["seed"] for a in answers}) == 1, "the two trees set up different games"
                lengths.append(answers[0]["moves"])
            spent = {side.name: [0.0, 0.0, 0, 0.0] for side in sides}  # PUT CPU, PUT wall, moves, GET CPU
            turn = 0
            for game, length in zip(range(made, made + args.games), lengths):
                for seq in range(length):
                    turn += 1
                    for side in (sides if turn % 2 == 0 else sides[::-1]):
                        answer = side.ask(op="play", game=game, seq=seq)
                        total = spent[side.name]
                        total[0] += answer["cpu"]
                        total[1] += answer["wall"]
                        total[2] += 1
                        total[3] += answer["read_cpu"]
            made += args.games
            (b_cpu, b_wall, moves, b_read), (a_cpu, a_wall, _, a_read) = spent["before"], spent["after"]
            ratios.append(a_cpu / b_cpu)
            walls.append(a_wall / b_wall)
            read_ratios.append(a_read / b_read)
            print(f"round {number + 1}: {moves} moves a side; per PUT: before {b_cpu / moves * 1e6:.0f} us CPU "
                  f"({b_wall / moves * 1e6:.0f} us wall), after {a_cpu / moves * 1e6:.0f} us CPU "
                  f"({a_wall / moves * 1e6:.0f} us wall); after / before {a_cpu / b_cpu:.3f} CPU, "
                  f"{a_wall / b_wall:.3f} wall; GET before it: {b_read / moves * 1e6:.0f} -> "
                  f"{a_read / moves * 1e6:.0f} us CPU ({a_read / b_read:.3f})", flush=True)
        print(f"after / before, median of {len(ratios)} rounds: PUT {statistics.median(ratios):.3f} CPU, "
              f"{statistics.median(walls):.3f} wall; GET {statistics.median(read_ratios):.3f} CPU "
              f"({'PostgreSQL' if postgres else 'SQLite'})")
    finally:
        for side in sides:
            side.stop()
        if postgres is not None:
            postgres.stop()


if __name__ == "__main__":
    main()
