"""Rate limits (Flask-Limiter), per client address (and for mailed codes per mailbox too), on
what a stranger can repeat:

* registering (`POST /players`), and separately the `name-taken` answers it gives, so that
  asking which names exist is limited too;
* joining (`POST /games/join`);
* mailed codes (`POST /players/recover`, `POST /players/me/email`), per client address and
  also per address mailed, whoever asks, so that nobody can flood one mailbox from many
  addresses. The mailed address counts whether or not it is registered: the answer, 202 or
  429, tells nothing about accounts. Its key is the mailbox: lower case, ASCII domain, no
  `+tag`;
* token failures: every 401 counts against the address, and past the limit a wrong token
  gets 429 instead, on every endpoint. A right token still works from that address (a
  neighbour's broken script must not lock a player out), and requests that succeed pay
  nothing for it. Checking it on every request, as a Flask-Limiter application limit, cost
  ~0.13 ms a request; as it is, the other endpoints do not pass through Flask-Limiter at all
  (its check before every request is removed: Herald has no limit it would apply).

A refused request is 429 `rate-limited` with `Retry-After` (seconds) and a JSON body saying
when to try again. Counters live in each process's memory by default (so with N gunicorn
workers an address may get up to N times a limit); `RATELIMIT_STORAGE_URI` points all
processes at one store (`redis://...`, `memcached://...`, see the `limits` library), which
several servers on one database need (/health warns on PostgreSQL without one). Should that
store stop answering, requests are served unlimited (and logged) rather than refused or
failed, and /health says so, until it answers again.
Behind a reverse proxy set `PROXIES` to the number of proxies, so the client's address is
read from X-Forwarded-For instead of counting the proxy.
"""
from __future__ import annotations

import math
import time
from urllib.parse import urlsplit

from flask import request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.errors import ConfigurationError
from werkzeug.middleware.proxy_fix import ProxyFix

from server.config import RATE_LIMITS, Settings, current_settings
from server.errors import ApiError, msg, msg_n
from server.api.error_handlers import error_response
from server.players.addresses import mailbox

BY_SCOPE = {"register": "RATELIMIT_REGISTER", "name-taken": "RATELIMIT_NAME_TAKEN", "join": "RATELIMIT_JOIN",
            "mail-requests": "RATELIMIT_MAIL_REQUESTS", "mail-to": "RATELIMIT_MAIL_TO"}
MAILING = ("identity.recover", "identity.change_email")  # the endpoints that mail a code to a given address


def init_app(app) -> Limiter:
    """Attach the limits to an app whose blueprints are registered."""
    config = current_settings(app)
    proxies = config.proxies
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    try:
        limiter = Limiter(
            get_remote_address, app=app, enabled=config.ratelimit_enabled,
            storage_uri=config.ratelimit_storage_uri, storage_options=_store_options(config.ratelimit_storage_uri),
            strategy="moving-window", headers_enabled=False, key_prefix="herald", swallow_errors=True)
    except ConfigurationError as exc:  # an unknown scheme, or its driver not installed
        from server.config import ConfigError  # (server.config reads this module's defaults)

        raise ConfigError(f"HERALD_RATELIMIT_STORAGE_URI cannot be used: {exc} (a redis:// store needs the redis "
                          "library: pip install '.[server,redis]')") from None
    app.extensions["herald_limiter"] = limiter
    # Decorating the registered views (Flask-Limiter checks inside the wrapper it returns).
    views = app.view_functions
    views["players.register"] = limiter.limit(config.ratelimit_register, scope="register")(
        limiter.limit(config.ratelimit_name_taken, scope="name-taken",
                      deduct_when=lambda response: response.status_code == 409)(views["players.register"]))
    views["games.join"] = limiter.limit(config.ratelimit_join, scope="join")(
        views["games.join"])
    # Shared: recovery and address-change codes draw on one count per client and one per mailbox.
    per_client = limiter.shared_limit(config.ratelimit_mail_requests, scope="mail-requests")
    per_mailbox = limiter.shared_limit(config.ratelimit_mail_to, scope="mail-to", key_func=mailbox_asked)
    for endpoint in MAILING:
        views[endpoint] = per_client(per_mailbox(views[endpoint]))
    _no_check_on_every_request(app, limiter)
    _hooks_only_where_limited(app, limiter, ("players.register", "games.join", *MAILING))
    app.register_error_handler(RateLimitExceeded, lambda exc: _too_many(exc, limiter))
    token_failures = parse_many(config.ratelimit_auth_failures)
    if config.ratelimit_enabled:
        app.after_request(lambda response: _count_token_failure(response, limiter, token_failures))
    return limiter


def mailbox_asked() -> str:
    """The mailbox a code is asked for, one key however the address is spelt: lower case, the
    domain in ASCII, without a `+tag` (most providers deliver alice+x@ to alice@). Read from
    the body before the view parses it; a body without an address shares one key."""
    body = request.get_json(silent=True)
    email = body.get("email") if isinstance(body, dict) else None
    if not isinstance(email, str) or "@" not in email:
        return "no-address"
    return mailbox(email)


STORE_TIMEOUT = 2.0  # seconds a request waits for the shared store before it is served unlimited


def _store_options(uri: str) -> dict:
    """A Redis store gets timeouts: one that hangs must not hang every limited request."""
    if uri.split(":", 1)[0] in ("redis", "rediss", "redis+unix"):
        return {"socket_timeout": STORE_TIMEOUT, "socket_connect_timeout": STORE_TIMEOUT}
    return {}


def in_memory(config: Settings) -> bool:
    return config.ratelimit_storage_uri.startswith("memory://")


def store_unreachable(app) -> str | None:
    """Why the shared rate-limit store cannot be used now (for /health), or None."""
    limiter = app.extensions.get("herald_limiter")
    if limiter is None:
        return None
    try:
        answers = limiter.storage.check()
    except Exception:  # a driver may raise instead of answering False
        answers = False
    if answers:
        return None
    parts = urlsplit(current_settings(app).ratelimit_storage_uri)
    where = f"{parts.scheme}://{parts.hostname or ''}{f':{parts.port}' if parts.port else ''}{parts.path}"
    return f"the rate-limit store {where} does not answer: requests are served without rate limits until it does"


def _no_check_on_every_request(app, limiter: Limiter) -> None:
    """Flask-Limiter checks default and application-wide limits before every request; Herald
    has none (only the decorated views above, checked inside their own wrappers), so that hook
    only cost time: 3 % of a move PUT even with a request filter skipping it at once."""
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:  # (its after-request hook stays: deduct_when needs it)
        hooks.remove(limiter._check_request_limit)


def _hooks_only_where_limited(app, limiter: Limiter, endpoints: tuple[str, ...]) -> None:
    """Flask-Limiter's after-request hook (its `deduct_when` deductions) and its teardown (its
    per-request context) serve only the views it decorates; on every other request they built
    and dropped an empty context for nothing (about 2 % of a move PUT). They stay as they are,
    run only where a decorated view ran."""
    def only_there(hook):
        def hook_where_limited(*args):
            return hook(*args) if request.endpoint in endpoints else (args[0] if args else None)
        return hook_where_limited

    for hooks in (app.after_request_funcs.get(None, []), app.teardown_request_funcs.get(None, [])):
        for i, hook in enumerate(hooks):
            if getattr(hook, "__self__", None) is limiter or getattr(hook, "args", ()) == (limiter,):
                hooks[i] = only_there(hook)


def _count_token_failure(response, limiter: Limiter, items):
    """A 401 counts against the address (one counter for every endpoint); past the limit it
    becomes a 429 saying when wrong tokens are listened to again."""
    if response.status_code != 401:
        return response
    key = get_remote_address()
    try:
        allowed = [limiter.limiter.hit(item, "herald-token-failures", key) for item in items]
        if all(allowed):
            return response
        resets = [limiter.limiter.get_window_stats(item, "herald-token-failures", key).reset_time
                  for item, ok in zip(items, allowed) if not ok]
    except Exception:  # the shared store does not answer: the 401 as it is (see the module's docstring)
        limiter.logger.exception("rate-limit store unreachable: a token failure not counted")
        return response
    refused = [str(item) for item, ok in zip(items, allowed) if not ok]
    return _refusal("RATELIMIT_AUTH_FAILURES", _seconds_until(max(resets)), refused[0])


def _too_many(exc: RateLimitExceeded, limiter: Limiter):
    """429 for a Flask-Limiter limit, with Retry-After: when the oldest counted request
    leaves the window."""
    current = limiter.current_limit
    reset = current.reset_at if current is not None and current.breached else None
    wait = _seconds_until(reset) if reset else max(1, int(exc.limit.limit.get_expiry()))
    return _refusal(BY_SCOPE.get(getattr(exc.limit, "scope", None) or "", "RATELIMIT_REGISTER"), wait,
                    str(exc.limit.limit))


def _refusal(setting: str, wait: int, limit_text: str):
    """The 429 answer: our JSON error (a browser's game page: the refusal page, as error_response
    answers it), with Retry-After in seconds (error_response sets it from `retry_after`)."""
    error = ApiError(429, "rate-limited", msg("%(what)s; try again in %(when)s.", what=RATE_LIMITS[setting][1],
                                              when=_when(wait)),
                     details={"limit": limit_text, "retry_after": wait})
    return error_response(error, ask_database=False)


def _seconds_until(moment: float) -> int:
    return max(1, math.ceil(moment - time.time()))


def _when(seconds: int) -> str:
    if seconds < 120:
        return msg_n("%(num)d second", "%(num)d seconds", seconds)
    if seconds < 7200:
        return msg_n("%(num)d minute", "%(num)d minutes", round(seconds / 60))
    return msg_n("%(num)d hour", "%(num)d hours", round(seconds / 3600))
