"""The database's schema at start and on upgrade: the models (`server.store.models`) joined to the
migration runner (`server.store.migrations`)."""
from __future__ import annotations

import time
from typing import Callable

from server.store import migrations
from server.store.db import database
from server.store.models import create_tables, install_append_only_guard, remove_append_only_guard

PendingMigrations = migrations.PendingMigrations


class NewerSchema(RuntimeError):
    """The database records migrations this code does not have: a newer release migrated it."""

    def __init__(self, where: str, names: list[str]):
        self.names = names
        super().__init__(f"the database {where} was migrated by a newer release of Herald ({', '.join(names)}): "
                         "this one does not know its schema and would write rows of the old shape")


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


class SchemaWatch:
    """For a process that runs for good (`herald server bots`): whether the database's schema is
    still the one its code was written for. `prepare` looks once, at start; an upgrade may then
    migrate the database under the running process (a newer release's migrations recorded), or
    a restore bring an older schema back (migrations pending). `check` raises NewerSchema or
    PendingMigrations then, at most once per `every` seconds (one small query). The migrations
    this code has are read when the watch is made: a `git pull` under a running process puts
    new migration files beside its old code, which must not count as its own."""

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.known = frozenset(migration.name for migration in migrations.available())
        self.every, self.clock = every, clock
        self.due = clock()
        self.check()

    def check(self) -> None:
        if self.clock() < self.due:
            return
        self.due = self.clock() + self.every
        recorded = migrations.applied(database.obj)
        missing = sorted(self.known - recorded)
        if missing:
            raise PendingMigrations(where(), missing)
        newer = sorted(recorded - self.known)
        if newer:
            raise NewerSchema(where(), newer)
