"""The database's schema at start and on upgrade: the models (`server.store.models`) joined to the
migration runner (`server.store.migrations`)."""
from __future__ import annotations

from server.store import migrations
from server.store.db import database
from server.store.models import create_tables, install_append_only_guard, remove_append_only_guard

PendingMigrations = migrations.PendingMigrations


def prepare() -> None:
    """Create a brand-new database whole; refuse (PendingMigrations) one that needs migrating.
    Then the triggers the server relies on at run time (PostgreSQL's NOTIFY for waiters)."""
    from server.store import longpoll

    migrations.prepare(database.obj, create_tables, install_append_only_guard)
    longpoll.prepare_database(database.obj)


def migrate() -> list[str]:
    """Apply pending migrations (a brand-new database is created whole instead); the names applied."""
    from server.store import longpoll

    if not migrations.pending(database.obj):
        prepare()
        return []
    applied = migrations.migrate(database.obj, install_append_only_guard, remove_append_only_guard)
    longpoll.prepare_database(database.obj)
    return applied


def where() -> str:
    return migrations.describe(database.obj)
