"""`herald server bots` runs for good, so an upgrade can migrate the database under it: the
upgrade steps left it running, and nothing made it look at the schema again, so the old
release's bots went on playing on the new schema. It now stops, in one line, when the database
records a migration its code does not have (a newer release migrated it) or lacks one it has
(an older backup restored), looking at most once a minute (server/store/startup.SchemaWatch)."""
from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from server.cli import server
from server.ops import bot_commands
from server.store import startup
from server.store.db import database, open_database
from server.table.house_bots import HouseBots

NEWER = "m9999_from_a_newer_release"


def herald_server(tmp_path, *args):
    env = {"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}", "HERALD_MAIL_DIR": str(tmp_path / "mail"),
           "HERALD_CONFIG": ""}
    try:
        return CliRunner().invoke(server, list(args), env=env)
    finally:
        database.close()


def records(tmp_path, statement: str, *params) -> None:
    """What another process (a newer release's `migrate`, a restore) does to the record."""
    with sqlite3.connect(tmp_path / "herald.db") as connection:
        connection.execute(statement, params)


def first_migration() -> str:
    from server.store import migrations

    return migrations.available()[0].name


@pytest.fixture
def database_file(tmp_path, monkeypatch):
    assert herald_server(tmp_path, "--create", "migrate").exit_code == 0
    monkeypatch.setattr(bot_commands, "IDLE_PAUSE", 0)
    monkeypatch.setattr(bot_commands, "SCHEMA_CHECK", 0)  # (every round here; once a minute as shipped)
    return tmp_path


@pytest.mark.parametrize("change, words", [
    (("INSERT INTO schema_migrations (name, applied) VALUES (?, '2026-11-28')", NEWER),
     f"was migrated by a newer release of Herald ({NEWER})"),
    (("DELETE FROM schema_migrations WHERE name = ?", first_migration()),
     f"needs 1 schema migration(s) ({first_migration()})"),
])
def test_the_bots_stop_when_the_schema_changes_under_them(database_file, monkeypatch, change, words):
    rounds = []

    def play_pending(self):
        rounds.append(1)
        if len(rounds) == 1:
            records(database_file, *change)  # an upgrade (or a restore) while the bots run
        return 0

    monkeypatch.setattr(HouseBots, "play_pending", play_pending)
    result = herald_server(database_file, "bots")
    assert result.exit_code == 1 and len(rounds) == 1, result.output  # no round on the changed schema
    [line] = [line for line in result.output.splitlines() if not line.startswith("database: ")]
    assert line.startswith("Error: house bots stopped after 0 move(s): the database ") and words in line, line


def test_the_bots_refuse_to_start_on_a_schema_a_newer_release_migrated(database_file, monkeypatch):
    """Restarted by systemd after stopping, an old release's bots must not start again on it."""
    records(database_file, "INSERT INTO schema_migrations (name, applied) VALUES (?, '2026-11-28')", NEWER)
    monkeypatch.setattr(HouseBots, "play_pending", lambda self: pytest.fail("played on a newer schema"))
    result = herald_server(database_file, "bots", "--once")
    assert result.exit_code == 1 and NEWER in result.output, result.output


def test_the_schema_is_looked_at_once_per_interval(database_file):
    now = [0.0]
    open_database(f"sqlite:///{database_file / 'herald.db'}")
    try:
        watch = startup.SchemaWatch(60.0, clock=lambda: now[0])
        records(database_file, "INSERT INTO schema_migrations (name, applied) VALUES (?, '2026-11-28')", NEWER)
        now[0] = 59.0
        watch.check()  # not yet looked at again
        now[0] = 60.0
        with pytest.raises(startup.NewerSchema, match=NEWER):
            watch.check()
    finally:
        database.close()
