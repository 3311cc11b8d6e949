"""Submitting moves (idempotent PUT at a sequence number) and reading the redacted log."""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Blueprint

from server.web.i18n.gametext import render_event_text

from server.table import movelog, preview
from server.players.auth import current_player
from server.api.routes.games import GAME_ID
from server.api.error_handlers import ErrorSchema, request_language
from server.api.routes.schemas import LogQuerySchema, LogSchema, MovePutQuerySchema, MoveResultSchema, MoveSubmitSchema

blp = Blueprint("moves", __name__, url_prefix="/games", description="The move log")

SEQ = "<int(max=9223372036854775807):seq>"


@blp.route(f"/{GAME_ID}/moves/{SEQ}", methods=["PUT"])
@blp.arguments(MovePutQuerySchema(), location="query")
@blp.arguments(MoveSubmitSchema())
@blp.response(201, MoveResultSchema)
@blp.alt_response(200, schema=MoveResultSchema, description="The same move again: the same answer")
@blp.alt_response(409, schema=ErrorSchema, description="seq-taken, seq-ahead or game-not-active")
def put_move(query, body, game_id, seq):
    """Make move `seq` (= the current version). Same move again: 200 with the same answer.
    With `?dry_run=1`: 200 with what the move would do, as my seat may see it; nothing is played."""
    caller = current_player()
    if query["dry_run"]:
        return jsonify(preview.dry_run(caller, game_id, seq, query["seat"], body.get("move"), body.get("text")))
    status, answer = movelog.submit(caller, game_id, seq, query["seat"], body.get("move"), body.get("text"))
    return jsonify(answer), status  # already MoveResultSchema's shape: a dump would only copy it


@blp.route(f"/{GAME_ID}/moves", methods=["GET"])
@blp.arguments(LogQuerySchema(), location="query")
@blp.response(200, LogSchema)
def log(query, game_id):
    """The log from `from` on, showing only what my seat may see (the server's own events, such
    as an undo's, in my language)."""
    caller = current_player()
    language = request_language()
    # The entries are plain JSON already: a marshmallow dump of each would only copy them.
    return jsonify(movelog.read_log(caller, game_id, query["from_"], query["seat"],
                                    text_of=lambda event: render_event_text(event, language)))
