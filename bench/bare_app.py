"""The baseline for bench_http: a bare Flask + peewee endpoint that only appends a row.

Same database settings as Herald (SQLite, WAL, the same `synchronous`, an IMMEDIATE transaction per write), so
the ratio measures what Herald's move path adds: auth, snapshot validation, the rules
engine, the hash chain and the outbox.

For bench_reads it also reads a page of a Herald game's log (BARE_HERALD_DATABASE, the
Herald SQLite file) with one SQL statement and sends the rows as JSON: the ratio measures
what Herald's log page adds (auth, the seat, redaction, player names).
"""
import json
import os

from flask import Flask, jsonify, request
from peewee import CharField, IntegerField, Model, SqliteDatabase, TextField
from playhouse.db_url import connect

# synchronous: as Herald's (bench_http sets both).
db = connect(os.environ.get("BARE_DATABASE_URL", "sqlite:///bare.db"),
             pragmas={"journal_mode": "wal", "synchronous": os.environ.get("BARE_SQLITE_SYNCHRONOUS", "normal"),
                      "busy_timeout": 10000})

herald = SqliteDatabase(os.environ.get("BARE_HERALD_DATABASE", ":memory:"), pragmas={"query_only": 1})
LOG_PAGE = 1000  # as Herald's (server/movelog.py)


class Row(Model):
    game = IntegerField()
    seq = IntegerField()
    payload = TextField()
    token = CharField()

    class Meta:
        database = db
        indexes = ((("game", "seq"), True),)


def create_app():
    db.create_tables([Row], safe=True)
    app = Flask(__name__)
    app.json.sort_keys = False  # as Herald's

    @app.put("/games/<int:game>/moves/<int:seq>")
    def append(game, seq):
        body = request.get_json()
        with db.atomic("IMMEDIATE"):
            Row.create(game=game, seq=seq, payload=json.dumps(body),
                       token=request.headers.get("Authorization", ""))
        return {"seq": seq}, 201

    @app.get("/log/<int:game>")
    def read_log(game):
        rows = herald.execute_sql("SELECT seq, seat, payload, text, events, created FROM moves WHERE game_id = ? "
                                  "AND seq >= ? ORDER BY seq LIMIT ?", (game, request.args.get("from", 0, type=int),
                                                                        LOG_PAGE))
        return jsonify([{"seq": seq, "seat": seat, "move": json.loads(payload), "text": text,
                         "events": [e["text"] for e in json.loads(events)], "created": created}
                        for seq, seat, payload, text, events, created in rows])

    @app.get("/health")
    def health():
        return {"ok": True}

    if os.environ.get("BARE_KEEP_CONNECTION") != "1":
        @app.teardown_request
        def close(_exc):  # a connection per request, as peewee's documentation has Flask apps do
            for database in (db, herald):
                if not database.is_closed():
                    database.close()
    # With BARE_KEEP_CONNECTION=1 each worker keeps its connection, as Herald keeps its pooled
    # ones (closing the last connection to a WAL file checkpoints it): the strictest baseline.
    return app
