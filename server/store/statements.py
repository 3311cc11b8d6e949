"""The move path's statements as SQL text built once per database, then only bound (and the
other queries on the move path: `query_rows`).

peewee rebuilds a query's SQL on every call, which cost more than the rules engine and
the database together on the move path. These helpers build the text once per database
from the models (so column lists cannot drift) and convert values with the fields'
own db_value/python_value, exactly as peewee would. On PostgreSQL a text built once is also
prepared once per connection (server/store/roundtrips.py, `HERALD_PREPARED_STATEMENTS`).
"""
from __future__ import annotations

import itertools
import re
import weakref
from collections.abc import Iterator
from functools import partial
from typing import Any, cast

from peewee import ModelSelect

from server.store.db import database, is_sqlite
from server.store.roundtrips import Rows

# SQL text per database object. Keyed on the object itself (weakly), not on id(): a freed
# database's id can be reused by another of a different dialect (SQLite's `?` against
# PostgreSQL's `%s`), which once sent SQLite SQL to PostgreSQL in the tests.
_compiled: "weakref.WeakKeyDictionary[object, dict[tuple, str]]" = weakref.WeakKeyDictionary()
# A queued write's SQL text -> how several of it go in one statement (its texts built per database
# through _cached, as the write's own).
_ROWS: dict[str, Rows] = {}


def _quote(name: str) -> str:
    left, right = database.obj.quote
    return f"{left}{name}{right}"


def _cached(key: tuple, build) -> str:
    texts = _compiled.get(database.obj)
    if texts is None:
        texts = _compiled[database.obj] = {}
    sql = texts.get(key)
    if sql is None:
        sql = texts[key] = build()
    return sql


def _execute(sql: str, params: tuple):
    """Run one of these built-once statements: on PostgreSQL prepared once per connection
    (server/store/roundtrips.py), elsewhere as any statement."""
    run = getattr(database.obj, "execute_fixed", None)
    return database.execute_sql(sql, params) if run is None else run(sql, params)


def select_by_id(model, key_value, lock: bool = False, also: tuple[str, ...] = ()):
    """The row with this primary key as a model instance, or None; `lock` adds FOR UPDATE
    where the database has it (SQLite is already write-locked by BEGIN IMMEDIATE). `also`:
    SQL expressions read in the same statement (the table is named by its own name), their
    values as the instance's `also` tuple: what a caller reads next anyway, without a round
    trip of its own."""
    rows = select_by_ids(model, (key_value,), lock, also)
    return rows[0] if rows else None


def select_by_ids(model, key_values: tuple, lock: bool = False, also: tuple[str, ...] = (),
                  skip_locked: bool = False) -> list:
    """select_by_id for several keys in one statement: the rows found, by key; locked (`lock`)
    in that order, so that two transactions locking overlapping sets never wait on each other
    in a circle; `skip_locked`: without the rows another transaction holds, not waiting."""
    fields = model._meta.sorted_fields
    lock = lock and not is_sqlite()
    count = len(key_values)

    def build():
        table = _quote(model._meta.table_name)
        key = _quote(model._meta.primary_key.column_name)
        columns = ", ".join([_quote(f.column_name) for f in fields] + list(also))
        where = f"{key} = {database.obj.param}" if count == 1 else \
            f"{key} IN ({', '.join([database.obj.param] * count)}) ORDER BY {key}"
        return f"SELECT {columns} FROM {table} WHERE {where}" + (
            f" FOR UPDATE OF {table}{' SKIP LOCKED' if skip_locked else ''}" if lock else "")
        # (FOR UPDATE OF: never the tables `also` reads)

    sql = _cached(("select", model, lock, also, count, skip_locked), build)
    found = []
    for row in _execute(sql, tuple(key_values)).fetchall():
        instance = model(**{f.name: f.python_value(v) for f, v in zip(fields, row)})
        instance._dirty.clear()
        if also:
            instance.also = row[len(fields):]
        found.append(instance)
    return found


def _run(sql: str, params: tuple, later: bool, rows=None):
    """Run a write now, or (`later`, where the database can: PostgreSQL, server/store/roundtrips.py)
    with the transaction's next statement or its commit; `rows` (a roundtrips.Rows): how
    several of it go in one statement, where the transaction gathers moves (server/store/lanes.py)."""
    queue = getattr(database.obj, "later", None) if later else None
    if queue is None:
        return _execute(sql, params)
    queue(sql, params, fixed=True, rows=rows)
    return None


def _rows(sql: str, make) -> Rows:
    """How several of the write `sql` go in one statement, made the first time it is asked."""
    found = _ROWS.get(sql)
    if found is None:
        found = _ROWS[sql] = make()
    return found


def _cast_type(field) -> str:
    """The SQL type a value of `field` is cast to where no column gives it one (a VALUES list):
    the column's type without its length, so that a value too long is refused by the column as
    it always was, never cut by the cast."""
    context = database.obj.get_sql_context()
    ddl = re.sub(r"\(.*\)", "", context.sql(field.ddl_datatype(context)).query()[0])
    return _SERIALS.get(ddl, ddl)


_SERIALS = {"SERIAL": "INTEGER", "BIGSERIAL": "BIGINT", "SMALLSERIAL": "SMALLINT"}  # (a key's type, not a sequence)


def _values(fields, count: int, extra: int = 0) -> str:
    """A VALUES list of `count` rows of `fields` (and `extra` more values each), the first row's
    values cast to their columns' types (which then type the list's columns)."""
    marks = database.obj.param
    first = ", ".join([f"{marks}::{_cast_type(f)}" for f in fields] + [marks] * extra)
    other = ", ".join([marks] * (len(fields) + extra))
    return ", ".join([f"({first})"] + [f"({other})"] * (count - 1))


def insert(model, values: dict, later: bool = False, unless: tuple[str, tuple] | None = None) -> int | None:
    """INSERT one row; `values` maps field names to Python values. `unless` (the SQL of a
    query written with %s placeholders, and its values): the row is inserted only where
    that query finds no row. `later`: see `_run`. The rows inserted, 1 or 0 (None when later)."""
    names = tuple(values)
    fields = [model._meta.fields[n] for n in names]
    condition, condition_params = unless or (None, ())

    def build():
        columns = ", ".join(_quote(f.column_name) for f in fields)
        marks = ", ".join([database.obj.param] * len(fields))
        into = f"INSERT INTO {_quote(model._meta.table_name)} ({columns}) "
        if condition is None:
            return into + f"VALUES ({marks})"
        return into + f"SELECT {marks} WHERE NOT EXISTS ({condition.replace('%s', database.obj.param)})"

    sql = _cached(("insert", model, names, condition), build)
    rows = _rows(sql, lambda: Rows(partial(insert_rows, model, names, (condition, len(condition_params))))) \
        if later else None
    cursor = _run(sql, tuple(f.db_value(values[f.name]) for f in fields) + tuple(condition_params), later, rows)
    return None if cursor is None else cursor.rowcount


def insert_rows(model, names: tuple[str, ...], unless: tuple[str | None, int], count: int) -> str:
    """`insert`'s statement for `count` rows, each row's values one after another (with its
    `unless` query's: (its SQL, how many values it takes)), built once per database."""
    fields = [model._meta.fields[n] for n in names]
    condition, asks = unless

    def build() -> str:
        columns = ", ".join(_quote(f.column_name) for f in fields)
        into = f"INSERT INTO {_quote(model._meta.table_name)} ({columns}) "
        if condition is None:
            row = "(" + ", ".join([database.obj.param] * len(fields)) + ")"
            return into + "VALUES " + ", ".join([row] * count)  # (INSERT's VALUES take their columns' types)
        inserted, asked = [f"c{i}" for i in range(len(fields))], [f"p{i}" for i in range(asks)]
        numbers = itertools.count()
        where = re.sub("%s", lambda m: f"v.p{next(numbers)}", condition)
        return (into + f"SELECT {', '.join('v.' + c for c in inserted)} FROM (VALUES {_values(fields, count, asks)}) "
                f"AS v({', '.join(inserted + asked)}) WHERE NOT EXISTS ({where})")

    return _cached(("insert rows", model, names, condition, count), build)


def update_by_key(model, key_field: str, key_value, values: dict, later: bool = False) -> int | None:
    """UPDATE the row(s) whose `key_field` equals `key_value`; returns the row count (None
    when it goes `later`: see `_run`)."""
    names = tuple(values)
    fields = [model._meta.fields[n] for n in names]
    key = model._meta.fields[key_field]

    def build():
        sets = ", ".join(f"{_quote(f.column_name)} = {database.obj.param}" for f in fields)
        return (f"UPDATE {_quote(model._meta.table_name)} SET {sets} "
                f"WHERE {_quote(key.column_name)} = {database.obj.param}")

    sql = _cached(("update", model, names, key_field), build)
    params = tuple(f.db_value(values[f.name]) for f in fields) + (key.db_value(key_value),)
    rows = _rows(sql, lambda: Rows(partial(update_rows, model, key_field, names), key=len(fields))) if later else None
    cursor = _run(sql, params, later, rows)
    return None if cursor is None else cursor.rowcount


def update_rows(model, key_field: str, names: tuple[str, ...], count: int) -> str:
    """`update_by_key`'s statement for `count` rows of distinct keys, each row's values then
    its key, one row after another: an UPDATE from a VALUES list, built once per database."""
    fields = [model._meta.fields[n] for n in names]
    key = model._meta.fields[key_field]

    def build() -> str:
        table = _quote(model._meta.table_name)
        sets = ", ".join(f"{_quote(f.column_name)} = v.c{i}" for i, f in enumerate(fields))
        columns = ", ".join([f"c{i}" for i in range(len(fields))] + ["k"])
        return (f"UPDATE {table} SET {sets} FROM (VALUES {_values(fields + [key], count)}) AS v({columns}) "
                f"WHERE {table}.{_quote(key.column_name)} = v.k")

    return _cached(("update rows", model, key_field, names, count), build)


def exists(model, key_field: str, key_value) -> bool:
    """Whether a row has `key_field` equal to `key_value`."""
    key = model._meta.fields[key_field]

    def build():
        return (f"SELECT 1 FROM {_quote(model._meta.table_name)} "
                f"WHERE {_quote(key.column_name)} = {database.obj.param}")

    sql = _cached(("exists", model, key_field), build)
    return _execute(sql, (key.db_value(key_value),)).fetchone() is not None


def values_by_keys(model, key_field: str, keys: list, value_field: str) -> dict:
    """{key: value} of `value_field` for the rows whose `key_field` is among `keys`."""
    key, value = model._meta.fields[key_field], model._meta.fields[value_field]

    def build():
        marks = ", ".join([database.obj.param] * len(keys))
        return (f"SELECT {_quote(key.column_name)}, {_quote(value.column_name)} "
                f"FROM {_quote(model._meta.table_name)} WHERE {_quote(key.column_name)} IN ({marks})")

    sql = _cached(("values", model, key_field, value_field, len(keys)), build)
    rows = _execute(sql, tuple(key.db_value(k) for k in keys)).fetchall()
    return {key.python_value(k): value.python_value(v) for k, v in rows}


def select_rows(sql: str, params: tuple) -> list[tuple]:
    """The rows of `sql` (written with %s placeholders, made the database's own once per
    database) as the driver gives them: for reads of many rows that convert only what they
    show (the game list, the log page)."""
    text = _cached(("rows", sql), lambda: sql.replace("%s", database.obj.param))
    return _execute(text, params).fetchall()


def query_rows(key: tuple, build, params: tuple) -> list[tuple]:
    """The rows of the peewee query `build()` makes (its values, in SQL order, are `params`),
    its text built only the first time for this database and `key`: for the table's queries
    on the move path (a turn mail's chat digest, a game's webhooks)."""
    def text():
        sql, sample = build().sql()
        if len(sample) != len(params):  # a query and its caller that disagree: a bug, loud
            raise RuntimeError(f"{key}: the query takes {len(sample)} values, {len(params)} given")
        return sql

    return _execute(_cached(("table-sql",) + key, text), tuple(params)).fetchall()


def tuples(query: ModelSelect[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of a peewee select as tuples, its columns in order: `query.tuples()`, which
    peewee's own type stubs give as the same query again (whose rows would be model instances)."""
    return cast("Iterator[tuple[Any, ...]]", iter(query.tuples()))


def placeholders(count: int) -> str:
    """`count` %s placeholders for select_rows, comma-separated (an IN list)."""
    return ", ".join(["%s"] * count)


def utc_stamp(value) -> str | None:
    """A timestamp column as the driver gives it (SQLite: text 'YYYY-MM-DD HH:MM:SS[.ffffff]';
    PostgreSQL: a datetime) as 'YYYY-MM-DDTHH:MM:SSZ', without parsing the text."""
    if value is None:
        return None
    if isinstance(value, str):
        return f"{value[:10]}T{value[11:19]}Z"
    return value.isoformat(timespec="seconds") + "Z"
