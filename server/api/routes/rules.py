"""The games' guides as web pages, for players (public, no token): the text of
`GET /rulesets/{name}/rules` as HTML, with pictures of real positions, in the language `?lang=`
names or the browser asks for (server/web/guidepages.py)."""
from __future__ import annotations

from flask import Response, jsonify, request
from flask_smorest import Blueprint

from server.guides import reader
from server.web import guidepages
from server.errors import ApiError, msg
from server.api.error_handlers import ErrorSchema
from server.guides import pictures
from server.web.i18n import languages

blp = Blueprint("rules", __name__, url_prefix="/rules", description="The player guides as web pages (HTML)")


def _page(html: str, status: int = 200) -> Response:
    return Response(html, status=status, mimetype="text/html", headers=guidepages.headers())


def _missing(error: ApiError) -> Response:
    """A page a person can read, or the usual JSON error for a program that asked for JSON."""
    if guidepages.wants_html(default=True):
        return _page(guidepages.not_found(error.message, error.details.get("close", [])), error.status)
    response = jsonify(error.body())
    response.status_code = error.status
    response.headers["Vary"] = "Accept"
    return response


@blp.route("")
@blp.response(200, description="the games hosted here, each with a link to its guide (HTML)")
@blp.doc(security=[])
def index():
    """Every game with its guide's first paragraph."""
    return _page(guidepages.rules_index())


@blp.route("/<name>")
@blp.response(200, description="the game's player guide (HTML; JSON as /rulesets/{name}/rules when asked for)")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: no such game (a page, or JSON when asked for)")
@blp.doc(security=[])
def page(name):
    """How to play a game: components, setup, a turn, every card and place, example pictures,
    the move notation and the options, written for players; in the language `?lang=` names,
    else the one the browser asks for (Accept-Language), where the guide is translated."""
    try:
        if not guidepages.wants_html(default=True):
            response = jsonify(reader.rules(name, None, guidepages.page_language()[0]))
            response.headers["Vary"] = "Accept"
            return response
        return _page(guidepages.rules(name))
    except ApiError as error:
        return _missing(error)


@blp.route("/<name>/pictures/<picture>.svg")
@blp.response(200, description="an example position of the guide (SVG)")
@blp.alt_response(404, schema=ErrorSchema, description="not-found: no such game or picture")
@blp.doc(security=[])
def picture(name, picture):
    """A picture of the guide: a real position, drawn as the game page draws it, in the
    language `?lang=` names (a translated guide's page asks so), else English."""
    try:
        reader.known(name)
        if picture not in pictures.names(name):
            raise ApiError(404, "not-found", msg("The %(name)s guide has no picture %(picture)s.", name=name,
                                                 picture=repr(picture)),
                           details={"close": reader.close(picture, pictures.names(name))})
    except ApiError as error:
        return _missing(error)
    svg = pictures.svg(name, picture, languages.normalise(request.args.get("lang")))
    return Response(svg, mimetype="image/svg+xml", headers={**guidepages.HEADERS, "Cache-Control": "public, max-age=86400"})
