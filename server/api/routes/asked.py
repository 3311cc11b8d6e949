"""GET /me/next: where I am asked to decide, oldest first (`herald next`)."""
from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from server.api.routes.schemas import GameText
from server.table import asked
from server.players.auth import current_player

blp = Blueprint("asked", __name__, url_prefix="/me", description="What is asked of me")


class AskedSchema(Schema):
    game = fields.Integer()
    ruleset = fields.String()
    title = GameText(metadata={"description": "the game's title, as my language names the game"})
    version = fields.Integer(metadata={"description": "the game's move count: the seq to play at"})
    seat = fields.Integer()
    kind = fields.String(metadata={"description": "turn, or an out-of-turn window's kind"})
    text = GameText(metadata={"description": "what is asked, player names filled in, in my language"})
    since = fields.String(allow_none=True, metadata={"description": "when it was asked (UTC)"})
    waiting_seconds = fields.Integer(allow_none=True, metadata={"description": "how long ago, by the server's clock"})
    deadline = fields.String(allow_none=True, metadata={"description": "when it must be answered; null without time controls"})
    deadline_text = fields.String(allow_none=True, metadata={
        "description": "the deadline as I read dates (my time zone and language); absent when no entry has one"})


@blp.route("/next")
@blp.response(200, AskedSchema(many=True))
def next_asked():
    """Every prompt of my seats in my active games, the longest-waiting first."""
    return asked.asked(current_player())
