"""Moving a whole Herald database between SQLite and PostgreSQL (either way): `export` writes
every row of every table to one JSON Lines file, `import_into` loads it into an empty
database of the same schema version. Ids are kept (so invites, links and chains stay as they
were), and JSON and timestamps go through the models' own fields, so every stored hash and
chain link is reproduced byte for byte; the import ends with `verify`.

File format: a first line {"herald_export": 1, "migrations": [...], "tables": {name: count}}, then
one line per row: {"t": table, "r": {column: value}}, timestamps as ISO 8601 text.
"""
from __future__ import annotations

import json
from datetime import datetime

from peewee import DateTimeField

from server.store import migrations
from server.store.db import database, is_sqlite, read_snapshot, write_transaction
from server.store.models import TABLES, HealthProbe, WatchedGame

FORMAT = 1
BATCH = 500


class TransferError(Exception):
    """Why an export cannot be imported here (said to the operator as it is)."""


def _models():
    """Every table but the running servers' own (their health probes and waiters' marks)."""
    return [model for model in TABLES if model not in (HealthProbe, WatchedGame)]


def _row_json(model, row: dict) -> dict:
    """JSON columns stay decoded (the field encodes them the same canonical way on import)."""
    return {name: value.isoformat(timespec="microseconds") if isinstance(value, datetime) else value
            for name, value in row.items()}


def _row_from_json(model, row: dict) -> dict:
    fields = model._meta.columns
    return {name: datetime.fromisoformat(value) if isinstance(fields[name], DateTimeField) and value else value
            for name, value in row.items()}


def export(out) -> dict:
    """Write the database to the text stream `out`; returns {table: rows written}. One read
    snapshot: a server writing meanwhile cannot tear the export."""
    counts = {}
    with read_snapshot():
        tables = {model._meta.table_name: model.select().count() for model in _models()}
        out.write(json.dumps({"herald_export": FORMAT, "migrations": _applied(), "tables": tables}) + "\n")
        for model in _models():
            name, written = model._meta.table_name, 0
            fields = list(model._meta.sorted_fields)
            columns = [field.column_name for field in fields]
            query = model.select(*fields).order_by(model._meta.primary_key).tuples()
            for values in query.iterator():
                row = _row_json(model, dict(zip(columns, values)))
                out.write(json.dumps({"t": name, "r": row}, sort_keys=True, separators=(",", ":")) + "\n")
                written += 1
            counts[name] = written
    return counts


def _applied() -> list[str]:
    return sorted(name for name in (m.name for m in migrations.available())
                  if name not in migrations.pending(database.obj))


# Said of any file whose first line is no export header: JSON of another kind, or no JSON at all
# (a backup, which is a SQLite file, given to `import` instead of copied into place).
NOT_AN_EXPORT = ("this file is not a Herald export (or of a format this version does not read): `herald server "
                 "export` writes one; a backup from `herald server backup` is a copy of the SQLite database, "
                 "restored by copying it in place of the database (deploy/README.md, \"Backups and restore\")")


def import_into(lines) -> dict:
    """Load an export (an iterable of lines) into this empty database; returns {table: rows}."""
    try:
        header = json.loads(next(iter(lines), "") or "{}")
    except ValueError:  # not text (UnicodeDecodeError: a SQLite file), or not JSON (JSONDecodeError)
        header = None
    if not isinstance(header, dict) or header.get("herald_export") != FORMAT:
        raise TransferError(NOT_AN_EXPORT)
    mine = _applied()
    if header.get("migrations") != mine:
        raise TransferError("the export was made by a Herald with another schema version: migrate the source "
                            "database with this version first (herald server migrate), then export again")
    not_empty = [m._meta.table_name for m in _models() if m.select().exists()]
    if not_empty:
        raise TransferError(f"the target database is not empty (it holds {', '.join(not_empty)}); "
                            f"import only into a new, empty database")
    by_table = {m._meta.table_name: m for m in _models()}
    counts = {name: 0 for name in by_table}
    batch: list[dict] = []
    batch_model = None
    with write_transaction():
        for number, line in enumerate(lines, start=2):
            try:
                item = json.loads(line)
            except ValueError:  # raised inside the transaction: nothing is kept
                raise TransferError(f"line {number} of the export is not JSON: the file was cut short or changed "
                                    "since it was written; export again") from None
            model = by_table.get(item["t"])
            if model is None:
                raise TransferError(f"the export holds a table {item['t']!r} this version does not know")
            if model is not batch_model or len(batch) >= BATCH:
                _insert(batch_model, batch)
                batch, batch_model = [], model
            batch.append(_row_from_json(model, item["r"]))
            counts[item["t"]] += 1
        _insert(batch_model, batch)
        if counts != header.get("tables"):  # raised inside the transaction: nothing is kept
            raise TransferError(f"the export is incomplete: it announced {header.get('tables')} but held {counts}")
        _reset_sequences()
    return counts


def _insert(model, rows) -> None:
    if model is not None and rows:
        columns = model._meta.columns
        model.insert_many([{columns[name]: value for name, value in row.items()} for row in rows]).execute()


def _reset_sequences() -> None:
    """PostgreSQL's serial counters must continue after the imported ids (SQLite takes max+1)."""
    if is_sqlite():
        return
    for model in _models():
        pk = model._meta.primary_key
        if getattr(pk, "field_type", "") == "AUTO":
            table = model._meta.table_name
            database.execute_sql(f"SELECT setval(pg_get_serial_sequence('{table}', '{pk.column_name}'), "
                                 f"COALESCE((SELECT MAX({pk.column_name}) FROM {table}), 1))")
