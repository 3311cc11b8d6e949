"""Endpoints around a game (docs/api.md, "Around the game"): public joins, chat, ..."""
from __future__ import annotations

from flask import jsonify, request
from marshmallow import ValidationError
from flask_smorest import Blueprint

from server.table import chat, export, handover, public_games, undo
from server.players.auth import current_player
from server.errors import ApiError, msg
from server.api.error_handlers import ErrorSchema, request_language
from server.web.i18n.catalogs import said
from server.api.routes.games import GAME_ID
from server.api.routes.schemas import JoinedSchema, SeatQuerySchema
from server.api.routes.table_schemas import (ChatMessageSchema, ChatQuerySchema, ChatSchema, HandedOverSchema, HandoverSchema,
                                  SayBodySchema, UndoAnswerSchema, UndoStandingSchema)

blp = Blueprint("table", __name__, url_prefix="/games", description="Around the game")


@blp.route(f"/{GAME_ID}/join", methods=["POST"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, JoinedSchema)
@blp.alt_response(403, schema=ErrorSchema, description="forbidden (details.reason not-public)")
@blp.alt_response(409, schema=ErrorSchema, description="game-not-open")
def join_public(query, game_id):
    """Take the first free seat of a public game, without an invite."""
    return public_games.join_public(current_player(), game_id, query["seat"])


@blp.route(f"/{GAME_ID}/chat", methods=["POST"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.arguments(SayBodySchema())
@blp.response(201, ChatMessageSchema)
@blp.alt_response(409, schema=ErrorSchema, description="key-used: another message under a key already used")
@blp.alt_response(429, schema=ErrorSchema, description="too-many-messages")
def say(query, body, game_id):
    """Say something at the table: to everyone, or to the seats in `to` (`key`: said once however
    often it is sent)."""
    return chat.say(current_player(), game_id, body["text"], body["to"], query["seat"], body["key"])


@blp.route(f"/{GAME_ID}/chat", methods=["GET"])
@blp.arguments(ChatQuerySchema(), location="query")
@blp.response(200, ChatSchema)
def messages(query, game_id):
    """The messages I may read, after message id `after` (Herald's notes in my language)."""
    found = chat.read(current_player(), game_id, query["after"], query["seat"])
    language = request_language()
    return {**found, "messages": [{**m, "text": said(m["text"], language)} for m in found["messages"]]}


@blp.route(f"/{GAME_ID}/export", methods=["GET"])
@blp.response(200, description="the game record (docs/table.md)")
@blp.arguments(SeatQuerySchema(), location="query")
def export_game(query, game_id):
    """The game's self-contained record: only what my seat may see during play; everything,
    with the seed, once it is over."""
    return jsonify(export.export(current_player(), game_id, query["seat"]))


@blp.route(f"/{GAME_ID}/undo", methods=["POST"])
@blp.response(200, description="the proposal")
@blp.arguments(SeatQuerySchema(), location="query")
@blp.alt_response(422, schema=ErrorSchema, description="not-undoable")
def propose_undo(query, game_id):
    """Propose to take back my latest move; the others accept or decline."""
    status, body = undo.propose(current_player(), game_id, query["seat"])
    return jsonify(body), status


@blp.route(f"/{GAME_ID}/undo", methods=["GET"])
@blp.response(200, description="the open proposal, if any")
@blp.arguments(SeatQuerySchema(), location="query")
def undo_status(query, game_id):
    """The latest undo proposal of the game, if any."""
    return jsonify(undo.latest(current_player(), game_id, query["seat"]))


@blp.route(f"/{GAME_ID}/undo/<int(max=9223372036854775807):seq>", methods=["POST"])
@blp.response(200, description="the proposal after this answer")
@blp.arguments(SeatQuerySchema(), location="query")
def answer_undo(query, game_id, seq):
    """Accept or decline the proposal to take back move `seq`: body {answer: accept|decline}.
    The seat is checked before the body is read, so a stranger learns nothing from a 422."""
    return jsonify(undo.answer(current_player(), game_id, seq, lambda: _body(UndoAnswerSchema)["answer"],
                               query["seat"]))


@blp.route(f"/{GAME_ID}/undo-standing", methods=["PUT"])
@blp.response(200, description="the standing answer")
@blp.arguments(SeatQuerySchema(), location="query")
def undo_standing(query, game_id):
    """My seat's standing answer: body {always_accept: bool}."""
    return jsonify(undo.standing(current_player(), game_id, lambda: _body(UndoStandingSchema)["always_accept"],
                                 query["seat"]))


def _body(schema):
    """The JSON body, validated by `schema` (422 `invalid-input` per field)."""
    try:
        return schema().load(request.get_json(silent=True) or {})
    except ValidationError as error:
        raise ApiError(422, "invalid-input", msg("The request is not valid."), details={"fields": error.messages}) from None


@blp.before_request
def _seated_or_creator():
    """Before the body is read (as for every game route): a stranger learns nothing from a 422."""
    if request.endpoint == "table.hand_over":
        args = request.view_args or {}
        handover.check_reaches(current_player(), args["game_id"], args["seat"])


@blp.route(f"/{GAME_ID}/seats/<int(max=63):seat>/handover", methods=["POST"])
@blp.arguments(HandoverSchema)
@blp.response(201, HandedOverSchema)
@blp.alt_response(403, schema=ErrorSchema, description="forbidden: not your seat")
@blp.alt_response(409, schema=ErrorSchema, description="game-not-active, no-bots, or already-seated (the address "
                                                      "is a seated player's)")
@blp.alt_response(429, schema=ErrorSchema, description="too-many-invitations (30 a day, 3 to one address)")
def hand_over(body, game_id, seat):
    """Hand my seat over: invite a new player by mail to take it, or give it to a house bot."""
    if "invite" in body:
        return handover.invite(current_player(), game_id, seat, body["invite"])
    return handover.to_bot(current_player(), game_id, seat, body["bot"])
