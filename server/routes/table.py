"""Endpoints around a game (docs/api.md, "Around the game"): public joins, ..."""
from __future__ import annotations

from flask_smorest import Blueprint

from server import public_games
from server.auth import current_player
from server.errors import ErrorSchema
from server.routes.games import GAME_ID
from server.schemas import JoinedSchema

blp = Blueprint("table", __name__, url_prefix="/games", description="Around the game")


@blp.route(f"/{GAME_ID}/join", methods=["POST"])
@blp.response(200, JoinedSchema)
@blp.alt_response(403, schema=ErrorSchema, description="not-public")
@blp.alt_response(409, schema=ErrorSchema, description="game-not-open")
def join_public(game_id):
    """Take the first free seat of a public game, without an invite."""
    return public_games.join_public(current_player(), game_id)
