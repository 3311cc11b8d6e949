"""Schema migrations with peewee's own `playhouse.migrate`.

Each file `mNNNN_<name>.py` in this folder defines `up(migrator, database)`; the runner applies
the files not yet recorded in the `schema_migrations` table in numeric order, each in its own
transaction together with its record (both SQLite and PostgreSQL roll back DDL), so a failed
migration leaves the database as it was before that file.

- A brand-new empty database gets `create_tables` (the models as they are now) and every
  migration recorded as applied: there is nothing to migrate.
- A database written by the first release (tables, but no `schema_migrations`) is recognised
  as such: every migration is pending.
- The server refuses to serve a database with pending migrations (`PendingMigrations`, naming
  `herald server migrate`); only `herald server migrate` applies them, after a backup.

While a migration runs, the move log's append-only guard is lifted (a migration may rebuild
the `moves` table or fill a new column) and put back before its transaction commits; on SQLite
foreign keys are off during the run (a table rebuild must not cascade) and checked afterwards.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from datetime import datetime, timezone

from peewee import SQL, PostgresqlDatabase, SqliteDatabase
from playhouse.migrate import SchemaMigrator

TABLE = "schema_migrations"
FILE_NAME = re.compile(r"m(\d{4})_[a-z0-9_]+")
# The tables of the first release: one of them present without TABLE means that release wrote it.
RELEASE1_TABLES = {"players", "games", "seats", "moves", "snapshots", "notifications"}


class PendingMigrations(RuntimeError):
    """The database's schema is older than this code: serving it could corrupt games."""

    def __init__(self, where: str, names: list[str]):
        self.names = names
        super().__init__(
            f"the database {where} needs {len(names)} schema migration(s) ({', '.join(names)}) before this "
            f"version of Herald can use it: back it up (herald server backup FILE for SQLite; pg_dump for "
            f"PostgreSQL, as that command prints), then run "
            f"'herald server migrate' with the same settings, then start the server again")


@dataclass(frozen=True)
class Migration:
    name: str  # the file's stem, e.g. m0001_versions: what schema_migrations records

    def up(self, migrator, database) -> None:
        importlib.import_module(f"{__name__}.{self.name}").up(migrator, database)


def available() -> list[Migration]:
    """Every migration file here, in numeric order."""
    names = [info.name for info in pkgutil.iter_modules(__path__) if FILE_NAME.fullmatch(info.name)]
    return [Migration(name) for name in sorted(names, key=lambda n: int(n[1:5]))]


def describe(db) -> str:
    """Where the database is, for messages (never a password)."""
    if isinstance(db, SqliteDatabase):
        return f"sqlite file {db.database}"
    params = getattr(db, "connect_params", {})
    host = params.get("host", "localhost")
    port = f":{params['port']}" if params.get("port") else ""
    kind = "postgresql" if isinstance(db, PostgresqlDatabase) else type(db).__name__.replace("Database", "").lower()
    return f"{kind} {db.database} on {host}{port}"  # (Herald's own subclass is named after what it adds)


def _tables(db) -> set[str]:
    return set(db.get_tables())


def _recorded(db) -> set[str]:
    return {row[0] for row in db.execute_sql(f"SELECT name FROM {TABLE}").fetchall()}


def _create_record_table(db) -> None:
    db.execute_sql(f"CREATE TABLE IF NOT EXISTS {TABLE} (name VARCHAR(100) NOT NULL PRIMARY KEY, "
                   f"applied {'TIMESTAMP' if isinstance(db, PostgresqlDatabase) else 'DATETIME'} NOT NULL)")


def _record(db, name: str) -> None:
    now = datetime.now(timezone.utc).replace(tzinfo=None)
    db.execute_sql(f"INSERT INTO {TABLE} (name, applied) VALUES ({db.param}, {db.param})", (name, now))


def applied(db) -> set[str]:
    """Names of the migrations this database records as applied (none without the record table)."""
    return _recorded(db) if TABLE in _tables(db) else set()


def pending(db) -> list[str]:
    """Names of the migrations this database still needs ([] for an empty database)."""
    tables = _tables(db)
    if TABLE in tables:
        done = _recorded(db)
    elif tables & RELEASE1_TABLES:
        done = set()
    else:
        return []
    return [m.name for m in available() if m.name not in done]


def _serialised(db):
    """A transaction that two starting processes cannot both be inside."""
    if isinstance(db, SqliteDatabase):
        return db.atomic("IMMEDIATE")
    transaction = db.atomic()
    if isinstance(db, PostgresqlDatabase):
        class Locked:
            def __enter__(self):
                transaction.__enter__()
                db.execute_sql("SELECT pg_advisory_xact_lock(4242001)")

            def __exit__(self, *exc):
                return transaction.__exit__(*exc)
        return Locked()
    return transaction


def prepare(db, create_tables, install_guard) -> None:
    """At start: create a brand-new database (tables, guard, every migration recorded), or
    raise PendingMigrations for one whose schema is older than the code."""
    with _serialised(db):
        if not _tables(db):
            create_tables()
            _create_record_table(db)
            for migration in available():
                _record(db, migration.name)
            return
    names = pending(db)
    if names:
        raise PendingMigrations(describe(db), names)
    install_guard()  # idempotent; a migration that rebuilt `moves` put it back already


def migrate(db, install_guard, remove_guard) -> list[str]:
    """Apply every pending migration, one transaction each; returns the names applied."""
    applied: list[str] = []
    if not _tables(db):
        return applied  # empty: `prepare` creates it whole
    sqlite = isinstance(db, SqliteDatabase)
    if sqlite:
        db.execute_sql("PRAGMA foreign_keys = OFF")  # a no-op inside a transaction: set it before
    try:
        with _serialised(db):
            _create_record_table(db)
        for name in pending(db):
            with _serialised(db):
                if name in _recorded(db):
                    continue  # another process applied it meanwhile
                remove_guard()
                Migration(name).up(SchemaMigrator.from_database(db), db)
                install_guard()
                _record(db, name)
                if sqlite:
                    broken = db.execute_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"{name} left rows whose references are broken: {broken[:5]}")
            applied.append(name)
    finally:
        if sqlite:
            db.execute_sql("PRAGMA foreign_keys = ON")
    return applied


def add_columns(migrator, database, table: str, **columns) -> None:
    """Add columns that are not there yet. A NOT NULL column needs `constraints=[SQL('DEFAULT
    ...')]` on its field: it is then added in one ALTER TABLE on every database, existing rows
    taking that value (peewee's own way would rebuild the table on older SQLite)."""
    present = {c.name for c in database.get_columns(table)}
    for name, field in columns.items():
        if name in present:
            continue
        has_default = any("DEFAULT" in getattr(c, "sql", "") for c in field.constraints or ())
        migrator.add_column(table, name, field, allow_not_null=not field.null and has_default).run()


def server_default(value) -> list:
    """The `constraints` giving a column a database-side default (for add_columns)."""
    return [SQL(f"DEFAULT {int(value)}")]
