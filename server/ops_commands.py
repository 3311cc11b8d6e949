"""Operator commands for the database itself: `herald server migrate` (and backup, export,
import). Attached to the `server` group in `server.cli`."""
from __future__ import annotations

import click


@click.command()
def migrate():
    """Bring the database's schema up to this version of Herald (back it up first).

    Prints the database it uses and every migration it applied; a brand-new database is
    created whole. Safe to run again: it applies only what is missing."""
    from server import schema
    from server.cli import _store

    _store(prepare=False)
    click.echo(f"database: {schema.where()}")
    applied = schema.migrate()
    for name in applied:
        click.echo(f"applied {name}")
    click.echo(f"applied {len(applied)} migration(s); the schema is current" if applied
               else "nothing to apply; the schema is current")


COMMANDS = [migrate]
