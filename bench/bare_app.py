"""The baseline for bench_http: a bare Flask + peewee endpoint that only appends a row.

Same database settings as Herald (SQLite, WAL, an IMMEDIATE transaction per write), so
the ratio measures what Herald's move path adds: auth, snapshot validation, the rules
engine, the hash chain and the outbox.
"""
import json
import os

from flask import Flask, request
from peewee import CharField, IntegerField, Model, TextField
from playhouse.db_url import connect

db = connect(os.environ.get("BARE_DATABASE_URL", "sqlite:///bare.db"),
             pragmas={"journal_mode": "wal", "synchronous": "normal", "busy_timeout": 10000})


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

    @app.put("/games/<int:game>/moves/<int:seq>")
    def append(game, seq):
        body = request.get_json()
        with db.atomic("IMMEDIATE"):
            Row.create(game=game, seq=seq, payload=json.dumps(body),
                       token=request.headers.get("Authorization", ""))
        return {"seq": seq}, 201

    @app.get("/health")
    def health():
        return {"ok": True}

    @app.teardown_request
    def close(_exc):
        if not db.is_closed():
            db.close()

    return app
