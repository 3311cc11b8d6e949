"""My webhooks (server/webhooks.py): POST, GET /webhooks and DELETE /webhooks/{id}."""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Blueprint

from server import webhooks
from server.auth import current_player
from server.table_schemas import HookQuerySchema, WebhookBodySchema

blp = Blueprint("webhooks", __name__, url_prefix="/webhooks", description="Webhooks")


@blp.route("", methods=["POST"])
@blp.response(200, description="the webhook, with its signing secret (shown once)")
@blp.arguments(WebhookBodySchema())
def register(body):
    """Register a URL for my games (or, with `game`, for one game); the secret is shown once."""
    return jsonify(webhooks.register(current_player(), body["url"], body["format"], body["game"])), 201


@blp.route("", methods=["GET"])
@blp.response(200, description="my webhooks")
def listing():
    return jsonify({"webhooks": webhooks.listing(current_player())})


@blp.route("", methods=["DELETE"])
@blp.response(200, description="what was removed")
@blp.arguments(HookQuerySchema(), location="query")
def remove(query):
    """Remove my webhook `?id=N`."""
    webhooks.remove(current_player(), query["id"])
    return "", 204
