"""`herald server run`: the API on Flask's built-in server (gunicorn serves it in production)."""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

import click
from flask import Flask
from werkzeug.serving import WSGIRequestHandler

from server.config import ConfigError, current_settings
from server.ops.command_base import displayed_url
from server.store.startup import PendingMigrations


class NoQueryRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler, whose log line names the path without its query string: a
    game page's link carries its seat's token as `?t=`, a credential that plays the seat and
    must stay out of log files (the shipped gunicorn access log leaves the query out too). The
    rest of the line (client, time, method, protocol, status, size) is werkzeug's own."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        path, line = getattr(self, "path", None), getattr(self, "requestline", "")  # (no path: a bad request line)
        try:
            if path is not None:
                self.path = path.split("?", 1)[0]
            self.requestline = re.sub(r"\?\S*", "", line)
            super().log_request(code, size)
        finally:
            if path is not None:
                self.path = path
            self.requestline = line


def run(make_app: Callable[[], Flask], host: str, port: int) -> None:
    """Make the app (`server.app.create_app`, passed in by the command's mount: the app stands
    a layer above the operator's commands) and serve it until interrupted."""
    from werkzeug import serving

    try:
        app = make_app()
    except (ConfigError, PendingMigrations) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"database: {displayed_url(current_settings(app).database_url)}", err=True)
    # werkzeug colours its request log unconditionally; NO_COLOR (no-color.org) and a log
    # file want plain lines. Its only switch is this module attribute.
    serving._log_add_style = not os.environ.get("NO_COLOR") and sys.stderr.isatty()
    app.run(host=host, port=port, threaded=True, use_reloader=False, request_handler=NoQueryRequestHandler)
