"""The game page: GET /play/{id} (HTML), its forms POST /play/{id}/move, /play/{id}/chat and
/play/{id}/language (their addresses opened with GET lead back to the page) and its long-poll
GET /play/{id}/wait, all authorised by a signed seat link (server.web.playlinks) given as
`?t=`, a form field, or the cookie the page sets; and for players, GET /games/{id}/link and
POST /games/{id}/link/revoke with their API token."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Response, g, redirect, request
from flask_smorest import Blueprint
from peewee import DatabaseError
from werkzeug.wrappers import Response as BaseResponse

from core import resign
from server.table import chat, gameviews, movelog
from server.web import playlinks, playpage
from server.web.i18n import languages
from server.players.auth import current_player
from server.config import current_settings
from server.errors import ApiError, Sentence, msg
from server.api.error_handlers import BROWSER_REFUSAL, ErrorSchema
from server.api.routes.games import GAME_ID
from server.api.routes.schemas import SeatQuerySchema

blp = Blueprint("play", __name__, url_prefix="/play", description="The game page in a browser (HTML)")
links = Blueprint("links", __name__, url_prefix="/games", description="Links to the game page")

COOKIE = "herald_play"
MAX_WAIT = 25
GRANTED = "play_grant"  # flask.g: the grant this request's link gave, for its refusal page (`_way_back`)

# The page and its form answer HTML, refusals included (a missing or revoked link, a refused
# move beside the box): so says the OpenAPI document, instead of flask-smorest's JSON default.
HTML = {"type": "string", "description": "an HTML page"}
PAGE_REFUSAL = {"description": "the refusal as a page (a missing, expired or revoked link: 401/403/404), "
                               "with the same status as the API's error",
                "content": {"text/html": {"schema": HTML}}}
MOVE_FORM = {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
    "type": "object", "required": ["t", "seq"],
    "properties": {"t": {"type": "string", "description": "the page's link token"},
                   "seq": {"type": "integer", "description": "the move number the page shows"},
                   "text": {"type": "string", "description": "the move, as typed"},
                   "choice": {"type": "string", "description": "the move, as chosen from the list"}}}}}}


def _headers(nonce: str | None = None) -> dict:
    """The page loads nothing from elsewhere and runs only its own inline script."""
    script = f"'nonce-{nonce}'" if nonce else "'none'"
    return {"Content-Security-Policy": f"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                                       f"script-src {script}; connect-src 'self'; form-action 'self'; "
                                       f"base-uri 'none'; frame-ancestors 'none'",
            "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff"}


def _link_token(read_body: bool = True) -> str | None:
    """The page link's token this request carries: its form's `t`, the address's, or the page's
    cookie (the form left out where the body must not be read: one refused for its size)."""
    return (read_body and request.form.get("t")) or request.args.get("t") or request.cookies.get(COOKIE)


def _grant(game_id: int):
    token = _link_token()
    if not token:
        raise ApiError(401, "link-required", msg("Open this page with the link from your turn mail "
                                                 "(or 'herald link GAME')."))
    return _granted(playlinks.caller_for(token, game_id))


def _granted(grant):
    """`grant`, remembered for this request: should something refuse it later (a busy database),
    its refusal page leads back to the game with what was typed (`_way_back`)."""
    g.setdefault(GRANTED, grant)
    return grant


def _refused_link(error: ApiError) -> tuple[str | None, int] | None:
    """(token, game) of the link this request carried where the link itself was refused (its
    player's language then says the refusal); None for any other refusal, whose request (a body
    too large, say) must not be read again."""
    game_id = (request.view_args or {}).get("game_id")
    if error.code != "bad-link" or not isinstance(game_id, int):
        return None
    return _link_token(), game_id


def _way_back(error: ApiError) -> playpage.WayBack | None:
    """What the refusal page may offer: the game this request's own link granted (never a
    refused link's), and what its move or talk form sent, to copy or send again. A body refused
    for its size is never read: the page says so, and leads back where the link in the address
    or the page's cookie grants the game. None where no grant is known."""
    grant = g.get(GRANTED)
    game_id = (request.view_args or {}).get("game_id")
    if grant is None and error.status == 413 and isinstance(game_id, int):
        try:  # (only the headers: the address's link, the cookie)
            grant = playlinks.caller_for(_link_token(read_body=False) or "", game_id)
        except (ApiError, DatabaseError):
            grant = None
    if grant is None:
        return None
    if error.status == 413:
        return playpage.WayBack(grant, unread=True)
    form = request.path.rsplit("/", 1)[-1] if request.method == "POST" else ""
    if form not in ("move", "chat"):
        return playpage.WayBack(grant)
    text = (request.form.get("choice") if form == "move" else None) or request.form.get("text", "")
    return playpage.WayBack(grant, form, text, {name: request.form[name] for name in ("seq", "confirm", "to", "key")
                                                if name in request.form})


def _form_grant(game_id: int, sentence: Sentence):
    """What a form's own link token (field `t`) grants, never the cookie alone, so that another
    site cannot post the page's forms with the cookie (no CSRF); 401 saying `sentence` without."""
    if not request.form.get("t"):
        raise ApiError(401, "link-required", sentence)
    return _granted(playlinks.caller_for(request.form["t"], game_id))


def _refusal(error: ApiError) -> Response:
    html, language = playpage.render_refusal(error, _refused_link(error), _way_back(error))
    return Response(html, status=error.status, mimetype="text/html",
                    headers={**_headers(), "Content-Language": language})


def _back(game_id: int, token: str | None = None, keep_language: bool = True, played: int | None = None,
          part: str = "") -> BaseResponse:
    """303 to the game page: with the link the form posted (`token`), so a browser that keeps no
    cookie still sees the page (the link is in the address the player opened anyway), with the
    `?lang=` the page was shown in (`keep_language`), with the move just `played` (its seq),
    which the page then says it played, script or no script, and at the `part` named (`#id`)."""
    query: dict[str, object] = {"t": token} if token else {}
    chosen = languages.normalise(request.args.get("lang")) if keep_language else None
    if chosen:
        query["lang"] = chosen
    if played is not None:
        query["played"] = played
    return redirect(f"/play/{game_id}" + (f"?{urlencode(query)}" if query else "") + part, code=303)


def _page(grant, status: int = 200, error: ApiError | None = None, typed: str = "",
          said_to: playpage.TalkForm | None = None, language_error: ApiError | None = None) -> Response:
    played = request.args.get("played", type=int) if request.method == "GET" else None
    html, nonce, language = playpage.render(grant, error, typed, played, said_to, language_error)
    response = Response(html, status=status, mimetype="text/html",
                        headers={**_headers(nonce), "Content-Language": language})
    # The page's own later calls (reload, long-poll) carry the link as a cookie for this game only.
    # Secure also where TLS ends at a proxy that does not say so (HERALD_PROXIES unset): the link
    # it holds plays the seat, and must never go in clear to an http:// address of the server.
    secure = request.is_secure or current_settings().public_url.startswith("https:")
    response.set_cookie(COOKIE, grant.token, path=f"/play/{grant.game}", httponly=True, samesite="Lax",
                        secure=secure, max_age=90 * 24 * 3600)
    return response


@blp.route(f"/{GAME_ID}", methods=["GET"])
@blp.response(200, HTML, content_type="text/html", description="the game page")
@blp.doc(security=[], responses={"default": PAGE_REFUSAL})
def page(game_id):
    """The game page for the seat the link (`?t=`) grants."""
    try:
        return _page(_grant(game_id))
    except ApiError as error:
        return _refusal(error)


@blp.route(f"/{GAME_ID}/move", methods=["POST"])
@blp.response(303, description="played: back to the game page (Location: /play/{game_id})")
@blp.doc(security=[], requestBody=MOVE_FORM, responses={"default": {
    "description": "the page again with the refusal beside the box (the API error's status: 409, 422, ...), "
                   "or a refusal page for a bad link",
    "content": {"text/html": {"schema": HTML}}}})
def move(game_id):
    """The page's move box: the PUT /games/{id}/moves/{seq} path, as a form (fields t, seq, text)."""
    try:
        grant = _form_grant(game_id, msg("Play from the game page (its link is in your turn mail)."))
    except ApiError as error:
        return _refusal(error)
    text = (request.form.get("choice") or request.form.get("text") or "").strip()
    try:
        if not text:
            raise ApiError(422, "invalid-input", msg("Type a move (or choose one of your legal moves)."))
        if resign.parse(text) and request.form.get("confirm") != "yes":  # the Resign form's tick, never a typo
            raise ApiError(422, "confirm-resign", msg("To resign, use the Resign form below."))
        try:
            seq = int(request.form.get("seq", ""))
        except ValueError:
            raise ApiError(422, "invalid-input", msg("The page sent no move number; reload it.")) from None
        movelog.submit(grant.caller, game_id, seq, grant.seat, None, text)
    except ApiError as error:
        return _page(grant, error.status, error, text)
    return _back(game_id, grant.token, played=seq)


TALK_FORM = {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
    "type": "object", "required": ["t", "text"],
    "properties": {"t": {"type": "string", "description": "the page's link token"},
                   "text": {"type": "string", "description": "the message, at most 1,000 characters"},
                   "to": {"type": "string", "description": "a seat to say it to alone; empty: everyone"},
                   "key": {"type": "string", "description": "the form's own key: sent twice, said once"}}}}}}


@blp.route(f"/{GAME_ID}/chat", methods=["POST"])
@blp.response(303, description="said: back to the game page's table talk (Location: /play/{game_id}#talk-heading)")
@blp.doc(security=[], requestBody=TALK_FORM, responses={"default": {
    "description": "the page again with the refusal beside the talk box and the message still in it (422 for "
                   "an empty or too long message, 429 past 10 a minute), or a refusal page for a bad link",
    "content": {"text/html": {"schema": HTML}}}})
def talk(game_id):
    """The page's talk form: POST /games/{id}/chat for the link's seat, as a form (fields t, text,
    to, key)."""
    try:
        grant = _form_grant(game_id, msg("Talk from the game page (its link is in your turn mail)."))
    except ApiError as error:
        return _refusal(error)
    text, to = request.form.get("text", ""), request.form.get("to", "")
    key = request.form.get("key") or None
    sent = playpage.TalkForm(None, text, int(to) if to.isascii() and to.isdigit() and len(to) < 4 else None)
    try:
        if to and sent.to is None:
            raise ApiError(422, "bad-recipient", msg("Choose whom to say it to from the list."))
        if key is not None and not chat.KEY.fullmatch(key):
            raise ApiError(422, "invalid-input", msg("The page sent a broken form; reload it."))
        chat.say(grant.caller, game_id, text, [sent.to] if sent.to is not None else None, grant.seat, key)
    except ApiError as error:
        sent.error = error
        return _page(grant, error.status, said_to=sent)
    return _back(game_id, grant.token, part="#talk-heading")


@blp.route(f"/{GAME_ID}/chat", methods=["GET"])
@blp.response(303, description="back to the game page (Location: /play/{game_id}, `?lang=` kept)")
@blp.doc(security=[], responses={"default": PAGE_REFUSAL})
def talk_address(game_id):
    """The talk form's address opened in a browser: back to the page, never a JSON error."""
    return _to_page(game_id)


@blp.route(f"/{GAME_ID}/move", methods=["GET"])
@blp.response(303, description="back to the game page (Location: /play/{game_id}, `?lang=` kept)")
@blp.doc(security=[], responses={"default": PAGE_REFUSAL})
def move_address(game_id):
    """The move form's address opened in a browser: back to the page, never a JSON error."""
    return _to_page(game_id)


@blp.route(f"/{GAME_ID}/language", methods=["GET"])
@blp.response(303, description="back to the game page (Location: /play/{game_id}, `?lang=` kept)")
@blp.doc(security=[], responses={"default": PAGE_REFUSAL})
def language_address(game_id):
    """The language form's address opened in a browser: back to the page, never a JSON error."""
    return _to_page(game_id)


def _to_page(game_id: int) -> BaseResponse:
    try:
        _grant(game_id)  # a link (the cookie) or the refusal page, as the page itself would answer
    except ApiError as error:
        return _refusal(error)
    return _back(game_id)


LANGUAGE_FORM = {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
    "type": "object", "required": ["t", "language"],
    "properties": {"t": {"type": "string", "description": "the page's link token"},
                   "language": {"type": "string", "description": "en, sv, ru, nl, es or hu"}}}}}}


@blp.route(f"/{GAME_ID}/language", methods=["POST"])
@blp.response(303, description="chosen: back to the game page (Location: /play/{game_id})")
@blp.doc(security=[], requestBody=LANGUAGE_FORM, responses={"default": {
    "description": "the page again with the refusal (422 for a language Herald does not speak), or a refusal "
                   "page for a bad link",
    "content": {"text/html": {"schema": HTML}}}})
def language(game_id):
    """The page's language form: the language Herald writes to the link's player in, on this page and
    in every mail (as `PATCH /players/me {language}`)."""
    try:
        grant = _form_grant(game_id, msg("Choose from the game page (its link is in your turn mail)."))
    except ApiError as error:
        return _refusal(error)
    try:
        playpage.choose_language(grant, request.form.get("language", ""))
    except ApiError as error:
        return _page(grant, error.status, language_error=error)
    return _back(game_id, grant.token, keep_language=False)  # the choice, not `?lang=`, speaks now


@blp.record_once
def _refuse_pages_as_pages(state) -> None:
    """Every refusal of a page request a browser made, whoever raises it (a busy database, a body
    too large, a number too long), is the refusal page: error_handlers.error_response asks."""
    state.app.extensions[BROWSER_REFUSAL] = browser_refusal


def browser_refusal(error: ApiError) -> Response | None:
    """A refusal of a request for a page under /play that a browser made (it prefers HTML), as
    the refusal page; None for any other request (the long-poll, a script), which the API's JSON
    answers."""
    accepted = request.accept_mimetypes
    if request.path.startswith("/play/") and not request.path.endswith("/wait") \
            and accepted.quality("text/html") > accepted.quality("application/json"):
        return _refusal(error)
    return None


@blp.route(f"/{GAME_ID}/wait", methods=["GET"])
@blp.response(200, description="the game as JSON once it moved (or the long-poll ran out)")
@blp.doc(security=[])
def wait(game_id):
    """The page's long-poll: GET /games/{id}/wait for the link's seat; answers version, status, prompted."""
    grant = None
    try:
        grant = _grant(game_id)
        timeout = min(max(request.args.get("timeout", 10, type=int) or 0, 0), MAX_WAIT)
        body = gameviews.wait(game_id, grant.caller, grant.seat, timeout)
    except ApiError as error:
        refusal, language = playpage.refusal_json(error, grant, _refused_link(error))
        return refusal, error.status, {"Content-Language": language, "Vary": "Accept-Language"}
    return {"version": body["version"], "status": body["status"],
            "prompted": any(p["seat"] == grant.seat for p in body["prompted"])}


@links.route(f"/{GAME_ID}/link", methods=["GET"])
@links.response(200, description="a signed link to my seat's game page")
@links.arguments(SeatQuerySchema(), location="query")
@links.alt_response(503, schema=ErrorSchema, description="links-disabled")
def link(query, game_id):
    """A link to the game page for my seat (`?seat=` if I hold several): anyone holding it plays that seat."""
    return playlinks.link(gameviews.load_game(game_id), current_player(), query["seat"])


@links.route(f"/{GAME_ID}/link/revoke", methods=["POST"])
@links.response(200, description="every earlier link of my seat revoked")
@links.arguments(SeatQuerySchema(), location="query")
def revoke(query, game_id):
    """Revoke every earlier page link of my seat; answers the new link."""
    return playlinks.revoke(gameviews.load_game(game_id), current_player(), query["seat"])
