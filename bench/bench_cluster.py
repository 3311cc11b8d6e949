"""Herald on 1-3 servers and one PostgreSQL: moves/s, CPU per move, commits, wake-ups, mail shares.

    python -m bench.bench_cluster [--quick] [--servers 1,2,3] [--before REV]

One PostgreSQL (initdb in a temporary folder, fsync on, max_connections 100) and 1-3 Herald
servers, each gunicorn with the shipped settings (deploy/gunicorn.conf.py, 2 workers). With
`--before REV` the same run measures that revision too (exported with `git archive`, run
from the same virtualenv, on a database of its own), the two by turns for each server count
(before/after, then after/before): before/after in one run, on the same machine and load.
Per version:

1. For each server count: `--clients` threads play Castle Assault games (one player holds
   both seats), each move's GET /legal and PUT sent to servers chosen at random, for
   `--seconds`: moves/s, and CPU per move by side from /proc: the Herald servers (gunicorn
   masters and workers), PostgreSQL (postmaster and backends), this client. Meanwhile one
   thread measures cross-server wake-ups: a GET /games/{id}/wait on one server, the move
   that prompts it PUT through another; the time from the PUT's answer to the waiter's.
2. The outbox (copies of the games' current turn mails, still asked): `--mails` rows sent by
   one `herald server notify`, then as many by two started together, each with an SMTP
   relay of its own (a "host") that takes 50 ms to accept a mail, as one across a network
   does: the share of each, any row sent twice, and how much faster two are than one.
3. (this tree's database) PostgreSQL commits/s of Herald's move transaction (the statements
   of server/table/movelog.py's append: lock the game, read the player's mail setting, insert the
   move, update the snapshot and the game, insert the turn mail) against a one-row insert
   transaction, 16 threads on psycopg2, with the previous release's NOTIFY trigger on games
   and without it; also the move's statements sent in one round trip, and the move
   transaction with one thread (how far 16 threads scale: not at all while commits are
   serialised), and the move followed by this tree's announcement (`pg_notify` in a
   transaction of its own, which waits for no flush).

Figures depend on the machine and on what else runs on it; compare ratios within one run.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

from tests.server.gunicorn_live import call as live_call, wait_until_healthy
from tests.server.mailbox import free_port
from tests.server.postgres import PostgresServer

ROOT = Path(__file__).resolve().parents[1]
RULESET = "castle-assault"
TICK = os.sysconf("SC_CLK_TCK")
OLD_TRIGGER = [
    "CREATE OR REPLACE FUNCTION herald_games_notify() RETURNS trigger AS $$ "
    "BEGIN PERFORM pg_notify('herald_games', NEW.id::text); RETURN NEW; END $$ LANGUAGE plpgsql",
    "CREATE TRIGGER games_notify AFTER UPDATE ON games FOR EACH ROW EXECUTE FUNCTION herald_games_notify()",
]


# --- PostgreSQL and Herald servers ------------------------------------------------------

class DurablePostgres(PostgresServer):
    """The tests' throwaway server, but durable (fsync on), as a real one is: commit costs count."""

    def start(self) -> None:
        self.run("initdb", "-D", self.data, "-A", "trust", "-U", "herald")
        self.run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "-o",
                 f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=100", "start")

    def postmaster(self) -> int:
        return int(Path(self.data, "postmaster.pid").read_text().split()[0])


call = partial(live_call, timeout=60)  # one request on a fresh connection: (status, JSON body or None)


def ok(result):
    status, body = result
    if status not in (200, 201):
        raise RuntimeError(f"request failed: {status} {body}")
    return body


def environment(root: Path, url: str, mail_dir: Path, **extra) -> dict:
    return {**os.environ, "HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(mail_dir), "HERALD_CONFIG": "",
            "PYTHONPATH": str(root), "HERALD_ACCESS_LOG": "", "HERALD_RATELIMIT_ENABLED": "0", **extra}


@contextlib.contextmanager
def herald_servers(root: Path, url: str, folder: Path, count: int, workers: int = 2):
    """`count` gunicorns of the tree at `root` (its shipped config) on one database: their ports."""
    started = []
    try:
        for _ in range(count):
            port = free_port()
            log = (folder / f"gunicorn-{port}.log").open("w")
            env = environment(root, url, folder / "mail", HERALD_BIND=f"127.0.0.1:{port}",
                              HERALD_WORKERS=str(workers))
            process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(root / "deploy/gunicorn.conf.py"),
                                        "server.app:create_app()"], cwd=root, env=env, stdout=log,
                                       stderr=subprocess.STDOUT)
            started.append((port, process, log))
        for port, process, log in started:
            wait_until_healthy(port, process, Path(log.name), 120, pause=0.2)
        yield [(port, process) for port, process, _ in started]
    finally:
        for _, process, _log in started:
            process.terminate()
        for _, process, log in started:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()


def export_revision(revision: str, folder: Path) -> Path:
    """That revision's tree, to run its servers (same virtualenv)."""
    target = folder / f"tree-{revision[:12]}"
    target.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


# --- CPU from /proc ---------------------------------------------------------------------

def _stat(pid: int):
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), sum(int(v) for v in fields[11:13]), sum(int(v) for v in fields[13:15])  # ppid, self, reaped


def tree_cpu(roots: list[int]) -> float:
    """CPU seconds of these processes, their children, and the children they reaped."""
    children: dict[int, list[int]] = {}
    stats = {}
    for path in Path("/proc").glob("[0-9]*"):
        found = _stat(int(path.name))
        if found:
            stats[int(path.name)] = found
            children.setdefault(found[0], []).append(int(path.name))
    total, todo, seen = 0, list(roots), set()
    while todo:
        pid = todo.pop()
        if pid in seen or pid not in stats:
            continue
        seen.add(pid)
        total += stats[pid][1] + stats[pid][2]
        todo += children.get(pid, [])
    return total / TICK


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --- the load ---------------------------------------------------------------------------

def new_game(port: int, token: str) -> tuple[int, int]:
    """(game, asked seat) of a new game whose two seats the player holds."""
    game = ok(call(port, "POST", "/games", {"ruleset": RULESET, "seats": 2}, token))
    for number, invite in enumerate(game["invites"]):
        body = {"invite": invite["code"], **({"another_seat": True} if number else {})}
        status, answer = call(port, "POST", "/games/join", body, token)
        if status == 422:  # a release before `another_seat`: the plain join takes the second seat
            status, answer = call(port, "POST", "/games/join", {"invite": invite["code"]}, token)
        ok((status, answer))
    return game["id"], ok(call(port, "GET", f"/games/{game['id']}", token=token))["prompted"][0]["seat"]


def move(ports, token: str, game: int, seat: int, put_port: int | None = None) -> dict:
    """The asked seat's first concrete legal move: GET /legal and PUT on random servers."""
    legal = ok(call(random.choice(ports), "GET", f"/games/{game}/legal?seat={seat}", token=token))
    chosen = next((m["move"] for m in legal["moves"] if "move" in m), None)
    if chosen is None:
        raise NoConcreteMove(game)
    return ok(call(put_port or random.choice(ports), "PUT", f"/games/{game}/moves/{legal['version']}?seat={seat}",
                   {"move": chosen}, token))


class NoConcreteMove(Exception):
    """Only move patterns are listed (a choice to fill in): the bench leaves that game."""


class Movers:
    def __init__(self, ports, token, games: list[tuple[int, int]], clients: int):
        self.ports, self.token, self.moves, self.errors = ports, token, 0, 0
        self.kinds: dict[str, int] = {}
        self.lock = threading.Lock()
        self.shares = [games[i::clients] for i in range(clients)]

    def run(self, seconds: float) -> None:
        stop = time.monotonic() + seconds
        threads = [threading.Thread(target=self._client, args=(share, stop)) for share in self.shares]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def _client(self, share: list, stop: float) -> None:
        asked = dict(share)
        while time.monotonic() < stop and asked:
            game = random.choice(list(asked))
            try:
                answer = move(self.ports, self.token, game, asked[game])
            except NoConcreteMove:
                del asked[game]
                continue
            except Exception as exc:
                with self.lock:
                    self.errors += 1
                    kind = f"{type(exc).__name__}: {str(exc)[:80]}"
                    self.kinds[kind] = self.kinds.get(kind, 0) + 1
                continue
            with self.lock:
                self.moves += 1
            if answer["prompted"]:
                asked[game] = answer["prompted"][0]["seat"]
            else:
                del asked[game]  # over


class Wakes:
    """Cross-server wake-ups while the movers play: a waiter on one server, the move that
    prompts its seat on another. `lanes` measurers at once, each on games of its own."""

    def __init__(self, ports, token, games: list[tuple[int, int]], lanes: int = 3):
        self.ports, self.token = ports, token
        self.latencies: list[float] = []
        self.missed = 0
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._lane, args=(dict(games[i::lanes]),), daemon=True)
                        for i in range(lanes)]

    def _lane(self, asked: dict) -> None:
        while asked and not self.stopping.is_set():
            game = random.choice(list(asked))
            idle = 1 - asked[game]
            waiter_port, mover_port = random.sample(self.ports, 2) if len(self.ports) > 1 else self.ports * 2
            woken: dict = {}
            path = f"/games/{game}/wait?timeout=10&seat={idle}"

            def wait(port=waiter_port, path=path, woken=woken):
                _, body = call(port, "GET", path, token=self.token)
                woken["at"], woken["body"] = time.perf_counter(), body

            waiter = threading.Thread(target=wait, daemon=True)
            waiter.start()
            time.sleep(0.2)  # asleep in the server
            try:
                answer = move(self.ports, self.token, game, asked[game], put_port=mover_port)
            except NoConcreteMove:
                del asked[game]  # its waiter times out unmeasured
                continue
            answered = time.perf_counter()
            if not answer["prompted"]:
                del asked[game]  # over: its waiter answers at once
                continue
            asked[game] = answer["prompted"][0]["seat"]
            if asked[game] != idle:
                continue  # the same seat asked again (a turn of several steps): not a wake-up; it times out
            waiter.join(15)
            with self.lock:
                if "at" in woken and idle in [p["seat"] for p in (woken["body"] or {}).get("prompted", [])]:
                    self.latencies.append(max(0.0, woken["at"] - answered))
                else:
                    self.missed += 1  # not woken by the move that prompted it

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)


def percentile(values, q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def load_phase(root, url, folder, count, args, postgres, token_holder) -> dict:
    with herald_servers(root, url, folder, count) as servers:
        ports = [port for port, _ in servers]
        if "token" not in token_holder:
            token_holder["token"] = ok(call(ports[0], "POST", "/players",
                                            {"name": "bench", "email": "bench@example.org"}))["token"]
        token = token_holder["token"]
        games = [new_game(random.choice(ports), token) for _ in range(args.games)]
        wake_games = [new_game(random.choice(ports), token) for _ in range(6)]
        Movers(ports, token, games[:4], 4).run(1.0)  # warm-up: imports, pools, caches
        masters = [process.pid for _, process in servers]
        herald0, pg0, client0 = tree_cpu(masters), tree_cpu([postgres.postmaster()]), client_cpu()
        movers = Movers(ports, token, games, args.clients)
        started = time.monotonic()
        with Wakes(ports, token, wake_games) as wakes:
            movers.run(args.seconds)
        elapsed = time.monotonic() - started
        herald1, pg1, client1 = tree_cpu(masters), tree_cpu([postgres.postmaster()]), client_cpu()
    moves = max(movers.moves, 1)
    return {"servers": count, "moves": movers.moves, "errors": movers.errors, "moves_per_s": movers.moves / elapsed,
            "cpu_ms_herald": (herald1 - herald0) / moves * 1000, "cpu_ms_postgres": (pg1 - pg0) / moves * 1000,
            "cpu_ms_client": (client1 - client0) / moves * 1000, "wakes": len(wakes.latencies),
            "wake_missed": wakes.missed, "error_kinds": movers.kinds, "wake_p50_ms": percentile(wakes.latencies, 0.5) * 1000,
            "wake_p95_ms": percentile(wakes.latencies, 0.95) * 1000}


# --- the outbox -------------------------------------------------------------------------

def notify_phase(root: Path, url: str, folder: Path, rows: int, relay_delay: float = 0.05) -> dict:
    """`rows` mails by one notifier, then `rows` more by two at once, each host with a relay
    of its own that takes `relay_delay` per mail."""
    import psycopg2

    with psycopg2.connect(url) as connection, connection.cursor() as cursor:
        # The moves' own turn mails are nearly all answered by now (they would be dropped, not
        # sent): copies of the games' current turn mails instead, which are still asked.
        cursor.execute("UPDATE notifications SET status = 'dropped' WHERE status = 'pending'")
        cursor.execute("SELECT n.id FROM notifications n JOIN games g ON g.id = n.game_id WHERE n.kind = 'turn' "
                       "AND n.version = g.version AND g.status = 'active' ORDER BY n.id")
        current = [row_id for (row_id,) in cursor.fetchall()]
        if not current:
            raise RuntimeError("no game has a current turn mail to copy")
        for number in range(2 * rows):
            cursor.execute("INSERT INTO notifications (game_id, seat, player_id, email, kind, version, context, status, "
                           "attempts, next_attempt, created) SELECT game_id, seat, player_id, email, kind, version, "
                           "context, %s, 0, now() AT TIME ZONE 'utc', now() AT TIME ZONE 'utc' FROM notifications "
                           "WHERE id = %s", ("pending" if number < rows else "held", current[number % len(current)]))
        cursor.execute("UPDATE players SET mail_format = 'plain'")  # the text is enough to count
    connection.close()

    def notifiers(names: list[str]) -> tuple[float, dict[str, list[str]]]:
        relays = {name: Relay(relay_delay) for name in names}
        processes, started = [], time.monotonic()
        for name in names:
            env = environment(root, url, folder / name, HERALD_SMTP_HOST="127.0.0.1",
                              HERALD_SMTP_PORT=str(relays[name].port), HERALD_SMTP_TLS="none")
            processes.append(subprocess.Popen([sys.executable, "-c", "from client.cli import main; main()", "server",
                                               "notify"], cwd=root, env=env, stdout=subprocess.DEVNULL,
                                              stderr=subprocess.DEVNULL))
        for process in processes:
            process.wait(600)
        for relay in relays.values():
            relay.stop()
        times = [t for relay in relays.values() for t in relay.times]
        elapsed = max(times) - min(times) if len(times) > 1 else time.monotonic() - started
        return elapsed, {name: relay.ids for name, relay in relays.items()}

    alone, _ = notifiers(["alone"])
    with psycopg2.connect(url) as connection, connection.cursor() as cursor:
        cursor.execute("UPDATE notifications SET status = 'pending', next_attempt = now() AT TIME ZONE 'utc' "
                       "WHERE status = 'held'")
    connection.close()
    together, sent = notifiers(["host-a", "host-b"])
    a, b = sent["host-a"], sent["host-b"]
    twice = len(a) + len(b) - len(set(a) | set(b))  # within a host or across the two
    return {"rows": rows, "host_a": len(a), "host_b": len(b), "twice": twice,
            "share_a": len(a) / max(len(a) + len(b), 1), "speedup": alone / together,
            "relay_delay_ms": relay_delay * 1000}


class Relay:
    """An SMTP relay on 127.0.0.1 that takes `delay` seconds to accept each mail (as a relay
    across a network does): the ids of the outbox rows it received, in order."""

    def __init__(self, delay: float):
        import asyncio

        from aiosmtpd.controller import Controller

        self.ids: list[str] = []
        self.times: list[float] = []
        relay = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                await asyncio.sleep(delay)
                for line in envelope.content.split(b"\r\n"):
                    if line.lower().startswith(b"x-herald-notification:"):
                        relay.ids.append(line.split(b":", 1)[1].strip().decode())
                        relay.times.append(time.monotonic())
                        break
                return "250 accepted"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()


# --- commits ----------------------------------------------------------------------------

def commit_phase(url: str, seconds: float, threads: int = 16) -> dict:
    """Commits/s of the move transaction and of a one-row insert, with and without the old trigger."""
    import psycopg2

    setup = psycopg2.connect(url)
    setup.autocommit = True
    cursor = setup.cursor()
    cursor.execute("SELECT g.id, g.version, s.state, s.state_hash FROM games g JOIN snapshots s ON s.game_id = g.id "
                   "WHERE g.status = 'active' ORDER BY g.id LIMIT %s", (threads,))
    games = cursor.fetchall()
    cursor.execute("SELECT id, email FROM players LIMIT 1")
    player, email = cursor.fetchone()
    cursor.execute("CREATE TABLE IF NOT EXISTS bench_plain (id BIGSERIAL PRIMARY KEY, game INTEGER, "
                   "created TIMESTAMP NOT NULL, text TEXT)")

    def move_transaction(connection, game):
        game_id, version, state, state_hash = game
        with connection.cursor() as c:
            c.execute("SELECT * FROM games WHERE id = %s FOR UPDATE", (game_id,))
            c.execute("SELECT mail FROM players WHERE id = %s", (player,))
            c.execute("INSERT INTO moves (game_id, seq, seat, payload, text, events, prompted, public, created, chain, "
                      "state_hash, state_format) VALUES (%s, %s, 0, %s, 'a move', '[]', %s, true, now(), %s, %s, 1)",
                      (game_id, version, '{"type":"bench"}', '[{"seat":1,"kind":"turn","text":"Your move"}]',
                       "c" * 64, state_hash))
            c.execute("UPDATE snapshots SET version = %s, state = %s, state_hash = %s WHERE game_id = %s",
                      (version + 1, state, state_hash, game_id))
            c.execute("UPDATE games SET version = %s, chain_head = %s, prompted = %s, waiting_since = now() "
                      "WHERE id = %s", (version + 1, "c" * 64,
                                        '[{"seat":1,"kind":"turn","text":"Your move","since":"2026-01-01T00:00:00"}]',
                                        game_id))
            c.execute("INSERT INTO notifications (game_id, seat, player_id, email, kind, version, context, status, "
                      "attempts, next_attempt, created) VALUES (%s, 1, %s, %s, 'turn', %s, %s, 'held', 0, now(), now())",
                      (game_id, player, email, version + 1, '{"board":true,"game":1,"player":"bench","seat":1}'))
        connection.commit()
        return (game_id, version + 1, state, state_hash)

    def move_one_trip(connection, game):
        """The same statements sent as one string: what the round trips cost."""
        game_id, version, state, state_hash = game
        with connection.cursor() as c:
            parts = [c.mogrify("SELECT * FROM games WHERE id = %s FOR UPDATE", (game_id,)),
                     c.mogrify("SELECT mail FROM players WHERE id = %s", (player,)),
                     c.mogrify("INSERT INTO moves (game_id, seq, seat, payload, text, events, prompted, public, created, "
                               "chain, state_hash, state_format) VALUES (%s, %s, 0, %s, 'a move', '[]', %s, true, now(), "
                               "%s, %s, 1)", (game_id, version, '{"type":"bench"}',
                                              '[{"seat":1,"kind":"turn","text":"Your move"}]', "c" * 64, state_hash)),
                     c.mogrify("UPDATE snapshots SET version = %s, state = %s, state_hash = %s WHERE game_id = %s",
                               (version + 1, state, state_hash, game_id)),
                     c.mogrify("UPDATE games SET version = %s, chain_head = %s, prompted = %s, waiting_since = now() "
                               "WHERE id = %s", (version + 1, "c" * 64, '[{"seat":1,"kind":"turn","text":"Your move",'
                                                 '"since":"2026-01-01T00:00:00"}]', game_id)),
                     c.mogrify("INSERT INTO notifications (game_id, seat, player_id, email, kind, version, context, "
                               "status, attempts, next_attempt, created) VALUES (%s, 1, %s, %s, 'turn', %s, %s, 'held', "
                               "0, now(), now())", (game_id, player, email, version + 1,
                                                    '{"board":true,"game":1,"player":"bench","seat":1}'))]
            c.execute(b"; ".join(parts))
        connection.commit()
        return (game_id, version + 1, state, state_hash)

    def move_announced(connection, game):
        """The move transaction, then this tree's announcement (server/store/longpoll.py)."""
        game = move_transaction(connection, game)
        with connection.cursor() as c:
            c.execute("BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify('herald_games', %s); COMMIT",
                      (str(game[0]),))
        connection.commit()
        return game

    def plain_transaction(connection, game):
        with connection.cursor() as c:
            c.execute("INSERT INTO bench_plain (game, created, text) VALUES (%s, now(), 'a row')", (game[0],))
        connection.commit()
        return game

    def rate(transaction, width: int = len(games)) -> float:
        counts = [0] * width
        stop = time.monotonic() + seconds

        def worker(slot):
            connection = psycopg2.connect(url)
            game = games[slot]
            while time.monotonic() < stop:
                game = transaction(connection, game)
                counts[slot] += 1
            games[slot] = game
            connection.close()

        workers = [threading.Thread(target=worker, args=(i,)) for i in range(width)]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
        return sum(counts) / seconds

    figures = {}
    for variant in ("trigger", "none"):  # the previous release's schema, then this one's
        for statement in (OLD_TRIGGER if variant == "trigger" else
                          ["DROP TRIGGER IF EXISTS games_notify ON games", "DROP FUNCTION IF EXISTS herald_games_notify()"]):
            cursor.execute(statement)
        figures[variant] = {"move": rate(move_transaction), "plain": rate(plain_transaction),
                            "move_alone": rate(move_transaction, 1)}
    figures["none"]["move_one_trip"] = rate(move_one_trip)
    figures["none"]["move_announced"] = rate(move_announced)
    setup.close()
    return {"threads": len(games), **figures}


# --- the run ----------------------------------------------------------------------------

def measure(versions: list[tuple[str, Path]], postgres, folder: Path, args) -> list[dict]:
    """Each version on a database of its own; the load phases by turns (A B, then B A for the
    next server count), so that a change in the machine's other load favours neither."""
    results, tokens = [], []
    for label, root in versions:
        (folder / label).mkdir()
        results.append({"label": label, "root": str(root), "url": postgres.new_database(), "loads": []})
        tokens.append({})
    for number, count in enumerate(args.servers):
        order = range(len(versions)) if number % 2 == 0 else reversed(range(len(versions)))
        for index in order:
            result, root = results[index], versions[index][1]
            print(f"  {result['label']}: {count} server(s)", file=sys.stderr)
            result["loads"].append(load_phase(root, result["url"], folder / result["label"], count, args, postgres,
                                              tokens[index]))
    for result, (label, root) in zip(results, versions):
        result["loads"].sort(key=lambda load: load["servers"])
        result["mails"] = notify_phase(root, result["url"], folder / label, args.mails) if args.mails else None
    return results


def report(results: list[dict], commits: dict, args) -> None:
    print(f"\nHerald cluster bench: {args.clients} clients, {args.games} games, {args.seconds:g} s per phase, "
          f"2 gunicorn workers per server, one PostgreSQL (fsync on); {os.cpu_count()} cores")
    header = f"{'version':8} {'servers':>7} {'moves/s':>8} {'herald ms':>9} {'pg ms':>6} {'client ms':>9} " \
             f"{'wake p50':>8} {'wake p95':>8} {'errors':>6}"
    print(header)
    for result in results:
        for load in result["loads"]:
            print(f"{result['label']:8} {load['servers']:7d} {load['moves_per_s']:8.1f} {load['cpu_ms_herald']:9.1f} "
                  f"{load['cpu_ms_postgres']:6.2f} {load['cpu_ms_client']:9.1f} {load['wake_p50_ms']:6.0f}ms "
                  f"{load['wake_p95_ms']:6.0f}ms {load['errors'] + load['wake_missed']:6d}")
    print("  (CPU per move by side; wake: from the mover's 201 to the waiter's 200, across servers when 2+;"
          " errors: failed moves and waiters not woken)")
    for result in results:
        for load in result["loads"]:
            for kind, count in load["error_kinds"].items():
                print(f"  {result['label']} {load['servers']} server(s): {count} x {kind}")
    for result in results:
        m = result["mails"]
        if m is None:
            continue
        print(f"{result['label']:8} outbox: two notifiers sent {m['host_a']} + {m['host_b']} of {m['rows']} "
              f"(host A {m['share_a']:.0%}), {m['twice']} twice; relay {m['relay_delay_ms']:.0f} ms per mail: "
              f"two sent {m['speedup']:.2f}x as fast as one (first to last mail)")
    if len(results) == 2:
        before, after = results
        for b, a in zip(before["loads"], after["loads"]):
            print(f"after/before, {a['servers']} server(s): moves/s {a['moves_per_s'] / b['moves_per_s']:.2f}, "
                  f"Herald CPU/move {a['cpu_ms_herald'] / b['cpu_ms_herald']:.2f}, "
                  f"PostgreSQL CPU/move {a['cpu_ms_postgres'] / b['cpu_ms_postgres']:.2f}, "
                  f"wake p95 {a['wake_p95_ms'] / b['wake_p95_ms']:.2f}")
    t, n = commits["trigger"], commits["none"]
    print(f"commits/s, {commits['threads']} threads: move transaction / one-row insert = "
          f"{t['move'] / t['plain']:.2f} with the NOTIFY trigger ({t['move']:.0f} / {t['plain']:.0f}), "
          f"{n['move'] / n['plain']:.2f} without ({n['move']:.0f} / {n['plain']:.0f}); "
          f"move commits without / with the trigger: {n['move'] / t['move']:.2f}; the move's statements in one "
          f"round trip / one-row insert: {n['move_one_trip'] / n['plain']:.2f}")
    print(f"moves/s with this tree's announcement after each (a NOTIFY transaction of its own): "
          f"{n['move_announced']:.0f}, {n['move_announced'] / n['move']:.2f} of the moves alone, "
          f"{n['move_announced'] / t['move']:.2f}x the moves with the trigger")
    print(f"move commits/s, {commits['threads']} threads / 1 thread: {t['move'] / t['move_alone']:.2f} with the trigger "
          f"({t['move_alone']:.0f} alone), {n['move'] / n['move_alone']:.2f} without ({n['move_alone']:.0f} alone)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run: 1 and 2 servers, a few seconds each")
    parser.add_argument("--servers", default=None, help="server counts to measure (default 1,2,3)")
    parser.add_argument("--before", default=None, metavar="REV", help="also measure this git revision, first")
    parser.add_argument("--seconds", type=float, default=None, help="of load per server count (default 20)")
    parser.add_argument("--clients", type=int, default=None, help="moving threads (default 16)")
    parser.add_argument("--games", type=int, default=None, help="games they play (default 64)")
    parser.add_argument("--mails", type=int, default=None, help="outbox rows per notifier phase (default 300; 0: none)")
    parser.add_argument("--commit-seconds", type=float, default=None, help="per commit measurement (default 8)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)
    quick = {"servers": "1,2", "seconds": 8, "clients": 8, "games": 24, "mails": 100, "commit_seconds": 3}
    full = {"servers": "1,2,3", "seconds": 20, "clients": 16, "games": 64, "mails": 300, "commit_seconds": 8}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    args.servers = [int(n) for n in str(args.servers).split(",")]
    if not shutil.which("initdb"):
        print("PostgreSQL's initdb is not on PATH", file=sys.stderr)
        return 2
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="herald-cluster-"))
    os.chmod(folder, 0o755)
    postgres = DurablePostgres()
    postgres.start()
    try:
        versions = [("after" if args.before else "this", ROOT)]
        if args.before:
            versions.insert(0, ("before", export_revision(args.before, folder)))
        print(f"measuring {', '.join(label for label, _ in versions)} ...", file=sys.stderr)
        results = measure(versions, postgres, folder, args)
        print("measuring commits ...", file=sys.stderr)
        commits = commit_phase(results[-1]["url"], args.commit_seconds)
        report(results, commits, args)
        if args.json:
            Path(args.json).write_text(json.dumps({"results": results, "commits": commits}, indent=1))
    finally:
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
