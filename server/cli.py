"""Operator commands, mounted by the client as `herald server ...`."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import click
from peewee import DatabaseError

from server.config import ConfigError, load_config
from server.db import database, open_database
from server.durations import parse_duration


def _store(prepare: bool = True, connect: bool = True, create: bool = False) -> dict:
    """Configuration, with the database opened and (with `prepare`) its schema current. Says
    which database it uses (on stderr), and refuses to make a new one unless `herald server
    --create` was given (or the command's job is to fill a new one: `import`): run from the
    wrong folder, an operator command must not check an empty database."""
    from server import schema

    try:
        config = load_config()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    url = config["DATABASE_URL"]
    click.echo(f"database: {displayed_url(url)}", err=True)
    missing = sqlite_file_missing(url)
    if missing and not create and not click.get_current_context().find_root().meta.get("herald.create"):
        raise click.ClickException(f"there is no database at {missing}. Run this where the server runs, or set "
                                   "HERALD_DATABASE_URL; `herald server --create COMMAND` makes a new one.")
    open_database(url, config["SQLITE_SYNCHRONOUS"], config["POOL_SIZE"])
    if not connect:
        return config
    try:
        database.connect(reuse_if_open=True)
    except DatabaseError as exc:
        from server.migrations import describe
        raise click.ClickException(f"cannot open the database ({describe(database.obj)}): {exc}") from None
    if prepare:
        try:
            schema.prepare()
        except schema.PendingMigrations as exc:
            raise click.ClickException(str(exc)) from None
    return config


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (`sqlite:///rel.db`, `sqlite:////abs.db`), made absolute; else None."""
    if not url.startswith("sqlite:///"):
        return None
    path = url[len("sqlite:///"):].split("?", 1)[0]
    return Path(path).resolve() if path and path != ":memory:" else None


def displayed_url(url: str) -> str:
    """The database URL without its password, a SQLite file as an absolute path."""
    file = sqlite_path(url)
    if file is not None:
        return f"sqlite:///{file}"
    parts = urlsplit(url)
    if parts.password:
        return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")))
    return url


def sqlite_file_missing(url: str) -> str | None:
    """The path of a SQLite database file that does not exist yet, else None."""
    file = sqlite_path(url)
    return str(file) if file is not None and not file.exists() else None


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

    from server.schema import PendingMigrations

    try:
        app = create_app()
    except (ConfigError, PendingMigrations) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"database: {displayed_url(app.config['DATABASE_URL'])}", err=True)
    # werkzeug colours its request log unconditionally; NO_COLOR (no-color.org) and a log
    # file want plain lines. Its only switch is this module attribute.
    serving._log_add_style = not os.environ.get("NO_COLOR") and sys.stderr.isatty()
    app.run(host=host, port=port, threaded=True, use_reloader=False)


def _report_delivery(report, fail_when_unreachable: bool = False) -> None:
    """Print what a delivery run did. `notify` exits 1 when the relay could not be reached, so
    cron and systemd can alert (remind/deadlines did their own work, and only warn)."""
    click.echo(f"sent {report.sent}, failed {report.failed} (will retry), gave up {report.given_up}"
               + (f", dropped {report.dropped} already answered" if report.dropped else ""))
    for error in report.errors[:20]:
        click.echo(f"  {error}", err=True)
    if report.unreachable:
        click.echo("warning: stopped early, the SMTP server could not be reached or the mail folder written; "
                   "the remaining mails stay pending (no retry used up)", err=True)
    if report.uncertain or report.stuck:
        click.echo(f"warning: {report.uncertain + report.stuck} mail(s) may or may not have been delivered (sent "
                   "without a confirmation, or interrupted); they are marked uncertain and not resent: "
                   "'herald server notify --retry-uncertain' sends them again (same Message-ID)", err=True)
    if report.given_up:
        click.echo("warning: mails marked failed stay so; 'herald server notify --retry-failed' sends them again",
                   err=True)
    if report.unreachable and fail_when_unreachable:
        raise SystemExit(1)


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
    HERALD_MAIL_RETRY_DAYS (3). A mail sent without a confirmation is marked uncertain."""
    from server.mailer import deliver_pending, mark_stuck_uncertain, requeue
    from server.models import utcnow

    config = _store()
    if retry_uncertain:
        mark_stuck_uncertain()
        click.echo(f"requeued {requeue(('uncertain',), config)} uncertain mail(s)")
    if retry_failed:
        click.echo(f"requeued {requeue(('failed',), config)} failed mail(s)")
    report = deliver_pending(config, ignore_backoff=ignore_backoff)
    from server.webhooks import deliver_pending as post_webhooks

    hooks = post_webhooks(config, now=utcnow() + (timedelta(days=3650) if ignore_backoff else timedelta()))
    if hooks.sent or hooks.failed:
        click.echo(f"webhooks: posted {hooks.sent}, failed {hooks.failed}")
        for error in hooks.errors:
            click.echo(f"  {error}", err=True)
    _prune_when_due(config)
    _report_delivery(report, fail_when_unreachable=True)


def _prune_when_due(config: dict) -> None:
    """notify's upkeep: delivered mail past the retention goes, at most once an hour."""
    from server.mailprune import prune_if_due

    pruned = prune_if_due(config)
    if pruned:
        click.echo(f"pruned {pruned} delivered mail(s) older than {config['MAIL_RETENTION_DAYS']:g} days")


@server.command("prune-mail")
@click.option("--days", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Keep this many days of delivered mail (default: HERALD_MAIL_RETENTION_DAYS, 30).")
def prune_mail(days: float | None):
    """Delete delivered mail (sent, or dropped as answered) older than the retention.

    Pending, failed and uncertain mails and invitations are kept. `notify` does this by
    itself once an hour; this runs it now, or with another retention."""
    from server.mailprune import prune_sent_mail

    config = _store()
    keep = days if days is not None else config["MAIL_RETENTION_DAYS"]
    click.echo(f"pruned {prune_sent_mail(timedelta(days=keep))} delivered mail(s) older than {keep:g} days")


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Remind seats prompted longer than this (30m, 12h, 2d); once per such period.")
def remind(period: timedelta):
    """Mail seats that have been waiting to move for longer than --after."""
    from server.mailer import deliver_pending
    from server.reminders import queue_reminders

    config = _store()
    with leading("reminders") as lead:
        if lead:
            click.echo(f"queued {queue_reminders(period)} reminder(s)")
    _report_delivery(deliver_pending(config))


@server.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Answer for seats prompted longer than this (e.g. 48h), where the game has a default.")
def deadlines(period: timedelta):
    """Apply the game's default answer for seats that let their deadline pass, then send mail."""
    from server.deadlines import apply_defaults
    from server.mailer import deliver_pending

    config = _store()
    with leading("deadlines") as lead:
        if lead:
            report = apply_defaults(period)
            _report_applied(report, "defaulted to")
            click.echo(f"applied {len(report.applied)} default answer(s)")
    _report_delivery(deliver_pending(config))


@contextmanager
def leading(scan: str):
    """Whether this run does the scan: on PostgreSQL one host at a time (server/claims.py);
    a run that finds another host's run scanning says so and only sends mail."""
    from server.claims import leading as lead

    with lead(scan) as mine:
        if not mine:
            click.echo(f"another host is running the {scan} scan now; this run only sends mail")
        yield mine


def _report_applied(report, what: str) -> None:
    for game, seq, seat, text in report.applied:
        click.echo(f"game {game} move {seq}: seat {seat} {what} {text!r}")
    for problem in report.skipped:
        click.echo(f"skipped {problem}", err=True)


@server.command()
def clocks():
    """Games with their own clock (--days-per-move): remind a day before each deadline, act on
    passed ones (the game's default answer, or resigning the seat), then send mail."""
    from server.mailer import deliver_pending
    from server.timecontrol import apply_overdue, queue_reminders

    config = _store()
    with leading("clocks") as lead:
        if lead:
            report = apply_overdue()
            _report_applied(report, "ran out of time:")
            click.echo(f"applied {len(report.applied)} move(s) at deadlines; queued {queue_reminders()} reminder(s)")
    _report_delivery(deliver_pending(config))


@server.command()
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Replay games in this many processes at once (up to the number of cores helps).")
def verify(jobs: int):
    """Replay every game from its seed and moves; exit 1 listing any game that disagrees."""
    from server.verify import verify_all

    config = _store()
    report_verification(verify_all(jobs=jobs, database_url=config["DATABASE_URL"]))


def report_verification(reports) -> None:
    """Print verify's findings; exit 1 if any game disagrees."""
    bad = [r for r in reports if not r.ok]
    for report in reports:
        for note in report.notes:
            click.echo(f"game {report.game}: note: {note}")
    for report in bad:
        click.echo(f"game {report.game}: {len(report.problems)} problem(s)")
        for problem in report.problems:
            click.echo(f"  {problem}")
    click.echo(f"checked {len(reports)} game(s), {sum(r.moves for r in reports)} move(s): "
               f"{'all agree' if not bad else f'{len(bad)} disagree'}")
    if bad:
        raise SystemExit(1)


def _attach_admin_commands() -> None:
    from server import admin_cli

    admin_cli.attach(server)


_attach_admin_commands()

from server.ops_commands import COMMANDS as _OPS_COMMANDS  # noqa: E402 - they use _store above

for _command in _OPS_COMMANDS:
    server.add_command(_command)

from server.mailin.commands import COMMANDS as _MAIL_COMMANDS  # noqa: E402 - mail-in, read-mail, fetch-mail, digest

for _command in _MAIL_COMMANDS:
    server.add_command(_command)

from server.bot_commands import bot_seat, bots  # noqa: E402  (house bots: server/house_bots.py)

server.add_command(bots)
server.add_command(bot_seat)
