"""Two server processes on one SQLite file, as gunicorn's two workers: each keeps its own
state cache, so each must notice the other's moves (the version check) and exactly one
of two racing PUTs at the same seq may win."""
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.server.live import http_put, race
from tests.server.mailbox import free_port

ROOT = Path(__file__).resolve().parents[2]
SERVE = ("import sys; from core import games; from core.reference import GAME; "
         "games.register(GAME.name, GAME); from server.app import create_app; "
         "create_app().run(host='127.0.0.1', port=int(sys.argv[1]), threaded=True)")


def get(url, token=None):
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def post(url, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_servers(tmp_path, env, attempt):
    """Two server processes on fresh ports; (processes, urls), or RuntimeError with the log."""
    ports = [free_port(), free_port()]
    logs = [tmp_path / f"server-{attempt}-{port}.log" for port in ports]
    procs = []
    for port, log in zip(ports, logs):
        with log.open("w") as stderr:  # the child keeps its own copy of the file
            procs.append(subprocess.Popen([sys.executable, "-c", SERVE, str(port)], cwd=ROOT, env=env,
                                          stdout=subprocess.DEVNULL, stderr=stderr))
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    deadline = time.monotonic() + 90  # a loaded machine may take long to import Flask
    try:
        for url, proc, log in zip(urls, procs, logs):
            while True:
                try:
                    get(url + "/health")
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"{url} did not start: {log.read_text()[-2000:]}") from None
                    time.sleep(0.05)
    except RuntimeError:
        stop(procs)
        raise
    return procs, urls


def stop(procs):
    for proc in procs:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def two_servers(tmp_path):
    env = {**os.environ, "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
           "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": "", "PYTHONPATH": str(ROOT)}
    for attempt in range(3):
        try:
            procs, urls = start_servers(tmp_path, env, attempt)
            break
        except RuntimeError as exc:
            # A free port can be taken by a parallel test between our probe and the bind.
            if "Address already in use" not in str(exc) or attempt == 2:
                raise
    try:
        yield urls
    finally:
        stop(procs)


def test_moves_alternating_between_processes_and_racing_across_them(two_servers):
    one, two = two_servers
    alice = post(one + "/players", {"name": "alice", "email": "alice@example.org"})
    bob = post(two + "/players", {"name": "bob", "email": "bob@example.org"})
    game = post(one + "/games", {"ruleset": "toy-race", "seats": 2, "options": {"target": 60}}, alice["token"])
    post(one + "/games/join", {"invite": game["invites"][0]["code"]}, alice["token"])
    post(two + "/games/join", {"invite": game["invites"][1]["code"]}, bob["token"])
    players = [alice, bob]
    for seq in range(10):  # each process sees a stale cache every other move
        server = (one, two)[seq % 2]
        detail = get(f"{server}/games/{game['id']}", alice["token"])
        mover = players[detail["prompted"][0]["seat"]]
        move = get(f"{server}/games/{game['id']}/legal", mover["token"])["moves"][0]["move"]
        status, answer = http_put(f"{server}/games/{game['id']}/moves/{seq}", mover["token"], {"move": move})
        assert status == 201 and answer["version"] == seq + 1, answer
    detail = get(f"{one}/games/{game['id']}", alice["token"])
    mover = players[detail["prompted"][0]["seat"]]
    moves = [m["move"] for m in get(f"{two}/games/{game['id']}/legal", mover["token"])["moves"]]
    results = race(f"{one}/games/{game['id']}/moves/10", mover["token"], [{"move": moves[0]}] * 3) + \
        race(f"{two}/games/{game['id']}/moves/10", mover["token"], [{"move": moves[-1]}] * 3)
    assert [status for status, _ in results].count(201) == 1, results
    for url in (one, two):
        log = get(f"{url}/games/{game['id']}/moves", mover["token"])
        assert log["version"] == 11 and [e["seq"] for e in log["moves"]] == list(range(11))
