"""A real HTTP server on 127.0.0.1 that records what is POSTed to it, and can go down and
come back on the same port (to test a receiver outage); with an SSL context, HTTPS, noting
the name each client asked for (SNI)."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    def __init__(self, ssl_context=None):
        self.received: list[dict] = []
        self.server_names: list[str | None] = []
        self.ssl_context = ssl_context
        self.port = None
        self._server = None
        self._thread = None

    @property
    def url(self) -> str:
        return f"{'https' if self.ssl_context else 'http'}://127.0.0.1:{self.port}/hook"

    def start(self) -> "Receiver":
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                received.append({"headers": dict(self.headers), "raw": body, "body": json.loads(body),
                                 "path": self.path})
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port or 0), Handler)
        self.port = self._server.server_port
        if self.ssl_context is not None:
            self.ssl_context.sni_callback = lambda _socket, name, _context: self.server_names.append(name)
            self._server.socket = self.ssl_context.wrap_socket(self._server.socket, server_side=True)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = None
