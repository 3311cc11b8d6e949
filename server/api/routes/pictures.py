"""GET /games/{id}/picture.svg: the board as the caller's seat sees it."""
from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from server.table import pictures
from server.players.auth import current_player
from server.web.i18n import gamewords
from server.api.speaking import reader_language
from server.api.error_handlers import ErrorSchema
from server.api.routes.games import GAME_ID
from server.api.routes.schemas import SeatQuerySchema

blp = Blueprint("pictures", __name__, url_prefix="/games", description="The board as an SVG picture")

# The picture holds the seat's own hand: never cached by anyone in between.
PRIVATE = {"Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"}


@blp.route(f"/{GAME_ID}/picture.svg", methods=["GET"])
@blp.arguments(SeatQuerySchema(), location="query")
@blp.alt_response(200, description="image/svg+xml: the board as my seat sees it")
@blp.alt_response(409, schema=ErrorSchema, description="game-not-started")
def picture(query, game_id):
    """The board as an SVG picture from my seat (`?seat=` as for the game's view), its words in
    my language (my setting, else Accept-Language, else English)."""
    svg = pictures.picture_for(game_id, current_player(), query["seat"],
                               lambda ruleset: gamewords.speaking(reader_language(), ruleset))
    return Response(svg, mimetype="image/svg+xml", headers={**PRIVATE, "Vary": "Accept-Language"})
