"""Group commit's lanes: the connections a process keeps for its transactions of gathered moves.

A batch of moves (server/store/groupcommit.py) is led by whichever request's thread comes next,
and each request holds a pooled connection of its own; run on the leader's, the batches of a
busy process would go round all its requests' connections, each a PostgreSQL backend woken
cold in turn. Kept to one connection per lane (`leaders`, two), they keep two backends busy
and warm instead: PostgreSQL then spends about a fifth less CPU per gathered move
(bench/bench_cluster.py, docs/benchmarks.md). The lanes' connections are outside the pool
(HERALD_POOL_SIZE) and opened on first use in each process (a forked worker opens its own).
One that fails in a batch is closed, and the lane's next batch opens a fresh one, as it does for
one its server has ended meanwhile (seen without a round trip: `_said_something`); closing the
pool (`close_all`) closes them too. PostgreSQL shows them as `herald lane 0` and `herald lane 1`
(`application_name` in `pg_stat_activity`). SQLite has nothing to gain (its connections are in
the process): there a batch runs on the leader's own.

In a lane, the writes a batch queues (server/store/statements.py) go one statement per kind of
write rather than per move: the moves' rows in one multi-row INSERT, their snapshots and games
rows each in one UPDATE from a VALUES list, their mails in one INSERT (roundtrips.merged).
The moves of a batch are of different games, so their writes touch rows apart and may go
together; a statement's parsing, planning and executor start-up are then paid once a batch,
not once a move.
"""
from __future__ import annotations

import os
import select
from contextlib import contextmanager
from typing import Iterator

from server.store.db import database
from server.store.roundtrips import FewerRoundTrips, close_quietly

APPLICATION_NAME = "herald lane"  # its connections' application_name, with the lane's number


@contextmanager
def lane(number: int) -> Iterator[None]:
    """The block's statements on lane `number`'s connection (PostgreSQL), the thread's own
    connection kept aside; elsewhere nothing changes."""
    db = database.obj
    if not isinstance(db, FewerRoundTrips):
        yield
        return
    conn = _connection(db, number)
    failed = True
    try:
        with db.using(conn, merging=True):  # (a batch's moves are of different games: their rows are apart)
            yield
        failed = False
    finally:
        if failed:  # (its transaction was rolled back, or its connection is gone: start afresh)
            _forget(db, number, conn)


def _connection(db: FewerRoundTrips, number: int):
    """The lane's connection, opened now if this process has none (a lane is used by one
    leader at a time, groupcommit: each connection serves one thread at a time)."""
    with db.lanes_lock:
        found = db.lanes.get(number)
    if found is not None and found[0] == os.getpid():
        if not found[1].closed and not _said_something(found[1]):
            return found[1]
        _forget(db, number, found[1])
    conn = db.unpooled_connection(f"{APPLICATION_NAME} {number}")  # (a parent's, after a fork, is left alone)
    with db.lanes_lock:
        db.lanes[number] = (os.getpid(), conn)
    return conn


def _said_something(conn) -> bool:
    """Whether an idle lane's server has written to it: it never LISTENs and is between
    transactions, so that is PostgreSQL ending it (a terminated backend, a restart, its
    idle_session_timeout: a FATAL message, then the socket closes), or, rarely, a setting it
    reports that a reload changed (the lane is then merely opened afresh). Looked at without
    waiting (poll: no limit on the descriptor's number), so that a dead lane is opened again
    before its batch, not found dead by failing it."""
    try:
        watch = select.poll()
        watch.register(conn.fileno(), select.POLLIN)
        return bool(watch.poll(0))
    except (OSError, ValueError):  # (its socket is gone already)
        return True


def _forget(db: FewerRoundTrips, number: int, conn) -> None:
    with db.lanes_lock:
        if db.lanes.get(number, (0, None))[1] is conn:
            del db.lanes[number]
    close_quietly(conn)
