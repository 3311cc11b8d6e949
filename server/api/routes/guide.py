"""Player guides and the glossary: public, read-only, no token (docs/api.md)."""
from __future__ import annotations

from flask import request
from flask_smorest import Blueprint

from server.guides import reader
from server.api.error_handlers import ErrorSchema

blp = Blueprint("guide", __name__, url_prefix="/rulesets", description="Player guides and glossary")


@blp.route("/<name>/rules")
@blp.response(200, description="{ruleset, topic, title, text, topics}")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: no such game or topic")
@blp.doc(security=[])
def rules(name):
    """The player guide of a game (markdown), or with `?topic=` its first section whose heading
    contains the topic; an unknown topic answers 404 with the list of topics."""
    return reader.rules(name, request.args.get("topic"))


@blp.route("/<name>/explain/<path:thing>")
@blp.response(200, description="{ruleset, thing, title, kind, text, rule}")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: unknown game or term, with close matches")
@blp.doc(security=[])
def explain(name, thing):
    """What a card, artefact, territory or board symbol means."""
    return reader.explain(name, thing)
