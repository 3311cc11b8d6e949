"""The Flask app factory: configuration, database, API blueprints, JSON errors."""
from __future__ import annotations

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SessionInterface
from werkzeug.exceptions import RequestEntityTooLarge

from server.api.speaking import SpeakingJSONProvider
from server.api import headers
from server.table import movelog, seeds
from server.api import apidocs, health, idempotency, ratelimits
from server.store import pooling, startup, state_cache
from server.players import localtime, seats
from server.players.auth import current_player
from server.config import Settings, install, load_config
from server.store.db import database, open_database
from server.api.error_handlers import HeraldApi, register_error_handlers
from server.api.openapi_extras import IdempotencyKeys, SchemaExtras
from server.api.routes import BLUEPRINTS, is_public
from server.web.i18n import languages

MAX_BODY_BYTES = 64 * 1024


def create_app(config: dict | None = None) -> Flask:
    """A ready app for the configured database: a brand-new one is created; one whose schema
    needs migrating is refused (schema.PendingMigrations names `herald server migrate`).
    `config`: settings by their environment names (a dict of overrides, or Settings); without
    it, the environment's. Either way they are checked here, once (server/config.py)."""
    config = load_config() if config is None else config
    settings = Settings.from_mapping(config)
    seeds.check(config)
    app = HeraldFlask("herald")
    app.config.update(config)  # what else code put there (a test's seed source)
    install(app, settings)
    app.config.update(
        API_TITLE="Herald",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        JSON_SORT_KEYS=False,
    )
    app.json.sort_keys = False
    app.session_interface = NoSessions()
    apidocs.install(app)

    open_database(settings.database_url, settings.sqlite_synchronous, settings.pool_size,
                  settings.prepared_statements)
    movelog.MOVES.most = settings.group_commit
    state_cache.clear()
    health.reset()
    seats.clear()
    with database.connection_context():
        startup.prepare()

    api = HeraldApi(app, spec_kwargs={"extra_plugins": [SchemaExtras(), IdempotencyKeys()], "components": {"securitySchemes": {
        "bearer": {"type": "http", "scheme": "bearer"}}}, "security": [{"bearer": []}]})
    app.extensions["herald_api"] = api
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    register_error_handlers(app)
    headers.install(app)
    ratelimits.init_app(app)
    pooling.init_app(app)
    idempotency.install(app)  # (after pooling: its transaction ends before the connection goes back)

    @app.before_request
    def _ask_the_requests_language():
        # A player who chose no language reads an answer's dates in the one the request asks for.
        localtime.asked_language.set(languages.from_browser)

    @app.teardown_request
    def _forget_the_requests_language(error=None):
        localtime.asked_language.set(None)

    @app.before_request
    def _connect_and_authenticate():
        # A pooled connection for this request, given back when it ends (server/store/pooling.py).
        # (/health opens it itself, to report a database that cannot even be opened.)
        if request.endpoint != "meta.health":
            database.connect(reuse_if_open=True)
        # A request sent again under its Idempotency-Key is answered before authentication: a
        # token rotation's answer (the new token) to the old token.
        replayed = idempotency.begin()
        if replayed is not None:
            return replayed
        # Authentication before the body is even parsed: a stranger learns nothing from 422s.
        if request.endpoint is not None and not is_public(request.endpoint):
            current_player()
        _refuse_oversized_stream()
        return None

    return app


class HeraldFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function. Flask asks it again
    of every hook and view on every request (`ensure_sync`), and flask-smorest's wrappers of
    each of them: a dozen `inspect` checks per request, which answer the same every time."""

    json_provider_class = SpeakingJSONProvider  # a game's texts in the reader's language
    json: DefaultJSONProvider  # what Flask makes of its json_provider_class (create_app sets sort_keys)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._sync_versions: dict = {}

    REMEMBERED = 4096  # functions: the views, hooks and error handlers number a few hundred

    def ensure_sync(self, func):
        try:
            return self._sync_versions[func]
        except KeyError:
            sync = super().ensure_sync(func)
            if len(self._sync_versions) < self.REMEMBERED:  # never a leak, whatever is passed
                self._sync_versions[func] = sync
            return sync
        except TypeError:  # an unhashable callable: asked each time, as Flask does
            return super().ensure_sync(func)


class NoSessions(SessionInterface):
    """Herald has no cookie sessions (callers send tokens), yet Flask's default would build a
    signing serializer on every request to look for one: a null session instead."""

    def open_session(self, app, request):
        return self.make_null_session(app)

    def save_session(self, app, session, response) -> None:
        return None


def _refuse_oversized_stream() -> None:
    """A chunked body (no Content-Length) is cut off at MAX_CONTENT_LENGTH by the WSGI layer
    without an error, so a longer one would be read as its first 64 KB: refuse it instead."""
    if request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        if len(request.get_data(cache=True)) >= MAX_BODY_BYTES:
            raise RequestEntityTooLarge()
