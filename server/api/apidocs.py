"""Browsable API documentation at /docs, served by the server itself.

flask-smorest renders the Swagger UI page (from the OpenAPI document at /openapi.json);
the Swagger UI files come from the `swagger-ui-bundle` package and are served here under
/docs/assets/, so the page loads nothing from a CDN or any other outside address (an
offline server, or a browser that blocks third parties, still shows it). The online
spec validator badge is turned off for the same reason.
"""
from __future__ import annotations

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


def asset(filename: str):
    if filename not in ASSETS:
        abort(404)
    return send_from_directory(str(swagger_ui_path), filename, max_age=86400)


def install(app: Flask) -> None:
    """Configure the docs page; call before flask-smorest's Api is created from the app."""
    app.config.update(CONFIG)
    # In the "api-docs." namespace of flask-smorest's own docs endpoints: public, like them.
    app.add_url_rule("/docs/assets/<path:filename>", endpoint="api-docs.assets", view_func=asset)
