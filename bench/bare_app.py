"""The baselines for bench_http and bench_reads: a bare Flask + peewee app, written the plain
way peewee's documentation shows (model queries, no SQL built ahead, no caches).

Same database settings as Herald (SQLite, WAL, the same `synchronous`, an IMMEDIATE
transaction per write); each worker keeps its connection, as Herald keeps its pooled ones
(BARE_KEEP_CONNECTION=0: a connection per request instead; closing the last connection to a
WAL file checkpoints it, which made that baseline slow).

Two append endpoints for bench_http:

* `PUT /rows/{game}/{seq}`, the row append: only inserts the request's JSON as a row.
  Shown beside the others; it does none of the work a move must do.
* `PUT /games/{game}/moves/{seq}?seat=N` with `{"move": ...}`, the move append: the least a
  move of a rules-checked, hash-chained log must do, and nothing else. It looks the bearer
  token's SHA-256 up in the players table (no cache; 401 if unknown); in one IMMEDIATE
  transaction it checks that the caller holds that seat of that game (403), reads the game
  row (its version, chain head and state), refuses a seq other than the version (409),
  parses the stored state and applies the move with the same core engine (an illegal
  move is 422), encodes the new state canonically and hashes it, links the chain
  (H(previous link + canonical {seq, seat, move, state hash})), inserts the move row and
  writes the new state, version and chain head back to the game row; it answers
  `{"seq", "version"}`. It does not write events, texts, prompts, deadlines or an outbox
  (no mail tells the next player), nor keep states or tokens in memory between requests.
  `POST /games` sets a game up from the seed, options and player count bench_http read
  from Herald's game, so the same moves are legal on both, every seat held by the caller.

For bench_reads it also reads a page of a Herald game's log (BARE_HERALD_DATABASE, the
Herald SQLite file) with one SQL statement and sends the rows as JSON: the ratio measures
what Herald's log page adds (auth, the seat, redaction, player names).
"""
import hashlib
import json
import os

from flask import Flask, jsonify, request
from peewee import CharField, IntegerField, Model, SqliteDatabase, TextField
from playhouse.db_url import connect

from core import canonical, games
from core.protocol import IllegalMove

# synchronous: as Herald's (bench_http sets both).
db = connect(os.environ.get("BARE_DATABASE_URL", "sqlite:///bare.db"),
             pragmas={"journal_mode": "wal", "synchronous": os.environ.get("BARE_SQLITE_SYNCHRONOUS", "normal"),
                      "busy_timeout": 10000})

herald = SqliteDatabase(os.environ.get("BARE_HERALD_DATABASE", ":memory:"), pragmas={"query_only": 1})
LOG_PAGE = 1000  # as Herald's (server/table/movelog.py)


class Row(Model):
    game = IntegerField()
    seq = IntegerField()
    payload = TextField()
    token = CharField()

    class Meta:
        database = db
        indexes = ((("game", "seq"), True),)


class BarePlayer(Model):
    token_hash = CharField(unique=True)

    class Meta:
        database = db


class BareSeat(Model):
    game = IntegerField()
    seat = IntegerField()
    player = IntegerField()

    class Meta:
        database = db
        indexes = ((("game", "seat"), True),)


class BareGame(Model):
    ruleset = CharField()
    version = IntegerField(default=0)
    chain_head = CharField()
    state = TextField()  # canonical JSON of the latest state
    state_hash = CharField()

    class Meta:
        database = db


class BareMove(Model):
    game = IntegerField()
    seq = IntegerField()
    seat = IntegerField()
    payload = TextField()
    chain = CharField()
    state_hash = CharField()

    class Meta:
        database = db
        indexes = ((("game", "seq"), True),)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _caller() -> BarePlayer | None:
    token = request.headers.get("Authorization", "").partition(" ")[2]
    return BarePlayer.get_or_none(BarePlayer.token_hash == _digest(token))


def append_move(game_id: int, seq: int):
    """The move append (see the module's docstring): (answer, status)."""
    caller = _caller()
    if caller is None:
        return {"code": "unauthorized"}, 401
    seat, move = request.args.get("seat", 0, type=int), request.get_json()["move"]
    with db.atomic("IMMEDIATE"):
        if not BareSeat.select().where((BareSeat.game == game_id) & (BareSeat.seat == seat)
                                       & (BareSeat.player == caller.id)).exists():
            return {"code": "forbidden"}, 403
        game = BareGame.get_or_none(BareGame.id == game_id)
        if game is None:
            return {"code": "not-found"}, 404
        if seq != game.version:
            return {"code": "seq-taken" if seq < game.version else "seq-ahead"}, 409
        engine = games[game.ruleset]
        try:
            new_state, _events = engine.apply(engine.from_json(json.loads(game.state)), seat, move)
        except IllegalMove as exc:
            return {"code": "illegal-move", "message": str(exc)}, 422
        state_text = canonical.dumps(engine.to_json(new_state))
        state_hash = _digest(state_text)
        link = canonical.chain(game.chain_head, {"seq": seq, "seat": seat, "move": move, "state": state_hash})
        BareMove.create(game=game_id, seq=seq, seat=seat, payload=canonical.dumps(move), chain=link,
                        state_hash=state_hash)
        BareGame.update(version=seq + 1, chain_head=link, state=state_text, state_hash=state_hash).where(
            BareGame.id == game_id).execute()
    return {"seq": seq, "version": seq + 1}, 201


def create_app():
    db.create_tables([Row, BarePlayer, BareSeat, BareGame, BareMove], safe=True)
    app = Flask(__name__)
    app.json.sort_keys = False  # as Herald's

    @app.put("/rows/<int:game>/<int:seq>")
    def append_row(game, seq):
        body = request.get_json()
        with db.atomic("IMMEDIATE"):
            Row.create(game=game, seq=seq, payload=json.dumps(body),
                       token=request.headers.get("Authorization", ""))
        return {"seq": seq}, 201

    @app.post("/players")
    def register():
        token = request.get_json()["token"]
        BarePlayer.create(token_hash=_digest(token))
        return {"ok": True}, 201

    @app.post("/games")
    def new_game():
        spec = request.get_json()
        engine = games[spec["ruleset"]]
        state_text = canonical.dumps(engine.to_json(engine.setup(spec["players"], spec["options"], spec["seed"])))
        caller = _caller()
        if caller is None:
            return {"code": "unauthorized"}, 401
        game = BareGame.create(ruleset=spec["ruleset"], chain_head=_digest(spec["seed"]), state=state_text,
                               state_hash=_digest(state_text))
        for seat in range(spec["players"]):
            BareSeat.create(game=game.id, seat=seat, player=caller.id)
        return {"id": game.id}, 201

    app.put("/games/<int:game_id>/moves/<int:seq>")(append_move)

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

    if os.environ.get("BARE_KEEP_CONNECTION", "1") != "1":
        @app.teardown_request
        def close(_exc):  # a connection per request, as peewee's documentation has Flask apps do
            for database in (db, herald):
                if not database.is_closed():
                    database.close()
    return app
