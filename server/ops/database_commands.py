"""Operator commands for the database itself: `herald server migrate` (and backup, export,
import, verify). Attached to the `server` group in `server.cli`."""
from __future__ import annotations

import os

import click

from server.ops.command_base import open_store, report_verification


@click.command()
def migrate():
    """Bring the database's schema up to this version of Herald (back it up first).

    Prints the database it uses and every migration it applied; a brand-new database is
    created whole. Safe to run again: it applies only what is missing."""
    from server.store import startup

    from server.store.db import database

    open_store(prepare=False)
    click.echo(f"database: {startup.where()}")
    new = "players" not in database.get_tables()
    applied = startup.migrate()
    for name in applied:
        click.echo(f"applied {name}")
    if new:
        click.echo(f"made a new database with every table of this version: {startup.where()}")
    else:
        click.echo(f"applied {len(applied)} migration(s); the schema is current" if applied
                   else "nothing to apply; the schema is current")


COMMANDS = [migrate]


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, writable=True))
def backup(file: str):
    """Copy the SQLite database to FILE, consistently, while the server keeps running.

    Uses SQLite's online backup API (one read snapshot: moves landing meanwhile are either
    wholly in the copy or not at all). For PostgreSQL it prints the pg_dump command to use."""
    from server.store.backup import backup_sqlite, pg_dump_command

    from server.store.db import is_sqlite

    config = open_store(prepare=False, connect=False)  # PostgreSQL: only the command is printed
    if not is_sqlite():  # no backup was made: exit 1, so a nightly cron line says so instead of passing
        click.echo("Herald does not copy a PostgreSQL database itself; use PostgreSQL's own tool, e.g.:")
        click.echo(f"  {pg_dump_command(config.database_url, file)}")
        click.echo("(give the password through ~/.pgpass or PGPASSWORD, not on the command line)")
        raise click.ClickException(f"no backup made: run the pg_dump command above to write {file}")
    open_store(prepare=False)
    try:
        summary = backup_sqlite(file)
    except FileExistsError:
        raise click.ClickException(f"{file} exists already; choose a new file name") from None
    click.echo(f"backed up {summary['source']} to {file}: {summary['bytes']:,} bytes, "
               f"{summary['games']} game(s), {summary['moves']} move(s); integrity check: {summary['integrity']}")


@click.command("export")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
def export_command(file: str):
    """Write the whole database to FILE (JSON Lines), to import it into another database.

    Works on SQLite and PostgreSQL alike, while the server runs (one read snapshot)."""
    from server.store import startup, transfer

    open_store()
    if file != "-":  # the secret key, unfinished games' seeds, token hashes: for its owner's eyes only
        os.close(os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        os.chmod(file, 0o600)
    with click.open_file(file, "w", encoding="utf-8") as out:
        counts = transfer.export(out)
    click.echo(f"exported {startup.where()}: " + ", ".join(f"{n} {t}" for t, n in counts.items()),
               err=file == "-")


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
def import_command(file: str):
    """Load an export into the configured database, which must be new and empty; then verify.

    Ids, hash chains and state hashes are kept; exit 1 if verify finds any disagreement."""
    from server.store import startup, transfer
    from server.store.verify import verify_all

    open_store(create=True)
    click.echo(f"importing into {startup.where()}")
    with click.open_file(file, "r", encoding="utf-8") as lines:
        try:
            counts = transfer.import_into(lines)
        except transfer.TransferError as exc:
            raise click.ClickException(str(exc)) from None
    click.echo("imported " + ", ".join(f"{n} {t}" for t, n in counts.items()))
    report_verification(verify_all())


COMMANDS += [backup, export_command, import_command]


@click.command()
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Replay games in this many processes at once (up to the number of cores helps).")
def verify(jobs: int):
    """Replay every game from its seed and moves; exit 1 listing any game that disagrees."""
    from server.store.verify import verify_all

    config = open_store()
    report_verification(verify_all(jobs=jobs, database_url=config.database_url))


COMMANDS.append(verify)
