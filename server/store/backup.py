"""`herald server backup`: a consistent copy of a live SQLite database, and the pg_dump
command line for PostgreSQL (whose own tool does this properly)."""
from __future__ import annotations

import os
import shlex
import sqlite3
from urllib.parse import urlparse, urlunparse

from server.store.db import database


def backup_sqlite(target: str) -> dict:
    """Copy the open SQLite database to `target` (which must not exist) with SQLite's online
    backup API in one step (one read snapshot: consistent while the server writes; WAL readers
    do not block writers). Returns what was copied, checked on the copy itself. The copy holds the
    secret key, unfinished games' seeds and token hashes: it is readable by its owner alone (0600)."""
    if os.path.exists(target):
        raise FileExistsError(target)
    source_path = database.obj.database
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    partial = target + ".partial"
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))  # secrets inside: its owner's only
    os.chmod(partial, 0o600)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)  # pages=-1: everything in one step, under one read lock
        integrity = copy.execute("PRAGMA integrity_check").fetchone()[0]
        games = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        moves = copy.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    finally:
        copy.close()
        source.close()
    os.replace(partial, target)  # never a half-written file under the name asked for
    return {"source": source_path, "bytes": os.path.getsize(target), "games": games, "moves": moves,
            "integrity": integrity}


def pg_dump_command(url: str, target: str) -> str:
    """pg_dump in its custom format (restore with pg_restore), the password left out of the URL."""
    parts = urlparse(url)
    netloc = parts.hostname or ""
    if parts.username:
        netloc = f"{parts.username}@{netloc}"
    if parts.port:
        netloc += f":{parts.port}"
    clean = urlunparse(("postgresql", netloc, parts.path, "", parts.query, ""))
    return f"pg_dump --format=custom --file {shlex.quote(target)} {shlex.quote(clean)}"
