"""Several servers on one PostgreSQL database (issue 28), in one setup for the module: a real
PostgreSQL, a real Redis, and two real servers, A and B, on 127.0.0.1 (gunicorn with the
shipped settings, deploy/gunicorn.conf.py) on the same database, counting their rate limits
in the same Redis. The operator's commands run as a third process; `herald server notify`
runs once per server, to a real SMTP server.

Whatever is changed through one server holds on the other at once, even where the other has
just served the same player:

(a) a seat handed over (to a house bot through A, or by the operator) is no longer played
    by its old holder through B;
(b) a token replaced through A is refused by B;
(c) a player the operator disables is refused by A and B;
(d) moves alternate between A and B (each meets a stale cache every other move), and PUTs
    racing for one seq through both: exactly one wins;
(e) a long-poll asleep in B wakes when the move commits through A;
(f) two notify runs, one per server, send each outbox mail exactly once, each a share;
(g) a rate limit counts the requests of both servers together, not each its own.

Skipped, saying which, where PostgreSQL, redis-server or gunicorn is missing.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.server.live import Background, race_across
from tests.server.mailbox import Collector

ROOT = Path(__file__).resolve().parents[2]
RULESET = "castle-assault"  # a real game (the servers run as shipped) with house bots
REGISTER_LIMIT = 9  # registrations per minute from one address, across the cluster

# PostgreSQL, Redis and two gunicorn servers: about 30 s in all, most of it starting them.
# One setup: `--dist loadgroup` (pyproject.toml) keeps the module's tests on one xdist worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("two-servers")]


def call(method: str, url: str, token: str | None = None, body: dict | None = None,
         address: str | None = None) -> tuple[int, dict]:
    """(status, JSON body); `address` is the client's as a proxy would say (HERALD_PROXIES=1):
    each test counts against rate limits as an address of its own."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if address:
        headers["X-Forwarded-For"] = address
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def refused(answer: tuple[int, dict]) -> tuple[int, str | None]:
    """(status, error code) of an answer: what a refusal is compared by."""
    status, body = answer
    return status, (body.get("error") or {}).get("code") if isinstance(body, dict) else None


class Cluster:
    def __init__(self, env: dict, urls: list[str], database_url: str):
        self.env, self.urls, self.database_url = env, urls, database_url

    def herald(self, *args, env: dict | None = None) -> str:
        """An operator's command (`herald server ...`): another process again."""
        done = subprocess.run(self.command(*args), cwd=ROOT, env={**self.env, **(env or {})},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr + done.stdout
        return done.stdout

    @staticmethod
    def command(*args) -> list[str]:
        return [sys.executable, "-c", "from client.cli import main; main()", "server", *map(str, args)]

    def sql(self, statement: str, params=()) -> list[tuple]:
        """Rows of one statement, read on a connection of the test's own."""
        import psycopg2

        connection = psycopg2.connect(self.database_url)
        try:
            with connection, connection.cursor() as cursor:
                cursor.execute(statement, params)
                return cursor.fetchall()
        finally:
            connection.close()


@pytest.fixture(scope="module")
def redis_store():
    from tests.server.redis_server import start_or_skip

    server = start_or_skip()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def cluster(postgres, redis_store, tmp_path_factory):
    pytest.importorskip("gunicorn", reason="gunicorn is not installed: the servers run as deploy/ ships them")
    from tests.server.gunicorn_live import shipped_gunicorn

    tmp = tmp_path_factory.mktemp("two-servers")
    database_url = postgres.new_database()
    settings = {"HERALD_DATABASE_URL": database_url, "HERALD_MAIL_DIR": str(tmp / "mail"),
                "HERALD_RATELIMIT_ENABLED": "1", "HERALD_RATELIMIT_STORAGE_URI": redis_store.url,
                "HERALD_RATELIMIT_REGISTER": f"{REGISTER_LIMIT} per minute", "HERALD_PROXIES": "1"}
    env = {**os.environ, **settings, "HERALD_CONFIG": "", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    with ExitStack() as servers:
        ports = [servers.enter_context(shipped_gunicorn(tmp, workers=1, env=settings))[0] for _ in range(2)]
        yield Cluster(env, [f"http://127.0.0.1:{port}" for port in ports], database_url)


ADDRESSES = itertools.count(1)


def register(url: str, name: str) -> dict:
    status, body = call("POST", url + "/players", body={"name": name, "email": f"{name}@example.org"},
                        address=f"192.0.2.{next(ADDRESSES)}")  # each player's own: no test's limit
    assert status == 201, body
    return body


def prompted_seat(url: str, game: int, token: str) -> tuple[int, int]:
    status, detail = call("GET", f"{url}/games/{game}", token)
    assert status == 200, detail
    return detail["prompted"][0]["seat"], detail["version"]


def asked(url: str, game: int, seats: dict[int, dict]) -> tuple[int, int]:
    """(the seat asked now, the game's version), whoever may see it: a reaction is shown
    only to the seat that reacts."""
    for seat, player in seats.items():
        status, detail = call("GET", f"{url}/games/{game}", player["token"])
        assert status == 200, detail
        if seat in [p["seat"] for p in detail["prompted"]]:
            return seat, detail["version"]
    raise AssertionError(f"no seat of game {game} is asked anything")


def legal_moves(url: str, game: int, token: str) -> list:
    status, legal = call("GET", f"{url}/games/{game}/legal", token)
    assert status == 200, legal
    return [m["move"] for m in legal["moves"] if "move" in m]


def first_legal(url: str, game: int, token: str) -> dict:
    return legal_moves(url, game, token)[0]


def new_game(a: str, b: str, first: dict, second: dict) -> tuple[int, dict[int, dict]]:
    """A started two-seat game: its id and {seat: player}; the first joins on A, the second on B."""
    status, game = call("POST", a + "/games", first["token"], {"ruleset": RULESET, "seats": 2})
    assert status == 201, game
    for url, player, invite in zip((a, b), (first, second), game["invites"]):
        status, joined = call("POST", url + "/games/join", player["token"], {"invite": invite["code"]})
        assert status == 200, joined
    by_id = {first["id"]: first, second["id"]: second}
    detail = call("GET", f"{a}/games/{game['id']}", first["token"])[1]
    return game["id"], {s["seat"]: by_id[s["player"]] for s in detail["seats"]}


# (a) a seat handed over -----------------------------------------------------------------------

def test_a_seat_handed_to_a_house_bot_on_one_server_is_refused_to_its_old_holder_on_the_other(cluster):
    a, b = cluster.urls
    dora, emil = register(a, "dora"), register(b, "emil")
    gid, seats = new_game(a, b, dora, emil)
    seat, version = prompted_seat(b, gid, dora["token"])
    holder = seats[seat]
    move = first_legal(b, gid, holder["token"])  # server B has just served the holder that seat
    status, handed = call("POST", f"{a}/games/{gid}/seats/{seat}/handover", holder["token"], {"bot": "random"})
    assert status == 201, handed
    assert refused(call("PUT", f"{b}/games/{gid}/moves/{version}", holder["token"], {"move": move})) == (
        403, "forbidden")


def test_a_seat_the_operator_hands_over_is_no_longer_played_by_its_old_holder_elsewhere(cluster):
    a, b = cluster.urls
    alice, bob, carl = register(a, "alice"), register(b, "bob"), register(a, "carl")
    gid, seats = new_game(a, b, alice, bob)
    seat, version = prompted_seat(b, gid, alice["token"])
    holder = seats[seat]
    move = first_legal(b, gid, holder["token"])
    assert "now belongs to carl" in cluster.herald("seat", gid, seat, "carl")  # a third process
    assert refused(call("PUT", f"{b}/games/{gid}/moves/{version}", holder["token"], {"move": move})) == (
        403, "forbidden")
    assert refused(call("GET", f"{b}/games/{gid}/legal", holder["token"])) == (403, "forbidden")
    status, detail = call("GET", f"{b}/games/{gid}", carl["token"])
    assert status == 200 and detail["my_seats"] == [seat], detail
    status, played = call("PUT", f"{b}/games/{gid}/moves/{version}", carl["token"], {"move": move})
    assert status == 201, played


# (b) a token replaced ---------------------------------------------------------------------------

def test_a_token_replaced_through_one_server_is_refused_by_the_other_at_once(cluster):
    a, b = cluster.urls
    fred = register(a, "fred")
    assert call("GET", f"{b}/players/me", fred["token"])[0] == 200  # B has just accepted it
    status, fresh = call("POST", f"{a}/players/me/token", fred["token"])
    assert status == 200, fresh
    assert refused(call("GET", f"{b}/players/me", fred["token"], address="198.51.100.3")) == (401, "unauthorized")
    assert call("GET", f"{b}/players/me", fresh["token"])[0] == 200


# (c) a player disabled --------------------------------------------------------------------------

def test_a_player_the_operator_disables_is_refused_by_every_server_at_once(cluster):
    a, b = cluster.urls
    gina = register(a, "gina")
    for url in (a, b):
        assert call("GET", f"{url}/games", gina["token"])[0] == 200
    assert "gina is disabled" in cluster.herald("players", "disable", "gina")
    for url in (a, b):
        assert refused(call("GET", f"{url}/games", gina["token"])) == (403, "player-disabled")
    cluster.herald("players", "enable", "gina")
    assert call("GET", f"{b}/games", gina["token"])[0] == 200


# (d) moves across the servers, and a race for one seq --------------------------------------------

def test_moves_alternate_between_the_servers_and_a_race_across_them_has_one_winner(cluster):
    a, b = cluster.urls
    hana, ivo = register(a, "hana"), register(b, "ivo")
    gid, seats = new_game(a, b, hana, ivo)
    for seq in range(6):  # each server meets a stale cache every other move
        url = (a, b)[seq % 2]
        seat, version = asked(url, gid, seats)
        assert version == seq
        mover = seats[seat]
        status, answer = call("PUT", f"{url}/games/{gid}/moves/{seq}", mover["token"],
                              {"move": first_legal(url, gid, mover["token"])})
        assert status == 201 and answer["version"] == seq + 1, answer
    seat, version = asked(b, gid, seats)
    mover = seats[seat]
    moves = legal_moves(a, gid, mover["token"])
    puts = [(f"{url}/games/{gid}/moves/{version}", {"move": moves[i % len(moves)]})
            for i, url in enumerate((a, b) * 4)]
    results = race_across(puts, mover["token"])
    assert [status for status, _ in results].count(201) == 1, results
    winner = next(body for status, body in results if status == 201)
    for (status, body), (_, sent) in zip(results, puts):
        if status == 200:  # the same move as the winner, through either server: the same answer
            assert sent["move"] == winner["move"] and body == winner
        elif status != 201:
            assert refused((status, body)) == (409, "seq-taken"), body
    for url in (a, b):
        status, log = call("GET", f"{url}/games/{gid}/moves", mover["token"])
        assert status == 200 and log["version"] == version + 1
        assert [e["seq"] for e in log["moves"]] == list(range(version + 1))
        assert log["moves"][-1]["move"] == winner["move"]


# (e) a long-poll in B, the move through A -----------------------------------------------------------

def test_a_waiter_on_server_b_wakes_when_the_move_commits_on_a(cluster, record_property):
    """No trigger on games (since m0091 a move's own transaction sends no NOTIFY): B's notifier
    hears A's announcement after the commit, or sees the commit at its next poll."""
    a, b = cluster.urls
    assert cluster.sql("SELECT tgname FROM pg_trigger WHERE tgrelid = 'games'::regclass AND NOT tgisinternal") == []
    jana, kurt = register(a, "jana"), register(b, "kurt")
    gid, seats = new_game(a, b, jana, kurt)
    seat, version = prompted_seat(a, gid, jana["token"])
    mover, idle = seats[seat], seats[1 - seat]
    waiter = Background(f"{b}/games/{gid}/wait?timeout=60", idle["token"])
    time.sleep(1.0)
    assert waiter.result is None  # asleep in B
    status, _ = call("PUT", f"{a}/games/{gid}/moves/{version}", mover["token"],
                     {"move": first_legal(a, gid, mover["token"])})
    assert status == 201
    committed = time.monotonic()
    body = waiter.join(30)  # generous, and still half the wait's own 60 s: woken, not timed out
    woken_after = time.monotonic() - committed
    record_property("wake_seconds", round(woken_after, 3))
    print(f"waiter in B woken {woken_after * 1000:.0f} ms after the move's 201 from A")
    assert body["version"] == version + 1 and body["my_seat"] == 1 - seat
    assert 1 - seat in [p["seat"] for p in body["prompted"]]


# (f) two notifiers --------------------------------------------------------------------------------

class TwoSenders(Collector):
    """An SMTP server that holds each mail until two connections have sent one (or a minute
    has passed): the first notify run cannot send everything before the second has started,
    so that each run has claimed a batch of its own when the sending begins."""

    def __init__(self):
        super().__init__()
        self.peers: set = set()

    async def handle_DATA(self, server, session, envelope):
        self.peers.add(session.peer)
        deadline = time.monotonic() + 60
        while len(self.peers) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return await super().handle_DATA(server, session, envelope)


def test_two_notifiers_one_per_server_send_each_mail_exactly_once(cluster, mailbox):
    from server.notify.delivery import CLAIM_BATCH

    a, b = cluster.urls
    players = [register(a, f"post{i}") for i in range(4)]
    for i in range(10):  # two mails each: the first player's turn, the other's "the game has begun"
        new_game((a, b)[i % 2], (b, a)[i % 2], players[i % 4], players[(i + 1) % 4])
    queued = {row_id for (row_id,) in cluster.sql("SELECT id FROM notifications WHERE status = 'pending'")}
    assert len(queued) > CLAIM_BATCH  # more than the first run's first batch: the second has some
    collector = mailbox.start(TwoSenders())
    smtp = {"HERALD_SMTP_HOST": "127.0.0.1", "HERALD_SMTP_PORT": str(mailbox.port), "HERALD_SMTP_TLS": "none",
            "HERALD_MAIL_FROM": "herald@example.org", "HERALD_SMTP_TIMEOUT": "120"}
    runs = [subprocess.Popen(cluster.command("notify"), cwd=ROOT, env={**cluster.env, **smtp}, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    outputs = [run.communicate(timeout=180) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    sent = [int(re.search(r"^sent (\d+),", out, re.M).group(1)) for out, _ in outputs]
    print(f"{len(queued)} mails queued; the two notify runs sent {sent}")

    rows = {row_id: (status, attempts, claimed_by, lease) for row_id, status, attempts, claimed_by, lease in
            cluster.sql("SELECT id, status, attempts, claimed_by, lease_until FROM notifications")}
    delivered = sorted(row_id for row_id in queued if rows[row_id][0] == "sent")
    # Turn mails of other tests' games may have been answered since: dropped, never sent.
    assert all(rows[row_id][0] in ("sent", "dropped") for row_id in queued), rows
    assert all(rows[row_id][1] == 1 for row_id in delivered)
    ids = [int(re.match(r"<herald\.(\d+)\.", m["Message-ID"]).group(1)) for m in collector.messages]
    assert sorted(ids) == delivered  # each mail once: none twice, none lost
    assert sum(sent) == len(delivered) and all(n > 0 for n in sent), sent  # each run a share
    by_run: dict = {}
    for row_id in delivered:
        by_run[rows[row_id][2]] = by_run.get(rows[row_id][2], 0) + 1
    assert sorted(by_run.values()) == sorted(sent)  # each run sent what it claimed, and only that
    assert not [r for r, (status, _, _, lease) in rows.items() if status == "pending" and lease is not None]


# (g) one rate limit for both ------------------------------------------------------------------------

def test_a_rate_limit_counts_the_requests_of_both_servers_together(cluster):
    a, b = cluster.urls
    for url in (a, b):  # each server keeps its limits where every server sees them: no warning
        status, health = call("GET", url + "/health")
        assert status == 200 and health["ok"], health
        # (the servers have no relay: notify runs with one here, as (f) shows; /health says so)
        assert [w for w in health["warnings"] if "HERALD_SMTP_HOST" not in w] == [], health
    made = []
    for i in range(2 * REGISTER_LIMIT):
        status, body = call("POST", (a, b)[i % 2] + "/players", address="198.51.100.9",
                            body={"name": f"racer{i}", "email": f"racer{i}@example.org"})
        assert status in (201, 429), body
        made.append(status)
    assert made == [201] * REGISTER_LIMIT + [429] * REGISTER_LIMIT, made


def test_health_warns_when_a_server_on_postgres_counts_its_rate_limits_in_memory(postgres, tmp_path):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    config = load_config({"HERALD_DATABASE_URL": postgres.new_database(), "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                          "HERALD_RATELIMIT_ENABLED": "1", "HERALD_SMTP_HOST": "smtp.example.org"})
    try:
        health = create_app(config).test_client().get("/health")
    finally:
        database.close()
    assert health.status_code == 200 and health.json["ok"]
    [warning] = health.json["warnings"]
    assert "memory" in warning and "HERALD_RATELIMIT_STORAGE_URI" in warning and "deploy/README.md" in warning
