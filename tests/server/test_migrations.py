"""Schema migrations: a database written by the first release (committed fixture, made by
tests/fixtures/make_release1_db.py) is refused until migrated, then migrates, verifies clean
and plays on; the migrated schema equals the models' own, on SQLite and on PostgreSQL."""
import shutil
import sqlite3
from pathlib import Path

import pytest
from peewee import SqliteDatabase
from click.testing import CliRunner

from core import games
from core.rng import Rng
from server.store import migrations, startup, state_cache
from server.players.auth import hash_token
from server.cli import server
from server.store.db import database, open_database
from server.store.models import Game, Notification, Player, Seat, Snapshot
from server.store.stateformat import load
from server.store.verify import verify_all

FIXTURES = Path(__file__).parent.parent / "fixtures"
RELEASE1_TABLES = ["players", "games", "seats", "moves", "snapshots", "notifications"]


@pytest.fixture
def release1(tmp_path):
    """A copy of the first release's database, as an operator would have it."""
    path = tmp_path / "release1.db"
    shutil.copy(FIXTURES / "release1.db", path)
    return path


def env_for(url: str, tmp_path) -> dict:
    return {"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": ""}


def schema_of(db) -> dict:
    """Per table: columns (name, type, nullable, primary key), indexes (columns, unique) and
    foreign keys (column, table and column referred to)."""
    return {table: ({(c.name, c.data_type.lower(), c.null, c.primary_key) for c in db.get_columns(table)},
                    {(tuple(i.columns), i.unique) for i in db.get_indexes(table)},
                    {(k.column, k.dest_table, k.dest_column) for k in db.get_foreign_keys(table)})
            for table in sorted(db.get_tables())}


def guards(db) -> set[str]:
    if isinstance(db, SqliteDatabase):  # also the pooled kind the server opens
        return {r[0] for r in db.execute_sql("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    return {r[0] for r in db.execute_sql("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")}


def fresh_schema(url: str):
    db = open_database(url)
    with database.connection_context():
        startup.prepare()
        return schema_of(db), guards(db), migrations.pending(db)


def play_on(app, moves_per_game: int = 3) -> int:
    """Random legal moves in every running game, through the API; returns how many were made."""
    client = app.test_client()
    for player in Player.select():
        Player.update(token_hash=hash_token(f"token-{player.id}")).where(Player.id == player.id).execute()
    rng, made = Rng("play on after the upgrade"), 0
    for game in Game.select().where(Game.status == "active"):
        engine = games[game.ruleset]
        for _ in range(moves_per_game):
            game = Game.get_by_id(game.id)
            state = load(engine, Snapshot.get(Snapshot.game == game.id).state,
                         Snapshot.get(Snapshot.game == game.id).state_format)
            seat = engine.prompts(state)[0].seat
            player = Seat.get((Seat.game == game.id) & (Seat.seat == seat)).player_id
            answer = client.put(f"/games/{game.id}/moves/{game.version}",
                                json={"move": engine.random_move(state, seat, rng)},
                                headers={"Authorization": f"Bearer token-{player}"})
            assert answer.status_code == 201, answer.json
            made += 1
    return made


def migrate_verify_play(url: str, tmp_path) -> None:
    """What an operator does after installing the new release: migrate, verify, serve."""
    from server.app import create_app

    with pytest.raises(startup.PendingMigrations, match="herald server migrate"):
        create_app({"DATABASE_URL": url, "MAIL_DIR": str(tmp_path / "mail")})
    database.close()
    result = CliRunner().invoke(server, ["migrate"], env=env_for(url, tmp_path))
    assert result.exit_code == 0, result.output
    assert "database: " in result.output and "applied m0001_versions" in result.output
    assert "nothing to apply" in CliRunner().invoke(server, ["migrate"], env=env_for(url, tmp_path)).output
    verified = CliRunner().invoke(server, ["verify"], env=env_for(url, tmp_path))
    assert verified.exit_code == 0 and "checked 5 game(s), 168 move(s): all agree" in verified.output, verified.output
    state_cache.clear()
    app = create_app({"DATABASE_URL": url, "MAIL_DIR": str(tmp_path / "mail")})
    assert {(g.rules_version, g.state_format) for g in Game.select()} == {(1, 1)}
    assert play_on(app) == 9  # three games still running
    health = app.test_client().get("/health")
    assert health.status_code == 200 and health.json["database"]["writable"] is True
    assert health.json["outbox"]["pending"] > 100 and health.json["outbox"]["oldest_pending_seconds"] > 0
    reports = verify_all()
    assert [r.problems for r in reports] == [[]] * 5 and not any(r.notes for r in reports)
    database.close()


def test_a_new_database_is_created_with_every_migration_recorded(tmp_path):
    db = open_database(f"sqlite:///{tmp_path / 'new.db'}")
    with database.connection_context():
        startup.prepare()
        assert migrations.pending(db) == []
        recorded = {r[0] for r in db.execute_sql("SELECT name FROM schema_migrations")}
        assert recorded == {m.name for m in migrations.available()} and "m0001_versions" in recorded
        startup.prepare()  # a restart changes nothing


def test_the_release1_database_is_refused_then_migrated_verified_and_played_on(release1, tmp_path):
    migrate_verify_play(f"sqlite:///{release1}", tmp_path)


def test_mail_the_first_release_queued_is_sent_after_the_upgrade(release1, tmp_path, mailbox):
    """Its rows hold their whole context, written before the templates gained a rating, a
    deadline and table talk: each still renders (saying nothing of those, as it did then) and
    goes out once, and the turn mails answered meanwhile are dropped."""
    with sqlite3.connect(release1) as old:  # a reminder as the first release's `remind` wrote it,
        old.execute(  # for the question game 1's last turn mail asks (still unanswered)
            "INSERT INTO notifications (game_id, seat, player_id, email, kind, version, context, status, "
            "attempts, next_attempt, created) SELECT game_id, seat, player_id, email, 'reminder', version, "
            "json_set(context, '$.since', '2026-11-23 11:31:19'), 'pending', 0, next_attempt, created "
            "FROM notifications WHERE kind = 'turn' AND game_id = 1 ORDER BY id DESC LIMIT 1")
    env = env_for(f"sqlite:///{release1}", tmp_path)
    assert CliRunner().invoke(server, ["migrate"], env=env).exit_code == 0
    relay = mailbox.start()
    result = CliRunner().invoke(server, ["notify"], env={
        **env, "HERALD_SMTP_HOST": "127.0.0.1", "HERALD_SMTP_PORT": str(mailbox.port),
        "HERALD_MAIL_FROM": "herald@example.org"})
    assert result.exit_code == 0 and "sent 4, failed 0 (will retry), gave up 0" in result.output, result.output
    assert {n.status for n in Notification.select()} == {"sent", "dropped"}
    sent = {m["X-Herald-Notification"]: m for m in relay.messages}
    assert sorted(sent) == sorted(str(n.id) for n in Notification.select().where(Notification.status == "sent"))
    by_kind = {kind: [sent[str(n.id)].get_body(preferencelist=("plain",)).get_content() for n in
                      Notification.select().where((Notification.status == "sent") & (Notification.kind == kind))]
               for kind in ("over", "turn", "reminder")}
    assert [len(texts) for texts in by_kind.values()] == [2, 1, 1], {k: len(v) for k, v in by_kind.items()}
    for text in by_kind["over"]:
        assert "Winner: p0." in text and "destroyed the rival castle" in text and "secret seed" in text
        assert "rating" not in text
    for text in by_kind["turn"] + by_kind["reminder"]:
        assert "Your position:" in text and "Answer by" not in text and "Table talk" not in text
    assert "since 2026-11-23 11:31:19 UTC" in by_kind["reminder"][0]
    assert {str(m["Content-Language"]) for m in relay.messages} == {"en"}  # m0093: nobody chose a language yet
    database.close()


def test_the_first_releases_players_get_utc_and_the_default_quiet_hours(release1, tmp_path):
    """m0092: every player there reads dates in UTC, with quiet hours 22:00-08:00 UTC, until
    they choose; a choice is kept, and the mail queued before says its times as it did."""
    env = env_for(f"sqlite:///{release1}", tmp_path)
    assert CliRunner().invoke(server, ["migrate"], env=env).exit_code == 0
    with sqlite3.connect(release1) as db:
        assert db.execute("SELECT name FROM schema_migrations WHERE name = 'm0092_player_timezone'").fetchone()
        settings = set(db.execute("SELECT timezone, quiet_hours FROM players").fetchall())
        assert settings == {("UTC", "22:00-08:00")} and db.execute("SELECT count(*) FROM players").fetchone()[0] > 1
        db.execute("UPDATE players SET timezone = 'Europe/Stockholm', quiet_hours = NULL WHERE id = 1")
    from server.app import create_app

    create_app({"DATABASE_URL": f"sqlite:///{release1}", "MAIL_DIR": str(tmp_path / "mail")})
    first = Player.get_by_id(1)
    assert (first.timezone, first.quiet_hours) == ("Europe/Stockholm", None)
    database.close()


def test_m0093_gives_every_player_a_language_still_unchosen(release1, tmp_path):
    """m0093: players.language arrives NULL for every existing player: their mail stays in English and
    their game page follows their browser until they choose."""
    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        assert "language" not in {c.name for c in db.get_columns("players")}
        startup.migrate()
        column = next(c for c in db.get_columns("players") if c.name == "language")
        assert column.null and {p.language for p in Player.select()} == {None} and Player.select().count() > 1


def test_m0094_keeps_every_stored_table_note_as_it_reads(release1, tmp_path, monkeypatch):
    """m0094: chat_messages.sentence arrives NULL for the notes an earlier release wrote, and such a
    note reads exactly as stored for every reader, in any language; a note written after holds its
    sentence and reads in its reader's language."""
    from server.table import chat
    from server.web import playpage
    from server.errors import msg

    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        before = [m for m in migrations.available() if m.name != "m0094_table_note_sentences"]
        monkeypatch.setattr(migrations, "available", lambda: before)
        startup.migrate()  # the database as the release before m0094 left it
        assert "sentence" not in {c.name for c in db.get_columns("chat_messages")}
        game = Game.get(Game.status == "active")
        old = "The server's operator handed seat 1 to someone (it was another's)."
        db.execute_sql("INSERT INTO chat_messages (game_id, player_id, seat, \"to\", text, version, created, kind) "
                       "VALUES (?, ?, NULL, NULL, ?, ?, '2025-01-02 03:04:05', 'table')",
                       (game.id, Seat.get(Seat.game == game.id).player_id, old, game.version))
        monkeypatch.undo()
        assert startup.migrate() == ["m0094_table_note_sentences"]
        column = next(c for c in db.get_columns("chat_messages") if c.name == "sentence")
        assert column.null and db.execute_sql("SELECT sentence FROM chat_messages").fetchall() == [(None,)]
        for language in ("en", "sv", "ru", "hu"):
            assert playpage.table_notes(game.id, language) == [{"text": old, "lang": "en"}]
        with database.atomic():
            chat.note(game, Seat.get(Seat.game == game.id).player_id, msg(
                "%(name)s takes over seat %(seat)s.", name="zoe", seat=1))
        assert playpage.table_notes(game.id, "sv") == [{"text": old, "lang": "en"},
                                                       {"text": "zoe tar över plats 1.", "lang": "sv"}]
    database.close()


def test_m0101_adds_the_request_keys_table_the_server_then_keeps_keys_in(release1, tmp_path, monkeypatch):
    """m0101: a database the release before it served gains request_keys, empty, and a request
    sent again under its Idempotency-Key is then answered from it."""
    from server.store import request_keys

    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        before = [m for m in migrations.available() if m.name < "m0101"]
        monkeypatch.setattr(migrations, "available", lambda: before)
        startup.migrate()  # the database as the release before m0101 left it
        assert "request_keys" not in db.get_tables()
        monkeypatch.undo()
        assert startup.migrate()[0] == "m0101_request_keys"
        with database.atomic():
            record = request_keys.claim("token t", "k", "asked")
            request_keys.complete(record, "k", request_keys.Answer(201, "application/json", b'{"id": 7}'))
        found = request_keys.find("token t", "k")
        assert found is not None and request_keys.answer_of(found, "k").body == b'{"id": 7}'
    database.close()


def test_herald_server_run_refuses_an_unmigrated_database_naming_the_fix(release1, tmp_path):
    result = CliRunner().invoke(server, ["run", "--port", "0"], env=env_for(f"sqlite:///{release1}", tmp_path))
    assert result.exit_code == 1 and "herald server migrate" in result.output
    assert "m0001_versions" in result.output and str(release1) in result.output
    database.close()


def test_the_migrated_sqlite_schema_is_the_models_schema(release1, tmp_path):
    expected = fresh_schema(f"sqlite:///{tmp_path / 'fresh.db'}")
    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        startup.migrate()
        assert (schema_of(db), guards(db), migrations.pending(db)) == expected
        assert db.execute_sql("PRAGMA foreign_keys").fetchone() == (1,)


def test_a_failing_migration_leaves_the_database_as_it_was(release1, tmp_path, monkeypatch):
    def broken(migrator, db):
        migrations.add_columns(migrator, db, "games", rules_version=migrations_field())
        raise RuntimeError("the migration's author made a mistake")

    monkeypatch.setattr(migrations.Migration, "up", lambda self, migrator, db: broken(migrator, db))
    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        with pytest.raises(RuntimeError, match="mistake"):
            startup.migrate()
        assert "rules_version" not in {c.name for c in db.get_columns("games")}
        assert migrations.pending(db) == [m.name for m in migrations.available()]
        assert guards(db) == {"moves_no_update", "moves_no_delete"}


def migrations_field():
    from peewee import IntegerField

    return IntegerField(default=1, constraints=migrations.server_default(1))


def release1_on_postgres(url: str) -> None:
    """The first release's tables on PostgreSQL (its own CREATE statements, committed), holding
    the rows of the SQLite fixture."""
    import psycopg2

    target = psycopg2.connect(url)
    source = sqlite3.connect(FIXTURES / "release1.db")
    with target, target.cursor() as cursor:
        for statement in (FIXTURES / "release1_postgres.sql").read_text().splitlines():
            cursor.execute(statement)
        for table in RELEASE1_TABLES:
            cursor.execute("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s",
                           (table,))
            booleans = {name for name, kind in cursor.fetchall() if kind == "boolean"}
            rows = source.execute(f"SELECT * FROM {table}")
            names = [d[0] for d in rows.description]
            for row in rows.fetchall():
                values = [bool(v) if n in booleans and v is not None else v for n, v in zip(names, row)]
                cursor.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(['%s'] * len(names))})",
                               values)
            if "id" in names:
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")
    target.close()
    source.close()


def test_the_release1_database_migrates_on_postgres_with_the_models_schema(postgres, tmp_path):
    expected = fresh_schema(postgres.new_database())
    database.close()
    url = postgres.new_database()
    release1_on_postgres(url)
    migrate_verify_play(url, tmp_path)
    db = open_database(url)
    with database.connection_context():
        assert (schema_of(db), guards(db), migrations.pending(db)) == expected
    database.close()


def migrated_to(url: str, tmp_path, name: str, expected):
    """`herald server migrate` on `url`, which applies `name`, leaving the schema `expected`
    (fresh_schema's); the database, opened again."""
    result = CliRunner().invoke(server, ["migrate"], env=env_for(url, tmp_path))
    assert result.exit_code == 0 and f"applied {name}" in result.output, result.output
    db = open_database(url)
    with database.connection_context():
        assert (schema_of(db), guards(db), migrations.pending(db)) == expected
    return db


def test_m0091_takes_the_games_notify_trigger_off_a_postgres_database(postgres, tmp_path):
    """A database the previous release served carries the NOTIFY trigger on games (installed
    at each start); migrating removes it and its function, and leaves the models' schema."""
    url = postgres.new_database()
    expected = fresh_schema(url)
    db = open_database(url)
    with database.connection_context():
        db.execute_sql("CREATE FUNCTION herald_games_notify() RETURNS trigger AS $$ BEGIN PERFORM "
                       "pg_notify('herald_games', NEW.id::text); RETURN NEW; END $$ LANGUAGE plpgsql")
        db.execute_sql("CREATE TRIGGER games_notify AFTER UPDATE ON games FOR EACH ROW "
                       "EXECUTE FUNCTION herald_games_notify()")
        db.execute_sql("DELETE FROM schema_migrations WHERE name = 'm0091_games_notify_trigger_dropped'")
        assert "games_notify" in guards(db)
    database.close()
    db = migrated_to(url, tmp_path, "m0091_games_notify_trigger_dropped", expected)
    with database.connection_context():
        assert "games_notify" not in guards(db)
        assert db.execute_sql("SELECT 1 FROM pg_proc WHERE proname = 'herald_games_notify'").fetchone() is None
    database.close()


def test_m0104_leaves_postgres_no_foreign_key_on_what_every_move_writes(postgres, tmp_path):
    """PostgreSQL checks no foreign key of a move's row or its mails (a query per row); the
    other relations keep theirs. A database migrated from before m0104 ends as a new one;
    SQLite keeps them all."""
    url = postgres.new_database()
    expected = fresh_schema(url)
    unchecked = {("moves", "game_id"), ("notifications", "game_id"), ("notifications", "player_id")}
    keys = {(table, key[0]) for table, (_, _, keys) in expected[0].items() for key in keys}
    assert not keys & unchecked and {("seats", "game_id"), ("snapshots", "game_id"), ("chat_messages", "game_id")} <= keys
    db = open_database(url)
    with database.connection_context():
        for table, column, refers in (("moves", "game_id", "games"), ("notifications", "game_id", "games"),
                                      ("notifications", "player_id", "players")):
            db.execute_sql(f"ALTER TABLE {table} ADD FOREIGN KEY ({column}) REFERENCES {refers} (id)")
        db.execute_sql("DELETE FROM schema_migrations WHERE name = 'm0104_move_path_foreign_keys'")
    database.close()
    migrated_to(url, tmp_path, "m0104_move_path_foreign_keys", expected)
    database.close()
    sqlite = fresh_schema(f"sqlite:///{tmp_path / 'fresh.db'}")
    database.close()
    assert unchecked <= {(table, key[0]) for table, (_, _, keys) in sqlite[0].items() for key in keys}


def test_verify_reports_rows_whose_game_or_player_is_gone(postgres, tmp_path):
    """With no foreign key to stop a hand edit, `herald server verify` finds a move of a game
    that is gone, and a mail to a player who is gone, and fails."""
    url = postgres.new_database()
    fresh_schema(url)
    db = open_database(url)
    with database.connection_context():
        db.execute_sql("INSERT INTO moves (game_id, seq, seat, payload, text, events, prompted, public, created, chain, "
                       "state_hash, state_format) VALUES (77, 0, 0, '{}', 'x', '[]', '[]', true, now(), '', '', 1)")
        db.execute_sql("INSERT INTO notifications (game_id, seat, player_id, email, kind, version, context, status, "
                       "attempts, next_attempt, created) VALUES (NULL, NULL, 88, 'a@example.org', 'recovery', 0, "
                       "'{}', 'pending', 0, now(), now())")
    database.close()
    result = CliRunner().invoke(server, ["verify"], env=env_for(url, tmp_path))
    assert result.exit_code == 1, result.output
    assert "game 77: 1 problem(s)\n  the game row has disappeared" in result.output
    assert "game 0: 1 problem(s)\n  a mail to player 88, who does not exist" in result.output


def test_m0095_titles_castle_assault_with_the_originals_name(release1, tmp_path):
    """m0095: the first release's Castle Assault games take the original's title, "Castlecards:
    ¡Asalto al Castillo!", as new games have it; no other game's title changes."""
    from core.castle_assault import GAME

    db = open_database(f"sqlite:///{release1}")
    with database.connection_context():
        before = {row[0]: (row[1], row[2]) for row in db.execute_sql("SELECT id, ruleset, title FROM games")}
        assert "Castle Assault (Castlecards: Asalto al Castillo)" in {t for _, t in before.values()}
        startup.migrate()
        after = {g.id: g.title for g in Game.select()}
    database.close()
    assert GAME.title == "Castle Assault (Castlecards: ¡Asalto al Castillo!)"
    for game_id, (ruleset, title) in before.items():
        assert after[game_id] == (GAME.title if ruleset == "castle-assault" else title)
