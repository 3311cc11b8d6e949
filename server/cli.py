"""Operator commands, mounted by the client as `herald server ...`."""
from __future__ import annotations

import os
import sys
from datetime import timedelta

import click

from server.config import ConfigError, Settings, current_settings
from server.ops import admin_commands, bot_commands, database_commands, mailin_commands
from server.ops.command_base import (DURATION, displayed_url, leading, open_store, report_applied, report_delivery,
                                     report_verification)


@click.group()
@click.option("--create", is_flag=True, help="Make a new empty database if there is none (run does anyway).")
@click.pass_context
def server(ctx, create):
    """Run and look after a Herald server (settings from HERALD_* variables)."""
    ctx.find_root().meta["herald.create"] = create


@server.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
def run(host: str, port: int):
    """Serve the API with Flask's built-in server (use gunicorn in production)."""
    from werkzeug import serving

    from server.app import create_app

    from server.store.startup import PendingMigrations

    try:
        app = create_app()
    except (ConfigError, PendingMigrations) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"database: {displayed_url(current_settings(app).database_url)}", err=True)
    # werkzeug colours its request log unconditionally; NO_COLOR (no-color.org) and a log
    # file want plain lines. Its only switch is this module attribute.
    serving._log_add_style = not os.environ.get("NO_COLOR") and sys.stderr.isatty()
    app.run(host=host, port=port, threaded=True, use_reloader=False)


@server.command()
@click.option("--ignore-backoff", is_flag=True, help="Retry failed mails now instead of at their next-attempt time.")
@click.option("--retry-failed", is_flag=True,
              help="Send again mails marked failed (refused, or retried past HERALD_MAIL_RETRY_DAYS).")
@click.option("--retry-uncertain", "--requeue-stuck", "retry_uncertain", is_flag=True,
              help="Send again mails that may or may not have been delivered (they may arrive twice).")
def notify(ignore_backoff: bool, retry_failed: bool, retry_uncertain: bool):
    """Send pending notification mails (SMTP, or .eml files without an SMTP host).

    Each mail is sent at most once: it is claimed before the SMTP transaction and marked
    sent as soon as the server accepts it; failures stay pending with a growing delay for
    HERALD_MAIL_RETRY_DAYS (3). A mail sent without a confirmation is marked uncertain.

    Exit status: 0 every due mail sent or waiting for its next try; 1 the SMTP server could
    not be reached (or the mail folder written), the rest wait; 3 a mail was given up
    (failed) or may have been delivered (uncertain) this run; 4 a mail could not be
    composed (a bug, logged with the game and seq; kept as failed)."""
    from server.notify.channels.mail import deliver_pending
    from server.notify.delivery import mark_stuck_uncertain, requeue
    from server.store.models import utcnow

    config = open_store()
    if retry_uncertain:
        mark_stuck_uncertain()
        click.echo(f"requeued {requeue(('uncertain',), config)} uncertain mail(s)")
    if retry_failed:
        click.echo(f"requeued {requeue(('failed',), config)} failed mail(s)")
    report = deliver_pending(config, ignore_backoff=ignore_backoff)
    from server.notify import channels, delivery
    from server.notify.channels import mail

    for channel in channels.registered():  # the other channels (webhooks, ...): one line each
        if channel is mail.CHANNEL:
            continue  # reported in full below
        other = delivery.deliver(channel, config, now=utcnow() + (timedelta(days=3650) if ignore_backoff else timedelta()))
        if other.sent or other.failed:
            click.echo(f"{channel.name}s: posted {other.sent}, failed {other.failed}")
            for error in other.errors:
                click.echo(f"  {error}", err=True)
    _prune_when_due(config)
    report_delivery(report, exit_with_status=True)


def _prune_when_due(config: Settings) -> None:
    """notify's upkeep: delivered mail past the retention goes, at most once an hour."""
    from server.notify.mailprune import prune_if_due

    pruned = prune_if_due(config)
    if pruned:
        click.echo(f"pruned {pruned} delivered mail(s) older than {config.mail_retention_days:g} days")


@server.command("prune-mail")
@click.option("--days", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Keep this many days of delivered mail (default: HERALD_MAIL_RETENTION_DAYS, 30).")
def prune_mail(days: float | None):
    """Delete delivered mail (sent, or dropped as answered) older than the retention.

    Pending, failed and uncertain mails and invitations are kept. `notify` does this by
    itself once an hour; this runs it now, or with another retention."""
    from server.notify.mailprune import prune_sent_mail

    config = open_store()
    keep = days if days is not None else config.mail_retention_days
    click.echo(f"pruned {prune_sent_mail(timedelta(days=keep))} delivered mail(s) older than {keep:g} days")


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Remind seats prompted longer than this (30m, 12h, 2d); once per such period.")
def remind(period: timedelta):
    """Mail seats that have been waiting to move for longer than --after."""
    from server.notify.channels.mail import deliver_pending
    from server.table.outbox import held_for_quiet_hours
    from server.table.reminders import queue_reminders

    config = open_store()
    with leading("reminders") as lead:
        if lead:
            click.echo(f"queued {queue_reminders(period)} reminder(s){held_for_quiet_hours('reminder')}")
    report_delivery(deliver_pending(config))


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Answer for seats prompted longer than this (e.g. 48h), where the game has a default.")
def deadlines(period: timedelta):
    """Apply the game's default answer for seats that let their deadline pass, then send mail."""
    from server.table.deadlines import apply_defaults
    from server.notify.channels.mail import deliver_pending

    config = open_store()
    with leading("deadlines") as lead:
        if lead:
            report = apply_defaults(period)
            report_applied(report, "defaulted to")
            click.echo(f"applied {len(report.applied)} default answer(s)")
    report_delivery(deliver_pending(config))


@server.command()
def clocks():
    """Games with their own clock (--days-per-move): remind a day before each deadline, act on
    passed ones (the game's default answer, or resigning the seat), then send mail."""
    from server.notify.channels.mail import deliver_pending
    from server.table.outbox import held_for_quiet_hours
    from server.table.timeouts import apply_overdue, queue_reminders

    config = open_store()
    with leading("clocks") as lead:
        if lead:
            report = apply_overdue()
            report_applied(report, "ran out of time:")
            click.echo(f"applied {len(report.applied)} move(s) at deadlines; queued {queue_reminders()} reminder(s)"
                       f"{held_for_quiet_hours('reminder')}")
    report_delivery(deliver_pending(config))


@server.command()
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Replay games in this many processes at once (up to the number of cores helps).")
def verify(jobs: int):
    """Replay every game from its seed and moves; exit 1 listing any game that disagrees."""
    from server.store.verify import verify_all

    config = open_store()
    report_verification(verify_all(jobs=jobs, database_url=config.database_url))


# The commands kept in server/ops/: players, cancel, seat; migrate, backup, export, import;
# mail-in, read-mail, fetch-mail, digest; bots, bot-seat (house bots: server/table/house_bots.py).
admin_commands.attach(server)
for _command in (*database_commands.COMMANDS, *mailin_commands.COMMANDS, bot_commands.bots, bot_commands.bot_seat):
    server.add_command(_command)
