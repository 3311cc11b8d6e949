"""Player guides and the glossary: public, read-only, no token (docs/api.md)."""
from __future__ import annotations

from flask import request
from flask_smorest import Blueprint

from server.guides import reader
from server.errors import ApiError
from server.api.error_handlers import ErrorSchema
from server.web.i18n import languages

blp = Blueprint("guide", __name__, url_prefix="/rulesets", description="Player guides and glossary")


LANG = {"in": "query", "name": "lang", "required": False, "schema": {"type": "string", "enum": list(languages.LANGUAGES)},
        "description": "the guide's language (default: English); a language the guide is not translated into "
                       "answers the English guide"}

EXPLAIN_LANG = {**LANG, "description": "the language of the explanation (default: English)"}


def guide_language() -> str:
    """`?lang=`: a language Herald speaks, else 422 with the choices."""
    asked = request.args.get("lang")
    if not asked:
        return languages.DEFAULT
    found = languages.normalise(asked)
    if found is None:
        raise ApiError(422, "invalid-input", languages.unknown(asked), details={"languages": list(languages.LANGUAGES)})
    return found


@blp.route("/<name>/rules")
@blp.response(200, description="{ruleset, topic, title, text, topics, language}")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: no such game or topic")
@blp.alt_response(422, schema=ErrorSchema, description="invalid-input: a language Herald does not speak")
@blp.doc(security=[], parameters=[LANG])
def rules(name):
    """The player guide of a game (markdown), or with `?topic=` its first section whose heading
    contains the topic (in the guide's language); an unknown topic answers 404 with the list of
    topics. `?lang=sv` (sv, ru, nl, es, hu): the guide translated; `language` says which it is."""
    return reader.rules(name, request.args.get("topic"), guide_language())


@blp.route("/<name>/explain/<path:thing>")
@blp.response(200, description="{ruleset, thing, title, kind, kind_text, text, rule, language}")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: unknown game or term, with close matches")
@blp.alt_response(422, schema=ErrorSchema, description="invalid-input: a language Herald does not speak")
@blp.doc(security=[], parameters=[EXPLAIN_LANG])
def explain(name, thing):
    """What a card, artefact, territory or board symbol means. `?lang=sv` (sv, ru, nl, es, hu):
    the title and text in that language, components named as its printed edition names them;
    `thing` is still the English name or symbol (a component's name in that language is
    understood too); `language` says which language the answer is in."""
    return reader.explain(name, thing, guide_language())
