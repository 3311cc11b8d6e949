"""Moves and reads with 1,000 clients long-polling GET /games/{id}/wait, against none.

    python -m bench.bench_wait [--waiters 1000] [--rounds 4] [--ops 150] [--workers 2]

Herald runs under gunicorn with the shipped settings (deploy/gunicorn.conf.py) on one
SQLite file. Phases alternate in one run: `idle` (no waiter) and `loaded` (`--waiters`
clients holding GET /wait on games of their own, two per game, on the seat that is not
asked), in the order idle-loaded, loaded-idle, idle-loaded, ... In each phase the driver times `--ops` PUTs of real Castle Assault moves and as many
GET /games/{id}, one at a time, in games nobody waits on. A loaded phase ends by playing
one move in every waited game: each waiter must then return 200 with its seat prompted at
the version that move made (a failure is counted, and so is any error of any request).

The waiters are asyncio connections in a thread of this process (cheap on the client side,
so the two cores are left to the server); server memory is the RSS of all gunicorn processes.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.server.gunicorn_live import call, shipped_gunicorn

RULESET = "castle-assault"


def ok(result):
    status, body = result
    if status not in (200, 201):
        raise SystemExit(f"request failed: {status} {body}")
    return body


def new_games(port, token, count):
    """Games with both seats held by one player: {id: detail}."""
    games = {}
    for _ in range(count):
        game = ok(call(port, "POST", "/games", {"ruleset": RULESET, "seats": 2}, token))
        for invite in game["invites"]:
            ok(call(port, "POST", "/games/join", {"invite": invite["code"], "another_seat": True}, token))
        games[game["id"]] = ok(call(port, "GET", f"/games/{game['id']}", token=token))
    return games


def play_one(port, token, game, timings=None):
    """The asked seat plays its first concrete legal move; GET and PUT timed into `timings`."""
    start = time.perf_counter()
    detail = ok(call(port, "GET", f"/games/{game}", token=token))
    if timings is not None:
        timings["get"].append(time.perf_counter() - start)
    seat = detail["prompted"][0]["seat"]
    legal = ok(call(port, "GET", f"/games/{game}/legal?seat={seat}", token=token))
    move = next(m["move"] for m in legal["moves"] if "move" in m)
    start = time.perf_counter()
    answer = ok(call(port, "PUT", f"/games/{game}/moves/{legal['version']}?seat={seat}", {"move": move}, token))
    if timings is not None:
        timings["put"].append(time.perf_counter() - start)
    return answer


async def wait_once(port, token, game, seat):
    """One raw HTTP long-poll: (status, body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write((f"GET /games/{game}/wait?timeout=60&seat={seat} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  f"Authorization: Bearer {token}\r\nConnection: close\r\n\r\n").encode())
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, (json.loads(body) if status == 200 else body[:200])


class Waiters:
    """`count` long-polls on an asyncio loop of their own, two per game, on the idle seat."""

    def __init__(self, port, token, games: dict):
        self.targets = []
        for game, detail in games.items():
            seat = 1 - detail["prompted"][0]["seat"]
            self.targets += [(game, seat), (game, seat)]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.future = asyncio.run_coroutine_threadsafe(self._all(port, token), self.loop)

    async def _all(self, port, token):
        return await asyncio.gather(*(wait_once(port, token, g, s) for g, s in self.targets),
                                    return_exceptions=True)

    def results(self, timeout=120):
        answers = self.future.result(timeout)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        return list(zip(self.targets, answers))


def server_rss_mb(master) -> float:
    """Resident memory of the gunicorn master and its workers."""
    pids = [master.pid]
    for path in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = path.read_text().split(") ")[1].split()
        except OSError:
            continue
        if int(fields[1]) == master.pid:
            pids.append(int(path.parent.name))
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def check_woken(results, versions) -> int:
    """Failures: a waiter that did not answer 200 with its seat prompted at the prompting version."""
    failures = 0
    for (game, seat), answer in results:
        if isinstance(answer, BaseException) or answer[0] != 200:
            failures += 1
            continue
        body = answer[1]
        if seat not in {p["seat"] for p in body["prompted"]} or body["version"] != versions[game]:
            failures += 1
    return failures


def p50_ms(values) -> float:
    return statistics.median(values) * 1000


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiters", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4, help="idle/loaded pairs, interleaved")
    parser.add_argument("--ops", type=int, default=150, help="timed PUTs (and GETs) per phase")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp, shipped_gunicorn(Path(tmp), workers=args.workers) as (port, master):
        token = ok(call(port, "POST", "/players", {"name": "bench", "email": "bench@example.org"}))["token"]
        played = list(new_games(port, token, 8))
        print(f"setting up {args.rounds * args.waiters // 2} games for the waiters ...", file=sys.stderr)
        waited_rounds = [new_games(port, token, args.waiters // 2) for _ in range(args.rounds)]
        timings = {phase: {"put": [], "get": []} for phase in ("idle", "loaded")}
        failures, rss = 0, {"idle": [], "loaded": []}
        first_rss = server_rss_mb(master)
        for number, round_games in enumerate(waited_rounds):
            # idle-loaded, then loaded-idle: whatever favours a phase's place favours both.
            for phase in ("idle", "loaded") if number % 2 == 0 else ("loaded", "idle"):
                waiters = Waiters(port, token, round_games) if phase == "loaded" else None
                if waiters:
                    time.sleep(3)  # every waiter connected and asleep in the server
                rss[phase].append(server_rss_mb(master))
                for i in range(args.ops):
                    slot = i % len(played)
                    if ok(call(port, "GET", f"/games/{played[slot]}", token=token))["status"] != "active":
                        played[slot] = next(iter(new_games(port, token, 1)))  # that game ended
                    play_one(port, token, played[slot], timings[phase])
                if waiters:
                    versions = {g: play_one(port, token, g)["version"] for g in round_games}
                    failures += check_woken(waiters.results(), versions)

    idle, loaded = timings["idle"], timings["loaded"]
    print(f"{args.waiters} waiters, {args.rounds} rounds x {args.ops} timed PUTs and GETs per phase, "
          f"gunicorn {args.workers} workers (shipped config)")
    for kind in ("put", "get"):
        a, b = p50_ms(idle[kind]), p50_ms(loaded[kind])
        print(f"  {kind.upper():3} p50: no waiters {a:.2f} ms, {args.waiters} waiters {b:.2f} ms, ratio {b / a:.2f}")
    print(f"  server RSS: before any waiter {first_rss:.0f} MB; then no waiters "
          f"{statistics.median(rss['idle']):.0f} MB, {args.waiters} waiters {statistics.median(rss['loaded']):.0f} MB")
    print(f"  failures: {failures} (waiters not woken with the right answer, counted over "
          f"{args.rounds * args.waiters} waits)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
