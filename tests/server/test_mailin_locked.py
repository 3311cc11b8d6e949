"""A busy database defers a reply, never bounces it: `read-mail` (Postfix's pipe) and
`fetch-mail` (IMAP) exit 75, EX_TEMPFAIL, with one line and no traceback while another
connection holds SQLite's write lock, taken before they started or while they were reading
the mail; once it is released, the same mail plays exactly once. Each locked run waits out
SQLite's busy timeout (15 s) before it gives up, as it would in production."""
from __future__ import annotations

import fcntl
import re
import sqlite3
import subprocess
import termios
import time
from contextlib import contextmanager
from email import policy
from email.utils import parseaddr

from server.ops.command_base import sqlite_path
from server.mailin.listeners import EX_TEMPFAIL, ImapSettings, fetch_imap
from server.store.models import Game
from tests.server.dovecot import append, count, imap_server
from tests.server.mailplay import offered_moves, reply_to
from tests.server.test_mailin_commands import HERALD, server_env


@contextmanager
def write_locked(config):
    """Another connection holding the database's write lock (BEGIN EXCLUSIVE) until the end."""
    holder = sqlite3.connect(sqlite_path(config["DATABASE_URL"]), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def two_games(table) -> dict[int, bytes]:
    """Two Castle Assault games where alice moves first: her reply to each turn mail, by game."""
    players = [table.api.register("alice"), table.api.register("bob")]
    games = [table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0}) for _ in range(2)]
    table.deliver()
    replies = {}
    for turn in table.new_mail():
        game_id = next(g for g in games if f"#{g}:" in str(turn["Subject"]))
        reply = reply_to(turn, offered_moves(turn)[0])
        reply["Delivered-To"] = parseaddr(str(turn["Reply-To"]))[1]
        replies[game_id] = reply.as_bytes(policy=policy.SMTP)
    assert sorted(replies) == sorted(games)
    return replies


def read_mail(table) -> subprocess.Popen:
    return subprocess.Popen(HERALD + ["read-mail"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=server_env(table))


def fetch_mail(table, port: int, password: str) -> subprocess.Popen:
    return subprocess.Popen(HERALD + ["fetch-mail", "--host", "127.0.0.1", "--port", str(port), "--user", "herald",
                                      "--tls", "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**server_env(table), "HERALD_IMAP_PASSWORD": password})


def finished(process: subprocess.Popen, raw: bytes | None = None) -> tuple[int, str]:
    """(exit status, stderr) once the process ends, after `raw` on its stdin (a pipe's end)."""
    if process.stdin is not None and not process.stdin.closed:
        process.stdin.write(raw or b"")
        process.stdin.close()
    err = process.stderr.read()  # its output is a few lines: neither pipe fills up meanwhile
    process.stdout.read()
    return process.wait(timeout=120), err.decode()


def deferred(result: tuple[int, str]) -> None:
    code, err = result
    assert code == EX_TEMPFAIL and "Traceback" not in err, err
    assert "database is locked" in err and "try again later" in err, err


def answers_to_alice(table) -> list:
    return [m for m in table.new_mail() if str(m["To"]) == "alice@example.org" and "Played move 0" in
            m.get_body(preferencelist=("plain",)).get_content()]


def test_a_reply_arriving_while_the_database_is_locked_is_deferred_then_played_once(table):
    """The lock is taken before either command starts (its schema check already waits)."""
    replies = two_games(table)
    piped, fetched = sorted(replies)
    with imap_server() as (port, _, password):
        append(port, replies[fetched])
        with write_locked(table.config):
            pipe, imap = read_mail(table), fetch_mail(table, port, password)
            deferred(finished(pipe, replies[piped]))
            deferred(finished(imap))
        assert Game.get_by_id(piped).version == Game.get_by_id(fetched).version == 0 and count(port) == 1
        assert finished(read_mail(table), replies[piped])[0] == 0
        assert finished(fetch_mail(table, port, password))[0] == 0 and count(port) == 0
        assert finished(read_mail(table), replies[piped])[0] == 0  # the mail server's copy, once more
    assert Game.get_by_id(piped).version == Game.get_by_id(fetched).version == 1
    assert sorted(int(re.search(r"#(\d+)", str(m["Subject"]))[1]) for m in answers_to_alice(table)) == [
        piped, fetched]  # one answer each


def test_a_lock_taken_midway_defers_what_is_left_and_each_mail_plays_once_after(table):
    """The lock is taken once read-mail has checked the database and read its whole message
    from the pipe (the pipe is empty), and once fetch_imap (what fetch-mail runs when the
    database is open) has the mailbox open: the piped mail is deferred, the fetch stops at
    the first message the database refuses and leaves it and the rest in the mailbox."""
    replies = two_games(table)
    piped, fetched = sorted(replies)
    with imap_server() as (port, user, password):
        append(port, replies[fetched])
        append(port, replies[fetched])  # the mail server delivered it twice
        pipe = read_mail(table)
        pipe.stdin.write(replies[piped])
        pipe.stdin.flush()
        until_read(pipe)
        settings = ImapSettings("127.0.0.1", port, user, password, tls="none")
        with write_locked(table.config):
            pipe.stdin.close()  # on to the database, which it waits for meanwhile
            report = fetch_imap(table.config, settings)
            deferred(finished(pipe))
        assert report.handled == 0 and report.retry == 2 and "database is locked" in report.stopped
        assert Game.get_by_id(piped).version == Game.get_by_id(fetched).version == 0 and count(port) == 2
        assert finished(read_mail(table), replies[piped])[0] == 0
        again = fetch_imap(table.config, settings)
        assert again.outcomes == {"played": 1, "duplicate": 1} and not again.retry and count(port) == 0
    assert Game.get_by_id(piped).version == Game.get_by_id(fetched).version == 1
    assert len(answers_to_alice(table)) == 2  # one each


def until_read(process: subprocess.Popen) -> None:
    """Wait until the process has read everything written to its stdin (FIONREAD: the bytes
    still in the pipe)."""
    waiting = bytearray(4)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        fcntl.ioctl(process.stdin, termios.FIONREAD, waiting)
        if int.from_bytes(waiting, "little") == 0:
            return
        time.sleep(0.01)
    raise AssertionError("the process did not read its input")
