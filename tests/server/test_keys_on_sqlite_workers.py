"""Idempotency-Keys on SQLite under the shipped gunicorn (two worker processes, one database
file): the same request raced, and requests whose worker is killed while they run, each
carried out once. The PostgreSQL cluster has its own (tests/server/test_idempotency.py)."""
from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tests.server.gunicorn_live import shipped_gunicorn

NEW_GAME = {"ruleset": "castle-assault", "seats": 2, "options": {}}
pytestmark = pytest.mark.slow


def send(port: int, method: str, path: str, body=None, token: str | None = None, key: str | None = None):
    """One request: (status, JSON body, headers); OSError where its worker died under it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {}),
               **({"Idempotency-Key": key} if key else {})}
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None, dict(response.getheaders())
    finally:
        connection.close()


def until_answered(port: int, *args, **kwargs) -> tuple[tuple, int]:
    """Send under the same key until answered, as `herald` does: (the answer, how many sends)."""
    for sends in range(1, 200):
        try:
            answer = send(port, *args, **kwargs)
            if answer[0] < 500:
                return answer, sends
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)
    raise AssertionError("never answered")


def workers(master: int) -> list[int]:
    """The worker processes of gunicorn's `master` (from /proc: their parent's id)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            state, parent = stat.rsplit(")", 1)[1].split()[:2]
            if int(parent) == master and state != "Z":  # (a killed one not yet reaped is no worker)
                found.append(int(entry.name))
    return found


def games_made_by(database: Path, name: str) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT count(*) FROM games JOIN players ON players.id = games.creator_id "
                          "WHERE players.name = ?", (name,)).fetchone()[0]


def test_a_request_raced_or_cut_off_by_its_workers_death_is_carried_out_once(tmp_path):
    """Eight copies of one keyed creation at once: one game, eight identical answers. Then
    fifteen creations, each with every worker killed (SIGKILL) a few milliseconds after it was
    sent, and sent again under its key until answered: fifteen games, whether the kill came
    before or after its commit, and `verify` agrees."""
    from click.testing import CliRunner

    from server.cli import server

    with shipped_gunicorn(tmp_path, workers=2) as (port, master):
        alice = send(port, "POST", "/players", {"name": "alice", "email": "alice@example.org"})[1]["token"]
        answers: list[tuple] = []
        racing = [threading.Thread(target=lambda: answers.append(send(port, "POST", "/games", NEW_GAME, alice,
                                                                        key="raced")[:2])) for _ in range(8)]
        for thread in racing:
            thread.start()
        for thread in racing:
            thread.join()
        assert [status for status, _ in answers] == [201] * 8 and len({body["id"] for _, body in answers}) == 1
        assert games_made_by(tmp_path / "herald.db", "alice") == 1

        cut_off = 0
        for number in range(15):
            deadline = time.monotonic() + 30
            while len(alive := workers(master.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)  # (the last round's workers started again)
            time.sleep(0.5)
            outcome: list[tuple] = []
            request = threading.Thread(target=lambda number=number, outcome=outcome: outcome.append(
                until_answered(port, "POST", "/games", NEW_GAME, alice, key=f"cut-{number}")))
            request.start()
            time.sleep(0.002 * (number % 6))
            for worker in alive:
                try:
                    os.kill(worker, signal.SIGKILL)
                except ProcessLookupError:
                    pass  # (gone already)
            request.join()
            (status, body, _), sends = outcome[0]
            assert status == 201, body
            cut_off += sends > 1
        assert games_made_by(tmp_path / "herald.db", "alice") == 16
    assert cut_off > 0  # (at least one request was cut off and sent again)
    verified = CliRunner().invoke(server, ["verify"], env={
        "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}", "HERALD_MAIL_DIR": str(tmp_path / "mail"),
        "HERALD_CONFIG": ""})
    assert verified.exit_code == 0 and "all agree" in verified.output, verified.output
