"""The operator commands as `herald server ...` runs them (Click, real database and files)."""
import time
from datetime import timedelta

import pytest
from click.testing import CliRunner

from server.cli import server
from server.store.models import Notification
from server.table.durations import parse_duration


@pytest.fixture
def env(config):
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}


def test_notify_writes_pending_mail_once(api, alice_bob, env, tmp_path):
    api.start_game(alice_bob)
    first = CliRunner().invoke(server, ["notify"], env=env)
    assert first.exit_code == 0 and "sent 2," in first.output  # alice's turn, bob's "the game has begun"
    again = CliRunner().invoke(server, ["notify"], env=env)
    assert "sent 0," in again.output
    assert len(list((tmp_path / "mail").glob("*.eml"))) == 2


def test_notify_reports_smtp_failures_and_keeps_mail_pending(api, alice_bob, env):
    """An unreachable relay exits 1 (it used to exit 0: cron and systemd could not alert)."""
    from tests.server.mailbox import free_port

    api.start_game(alice_bob)
    down = {**env, "HERALD_SMTP_HOST": "127.0.0.1", "HERALD_SMTP_PORT": str(free_port())}
    result = CliRunner().invoke(server, ["notify"], env=down)
    assert result.exit_code == 1 and "sent 0, failed 0" in result.output
    assert "could not be reached" in result.output
    assert [(n.status, n.attempts) for n in Notification.select()] == [("pending", 0)] * 2


def test_quiet_prints_only_trouble_so_cron_mails_only_trouble(api, alice_bob, env):
    """Cron mails whatever a command prints, and every run printed its database and 'sent 0':
    the shipped crontab mailed the operator every minute, real failures lost among them.
    `herald server --quiet` prints only warnings and errors."""
    from tests.server.mailbox import free_port

    idle = CliRunner().invoke(server, ["--quiet", "notify"], env=env)
    assert idle.exit_code == 0 and idle.output == "", idle.output
    api.start_game(alice_bob)
    down = {**env, "HERALD_SMTP_HOST": "127.0.0.1", "HERALD_SMTP_PORT": str(free_port())}
    failed = CliRunner().invoke(server, ["--quiet", "notify"], env=down)
    assert failed.exit_code == 1 and "could not be reached" in failed.output and "database:" not in failed.output


def test_remind_mails_a_seat_waiting_longer_than_after(api, alice_bob, env, tmp_path):
    for player in alice_bob:  # reminders go at any hour the test runs (quiet hours: tests/server/test_quiet_hours.py)
        api.call("PATCH", "/players/me", player, json={"quiet_hours": "off"})
    api.start_game(alice_bob)
    CliRunner().invoke(server, ["notify"], env=env)
    assert "queued 0 reminder" in CliRunner().invoke(server, ["remind", "--after", "1h"], env=env).output
    time.sleep(2.1)
    result = CliRunner().invoke(server, ["remind", "--after", "1s"], env=env)
    assert result.exit_code == 0 and "queued 1 reminder" in result.output and "sent 1," in result.output
    reminder = max((tmp_path / "mail").glob("*.eml")).read_text()
    assert "Reminder" in reminder and "alice@example.org" in reminder
    assert "queued 0 reminder" in CliRunner().invoke(server, ["remind", "--after", "1h"], env=env).output


def test_remind_refuses_a_bad_duration(env):
    result = CliRunner().invoke(server, ["remind", "--after", "soon"], env=env)
    assert result.exit_code == 2 and "duration" in result.output


def test_durations():
    assert parse_duration("12h") == timedelta(hours=12)
    assert parse_duration("2d") == timedelta(days=2)
    assert parse_duration("1d12h30m") == timedelta(days=1, hours=12, minutes=30)
    for bad in ("", "12", "h", "-1h", "0m", "12x"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_absurd_durations_are_refused_plainly(api, alice_bob, env):
    """A typo like 99999999999d was a traceback (timedelta overflow) instead of a usage error."""
    api.start_game(alice_bob)
    for command in ("remind", "deadlines"):
        for typo in ("99999999999999d", "999999999w", "200000d"):
            result = CliRunner().invoke(server, [command, "--after", typo], env=env)
            assert result.exit_code == 2 and "--after" in result.output, (command, typo, result.output)
    assert parse_duration("52w") == timedelta(weeks=52)


def test_remind_counts_only_the_reminders_it_mails(api, alice_bob, env):
    """A seat held by a house bot is never mailed, yet remind counted it: 'queued 62 reminder(s)'
    for 60 rows written."""
    from datetime import timedelta

    from server.table.house_bots import hand_over
    from tests.server.table.test_clock_reserve import backdate

    game = api.start_game(alice_bob)
    hand_over(game, api.game(game, alice_bob[0])["prompted"][0]["seat"], "greedy")
    backdate(game, timedelta(days=2))
    result = CliRunner().invoke(server, ["remind", "--after", "1h"], env=env)
    assert result.exit_code == 0 and "queued 0 reminder(s)" in result.output, result.output
    assert Notification.select().where(Notification.kind == "reminder").count() == 0


def test_remind_does_not_count_a_player_on_the_digest_or_with_mail_off(api, alice_bob, env):
    """A player who chose the daily digest gets no reminder, yet remind counted one: 'queued 2
    reminder(s)' for 1 row written. It counts the rows it writes."""
    from datetime import timedelta

    from tests.server.table.test_clock_reserve import backdate

    first = api.start_game(alice_bob)
    second = api.start_game(list(reversed(alice_bob)))
    for game in (first, second):
        backdate(game, timedelta(days=2))
    asked = {api.game(game, alice_bob[0])["prompted"][0]["seat"] for game in (first, second)}
    assert api.call("PATCH", "/players/me", alice_bob[0], json={"mail": "digest"}).status_code == 200
    result = CliRunner().invoke(server, ["remind", "--after", "1h"], env=env)
    written = Notification.select().where(Notification.kind == "reminder").count()
    assert result.exit_code == 0 and f"queued {written} reminder(s)" in result.output, (result.output, written, asked)
    assert written >= 1
