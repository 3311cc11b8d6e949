"""Tables: players, games, seats, moves (append-only), snapshots, notifications (outbox).

Nothing updates or deletes a row of `moves`; a move, its snapshot, its chain link and its
notifications are written in one transaction (see `server.table.movelog`).
"""
from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Protocol, TypeVar, overload

from peewee import (SQL, AutoField, BooleanField, CharField, DatabaseError, DateTimeField, FloatField, ForeignKeyField,
                    IntegerField, Model, PostgresqlDatabase, TextField)

from core import canonical
from server.store import names
from server.store.db import database, is_sqlite


def utcnow() -> datetime:
    """Naive UTC: what every timestamp column holds."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class JSONField(TextField):
    """JSON in a text column, so any peewee backend stores it the same way."""

    def db_value(self, value):
        # canonical.dumps is this same text (sorted keys, no spaces, ASCII), with its encoder
        # built once instead of per call: a move writes five of these.
        return None if value is None else canonical.dumps(value)

    def python_value(self, value):
        return None if value is None else json.loads(value)


def version_field() -> IntegerField:
    """A rules version or state format: rows written before these were recorded are version 1
    (the database default, which is also how `m0001_versions` fills existing rows)."""
    return IntegerField(default=1, constraints=[SQL("DEFAULT 1")])


_Key = TypeVar("_Key", covariant=True)


class ForeignKeyId(Protocol[_Key]):
    """For the type checker: the `<name>_id` attribute peewee adds beside each ForeignKeyField
    `<name>` (declared on the models as `<name>_id: ForeignKeyId[int]`, an annotation only).
    On the class it is the field itself, for queries; on a row, the key the row holds,
    without loading the row it points to."""

    @overload
    def __get__(self, instance: None, owner: Any) -> ForeignKeyField[Any]: ...
    @overload
    def __get__(self, instance: object, owner: Any) -> _Key: ...


class BaseModel(Model):
    """A table keyed by a number declares its `id = AutoField()`, the key peewee would add by
    itself, and beside each foreign key `<name>` its `<name>_id: ForeignKeyId[...]`: so that
    the type checker knows both (the schema is the same)."""

    class Meta:
        database = database


MAIL_FORMATS = ("multipart", "plain")  # players.mail_format: text + HTML with the board's picture, or text only


class Player(BaseModel):
    id = AutoField()
    name = CharField(max_length=40, unique=True)
    # The name told apart whatever its case (server/store/names.py, m0096): kept by save().
    name_key = CharField(max_length=160, unique=True)
    email = CharField(max_length=254)
    # The address told apart whatever its case (names.email_key, m0099): kept by save().
    email_key = CharField(max_length=254, index=True)
    token_hash = CharField(max_length=64, unique=True)
    created = DateTimeField(default=utcnow)
    disabled = BooleanField(default=False, constraints=[SQL("DEFAULT FALSE")])  # by the operator: token refused
    # turns: a mail per turn; digest: one mail a day; off: only answers to their own mail (server/table/outbox.py).
    mail = CharField(max_length=8, default="turns", constraints=[SQL("DEFAULT 'turns'")])
    mail_format = CharField(max_length=16, default="multipart")  # one of MAIL_FORMATS
    # The player's own time (server/players/localtime.py, m0092): an IANA zone for every date
    # they read, and the span of their day (in that zone) when reminders and digests wait;
    # NULL quiet_hours: none.
    timezone = CharField(max_length=64, default="UTC", constraints=[SQL("DEFAULT 'UTC'")])
    quiet_hours = CharField(max_length=11, null=True, default="22:00-08:00", constraints=[SQL("DEFAULT '22:00-08:00'")])
    # A digest player's time of day for the digest, in their zone, and when the digest scan last
    # considered them (server/notify/digest.py, m0097).
    digest_at = CharField(max_length=5, default="08:00", constraints=[SQL("DEFAULT '08:00'")])
    digest_checked = DateTimeField(null=True)
    # The language Herald writes to the player in (m0093, server/web/i18n): en, sv, ru, nl, es or hu.
    # NULL: none chosen; mail is in English (the default), the game page follows the browser.
    language = CharField(max_length=8, null=True)

    class Meta:
        table_name = "players"

    def save(self, *args, **kwargs):
        """Saved with its name's and address's keys (a rename or a new address sets both)."""
        self.name_key = names.key(self.name)
        self.email_key = names.email_key(self.email)
        return super().save(*args, **kwargs)

    @classmethod
    def by_email(cls, address: str):
        """The players registered with this address, whatever its case, oldest first (a select)."""
        return cls.select().where(cls.email_key == names.email_key(address)).order_by(cls.id)

    @classmethod
    def name_taken(cls, name: str, other_than: int | None = None) -> bool:
        """Whether a player (other than `other_than`) has this name, whatever its case or encoding,
        or Herald has it (names.RESERVED)."""
        if names.key(name) in names.RESERVED:
            return True
        same = cls.name_key == names.key(name)
        return cls.select().where(same if other_than is None else same & (cls.id != other_than)).exists()


class Game(BaseModel):
    id = AutoField()
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
    creator_id: ForeignKeyId[int]
    created = DateTimeField(default=utcnow)
    finished = DateTimeField(null=True)
    rules_version = version_field()  # the engine's rules_version when the game was created
    state_format = version_field()  # the engine's state_format when the game was created
    public = BooleanField(default=False)  # listed in ?open=1 and joinable without an invite (m0020)
    days_per_move = IntegerField(null=True)  # the game's own clock (server/table/timeouts.py, m0022)
    on_timeout = CharField(max_length=16, default="default")  # default | resign | bot | skip, at a passed deadline
    rated = BooleanField(default=True)  # counts for the ruleset's ratings when it ends (m0027)
    # The clock's reserve (server/table/clocks.py, m0082): days each seat may overrun days_per_move, in all.
    reserve_days = IntegerField(null=True)
    # Kept with `prompted` on every change (server/table/due_times.py, m0082), so that the deadline and
    # reminder scans select only the games due, by index: the earliest `since`, and the
    # earliest deadline of a clocked game (before vacations, which only push it later).
    waiting_since = DateTimeField(null=True, index=True)
    due_at = DateTimeField(null=True, index=True)
    # A random tag, new with every change of a seat's holder (m0083): each process's seat
    # cache is keyed on it, so a seat handed over anywhere is seen at once (server/players/seats.py).
    seating = IntegerField(default=0, constraints=[SQL("DEFAULT 0")])
    move_reads: "MoveReads | None" = None  # not a column: read with the lock, see lock_game
    also: tuple = ()  # not a column: what statements.select_by_id(also=...) read beside it

    class Meta:
        table_name = "games"


class Seat(BaseModel):
    id = AutoField()
    game = ForeignKeyField(Game, backref="seat_rows", on_delete="CASCADE", index=False)  # (game, seat) serves
    game_id: ForeignKeyId[int]
    seat = IntegerField()
    player = ForeignKeyField(Player, null=True, backref="seats", index=False)  # see the (player, game) index
    player_id: ForeignKeyId[int | None]
    invite = CharField(max_length=32, unique=True)
    joined = DateTimeField(null=True)
    undo_always_accept = BooleanField(default=False)  # standing answer to undo proposals (m0025)
    link_generation = IntegerField(default=0)  # raised to revoke this seat's game-page links
    handover = BooleanField(default=False, constraints=[SQL("DEFAULT FALSE")])  # `invite` hands the seat over (m0082)
    reserve_left = IntegerField(null=True)  # seconds of the clock's reserve this seat has left (m0082)

    class Meta:
        table_name = "seats"
        # (player, game): a player's games newest first from the index alone (m0081, server/table/gamelist.py)
        indexes = ((("game", "seat"), True), (("player", "game"), False))


class Move(BaseModel):
    id = AutoField()
    game = ForeignKeyField(Game, backref="moves", index=False)  # (game, seq) serves
    game_id: ForeignKeyId[int]
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
    state_format = version_field()  # the layout (Game.state_format) state_hash was computed in

    class Meta:
        table_name = "moves"
        indexes = ((("game", "seq"), True),)


class Snapshot(BaseModel):
    """The latest state of a game, updated in place with each move."""

    game = ForeignKeyField(Game, primary_key=True, backref="snapshot")
    game_id: ForeignKeyId[int]
    version = IntegerField()
    state = TextField()  # canonical JSON of Game.to_json(state)
    state_hash = CharField(max_length=64)
    state_format = version_field()  # the layout of `state`; older ones are lifted with upgrade_state

    class Meta:
        table_name = "snapshots"


class Notification(BaseModel):
    """The mail outbox. status: pending -> sending (claimed) -> sent; failed (refused for
    good, or retried past give_up_after); uncertain (may have been delivered: never resent
    unless the operator asks); dropped (a turn mail whose question was answered before it
    could be sent). See server/notify/delivery.py. Mails about a player's account (recovery codes,
    address checks) have no game."""

    id = AutoField()
    game = ForeignKeyField(Game, backref="notifications", null=True, index=False)  # (game, seat, kind) serves
    game_id: ForeignKeyId[int | None]
    seat = IntegerField(null=True)
    player = ForeignKeyField(Player, backref="notifications")
    player_id: ForeignKeyId[int]
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
    # Retried until then; null: created + MAIL_RETRY_DAYS. Moved on when the operator requeues.
    give_up_after = DateTimeField(null=True)
    # PostgreSQL: the notify run (host/pid/run) that claimed this row in a batch, and until when
    # no other run may take it (server/notify/delivery.py, m0090). Kept as a record of who sent it.
    claimed_by = CharField(max_length=64, null=True)
    lease_until = DateTimeField(null=True)

    @staticmethod
    def pending_row(game_id: int | None, seat: int | None, player_id: int, email: str, kind: str, version: int,
                    context: dict, now=None) -> dict:
        """A new row ready for delivery: the one shape every mail and webhook is queued in."""
        now = now or utcnow()
        return {"game": game_id, "seat": seat, "player": player_id, "email": email, "kind": kind,
                "version": version, "context": context, "status": "pending", "attempts": 0,
                "next_attempt": now, "created": now}

    class Meta:
        table_name = "notifications"
        indexes = ((("game", "seat", "kind"), False),)


class ServerSetting(BaseModel):
    """Values the server makes for itself once and shares between workers (a generated key)."""

    key = CharField(max_length=64, primary_key=True)
    value = TextField()

    class Meta:
        table_name = "server_settings"


class HealthProbe(BaseModel):
    """One row that /health rewrites: proof that the database takes a committed write."""

    id = IntegerField(primary_key=True)
    checked = DateTimeField()

    class Meta:
        table_name = "health_probe"


class InboundMail(BaseModel):
    """Mail handled by mail-in, by Message-ID, written in the transaction of the moves it
    played: a redelivered or refetched mail is recognised and plays nothing twice."""

    id = AutoField()
    message_id = CharField(max_length=255, unique=True)
    game = ForeignKeyField(Game, null=True, backref="inbound_mail")
    game_id: ForeignKeyId[int | None]
    player = ForeignKeyField(Player, null=True, backref="inbound_mail")
    player_id: ForeignKeyId[int | None]
    outcome = CharField(max_length=32)
    received = DateTimeField(default=utcnow)

    class Meta:
        table_name = "inbound_mail"


class ChatMessage(BaseModel):
    """A table-talk message in one game: to every reader of the game (`to` null) or to chosen seats."""

    id = AutoField()
    game = ForeignKeyField(Game, backref="chat", on_delete="CASCADE")
    game_id: ForeignKeyId[int]
    player = ForeignKeyField(Player)
    player_id: ForeignKeyId[int]
    seat = IntegerField(null=True)  # the sender's seat (None: a spectator, should they ever talk)
    to = JSONField(null=True)  # [seat, ...] or None for everyone
    text = TextField()
    # a table note's sentence (server.errors.Sentence.to_json), said in each reader's language;
    # None for talk and for notes written before m0094, which read as `text` says
    sentence = JSONField(null=True)
    version = IntegerField()  # the game's version when it was said: where it sits in the log
    created = DateTimeField(default=utcnow)
    # talk, or table: an event around the game written by Herald (a seat handed over, m0082)
    kind = CharField(max_length=8, default="talk", constraints=[SQL("DEFAULT 'talk'")])
    # the sender's key for this message (a talk form's, m0098): sent twice, it is said once
    client_key = CharField(max_length=64, null=True)

    class Meta:
        table_name = "chat_messages"
        indexes = ((("game", "id"), False), (("player", "created"), False),
                   (("game", "player", "client_key"), True))


class Vacation(BaseModel):
    """A player's announced absence: their clocks stop from `start` to `until`, or to their
    first move after `start` if that comes earlier (server/table/vacation.py)."""

    id = AutoField()
    player = ForeignKeyField(Player, backref="vacations")
    player_id: ForeignKeyId[int]
    start = DateTimeField()
    until = DateTimeField()

    class Meta:
        table_name = "vacations"
        indexes = ((("player", "start"), False),)


class UndoRequest(BaseModel):
    """A proposal to take back move `seq` (server/table/undo.py). status: open, accepted, declined, stale."""

    id = AutoField()
    game = ForeignKeyField(Game, backref="undo_requests", on_delete="CASCADE")
    game_id: ForeignKeyId[int]
    seq = IntegerField()
    seat = IntegerField()  # the proposer, who made move `seq`
    answers = JSONField(default=dict)  # {"1": "accept", ...}
    status = CharField(max_length=16, default="open")
    created = DateTimeField(default=utcnow)

    class Meta:
        table_name = "undo_requests"
        indexes = ((("game", "seq"), False),)


class Rating(BaseModel):
    """A player's openskill rating in one ruleset (server/table/ratings.py)."""

    id = AutoField()
    ruleset = CharField(max_length=64)
    player = ForeignKeyField(Player, backref="ratings")
    player_id: ForeignKeyId[int]
    mu = FloatField()
    sigma = FloatField()
    games = IntegerField(default=0)
    updated = DateTimeField(default=utcnow)

    class Meta:
        table_name = "ratings"
        indexes = ((("ruleset", "player"), True),)


class Webhook(BaseModel):
    """A URL that receives a player's (or one game's) turn changes and game ends (server/table/webhooks.py)."""

    id = AutoField()
    player = ForeignKeyField(Player, backref="webhooks")
    player_id: ForeignKeyId[int]
    game = ForeignKeyField(Game, null=True, backref="webhooks", on_delete="CASCADE")  # None: all my games
    game_id: ForeignKeyId[int | None]
    url = CharField(max_length=500)
    format = CharField(max_length=16, default="json")  # json | discord | slack
    secret = CharField(max_length=64)  # signs each body (HMAC-SHA256); shown once at registration
    created = DateTimeField(default=utcnow)

    class Meta:
        table_name = "webhooks"
        indexes = ((("game",), False), (("player",), False))


class RequestKey(BaseModel):
    """A request carried out under its sender's Idempotency-Key, and its answer, written in the
    transaction of what it did (server/store/request_keys.py): the same request sent again under
    that key is answered from here, never carried out twice. Neither the key nor a readable
    answer is kept: `key_hash` hashes the key with its scope, and `answer` is sealed with the key."""

    id = AutoField()
    key_hash = CharField(max_length=64, unique=True)  # SHA-256 (hex) of the scope and the key
    request_hash = CharField(max_length=64)  # SHA-256 (hex) of the method, path, query and body
    status = IntegerField()
    content_type = CharField(max_length=100)
    answer = TextField()  # the answer's body, sealed with the key (base64)
    headers = TextField(default="")  # the answer's headers said again with it (request_keys.KEPT_HEADERS), JSON
    created = DateTimeField(default=utcnow, index=True)

    class Meta:
        table_name = "request_keys"


class WatchedGame(BaseModel):
    """A game someone waits on (GET /games/{id}/wait) somewhere, until when (UTC, the database's
    clock): a move of it is announced to every process's waiters at once (server/store/longpoll.py
    marks, server/store/announcements.py announces). A hint only: a game not marked is seen by the
    waiters' poll. PostgreSQL only; on SQLite the table stays empty."""

    game_id = IntegerField(primary_key=True)
    until = DateTimeField()

    class Meta:
        table_name = "watched_games"


TABLES = [Player, Game, Seat, Move, Snapshot, Notification, ServerSetting, HealthProbe, InboundMail, ChatMessage,
          Vacation, UndoRequest, Rating, Webhook, RequestKey, WatchedGame]


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


REMOVE_APPEND_ONLY_SQLITE = ["DROP TRIGGER IF EXISTS moves_no_update", "DROP TRIGGER IF EXISTS moves_no_delete"]
REMOVE_APPEND_ONLY_POSTGRES = ["DROP TRIGGER IF EXISTS moves_append_only ON moves"]


# The foreign keys PostgreSQL does not check (m0104). It checks each with a query of its own
# for every row written (SELECT ... FOR KEY SHARE of the row referred to), and these are
# written by every move: its own row's game, its turn mail's game and player. Under load they
# cost a sixth of PostgreSQL's time per move (docs/benchmarks.md). The move path proves them
# anyway: it writes under its games row's lock (lock_game), which the game cannot be deleted
# through, to players read from the game's seats; players are never deleted, and a game only
# while it is open, with its mails and before any move. `verify` reports any row whose game
# or player is gone (a hand edit). SQLite checks them in-process, for little: it keeps them.
UNCHECKED_ON_POSTGRES = (("moves", "game_id"), ("notifications", "game_id"), ("notifications", "player_id"))


def drop_unchecked_foreign_keys() -> None:
    """PostgreSQL: drop the foreign-key constraints of UNCHECKED_ON_POSTGRES (found by their
    columns, whatever their names); the models keep the relations for their queries."""
    if not isinstance(database.obj, PostgresqlDatabase):
        return
    for table, column in UNCHECKED_ON_POSTGRES:
        found = database.execute_sql(
            "SELECT c.conname FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid "
            "AND a.attnum = ANY (c.conkey) WHERE c.contype = 'f' AND c.conrelid = %s::regclass AND a.attname = %s",
            (table, column)).fetchall()
        for (name,) in found:
            database.execute_sql(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')


def create_tables() -> None:
    """Create missing tables, and make the database itself refuse to change a logged move.
    (Only a brand-new database gets its tables here: see `server.store.startup`.)"""
    database.create_tables(TABLES, safe=True)
    drop_unchecked_foreign_keys()
    install_append_only_guard()


def install_append_only_guard() -> None:
    if is_sqlite():
        for statement in APPEND_ONLY_SQLITE:
            database.execute_sql(statement)
    elif isinstance(database.obj, PostgresqlDatabase):
        _guard_postgres()


def remove_append_only_guard() -> None:
    """Only for a schema migration, inside its transaction (it puts the guard back)."""
    statements = REMOVE_APPEND_ONLY_SQLITE if is_sqlite() else REMOVE_APPEND_ONLY_POSTGRES
    for statement in statements:
        database.execute_sql(statement)


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


@dataclass(frozen=True)
class MoveReads:
    """What a move's mails read anyway (server/table/outbox.py), read with its game's lock."""

    any_chat: bool  # whether the game has table talk (a turn mail's digest: chat.digest)
    hooks: tuple[tuple, ...]  # (id, player_id, game_id, url, format) of the webhooks that may hear of it, by id
    watched: bool  # whether someone waits on it somewhere (WatchedGame): its move is announced


# MoveReads in SQL, beside the games row's columns: whether the game has talk; the webhooks of
# the game and of its seated players (server/table/webhooks.py reads the same ones with its own
# query elsewhere); whether someone waits on it (WatchedGame, by its key). The two kinds of hook
# are read apart and put together (UNION ALL: a hook has a game or none), so each is found by
# its index: written as one `OR`, PostgreSQL reads every webhook of every player on every move
# (3.8 ms under the game's lock with 20,000 webhooks, against 0.23 ms).
MOVE_READS = (
    'EXISTS (SELECT 1 FROM "chat_messages" AS "c" WHERE "c"."game_id" = "games"."id")',
    '(SELECT json_agg(json_build_array("w"."id", "w"."player_id", "w"."game_id", "w"."url", "w"."format") '
    'ORDER BY "w"."id") FROM (SELECT "id", "player_id", "game_id", "url", "format" FROM "webhooks" '
    'WHERE "game_id" = "games"."id" UNION ALL SELECT "id", "player_id", "game_id", "url", "format" '
    'FROM "webhooks" WHERE "game_id" IS NULL AND "player_id" IN '
    '(SELECT "s"."player_id" FROM "seats" AS "s" WHERE "s"."game_id" = "games"."id")) AS "w")',
    'EXISTS (SELECT 1 FROM "watched_games" AS "v" WHERE "v"."game_id" = "games"."id" '
    'AND "v"."until" > (now() AT TIME ZONE \'UTC\'))',
)


def lock_game(game_id: int, move_reads: bool = False) -> Game | None:
    """The game row, row-locked on databases that support it (inside write_transaction).
    `move_reads` (for a move, on PostgreSQL): its `move_reads` too, read in the same statement:
    the move then writes everything with its COMMIT in a second round trip instead of reading
    between its writes (two round trips fewer: docs/benchmarks.md). SQLite's reads cost no
    round trip; there they are read when needed, as without. A game `locked_ahead` is taken
    from there (once)."""
    from server.store.statements import select_by_id  # statements builds on these models

    ahead = getattr(_AHEAD, "games", None)
    if move_reads and ahead and game_id in ahead:
        return ahead.pop(game_id)
    if not move_reads or is_sqlite():
        return select_by_id(Game, game_id, lock=True)
    game = select_by_id(Game, game_id, lock=True, also=MOVE_READS)
    return _with_move_reads(game) if game is not None else None


def _with_move_reads(game: Game) -> Game:
    any_chat, hooks, watched = game.also
    game.move_reads = MoveReads(bool(any_chat), tuple(tuple(hook) for hook in hooks or ()), bool(watched))
    return game


_AHEAD = threading.local()  # games locked ahead in this thread's transaction: {id: Game}, each taken once


def ahead_games() -> list[Game]:
    """The games locked ahead in this thread's transaction and not yet taken by `lock_game`."""
    return list((getattr(_AHEAD, "games", None) or {}).values())


@contextmanager
def locked_ahead(game_ids: list[int]):
    """PostgreSQL: the rows of the games whose moves a transaction gathers (server/store/groupcommit.py)
    locked with their move reads in one statement, in id order, for the `lock_game` of each
    move: one round trip for them all instead of one each. A row another transaction holds is
    skipped, not waited for (SKIP LOCKED): the block gets the ids it locked. SQLite: nothing to
    lock (BEGIN IMMEDIATE locked everything; its reads cost no round trip): None, all of them."""
    from server.store.statements import select_by_ids  # statements builds on these models

    if is_sqlite():
        yield None
        return
    _AHEAD.games = {game.id: _with_move_reads(game)
                    for game in select_by_ids(Game, tuple(game_ids), lock=True, also=MOVE_READS, skip_locked=True)}
    try:
        yield set(_AHEAD.games)
    finally:
        _AHEAD.games = None
