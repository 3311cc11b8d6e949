"""Several hosts on one PostgreSQL share the work: notify runs claim outbox rows in leased
batches (FOR UPDATE SKIP LOCKED), a batch whose host died is sent by another once its lease
has run out, the scans have one leader at a time, and house bots claim a game at a time.
(Two notify processes, one per server, each sending a share of the outbox to a real SMTP
server and no mail twice: tests/server/test_two_servers.py.)"""
import threading
import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
from click.testing import CliRunner

from server.notify.channels import TransportUnavailable
from server.notify.channels import mail as mailer
from server.notify.channels.mail import deliver_pending
from server.notify.delivery import LEASE, claim_batch
from server.store.models import Notification, utcnow
from tests.server.conftest import Api


@pytest.fixture
def pg_app(postgres, tmp_path, toy_game):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": postgres.new_database(),
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_RATELIMIT_ENABLED": "0"}))
    yield app
    database.close()


@pytest.fixture
def pg_api(pg_app):
    return Api(pg_app.test_client())


@pytest.fixture
def slow_mail(monkeypatch):
    """Each mail takes 20 ms to hand over (as to a relay): runs started together overlap."""
    original = mailer.FolderTransport.send

    def send(self, message):
        time.sleep(0.02)
        original(self, message)

    monkeypatch.setattr(mailer.FolderTransport, "send", send)


def outbox_of_games(api, count: int) -> int:
    players = [api.register("alice"), api.register("bob")]
    for _ in range(count):
        api.start_game(players)  # two mails each: alice's turn, bob's "the game has begun"
    return Notification.select().count()


def sent_ids(folder) -> list[str]:
    return sorted(path.name for path in folder.glob("*.eml"))


def test_a_second_notifier_adds_capacity_past_one_runs_limit(pg_app, pg_api, slow_mail, tmp_path):
    """A backlog larger than a run's limit: walking the same first rows, two runs together
    sent no more than one; claiming their own, they send twice as many."""
    total = outbox_of_games(pg_api, 20)
    reports = []
    barrier = threading.Barrier(2)

    def host():
        barrier.wait()
        reports.append(deliver_pending(pg_app.config, limit=10))

    hosts = [threading.Thread(target=host) for _ in range(2)]
    for thread in hosts:
        thread.start()
    for thread in hosts:
        thread.join(60)
    files = sent_ids(tmp_path / "mail")
    assert len(files) == len(set(files)) == sum(r.sent for r in reports) == 20 < total
    assert Notification.select().where(Notification.status == "pending").count() == total - 20


def test_a_batch_claimed_by_a_host_that_died_is_sent_by_another_after_the_lease(pg_app, pg_api, tmp_path):
    total = outbox_of_games(pg_api, 3)
    due = (Notification.status == "pending") & (Notification.next_attempt <= utcnow())
    # A host claims a batch (its lease is set) and dies before sending any of it.
    assert len(claim_batch(due, utcnow(), "dead-host/1/0000", 0, 16)) == total
    assert deliver_pending(pg_app.config).sent == 0  # leased: not before the lease runs out
    assert sent_ids(tmp_path / "mail") == []
    later = deliver_pending(pg_app.config, now=utcnow() + LEASE + timedelta(seconds=1))
    assert later.sent == total and len(set(sent_ids(tmp_path / "mail"))) == total
    assert {n.claimed_by for n in Notification.select()} != {"dead-host/1/0000"}
    assert deliver_pending(pg_app.config, now=utcnow() + timedelta(days=1)).sent == 0  # and never again


def test_a_run_that_stops_early_gives_its_leases_back(pg_app, pg_api, tmp_path, monkeypatch):
    total = outbox_of_games(pg_api, 3)

    def unwritable(self, message):
        raise TransportUnavailable("the mail folder is full")

    monkeypatch.setattr(mailer.FolderTransport, "send", unwritable)
    assert deliver_pending(pg_app.config).unreachable
    assert Notification.select().where(Notification.lease_until.is_null(False)).count() == 0
    monkeypatch.undo()
    assert deliver_pending(pg_app.config).sent == total  # at once, not after a lease


@contextmanager
def hold(url: str, first: int, second: int):
    """Another host holding an advisory lock for the block.

    The lock goes with a rollback the server has answered, not with closing the connection:
    a backend releases a closed session's locks some moments later, which made a test that
    claims the lock right after the block flaky."""
    import psycopg2

    connection = psycopg2.connect(url)
    try:
        connection.cursor().execute("SELECT pg_advisory_xact_lock(%s, %s)", (first, second))
        yield
        connection.rollback()
    finally:
        connection.close()


def test_the_deadline_scan_has_one_leader_at_a_time(pg_app, pg_api, tmp_path):
    from server.store.claims import SCAN_LOCK, SCANS
    from server.cli import server

    url = pg_app.config["DATABASE_URL"]
    env = {"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": ""}
    with hold(url, SCAN_LOCK, SCANS["deadlines"]):
        busy = CliRunner().invoke(server, ["deadlines", "--after", "1h"], env=env)
        assert busy.exit_code == 0 and "another host is running the deadlines scan" in busy.output, busy.output
        assert "applied" not in busy.output and "sent 0" in busy.output  # it still sends its share of mail
        reminders = CliRunner().invoke(server, ["remind", "--after", "1h"], env=env)  # another scan: its own lock
        assert reminders.exit_code == 0 and "queued 0 reminder(s)" in reminders.output, reminders.output
    free = CliRunner().invoke(server, ["deadlines", "--after", "1h"], env=env)
    assert free.exit_code == 0 and "applied 0 default answer(s)" in free.output, free.output


def test_the_digest_has_one_leader_at_a_time(pg_app, pg_api, tmp_path):
    """Two hosts' digest timers at 07:00 mailed a digest player two digests: its check and its
    insert are not one statement. The digest scan now has one leader, as the others do."""
    from server.cli import server
    from server.store.claims import SCAN_LOCK, SCANS
    from server.store.models import Notification

    ana, ben = pg_api.register("ana"), pg_api.register("ben")
    pg_api.call("PATCH", "/players/me", ana, json={"mail": "digest", "quiet_hours": "off"})
    pg_api.start_game([ana, ben])
    url = pg_app.config["DATABASE_URL"]
    env = {"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": ""}
    with hold(url, SCAN_LOCK, SCANS["digest"]):
        busy = CliRunner().invoke(server, ["digest"], env=env)
        assert busy.exit_code == 0 and "another host is running the digest scan" in busy.output, busy.output
        assert Notification.select().where(Notification.kind == "digest").count() == 0
    free = CliRunner().invoke(server, ["digest"], env=env)
    assert free.exit_code == 0 and "queued 1 digest(s)" in free.output, free.output


def test_a_house_bot_leaves_a_game_another_host_is_playing_in(pg_app, pg_api):
    from core.bots.levels import Budget
    from server.store.claims import BOT_LOCK
    from server.table.house_bots import HouseBots, hand_over

    players = [pg_api.register("alice"), pg_api.register("bob")]
    game = pg_api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    hand_over(game, 0, "greedy")
    house = HouseBots(Budget.parse("10", time.monotonic), echo=lambda line: None)
    with hold(pg_app.config["DATABASE_URL"], BOT_LOCK, game):
        assert house.play_pending() == 0  # claimed by the other host's bot
    assert house.play_pending() == 1
    assert pg_api.game(game, players[1])["version"] == 1
    house.claims.close()
