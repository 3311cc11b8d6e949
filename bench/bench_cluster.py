"""Herald on 1-3 servers and one PostgreSQL: moves/s, CPU per move, commits, wake-ups, mail shares.

    python -m bench.bench_cluster [--quick] [--servers 1,2,3] [--before REV] [--commits-only] [--ceilings]

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
3. (this tree's database) PostgreSQL commits/s, 16 psycopg2 threads, of a one-row insert
   transaction (BEGIN, INSERT, COMMIT) against Herald's move transaction: as this tree sends it
   (server/table/movelog.py through server/store/roundtrips.py: the lock with what the mails
   read, then the writes with the COMMIT; where someone waits on the game (a watched_games
   mark, read with the lock), the announcement for the waiters is handed to the server
   process's announcer, whose thread sends the moves of WINDOW in one transaction: the 16
   threads are the requests of PROCESSES processes; its statements prepared once per
   connection, `PREPARE` then `EXECUTE`), nobody waiting on the games, every game waited on
   from another server (`WATCHED`), and that again with the move path's foreign keys checked
   as before m0104 (`CHECKED`); the same without the announcement, as the previous tree sent it
   (five round trips: the two reads between the writes, an announcement per move), this tree's
   unprepared (as with `HERALD_PREPARED_STATEMENTS=0`), that again with one player in every
   game (an older bench's model: every turn mail's foreign key locking the same players row
   from 16 threads), as the server sent it before roundtrips.py (each statement a round trip,
   twelve); and this tree's with one thread. Each game has players of its own, as real
   games do. Each `--commit-rounds` times by turns: the medians. The statements are the
   server's, as it sends them to PostgreSQL; one real move, made in this process by this tree's
   code on the same database, is counted too (its round trips and prepared statements in each),
   so a model that has drifted from the server says so. Each measurement starts on vacuumed,
   analysed and checkpointed tables (`VACUUMED`), after a first pass of them all that is not
   counted (`WARM_UP`). CPU per transaction by side, from
   /proc: PostgreSQL (postmaster and backends) and this client (the driver's and Python's work
   the server would do too), and the write-ahead log each writes (PostgreSQL's insert position
   before and after). With `--ceilings`, also the move less the snapshot's update, the
   insert in one round trip, unprepared and prepared, and floors: parts of the move's writes
   alone in one round trip, what any design storing that much could reach; and every write of
   2, 4 or 8 games' moves in one transaction (group commit in the server: what the commit
   costs against the rows). With
   `--commits-only` only this part runs (its games made in this process, no servers).

PostgreSQL runs durable here, with the defaults an operator runs: fsync on, synchronous_commit
on, full_page_writes on (the report prints them as the server reports them).

Figures depend on the machine and on what else runs on it; compare ratios within one run.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
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
import weakref
from functools import partial
from pathlib import Path
from typing import Any

from server.store.announcements import ANNOUNCE, Announcer, flush_all, notify
from server.store.models import MOVE_READS
from server.store import literals
from server.store.roundtrips import _numbered, _types, merged
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


# --- commits ---------------------------------------------------------------------------
# The move's statements as the server sends them (captured from server/table/movelog.py on
# PostgreSQL; `real_move_trips` checks the count against a real move on this database).

GAME_COLUMNS = ('"id", "ruleset", "title", "players", "options", "seed", "seed_hash", "status", "version", '
                '"chain_head", "prompted", "result", "creator_id", "created", "finished", "rules_version", '
                '"state_format", "public", "days_per_move", "on_timeout", "rated", "reserve_days", '
                '"waiting_since", "due_at", "seating"')
LOCK = f'SELECT {GAME_COLUMNS} FROM "games" WHERE "id" = %s FOR UPDATE'
LOCK_WITH_READS = f'SELECT {GAME_COLUMNS}, {", ".join(MOVE_READS)} FROM "games" WHERE "id" = %s FOR UPDATE OF "games"'


def lock_many(count: int, reads: bool = True) -> str:
    """LOCK_WITH_READS (`reads`; else LOCK) for `count` games, in id order, skipping those
    locked (models.locked_ahead)."""
    one = LOCK_WITH_READS if reads else LOCK
    return one.replace('"id" = %s', f'"id" IN ({", ".join(["%s"] * count)}) ORDER BY "id"') + " SKIP LOCKED"


INSERT_MOVE = ('INSERT INTO "moves" ("game_id", "seq", "seat", "payload", "text", "events", "prompted", "public", '
               '"created", "chain", "state_hash", "state_format") VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)')
UPDATE_SNAPSHOT = ('UPDATE "snapshots" SET "version" = %s, "state" = %s, "state_hash" = %s, "state_format" = %s '
                   'WHERE "game_id" = %s')
UPDATE_GAME = ('UPDATE "games" SET "version" = %s, "chain_head" = %s, "prompted" = %s, "waiting_since" = %s, '
               '"due_at" = %s WHERE "id" = %s')
CHAT_DIGEST = ('SELECT "t1"."name", "t2"."to", "t2"."text" FROM "chat_messages" AS "t2" INNER JOIN "players" AS "t1" '
               'ON ("t2"."player_id" = "t1"."id") WHERE (("t2"."game_id" = %s) AND ("t2"."version" >= (SELECT '
               'COALESCE(MAX("t3"."version"), %s) FROM "notifications" AS "t3" WHERE ((("t3"."game_id" = %s) AND '
               '("t3"."seat" = %s)) AND ("t3"."kind" IN (%s, %s)))))) ORDER BY "t2"."id" DESC LIMIT %s')
ANY_CHAT = "SELECT 1 FROM chat_messages WHERE game_id = %s LIMIT 1"
HOOKS = ('SELECT "t1"."id", "t1"."player_id", "t1"."game_id", "t1"."url", "t1"."format" FROM "webhooks" AS "t1" '
         'WHERE (("t1"."game_id" = %s) OR (("t1"."game_id" IS NULL) AND ("t1"."player_id" IN (%s))))')
MAIL_SETTING = 'SELECT "id", "mail" FROM "players" WHERE "id" IN (%s)'
NOTE_COLUMNS = ('"game_id", "seat", "player_id", "email", "kind", "version", "context", "status", "attempts", '
                '"next_attempt", "created"')
INSERT_NOTE = f'INSERT INTO "notifications" ({NOTE_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)'
INSERT_NOTE_WANTED = (f'INSERT INTO "notifications" ({NOTE_COLUMNS}) SELECT %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s '
                      "WHERE NOT EXISTS (SELECT 1 FROM players WHERE id = %s AND mail IN (%s, %s, %s))")
# Their fields, in the statements' order (the server's names: batch_rows builds the same SQL from them).
MOVE_FIELDS = ("game", "seq", "seat", "payload", "text", "events", "prompted", "public", "created", "chain",
               "state_hash", "state_format")
SNAPSHOT_FIELDS = ("version", "state", "state_hash", "state_format")
GAME_FIELDS = ("version", "chain_head", "prompted", "waiting_since", "due_at")
NOTE_FIELDS = ("game", "seat", "player", "email", "kind", "version", "context", "status", "attempts", "next_attempt",
               "created")
EVENTS = ('[{"data":null,"text":"{P1} attacks {P0}\'s wall W2 with V14 Soldier and V21 Archer.","to":null},'
          '{"data":null,"text":"2 swords against 2 shields: the attack loses.","to":null}]')
PROMPTED = '[{"kind":"turn","seat":1,"text":"Your turn: choose one action."}]'


class MoveValues:
    """One game's next move's values; the snapshot written is another game's state each time,
    so that its row changes as a real move's does (not an identical rewrite). `player` (and
    `email`) is the seat asked next, whose turn mail the move writes; `players` all the game's."""

    def __init__(self, game_id: int, version: int, states: list[tuple[str, str]], player: int, email: str,
                 players: tuple[int, ...] = ()):
        self.game_id, self.version, self.states, self.player, self.email = game_id, version, states, player, email
        self.players = players or (player,)
        self.announcer: Announcer | None = None  # its server process's (commit_phase: one per PROCESSES)

    def next(self):
        import datetime

        now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
        version, self.version = self.version, self.version + 1
        state, state_hash = self.states[version % len(self.states)]
        since = now.isoformat(timespec="seconds")
        context = json.dumps({"board": True, "game": self.game_id, "player": "bench", "seat": 1,
                              "prompt": "Your turn: choose one action."}, sort_keys=True, separators=(",", ":"))
        return {"move": (self.game_id, version, 0, '{"cards":["V14","V21"],"target":"0/W2","type":"attack"}',
                         "attack 0/W2 V14 V21", EVENTS, PROMPTED, True, now, "c" * 64, state_hash, 1),
                "snapshot": (version + 1, state, state_hash, 1, self.game_id),
                "game": (version + 1, "c" * 64, PROMPTED[:-2] + f',"since":"{since}"}}]', now.replace(microsecond=0),
                         None, self.game_id),
                "note": (self.game_id, 1, self.player, self.email, "turn", version + 1, context, "pending", 0, now, now)}


class OnePlayer:
    """`game`'s moves, their turn mails to `player` (the previous bench's model: one player in
    every seat of every game, each turn mail's foreign key locking that one players row)."""

    def __init__(self, game: MoveValues, player: int, email: str):
        self.game, self.game_id, self.player, self.email, self.players = game, game.game_id, player, email, (player,)
        self.announcer = game.announcer

    def next(self):
        v = self.game.next()
        v["note"] = (self.game_id, 1, self.player, self.email) + v["note"][4:]
        return v


def move_before(connection, game: MoveValues) -> None:
    """The move as the server sent it before server/store/roundtrips.py: each statement a round
    trip (BEGIN and COMMIT too), the mail setting read before the insert; then the announcement."""
    v = game.next()
    with connection.cursor() as c:
        c.execute("BEGIN")
        c.execute(LOCK, (game.game_id,))
        c.fetchall()
        c.execute(INSERT_MOVE, v["move"])
        c.execute(UPDATE_SNAPSHOT, v["snapshot"])
        c.execute(UPDATE_GAME, v["game"])
        c.execute(CHAT_DIGEST, (game.game_id, 0, game.game_id, 1, "turn", "start", 40))
        c.fetchall()
        c.execute(HOOKS, (game.game_id, game.player))
        c.fetchall()
        c.execute(MAIL_SETTING, (game.player,))
        c.fetchall()
        c.execute(INSERT_NOTE, v["note"])
        c.execute("COMMIT")
        c.execute(ANNOUNCE, (str(game.game_id),))


_PREPARED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # per connection: {(sql, types): name}


def statement(c, sql: str, params: tuple, prepared: bool) -> bytes:
    """One statement as the server sends it: its values bound into the text, or (`prepared`) the
    EXECUTE of its prepared statement, preceded by the PREPARE the first time on this connection,
    the parameter types declared and the values written as the server declares and writes them
    (server/store/roundtrips.py, literals.py)."""
    if not prepared:
        return c.mogrify(sql, params)
    known = _PREPARED.get(c.connection)
    if known is None:
        known = _PREPARED[c.connection] = {}
    types = _types(params)
    name = known.get((sql, types))
    first = b""
    if name is None:
        name = known[(sql, types)] = f"bench_{len(known) + 1}"
        first = f"PREPARE {name} ({types}) AS {_numbered(sql)}; ".encode()
    written = literals.arguments(params) if literals.plain(c.connection) else None  # (as the server writes them)
    if not params:
        written = b""
    elif written is None:
        written = c.mogrify(f"({', '.join(['%s'] * len(params))})", params)
    return first + b"EXECUTE " + name.encode() + written


def move_now(connection, game: MoveValues, announce: bool = True, prepared: bool = True, snapshot: bool = True) -> bool:
    """The move as this tree's server sends it: BEGIN with the lock, reading with it whether the
    game has table talk, its webhooks and whether someone waits on it (server/store/models.py
    MOVE_READS); the move, snapshot, games row and turn mail (asking the mail setting itself)
    with the COMMIT; then, if someone waits on the game, the announcement, handed to this
    "process"'s announcer (its thread sends every move handed in within WINDOW in one
    transaction; not prepared: the server sends it as text). `prepared=False`: as with
    HERALD_PREPARED_STATEMENTS=0. `snapshot=False` (`--ceilings`): less the snapshot's update.
    Whether the game was watched."""
    v = game.next()
    with connection.cursor() as c:
        c.execute(b"BEGIN; " + statement(c, LOCK_WITH_READS, (game.game_id,), prepared))
        watched = bool(c.fetchall()[0][-1])  # (MOVE_READS' last: the watched mark)
        c.execute(b"; ".join([statement(c, INSERT_MOVE, v["move"], prepared),
                              *([statement(c, UPDATE_SNAPSHOT, v["snapshot"], prepared)] if snapshot else []),
                              statement(c, UPDATE_GAME, v["game"], prepared),
                              statement(c, INSERT_NOTE_WANTED, v["note"] + (game.player, "bounced", "digest", "off"),
                                        prepared), b"COMMIT"]))
    if announce and watched:
        game.announcer.offer(game.game_id)
    return watched


class Gathering:
    """The moves of `processes` server processes as this tree's server writes them under load: each
    process gathers the moves its requests bring together into one transaction
    (server/store/groupcommit.py, the server's own class; `most`: HERALD_GROUP_COMMIT). A batch
    of one goes as `move_now`; a larger one in two round trips, on its lane's connection: BEGIN
    with every game's lock and what the mails read, in id order (models.locked_ahead), then
    every game's writes with the COMMIT, each kind of write in one statement of several rows;
    the announcements once it has committed."""

    def __init__(self, games: list, processes: int, most: int, url: str = "") -> None:
        from server.store.groupcommit import GroupCommit

        self.local = threading.local()  # the thread's cursor, what waits for the COMMIT, the games locked
        self.url = url
        self.lanes: dict[int, Any] = {}  # the process's lanes' connections, opened on first use
        committers = [GroupCommit(self.transaction, (), nested=lambda: False, healthy=lambda: True, ahead=self.ahead,
                                  most=most, lane=self.lane) for _ in range(processes)]
        self.committer = {game.game_id: committers[number % processes] for number, game in enumerate(games)}

    @contextlib.contextmanager
    def lane(self, number: int):
        """A batch on its lane's connection, as the server runs it (server/store/lanes.py)."""
        import psycopg2

        local = self.local
        if number not in self.lanes:
            self.lanes[number] = psycopg2.connect(self.url)
            self.lanes[number].autocommit = True
        own, local.cursor = local.cursor, self.lanes[number].cursor()
        try:
            yield
        finally:
            local.cursor = own

    @contextlib.contextmanager
    def transaction(self):
        local = self.local
        local.waiting, local.locked, local.queued = [b"BEGIN"], set(), []
        try:
            yield
        except BaseException:
            if local.waiting[:1] != [b"BEGIN"]:  # (something was sent: roll it back)
                local.cursor.execute(b"ROLLBACK")
            raise
        # a batch's writes, each kind in one statement of several rows (roundtrips.merged, in a lane)
        local.waiting += [statement(local.cursor, sql, params, True) for sql, params, _ in merged(local.queued)]
        if local.waiting != [b"BEGIN"]:  # (a transaction that sent nothing sends no COMMIT: roundtrips.py)
            local.cursor.execute(b"; ".join(local.waiting + [b"COMMIT"]))

    @contextlib.contextmanager
    def ahead(self, game_ids: list[int]):
        local = self.local
        c = local.cursor
        c.execute(b"; ".join(local.waiting + [statement(c, lock_many(len(game_ids)), tuple(game_ids), True)]))
        rows = c.fetchall()
        local.waiting, local.locked = [], {row[0] for row in rows}
        local.watched = {row[0] for row in rows if row[-1]}  # (MOVE_READS' last: the watched mark)
        yield local.locked

    def move(self, connection, game: MoveValues) -> None:
        """One request's move (`rate`'s transaction): written with whichever its process gathers."""
        self.local.cursor = connection.cursor()
        self.committer[game.game_id].run(partial(self._work, game), game.game_id)

    def _work(self, game: MoveValues):
        local = self.local
        if game.game_id not in local.locked:  # alone: as `move_now`
            watched = move_now(local.cursor.connection, game, announce=False)
        else:
            local.queued += queued_writes(game)
            watched = game.game_id in local.watched
        return None, partial(game.announcer.offer, game.game_id) if watched else None


def queued_writes(game: MoveValues) -> list[tuple]:
    """`game`'s next move's writes as a batch queues them (statements.insert / update_by_key with
    `later`): (sql, values, fixed, how several go in one statement)."""
    v = game.next()
    rows = batch_rows()
    return [(INSERT_MOVE, v["move"], True, rows[INSERT_MOVE]),
            (UPDATE_SNAPSHOT, v["snapshot"], True, rows[UPDATE_SNAPSHOT]),
            (UPDATE_GAME, v["game"], True, rows[UPDATE_GAME]),
            (INSERT_NOTE_WANTED, v["note"] + (game.player, "bounced", "digest", "off"), True, rows[INSERT_NOTE_WANTED])]


@functools.lru_cache(maxsize=None)
def batch_rows() -> dict:
    """The model's writes, each with how the server writes several of it in one statement in a
    batch (server/store/statements.py's builders: the same SQL)."""
    from server.store.models import Game, Move, Notification, Snapshot
    from server.store.roundtrips import Rows
    from server.store.statements import insert_rows, update_rows
    from server.table.outbox import _unwanted

    condition, asks = _unwanted(0, "turn")
    return {INSERT_MOVE: Rows(partial(insert_rows, Move, MOVE_FIELDS, (None, 0))),
            UPDATE_SNAPSHOT: Rows(partial(update_rows, Snapshot, "game", SNAPSHOT_FIELDS), key=len(SNAPSHOT_FIELDS)),
            UPDATE_GAME: Rows(partial(update_rows, Game, "id", GAME_FIELDS), key=len(GAME_FIELDS)),
            INSERT_NOTE_WANTED: Rows(partial(insert_rows, Notification, NOTE_FIELDS, (condition, len(asks))))}


def _gathering_process(url: str, games: list, stop: float, most: int, pipe) -> None:
    """One server process's requests, a thread per game, their moves gathered `most` at most
    (`Gathering`) and announced by the process's own announcer, until `stop`: (moves, each
    game's version, the gathered transactions by size) to `pipe`. Leaves by os._exit: the connections this fork inherited are the parent's."""
    import psycopg2

    counts = [0] * len(games)
    announcer = ProcessAnnouncer(url)
    for game in games:
        game.announcer = announcer.announcer
    gathering = Gathering(games, processes=1, most=most, url=url)

    def requests(slot: int) -> None:
        connection = psycopg2.connect(url)
        connection.autocommit = True  # as peewee runs psycopg2 (it sends BEGIN itself)
        while time.monotonic() < stop:
            gathering.move(connection, games[slot])
            counts[slot] += 1
        connection.close()

    threads = [threading.Thread(target=requests, args=(slot,)) for slot in range(len(games))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    flush_all()
    announcer.release()
    for lane in gathering.lanes.values():
        lane.close()
    committer = next(iter(gathering.committer.values()))
    pipe.send((sum(counts), {game.game_id: game.version for game in games}, committer.batches))
    pipe.close()
    os._exit(0)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class ProcessAnnouncer:
    """A server process's announcer (server/store/announcements.py: a thread of its own sending
    the ids its requests hand it, every WINDOW at most) on a connection of its own."""

    def __init__(self, url: str):
        self.url, self.connection = url, None
        self.announcer = Announcer(self.send, self.release)

    def send(self, game_ids: list[int]) -> None:
        import psycopg2

        connection = self.connection
        if connection is None or connection.closed:  # (released meanwhile by the process's end)
            connection = self.connection = psycopg2.connect(self.url)
            connection.autocommit = True
        with connection.cursor() as c:
            notify(c, game_ids)

    def release(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None:
            connection.close()


def move_previous(connection, game: MoveValues, announce: bool = True, prepared: bool = True) -> None:
    """The move as the previous tree sent it (the fourth session's): BEGIN with the lock; the move,
    snapshot and games row with the chat check; the webhooks; the turn mail with the COMMIT; then
    its own announcement, a transaction of its own. `prepared=False`: HERALD_PREPARED_STATEMENTS=0."""
    v = game.next()
    hooks = HOOKS.replace("IN (%s)", "IN (" + ", ".join(["%s"] * len(game.players)) + ")")
    with connection.cursor() as c:
        c.execute(b"BEGIN; " + statement(c, LOCK, (game.game_id,), prepared))
        c.fetchall()
        c.execute(b"; ".join([statement(c, INSERT_MOVE, v["move"], prepared),
                              statement(c, UPDATE_SNAPSHOT, v["snapshot"], prepared),
                              statement(c, UPDATE_GAME, v["game"], prepared),
                              statement(c, ANY_CHAT, (game.game_id,), prepared)]))
        c.fetchall()
        c.execute(statement(c, hooks, (game.game_id, *game.players), prepared))
        c.fetchall()
        c.execute(statement(c, INSERT_NOTE_WANTED, v["note"] + (game.player, "bounced", "digest", "off"), prepared)
                  + b"; COMMIT")
        if announce:
            c.execute(ANNOUNCE, (str(game.game_id),))


WRITES = {"lock": LOCK, "move": INSERT_MOVE, "snapshot": UPDATE_SNAPSHOT, "game": UPDATE_GAME, "note": INSERT_NOTE}


def rows_only(connection, game: MoveValues, parts: tuple[str, ...]) -> None:
    """`--ceilings`: only the named parts of the move's writes (`WRITES`), prepared, in one round
    trip with BEGIN and COMMIT: what a transaction storing that much could reach in any design
    (the move's own row alone, with its indexes and its game's foreign key; then the games row,
    the turn mail, and the snapshot with the lock: everything the move writes)."""
    with connection.cursor() as c:
        c.execute(b"BEGIN; " + b"; ".join(_writes(c, game, parts)) + b"; COMMIT")


def rows_batched(connection, games: list) -> int:
    """`--ceilings`: every write of several games' moves (`WRITES`, with each game's lock) in one
    transaction and one round trip, as a server that gathered its requests' moves for a few
    milliseconds and committed them together (group commit in the server) could send them: how
    much of the move's cost is its commit, and how much its rows. The moves it committed."""
    with connection.cursor() as c:
        c.execute(b"BEGIN; " + b"; ".join(w for game in games for w in _writes(c, game, FLOORS_ALL)) + b"; COMMIT")
    return len(games)


def _writes(c, game: MoveValues, parts: tuple[str, ...]) -> list[bytes]:
    """The named parts of `game`'s next move's writes, each its prepared statement's EXECUTE."""
    values = {"lock": (game.game_id,), **game.next()}
    return [statement(c, WRITES[part], values[part], True) for part in parts]


def plain_one_trip(connection, game: MoveValues, prepared: bool = False) -> None:
    """`--ceilings`: the one-row insert in one round trip (`BEGIN; INSERT ...; COMMIT`), or prepared too."""
    with connection.cursor() as c:
        c.execute(b"BEGIN; " + statement(c, "INSERT INTO bench_plain (game, created, text) VALUES (%s, now(), 'a row')",
                                         (game.game_id,), prepared) + b"; COMMIT")


def plain_insert(connection, game: MoveValues) -> None:
    """The baseline: a one-row insert transaction as psycopg2 sends one by default (BEGIN, INSERT, COMMIT)."""
    with connection.cursor() as c:
        c.execute("INSERT INTO bench_plain (game, created, text) VALUES (%s, now(), 'a row')", (game.game_id,))
    connection.commit()


FLOORS_ALL = ("lock", "move", "snapshot", "game", "note")  # every part of the move's writes
# `--ceilings`' floors: (parts of the writes) -> (its name, its label); each in one round trip, prepared.
FLOORS = {("move",): ("row_move", "(floors) the move's own row alone, in one round trip"),
          ("move", "game"): ("row_move_game", "(floors) the move's row and the games row"),
          ("move", "game", "note"): ("row_move_game_note", "(floors) those and the turn mail"),
          FLOORS_ALL: ("row_all", "(floors) all the writes with the lock, one trip")}
BATCHES = (2, 4, 8)  # `--ceilings`: moves per transaction of `rows_batched`
PROCESSES = 2  # the threads modelled as the requests of this many server processes (gunicorn's workers, deploy/)
MODEL_TRIPS = [1, 4, 0]
# Seconds of each measurement's first pass, not counted: a fresh database's first round ran the
# gathered moves at three quarters of the later rounds'.
WARM_UP = 1.0
# Vacuumed before each measurement, outside its time: 16 games moved thousands of times a second
# leave dead row versions faster than autovacuum takes them (a real table's thousands of games,
# each moved now and then, do not), and each measurement would pay for those before it: the
# last of a run's rounds ran at half the first's.
VACUUMED = ("games", "snapshots", "moves", "notifications", "players", "bench_plain")
# The measurements whose games someone waits on from another server (a watched_games mark each,
# as longpoll.mark_watched writes it): their moves are announced. Nobody waits on the others'.
WATCHED = {"move", "move_alone", "move_unprepared", "move_one_player", "no_snapshot", "move_gathered_watched",
           "move_gathered_checked"}


# The measurements on a database whose move-path foreign keys PostgreSQL checks (as before m0104:
# models.UNCHECKED_ON_POSTGRES), put back for them and dropped again after.
CHECKED = {"move_gathered_checked"}


def check_keys(cursor, checked: bool) -> None:
    """Put the move path's foreign keys back (`checked`), or drop them as m0104 does."""
    from server.store.models import UNCHECKED_ON_POSTGRES

    refers = {"game_id": "games", "player_id": "players"}
    for table, column in UNCHECKED_ON_POSTGRES:
        name = f"bench_{table}_{column}_fkey"
        cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {name}")
        if checked:
            cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} FOREIGN KEY ({column}) "
                           f"REFERENCES {refers[column]} (id)")


def watch(cursor, games: list[int], watched: bool) -> None:
    """Mark `games` watched for an hour, or clear their marks."""
    cursor.execute("DELETE FROM watched_games")
    if watched:
        cursor.execute("INSERT INTO watched_games (game_id, until) SELECT unnest(%s), (now() AT TIME ZONE 'UTC') "
                       "+ interval '1 hour'", (games,))  # `move_now`'s round trips: the statements executed prepared in each


def real_move_trips(url: str, token: str) -> list[tuple[str, int]]:
    """The round trips of one real move, made in this process by this tree's server code on the
    bench's database: each as (its start, a prepared statement's EXECUTE written as its SQL, and
    the statements executed prepared in it): what the modelled `move_now` must match."""
    import re

    import psycopg2.extensions

    from server.app import create_app
    from server.config import load_config
    from server.store.db import database
    from server.store.longpoll import mark_watched

    sent: list[bytes] = []
    named: dict[bytes, bytes] = {}

    class Counting(psycopg2.extensions.cursor):
        def execute(self, query, vars=None):
            text = self.mogrify(query, vars)
            named.update(re.findall(rb"PREPARE (herald_\d+)(?: \([^)]*\))? AS (.*?)(?=; |$)", text))
            sent.append(re.sub(rb"PREPARE herald_\d+(?: \([^)]*\))? AS .*?; ", b"", text))
            return super().execute(query, vars)

    with tempfile.TemporaryDirectory() as mail:
        app = create_app(load_config({"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": mail,
                                      "HERALD_RATELIMIT_ENABLED": "0"}))
        database.obj.close_all()
        database.obj.connect_params["cursor_factory"] = Counting
        client = app.test_client()
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(20):  # a move that asks the other seat: a turn mail, as most moves write
            game = client.post("/games", json={"ruleset": RULESET, "seats": 2}, headers=headers).json
            for number, invite in enumerate(game["invites"]):
                client.post("/games/join", json={"invite": invite["code"], **({"another_seat": True} if number else {})},
                            headers=headers)
            seat = client.get(f"/games/{game['id']}", headers=headers).json["prompted"][0]["seat"]
            legal = client.get(f"/games/{game['id']}/legal?seat={seat}", headers=headers).json
            chosen = next((m["move"] for m in legal["moves"] if "move" in m), None)
            if chosen is None:
                continue
            mark_watched(game["id"], 60)  # (someone waits on it elsewhere: its move is announced, as `move_now`'s)
            flush_all()  # the joins' announcements go now, not among the move's round trips
            time.sleep(0.05)  # (one the announcer's thread had taken already: sent by now)
            sent.clear()
            answer = client.put(f"/games/{game['id']}/moves/{legal['version']}?seat={seat}", json={"move": chosen},
                                headers=headers).json
            if answer["prompted"] and answer["prompted"][0]["seat"] != seat:
                break
        flush_all()  # the move's announcement, sent by the announcer's thread within its window, or by this one now
        waited = time.monotonic() + 2
        while not any(b"pg_notify" in q for q in sent) and time.monotonic() < waited:
            time.sleep(0.005)
        database.obj.close_all()
    trips = [(re.sub(rb"EXECUTE (herald_\d+)", lambda m: b"[prepared] " + named[m.group(1)], q), q.count(b"EXECUTE herald_"))
             for q in sent if q != b"SELECT 1"]
    return [(text.decode()[:70], prepared) for text, prepared in trips if b"token_hash" not in text]


def commit_games(url: str, count: int) -> tuple[str, list[int]]:
    """The schema and `count` games, each between two players of its own, as real games are
    (one player in every game made every turn mail lock the same players row), made in this
    process by this tree's server code; a player's token and the games."""
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    made = []
    with tempfile.TemporaryDirectory() as mail:
        app = create_app(load_config({"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": mail,
                                      "HERALD_RATELIMIT_ENABLED": "0"}))
        client = app.test_client()
        tokens = []
        for number in range(count):
            pair = [client.post("/players", json={"name": f"bench{number}{side}",
                                                  "email": f"bench{number}{side}@example.org"}).json["token"]
                    for side in "ab"]
            tokens.append(pair[0])
            game = client.post("/games", json={"ruleset": RULESET, "seats": 2},
                               headers={"Authorization": f"Bearer {pair[0]}"}).json
            for token, invite in zip(pair, game["invites"]):
                client.post("/games/join", json={"invite": invite["code"]}, headers={"Authorization": f"Bearer {token}"})
            made.append(game["id"])
        database.obj.close_all()
    return tokens[0], made


def move_models(cursor, games: list[int]) -> list[MoveValues]:
    """Each of `games`' next moves' values (`MoveValues`), as its games and players stand in the
    database; the snapshots written are the games' own states, each game's list starting at another."""
    cursor.execute("SELECT state, state_hash FROM snapshots ORDER BY game_id LIMIT 32")
    states = cursor.fetchall()
    models = []
    for i, game_id in enumerate(games):
        cursor.execute("SELECT g.version, s.seat, s.player_id, p.email FROM games g JOIN seats s ON s.game_id = g.id "
                       "JOIN players p ON p.id = s.player_id WHERE g.id = %s ORDER BY s.seat", (game_id,))
        rows = cursor.fetchall()
        version, asked = rows[0][0], rows[-1]
        models.append(MoveValues(game_id, version, states[i:] + states[:i], asked[2], asked[3],
                                 tuple(row[2] for row in rows)))
    return models


def commit_phase(url: str, seconds: float, token: str, games: list[int], rounds: int = 3, postmaster: int = 0,
                 ceilings: bool = False, group_commit: int | None = None) -> dict:
    """Commits/s, one psycopg2 thread per game, of a one-row insert and of the move transaction as
    this tree sends it, without its announcement, as the previous tree sent it, unprepared, with one
    player in every game, as the server sent it before roundtrips.py (`ceilings`: and the move less
    its snapshot's update, `plain_one_trip` and the floors, `rows_only`); by turns, `rounds` times: the medians, and CPU per transaction of
    PostgreSQL (`postmaster` and its backends) and of this client, by /proc."""
    import statistics

    import psycopg2

    setup = psycopg2.connect(url)
    setup.autocommit = True
    cursor = setup.cursor()
    settings = {}
    for name in ("fsync", "synchronous_commit", "full_page_writes", "wal_sync_method"):
        cursor.execute(f"SHOW {name}")
        settings[name] = cursor.fetchone()[0]
    cursor.execute("CREATE TABLE IF NOT EXISTS bench_plain (id BIGSERIAL PRIMARY KEY, game INTEGER, "
                   "created TIMESTAMP NOT NULL, text TEXT)")
    own = move_models(cursor, games)
    processes = [ProcessAnnouncer(url) for _ in range(PROCESSES)]  # the threads' server processes' announcers
    for number, game in enumerate(own):
        game.announcer = processes[number % PROCESSES].announcer
    shared = [OnePlayer(game, own[0].player, own[0].email) for game in own]
    trips = real_move_trips(url, token)
    width = len(own)

    duration = [seconds]  # each measurement's length (WARM_UP in the first pass)

    def wal() -> int:
        cursor.execute("SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn")
        return int(cursor.fetchone()[0])

    def rate(transaction, models: list, threads: int, autocommit: bool) -> tuple[float, float, float, float]:
        if transaction == "processes":
            return gathered_rate(models, threads)
        counts = [0] * threads
        stop = time.monotonic() + duration[0]

        def worker(slot):
            connection = psycopg2.connect(url)
            connection.autocommit = autocommit  # as peewee runs psycopg2 (it sends BEGIN itself)
            while time.monotonic() < stop:
                counts[slot] += transaction(connection, models[slot]) or 1  # (rows_batched: its moves)
            connection.close()

        workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
        pg0, client0, wal0 = tree_cpu([postmaster]), client_cpu(), wal()
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
        done = max(sum(counts), 1)
        return (sum(counts) / duration[0], (tree_cpu([postmaster]) - pg0) / done * 1000,
                (client_cpu() - client0) / done * 1000, (wal() - wal0) / done)

    gathered: dict = {"moves": 0, "batches": {}, "most": group_commit}

    def gathered_rate(models: list, threads: int) -> tuple[float, float, float, float]:
        """`rate` of the moves as PROCESSES server processes gather them: each a real process (a
        GIL of its own, as gunicorn's workers have) whose `threads // PROCESSES` requests'
        threads bring the moves of its games (`Gathering`); its CPU is this client's."""
        import multiprocessing

        context = multiprocessing.get_context("fork")
        stop = time.monotonic() + duration[0]
        pipes, processes = [], []
        pg0, client0, wal0 = tree_cpu([postmaster]), _children_cpu(), wal()
        for number in range(PROCESSES):
            mine = models[number::PROCESSES]
            ours, theirs = context.Pipe()
            process = context.Process(target=_gathering_process, args=(url, mine, stop, group_commit, theirs))
            process.start()
            pipes.append((ours, mine))
            processes.append(process)
        moves = 0
        for ours, mine in pipes:
            counted, versions, batches = ours.recv()
            moves += counted
            gathered["moves"] += counted
            for size, count in batches.items():
                gathered["batches"][size] = gathered["batches"].get(size, 0) + count
            for game in mine:
                game.version = versions[game.game_id]  # where that process left each game
        for process in processes:
            process.join()
        time.sleep(0.2)  # (their backends' exits reaped by the postmaster: their CPU counted in its tree)
        done = max(moves, 1)
        return (moves / duration[0], (tree_cpu([postmaster]) - pg0) / done * 1000,
                (_children_cpu() - client0) / done * 1000, (wal() - wal0) / done)

    kinds: dict[str, tuple] = {"plain": (plain_insert, own, width, False), "move_before": (move_before, own, width, True),
             "move": (move_now, own, width, True), "move_unannounced": (partial(move_now, announce=False), own, width, True),
             "move_previous": (move_previous, own, width, True),
             "move_unprepared": (partial(move_now, prepared=False), own, width, True),
             "move_one_player": (partial(move_now, prepared=False), shared, width, True),
             "move_alone": (move_now, own, 1, True), "move_gathered": ("processes", own, width, True),
             "move_gathered_watched": ("processes", own, width, True),
             "move_gathered_checked": ("processes", own, width, True)}
    if ceilings:
        kinds.update({"plain_one_trip": (plain_one_trip, own, width, True),
                      "plain_prepared": (partial(plain_one_trip, prepared=True), own, width, True),
                      "no_snapshot": (partial(move_now, snapshot=False), own, width, True),
                      **{FLOORS[parts][0]: (partial(rows_only, parts=parts), own, width, True) for parts in FLOORS},
                      **{f"batched_{k}": (rows_batched, [own[i:i + k] for i in range(0, width, k)], -(-width // k), True)
                         for k in BATCHES}})
    measured: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in kinds}
    for number in range(-1, rounds):  # (round -1: every measurement once for WARM_UP s, not counted)
        duration[0] = min(WARM_UP, seconds) if number < 0 else seconds
        for name in (list(kinds) if number % 2 == 0 else list(kinds)[::-1]):
            watch(cursor, games, name in WATCHED)
            check_keys(cursor, name in CHECKED)
            cursor.execute(f"VACUUM ANALYZE {', '.join(VACUUMED)}")  # (each starts clean: see VACUUMED)
            cursor.execute("CHECKPOINT")  # (what the vacuum dirtied written now, not during the measurement)
            figures = rate(*kinds[name])
            if number >= 0:
                measured[name].append(figures)
    setup.close()
    figures = {name: [rate for rate, _, _, _ in runs] for name, runs in measured.items()}
    wal_bytes = {name: statistics.median(wal for _, _, _, wal in runs) for name, runs in measured.items()}
    cpu = {name: (statistics.median(pg for _, pg, _, _ in runs), statistics.median(client for _, _, client, _ in runs))
           for name, runs in measured.items()}
    return {"threads": width, "rounds": rounds, "seconds": seconds, "settings": settings, "real_move_trips": trips,
            "model_trips": MODEL_TRIPS, "runs": figures, "cpu_ms": cpu, "wal_bytes": wal_bytes, "ceilings": ceilings,
            "gathered": gathered,
            **{name: statistics.median(runs) for name, runs in figures.items()}}


# --- the run ----------------------------------------------------------------------------

def measure(versions: list[tuple[str, Path]], postgres, folder: Path, args) -> tuple[list[dict], list[dict]]:
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
    return results, tokens


def report(results: list[dict], commits: dict, args) -> None:
    if results:
        report_loads(results, args)
    report_commits(commits)


def report_loads(results: list[dict], args) -> None:
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


def report_commits(c: dict) -> None:
    print(f"commits/s, {c['threads']} psycopg2 threads, medians of {c['rounds']} runs of {c['seconds']:g} s by turns; "
          f"PostgreSQL fsync={c['settings']['fsync']}, synchronous_commit={c['settings']['synchronous_commit']}, "
          f"full_page_writes={c['settings']['full_page_writes']}, wal_sync_method={c['settings']['wal_sync_method']}; "
          "CPU per transaction (per move where moves are gathered): PostgreSQL + this client; write-ahead log written:")
    for name, label in (("plain", "a one-row insert (BEGIN, INSERT, COMMIT)"),
                        ("move_gathered", "the moves as this tree's server gathers them, nobody waiting on "
                                          "their games: moves/s"),
                        ("move_gathered_watched", "the same, each game waited on from another server (each "
                                                  "move announced): moves/s"),
                        ("move_gathered_checked", "the same, every game watched, the move path's foreign keys "
                                                  "checked (as before m0104): moves/s"),
                        ("move", "the move alone as this tree sends it (prepared), watched: with its announcement"),
                        ("move_unannounced", "the same, its transaction alone"),
                        ("move_previous", "the move as the previous tree sent it (5 round trips, one announcement each)"),
                        ("move_unprepared", "the move unprepared (HERALD_PREPARED_STATEMENTS=0)"),
                        ("move_one_player", "the same, one player in every game (an older bench's model)"),
                        ("move_before", "the move as the server sent it before roundtrips.py (12 round trips)"),
                        *((("plain_one_trip", "(ceilings) the insert in one round trip"),
                           ("plain_prepared", "(ceilings) the insert in one round trip, prepared"),
                           ("no_snapshot", "(ceilings) the move less the snapshot's update"),
                           *FLOORS.values(),
                           *((f"batched_{k}", f"(ceilings) all the writes of {k} games' moves in one transaction, "
                                              f"{-(-c['threads'] // k)} threads: moves/s") for k in BATCHES))
                          if c.get("ceilings") else ())):
        pg, client = c["cpu_ms"][name]
        print(f"  {c[name]:7.0f}  {c[name] / c['plain']:.2f} of the insert  CPU {pg:.2f} + {client:.2f} ms  "
              f"WAL {c['wal_bytes'][name] / 1024:.1f} KB  {label}  "
              f"(runs: {', '.join(f'{r:.0f}' for r in c['runs'][name])})")
    gathered = c["gathered"]
    together = sum(size * count for size, count in gathered["batches"].items())
    transactions = sum(gathered["batches"].values()) + gathered["moves"] - together
    print(f"  gathered (HERALD_GROUP_COMMIT={gathered['most']}): {together / max(gathered['moves'], 1):.0%} of the moves "
          f"shared a transaction, {gathered['moves'] / max(transactions, 1):.1f} moves per transaction; PostgreSQL's CPU "
          f"per move, gathered / alone (both watched): {c['cpu_ms']['move_gathered_watched'][0] / c['cpu_ms']['move'][0]:.2f}; "
          f"moves/s, gathered / alone: {c['move_gathered_watched'] / c['move']:.2f}")
    print(f"  the wake-up's cost, the move with its announcement / its transaction alone: "
          f"{c['move'] / c['move_unannounced']:.2f} (issue 28's trigger NOTIFY: 151 / 1,495 = 0.10)")
    print(f"  prepared / unprepared: move {c['move'] / c['move_unprepared']:.2f}x; own players / one player (unprepared): "
          f"{c['move_unprepared'] / c['move_one_player']:.2f}x; this tree / the previous tree: "
          f"{c['move'] / c['move_previous']:.2f}x; this tree / before roundtrips.py: "
          f"{c['move'] / c['move_before']:.2f}x; move commits/s, {c['threads']} threads / 1 thread: "
          f"{c['move'] / c['move_alone']:.2f} ({c['move_alone']:.0f} alone)")
    real = c["real_move_trips"]
    counts = [prepared for _, prepared in real]
    print(f"  a real move by this tree's server code on this database: {len(real)} round trips, statements prepared "
          f"in each {counts} (the model above: {c['model_trips']})"
          f"{'' if counts == c['model_trips'] else ' -- THE MODEL HAS DRIFTED'}")
    for trip, _ in real:
        print(f"    {trip}")


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
    parser.add_argument("--commit-rounds", type=int, default=3, help="runs of each commit measurement, by turns")
    parser.add_argument("--commits-only", action="store_true",
                        help="only the commit measurements (their games made in this process, no servers)")
    parser.add_argument("--ceilings", action="store_true",
                        help="also the move less each lever left (reads, snapshot, announcement) and the insert in "
                             "one round trip: what each could buy at most")
    parser.add_argument("--group-commit", type=int, default=None, metavar="N",
                        help="moves gathered per transaction at most (default: HERALD_GROUP_COMMIT's default)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)
    quick = {"servers": "1,2", "seconds": 8, "clients": 8, "games": 24, "mails": 100, "commit_seconds": 3}
    full = {"servers": "1,2,3", "seconds": 20, "clients": 16, "games": 64, "mails": 300, "commit_seconds": 8}
    for key, value in (quick if args.quick else full).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    args.servers = [int(n) for n in str(args.servers).split(",")]
    if args.group_commit is None:
        from server.config import Settings

        args.group_commit = Settings().group_commit
    if not shutil.which("initdb"):
        print("PostgreSQL's initdb is not on PATH", file=sys.stderr)
        return 2
    random.seed(1)
    folder = Path(tempfile.mkdtemp(prefix="herald-cluster-"))
    os.chmod(folder, 0o755)
    postgres = DurablePostgres()
    postgres.start()
    try:
        if args.commits_only:
            url = postgres.new_database()
            results: list[dict] = []
        else:
            versions = [("after" if args.before else "this", ROOT)]
            if args.before:
                versions.insert(0, ("before", export_revision(args.before, folder)))
            print(f"measuring {', '.join(label for label, _ in versions)} ...", file=sys.stderr)
            results, _tokens = measure(versions, postgres, folder, args)
            url = results[-1]["url"]
        print("measuring commits ...", file=sys.stderr)
        token, games = commit_games(url, 16)
        commits = commit_phase(url, args.commit_seconds, token, games, rounds=args.commit_rounds,
                               postmaster=postgres.postmaster(), ceilings=args.ceilings, group_commit=args.group_commit)
        report(results, commits, args)
        if args.json:
            Path(args.json).write_text(json.dumps({"results": results, "commits": commits}, indent=1))
    finally:
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
