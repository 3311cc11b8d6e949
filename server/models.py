"""Tables: players, games, seats, moves (append-only), snapshots, notifications (outbox).

Nothing updates or deletes a row of `moves`; a move, its snapshot, its chain link and its
notifications are written in one transaction (see `server.movelog`).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone

from peewee import (BooleanField, CharField, DatabaseError, DateTimeField, ForeignKeyField, IntegerField,
                    Model, PostgresqlDatabase, TextField)

from server.db import database, is_sqlite


def utcnow() -> datetime:
    """Naive UTC: what every timestamp column holds."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class JSONField(TextField):
    """JSON in a text column, so any peewee backend stores it the same way."""

    def db_value(self, value):
        return None if value is None else json.dumps(value, sort_keys=True, separators=(",", ":"))

    def python_value(self, value):
        return None if value is None else json.loads(value)


class BaseModel(Model):
    class Meta:
        database = database


class Player(BaseModel):
    name = CharField(max_length=40, unique=True)
    email = CharField(max_length=254)
    token_hash = CharField(max_length=64, unique=True)
    created = DateTimeField(default=utcnow)
    mail_format = CharField(max_length=16, default="multipart")  # multipart (text + HTML picture) or plain

    class Meta:
        table_name = "players"


class Game(BaseModel):
    ruleset = CharField(max_length=64)
    title = CharField(max_length=120)
    players = IntegerField()
    options = JSONField()
    seed = CharField(max_length=64)
    seed_hash = CharField(max_length=64)
    status = CharField(max_length=16, default="open", index=True)
    version = IntegerField(default=0)
    chain_head = CharField(max_length=64)
    # [{seat, kind, text, since}]: who must decide now, and since when (for reminders).
    prompted = JSONField(default=list)
    result = JSONField(null=True)
    creator = ForeignKeyField(Player, backref="created_games")
    created = DateTimeField(default=utcnow)
    finished = DateTimeField(null=True)

    class Meta:
        table_name = "games"


class Seat(BaseModel):
    game = ForeignKeyField(Game, backref="seat_rows", on_delete="CASCADE")
    seat = IntegerField()
    player = ForeignKeyField(Player, null=True, backref="seats")
    invite = CharField(max_length=32, unique=True)
    joined = DateTimeField(null=True)
    link_generation = IntegerField(default=0)  # raised to revoke this seat's game-page links

    class Meta:
        table_name = "seats"
        indexes = ((("game", "seat"), True), (("player",), False))


class Move(BaseModel):
    game = ForeignKeyField(Game, backref="moves")
    seq = IntegerField()
    seat = IntegerField()
    payload = JSONField()
    text = TextField()
    events = JSONField()  # [Event.to_json()], visibility kept for redaction
    prompted = JSONField()  # [{seat, kind, text}] after the move: the idempotent answer
    public = BooleanField()  # Game.public_move(state_before, seat, move)
    created = DateTimeField(default=utcnow)
    chain = CharField(max_length=64)  # sha256(previous chain + canonical entry)
    state_hash = CharField(max_length=64)  # hash of the state after this move

    class Meta:
        table_name = "moves"
        indexes = ((("game", "seq"), True),)


class Snapshot(BaseModel):
    """The latest state of a game, updated in place with each move."""

    game = ForeignKeyField(Game, primary_key=True, backref="snapshot")
    version = IntegerField()
    state = TextField()  # canonical JSON of Game.to_json(state)
    state_hash = CharField(max_length=64)

    class Meta:
        table_name = "snapshots"


class Notification(BaseModel):
    """The mail outbox. status: pending -> sending (claimed) -> sent, or failed after retries."""

    game = ForeignKeyField(Game, backref="notifications")
    seat = IntegerField(null=True)
    player = ForeignKeyField(Player, backref="notifications")
    email = CharField(max_length=254)
    kind = CharField(max_length=16)  # turn, start, over, reminder
    version = IntegerField()  # game version the mail describes
    context = JSONField()  # what the template needs, computed when the row was written
    status = CharField(max_length=16, default="pending", index=True)
    attempts = IntegerField(default=0)
    next_attempt = DateTimeField(default=utcnow)
    last_error = TextField(null=True)
    created = DateTimeField(default=utcnow)
    sent = DateTimeField(null=True)

    class Meta:
        table_name = "notifications"
        indexes = ((("game", "seat", "kind"), False),)


TABLES = [Player, Game, Seat, Move, Snapshot, Notification]


APPEND_ONLY_SQLITE = [
    f"CREATE TRIGGER IF NOT EXISTS moves_no_{action.lower()} BEFORE {action} ON moves "
    f"BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END"
    for action in ("UPDATE", "DELETE")
]

APPEND_ONLY_POSTGRES = [
    "CREATE OR REPLACE FUNCTION herald_moves_append_only() RETURNS trigger AS $$ "
    "BEGIN RAISE EXCEPTION 'the move log is append-only'; END $$ LANGUAGE plpgsql",
    "CREATE TRIGGER moves_append_only BEFORE UPDATE OR DELETE ON moves "
    "FOR EACH ROW EXECUTE FUNCTION herald_moves_append_only()",
]


def create_tables() -> None:
    """Create missing tables, and make the database itself refuse to change a logged move."""
    database.create_tables(TABLES, safe=True)
    if is_sqlite():
        for statement in APPEND_ONLY_SQLITE:
            database.execute_sql(statement)
    elif isinstance(database.obj, PostgresqlDatabase):
        _guard_postgres()


def _guard_postgres() -> None:
    def installed() -> bool:
        return database.execute_sql("SELECT 1 FROM pg_trigger WHERE tgname = 'moves_append_only'").fetchone() is not None

    if installed():
        return
    try:
        with database.atomic():
            for statement in APPEND_ONLY_POSTGRES:
                database.execute_sql(statement)
    except DatabaseError:
        if not installed():  # not just another worker installing it at the same moment
            raise


def lock_game(game_id: int) -> Game | None:
    """The game row, row-locked on databases that support it (inside write_transaction)."""
    from server.statements import select_by_id  # statements builds on these models

    return select_by_id(Game, game_id, lock=True)
