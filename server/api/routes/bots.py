"""GET /games/{id}/known: what the caller's seat knows of the whole game, for bots.

A seat's view is made for people: it leaves out the engine's bookkeeping (whose question comes
next, where a battle's steps stand), so a program that searches the game cannot rebuild a state
from it. This endpoint answers the engine's `known_state(state, seat)`: the state with the seed
removed and everything the seat may not see blanked (docs/bots.md). It tells nothing the seat's
view and log would not; `herald bot` plays from it.
"""
from __future__ import annotations

from flask import request
from flask_smorest import Blueprint, abort
from marshmallow import Schema, ValidationError, fields, validate

from core.bots.levels import LEVELS

from server.table import gameviews, house_bots, lobby
from server.players.auth import current_player
from server.errors import ApiError, msg
from server.api.error_handlers import ErrorSchema
from server.api.routes.games import GAME_ID
from server.api.routes.schemas import JoinedSchema, SeatQuerySchema, StrictSchema
from server.players.seats import resolve_seat

blp = Blueprint("bots", __name__, url_prefix="/games", description="What a seat knows, for bots")


class KnownSchema(Schema):
    version = fields.Integer()
    seat = fields.Integer()
    prompted = fields.Boolean()
    ruleset = fields.String()
    known = fields.Raw(metadata={"description": "the engine's known_state for the seat"})


@blp.route(f"/{GAME_ID}/known", methods=["GET"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, KnownSchema)
@blp.alt_response(409, schema=ErrorSchema, description="game-not-active or no-bots")
def known(query, game_id):
    """The caller's seat's knowledge of the game (the state less everything hidden from it)."""
    game, engine, state = gameviews.current_state(game_id)
    seat = resolve_seat(game, current_player(), query["seat"])
    if game.status != "active" or state is None:
        raise ApiError(409, "game-not-active", msg("This game is not being played: there is nothing to decide."))
    try:
        knowledge = engine.known_state(state, seat)
    except NotImplementedError:
        raise ApiError(409, "no-bots", msg("%(title)s has no bots: its rules do not describe what a seat knows.",
                                           title=game.title)) from None
    return {"version": game.version, "seat": seat, "ruleset": game.ruleset, "known": knowledge,
            "prompted": any(p["seat"] == seat for p in game.prompted or [])}


class SeatBotSchema(StrictSchema):
    seat = fields.Integer(required=True, validate=validate.Range(min=0, max=5))
    level = fields.String(load_default="search", validate=validate.OneOf(LEVELS))


@blp.route(f"/{GAME_ID}/bots", methods=["POST"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.response(200, JoinedSchema)
@blp.alt_response(409, schema=ErrorSchema, description="invite-used, game-not-open or no-bots")
def seat_bot(query, game_id):
    """The creator seats a house bot (played by `herald server bots`) at a free seat. Who may ask
    is checked before the body is read, as on every game route."""
    caller = current_player()
    game = gameviews.load_game(game_id)
    if query["seat"] is not None:
        resolve_seat(game, caller, query["seat"])     # naming a seat that is not yours: 403
    house_bots.check_creator(caller, game)
    try:
        body = SeatBotSchema().load(request.get_json(silent=True) or {})
    except ValidationError as error:
        abort(422, messages={"json": error.messages})
    return lobby.seat_bot(caller, game_id, body["seat"], body["level"])
