"""Several servers on one PostgreSQL database (issue 28): two real `herald server run`
processes, A and B, sharing the database and a Redis for their rate limits.

Whatever is changed through one server (or by the operator's commands, a third process) holds
on the other at once, even where the other has just served the same player: a seat handed
over is no longer played by its old holder, a replaced token and a disabled player are
refused. And a rate limit counts the requests of both servers together, not each its own.
"""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.server.mailbox import free_port

ROOT = Path(__file__).resolve().parents[2]
RULESET = "castle-assault"  # a real game (the servers run as shipped) with house bots
REGISTER_LIMIT = 9  # registrations per minute from one address, across the cluster

pytestmark = pytest.mark.slow  # PostgreSQL, Redis and two servers: about 25 s in all, most of it starting them


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
    def __init__(self, env: dict, tmp: Path):
        self.env, self.tmp = env, tmp
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []

    def start(self, count: int = 2) -> None:
        for attempt in range(3):
            try:
                self._start(count, attempt)
                return
            except RuntimeError as exc:
                self.stop()
                # A free port can be taken by a parallel test between our probe and the bind.
                if "Address already in use" not in str(exc) or attempt == 2:
                    raise

    def _start(self, count: int, attempt: int) -> None:
        ports = [free_port() for _ in range(count)]
        logs = [self.tmp / f"server-{attempt}-{port}.log" for port in ports]
        for port, log in zip(ports, logs):
            with log.open("w") as stderr:
                self.procs.append(subprocess.Popen(
                    [sys.executable, "-c", "from client.cli import main; main()", "server", "run", "--port", str(port)],
                    cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=stderr))
        self.urls = [f"http://127.0.0.1:{port}" for port in ports]
        deadline = time.monotonic() + 90  # a loaded machine may take long to import Flask
        for url, proc, log in zip(self.urls, self.procs, logs):
            while True:
                try:
                    urllib.request.urlopen(url + "/health", timeout=5).read()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"{url} did not start: {log.read_text()[-2000:]}") from None
                    time.sleep(0.05)

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.wait(timeout=15)
        self.procs = []

    def herald(self, *args) -> str:
        """An operator's command (`herald server ...`): another process again."""
        done = subprocess.run([sys.executable, "-c", "from client.cli import main; main()", "server",
                               *map(str, args)], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr + done.stdout
        return done.stdout


@pytest.fixture(scope="module")
def redis_store():
    from tests.server.redis_server import start_or_skip

    server = start_or_skip()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def cluster(postgres, redis_store, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cluster")
    env = {**os.environ, "HERALD_DATABASE_URL": postgres.new_database(), "HERALD_CONFIG": "",
           "HERALD_MAIL_DIR": str(tmp / "mail"), "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "HERALD_RATELIMIT_ENABLED": "1", "HERALD_RATELIMIT_STORAGE_URI": redis_store.url,
           "HERALD_RATELIMIT_REGISTER": f"{REGISTER_LIMIT} per minute", "HERALD_PROXIES": "1"}
    servers = Cluster(env, tmp)
    servers.start()
    yield servers
    servers.stop()


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


def first_legal(url: str, game: int, token: str) -> dict:
    status, legal = call("GET", f"{url}/games/{game}/legal", token)
    assert status == 200, legal
    return next(m["move"] for m in legal["moves"] if "move" in m)


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


def test_a_seat_the_operator_hands_over_is_no_longer_played_by_its_old_holder_elsewhere(cluster):
    a, b = cluster.urls
    alice, bob, carl = register(a, "alice"), register(b, "bob"), register(a, "carl")
    gid, seats = new_game(a, b, alice, bob)
    seat, version = prompted_seat(b, gid, alice["token"])
    holder = seats[seat]
    move = first_legal(b, gid, holder["token"])  # server B has just served the holder that seat
    assert "now belongs to carl" in cluster.herald("seat", gid, seat, "carl")  # a third process
    assert refused(call("PUT", f"{b}/games/{gid}/moves/{version}", holder["token"], {"move": move})) == (
        403, "forbidden")
    assert refused(call("GET", f"{b}/games/{gid}/legal", holder["token"])) == (403, "forbidden")
    status, detail = call("GET", f"{b}/games/{gid}", carl["token"])
    assert status == 200 and detail["my_seats"] == [seat], detail
    status, played = call("PUT", f"{b}/games/{gid}/moves/{version}", carl["token"], {"move": move})
    assert status == 201, played


def test_a_seat_handed_to_a_house_bot_on_one_server_is_refused_to_its_old_holder_on_the_other(cluster):
    a, b = cluster.urls
    dora, emil = register(a, "dora"), register(b, "emil")
    gid, seats = new_game(a, b, dora, emil)
    seat, version = prompted_seat(b, gid, dora["token"])
    holder = seats[seat]
    move = first_legal(b, gid, holder["token"])
    status, handed = call("POST", f"{a}/games/{gid}/seats/{seat}/handover", holder["token"], {"bot": "random"})
    assert status == 201, handed
    assert refused(call("PUT", f"{b}/games/{gid}/moves/{version}", holder["token"], {"move": move})) == (
        403, "forbidden")


def test_a_token_replaced_through_one_server_is_refused_by_the_other_at_once(cluster):
    a, b = cluster.urls
    fred = register(a, "fred")
    assert call("GET", f"{b}/players/me", fred["token"])[0] == 200  # B has just accepted it
    status, fresh = call("POST", f"{a}/players/me/token", fred["token"])
    assert status == 200, fresh
    assert refused(call("GET", f"{b}/players/me", fred["token"], address="198.51.100.3")) == (401, "unauthorized")
    assert call("GET", f"{b}/players/me", fresh["token"])[0] == 200


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


def test_a_rate_limit_counts_the_requests_of_both_servers_together(cluster):
    a, b = cluster.urls
    for url in (a, b):  # each server keeps its limits where every server sees them: no warning
        status, health = call("GET", url + "/health")
        assert status == 200 and health["ok"] and health.get("warnings") == [], health
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
                          "HERALD_RATELIMIT_ENABLED": "1"})
    try:
        health = create_app(config).test_client().get("/health")
    finally:
        database.close()
    assert health.status_code == 200 and health.json["ok"]
    [warning] = health.json["warnings"]
    assert "memory" in warning and "HERALD_RATELIMIT_STORAGE_URI" in warning and "deploy/README.md" in warning
