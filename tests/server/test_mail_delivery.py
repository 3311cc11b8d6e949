"""Mail never lost, never doubled, against real aiosmtpd relays: a relay that stores a mail
but answers too late, one that answers 4xx for hours or days, 5xx, and SMTPUTF8 offered
or not. Time is simulated by passing `now` to deliver_pending, never by sleeping for hours."""
import asyncio
from datetime import datetime, timedelta
from email import message_from_bytes, policy

import pytest
from click.testing import CliRunner

from server.cli import server
from server.notify.channels.mail import deliver_pending
from server.store.models import Notification, Player, utcnow
from tests.server.mailbox import Collector


@pytest.fixture
def smtp_config(smtp_config):
    """conftest's relay settings, with a short wait for the relay's answers."""
    return {**smtp_config, "SMTP_TIMEOUT": 1}


class SlowRelay(Collector):
    """Stores the message, then answers only after the client has given up waiting."""

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        await asyncio.sleep(3)
        return "250 Message accepted for delivery"


class RefusingRelay(Collector):
    """Answers every recipient with `answer` while `refusing`, then accepts as usual."""

    def __init__(self, answer="451 4.3.0 Mailbox temporarily unavailable, try again later"):
        super().__init__()
        self.answer = answer
        self.refusing = True
        self.refusals = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refusing:
            self.refusals += 1
            return self.answer
        envelope.rcpt_tos.append(address)
        return "250 OK"


class EnvelopeCollector(Collector):
    """Keeps the envelope's MAIL FROM options and recipients too."""

    def __init__(self):
        super().__init__()
        self.envelopes = []

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append((list(envelope.mail_options), list(envelope.rcpt_tos)))
        return await super().handle_DATA(server, session, envelope)


def test_a_relay_answering_after_the_timeout_gets_the_mail_once(api, alice_bob, smtp_config, mailbox):
    api.start_game([alice_bob[0]] * 2)  # one player at both seats: one mail, her turn
    relay = mailbox.start(SlowRelay())
    first = deliver_pending(smtp_config)
    assert first.sent == 0 and first.uncertain == 1 and len(relay.messages) == 1
    row = Notification.get()
    assert row.status == "uncertain" and "may have been delivered" in row.last_error
    for hours in (1, 6, 30, 100):  # later runs, after every backoff: never sent again by themselves
        assert deliver_pending(smtp_config, now=utcnow() + timedelta(hours=hours)).sent == 0
    assert len(relay.messages) == 1
    # The operator decides to send it again: same Message-ID, so the copies can be matched.
    result = CliRunner().invoke(server, ["notify", "--retry-uncertain"], env=_env(smtp_config))
    assert "requeued 1 uncertain" in result.output, result.output
    assert len(relay.messages) == 2
    assert relay.messages[0]["Message-ID"] == relay.messages[1]["Message-ID"] == f"<herald.{row.id}." \
        f"{row.created:%Y%m%d%H%M%S}@example.org>"


def test_a_relay_answering_4xx_for_two_hours_loses_nothing(api, alice_bob, smtp_config, mailbox):
    for _ in range(3):
        api.start_game(alice_bob)
    relay = mailbox.start(RefusingRelay())
    start = utcnow()
    for minutes in range(0, 121, 5):  # notify every 5 minutes through a two-hour outage
        report = deliver_pending(smtp_config, now=start + timedelta(minutes=minutes))
        assert report.sent == 0 and report.given_up == 0 and not report.unreachable
    # each mail (a turn and a "the game has begun" per game) was tried again and again
    # (1, 2, 4, ... 60 minutes apart)
    assert relay.refusals >= 6 * 7
    assert {n.status for n in Notification.select()} == {"pending"}
    relay.refusing = False
    sent = sum(deliver_pending(smtp_config, now=start + timedelta(minutes=m)).sent for m in range(125, 200, 5))
    assert sent == 6 and len(relay.messages) == 6
    assert {n.status for n in Notification.select()} == {"sent"}


def test_past_the_retry_days_a_mail_fails_and_the_operator_can_requeue_it(api, alice_bob, smtp_config, mailbox):
    api.start_game([alice_bob[0]] * 2)  # one mail
    relay = mailbox.start(RefusingRelay())
    config = {**smtp_config, "MAIL_RETRY_DAYS": 0.5}
    start = utcnow()
    for hours in range(0, 14):
        deliver_pending(config, now=start + timedelta(hours=hours, minutes=1))
    row = Notification.get()
    assert row.status == "failed" and row.last_error.startswith("Gave up after") and "451" in row.last_error
    relay.refusing = False
    assert deliver_pending(config, now=start + timedelta(days=30)).sent == 0  # failed stays failed
    result = CliRunner().invoke(server, ["notify", "--retry-failed"], env=_env(config))
    assert "requeued 1 failed" in result.output and "sent 1," in result.output, result.output
    assert len(relay.messages) == 1 and Notification.get().status == "sent"


def queued_days_ago(days: float) -> datetime:
    """The outbox as if its mails had been queued `days` ago; that moment, where the simulated
    clock starts (so the last runs, and `herald server notify`'s own, fall on the real now)."""
    shift = timedelta(days=days)
    for row in Notification.select():
        Notification.update(created=row.created - shift, next_attempt=row.next_attempt - shift).where(
            Notification.id == row.id).execute()
    return min(n.created for n in Notification.select())


@pytest.mark.parametrize("retry_days, recovers", [(14, True), (10, False)])
def test_ten_days_of_4xx_end_with_each_mail_sent_once_or_given_up_with_a_sentence(
        api, alice_bob, smtp_config, mailbox, retry_days, recovers):
    """A relay answering 4xx for ten days: notify runs every half hour of a simulated clock
    (the mail tried once an hour after the first hour: 240 tries, far past the 42nd, whose
    back-off once overflowed timedelta and killed the run), then `herald server notify` runs
    on the real clock. The mail goes once the relay recovers, or fails with a sentence at the
    end of its retry budget; the exit status says which (0, or 3: a mail given up)."""
    api.start_game([alice_bob[0]] * 2)  # one mail (a try costs a composed mail: keep them few)
    relay = mailbox.start(RefusingRelay())
    config = {**smtp_config, "MAIL_RETRY_DAYS": retry_days}
    moment = queued_days_ago(10)
    while moment < utcnow() - timedelta(hours=2):
        report = deliver_pending(config, now=moment)
        assert report.sent == report.given_up == 0 and not report.unreachable and report.exit_status() == 0
        moment += timedelta(minutes=30)
    row = Notification.get()
    assert row.status == "pending" and row.attempts > 200 and relay.refusals == row.attempts
    relay.refusing = not recovers
    result = CliRunner().invoke(server, ["notify"], env=_env(config))
    if recovers:
        assert result.exit_code == 0 and "sent 1," in result.output, result.output
        assert [m["X-Herald-Notification"] for m in relay.messages] == [str(row.id)]  # once
        assert Notification.get().status == "sent"
    else:
        assert result.exit_code == 3 and "gave up 1" in result.output, result.output
        row = Notification.get()
        assert relay.messages == [] and row.status == "failed" and "451" in row.last_error
        assert row.last_error.startswith(f"Gave up after {row.attempts} tries over 10.0 days: ")


def test_a_permanent_refusal_fails_at_once_with_the_reason(api, alice_bob, smtp_config, mailbox):
    api.start_game([alice_bob[0]] * 2)  # one mail
    mailbox.start(RefusingRelay("550 5.1.1 No such user here"))
    report = deliver_pending(smtp_config)
    row = Notification.get()
    assert report.given_up == 1 and row.status == "failed" and "No such user" in row.last_error


def test_an_internationalised_address_goes_out_with_smtputf8_when_offered(api, smtp_config, mailbox):
    jorg, ana = api.register("jorg", "jörg@example.org"), api.register("ana", "ana@bücher.example")
    api.start_game([jorg, ana])
    api.start_game([ana, jorg])
    relay = mailbox.start(EnvelopeCollector(), enable_SMTPUTF8=True)
    assert deliver_pending(smtp_config).sent == 4  # each game: a turn mail and "the game has begun"
    by_recipient = {tuple(rcpt): options for options, rcpt in relay.envelopes}
    assert "SMTPUTF8" in by_recipient[("jörg@example.org",)]
    assert "SMTPUTF8" not in by_recipient[("ana@xn--bcher-kva.example",)]  # the ASCII form of the domain
    assert {m["To"] for m in relay.messages} == {"jörg@example.org", "ana@xn--bcher-kva.example"}


def test_without_smtputf8_such_a_mail_fails_with_a_sentence_and_the_others_go(api, smtp_config, mailbox):
    jorg, ana = api.register("jorg", "jörg@example.org"), api.register("ana")
    api.start_game([jorg, ana])
    api.start_game([ana, jorg])
    relay = mailbox.start(enable_SMTPUTF8=False)
    report = deliver_pending(smtp_config)
    assert report.sent == 2 and report.given_up == 2  # each game mails both players
    for failed in Notification.select().where(Notification.status == "failed"):
        assert failed.email == "jörg@example.org" and "does not offer" in failed.last_error
        assert "SMTPUTF8" in failed.last_error
    assert [m["To"] for m in relay.messages] == ["ana@example.org"] * 2


def test_eml_files_for_internationalised_addresses_are_plain_utf8(api, config, tmp_path):
    jorg, ana = api.register("jorg", "jörg@example.org"), api.register("ana")
    api.start_game([jorg, ana])
    api.start_game([ana, jorg])
    assert deliver_pending(config).sent == 4
    raw = {path.read_bytes() for path in (tmp_path / "mail").glob("*.eml")}
    to_jorg = next(r for r in raw if "jörg".encode() in r)
    head = to_jorg.split(b"\n\n")[0]
    assert b"To: j\xc3\xb6rg@example.org" in head and b"=?utf-8?" not in head  # UTF-8, no encoded-word
    assert message_from_bytes(to_jorg, policy=policy.default)["To"] == "jörg@example.org"


@pytest.mark.parametrize("address, stored", [("Ana@EXAMPLE.org", "Ana@example.org"),
                                             ("jörg@Bücher.example", "jörg@bücher.example")])
def test_registration_normalises_the_address(api, address, stored):
    assert api.register("ana", address)["email"] == stored
    assert Player.get().email == stored


@pytest.mark.parametrize("address", ["no-at-sign", "two@@example.org", "ana@", "ana@localhost", "ana@example..org"])
def test_registration_refuses_an_address_that_cannot_receive_mail(client, address):
    answer = client.post("/players", json={"name": "ana", "email": address})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad-email", answer.json
    assert "cannot receive mail" in answer.json["error"]["message"]


def _env(config):
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_CONFIG": "",
            "HERALD_SMTP_HOST": config["SMTP_HOST"], "HERALD_SMTP_PORT": str(config["SMTP_PORT"]),
            "HERALD_MAIL_FROM": config["MAIL_FROM"], "HERALD_SMTP_TIMEOUT": str(config["SMTP_TIMEOUT"]),
            "HERALD_MAIL_RETRY_DAYS": str(config["MAIL_RETRY_DAYS"])}


@pytest.mark.parametrize("key, value", [("HERALD_MAIL_RETRY_DAYS", "soon"), ("HERALD_MAIL_RETRY_DAYS", "0"),
                                        ("HERALD_EMAIL_CHECK_DNS", "maybe"), ("HERALD_SMTP_TIMEOUT", "-1")])
def test_mail_settings_are_checked_at_startup(key, value):
    from server.config import ConfigError, load_config

    with pytest.raises(ConfigError, match=key):
        load_config({key: value})


def test_migration_m0010_adds_the_retry_deadline_to_an_existing_outbox(tmp_path):
    """A database made before this column existed gets it, empty (created + MAIL_RETRY_DAYS)."""
    import importlib.util
    import sqlite3
    from pathlib import Path

    from peewee import SqliteDatabase
    from playhouse.migrate import SqliteMigrator

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE notifications (id INTEGER PRIMARY KEY, status VARCHAR(16) NOT NULL)")
        old.execute("INSERT INTO notifications (status) VALUES ('pending')")
    source = Path(__file__).resolve().parents[2] / "server" / "store" / "migrations" / "m0010_notification_give_up_after.py"
    spec = importlib.util.spec_from_file_location("m0010", source)
    migration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(migration)
    database = SqliteDatabase(str(path))
    migration.up(SqliteMigrator(database), database)
    assert "give_up_after" in [column.name for column in database.get_columns("notifications")]
    assert database.execute_sql("SELECT status, give_up_after FROM notifications").fetchall() == [("pending", None)]
    database.close()
