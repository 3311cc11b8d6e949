"""Health and the list of games this server hosts."""
from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from server.web import guidepages
from server.api import health as health_report
from server.api.error_handlers import ErrorSchema
from server.rulesets import available
from server.api.routes.guide import LANG, guide_language
from server.api.routes.schemas import RulesetSchema
from server.web.i18n import gamewords

blp = Blueprint("meta", __name__, description="Server health and available games")


@blp.route("/")
@blp.response(200, description="Where to go from here (the link at the foot of every mail): a page for a "
                               "browser (Accept: text/html), else these links as JSON")
@blp.doc(security=[])
def index():
    """The server's front door. A mail's footer links here, so a browser gets a page a player can
    read (the games, their rules, how to join); a program (JSON, `*/*` or no Accept) the links."""
    if guidepages.wants_html(default=False):
        return Response(guidepages.front_door(), mimetype="text/html", headers=guidepages.headers())
    return {"name": "Herald", "about": "A turn server for slow board games, played by mail and from a shell.",
            "api_docs": "/docs", "openapi": "/openapi.json", "rulesets": "/rulesets", "rules": "/rules",
            "health": "/health"}, 200, {"Vary": "Accept"}


@blp.route("/health")
@blp.response(200, health_report.HealthSchema, description="The database takes writes")
@blp.alt_response(503, schema=health_report.HealthSchema,
                  description="The database does not take writes (disk full, read-only, ...): `database.reason`")
@blp.doc(security=[])
def health():
    """Whether the database takes writes (a real write, at most every 5 s) and the outbox's age."""
    body, status = health_report.report()
    return body, status


@blp.route("/rulesets")
@blp.response(200, RulesetSchema(many=True))
@blp.alt_response(422, schema=ErrorSchema, description="invalid-input: a language Herald does not speak")
@blp.doc(security=[], parameters=[{**LANG, "description": "the language of the options' help (default: English)"}])
def rulesets():
    """The games this server offers and their options; `?lang=sv` (sv, ru, nl, es, hu): each
    option's help in that language."""
    language = guide_language()
    return [gamewords.described(game.describe(), language) for game in available()]
