"""Every statement of a player's everyday requests and of the timers' scans finds its rows by
an index on a PostgreSQL that holds many games, never by reading a big table whole. On the
tests' small tables PostgreSQL reads everything anyway, so a statement that cannot use an index
goes unnoticed there: a move's webhook read did, for every move, under the game's lock, until
the sixth session (docs/benchmarks.md). Here the tables hold thousands of rows (copies of real
games made through the API, each copy with players of its own), the statements the server
sends are caught as it sends them, and each is explained."""
from __future__ import annotations

import re
from datetime import timedelta

import psycopg2.extensions
import pytest

from tests.server.conftest import Api

pytestmark = pytest.mark.slow

COPIES = 300  # copies of every game made through the API, each with copies of its players
BIG = 5000  # rows: a table this big is never to be read whole by a request
SENT: list[str] = []
STATEMENT = re.compile(r"(SELECT|UPDATE|DELETE|WITH|INSERT INTO \S+ (\([^)]*\) )?SELECT)\b")


class Catching(psycopg2.extensions.cursor):
    def execute(self, query, vars=None):
        SENT.append(self.mogrify(query, vars).decode())
        return super().execute(query, vars)


def play_some(api: Api, game: int, players: list[dict], moves: int) -> None:
    for _ in range(moves):
        detail = api.game(game, players[0])
        if not detail["prompted"]:
            return
        seat = detail["prompted"][0]["seat"]
        legal = api.legal(game, players[seat])
        plain = [m["move"] for m in legal["moves"] if "move" in m]
        if not plain:
            return
        api.call("PUT", f"/games/{game}/moves/{legal['version']}?seat={seat}", players[seat], json={"move": plain[0]})


def columns(cursor, table: str) -> list[str]:
    cursor.execute("SELECT column_name FROM information_schema.columns WHERE table_name = %s AND column_name <> 'id' "
                   "ORDER BY ordinal_position", (table,))
    return [f'"{name}"' for (name,) in cursor.fetchall()]


def multiply(cursor) -> None:
    """COPIES copies of every player, game, seat, move, snapshot, turn mail and chat message; each
    copy of a game seats the same copy of its players. Most turn mails are sent, as they are."""
    def copy_of(table: str, replace: dict[str, str], source: str) -> None:
        names = columns(cursor, table)
        values = ", ".join(replace.get(name.strip('"'), f"x.{name}") for name in names)
        cursor.execute(f"INSERT INTO {table} ({', '.join(names)}) SELECT {values} {source}")

    cursor.execute("SELECT max(id) FROM players")
    (top,) = cursor.fetchone()
    cursor.execute("CREATE TEMP TABLE copies AS SELECT n FROM generate_series(1, %s) AS n", (COPIES,))
    copy_of("players", {"name": "x.name || '-' || c.n", "name_key": "x.name_key || '-' || c.n",
                        "token_hash": "md5(x.token_hash || c.n) || md5(c.n::text)"},
            "FROM players x, copies c ORDER BY c.n, x.id")  # copy n of player p: p + n * top
    copy_of("games", {"title": "'copy ' || x.id || ' ' || c.n", "creator_id": f"x.creator_id + c.n * {top}"},
            "FROM games x, copies c")
    cursor.execute("CREATE TEMP TABLE copied AS SELECT g.id AS new, split_part(g.title, ' ', 2)::int AS old, "
                   "split_part(g.title, ' ', 3)::int AS n FROM games g WHERE g.title LIKE 'copy %%'")
    remap = {"game_id": "m.new", "player_id": f"x.player_id + m.n * {top}"}
    copy_of("seats", {**remap, "invite": "md5(random()::text)"}, "FROM seats x JOIN copied m ON x.game_id = m.old")
    for table in ("moves", "snapshots", "chat_messages"):
        copy_of(table, remap if table == "chat_messages" else {"game_id": "m.new"},
                f"FROM {table} x JOIN copied m ON x.game_id = m.old")
    copy_of("notifications", {**remap, "status": "CASE WHEN random() < 0.98 THEN 'sent' ELSE x.status END"},
            "FROM notifications x JOIN copied m ON x.game_id = m.old")
    copy_of("webhooks", {"player_id": f"x.player_id + c.n * {top}", "game_id": "NULL"}, "FROM webhooks x, copies c")
    copy_of("players", {"name": "'idle ' || n", "name_key": "'idle ' || n",  # and more players
                        "token_hash": "md5('idle' || n) || md5(n::text)"},
            "FROM (SELECT * FROM players LIMIT 1) x, generate_series(1, 20000) AS n")
    copy_of("webhooks", {"player_id": "p.id", "game_id": "NULL"},  # each with a hook for all their games
            "FROM (SELECT * FROM webhooks LIMIT 1) x, players p WHERE p.name LIKE 'idle %%'")
    cursor.execute("ANALYZE")


def test_everyday_statements_read_no_big_table_whole(postgres, tmp_path):
    import psycopg2

    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    url = postgres.new_database()
    config = load_config({"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                          "HERALD_RATELIMIT_ENABLED": "0", "HERALD_PREPARED_STATEMENTS": "0",
                          "HERALD_WEBHOOK_ALLOW_NETWORKS": "127.0.0.0/8", "HERALD_EMAIL_CHECK_DNS": "0"})
    app = create_app(config)
    try:
        api = Api(app.test_client())
        players = [api.register(f"p{number}") for number in range(8)]
        games = []
        for number in range(24):
            pair = [players[number % 8], players[(number * 3 + 1) % 8]]
            if pair[0] == pair[1]:
                pair[1] = players[(number + 1) % 8]
            game = api.start_game(pair, "castle-assault")
            games.append((game, pair))
            play_some(api, game, pair, number % 5)
            if number % 3 == 0:
                api.call("POST", f"/games/{game}/chat", pair[0], json={"text": "hello"})
            if number % 4 == 0:
                api.call("POST", "/webhooks", pair[1], json={"url": "http://127.0.0.1:9/hook"})
        connection = psycopg2.connect(url)
        connection.autocommit = True
        cursor = connection.cursor()
        multiply(cursor)
        cursor.execute("SELECT relname, n_live_tup FROM pg_stat_user_tables")
        big = {name for name, rows in cursor.fetchall() if rows > BIG}
        assert {"games", "seats", "moves", "players", "notifications"} <= big, big

        database.obj.close_all()
        database.obj.connect_params["cursor_factory"] = Catching
        SENT.clear()
        game, pair = games[5]
        play_some(api, game, pair, 2)
        for path in (f"/games/{game}", f"/games/{game}/moves", f"/games/{game}/chat", "/games",
                     f"/games/{game}/wait?timeout=1", "/players/me"):
            api.call("GET", path, pair[0])
        api.call("POST", f"/games/{game}/chat", pair[1], json={"text": "your move"})
        from server.notify.channels.mail import deliver_pending
        from server.table import deadlines, reminders, timeouts

        reminders.queue_reminders(timedelta(hours=1))
        deadlines.apply_defaults(timedelta(days=30))
        timeouts.apply_overdue()
        timeouts.queue_reminders()
        deliver_pending(config)

        scanned, explained = [], set()
        for query in SENT:
            for text in re.split(r";\s(?=(?:SELECT|UPDATE|DELETE|INSERT|BEGIN|COMMIT|SET|WITH)\b)", query):
                text = text.strip()
                shape = re.sub(r"\d+|'[^']*'", "?", text)
                if not STATEMENT.match(text) or "pg_" in text[:40] or shape in explained:
                    continue
                explained.add(shape)
                cursor.execute("EXPLAIN " + text)
                plan = "\n".join(line for (line,) in cursor.fetchall())
                whole = [table for table in re.findall(r"Seq Scan on (\w+)", plan) if table in big]
                if whole:
                    scanned.append(f"{text[:300]}\n{plan}")
        assert len(explained) > 20, explained  # the requests above did reach the database
        assert scanned == [], "\n\n".join(scanned)
        connection.close()
    finally:
        database.close()
