"""Migrations m0020-m0028 turn the schema as it was before them into the schema the models
create today (the runner that applies them in production is another branch's work; this
applies each `up(migrator, database)` in number order, as it will)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from peewee import SqliteDatabase
from playhouse.migrate import SqliteMigrator, migrate

from server.store.db import database
from server.store.models import TABLES, create_tables

# m0082 adds chat_messages.kind (table events) to the table m0021 creates, m0094 its sentence,
# m0098 the sender's key.
FOLDER = Path(__file__).parents[3] / "server" / "store" / "migrations"
MINE = sorted(FOLDER.glob("m002[0-8]_*.py")) + sorted(FOLDER.glob("m0082_*.py")) + sorted(FOLDER.glob("m0094_*.py"))
MINE += sorted(FOLDER.glob("m0098_*.py"))
NEW_TABLES = ["chat_messages", "vacations", "undo_requests", "ratings", "webhooks"]
NEW_COLUMNS = [("games", "public"), ("games", "days_per_move"), ("games", "on_timeout"), ("games", "rated"),
               ("seats", "undo_always_accept")]


def schema(db) -> dict:
    return {table: sorted((c.name, c.data_type.upper(), c.null) for c in db.get_columns(table))
            for table in sorted(db.get_tables())}


def fresh(path) -> SqliteDatabase:
    db = SqliteDatabase(str(path), pragmas={"foreign_keys": 1})
    database.initialize(db)
    create_tables()
    return db


def test_migrations_bring_the_old_schema_to_the_models(tmp_path):
    assert [p.name[:5] for p in MINE] == [f"m00{n}" for n in range(20, 29)] + ["m0082", "m0094", "m0098"]
    new = fresh(tmp_path / "new.db")
    wanted = schema(new)
    new.close()
    old = fresh(tmp_path / "old.db")  # today's schema, less what the migrations add
    for table in NEW_TABLES:
        old.execute_sql(f"DROP TABLE {table}")
    migrate(*[SqliteMigrator(old).drop_column(table, column) for table, column in NEW_COLUMNS])
    assert schema(old) != wanted
    for path in MINE:
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.up(SqliteMigrator(old), old)
    assert schema(old) == wanted
    assert {m._meta.table_name for m in TABLES} >= set(NEW_TABLES)
    old.close()
