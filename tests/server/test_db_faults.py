"""Permanent database faults are told apart from a busy database: a full disk or a read-only
file is a 503 `database-unwritable` naming the reason (no Retry-After), /health says so from a
real write, and nothing is half-written: once the operator fixes it, play goes on and verify
is clean. The disk is a small tmpfs where this machine lets us mount one (root); SQLite's own
size limit (PRAGMA max_page_count) stands in for a full disk everywhere, and PostgreSQL's
read-only mode for a read-only PostgreSQL database."""
import os
import shutil
import subprocess

import pytest

from server.api import health
from server.store.db import database
from server.store.verify import verify_all


def mount(*args) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)


@pytest.fixture
def small_disk(tmp_path):
    """An 8 MB tmpfs, or a skip saying why there cannot be one here."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root and mount(8); the max_page_count test covers disk full")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = mount("-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk))
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    yield disk
    database.close()
    subprocess.run(["umount", "-l", str(disk)], capture_output=True, timeout=30)


@pytest.fixture
def app_on(toy_game, tmp_path):
    apps = []

    def make(folder):
        from server.app import create_app

        app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'herald.db'}", "MAIL_DIR": str(tmp_path / "mail")})
        apps.append(app)
        return app
    yield make
    database.close()


def unwritable(response, reason):
    assert response.status_code == 503, (response.status_code, response.json)
    error = response.json["error"]
    assert error["code"] == "database-unwritable" and error["details"]["reason"] == reason, error
    assert "Retry-After" not in response.headers and "try again" not in error["message"]


def fresh_health(api):
    health.reset()  # the probe runs at most every 5 s: look now
    return api.call("GET", "/health")


def fill(path):
    """Write until the file system is full."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 65536)
    except OSError:
        pass
    finally:
        os.close(fd)


def play_until_refused(api, players):
    """Moves in long games (new ones as they end) until the database refuses a write; that answer."""
    for _ in range(6):
        created = api.call("POST", "/games", players[0], json={"ruleset": "toy-race", "seats": 2,
                                                               "options": {"target": 60}})
        if created.status_code != 201:
            return created
        for player, invite in zip(players, created.json["invites"]):
            joined = api.call("POST", "/games/join", player, json={"invite": invite["code"]})
            if joined.status_code != 200:
                return joined
        for _ in range(60):
            response = api.play_first_legal(created.json["id"], players)
            if response.status_code not in (201, 409):
                return response
    raise AssertionError("the database never filled up")


def test_a_full_disk_is_a_clear_503_and_health_says_so(small_disk, app_on):
    from tests.server.conftest import Api

    api = Api(app_on(small_disk).test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players, options={"target": 60})
    api.play_first_legal(game, players)
    filler = small_disk / "filler"
    fill(filler)
    unwritable(play_until_refused(api, players), "disk-full")
    report = fresh_health(api)
    assert report.status_code == 503 and report.json["database"] == {"writable": False, "reason": "disk-full"}
    filler.unlink()  # the operator frees space: play goes on, nothing was half-written
    assert fresh_health(api).json["database"]["writable"] is True
    assert api.play_first_legal(game, players).status_code == 201
    assert all(r.ok for r in verify_all())


def test_a_read_only_file_system_is_a_clear_503_and_health_says_so(small_disk, app_on):
    from tests.server.conftest import Api

    api = Api(app_on(small_disk).test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players, options={"target": 60})
    assert api.play_first_legal(game, players).status_code == 201
    database.close()
    database.obj.close_all()  # the pool's idle connections hold the file open for writing
    remounted = mount("-o", "remount,ro", str(small_disk))
    assert remounted.returncode == 0, remounted.stderr
    try:
        detail = api.call("GET", f"/games/{game}", players[0])
        if detail.status_code == 200:
            refused = api.play_first_legal(game, players)
        else:
            refused = detail  # WAL readers need to write their shared-memory file: even reads stop
        assert refused.status_code == 503 and refused.json["error"]["code"] == "database-unwritable", refused.json
        assert refused.json["error"]["details"]["reason"] in ("read-only", "cannot-open")
        report = fresh_health(api)
        assert report.status_code == 503 and report.json["database"]["writable"] is False
    finally:
        database.close()
        database.obj.close_all()
        assert mount("-o", "remount,rw", str(small_disk)).returncode == 0
    assert fresh_health(api).json["database"]["writable"] is True
    assert api.play_first_legal(game, players).status_code == 201
    assert all(r.ok for r in verify_all())


def test_sqlites_size_limit_reached_is_disk_full_not_busy(api, alice_bob):
    """PRAGMA max_page_count holds for one connection: the one serving this thread's requests
    until the fault makes the server drop it (a new connection has no limit: play goes on)."""
    game = api.start_game(alice_bob, options={"target": 60})
    pages = database.execute_sql("PRAGMA page_count").fetchone()[0]
    database.execute_sql(f"PRAGMA max_page_count = {pages}")
    report = fresh_health(api)
    assert report.status_code == 503 and report.json["database"] == {"writable": False, "reason": "disk-full"}
    unwritable(play_until_refused(api, alice_bob), "disk-full")
    assert fresh_health(api).status_code == 200
    assert api.play_first_legal(game, alice_bob).status_code == 201
    assert all(r.ok for r in verify_all())


def test_a_read_only_database_file_is_a_clear_503(api, alice_bob, config):
    """Without root the file's mode makes it read-only; root ignores modes (the tmpfs test covers it)."""
    if os.geteuid() == 0:
        pytest.skip("root writes to read-only files; the read-only tmpfs test covers this case")
    game = api.start_game(alice_bob)
    database.close()
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    os.chmod(path, 0o444)
    try:
        response = api.play_first_legal(game, alice_bob)
        unwritable(response, "read-only")
    finally:
        os.chmod(path, 0o644)
        database.close()


def test_health_reports_the_outbox_age(api, alice_bob):
    report = api.call("GET", "/health").json
    assert report["ok"] is True and report["outbox"] == {"pending": 0, "oldest_pending_seconds": None}
    api.start_game(alice_bob)
    outbox = fresh_health(api).json["outbox"]
    assert outbox["pending"] == 2 and 0 <= outbox["oldest_pending_seconds"] < 60  # turn + "has begun"


def test_a_read_only_postgresql_database_is_a_clear_503(postgres, toy_game, tmp_path):
    """PostgreSQL's own read-only mode (SQLSTATE 25006), as on a standby or after an operator's
    ALTER DATABASE ... SET default_transaction_read_only."""
    import psycopg2

    from server.app import create_app
    from tests.server.conftest import Api

    url = postgres.new_database()
    api = Api(create_app({"DATABASE_URL": url, "MAIL_DIR": str(tmp_path / "mail")}).test_client())
    players = [api.register("alice"), api.register("bob")]
    game = api.start_game(players, options={"target": 60})
    admin = psycopg2.connect(url)
    admin.autocommit = True
    name = url.rsplit("/", 1)[1]
    admin.cursor().execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    database.close()
    database.obj.close_all()  # new sessions take the setting (the pool keeps none of the old ones)
    try:
        unwritable(api.play_first_legal(game, players), "read-only")
        report = fresh_health(api)
        assert report.status_code == 503 and report.json["database"] == {"writable": False, "reason": "read-only"}
    finally:
        admin.cursor().execute(f"ALTER DATABASE {name} SET default_transaction_read_only = off")
        admin.close()
        database.close()
        database.obj.close_all()
    assert fresh_health(api).status_code == 200
    assert api.play_first_legal(game, players).status_code == 201
