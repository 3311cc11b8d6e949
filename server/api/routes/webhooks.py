"""My webhooks (server/table/webhooks.py): POST, GET /webhooks and DELETE /webhooks/{id}."""
from __future__ import annotations

from flask import jsonify
from flask_smorest import Blueprint

from server.config import current_settings
from server.table import webhooks
from server.players.auth import current_player
from server.api.error_handlers import ErrorSchema
from server.api.routes.table_schemas import HookQuerySchema, WebhookBodySchema

blp = Blueprint("webhooks", __name__, url_prefix="/webhooks", description="Webhooks")


@blp.route("", methods=["POST"])
@blp.response(200, description="the webhook, with its signing secret (shown once)")
@blp.alt_response(422, schema=ErrorSchema,
                  description="bad-url, bad-format, webhook-address-refused (an address inside the server's network), "
                              "webhook-host-unknown")
@blp.arguments(WebhookBodySchema())
def register(body):
    """Register a URL for my games (or, with `game`, for one game); the secret is shown once.
    The URL's host must be a public Internet address (422 `webhook-address-refused`)."""
    hook = webhooks.register(current_player(), body["url"], body["format"], body["game"],
                             current_settings().webhook_allow_networks)
    return jsonify(hook), 201


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
