"""Health and the list of games this server hosts."""
from __future__ import annotations

from flask_smorest import Blueprint

from server.rulesets import available
from server.schemas import RulesetSchema

blp = Blueprint("meta", __name__, description="Server health and available games")


@blp.route("/health")
@blp.doc(security=[])
def health():
    return {"ok": True}


@blp.route("/rulesets")
@blp.response(200, RulesetSchema(many=True))
@blp.doc(security=[])
def rulesets():
    return [game.describe() for game in available()]
