"""The database's schema at start and on upgrade: the models (`server.store.models`) joined to the
migration runner (`server.store.migrations`)."""
from __future__ import annotations

from server.store import migrations
from server.store.db import database
from server.store.models import create_tables, install_append_only_guard, remove_append_only_guard

PendingMigrations = migrations.PendingMigrations


def prepare() -> None:
    """Create a brand-new database whole; refuse (PendingMigrations) one that needs migrating."""
    migrations.prepare(database.obj, create_tables, install_append_only_guard)


def migrate() -> list[str]:
    """Apply pending migrations (a brand-new database is created whole instead); the names applied."""
    if not migrations.pending(database.obj):
        prepare()
        return []
    return migrations.migrate(database.obj, install_append_only_guard, remove_append_only_guard)


def where() -> str:
    return migrations.describe(database.obj)
