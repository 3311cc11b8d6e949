"""Browsable API documentation at /docs, served by the server itself.

flask-smorest renders the Swagger UI page (from the OpenAPI document at /openapi.json);
the Swagger UI files come from the `swagger-ui-bundle` package and are served here under
/docs/assets/, so the page loads nothing from a CDN or any other outside address (an
offline server, or a browser that blocks third parties, still shows it). The online
spec validator badge is turned off for the same reason.

The page's Content-Security-Policy (`page_policy`, sent by server/api/headers.py) allows exactly
that: scripts and the style sheet from the server itself and the page's one inline script by
its hash (flask-smorest writes that script, so the hash is taken from the page as sent and
follows any change of the template), the OpenAPI document fetched from the server, Swagger
UI's inline styles and data: icons, and no frame around the page.
"""
from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, abort, send_from_directory
from swagger_ui_bundle import swagger_ui_path

# Only the files the page loads (the package also holds a demo page pointing at a public petstore).
ASSETS = frozenset({"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
                    "favicon-32x32.png", "favicon-16x16.png"})

CONFIG = {
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    # Relative to the page (/docs), so the page also works behind a proxy that adds a path prefix.
    "OPENAPI_SWAGGER_UI_URL": "docs/assets/",
    "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None, "deepLinking": True, "persistAuthorization": False},
}


PAGE_ENDPOINT = "api-docs.openapi_swagger_ui"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def page_policy(html: str) -> str:
    """The /docs page's policy: nothing from elsewhere, no inline script but the page's own."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"
                      for script in INLINE_SCRIPT.findall(html))
    return ("default-src 'none'; "
            f"script-src 'self' {hashes}; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def asset(filename: str):
    if filename not in ASSETS:
        abort(404)
    return send_from_directory(str(swagger_ui_path), filename, max_age=86400)


def install(app: Flask) -> None:
    """Configure the docs page; call before flask-smorest's Api is created from the app."""
    app.config.update(CONFIG)
    # In the "api-docs." namespace of flask-smorest's own docs endpoints: public, like them.
    app.add_url_rule("/docs/assets/<path:filename>", endpoint="api-docs.assets", view_func=asset)
