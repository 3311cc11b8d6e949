"""The database's schema at start and on upgrade: the models (`server.models`) joined to the
migration runner (`server.migrations`)."""
from __future__ import annotations

from server import migrations
from server.db import database
from server.models import create_tables, install_append_only_guard, remove_append_only_guard

PendingMigrations = migrations.PendingMigrations


def prepare() -> None:
    """Create a brand-new database whole; refuse (PendingMigrations) one that needs migrating.
    Then the triggers the server relies on at run time (PostgreSQL's NOTIFY for waiters)."""
    from server import waiting

    migrations.prepare(database.obj, create_tables, install_append_only_guard)
    waiting.prepare_database(database.obj)


def migrate() -> list[str]:
    """Apply pending migrations (a brand-new database is created whole instead); the names applied."""
    from server import waiting

    if not migrations.pending(database.obj):
        prepare()
        return []
    applied = migrations.migrate(database.obj, install_append_only_guard, remove_append_only_guard)
    waiting.prepare_database(database.obj)
    return applied


def where() -> str:
    return migrations.describe(database.obj)
