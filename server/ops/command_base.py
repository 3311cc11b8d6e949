"""What every `herald server ...` command shares: opening the configured database (and saying
which), durations as arguments, and printing what a run did."""
from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import click
from peewee import DatabaseError

from server.config import ConfigError, Settings, load_settings
from server.table.durations import parse_duration
from server.store.db import database, open_database


class DatabaseNotReady(click.ClickException):
    """The database cannot be used now (no connection, or migrations pending): unlike a wrong
    setting this may pass, so the mail-in commands ask to be run again (exit 75)."""


def open_store(prepare: bool = True, connect: bool = True, create: bool = False) -> Settings:
    """The settings, checked (a bad one stops the command with one line naming it), with the database opened and (with `prepare`) its schema current. Says
    which database it uses (on stderr), and refuses to make a new one unless `herald server
    --create` was given (or the command's job is to fill a new one: `import`): run from the
    wrong folder, an operator command must not check an empty database."""
    from server.store import startup

    try:
        config = load_settings()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    url = config.database_url
    asked = click.get_current_context().find_root().meta  # what `herald server --create/--quiet` asked
    create = create or bool(asked.get("herald.create"))
    if not asked.get("herald.quiet") and asked.get("herald.said_database") != url:  # (once, if opened twice)
        click.echo(f"database: {displayed_url(url)}", err=True)
        asked["herald.said_database"] = url
    missing = sqlite_file_missing(url)
    if missing and not create:
        raise click.ClickException(f"there is no database at {missing}. Run this where the server runs, or set "
                                   "HERALD_DATABASE_URL; `herald server --create COMMAND` makes a new one.")
    open_database(url, config.sqlite_synchronous, config.pool_size, config.prepared_statements)
    if not connect:
        return config
    try:
        database.connect(reuse_if_open=True)
    except DatabaseError as exc:
        from server.store.migrations import describe
        raise DatabaseNotReady(f"cannot open the database ({describe(database.obj)}): {exc}") from None
    if not sqlite_path(url) and not create and "players" not in database.get_tables():  # PostgreSQL: an empty database, named by mistake
        from server.store.migrations import describe
        raise click.ClickException(f"the database {describe(database.obj)} holds no Herald tables. Check "
                                   "HERALD_DATABASE_URL; `herald server --create COMMAND` makes them in it.")
    if prepare:
        try:
            startup.prepare()
        except startup.PendingMigrations as exc:
            raise DatabaseNotReady(str(exc)) from None
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
    scheme, found, rest = url.partition("://")
    userinfo, at, host = rest.rpartition("@")  # (the last @: a password may hold one, or a / before it)
    if not found or not at or ":" not in userinfo:
        return url
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{host}"


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


def report_delivery(report, exit_with_status: bool = False) -> None:
    """Print what a delivery run did. `notify` exits with the report's status (server/notify/delivery.py:
    1 relay unreachable, 3 a mail given up or uncertain, 4 a mail Herald could not compose) so
    cron and systemd can alert (remind/deadlines did their own work, and only warn)."""
    click.echo(f"sent {report.sent}, failed {report.failed} (will retry), gave up {report.given_up}"
               + (f", dropped {report.dropped} already answered" if report.dropped else "")
               + (f", could not compose {report.broken}" if report.broken else "")
               + (f"; {report.left} more due, for the next run (a run handles at most 1,000)" if report.left else ""))
    for error in report.errors[:20]:
        click.echo(f"  {error}", err=True)
    if report.unreachable:
        click.echo("warning: stopped early, the SMTP server could not be reached or the mail folder written; "
                   "the remaining mails stay pending (no retry used up)", err=True)
    if report.uncertain or report.stuck:
        click.echo(f"warning: {report.uncertain + report.stuck} mail(s) may or may not have been delivered (sent "
                   "without a confirmation, or interrupted); they are marked uncertain and not resent: "
                   "'herald server notify --retry-uncertain' sends them again (same Message-ID)", err=True)
    if report.broken:
        click.echo(f"error: {report.broken} mail(s) could not be composed: a bug in Herald or a game engine, logged "
                   "with the game and seq; they are kept as failed: once it is fixed, 'herald server notify "
                   "--retry-failed' sends them", err=True)
    if report.given_up:
        click.echo("warning: mails marked failed stay so; 'herald server notify --retry-failed' sends them again",
                   err=True)
    if exit_with_status and report.exit_status():
        raise SystemExit(report.exit_status())


@contextmanager
def leading(scan: str):
    """Whether this run does the scan: on PostgreSQL one host at a time (server/store/claims.py);
    a run that finds another host's run scanning says so and only sends mail."""
    from server.store.claims import leading as lead

    with lead(scan) as mine:
        if not mine:
            click.echo(f"another host is running the {scan} scan now; this run only sends mail")
        yield mine


def report_applied(report, what: str) -> None:
    for game, seq, seat, text in report.applied:
        click.echo(f"game {game} move {seq}: seat {seat} {what} {text!r}")
    for problem in report.skipped:
        click.echo(f"skipped {problem}", err=True)


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
