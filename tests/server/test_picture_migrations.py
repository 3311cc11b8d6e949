"""Migrations m0040 (seats.link_generation) and m0041 (players.mail_format) on a database
written before them: the columns appear with their defaults for the rows already there."""
from __future__ import annotations

import importlib

from peewee import SqliteDatabase
from playhouse.migrate import SqliteMigrator


def test_the_columns_are_added_with_their_defaults(tmp_path):
    db = SqliteDatabase(str(tmp_path / "old.db"))
    db.execute_sql("CREATE TABLE players (id INTEGER PRIMARY KEY, name VARCHAR(40))")
    db.execute_sql("CREATE TABLE seats (id INTEGER PRIMARY KEY, seat INTEGER)")
    db.execute_sql("INSERT INTO players (name) VALUES ('ann')")
    db.execute_sql("INSERT INTO seats (seat) VALUES (0)")
    for name in ("m0040_seat_link_generation", "m0041_player_mail_format"):
        importlib.import_module(f"server.store.migrations.{name}").up(SqliteMigrator(db), db)
    assert db.execute_sql("SELECT link_generation FROM seats").fetchall() == [(0,)]
    assert db.execute_sql("SELECT mail_format FROM players").fetchall() == [("multipart",)]
    db.execute_sql("INSERT INTO players (name) VALUES ('ben')")  # a raw insert gets the default too
    assert db.execute_sql("SELECT mail_format FROM players WHERE name = 'ben'").fetchall() == [("multipart",)]
    db.close()
