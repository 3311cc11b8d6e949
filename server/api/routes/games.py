"""Creating, joining, listing and looking at games."""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Blueprint

from server.table import gamelist, gameviews, lobby
from server.players.auth import current_player
from server.api.error_handlers import ErrorSchema, request_language
from server.web.i18n.catalogs import said
from server.web.i18n.gamewords import is_game_text
from server.api.routes.schemas import (CreatedGameSchema, CreateGameSchema, GameDetailSchema, GameSummarySchema, JoinedSchema,
                            JoinSchema, LegalSchema, ListQuerySchema, RenderSchema, SeatQuerySchema, WaitQuerySchema)

blp = Blueprint("games", __name__, url_prefix="/games", description="Games, invites and views")

GAME_ID = "<int(max=9223372036854775807):game_id>"


@blp.route("", methods=["POST"])
@blp.arguments(CreateGameSchema())
@blp.response(201, CreatedGameSchema)
def create(body):
    """Create a game: one invite per seat; the creator joins with an invite like everyone."""
    caller = current_player()
    return lobby.create_game(caller, body["ruleset"], body["seats"], body["options"] or {}, body["public"],
                             body["days_per_move"], body["on_timeout"], body["rated"], body["reserve_days"])


@blp.route("/join", methods=["POST"])
@blp.arguments(JoinSchema())
@blp.response(200, JoinedSchema)
@blp.alt_response(409, schema=ErrorSchema, description="invite-used, or already-seated (a second seat "
                                                          "needs another_seat)")
@blp.alt_response(429, schema=ErrorSchema, description="rate-limited (Retry-After says when to try again)")
def join(body):
    """Take a seat with an invite; the last join starts the game."""
    return lobby.join_game(current_player(), body["invite"], body["another_seat"])


@blp.route("", methods=["GET"])
@blp.arguments(ListQuerySchema(), location="query")
@blp.response(200, GameSummarySchema(many=True))
def listing(query):
    """My games (?mine=1, the default) or games waiting for players (?open=1), newest first,
    `limit` (default 30, at most 200) at a time: a full page continues with `?before=` its last id."""
    # Summaries are plain JSON already: a marshmallow dump of each would only copy them.
    return jsonify(gamelist.listing(current_player(), query["mine"], query["open"], query["before"], query["limit"]))


@blp.route(f"/{GAME_ID}", methods=["GET"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, GameDetailSchema)
def detail(query, game_id):
    return gameviews.detail(game_id, current_player(), query["seat"])


@blp.route(f"/{GAME_ID}/render", methods=["GET"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, RenderSchema)
def render(query, game_id):
    shown = gameviews.render(game_id, current_player(), query["seat"])
    if is_game_text(shown["text"]):  # the game's board: said in my language as the answer is written
        return shown
    return {**shown, "text": said(shown["text"], request_language())}  # Herald's own words in my language


@blp.route(f"/{GAME_ID}/legal", methods=["GET"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, LegalSchema)
def legal(query, game_id):
    return gameviews.legal(game_id, current_player(), query["seat"])


@blp.route(f"/{GAME_ID}/wait", methods=["GET"])
@blp.arguments(WaitQuerySchema(), location="query")
@blp.response(200, GameDetailSchema)
def wait(query, game_id):
    """Long-poll until I am prompted, the game ends, or `timeout` seconds (max 60) pass."""
    return gameviews.wait(game_id, current_player(), query["seat"], query["timeout"])
