"""Operator commands, mounted by the client as `herald server ...`."""
from __future__ import annotations

from datetime import timedelta

import click

from server.config import ConfigError, load_config
from server.db import database, open_database
from server.durations import parse_duration
from server.models import create_tables


def _store() -> dict:
    """Configuration, with the database opened and its tables present."""
    try:
        config = load_config()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    open_database(config["DATABASE_URL"])
    database.connect(reuse_if_open=True)
    create_tables()
    return config


class Duration(click.ParamType):
    """30m, 12h, 2d, 1d12h: a usage error (exit 2) when it is not one."""

    name = "duration"

    def convert(self, value, param, ctx):
        if isinstance(value, timedelta):
            return value
        try:
            return parse_duration(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


DURATION = Duration()


@click.group()
def server():
    """Run and look after a Herald server (settings from HERALD_* variables)."""


@server.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
def run(host: str, port: int):
    """Serve the API with Flask's built-in server (use gunicorn in production)."""
    from server.app import create_app

    try:
        app = create_app()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    app.run(host=host, port=port, threaded=True, use_reloader=False)


def _report_delivery(report) -> None:
    click.echo(f"sent {report.sent}, failed {report.failed} (will retry), gave up {report.given_up}")
    for error in report.errors[:20]:
        click.echo(f"  {error}", err=True)
    if report.unreachable:
        click.echo("warning: stopped early, the SMTP server could not be reached or the mail folder written; "
                   "the remaining mails stay pending (no retry used up)", err=True)
    if report.stuck:
        click.echo(f"warning: {report.stuck} mail(s) were claimed by a run that never finished; "
                   "they may or may not have been sent and are not retried", err=True)


@server.command()
@click.option("--ignore-backoff", is_flag=True, help="Retry failed mails now instead of at their next-attempt time.")
@click.option("--requeue-stuck", is_flag=True,
              help="Send again mails whose sending was interrupted by a crash (they may arrive twice).")
def notify(ignore_backoff: bool, requeue_stuck: bool):
    """Send pending notification mails (SMTP, or .eml files without an SMTP host).

    Each mail is sent at most once: it is claimed before the SMTP transaction and marked
    sent as soon as the server accepts it; failures stay pending with a growing delay."""
    from server.mailer import deliver_pending, requeue_stuck as requeue
    from server.models import utcnow

    config = _store()
    if requeue_stuck:
        click.echo(f"requeued {requeue()} interrupted mail(s)")
    now = utcnow() + (timedelta(days=3650) if ignore_backoff else timedelta())
    _report_delivery(deliver_pending(config, now=now))


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Remind seats prompted longer than this (30m, 12h, 2d); once per such period.")
def remind(period: timedelta):
    """Mail seats that have been waiting to move for longer than --after."""
    from server.mailer import deliver_pending
    from server.reminders import queue_reminders

    config = _store()
    queued = queue_reminders(period)
    click.echo(f"queued {queued} reminder(s)")
    _report_delivery(deliver_pending(config))


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Answer for seats prompted longer than this (e.g. 48h), where the game has a default.")
def deadlines(period: timedelta):
    """Apply the game's default answer for seats that let their deadline pass, then send mail."""
    from server.deadlines import apply_defaults
    from server.mailer import deliver_pending

    config = _store()
    report = apply_defaults(period)
    for game, seq, seat, text in report.applied:
        click.echo(f"game {game} move {seq}: seat {seat} defaulted to {text!r}")
    for problem in report.skipped:
        click.echo(f"skipped {problem}", err=True)
    click.echo(f"applied {len(report.applied)} default answer(s)")
    _report_delivery(deliver_pending(config))


@server.command()
def verify():
    """Replay every game from its seed and moves; exit 1 listing any game that disagrees."""
    from server.verify import verify_all

    _store()
    reports = verify_all()
    bad = [r for r in reports if not r.ok]
    for report in bad:
        click.echo(f"game {report.game}: {len(report.problems)} problem(s)")
        for problem in report.problems:
            click.echo(f"  {problem}")
    click.echo(f"checked {len(reports)} game(s), {sum(r.moves for r in reports)} move(s): "
               f"{'all agree' if not bad else f'{len(bad)} disagree'}")
    if bad:
        raise SystemExit(1)


from server.bot_commands import bot_seat, bots  # noqa: E402  (house bots: server/house_bots.py)

server.add_command(bots)
server.add_command(bot_seat)
