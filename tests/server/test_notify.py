"""Mail: outbox rows written with moves, delivered over real SMTP exactly once, with retries."""
import re
import shutil
import ssl
import subprocess
import threading
from datetime import timedelta

import pytest

from server.notify.channels.mail import deliver_pending
from server.notify.delivery import requeue
from server.store.models import Notification, utcnow
from server.table.reminders import queue_reminders
from tests.server.mailbox import Collector


def test_turn_mail_says_what_is_asked_and_how_to_answer(api, alice_bob, smtp_config, mailbox):
    alice, bob = alice_bob
    game = api.start_game(alice_bob)
    api.play_first_legal(game, alice_bob)
    handler = mailbox.start()
    report = deliver_pending(smtp_config)
    # bob's "the game has begun" and "your move"; alice's first turn mail, answered before
    # it could be sent, is dropped.
    assert report.sent == 2 and report.failed == 0 and report.dropped == 1
    to_bob = next(m for m in handler.messages if m["To"] == "bob@example.org" and "your move" in m["Subject"])
    body = to_bob.get_content()
    bob_hand = api.game(game, bob)["view"]["hand"]
    alice_hand = api.game(game, alice)["view"]["hand"]
    assert f"#{game}" in to_bob["Subject"] and to_bob["From"] == "herald@example.org"
    assert "Play a card (total" in body
    assert all(re.search(rf"\b{card}\b", body) for card in bob_hand)
    assert not any(re.search(rf"\b{card}\b", body) for card in alice_hand)  # t1 must not match t13
    assert f"herald moves {game}" in body and f'herald play {game} "play ' in body
    assert deliver_pending(smtp_config).sent == 0  # nothing is sent twice


def test_smtp_server_stopping_mid_run_loses_and_duplicates_nothing(api, alice_bob, smtp_config, mailbox):
    for _ in range(5):
        api.start_game(alice_bob)  # two mails each: alice's turn, bob's "the game has begun"
    total = Notification.select().count()
    assert total == 10
    handler = mailbox.start(Collector(hang_after=4))
    results = {}
    run = threading.Thread(target=lambda: results.update(first=deliver_pending(smtp_config)))
    run.start()
    assert handler.hanging.wait(30)
    mailbox.stop()  # the SMTP server goes away while notify is still sending
    run.join(60)
    first = results["first"]
    # The mail in flight was sent whole and never confirmed: the relay may have it, so it is
    # `uncertain` and not resent by itself; the next could not connect: the run stopped.
    assert first.sent == 4 and first.uncertain == 1 and first.failed == 0 and first.unreachable
    assert Notification.select().where(Notification.status == "pending").count() == 5
    in_flight = Notification.get(Notification.status == "uncertain")
    assert "may have been delivered" in in_flight.last_error

    second = deliver_pending(smtp_config, now=utcnow() + timedelta(hours=1))  # still down
    assert second.sent == 0 and second.failed == 0 and second.unreachable
    mailbox.start()
    third = deliver_pending(smtp_config)
    assert third.sent == 5 and third.failed == 0
    assert deliver_pending(smtp_config, now=utcnow() + timedelta(days=1)).sent == 0
    assert Notification.get_by_id(in_flight.id).status == "uncertain"
    # This relay never stored it (it hung before answering): the operator sends it again.
    assert requeue(("uncertain",), smtp_config) == 1
    assert deliver_pending(smtp_config).sent == 1
    ids = [m["X-Herald-Notification"] for m in mailbox.all_messages()]
    assert sorted(ids, key=int) == [str(n.id) for n in Notification.select().order_by(Notification.id)]
    assert len(ids) == len(set(ids)) == total
    assert sorted(n.attempts for n in Notification.select()) == [1] * 10
    assert all(n.status == "sent" for n in Notification.select())


def test_game_over_mail_reveals_the_seed_to_everyone(api, alice_bob, smtp_config, mailbox):
    game = api.start_game(alice_bob, options={"target": 5})
    detail = api.game(game, alice_bob[0])
    while detail["status"] != "finished":
        api.play_first_legal(game, alice_bob)
        detail = api.game(game, alice_bob[0])
    handler = mailbox.start()
    deliver_pending(smtp_config)
    over = [m for m in handler.messages if "is over" in m["Subject"]]
    assert sorted(m["To"] for m in over) == ["alice@example.org", "bob@example.org"]
    assert all(detail["seed"] in m.get_content() for m in over)
    turn_mails = [m for m in handler.messages if "is over" not in m["Subject"]]
    assert turn_mails and not any(detail["seed"] in m.get_content() for m in turn_mails)


def test_without_smtp_mail_goes_to_eml_files(api, alice_bob, config, tmp_path):
    api.start_game(alice_bob)
    report = deliver_pending(config)
    files = sorted((tmp_path / "mail").glob("*.eml"))
    assert report.sent == 2 and len(files) == 2  # alice's turn, bob's "the game has begun"
    assert "To: alice@example.org" in files[0].read_text() and "To: bob@example.org" in files[1].read_text()


def test_reminders_at_most_once_per_period(api, alice_bob, config):
    """As `remind` runs: queue, then deliver. (While a reminder of this wait is still unsent, no
    second one is queued: tests/server/test_quiet_hours.py; quiet hours are off here, so the
    test runs the same at any hour.)"""
    api.call("PATCH", "/players/me", alice_bob[0], json={"quiet_hours": "off"})
    game = api.start_game(alice_bob)
    start = utcnow()
    for hours, queued in ((1, 0), (13, 1), (14, 0), (26, 1)):
        assert queue_reminders(timedelta(hours=12), now=start + timedelta(hours=hours)) == queued, hours
        deliver_pending(config, now=start + timedelta(hours=hours))
    reminders = list(Notification.select().where(Notification.kind == "reminder"))
    assert [(r.game_id, r.seat, r.email) for r in reminders] == [(game, 0, "alice@example.org")] * 2
    deliver_pending(config)
    # Once alice moves, bob is the one waiting: the old reminders do not count for him.
    api.play_first_legal(game, alice_bob)
    assert queue_reminders(timedelta(hours=12), now=utcnow() + timedelta(hours=13)) == 1
    assert Notification.select().where(Notification.kind == "reminder").order_by(
        Notification.id.desc()).first().seat == 1


def test_a_new_turn_writes_exactly_one_outbox_row_for_the_prompted_seat(api, alice_bob):
    game = api.start_game(alice_bob)
    assert [(n.seat, n.kind) for n in Notification.select()] == [(0, "turn"), (1, "started")]
    api.play_first_legal(game, alice_bob)
    assert [(n.seat, n.kind, n.version) for n in Notification.select().order_by(Notification.id)] == [
        (0, "turn", 0), (1, "started", 0), (1, "turn", 1)]


def test_a_mail_interrupted_by_a_crash_is_not_resent_unless_the_operator_asks(api, alice_bob, smtp_config,
                                                                               mailbox):
    """At-most-once: a row left `sending` (crash between claim and mark) is reported, not resent:
    the relay may have taken it."""
    from server.notify.delivery import requeue_stuck

    mailbox.start()
    api.start_game(alice_bob)
    row = Notification.get()
    Notification.update(status="sending", attempts=1, next_attempt=utcnow() - timedelta(hours=1)).where(
        Notification.id == row.id).execute()
    report = deliver_pending(smtp_config)
    assert report.sent == 1 and report.stuck == 1  # bob's "the game has begun" went; alice's did not
    assert requeue_stuck() == 1
    assert deliver_pending(smtp_config).sent == 1
    assert Notification.get_by_id(row.id).status == "sent"


def test_a_mail_file_a_killed_run_never_wrote_is_written_once(api, alice_bob, config, tmp_path):
    """Without SMTP, a mail a killed `notify` had claimed turned `uncertain` and was never written,
    though the folder says whether it arrived: one not there goes out on the next run, one there
    is marked sent, neither is written twice."""
    api.start_game(alice_bob)
    turn, started = Notification.select().order_by(Notification.id)
    for row in (turn, started):  # claimed by a run killed before the first write, or after it
        Notification.update(status="sending", attempts=1, next_attempt=utcnow() - timedelta(hours=1)).where(
            Notification.id == row.id).execute()
    folder = tmp_path / "mail"
    folder.mkdir(exist_ok=True)
    (folder / f"{str(started.id).zfill(8)}.eml").write_bytes(b"Subject: written before the kill\n\n")
    report = deliver_pending(config)
    assert report.sent == 1 and report.stuck == 0
    assert {Notification.get_by_id(r.id).status for r in (turn, started)} == {"sent"}
    assert (folder / f"{str(started.id).zfill(8)}.eml").read_bytes().startswith(b"Subject: written before")
    assert len(list(folder.glob("*.eml"))) == 2 and not list(folder.glob("*.partial"))


def test_a_player_holding_several_seats_is_told_which_seat_to_answer_for(api, config, tmp_path):
    solo = api.register("solo")
    game = api.start_game([solo, solo])
    deliver_pending(config)  # before the move: a turn mail already answered is not sent
    api.play_first_legal(game, [solo, solo])
    deliver_pending(config)
    mails = sorted((tmp_path / "mail").glob("*.eml"))
    assert len(mails) == 2
    assert f"herald moves {game} --seat 0" in mails[0].read_text()
    assert f'herald play {game} --seat 1 "play ' in mails[1].read_text()


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_smtp_login_uses_the_configured_user_and_password(api, alice_bob, smtp_config, mailbox):
    from aiosmtpd.smtp import AuthResult

    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"s3cret", handled=False)  # handled=False: reply 535

    api.start_game(alice_bob)
    handler = mailbox.start(authenticator=authenticator, auth_required=True, auth_require_tls=False)
    wrong = deliver_pending({**smtp_config, "SMTP_USER": "herald", "SMTP_PASSWORD": "guess"})
    # A refused login is the server's settings, not the mail's fault: no attempt is used up.
    assert wrong.sent == 0 and wrong.unreachable and handler.messages == []
    assert Notification.get().attempts == 0
    right = deliver_pending({**smtp_config, "SMTP_USER": "herald", "SMTP_PASSWORD": "s3cret"},
                            now=utcnow() + timedelta(hours=1))
    assert right.sent == 2 and len(handler.messages) == 2  # alice's turn, bob's "the game has begun"
    # smtplib tries each offered mechanism (PLAIN, LOGIN) before giving up.
    assert set(logins[:-1]) == {(b"herald", b"guess")} and logins[-1] == (b"herald", b"s3cret")


@pytest.fixture
def certificate(tmp_path):
    """A throwaway self-signed certificate for 127.0.0.1 (made with the openssl program)."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl program is not installed")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context, str(cert)


@pytest.mark.parametrize("mode", ["starttls", "ssl"])
def test_tls_modes_verify_the_server_certificate(api, alice_bob, smtp_config, mailbox, certificate, mode):
    context, cafile = certificate
    api.start_game(alice_bob)
    if mode == "ssl":
        handler = mailbox.start(ssl_context=context)
    else:
        handler = mailbox.start(tls_context=context, require_starttls=True)
    untrusted = deliver_pending({**smtp_config, "SMTP_TLS": mode})
    assert untrusted.sent == 0 and "CERTIFICATE_VERIFY_FAILED" in untrusted.errors[0]
    trusted = deliver_pending({**smtp_config, "SMTP_TLS": mode, "SMTP_CAFILE": cafile},
                              now=utcnow() + timedelta(hours=1))
    assert trusted.sent == 2 and len(handler.messages) == 2


def test_a_long_smtp_outage_loses_nothing(api, alice_bob, smtp_config, mailbox):
    """Runs that cannot reach the SMTP server at all (cron every few minutes through a night
    of outage) leave the mails pending, however many there are: none is given up, and the
    first run stops at the first refused connection instead of trying every row."""
    for _ in range(3):
        api.start_game(alice_bob)
    moment = utcnow()
    for _ in range(12):  # the relay is down; each run comes after every backoff has passed
        moment += timedelta(hours=7)
        report = deliver_pending(smtp_config, now=moment)
        assert report.sent == 0 and report.unreachable and "refused" in report.errors[0].lower()
    assert [(n.status, n.attempts) for n in Notification.select()] == [("pending", 0)] * 6
    mailbox.start()
    assert deliver_pending(smtp_config).sent == 6
    assert sorted(m["X-Herald-Notification"] for m in mailbox.all_messages()) == sorted(
        str(n.id) for n in Notification.select())


def test_an_unwritable_mail_folder_uses_up_no_attempt(api, alice_bob, config, tmp_path):
    """Without SMTP, mail goes to MAIL_DIR; a folder that cannot be written is the operator's
    setting, like an unreachable relay: the mails wait, whole, until it is fixed."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the mail folder should be")
    api.start_game(alice_bob)
    for hours in (1, 5, 30, 100, 300, 1000, 3000, 9000, 20000):
        report = deliver_pending({**config, "MAIL_DIR": str(blocked / "mail")}, now=utcnow() + timedelta(hours=hours))
        assert report.sent == 0 and report.unreachable
    assert [(n.status, n.attempts) for n in Notification.select()] == [("pending", 0)] * 2
    assert deliver_pending({**config, "MAIL_DIR": str(tmp_path / "mail")}).sent == 2


def test_two_notify_runs_at_once_send_each_mail_once(api, alice_bob, smtp_config, mailbox):
    """A cron run and an operator's manual run overlapping: each row is claimed by one run."""
    for _ in range(12):
        api.start_game(alice_bob)  # two mails each, none answered before delivery
    total = Notification.select().count()
    mailbox.start()
    reports = []
    barrier = threading.Barrier(3)

    def run():
        barrier.wait()
        reports.append(deliver_pending(smtp_config))

    runs = [threading.Thread(target=run) for _ in range(3)]
    for thread in runs:
        thread.start()
    for thread in runs:
        thread.join(60)
    ids = [m["X-Herald-Notification"] for m in mailbox.all_messages()]
    assert len(ids) == len(set(ids)) == total == 24
    assert sum(r.sent for r in reports) == total and not any(r.failed for r in reports)


def test_a_new_mail_missing_a_field_is_a_loud_bug_and_is_kept(api, alice_bob, config, caplog):
    """The templates are strict (StrictUndefined): defaults go only to the empty values a new
    row leaves out and to the rows of earlier releases (server/notify/mailboard.py). A new row
    without a field its template needs is a bug: logged with the game and seq, kept as
    failed with the reason (not retried as if the relay had said "later"), notify exits 4."""
    import logging

    from click.testing import CliRunner

    from server.cli import server

    game = api.start_game([alice_bob[0]] * 2)  # one mail: her turn
    row = Notification.get()
    Notification.update(context={k: v for k, v in row.context.items() if k != "player"}).where(
        Notification.id == row.id).execute()
    caplog.set_level(logging.ERROR)
    env = {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
           "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}
    result = CliRunner().invoke(server, ["notify"], env=env)
    assert result.exit_code == 4 and "could not compose 1" in result.output, result.output
    row = Notification.get_by_id(row.id)
    assert row.status == "failed" and "UndefinedError: 'player' is undefined" in row.last_error
    assert f"game {game}, seq 0" in row.last_error
    logged = [r for r in caplog.records if r.name == "herald.mail"]
    assert logged and logged[-1].exc_info and f"game {game}, seq 0" in logged[-1].getMessage()


def test_a_run_that_reaches_its_limit_says_how_many_are_left(api, alice_bob, config):
    """After a burst, `notify` handled its 1,000 rows and said 'sent 54, ... dropped 946', exit 0,
    with 1,763 more due and not a word of them. The report counts what is left for the next run."""
    import click
    from click.testing import CliRunner

    from server.ops.command_base import report_delivery

    for _ in range(3):
        api.start_game(alice_bob)
    due = Notification.select().where(Notification.status == "pending").count()
    assert due >= 4
    report = deliver_pending(config, limit=2)
    assert report.handled() == 2 and report.left == due - 2

    @click.command()
    def show():
        report_delivery(report)

    assert f"; {due - 2} more due, for the next run" in CliRunner().invoke(show).output
    assert deliver_pending(config).left == 0
