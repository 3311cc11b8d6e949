"""GET /ratings/{ruleset}: the ruleset's openskill ratings (server/table/ratings.py)."""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Blueprint

from server.table import ratings

blp = Blueprint("ratings", __name__, url_prefix="/ratings", description="Ratings per ruleset")


@blp.route("/<string(maxlength=64):ruleset>", methods=["GET"])
@blp.response(200, description="the ruleset's ratings, best first")
def ruleset_ratings(ruleset):
    """Every rated player of RULESET, best first."""
    return jsonify(ratings.table(ruleset))
