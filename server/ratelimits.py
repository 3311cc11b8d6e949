"""Rate limits (Flask-Limiter), per client address, on what a stranger can repeat:

* registering (`POST /players`), and separately the `name-taken` answers it gives, so that
  asking which names exist is limited too;
* joining (`POST /games/join`);
* token failures: every 401 counts against the address, and an address past its limit gets
  429 on every endpoint that needs a token, whatever token it sends.

A refused request is 429 `rate-limited` with `Retry-After` (seconds) and a JSON body saying
when to try again. Counters live in each process's memory by default (so with N gunicorn
workers an address may get up to N times a limit); `RATELIMIT_STORAGE_URI` points all
processes at one store (`redis://...`, `memcached://...`, see the `limits` library).
Behind a reverse proxy set `PROXIES` to the number of proxies, so the client's address is
read from X-Forwarded-For instead of counting the proxy.
"""
from __future__ import annotations

import math
import time

from flask import jsonify, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from server.errors import ApiError

# Setting name -> (default, what the limit counts, in a sentence's words)
LIMITS = {
    "RATELIMIT_REGISTER": ("10 per minute;100 per day", "registrations"),
    "RATELIMIT_NAME_TAKEN": ("5 per minute;30 per day", "tries of names already taken"),
    "RATELIMIT_JOIN": ("30 per minute;300 per day", "joins"),
    "RATELIMIT_AUTH_FAILURES": ("20 per minute;200 per day", "requests with a wrong token"),
}
DEFAULTS = {"RATELIMIT_ENABLED": "1", "RATELIMIT_STORAGE_URI": "memory://", "PROXIES": "0",
            **{key: default for key, (default, _) in LIMITS.items()}}


def init_app(app, public_endpoint) -> Limiter:
    """Attach the limits to an app whose blueprints are registered; `public_endpoint(name)`
    says which endpoints need no token (they never count token failures)."""
    config = app.config
    proxies = int(config.get("PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)
    limiter = Limiter(
        get_remote_address, app=app, enabled=config["RATELIMIT_ENABLED"],
        storage_uri=config["RATELIMIT_STORAGE_URI"], strategy="moving-window", headers_enabled=False,
        # One counter per address across every endpoint: token failures anywhere add up.
        application_limits=[config["RATELIMIT_AUTH_FAILURES"]],
        application_limits_deduct_when=lambda response: response.status_code == 401,
        application_limits_exempt_when=lambda: request.endpoint is None or public_endpoint(request.endpoint),
        key_prefix="herald")
    # Decorating the registered views (Flask-Limiter checks inside the wrapper it returns).
    views = app.view_functions
    views["players.register"] = limiter.limit(config["RATELIMIT_REGISTER"], scope="register")(
        limiter.limit(config["RATELIMIT_NAME_TAKEN"], scope="name-taken",
                      deduct_when=lambda response: response.status_code == 409)(views["players.register"]))
    views["games.join"] = limiter.limit(config["RATELIMIT_JOIN"], scope="join")(
        views["games.join"])
    app.register_error_handler(RateLimitExceeded, lambda exc: _too_many(exc, limiter))
    return limiter


def _too_many(exc: RateLimitExceeded, limiter: Limiter):
    """429 in our JSON, with Retry-After: when the oldest counted request leaves the window."""
    limit = exc.limit
    current = limiter.current_limit
    reset = current.reset_at if current is not None and current.breached else None
    wait = max(1, math.ceil(reset - time.time())) if reset else max(1, int(limit.limit.get_expiry()))
    what = _words(limit)
    error = ApiError(429, "rate-limited", f"Too many {what} from your address; try again in {_when(wait)}.",
                     details={"limit": str(limit.limit), "retry_after": wait})
    response = jsonify(error.body())
    response.status_code = 429
    response.headers["Retry-After"] = str(wait)
    return response


def _words(limit) -> str:
    scope = getattr(limit, "scope", None) or ""
    by_scope = {"register": "RATELIMIT_REGISTER", "name-taken": "RATELIMIT_NAME_TAKEN", "join": "RATELIMIT_JOIN"}
    return LIMITS[by_scope.get(scope, "RATELIMIT_AUTH_FAILURES")][1]


def _when(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} seconds"
    if seconds < 7200:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds / 3600)} hours"
