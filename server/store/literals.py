"""A prepared statement's arguments written as SQL literals, as psycopg2 writes them, for a
fraction of its CPU.

Every EXECUTE the server sends (server/store/roundtrips.py) carries its values as literals.
psycopg2's `mogrify` adapts each value through its adapters, about 0.9 µs a value; a batch of
gathered moves carries about 40 values a move, and on a busy server that was a third of the
sending process's CPU per move (docs/benchmarks.md, seventeenth session). The types the
server's statements carry are few, and their literals simple, so they are written here
directly, character for character as psycopg2 writes them (tests/server/test_sql_literals.py
compares the two on a real connection):

* text: in single quotes, a quote doubled. This alone is correct only where the connection's
  strings are standard-conforming (a backslash is an ordinary character; PostgreSQL's default
  since 9.1) and its encoding UTF-8; on any other connection psycopg2 writes everything;
* an integer as its digits, a negative one after a space (psycopg2's: `- -1` is never `--1`,
  the start of a comment); true and false; NULL;
* a timestamp, a date: ISO 8601 in quotes with its cast.

Anything else (a float, bytes, a tuple, a text with a NUL, which psycopg2 refuses with its own
error, a subclass of these types) leaves the whole statement to psycopg2.
"""
from __future__ import annotations

import datetime
from typing import Any, Callable


class _Other(Exception):
    """A value this module does not write: psycopg2 writes the statement."""


def _text(value: str) -> str:
    if "\x00" in value:
        raise _Other()
    return "'" + value.replace("'", "''") + "'"


def _integer(value: int) -> str:
    return str(value) if value >= 0 else " " + str(value)


def _timestamp(value: datetime.datetime) -> str:
    return "'" + value.isoformat() + ("'::timestamp" if value.tzinfo is None else "'::timestamptz")


def _date(value: datetime.date) -> str:
    return "'" + value.isoformat() + "'::date"


WRITERS: dict[type, Callable[[Any], str]] = {
    str: _text, int: _integer, bool: lambda value: "true" if value else "false", type(None): lambda value: "NULL",
    datetime.datetime: _timestamp, datetime.date: _date}


def _writer(value: Any) -> str:
    writer = WRITERS.get(type(value))  # (the exact type: a subclass may write itself otherwise)
    if writer is None:
        raise _Other()
    return writer(value)


def plain(conn) -> bool:
    """Whether this driver connection's literals are written here: UTF-8, standard-conforming strings."""
    return conn.encoding == "UTF8" and conn.get_parameter_status("standard_conforming_strings") == "on"


def arguments(params: tuple) -> bytes | None:
    """`(v1, v2, ...)` for an EXECUTE on a `plain` connection, as psycopg2's mogrify writes it,
    or None where psycopg2 must write it."""
    try:
        return ("(" + ", ".join(map(_writer, params)) + ")").encode()
    except (_Other, UnicodeEncodeError):  # (a lone surrogate: psycopg2 refuses it with its own error)
        return None
