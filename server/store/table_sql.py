"""Queries of the table features that run on the move path, with their SQL text built once
per database (as server/store/statements.py does for the move itself): peewee rebuilds a query's
SQL on every call, which costs more than running it."""
from __future__ import annotations

from server.store import statements
from server.store.db import database


def rows(key: tuple, build, params: tuple) -> list[tuple]:
    """Run the query `build()` makes (a peewee query whose values, in SQL order, are `params`),
    building its text only the first time for this database and `key`."""
    def text():
        sql, sample = build().sql()
        if len(sample) != len(params):  # a query and its caller that disagree: a bug, loud
            raise RuntimeError(f"{key}: the query takes {len(sample)} values, {len(params)} given")
        return sql

    return database.execute_sql(statements._cached(("table-sql",) + key, text), params).fetchall()
